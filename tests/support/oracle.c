// SPDX-License-Identifier: MIT
// The naive rules oracle (see oracle.h), written from the rule texts of SPEC.md and
// enum/variants.def only (all sixteen variants of the table as of e884be2). Every move is
// tried literally on plain arrays: each live hand against each live hand of each other live
// player, each raw hand tuple as a split, each own hand pair for self-attack and the passes.
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	unsigned flag;
} flag_names[] = {
	{"cutoff", ORACLE_CUTOFF},
	{"suicide", ORACLE_SUICIDE},
	{"meta", ORACLE_META},
	{"suns", ORACLE_SUNS},
	{"misere", ORACLE_MISERE},
	{"transfers-only", ORACLE_TRANSFERS_ONLY},
	{"divisions-only", ORACLE_DIVISIONS_ONLY},
	{"attacks-only", ORACLE_ATTACKS_ONLY},
	{"halves", ORACLE_HALVES},
	{"halves-odd", ORACLE_HALVES_ODD},
	{"self-attack", ORACLE_SELF_ATTACK},
	{"swaps", ORACLE_SWAPS},
	{"logan", ORACLE_LOGAN},
	{"cherri", ORACLE_CHERRI},
	{"integers", ORACLE_INTEGERS},
	{"sudden-death", ORACLE_SUDDEN_DEATH},
};

bool oracle_flags_parse(const char *list, unsigned *flags)
{
	unsigned bits = 0;
	const char *p = list;
	while (*p) {
		size_t n = strcspn(p, ",");
		bool found = false;
		for (size_t i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++)
			if (n > 0 && strlen(flag_names[i].name) == n && !strncmp(p, flag_names[i].name, n)) {
				bits |= flag_names[i].flag;
				found = true;
			}
		if (!found)
			return false;
		p += n;
		if (*p == ',' && !*++p)
			return false; // trailing comma
	}
	*flags = bits;
	return true;
}

bool oracle_game_init(struct oracle_game *game, unsigned players, const unsigned *hands,
		      unsigned rollover, const char *variants)
{
	memset(game, 0, sizeof *game);
	if (players < 2 || players > ORACLE_MAX_PLAYERS || rollover < 2 ||
	    rollover > ORACLE_MAX_ROLLOVER)
		return false;
	for (unsigned s = 0; s < players; s++)
		if (hands[s] < 1 || hands[s] > ORACLE_MAX_HANDS)
			return false;
	game->players = players;
	game->rollover = rollover;
	memcpy(game->hands, hands, players * sizeof *hands);
	return oracle_flags_parse(variants ? variants : "", &game->flags);
}

static void sort_hands(uint8_t *v, unsigned n)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && v[j - 1] > v[j]; j--) {
			uint8_t t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

void oracle_canonicalise(struct oracle_pos *pos)
{
	for (unsigned k = 0; k < ORACLE_MAX_PLAYERS; k++) {
		if (k >= pos->players) {
			pos->count[k] = 0;
			memset(pos->v[k], 0, ORACLE_MAX_HANDS);
			continue;
		}
		memset(pos->v[k] + pos->count[k], 0, ORACLE_MAX_HANDS - pos->count[k]);
		sort_hands(pos->v[k], pos->count[k]);
	}
}

void oracle_start(const struct oracle_game *game, struct oracle_pos *out)
{
	memset(out, 0, sizeof *out);
	out->players = game->players;
	uint8_t value = (uint8_t)(game->flags & ORACLE_SUNS ? game->rollover - 1 : 1);
	for (unsigned k = 0; k < game->players; k++) {
		out->count[k] = game->hands[k];
		memset(out->v[k], value, game->hands[k]);
	}
}

static unsigned live_hands(const struct oracle_pos *pos, unsigned k)
{
	unsigned live = 0;
	for (unsigned i = 0; i < pos->count[k]; i++)
		live += pos->v[k][i] != 0;
	return live;
}

static unsigned dead_hands(const uint8_t *v, unsigned n)
{
	unsigned dead = 0;
	for (unsigned i = 0; i < n; i++)
		dead += v[i] == 0;
	return dead;
}

static unsigned alive_players(const struct oracle_game *game, const struct oracle_pos *pos)
{
	unsigned alive = 0;
	for (unsigned k = 0; k < game->players; k++)
		alive += live_hands(pos, k) > 0;
	return alive;
}

bool oracle_is_terminal(const struct oracle_game *game, const struct oracle_pos *pos)
{
	unsigned alive = alive_players(game, pos);
	return game->flags & ORACLE_MISERE ? alive < game->players : alive <= 1;
}

int oracle_winner(const struct oracle_game *game, const struct oracle_pos *pos)
{
	if (!oracle_is_terminal(game, pos))
		return -1;
	int found = -1, matches = 0;
	bool want_live = !(game->flags & ORACLE_MISERE);
	for (unsigned k = 0; k < game->players; k++)
		if ((live_hands(pos, k) > 0) == want_live) {
			found = (int)k;
			matches++;
		}
	return matches == 1 ? found : -1;
}

// A growing list of successors.
struct kids {
	struct oracle_pos *pos;
	size_t count, cap;
	bool failed;
};

// sudden-death: hands a move acted on that hold exactly one finger in total all die.
static void settle(const struct oracle_game *game, uint8_t *v, unsigned n)
{
	unsigned total = 0;
	for (unsigned i = 0; i < n; i++)
		total += v[i];
	if ((game->flags & ORACLE_SUDDEN_DEATH) && total == 1)
		memset(v, 0, n);
}

// The turn passes: slot k moves to slot k - 1, the mover (with hands mover[]) to the end.
static void push_rotated(struct kids *kids, const struct oracle_pos *pos, const uint8_t *mover)
{
	if (kids->failed)
		return;
	if (kids->count == kids->cap) {
		size_t cap = kids->cap ? 2 * kids->cap : 64;
		struct oracle_pos *grown = realloc(kids->pos, cap * sizeof *grown);
		if (!grown) {
			kids->failed = true;
			return;
		}
		kids->pos = grown;
		kids->cap = cap;
	}
	struct oracle_pos *next = &kids->pos[kids->count++];
	memset(next, 0, sizeof *next);
	unsigned p = pos->players;
	next->players = p;
	for (unsigned k = 1; k < p; k++) {
		next->count[k - 1] = pos->count[k];
		memcpy(next->v[k - 1], pos->v[k], pos->count[k]);
	}
	next->count[p - 1] = pos->count[0];
	memcpy(next->v[p - 1], mover, pos->count[0]);
	oracle_canonicalise(next);
}

// The mover's own hands become v (a move of their own hands: settled, then pushed).
static void push_own(const struct oracle_game *game, struct kids *kids,
		     const struct oracle_pos *pos, const uint8_t *v)
{
	uint8_t mover[ORACLE_MAX_HANDS];
	memcpy(mover, v, pos->count[0]);
	settle(game, mover, pos->count[0]);
	push_rotated(kids, pos, mover);
}

static unsigned tap(const struct oracle_game *game, unsigned a, unsigned b)
{
	unsigned sum = a + b;
	if (sum >= game->rollover)
		sum = game->flags & ORACLE_CUTOFF ? 0 : sum - game->rollover;
	return sum;
}

static void attacks(const struct oracle_game *game, const struct oracle_pos *pos, struct kids *kids)
{
	for (unsigned i = 0; i < pos->count[0]; i++) {
		unsigned a = pos->v[0][i];
		if (a == 0)
			continue;
		for (unsigned k = 1; k < game->players; k++) {
			if (live_hands(pos, k) == 0)
				continue; // out of the game: cannot be tapped
			for (unsigned j = 0; j < pos->count[k]; j++) {
				if (pos->v[k][j] == 0)
					continue;
				struct oracle_pos tapped = *pos;
				tapped.v[k][j] = (uint8_t)tap(game, a, pos->v[k][j]);
				settle(game, tapped.v[k], pos->count[k]);
				push_rotated(kids, &tapped, pos->v[0]);
			}
		}
	}
}

// Own-hands moves that are not splits: self-attacks, flips and the passes.
static void own_moves(const struct oracle_game *game, const struct oracle_pos *pos,
		      struct kids *kids)
{
	unsigned n = pos->count[0], r = game->rollover;
	const uint8_t *v = pos->v[0];
	bool unequal_live = false, unequal = false, dead_and_live = false;
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j < n; j++) {
			unequal = unequal || v[i] != v[j];
			unequal_live = unequal_live || (v[i] && v[j] && v[i] != v[j]);
			dead_and_live = dead_and_live || (v[i] == 0 && v[j] != 0);
			if (i == j || !v[i] || !v[j] || !(game->flags & ORACLE_SELF_ATTACK))
				continue;
			uint8_t t[ORACLE_MAX_HANDS];
			memcpy(t, v, n);
			t[j] = (uint8_t)tap(game, v[i], v[j]);
			push_own(game, kids, pos, t);
		}
	for (unsigned i = 0; i < n && (game->flags & ORACLE_INTEGERS); i++)
		if (v[i] && r - v[i] != v[i]) {
			uint8_t t[ORACLE_MAX_HANDS];
			memcpy(t, v, n);
			t[i] = (uint8_t)(r - v[i]);
			push_own(game, kids, pos, t);
		}
	if (((game->flags & ORACLE_SWAPS) && unequal_live) ||
	    ((game->flags & ORACLE_LOGAN) && dead_and_live) ||
	    ((game->flags & ORACLE_CHERRI) && unequal))
		push_own(game, kids, pos, v); // the hands swap places: the same multiset
}

static bool split_allowed(const struct oracle_game *game, unsigned before, unsigned after,
			  unsigned n)
{
	if (after == n)
		return false; // never all hands dead
	if (after > before && !(game->flags & ORACLE_SUICIDE))
		return false;
	if ((game->flags & ORACLE_TRANSFERS_ONLY) && after < before)
		return false;
	if ((game->flags & ORACLE_DIVISIONS_ONLY) && !(after < before))
		return false;
	return true;
}

// Keeps the split of the mover's hands into t[0..n) if it is legal.
static void try_split(const struct oracle_game *game, const struct oracle_pos *pos,
		      const uint8_t *t, struct kids *kids)
{
	unsigned n = pos->count[0];
	uint8_t now[ORACLE_MAX_HANDS], sorted[ORACLE_MAX_HANDS];
	memcpy(now, pos->v[0], n);
	sort_hands(now, n);
	memcpy(sorted, t, n);
	sort_hands(sorted, n);
	if (memcmp(sorted, now, n) != 0 &&
	    split_allowed(game, dead_hands(now, n), dead_hands(sorted, n), n))
		push_own(game, kids, pos, sorted);
}

// Every split of the mover's hands to total `total`: under halves(-odd) only the most even
// distribution, otherwise every raw tuple of n values in 0..r-1.
static void splits_to(const struct oracle_game *game, const struct oracle_pos *pos,
		      unsigned total, struct kids *kids)
{
	unsigned n = pos->count[0], r = game->rollover;
	uint8_t t[ORACLE_MAX_HANDS] = {0};
	if (game->flags & (ORACLE_HALVES | ORACLE_HALVES_ODD)) {
		if ((game->flags & ORACLE_HALVES) && total % n)
			return;
		for (unsigned i = 0; i < n; i++)
			t[i] = (uint8_t)(total / n + (i < total % n));
		if (t[0] < r)
			try_split(game, pos, t, kids);
		return;
	}
	for (;;) {
		unsigned sum = 0;
		for (unsigned i = 0; i < n; i++)
			sum += t[i];
		if (sum == total)
			try_split(game, pos, t, kids);
		unsigned i = 0;
		while (i < n && t[i] == r - 1)
			t[i++] = 0;
		if (i == n)
			break;
		t[i]++;
	}
}

static int cmp_pos(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct oracle_pos));
}

size_t oracle_children(const struct oracle_game *game, const struct oracle_pos *pos,
		       struct oracle_pos *out, size_t cap)
{
	if (oracle_is_terminal(game, pos))
		return 0;
	struct kids kids = {0};
	if (live_hands(pos, 0) == 0) {
		push_rotated(&kids, pos, pos->v[0]); // eliminated: pass
	} else {
		attacks(game, pos, &kids);
		own_moves(game, pos, &kids);
		if (!(game->flags & ORACLE_ATTACKS_ONLY)) {
			unsigned s = 0;
			for (unsigned i = 0; i < pos->count[0]; i++)
				s += pos->v[0][i];
			splits_to(game, pos, s, &kids);
			if ((game->flags & ORACLE_META) && s > game->rollover)
				splits_to(game, pos, s - game->rollover, &kids);
		}
	}
	if (kids.failed)
		abort(); // tests only: out of memory on a small instance is a broken machine
	size_t kept = 0;
	if (kids.count) {
		qsort(kids.pos, kids.count, sizeof *kids.pos, cmp_pos);
		for (size_t i = 0; i < kids.count; i++)
			if (kept == 0 || cmp_pos(&kids.pos[kept - 1], &kids.pos[i]) != 0)
				kids.pos[kept++] = kids.pos[i];
	}
	for (size_t i = 0; i < kept && i < cap; i++)
		out[i] = kids.pos[i];
	free(kids.pos);
	return kept;
}

static bool hands_all_equal(const struct oracle_game *game)
{
	for (unsigned s = 1; s < game->players; s++)
		if (game->hands[s] != game->hands[0])
			return false;
	return true;
}

void oracle_format(const struct oracle_game *game, const struct oracle_pos *pos, char *buf)
{
	bool digits = game->rollover <= 10 && hands_all_equal(game);
	char *p = buf;
	for (unsigned k = 0; k < game->players; k++) {
		if (k > 0 && !digits)
			*p++ = '/';
		for (unsigned i = 0; i < pos->count[k]; i++) {
			unsigned value = pos->v[k][i];
			if (game->rollover > 10 && i > 0)
				*p++ = '.';
			if (value >= 10)
				*p++ = (char)('0' + value / 10);
			*p++ = (char)('0' + value % 10);
		}
	}
	*p = '\0';
}

// Reads the hands of one player from text[0..len) into pos slot k.
static bool parse_player(const struct oracle_game *game, const char *text, size_t len,
			 struct oracle_pos *pos, unsigned k)
{
	unsigned n = 0;
	size_t i = 0;
	while (i < len) {
		unsigned value = 0;
		size_t digits = 0;
		size_t width = game->rollover > 10 ? len - i : 1;
		while (digits < width && text[i] >= '0' && text[i] <= '9') {
			value = value * 10 + (unsigned)(text[i++] - '0');
			if (++digits > 3)
				return false;
		}
		if (digits == 0 || value >= game->rollover || n == ORACLE_MAX_HANDS)
			return false;
		pos->v[k][n++] = (uint8_t)value;
		if (i < len) {
			if (game->rollover <= 10)
				continue;
			if (text[i] != '.' || i + 1 == len)
				return false;
			i++;
		}
	}
	pos->count[k] = n;
	return n > 0;
}

bool oracle_parse(const struct oracle_game *game, const char *code, struct oracle_pos *out)
{
	memset(out, 0, sizeof *out);
	out->players = game->players;
	unsigned p = game->players;
	if (!strchr(code, '/')) {
		unsigned total = 0;
		for (unsigned s = 0; s < p; s++)
			total += game->hands[s];
		if (game->rollover > 10 || !hands_all_equal(game) || strlen(code) != total)
			return false;
		for (unsigned k = 0; k < p; k++)
			if (!parse_player(game, code + k * game->hands[0], game->hands[0], out, k) ||
			    out->count[k] != game->hands[0])
				return false;
		oracle_canonicalise(out);
		return true;
	}
	const char *part = code;
	for (unsigned k = 0; k < p; k++) {
		size_t len = strcspn(part, "/");
		if (!parse_player(game, part, len, out, k))
			return false;
		if (k + 1 < p && part[len] != '/')
			return false;
		if (k + 1 == p && part[len] != '\0')
			return false;
		part += len + 1;
	}
	bool matched = false;
	for (unsigned seat = 0; seat < p && !matched; seat++) {
		matched = true;
		for (unsigned k = 0; k < p; k++)
			matched = matched && out->count[k] == game->hands[(seat + k) % p];
	}
	if (!matched)
		return false;
	oracle_canonicalise(out);
	return true;
}

// ---- a hash set of positions (the walk's pos[] plus an open-addressing table) ----

static uint64_t hash_pos(const struct oracle_pos *pos)
{
	const unsigned char *b = (const unsigned char *)pos;
	uint64_t h = 1469598103934665603u;
	for (size_t i = 0; i < sizeof *pos; i++)
		h = (h ^ b[i]) * 1099511628211u;
	return h;
}

int64_t oracle_walk_find(const struct oracle_walk *walk, const struct oracle_pos *pos)
{
	if (!walk->slot_count)
		return -1;
	for (uint64_t s = hash_pos(pos) & (walk->slot_count - 1);; s = (s + 1) & (walk->slot_count - 1)) {
		if (walk->slot[s] == 0)
			return -1;
		if (!cmp_pos(&walk->pos[walk->slot[s] - 1], pos))
			return walk->slot[s] - 1;
	}
}

// Adds pos (canonical) unless present; *added tells which. False on allocation failure.
static bool set_add(struct oracle_walk *w, uint64_t *cap, const struct oracle_pos *pos,
		    uint8_t depth, bool *added)
{
	*added = false;
	if (oracle_walk_find(w, pos) >= 0)
		return true;
	if (w->reachable_count == *cap) {
		uint64_t grown_cap = *cap ? 2 * *cap : 1024;
		struct oracle_pos *p = realloc(w->pos, grown_cap * sizeof *p);
		uint8_t *d = p ? realloc(w->depth, grown_cap) : NULL;
		if (p)
			w->pos = p;
		if (!p || !d)
			return false;
		w->depth = d;
		*cap = grown_cap;
	}
	if (2 * (w->reachable_count + 1) > w->slot_count) { // keep the load under 1/2
		uint64_t n = w->slot_count ? 2 * w->slot_count : 4096;
		uint32_t *slot = calloc(n, sizeof *slot);
		if (!slot || n > UINT32_MAX)
			return free(slot), false;
		free(w->slot);
		w->slot = slot;
		w->slot_count = n;
		for (uint64_t i = 0; i < w->reachable_count; i++) {
			uint64_t s = hash_pos(&w->pos[i]) & (n - 1);
			while (slot[s])
				s = (s + 1) & (n - 1);
			slot[s] = (uint32_t)(i + 1);
		}
	}
	uint64_t s = hash_pos(pos) & (w->slot_count - 1);
	while (w->slot[s])
		s = (s + 1) & (w->slot_count - 1);
	w->pos[w->reachable_count] = *pos;
	w->depth[w->reachable_count] = depth;
	w->slot[s] = (uint32_t)++w->reachable_count;
	*added = true;
	return true;
}

bool oracle_walk(const struct oracle_game *game, const struct oracle_pos *start,
		 struct oracle_walk *out)
{
	memset(out, 0, sizeof *out);
	uint64_t cap = 0;
	bool added;
	struct oracle_pos first = *start;
	oracle_canonicalise(&first);
	if (!set_add(out, &cap, &first, 0, &added))
		return false;
	size_t kid_cap = 256;
	struct oracle_pos *kids = malloc(kid_cap * sizeof *kids);
	if (!kids)
		return false;
	bool ok = true;
	uint64_t begin = 0, end = 1;
	for (unsigned d = 0; ok && begin < end; d++) {
		out->layer_count[d] = end - begin;
		out->max_depth = d;
		for (uint64_t i = begin; ok && i < end; i++) {
			struct oracle_pos here = out->pos[i];
			if (oracle_is_terminal(game, &here)) {
				out->layer_terminal[d]++;
				out->terminal_count++;
				continue;
			}
			size_t n = oracle_children(game, &here, kids, kid_cap);
			if (n > kid_cap) {
				free(kids);
				kid_cap = n;
				if (!(kids = malloc(kid_cap * sizeof *kids)))
					return false;
				oracle_children(game, &here, kids, kid_cap);
			}
			for (size_t c = 0; ok && c < n; c++) {
				if (d + 1 >= ORACLE_MAX_LAYERS)
					ok = oracle_walk_find(out, &kids[c]) >= 0;
				else
					ok = set_add(out, &cap, &kids[c], (uint8_t)(d + 1), &added);
			}
		}
		begin = end;
		end = out->reachable_count;
	}
	free(kids);
	return ok;
}

void oracle_walk_free(struct oracle_walk *walk)
{
	free(walk->pos);
	free(walk->depth);
	free(walk->slot);
	memset(walk, 0, sizeof *walk);
}

bool oracle_count_raw(const struct oracle_game *game, uint64_t *raw, uint64_t *distinct)
{
	struct oracle_walk set = {0};
	uint64_t cap = 0, raw_count = 0;
	unsigned p = game->players, seen_rot[ORACLE_MAX_PLAYERS][ORACLE_MAX_PLAYERS], rot_count = 0;
	bool ok = true;
	for (unsigned seat = 0; ok && seat < p; seat++) {
		unsigned counts[ORACLE_MAX_PLAYERS], total = 0;
		for (unsigned k = 0; k < p; k++)
			total += counts[k] = game->hands[(seat + k) % p];
		bool repeat = false; // the same hand counts seen from an earlier seat
		for (unsigned j = 0; j < rot_count; j++)
			repeat = repeat || !memcmp(seen_rot[j], counts, p * sizeof *counts);
		if (repeat)
			continue;
		memcpy(seen_rot[rot_count++], counts, p * sizeof *counts);
		uint8_t t[ORACLE_MAX_PLAYERS * ORACLE_MAX_HANDS] = {0};
		for (;;) {
			struct oracle_pos pos;
			memset(&pos, 0, sizeof pos);
			pos.players = p;
			unsigned used = 0;
			for (unsigned k = 0; k < p; k++) {
				pos.count[k] = counts[k];
				memcpy(pos.v[k], t + used, counts[k]);
				used += counts[k];
			}
			oracle_canonicalise(&pos);
			bool added;
			raw_count++;
			if (!(ok = set_add(&set, &cap, &pos, 0, &added)))
				break;
			unsigned i = 0;
			while (i < total && t[i] == game->rollover - 1)
				t[i++] = 0;
			if (i == total)
				break;
			t[i]++;
		}
	}
	*raw = raw_count;
	*distinct = set.reachable_count;
	oracle_walk_free(&set);
	return ok;
}

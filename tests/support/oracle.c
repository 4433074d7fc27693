// SPDX-License-Identifier: MIT
// The naive rules oracle (see oracle.h), written from the rule texts of SPEC.md and
// enum/variants.def only (the sixteen variants of e884be2, plus zombies and --lives as the
// texts of 9f96a64 state them, and stumps as the text of 51a9a8a states it). Every move is
// tried literally on plain arrays: each live hand against each live hand of each other
// player in the game, each raw hand tuple as a split, each own hand pair for self-attack,
// the stump and the passes; then the out rules apply to the player acted on (out, a life
// lost, a zombie). Hand values are in units (oracle_unit: half fingers under stumps).
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
	{"zombies", ORACLE_ZOMBIES},
	{"stumps", ORACLE_STUMPS},
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
	game->lives = 1;
	memcpy(game->hands, hands, players * sizeof *hands);
	if (!oracle_flags_parse(variants ? variants : "", &game->flags))
		return false;
	bool ok = !(game->flags & ORACLE_ZOMBIES) || players >= 3;
	if (game->flags & ORACLE_MISERE) // the first player out has won: nobody comes back
		game->flags &= ~(unsigned)ORACLE_ZOMBIES;
	return ok;
}

bool oracle_game_set_lives(struct oracle_game *game, unsigned lives)
{
	if (lives > ORACLE_MAX_LIVES)
		return false;
	if (lives == 0)
		return true;
	game->lives = lives;
	game->flags |= ORACLE_SUDDEN_DEATH; // any lives: one finger costs one
	return true;
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
		if (k >= pos->players || pos->zombie[k]) {
			pos->count[k] = 0;
			pos->lives[k] = 0;
			memset(pos->v[k], 0, ORACLE_MAX_HANDS);
			continue;
		}
		memset(pos->v[k] + pos->count[k], 0, ORACLE_MAX_HANDS - pos->count[k]);
		sort_hands(pos->v[k], pos->count[k]);
	}
}

// What every hand shows at the start (and after a lost life), in units: one finger, or r-1.
static uint8_t start_value(const struct oracle_game *game)
{
	return (uint8_t)((game->flags & ORACLE_SUNS ? game->rollover - 1 : 1) * oracle_unit(game));
}

// The value (in units) at which a hand dies: r fingers.
static unsigned dies_at(const struct oracle_game *game)
{
	return game->rollover * oracle_unit(game);
}

void oracle_start(const struct oracle_game *game, struct oracle_pos *out)
{
	memset(out, 0, sizeof *out);
	out->players = game->players;
	for (unsigned k = 0; k < game->players; k++) {
		out->count[k] = game->hands[k];
		out->lives[k] = (uint8_t)game->lives;
		memset(out->v[k], start_value(game), game->hands[k]);
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

// Whether the player in slot k is still in the game: not a zombie, some live hand.
static bool in_game(const struct oracle_pos *pos, unsigned k)
{
	return !pos->zombie[k] && live_hands(pos, k) > 0;
}

static unsigned alive_players(const struct oracle_game *game, const struct oracle_pos *pos)
{
	unsigned alive = 0;
	for (unsigned k = 0; k < game->players; k++)
		alive += in_game(pos, k);
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
		if (in_game(pos, k) == want_live) {
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

static bool same_multiset(const uint8_t *a, const uint8_t *b, unsigned n)
{
	uint8_t x[ORACLE_MAX_HANDS], y[ORACLE_MAX_HANDS];
	memcpy(x, a, n);
	memcpy(y, b, n);
	sort_hands(x, n);
	sort_hands(y, n);
	return !memcmp(x, y, n);
}

// The player in slot k of pos had hands before[] and a move acted on them: out when no hand
// is live, or (sudden-death or lives) when the move changed the hands and left exactly one
// finger (two halves or one whole under stumps). Out with lives to spare: the start hands
// again and one life fewer; otherwise out for good, as a zombie under zombies.
static void apply_out_rules(const struct oracle_game *game, struct oracle_pos *pos, unsigned k,
			    const uint8_t *before)
{
	unsigned n = pos->count[k], total = 0;
	for (unsigned i = 0; i < n; i++)
		total += pos->v[k][i];
	bool one_finger_out = game->flags & ORACLE_SUDDEN_DEATH;
	bool changed = !same_multiset(before, pos->v[k], n);
	if (total != 0 && !(one_finger_out && changed && total == oracle_unit(game)))
		return;
	if (pos->lives[k] > 1) {
		pos->lives[k]--;
		memset(pos->v[k], start_value(game), n);
	} else if (game->flags & ORACLE_ZOMBIES) {
		pos->zombie[k] = 1; // canonicalise clears the rest
	} else {
		memset(pos->v[k], 0, n);
	}
}

// The turn passes: slot k of after (the position once the move is made) moves to slot
// k - 1, the mover (slot 0) to the end.
static void push_rotated(struct kids *kids, const struct oracle_pos *after)
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
	unsigned p = after->players;
	next->players = p;
	for (unsigned k = 0; k < p; k++) {
		unsigned to = (k + p - 1) % p;
		next->count[to] = after->count[k];
		next->lives[to] = after->lives[k];
		next->zombie[to] = after->zombie[k];
		memcpy(next->v[to], after->v[k], after->count[k]);
	}
	oracle_canonicalise(next);
}

// The mover's own hands become v (a move of their own hands: the out rules, then pushed).
static void push_own(const struct oracle_game *game, struct kids *kids,
		     const struct oracle_pos *pos, const uint8_t *v)
{
	struct oracle_pos after = *pos;
	memcpy(after.v[0], v, pos->count[0]);
	apply_out_rules(game, &after, 0, pos->v[0]);
	push_rotated(kids, &after);
}

// A hand b tapped by a (in units): r fingers or more rolls over (exactly r kills), keeping
// any half; under cutoff it dies instead.
static unsigned tap(const struct oracle_game *game, unsigned a, unsigned b)
{
	unsigned sum = a + b, r = dies_at(game);
	if (sum >= r)
		sum = game->flags & ORACLE_CUTOFF ? 0 : sum - r;
	return sum;
}

// Every tap of a live hand a of the mover on a live hand of a player still in the game.
static void attacks_with(const struct oracle_game *game, const struct oracle_pos *pos,
			 unsigned a, struct kids *kids)
{
	for (unsigned k = 1; k < game->players; k++) {
		if (!in_game(pos, k))
			continue; // out of the game or a zombie: cannot be tapped
		for (unsigned j = 0; j < pos->count[k]; j++) {
			if (pos->v[k][j] == 0)
				continue;
			struct oracle_pos tapped = *pos;
			tapped.v[k][j] = (uint8_t)tap(game, a, pos->v[k][j]);
			apply_out_rules(game, &tapped, k, pos->v[k]);
			push_rotated(kids, &tapped);
		}
	}
}

static void attacks(const struct oracle_game *game, const struct oracle_pos *pos, struct kids *kids)
{
	for (unsigned i = 0; i < pos->count[0]; i++)
		if (pos->v[0][i] != 0)
			attacks_with(game, pos, pos->v[0][i], kids);
}

// Stumps: the only live hand shows one finger and some hand is dead: that finger becomes
// two halves, on itself and on one dead hand.
static void stump_move(const struct oracle_game *game, const struct oracle_pos *pos,
		       struct kids *kids)
{
	unsigned n = pos->count[0], live = 0, at = 0;
	for (unsigned i = 0; i < n; i++)
		if (pos->v[0][i]) {
			live++;
			at = i;
		}
	if (!(game->flags & ORACLE_STUMPS) || live != 1 || n < 2 || pos->v[0][at] != 2) // 2 halves
		return;
	uint8_t t[ORACLE_MAX_HANDS];
	memcpy(t, pos->v[0], n);
	t[at] = 1;
	t[at == 0 ? 1 : 0] = 1; // any dead hand: the result is the same multiset
	push_own(game, kids, pos, t);
}

// Own-hands moves that are not splits: self-attacks, flips, the stump and the passes.
static void own_moves(const struct oracle_game *game, const struct oracle_pos *pos,
		      struct kids *kids)
{
	unsigned n = pos->count[0], r = dies_at(game);
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
	stump_move(game, pos, kids);
	if (((game->flags & ORACLE_SWAPS) && unequal_live) ||
	    ((game->flags & ORACLE_LOGAN) && dead_and_live) ||
	    ((game->flags & ORACLE_CHERRI) && unequal))
		push_own(game, kids, pos, v); // the hands swap places: the same multiset
}

// The hands of v[0..n) that show a half (stumps; none otherwise).
static unsigned half_hands(const struct oracle_game *game, const uint8_t *v, unsigned n)
{
	unsigned halves = 0;
	for (unsigned i = 0; i < n && (game->flags & ORACLE_STUMPS); i++)
		halves += v[i] % 2;
	return halves;
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

// The tuple after t[0..n) of values 0..r-1 (t[0] counting fastest); with sorted, only those
// with t[0] >= t[1] >= ... (try_split sorts each tuple, so the others add nothing). False
// after the last.
static bool next_tuple(uint8_t *t, unsigned n, unsigned r, bool sorted)
{
	unsigned i = 0;
	while (i < n && t[i] == r - 1)
		i++;
	if (i == n)
		return false;
	t[i]++;
	for (unsigned j = 0; j < i; j++)
		t[j] = sorted ? t[i] : 0;
	return true;
}

// Every split of the mover's hands to total `total` (units): under halves(-odd) only the
// most even distribution, otherwise every raw tuple of n values in 0..r-1 (only the sorted
// ones without stumps). Under stumps
// whole fingers move: hand i keeps whether it shows a half (halves(-odd): as many hands
// show one as before).
static void splits_to(const struct oracle_game *game, const struct oracle_pos *pos,
		      unsigned total, struct kids *kids)
{
	unsigned n = pos->count[0], r = dies_at(game);
	const uint8_t *v = pos->v[0];
	bool stumps = game->flags & ORACLE_STUMPS;
	uint8_t t[ORACLE_MAX_HANDS] = {0};
	if (game->flags & (ORACLE_HALVES | ORACLE_HALVES_ODD)) {
		if ((game->flags & ORACLE_HALVES) && total % n)
			return;
		for (unsigned i = 0; i < n; i++)
			t[i] = (uint8_t)(total / n + (i < total % n));
		if (t[0] < r && half_hands(game, t, n) == half_hands(game, v, n))
			try_split(game, pos, t, kids);
		return;
	}
	for (;;) {
		unsigned sum = 0;
		bool whole = true;
		for (unsigned i = 0; i < n; i++) {
			sum += t[i];
			whole = whole && (!stumps || t[i] % 2 == v[i] % 2);
		}
		if (sum == total && whole)
			try_split(game, pos, t, kids);
		if (!next_tuple(t, n, r, !stumps))
			break;
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
	if (pos->zombie[0]) {
		attacks_with(game, pos, oracle_unit(game), &kids); // one finger; it never passes
	} else if (live_hands(pos, 0) == 0) {
		push_rotated(&kids, pos); // out of the game: pass
	} else {
		attacks(game, pos, &kids);
		own_moves(game, pos, &kids);
		if (!(game->flags & ORACLE_ATTACKS_ONLY)) {
			unsigned s = 0;
			for (unsigned i = 0; i < pos->count[0]; i++)
				s += pos->v[0][i];
			splits_to(game, pos, s, &kids);
			if ((game->flags & ORACLE_META) && s > dies_at(game))
				splits_to(game, pos, s - dies_at(game), &kids);
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


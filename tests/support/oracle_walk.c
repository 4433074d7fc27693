// SPDX-License-Identifier: MIT
// The oracle's brute-force breadth-first walk and raw counts (see oracle.h): a hash set of
// canonical positions (open addressing over the walk's pos[]) filled layer by layer from
// oracle_children, and every raw tuple of a small instance canonicalised.
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

static int cmp_pos(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct oracle_pos));
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
			out->move_count += n;
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

// The values a hand can show: 0 .. r-1 fingers, in units (2r half fingers under stumps).
static unsigned hand_values(const struct oracle_game *game)
{
	return game->rollover * oracle_unit(game);
}

// One seat's raw states: hand_values^h hand tuples times lives, then the zombie (if any).
static uint64_t seat_states(const struct oracle_game *game, unsigned h, uint64_t *tuples)
{
	*tuples = 1;
	for (unsigned i = 0; i < h; i++)
		*tuples *= hand_values(game);
	return *tuples * game->lives + ((game->flags & ORACLE_ZOMBIES) ? 1 : 0);
}

// Slot k of pos from raw state d of a seat with h hands.
static void raw_slot(const struct oracle_game *game, struct oracle_pos *pos, unsigned k,
		     unsigned h, uint64_t d)
{
	uint64_t tuples;
	seat_states(game, h, &tuples);
	pos->count[k] = h;
	if (d == tuples * game->lives) {
		pos->zombie[k] = 1;
		return;
	}
	pos->lives[k] = (uint8_t)(d / tuples + 1);
	d %= tuples;
	for (unsigned i = 0; i < h; i++, d /= hand_values(game))
		pos->v[k][i] = (uint8_t)(d % hand_values(game));
}

bool oracle_count_raw(const struct oracle_game *game, uint64_t *raw, uint64_t *distinct)
{
	struct oracle_walk set = {0};
	uint64_t cap = 0, raw_count = 0;
	unsigned p = game->players, seen_rot[ORACLE_MAX_PLAYERS][ORACLE_MAX_PLAYERS], rot_count = 0;
	bool ok = true;
	for (unsigned seat = 0; ok && seat < p; seat++) {
		unsigned counts[ORACLE_MAX_PLAYERS];
		uint64_t limit[ORACLE_MAX_PLAYERS], tuples;
		for (unsigned k = 0; k < p; k++) {
			counts[k] = game->hands[(seat + k) % p];
			limit[k] = seat_states(game, counts[k], &tuples);
		}
		bool repeat = false; // the same hand counts seen from an earlier seat
		for (unsigned j = 0; j < rot_count; j++)
			repeat = repeat || !memcmp(seen_rot[j], counts, p * sizeof *counts);
		if (repeat)
			continue;
		memcpy(seen_rot[rot_count++], counts, p * sizeof *counts);
		uint64_t d[ORACLE_MAX_PLAYERS] = {0}; // one raw state per slot, mixed radix
		for (;;) {
			struct oracle_pos pos;
			memset(&pos, 0, sizeof pos);
			pos.players = p;
			for (unsigned k = 0; k < p; k++)
				raw_slot(game, &pos, k, counts[k], d[k]);
			oracle_canonicalise(&pos);
			bool added;
			raw_count++;
			if (!(ok = set_add(&set, &cap, &pos, 0, &added)))
				break;
			unsigned k = 0;
			while (k < p && d[k] == limit[k] - 1)
				d[k++] = 0;
			if (k == p)
				break;
			d[k]++;
		}
	}
	*raw = raw_count;
	*distinct = set.reachable_count;
	oracle_walk_free(&set);
	return ok;
}

// SPDX-License-Identifier: MIT
// The coalition solver (see coalition.h): states (position, target slot), solved by
// backward.c with the target as one side and everyone else as the other. A cell holds the
// value for the side to move; coalition_value turns it into the target's view.
#include "coalition.h"

#include <stdlib.h>
#include <string.h>

#include "backward.h"

uint64_t coalition_bytes(const struct rules *rules)
{
	uint64_t half = backward_bytes(rules, rules->players); // cells take as much as counters
	return half > UINT64_MAX / 2 ? UINT64_MAX : 2 * half;
}

enum value coalition_value(const struct coalition *c, uint64_t idx, unsigned slot)
{
	enum value v = cell_value(c->cell[idx * c->players + slot]);
	if (slot == 0 || v == VALUE_DRAW || v == VALUE_UNKNOWN)
		return v;
	return v == VALUE_WIN ? VALUE_LOSS : VALUE_WIN; // the coalition is to move
}

unsigned coalition_remoteness(const struct coalition *c, uint64_t idx, unsigned slot)
{
	return cell_remoteness(c->cell[idx * c->players + slot]);
}

int coalition_forcer(const struct coalition *c, uint64_t idx)
{
	for (unsigned t = 0; t < c->players; t++)
		if (coalition_value(c, idx, t) == VALUE_WIN)
			return (int)t;
	return -1;
}

static void note(uint64_t *count, uint64_t *first, uint64_t idx)
{
	if ((*count)++ == 0)
		*first = idx;
}

static void summarise(struct coalition *c)
{
	c->nobody_first = c->open_first = COALITION_NONE;
	for (uint64_t idx = 0; idx < c->size; idx++) {
		if (coalition_value(c, idx, 0) == VALUE_UNKNOWN)
			continue;
		unsigned draws = 0;
		for (unsigned t = 0; t < c->players; t++)
			draws += coalition_value(c, idx, t) == VALUE_DRAW;
		int forcer = coalition_forcer(c, idx);
		if (forcer >= 0)
			c->forced_count[forcer]++;
		else
			note(&c->nobody_count, &c->nobody_first, idx);
		if (draws == c->players)
			note(&c->open_count, &c->open_first, idx);
	}
}

enum status coalition_solve(const struct rules *rules, const struct enumeration *e,
			    const struct progress *progress, struct checkpoint *ck,
			    struct coalition *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	if (coalition_bytes(rules) == UINT64_MAX)
		return error_set(err, STATUS_BAD_INPUT, "instance too large to solve");
	out->players = rules->players;
	out->size = rules->size;
	uint64_t cells = rules->size * rules->players;
	out->cell = malloc((cells ? cells : 1) * sizeof *out->cell);
	if (!out->cell)
		return error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu bytes",
				 (unsigned long long)coalition_bytes(rules));
	struct backward_game game = {rules, e, rules->players, "coalition", ck};
	unsigned levels;
	enum status st = backward_solve(&game, progress, out->cell, &levels, err);
	if (st != STATUS_OK) {
		coalition_free(out);
		return st;
	}
	summarise(out);
	return STATUS_OK;
}

void coalition_free(struct coalition *c)
{
	free(c->cell);
	memset(c, 0, sizeof *c);
}

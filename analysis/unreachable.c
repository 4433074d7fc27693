// SPDX-License-Identifier: MIT
// Grouping unreachable positions by their parents (see unreachable.h). Sequential: it is
// run on demand (--unreachable) and its output order must be fixed.
#include "unreachable.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "position.h"

static const char *const reason_text[UNREACHABLE_REASON_COUNT] = {
	"no move leads here: the player who moved last has no live hand, and no move leaves "
	"its mover without live hands",
	"no move leads here: no position has a move to it",
	"moves lead here, but only from positions that are themselves unreachable",
};

static const char *const reason_key[UNREACHABLE_REASON_COUNT] = {
	"no-parent-last-dead", "no-parent", "unreachable-parents",
};

const char *unreachable_reason_text(enum unreachable_reason reason) { return reason_text[reason]; }
const char *unreachable_reason_key(enum unreachable_reason reason) { return reason_key[reason]; }

static enum unreachable_reason classify(const struct rules *rules, uint64_t idx, uint64_t *parent)
{
	size_t n = movegen_parents(rules, idx, parent);
	if (n > 0)
		return UNREACHABLE_PARENTS_UNREACHABLE; // the caller knows idx is unreachable
	struct pos pos;
	position_decode(rules, idx, &pos);
	return pos.state[rules->players - 1] == 0 ? UNREACHABLE_NO_PARENT_LAST_DEAD : UNREACHABLE_NO_PARENT;
}

enum status unreachable_classify(const struct rules *rules, const struct enumeration *e,
				 uint64_t limit, struct unreachable *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	uint64_t *parent = malloc(rules->max_moves * sizeof *parent);
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++)
		out->index[g] = malloc((limit ? limit : 1) * sizeof *out->index[g]);
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++)
		if (!out->index[g] || !parent) {
			free(parent);
			unreachable_free(out);
			return error_set(err, STATUS_FAILURE, "out of memory listing unreachable positions");
		}
	for (uint64_t i = 0; i < e->size; i++) {
		if (enumeration_reached(e, i))
			continue;
		enum unreachable_reason g = classify(rules, i, parent);
		if (out->count[g] < limit)
			out->index[g][out->count[g]] = i;
		out->count[g]++;
	}
	free(parent);
	return STATUS_OK;
}

void unreachable_free(struct unreachable *u)
{
	for (int g = 0; g < UNREACHABLE_REASON_COUNT; g++)
		free(u->index[g]);
	memset(u, 0, sizeof *u);
}

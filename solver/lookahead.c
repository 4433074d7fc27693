// SPDX-License-Identifier: MIT
// Depth-limited negamax (see lookahead.h). Each level allocates its own child buffer.
#include "lookahead.h"

#include <stdlib.h>

#include "movegen.h"

int lookahead_score(const struct rules *rules, uint64_t idx, unsigned depth)
{
	if (movegen_is_terminal(rules, idx))
		return movegen_won_by(rules, idx, 0) ? 1 : -1;
	if (depth == 0)
		return 0;
	uint64_t *child = malloc(rules->max_moves * sizeof *child);
	if (!child)
		return 0;
	size_t n = movegen_children(rules, idx, child);
	int best = -1;
	for (size_t i = 0; i < n && best < 1; i++) {
		int s = -lookahead_score(rules, child[i], depth - 1);
		if (s > best)
			best = s;
	}
	free(child);
	return best;
}

size_t lookahead_best(const struct rules *rules, uint64_t idx, unsigned depth, uint64_t *best)
{
	uint64_t *child = malloc(rules->max_moves * sizeof *child);
	int *score = malloc(rules->max_moves * sizeof *score);
	if (!child || !score) {
		free(child);
		free(score);
		return (size_t)-1;
	}
	size_t n = movegen_children(rules, idx, child), kept = 0;
	int top = -2;
	for (size_t i = 0; i < n; i++) {
		score[i] = -lookahead_score(rules, child[i], depth - 1);
		if (score[i] > top)
			top = score[i];
	}
	for (size_t i = 0; i < n; i++)
		if (score[i] == top)
			best[kept++] = child[i];
	free(child);
	free(score);
	return kept;
}

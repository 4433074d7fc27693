// SPDX-License-Identifier: MIT
// Building strategy lists from a solution (strategy.h). WIN and RESIST: targets are ranked
// as a player ranks moves (fastest win, then draws, then slowest loss, ties by index), so the
// first target a position can reach is its best move whenever the list holds one of its
// best moves; a greedy cover adds targets until every position met under the list has one,
// and a pruning pass then drops each target that the promise can do without.
#include "strategy.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "strategy_check.h"

struct builder {
	const struct rules *rules;
	const struct solution *sol;
	uint8_t *in;      // size: 1 when the index is a target
	uint8_t *seen;    // 2 * size: node (idx, side to move) met
	uint32_t *cover;  // size: scratch counts of the greedy cover
	uint64_t *queue;  // 2 * size nodes: idx * 2 + side
	uint64_t *open;   // size: positions of the side with no good target yet
	uint64_t *child;  // max_moves
	uint64_t *list;   // size: the targets
	size_t count, open_count;
};

// The rank of moving into c, for the mover: smaller is better.
static uint64_t key(const struct builder *b, uint64_t c)
{
	enum value v = solution_value(b->sol, c);
	uint64_t rem = solution_remoteness(b->sol, c);
	if (v == VALUE_LOSS)
		return rem;
	if (v == VALUE_DRAW)
		return 1ull << 32;
	return (1ull << 33) - rem;
}

static bool before(const struct builder *b, uint64_t x, uint64_t y)
{
	uint64_t kx = key(b, x), ky = key(b, y);
	return kx != ky ? kx < ky : x < y;
}

// Insertion sort of the list by rank: lists are short and qsort has no context argument.
static void sort_list(struct builder *b)
{
	for (size_t i = 1; i < b->count; i++) {
		uint64_t x = b->list[i];
		size_t j = i;
		for (; j > 0 && before(b, x, b->list[j - 1]); j--)
			b->list[j] = b->list[j - 1];
		b->list[j] = x;
	}
}

// The best key among the n children in b->child.
static uint64_t best_key(const struct builder *b, size_t n)
{
	uint64_t best = UINT64_MAX;
	for (size_t k = 0; k < n; k++) {
		uint64_t kc = key(b, b->child[k]);
		best = kc < best ? kc : best;
	}
	return best;
}

static void push(struct builder *b, size_t *tail, uint64_t idx, bool side)
{
	if (!b->seen[2 * idx + side]) {
		b->seen[2 * idx + side] = 1;
		b->queue[(*tail)++] = 2 * idx + side;
	}
}

// Plays the current list from root against every reply, as the check does, and collects in
// b->open the positions of the side whose first reachable target is not a best move.
static void walk(struct builder *b, uint64_t root, unsigned side)
{
	size_t head = 0, tail = 0;
	memset(b->seen, 0, 2 * b->rules->size);
	b->open_count = 0;
	push(b, &tail, root, side == 0);
	while (head < tail) {
		uint64_t idx = b->queue[head] / 2;
		bool mine = b->queue[head++] % 2;
		if (movegen_is_terminal(b->rules, idx))
			continue;
		size_t n = movegen_children(b->rules, idx, b->child);
		if (!mine) {
			for (size_t k = 0; k < n; k++)
				push(b, &tail, b->child[k], true);
			continue;
		}
		uint64_t pick = UINT64_MAX;
		bool at_once = false; // winning at once comes before any target, as in the check
		for (size_t k = 0; k < n && !at_once; k++)
			if (movegen_is_terminal(b->rules, b->child[k]) && movegen_winner(b->rules, b->child[k]) == 1)
				pick = b->child[k], at_once = true;
		for (size_t k = 0; k < n && !at_once; k++)
			if (b->in[b->child[k]] && (pick == UINT64_MAX || before(b, b->child[k], pick)))
				pick = b->child[k];
		if (at_once || (pick != UINT64_MAX && key(b, pick) == best_key(b, n)))
			push(b, &tail, pick, false);
		else
			b->open[b->open_count++] = idx;
	}
}

// Greedy cover of b->open: repeatedly the best move shared by most open positions.
static void cover(struct builder *b)
{
	size_t left = b->open_count;
	while (left) {
		uint64_t pick = UINT64_MAX;
		for (size_t i = 0; i < b->open_count; i++) {
			if (b->open[i] == UINT64_MAX)
				continue;
			size_t n = movegen_children(b->rules, b->open[i], b->child);
			uint64_t best = best_key(b, n);
			for (size_t k = 0; k < n; k++) {
				uint64_t c = b->child[k];
				if (key(b, c) != best)
					continue;
				b->cover[c]++;
				if (pick == UINT64_MAX || b->cover[c] > b->cover[pick] ||
				    (b->cover[c] == b->cover[pick] && before(b, c, pick)))
					pick = c;
			}
		}
		b->in[pick] = 1;
		b->list[b->count++] = pick;
		for (size_t i = 0; i < b->open_count; i++) {
			if (b->open[i] == UINT64_MAX)
				continue;
			size_t n = movegen_children(b->rules, b->open[i], b->child);
			bool hit = false;
			for (size_t k = 0; k < n; k++) {
				b->cover[b->child[k]] = 0;
				hit |= b->child[k] == pick;
			}
			if (hit)
				b->open[i] = UINT64_MAX, left--;
		}
	}
}

// AVOID: every losing move of a position the side meets while it makes any other move.
static void avoid(struct builder *b, uint64_t root, unsigned side)
{
	size_t head = 0, tail = 0;
	memset(b->seen, 0, 2 * b->rules->size);
	push(b, &tail, root, side == 0);
	while (head < tail) {
		uint64_t idx = b->queue[head] / 2;
		bool mine = b->queue[head++] % 2;
		size_t n = movegen_is_terminal(b->rules, idx) ? 0 : movegen_children(b->rules, idx, b->child);
		for (size_t k = 0; k < n; k++) {
			uint64_t c = b->child[k];
			if (mine && solution_value(b->sol, c) == VALUE_WIN) {
				if (!b->in[c])
					b->in[c] = 1, b->list[b->count++] = c;
			} else {
				push(b, &tail, c, !mine);
			}
		}
	}
}

// Copies list into out and measures it; true when it keeps the promise of `moves`.
static enum status measure(const struct builder *b, const uint64_t *list, size_t count, struct strategy *out,
			   struct strategy_report *r, bool *keeps, struct error *err)
{
	memcpy(out->target, list, count * sizeof *list);
	out->count = count;
	enum status st = strategy_check(b->rules, out, false, r, err);
	*keeps = st == STATUS_OK && !r->fault && (out->kind == STRATEGY_AVOID || r->moves == out->moves);
	return st;
}

// Keeps only the targets that play from the root moves to; *used: how many.
static enum status drop_unused(struct builder *b, struct strategy *out, size_t *used, struct error *err)
{
	struct strategy_report r;
	bool keeps;
	enum status st = measure(b, b->list, b->count, out, &r, &keeps, err);
	if (st != STATUS_OK)
		return st;
	size_t n = 0;
	for (size_t t = 0; t < b->count; t++)
		if (r.uses[t])
			b->open[n] = r.uses[t], b->list[n++] = b->list[t];
	*used = b->count - n;
	b->count = n;
	strategy_report_free(&r);
	return STATUS_OK;
}

// Drops the targets the promise can do without: the unused at once, then one by one, least
// used first (ties: the last in the list first), until no more can go.
static enum status prune(struct builder *b, struct strategy *out, struct error *err)
{
	struct strategy_report r;
	bool keeps;
	size_t dropped;
	enum status st = drop_unused(b, out, &dropped, err);
	uint64_t *order = b->open, *less = b->queue; // scratch; drop_unused leaves the uses in order
	for (bool again = true; st == STATUS_OK && again;) {
		size_t count = b->count;
		for (size_t t = 0; t < count; t++) // (uses, last first) as uses * 2^32 + place
			order[t] = order[t] << 32 | (UINT32_MAX - t);
		for (size_t i = 1; i < count; i++)
			for (size_t j = i; j > 0 && order[j] < order[j - 1]; j--) {
				uint64_t x = order[j];
				order[j] = order[j - 1], order[j - 1] = x;
			}
		for (size_t i = 0; i < count; i++)
			order[i] = b->list[UINT32_MAX - (order[i] & UINT32_MAX)];
		for (size_t i = 0; i < count && st == STATUS_OK; i++) {
			size_t n = 0;
			for (size_t t = 0; t < b->count; t++)
				if (b->list[t] != order[i])
					less[n++] = b->list[t];
			if ((st = measure(b, less, n, out, &r, &keeps, err)) != STATUS_OK)
				break;
			strategy_report_free(&r);
			if (keeps)
				memcpy(b->list, less, (b->count = n) * sizeof *less);
		}
		if (st == STATUS_OK)
			st = drop_unused(b, out, &dropped, err);
		again = dropped > 0 || b->count < count;
	}
	return st;
}

// Fills the remoteness of out's targets from a last measure and checks the result whole.
static enum status finish(const struct builder *b, struct strategy *out, struct error *err)
{
	struct strategy_report r;
	bool keeps;
	enum status st = measure(b, b->list, b->count, out, &r, &keeps, err);
	if (st != STATUS_OK)
		return st;
	for (size_t t = 0; t < out->count; t++)
		out->remoteness[t] = out->kind == STRATEGY_AVOID ? 0 : r.found_remoteness[t];
	strategy_report_free(&r);
	if (!keeps || (st = strategy_check(b->rules, out, true, &r, err)) != STATUS_OK)
		return keeps ? st : error_set(err, STATUS_FAILURE, "internal: the built strategy does not keep its promise");
	bool ok = !r.fault;
	strategy_report_free(&r);
	return ok ? STATUS_OK : error_set(err, STATUS_FAILURE, "internal: the built strategy fails its check: %s", r.why);
}

enum status strategy_build(const struct rules *rules, const struct solution *s, uint64_t root,
			   unsigned side, struct strategy *out, struct error *err)
{
	memset(out, 0, sizeof *out);
	if (rules->players != 2)
		return error_set(err, STATUS_BAD_INPUT, "strategies need two players");
	struct builder b = {rules, s, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0};
	enum status st = STATUS_FAILURE;
	enum value v = solution_value(s, root);
	if (side)
		v = v == VALUE_WIN ? VALUE_LOSS : v == VALUE_LOSS ? VALUE_WIN : v;
	b.in = calloc(rules->size, 1);
	b.seen = malloc(2 * rules->size);
	b.cover = calloc(rules->size, sizeof *b.cover);
	b.queue = malloc(2 * rules->size * sizeof *b.queue);
	b.open = malloc(2 * rules->size * sizeof *b.open);
	b.child = malloc(rules->max_moves * sizeof *b.child);
	b.list = malloc(rules->size * sizeof *b.list);
	if (!b.in || !b.seen || !b.cover || !b.queue || !b.open || !b.child || !b.list ||
	    strategy_alloc(out, rules->size, err) != STATUS_OK) {
		st = error_set(err, STATUS_FAILURE, "out of memory building a strategy");
		goto cleanup;
	}
	out->kind = v == VALUE_WIN ? STRATEGY_WIN : v == VALUE_LOSS ? STRATEGY_RESIST : STRATEGY_AVOID;
	out->side = side;
	out->root = root;
	out->moves = out->kind == STRATEGY_AVOID ? 0 : solution_remoteness(s, root);
	if (out->kind == STRATEGY_AVOID) {
		avoid(&b, root, side);
		sort_list(&b);
	} else {
		for (walk(&b, root, side); b.open_count; walk(&b, root, side))
			cover(&b);
		sort_list(&b);
		if ((st = prune(&b, out, err)) != STATUS_OK)
			goto cleanup;
	}
	st = finish(&b, out, err);
cleanup:
	free(b.in);
	free(b.seen);
	free(b.cover);
	free(b.queue);
	free(b.open);
	free(b.child);
	free(b.list);
	if (st != STATUS_OK)
		strategy_free(out);
	return st;
}

enum status strategy_alloc(struct strategy *out, size_t count, struct error *err)
{
	out->target = calloc(count + 1, sizeof *out->target);
	out->remoteness = calloc(count + 1, sizeof *out->remoteness);
	out->count = count;
	if (out->target && out->remoteness)
		return STATUS_OK;
	strategy_free(out);
	return error_set(err, STATUS_FAILURE, "out of memory for a strategy of %zu targets", count);
}

void strategy_free(struct strategy *s)
{
	free(s->target);
	free(s->remoteness);
	s->target = NULL;
	s->remoteness = NULL;
	s->count = 0;
}

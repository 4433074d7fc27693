// SPDX-License-Identifier: MIT
// Plays a strategy list against every reply (strategy_check.h). The nodes reached under the
// list form a graph built breadth first: a node of the list's side has the one move the list
// makes (AVOID: every move not into a listed position), a node of the opponent every move.
// WIN then takes the longest path (a cycle fails), RESIST the shortest path to a loss.
#include "strategy_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "position.h"

#define NONE UINT32_MAX

struct node {
	uint64_t idx;
	uint32_t first, count; // its edges: edge[first .. first + count)
	bool side;             // the list's side is to move
};

struct graph {
	const struct rules *rules;
	const struct strategy *s;
	uint32_t *id;    // 2 * size: node of (idx, side to move), or NONE
	uint32_t *rank;  // size: the target's place in the list, or NONE
	struct node *node;
	uint32_t *edge;
	size_t nodes, node_cap, edges, edge_cap;
	uint64_t *child; // max_moves
};

static bool grow(void **p, size_t *cap, size_t need, size_t each)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap * 2 : 256;
	while (n < need)
		n *= 2;
	void *q = realloc(*p, n * each);
	if (!q)
		return false;
	*p = q;
	*cap = n;
	return true;
}

// The node of (idx, side), added when new; NONE when out of memory.
static uint32_t intern(struct graph *g, uint64_t idx, bool side)
{
	uint32_t *slot = &g->id[2 * idx + side];
	if (*slot != NONE)
		return *slot;
	if (g->nodes >= NONE - 1 || !grow((void **)&g->node, &g->node_cap, g->nodes + 1, sizeof *g->node))
		return NONE;
	g->node[g->nodes] = (struct node){idx, 0, 0, side};
	return *slot = (uint32_t)g->nodes++;
}

static bool add_edge(struct graph *g, uint64_t idx, bool side)
{
	uint32_t v = intern(g, idx, side);
	if (v == NONE || !grow((void **)&g->edge, &g->edge_cap, g->edges + 1, sizeof *g->edge))
		return false;
	g->edge[g->edges++] = v;
	return true;
}

static void fault(struct strategy_report *r, enum strategy_fault f, uint64_t at, const char *fmt, const char *code)
{
	if (r->fault)
		return;
	r->fault = f;
	r->at = at;
	snprintf(r->why, sizeof r->why, fmt, code);
}

// Whether the list's side has won at terminal node v.
static bool side_won(const struct graph *g, const struct node *v)
{
	return movegen_winner(g->rules, v->idx) == (v->side ? 0u : 1u);
}

// The moves of node i under the list; false when out of memory. Faults go to r.
static bool expand(struct graph *g, uint32_t i, struct strategy_report *r)
{
	const struct rules *rules = g->rules;
	struct node v = g->node[i];
	char code[POSITION_CODE_MAX];
	g->node[i].first = (uint32_t)g->edges;
	if (movegen_is_terminal(rules, v.idx)) {
		if (!side_won(g, &v) && g->s->kind != STRATEGY_RESIST) {
			position_format(rules, v.idx, code);
			fault(r, STRATEGY_LOST, v.idx, "the opponent can win: a line ends in the loss %s", code);
		}
		return true;
	}
	size_t n = movegen_children(rules, v.idx, g->child);
	if (!v.side || g->s->kind == STRATEGY_AVOID) {
		for (size_t k = 0; k < n; k++)
			if ((!v.side || g->rank[g->child[k]] == NONE) && !add_edge(g, g->child[k], !v.side))
				return false;
		g->node[i].count = (uint32_t)(g->edges - g->node[i].first);
		if (!g->node[i].count) {
			position_format(rules, v.idx, code);
			fault(r, STRATEGY_STUCK, v.idx, "at %s every move is into a listed position", code);
		}
		return true;
	}
	uint64_t pick = UINT64_MAX;
	uint32_t best = NONE;
	for (size_t k = 0; k < n; k++) {
		uint64_t c = g->child[k];
		if (movegen_is_terminal(rules, c) && movegen_winner(rules, c) == 1) {
			pick = c; // winning at once comes before any target
			break;
		}
		if (g->rank[c] < best) {
			best = g->rank[c];
			pick = c;
		}
	}
	if (pick == UINT64_MAX) {
		position_format(rules, v.idx, code);
		fault(r, STRATEGY_NO_TARGET, v.idx, "at %s no target can be reached and no move wins at once", code);
		return true;
	}
	g->node[i].count = 1;
	return add_edge(g, pick, false);
}

// Expands nodes from *next on until none is left or a fault is found.
static bool explore(struct graph *g, size_t *next, struct strategy_report *r)
{
	for (; *next < g->nodes && !r->fault; ++*next)
		if (!expand(g, (uint32_t)*next, r))
			return false;
	return true;
}

// WIN: the most moves to the end from every node (len), failing on a cycle. Iterative DFS.
static bool longest(struct graph *g, uint32_t *len, struct strategy_report *r)
{
	enum { WHITE, GREY, BLACK };
	uint8_t *colour = calloc(g->nodes, 1);
	uint32_t *stack = malloc(g->nodes * sizeof *stack), *at = malloc(g->nodes * sizeof *at);
	bool ok = colour && stack && at;
	char code[POSITION_CODE_MAX];
	for (size_t root = 0; ok && root < g->nodes && !r->fault; root++) {
		if (colour[root])
			continue;
		size_t top = 0;
		stack[top] = (uint32_t)root, at[top++] = 0, colour[root] = GREY;
		while (top && !r->fault) {
			uint32_t v = stack[top - 1];
			struct node *nv = &g->node[v];
			if (at[top - 1] < nv->count) {
				uint32_t w = g->edge[nv->first + at[top - 1]++];
				if (colour[w] == GREY) {
					position_format(g->rules, g->node[w].idx, code);
					fault(r, STRATEGY_CYCLE, g->node[w].idx, "the opponent can go round forever through %s", code);
				} else if (colour[w] == WHITE) {
					stack[top] = w, at[top++] = 0, colour[w] = GREY;
				}
				continue;
			}
			uint32_t most = 0;
			for (uint32_t k = 0; k < nv->count; k++) {
				uint32_t l = len[g->edge[nv->first + k]] + 1;
				most = l > most ? l : most;
			}
			len[v] = most;
			colour[v] = BLACK;
			top--;
		}
	}
	free(colour);
	free(stack);
	free(at);
	return ok;
}

// RESIST: the fewest moves from every node to a loss of the list's side (NONE: none), by a
// breadth-first walk back from the lost terminals.
static bool shortest(struct graph *g, uint32_t *dist)
{
	uint32_t *start = calloc(g->nodes + 1, sizeof *start), *from = malloc((g->edges + 1) * sizeof *from);
	uint32_t *fill = malloc((g->nodes + 1) * sizeof *fill), *queue = malloc((g->nodes + 1) * sizeof *queue);
	bool ok = start && from && fill && queue;
	for (size_t e = 0; ok && e < g->edges; e++)
		start[g->edge[e] + 1]++;
	for (size_t v = 0; ok && v < g->nodes; v++)
		start[v + 1] += start[v];
	if (ok)
		memcpy(fill, start, g->nodes * sizeof *fill);
	for (size_t v = 0; ok && v < g->nodes; v++)
		for (uint32_t k = 0; k < g->node[v].count; k++)
			from[fill[g->edge[g->node[v].first + k]]++] = (uint32_t)v;
	size_t head = 0, tail = 0;
	for (size_t v = 0; ok && v < g->nodes; v++) {
		dist[v] = NONE;
		if (movegen_is_terminal(g->rules, g->node[v].idx) && !side_won(g, &g->node[v]))
			dist[v] = 0, queue[tail++] = (uint32_t)v;
	}
	while (ok && head < tail) {
		uint32_t v = queue[head++];
		for (uint32_t k = start[v]; k < start[v + 1]; k++)
			if (dist[from[k]] == NONE)
				dist[from[k]] = dist[v] + 1, queue[tail++] = from[k];
	}
	free(start);
	free(from);
	free(fill);
	free(queue);
	return ok;
}

static void count_uses(const struct graph *g, size_t root_nodes, struct strategy_report *r)
{
	for (size_t v = 0; v < root_nodes; v++) {
		const struct node *nv = &g->node[v];
		if (!nv->side || movegen_is_terminal(g->rules, nv->idx))
			continue;
		if (g->s->kind == STRATEGY_AVOID) {
			size_t n = movegen_children(g->rules, nv->idx, g->child);
			for (size_t k = 0; k < n; k++)
				if (g->rank[g->child[k]] != NONE)
					r->uses[g->rank[g->child[k]]]++;
		} else if (nv->count && g->rank[g->node[g->edge[nv->first]].idx] != NONE) {
			r->uses[g->rank[g->node[g->edge[nv->first]].idx]]++;
		}
	}
	for (size_t t = 0; t < g->s->count; t++)
		r->used += r->uses[t] > 0;
}

// Compares what was measured with what the list states.
static void compare_stated(const struct graph *g, struct strategy_report *r)
{
	const struct strategy *s = g->s;
	char code[POSITION_CODE_MAX];
	if (s->kind != STRATEGY_AVOID && r->moves != s->moves) {
		r->stated = s->moves, r->found = r->moves;
		position_format(g->rules, s->root, code);
		fault(r, STRATEGY_LENGTH, s->root, "from %s the list does not keep its stated number of moves", code);
	}
	for (size_t t = 0; s->kind != STRATEGY_AVOID && t < s->count && !r->fault; t++)
		if (r->found_remoteness[t] != s->remoteness[t]) {
			r->stated = s->remoteness[t], r->found = r->found_remoteness[t], r->target = t;
			position_format(g->rules, s->target[t], code);
			fault(r, STRATEGY_TARGET, s->target[t], "target %s does not have its stated remoteness", code);
		}
}

static bool list_ok(struct graph *g, struct strategy_report *r)
{
	char code[POSITION_CODE_MAX];
	for (size_t t = 0; t < g->s->count; t++) {
		uint64_t x = g->s->target[t];
		if (x >= g->rules->size) {
			fault(r, STRATEGY_LISTED, UINT64_MAX, "a target is not a position of this game%s", "");
			return false;
		}
		if (g->rank[x] != NONE) {
			position_format(g->rules, x, code);
			fault(r, STRATEGY_LISTED, x, "target %s is listed twice", code);
			return false;
		}
		g->rank[x] = (uint32_t)t;
	}
	return true;
}

enum status strategy_check(const struct rules *rules, const struct strategy *s, bool compare,
			   struct strategy_report *r, struct error *err)
{
	memset(r, 0, sizeof *r);
	r->at = UINT64_MAX;
	r->target = SIZE_MAX;
	r->moves = NONE;
	struct graph g = {rules, s, NULL, NULL, NULL, NULL, 0, 0, 0, 0, NULL};
	uint32_t *len = NULL;
	bool ok = false;
	g.id = malloc(2 * rules->size * sizeof *g.id);
	g.rank = malloc(rules->size * sizeof *g.rank);
	g.child = malloc(rules->max_moves * sizeof *g.child);
	r->found_remoteness = calloc(s->count + 1, sizeof *r->found_remoteness);
	r->uses = calloc(s->count + 1, sizeof *r->uses);
	if (!g.id || !g.rank || !g.child || !r->found_remoteness || !r->uses)
		goto cleanup;
	memset(g.id, 0xff, 2 * rules->size * sizeof *g.id);
	memset(g.rank, 0xff, rules->size * sizeof *g.rank);
	ok = true;
	if (!list_ok(&g, r))
		goto cleanup;
	size_t next = 0;
	ok = intern(&g, s->root, s->side == 0) != NONE && explore(&g, &next, r);
	size_t root_nodes = g.nodes;
	for (size_t t = 0; ok && t < s->count && s->kind != STRATEGY_AVOID; t++)
		ok = intern(&g, s->target[t], false) != NONE && explore(&g, &next, r);
	if (!ok || r->fault)
		goto cleanup;
	r->nodes = root_nodes;
	count_uses(&g, root_nodes, r);
	if (s->kind == STRATEGY_AVOID)
		goto cleanup;
	ok = (len = malloc(g.nodes * sizeof *len)) != NULL;
	ok = ok && (s->kind == STRATEGY_WIN ? longest(&g, len, r) : shortest(&g, len));
	if (!ok || r->fault)
		goto cleanup;
	r->moves = len[0];
	for (size_t t = 0; t < s->count; t++)
		r->found_remoteness[t] = len[g.id[2 * s->target[t]]];
	if (compare)
		compare_stated(&g, r);
cleanup:
	free(len);
	free(g.id);
	free(g.rank);
	free(g.child);
	free(g.node);
	free(g.edge);
	if (!ok) {
		strategy_report_free(r);
		return error_set(err, STATUS_FAILURE, "out of memory checking a strategy");
	}
	return STATUS_OK;
}

void strategy_report_free(struct strategy_report *r)
{
	free(r->found_remoteness);
	free(r->uses);
	r->found_remoteness = NULL;
	r->uses = NULL;
}

// SPDX-License-Identifier: MIT
// Exact path counts for lengths.c, not an API of its own: the reachable move graph with
// dense ordinals and parent lists, shortest-path (geodesic) counts along BFS layers, and counts
// of move sequences by length. Counts per position are fixed-width GMP limb arrays wide
// enough for max_children^moves, so no sum can overflow (asserted).
#ifndef CHOPSTICKS_SOLVER_PATHS_H
#define CHOPSTICKS_SOLVER_PATHS_H

#include <gmp.h>
#include <stdint.h>

#include "enumerate.h"
#include "error.h"
#include "progress.h"
#include "rules.h"

#define PATHS_NONE UINT64_MAX
// Loops over fewer reachable positions than this run on one thread (see backward.h).
#define PATHS_PARALLEL_MIN 16384

struct paths_graph {
	uint64_t count;        // reachable positions; their ordinal is their place in index[]
	uint64_t *index;       // count indexes, ascending
	uint64_t *start;       // count + 1: ordinal c has parents parent[start[c] .. start[c + 1])
	uint32_t *parent;      // ordinals of reachable parents, ascending per ordinal
	uint64_t edge_count;   // start[count]
	unsigned max_children; // the most distinct children of one reachable position
};

// First half of the build: ordinals, parent counts and max_children, without parent[] (so the
// caller can check the memory the rest needs: paths_graph_bytes). STATUS_BAD_INPUT when more
// than 2^32 - 1 positions are reachable; STATUS_FAILURE on allocation; STATUS_INTERRUPTED.
enum status paths_graph_count(const struct rules *rules, const struct enumeration *e,
			      const struct progress *progress, struct paths_graph *g,
			      struct error *err);
// Second half: fills parent[]. STATUS_FAILURE on allocation, STATUS_INTERRUPTED.
enum status paths_graph_fill(const struct rules *rules, const struct enumeration *e,
			     const struct progress *progress, struct paths_graph *g, struct error *err);
uint64_t paths_graph_bytes(const struct paths_graph *g);
void paths_graph_free(struct paths_graph *g);

// The ordinal of idx, or PATHS_NONE if it is not reachable. Thread-safe.
uint64_t paths_ordinal(const struct paths_graph *g, uint64_t idx);
// Limbs that hold any count of paths of at most moves moves from one position, in a graph
// where no position has more than max_children children.
size_t paths_width(unsigned max_children, unsigned moves);
// Turns the width-limb count at limbs into out (initialised).
void paths_to_mpz(mpz_t out, const mp_limb_t *limbs, size_t width);

// geo[c * width ..] = number of shortest paths from the start to ordinal c; width must be
// paths_width(g->max_children, e->max_depth). STATUS_INTERRUPTED only.
enum status paths_geodesic(const struct paths_graph *g, const struct enumeration *e,
			   size_t width, const struct progress *progress, mp_limb_t *geo,
			   struct error *err);

// by_length[n] (initialised, n = 0..max_length) = number of move sequences of exactly n
// moves from start_ordinal that end at one of the ordinals final[0..final_count). STATUS_FAILURE
// on allocation, STATUS_INTERRUPTED.
enum status paths_by_length(const struct paths_graph *g, uint64_t start_ordinal,
			    const uint64_t *final, uint64_t final_count, unsigned max_length,
			    const struct progress *progress, mpz_t *by_length, struct error *err);

#endif

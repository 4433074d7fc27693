// SPDX-License-Identifier: MIT
// The levels of the dense retrograde solve, the one copy of them: over every row in
// dense_solve.c, over a rank's rows [lo, hi) in the MPI solve (mpi/solve.c, one side). What a
// level needs from rows held elsewhere comes through a small table of hooks (struct
// dense_level_ops): the MPI solve's exchanges, an in-place transpose for the whole rows. Not
// for allocation or the solution's final form: the callers own the arrays. Same decisions,
// levels and errors for any split of the rows and any number of threads.
#ifndef CHOPSTICKS_SOLVER_DENSE_LEVEL_H
#define CHOPSTICKS_SOLVER_DENSE_LEVEL_H

#include <stdbool.h>
#include <stdint.h>

#include "bitmatrix.h"
#include "checkpoint.h"
#include "dense.h"
#include "progress.h"
#include "retrograde.h"
#include "solve_state.h"

// The byte of an unreachable position: above any attack counter (DENSE_MAX_ATTACKS).
#define DENSE_LEVEL_UNREACHABLE 255

// WON: positions won by the mover so far (A-major). DECIDED: positions with a value.
// ZERO_T: undecided positions with every attack move won, transposed. WIN_NEW, LOSS_NEW:
// this level's decisions; WIN_NEXT: the next level's wins. A state at a level boundary holds
// the matrices before WIN_NEXT.
enum { DENSE_WON, DENSE_DECIDED, DENSE_ZERO_T, DENSE_WIN_NEW, DENSE_LOSS_NEW, DENSE_WIN_NEXT, DENSE_MATRICES };

struct dense_level;

// What the rows here need from the rows elsewhere. Called by every holder of rows at the same
// points (collective in the MPI solve); a NULL hook has nothing to do with the rows whole.
struct dense_level_ops {
	// m = m transposed, in place, over all holders: bit a of row b (here) is then bit b of
	// row a (wherever it was). The buffer of m may change.
	void (*transpose)(struct dense_level *s, struct bitpair *m);
	// WIN_NEXT |= the split parents here of every holder's losses in LOSS_NEW (A-major), by
	// way of dense_level_split_runs. NULL: every row is here, and the levels run whole (the
	// same choice on every holder: a rank may hold every row while others hold none).
	void (*split_parents)(struct dense_level *s);
	// *count, or flags, summed (or ored) over all holders.
	void (*sum)(struct dense_level *s, uint64_t *count);
	int (*agree)(struct dense_level *s, int flags);
	// Offers the state sec[0 .. n) at a level boundary (checkpoint_level or its MPI form).
	enum status (*boundary)(struct dense_level *s, const struct progress *progress,
				const struct progress_step *step, struct checkpoint_section *sec, unsigned n,
				struct error *err);
	// The positions decided by the seeding (or held by the state resumed), then by each level.
	void (*record)(struct dense_level *s, uint64_t found);
};

// The rows [lo, hi) of all sides (dense_row_side) held here. Row a of side t of a matrix is
// bitpair_row(&m[k], t, a - lo): with the rows split, lo > 0 and one side; each matrix holds
// those rows, A-major (bit b is the position (a, b)) or transposed (row b, bit a). The byte of
// (a, b) of side t is cnt[cnt_off[t] + (a - lo) * cols[t] + b]: its counter of attack moves
// not yet known to lose while undecided, DENSE_LEVEL_UNREACHABLE for an unreachable position,
// and its remoteness (SOLUTION_OVERFLOW_MARK past 254, see out's overflow list) once decided.
// The caller fills in what dense_level_init leaves out: cnt, cnt_bytes, grew, m (cleared),
// matrix_words, parallel, out, and counts.reachable unless it restores a state.
struct dense_level {
	const struct dense *d;
	const struct dense_level_ops *ops;
	void *ctx; // the hooks' own
	uint32_t lo, hi;
	bool whole; // no split_parents hook: every row is here (lo 0, hi d->rows)
	bool parallel;
	int oom;
	uint8_t *cnt;          // cnt_bytes bytes
	uint64_t cnt_bytes, cnt_off[2];
	uint32_t cols[2];
	uint8_t *grew;         // hi - lo flags: the row of WIN_NEW has a bit
	struct bitpair m[DENSE_MATRICES];
	uint64_t matrix_words; // each matrix's words in use, as cleared, counted and saved
	struct solution *out;  // only its overflow list or wide array is used
	// Bytes the wide array may take (whole rows only; 0: never): see dense_level_run.
	uint64_t wide_budget;
	unsigned level;        // the first level to run
	bool seeded;
	struct solve_state_counts counts; // over all holders
};

// Sets s up for rows [lo, hi) with the hooks ops (ctx theirs); everything else zero.
void dense_level_init(struct dense_level *s, const struct dense *d, const struct dense_level_ops *ops, void *ctx,
		      uint32_t lo, uint32_t hi);
// Level 0 of the rows here: reachable holds them (A-major, rows as in s), the matrices and
// the bytes are cleared before. Thread-safe inside; raises s->oom if a scratch fails.
void dense_level_seed(struct dense_level *s, const struct bitpair *reachable);
// The state that c holds instead of the seeding: errors as solve_state_load.
enum status dense_level_restore(struct dense_level *s, struct checkpoint *c, struct error *err);
// Runs the levels from the seeding or the state restored until one decides nothing; *levels
// gets the last that did (plus one). STATUS_FAILURE out of memory, STATUS_BAD_INPUT a
// remoteness past CELL_MAX_REMOTENESS, STATUS_INTERRUPTED, or the boundary hook's error.
// At the end WON and DECIDED are A-major; the bytes hold the remoteness of each decided
// position. Before deciding remoteness 255, a solve of whole rows gives out a wide array
// (retrograde.h) when the positions still undecided would take more room in the overflow
// list and the array fits wide_budget.
enum status dense_level_run(struct dense_level *s, const struct progress *progress, unsigned *levels,
			    struct error *err);
// For the split_parents hook: sets in row the bits y0 - lo of the split parents (y0, x),
// of side other(t), held here, of a loss (x, y) of side t (the runs unself(y)). atomic: with
// atomic ors, for a row that several threads write.
void dense_level_split_runs(const struct dense_level *s, unsigned t, uint32_t y, uint64_t *row, bool atomic);

#endif

// SPDX-License-Identifier: MIT
// Dense retrograde solve (see dense_solve.h). Level k turns the positions decided at
// remoteness k into those of remoteness k + 1:
// - every parent of a new loss is a win: attack parents (y, x0) of a loss (x, y) of side t
//   lie in row y of side other(t), split parents (y0, x) in row x of the transposed pair's
//   side t;
// - every new win decrements the attack counters of its attack parents (row y); a parent
//   whose counter is zero is a loss if all its split moves are won. Such a parent that still
//   has a split move open waits in ZERO_T and is checked again whenever its row of the won
//   matrix grows.
// Every matrix is a pair (bitmatrix.h), one side per seat to move; rows of both sides share
// each parallel loop, and a thread writes only the rows it owns.
// The byte of a position is its counter while it is undecided (CNT_UNREACHABLE for an
// unreachable one), and its remoteness (255 past 254, see the overflow list) once DECIDED
// has its bit; WON then tells a win from a loss. At the end the bytes are moved in place to
// standard order (dense_order.h) and become the solution's remoteness array. Pairs are
// transposed in place, so the levels need no scratch matrix. A checkpoint (checkpoint.h) of
// the boundary before level k holds the bytes, the pairs up to LOSS_NEW and the overflow
// list; WIN_NEXT and grew are set before use at every level.
#include "dense_solve.h"

#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "bitmatrix.h"
#include "checkpoint.h"
#include "dense_order.h"
#include "movegen.h"
#include "parallel.h"
#include "position.h"
#include "solve_state.h"

#define CNT_UNREACHABLE 255 // above any counter (DENSE_MAX_ATTACKS)

// WON: positions won by the mover so far (A-major). DECIDED: positions with a value.
// ZERO_T: undecided positions with every attack move won, transposed. WIN_NEW, LOSS_NEW:
// this level's decisions; WIN_NEXT: the next level's wins.
enum { M_WON, M_DECIDED, M_ZERO_T, M_WIN_NEW, M_LOSS_NEW, M_WIN_NEXT, M_COUNT };

struct solve {
	const struct dense *d;
	struct solution *out; // collects the overflow list
	uint8_t *cnt;         // A-major per side: cnt[t * block + a * n[other(t)] + b]
	uint8_t *cnt_of[2];   // side t's bytes (cnt + t * block)
	uint32_t cols[2];     // their row length, n[other(t)]
	uint8_t *grew;        // rows flags: row b (of all sides) of WIN_NEW has a bit
	struct bitpair m[M_COUNT];
	bool parallel;
	int oom;
	struct checkpoint *ck;    // NULL: none
	unsigned level;           // the first level to run, and the positions decided before it
	struct solve_state_counts counts;
};

uint64_t dense_solve_bytes(const struct dense *d)
{
	return d->rules->size + M_COUNT * bitpair_bytes(d->sides, d->n) + d->rows;
}

static inline bool decided(const struct solve *s, unsigned t, uint32_t a, uint32_t b)
{
	return bit_get(bitpair_row(&s->m[M_DECIDED], t, a), b);
}

static inline uint8_t *cnt_at(const struct solve *s, unsigned t, uint32_t a, uint32_t b)
{
	return s->cnt_of[t] + (uint64_t)a * s->cols[t] + b;
}

// Only the thread that owns row a of side t calls it. Wins also go to WON, at the end of
// the level.
static void decide(struct solve *s, unsigned t, uint32_t a, uint32_t b, unsigned k)
{
	bit_set(bitpair_row(&s->m[M_DECIDED], t, a), b);
	*cnt_at(s, t, a, b) = (uint8_t)(k < SOLUTION_OVERFLOW_MARK ? k : SOLUTION_OVERFLOW_MARK);
	if (k < SOLUTION_OVERFLOW_MARK)
		return;
	bool ok;
#pragma omp critical(dense_overflow)
	ok = solution_overflow_add(s->out, dense_index(s->d, t, a, b), k);
	if (!ok) {
#pragma omp atomic write
		s->oom = 1;
	}
}

bool dense_splits_won(const struct dense *d, unsigned t, const uint64_t *won_b, uint32_t a)
{
	const struct dense_class *mover = &d->cls[t];
	for (uint32_t k = mover->self.start[a]; k < mover->self.start[a + 1]; k++)
		if (!bit_range_full(won_b, mover->self.run[2 * k], mover->self.run[2 * k + 1]))
			return false;
	return true;
}

// Whether every own-hands move of (a, b) of side t, to (b, a') of side other(t), is won for
// its mover.
static inline bool splits_won(const struct solve *s, unsigned t, uint32_t a, uint32_t b)
{
	return dense_splits_won(s->d, t, bitpair_row(&s->m[M_WON], dense_other(s->d, t), b), a);
}

enum dense_seed dense_seed(const struct dense *d, const struct pos *pos, uint32_t a, uint32_t b,
			   const struct dense_reach_tables *hit, struct dense_scratch *scratch, size_t *attacks)
{
	const struct rules *rules = d->rules;
	*attacks = 0;
	if (rules->terminal(rules, pos))
		return movegen_pos_won_by(rules, pos, 0) ? DENSE_SEED_WIN : DENSE_SEED_LOSS;
	*attacks = dense_reach(hit, a, b, scratch);
	if (*attacks + d->cls[pos->seat].self_count[a] == 0) // cannot arise under the current rules
		return DENSE_SEED_LOSS;
	return DENSE_SEED_COUNT;
}

// Level 0 for the reachable position (a, b) of side t, which is pos (seat t), its attacks
// hit: terminal ones decided, counters set.
static void seed_position(struct solve *s, const struct pos *pos, uint32_t a, uint32_t b,
			  const struct dense_reach_tables *hit, struct dense_scratch *scratch)
{
	unsigned t = pos->seat;
	size_t attacks;
	enum dense_seed kind = dense_seed(s->d, pos, a, b, hit, scratch, &attacks);
	if (kind != DENSE_SEED_COUNT) {
		bool won = kind == DENSE_SEED_WIN;
		decide(s, t, a, b, 0);
		bit_set(bitpair_row(&s->m[won ? M_WIN_NEW : M_LOSS_NEW], t, a), b);
		if (won)
			bit_set(bitpair_row(&s->m[M_WON], t, a), b);
		return;
	}
	*cnt_at(s, t, a, b) = (uint8_t)attacks;
	if (attacks == 0)
		bit_set_atomic(bitpair_row(&s->m[M_ZERO_T], dense_other(s->d, t), b), a);
}

// A thread's scratch; on allocation failure raises s->oom and returns false.
static bool scratch_start(struct solve *s, struct dense_scratch *scratch)
{
	if (dense_scratch_init(scratch, s->d))
		return true;
#pragma omp atomic write
	s->oom = 1;
	return false;
}

// Level 0 for row a of side t.
static void seed_row(struct solve *s, unsigned t, uint32_t a, const struct bitpair *reachable,
		     struct dense_scratch *scratch)
{
	const struct dense *d = s->d;
	const uint64_t *reach = bitpair_row(reachable, t, a);
	const uint32_t *other_state = d->cls[dense_other(d, t)].state_of;
	struct dense_reach_tables hit = dense_reach_of(d, t, DENSE_HIT);
	struct pos pos = {.seat = t, .state = {d->cls[t].state_of[a]}};
	uint8_t *cnt = cnt_at(s, t, a, 0);
	for (uint32_t b = 0; b < s->cols[t]; b++) {
		if (!bit_get(reach, b)) {
			cnt[b] = CNT_UNREACHABLE;
			continue;
		}
		pos.state[1] = other_state[b];
		seed_position(s, &pos, a, b, &hit, scratch);
	}
}

static void seed(struct solve *s, const struct bitpair *reachable)
{
	const struct dense *d = s->d;
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t r = 0; r < d->rows; r++) {
			uint32_t a = r;
			unsigned t = dense_row_side(d, &a);
			if (ok)
				seed_row(s, t, a, reachable, &scratch);
		}
		dense_scratch_free(&scratch);
	}
}

// Runs body with col set to each set bit of row `row` of side t of pair m (a copy of each
// word, so body may clear bits).
#define FOR_BITS(m, t, row, col, body)                                                   \
	for (uint32_t row##_w = 0; row##_w < (m)->side[t].words; row##_w++)                  \
		for (uint64_t row##_b = bitpair_row((m), t, row)[row##_w]; row##_b;          \
		     row##_b &= row##_b - 1) {                                               \
			uint32_t col = row##_w * 64 + (uint32_t)__builtin_ctzll(row##_b);     \
			body;                                                                \
		}

// Calls visit(s, u, y, x0) for every attack parent (y, x0), of side u, of every position
// (x, y) in t, a transposed pair (row y of side u, bit x: the position (x, y) of side
// other(u)); rows in parallel, each visit writing its own row y of side u.
static void visit_attack_parents(struct solve *s, const struct bitpair *t,
				 void (*visit)(struct solve *s, unsigned u, uint32_t y, uint32_t x0))
{
	const struct dense *d = s->d;
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t r = 0; r < d->rows; r++) {
			uint32_t y = r;
			unsigned u = dense_row_side(d, &y);
			struct dense_reach_tables unhit = dense_reach_of(d, u, DENSE_UNHIT);
			FOR_BITS(t, u, y, x, {
				size_t n = ok ? dense_reach(&unhit, y, x, &scratch) : 0;
				for (size_t i = 0; i < n; i++)
					visit(s, u, y, scratch.out[i]);
			})
		}
		dense_scratch_free(&scratch);
	}
}

static void mark_win(struct solve *s, unsigned u, uint32_t y, uint32_t x0)
{
	bit_set(bitpair_row(&s->m[M_WIN_NEXT], u, y), x0);
}

// Sets in the transposed WIN_NEXT the split parents (y0, x) of the losses (x, y) in row x
// of side t of LOSS_NEW: row x of side t.
static void split_parents(struct solve *s, unsigned t, uint32_t x)
{
	const struct dense_class *mover = &s->d->cls[dense_other(s->d, t)]; // y's and y0's
	uint64_t *row = bitpair_row(&s->m[M_WIN_NEXT], t, x);
	FOR_BITS(&s->m[M_LOSS_NEW], t, x, y, {
		for (uint32_t r = mover->unself.start[y]; r < mover->unself.start[y + 1]; r++)
			bit_set_range(row, mover->unself.run[2 * r], mover->unself.run[2 * r + 1]);
	})
}

// Decides the wins in row a of side t of WIN_NEXT, dropping those decided or unreachable;
// returns how many.
static uint64_t decide_wins(struct solve *s, unsigned t, uint32_t a, unsigned k)
{
	struct bitpair *next = &s->m[M_WIN_NEXT];
	uint64_t found = 0;
	FOR_BITS(next, t, a, b, {
		if (decided(s, t, a, b) || *cnt_at(s, t, a, b) == CNT_UNREACHABLE) {
			bitpair_row(next, t, a)[b >> 6] &= ~(UINT64_C(1) << (b & 63));
		} else {
			decide(s, t, a, b, k + 1);
			found++;
		}
	})
	return found;
}

// Sets WIN_NEXT to the undecided parents of this level's losses, and decides them. Leaves
// LOSS_NEW transposed (wins_to_losses clears it).
static uint64_t losses_to_wins(struct solve *s, unsigned k)
{
	const struct dense *d = s->d;
	bitpair_clear(&s->m[M_WIN_NEXT]); // transposed first: split parents (y0, x) go to row x
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) {
		uint32_t x = r;
		unsigned t = dense_row_side(d, &x);
		split_parents(s, t, x);
	}
	bitpair_transpose_in_place(&s->m[M_WIN_NEXT], s->parallel);
	bitpair_transpose_in_place(&s->m[M_LOSS_NEW], s->parallel);
	visit_attack_parents(s, &s->m[M_LOSS_NEW], mark_win);
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) {
		uint32_t a = r;
		unsigned t = dense_row_side(d, &a);
		found += decide_wins(s, t, a, k);
	}
	return found;
}

// A win (x, y) has decremented the counter of its attack parent (y, x0) of side u: with no
// open attack left, the parent is a loss if its splits are won, else it waits in ZERO_T.
static void count_down(struct solve *s, unsigned u, uint32_t y, uint32_t x0)
{
	uint8_t *c = cnt_at(s, u, y, x0);
	if (decided(s, u, y, x0) || *c == 0 || *c == CNT_UNREACHABLE || --*c > 0)
		return;
	if (splits_won(s, u, y, x0))
		bit_set(bitpair_row(&s->m[M_LOSS_NEW], u, y), x0);
	else
		bit_set_atomic(bitpair_row(&s->m[M_ZERO_T], dense_other(s->d, u), x0), y);
}

// The waiting positions (a, b), of side other(t), whose row b of side t of the won matrix
// grew at this level.
static void recheck_row(struct solve *s, unsigned t, uint32_t b)
{
	unsigned u = dense_other(s->d, t);
	uint64_t *zero = bitpair_row(&s->m[M_ZERO_T], t, b);
	FOR_BITS(&s->m[M_ZERO_T], t, b, a, {
		bool open = !decided(s, u, a, b) && *cnt_at(s, u, a, b) == 0;
		bool loss = open && splits_won(s, u, a, b);
		if (!open || loss)
			zero[a >> 6] &= ~(UINT64_C(1) << (a & 63));
		if (loss)
			bit_set_atomic(bitpair_row(&s->m[M_LOSS_NEW], u, a), b);
	})
}

static bool row_any(const struct bitpair *m, unsigned t, uint32_t row)
{
	const uint64_t *r = bitpair_row(m, t, row);
	for (uint32_t w = 0; w < m->side[t].words; w++)
		if (r[w])
			return true;
	return false;
}

// Decides the losses in row a of side t of LOSS_NEW; returns how many.
static uint64_t decide_losses(struct solve *s, unsigned t, uint32_t a, unsigned k)
{
	uint64_t found = 0;
	FOR_BITS(&s->m[M_LOSS_NEW], t, a, b, {
		decide(s, t, a, b, k + 1);
		found++;
	})
	return found;
}

// Sets LOSS_NEW to the positions whose last open move was won at this level; decides them.
// Leaves WIN_NEW transposed (it is cleared before its next use, as WIN_NEXT).
static uint64_t wins_to_losses(struct solve *s, unsigned k)
{
	const struct dense *d = s->d;
	struct bitpair *win = &s->m[M_WIN_NEW];
#pragma omp parallel for schedule(static) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) {
		uint32_t b = r;
		unsigned t = dense_row_side(d, &b);
		s->grew[r] = row_any(win, t, b);
	}
	bitpair_transpose_in_place(win, s->parallel);
	bitpair_clear(&s->m[M_LOSS_NEW]);
	visit_attack_parents(s, win, count_down);
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) {
		uint32_t b = r;
		unsigned t = dense_row_side(d, &b);
		if (s->grew[r])
			recheck_row(s, t, b);
	}
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) {
		uint32_t a = r;
		unsigned t = dense_row_side(d, &a);
		found += decide_losses(s, t, a, k);
	}
	return found;
}

static const char *const matrix_name[DENSE_STATE_MATRICES] = {"won", "decided", "zero_t", "win_new", "loss_new"};
_Static_assert(M_WIN_NEXT == DENSE_STATE_MATRICES, "the matrices of a state come first");

void dense_state_sections(uint64_t *counts, uint8_t *bytes, uint64_t byte_count, const struct solution *overflow,
			  uint64_t *const *matrix, uint64_t matrix_bytes, struct checkpoint_section *sec)
{
	sec[0] = (struct checkpoint_section){"counts", counts, 2 * sizeof *counts};
	sec[1] = (struct checkpoint_section){"bytes", bytes, byte_count};
	sec[2] = (struct checkpoint_section){"overflow", (uint8_t *)overflow->overflow, 16 * overflow->overflow_count};
	for (unsigned k = 0; k < DENSE_STATE_MATRICES; k++)
		sec[3 + k] = (struct checkpoint_section){matrix_name[k], matrix[k], matrix_bytes};
}

// The state at a level boundary; counts holds done and the reachable count.
static void state_sections(struct solve *s, uint64_t *counts, struct checkpoint_section *sec)
{
	uint64_t *matrix[DENSE_STATE_MATRICES];
	for (unsigned k = 0; k < DENSE_STATE_MATRICES; k++)
		matrix[k] = s->m[k].side[0].bits; // a pair whole, both sides
	dense_state_sections(counts, s->cnt, s->d->rules->size, s->out, matrix, bitpair_words(&s->m[0]) * 8, sec);
}

static enum status boundary(struct solve *s, const struct progress *progress,
			    const struct progress_step *step, struct error *err)
{
	uint64_t counts[2] = {step->done, s->counts.reachable};
	struct checkpoint_section sec[DENSE_STATE_SECTIONS];
	if (!s->ck)
		return STATUS_OK;
	state_sections(s, counts, sec);
	return checkpoint_level(s->ck, progress, step, DENSE_SOLVE_STAGE, sec, DENSE_STATE_SECTIONS, err);
}

// The state of a checkpoint instead of the seed: every matrix is allocated.
static enum status restore(struct solve *s, struct error *err)
{
	uint64_t counts[2];
	struct checkpoint_section sec[DENSE_STATE_SECTIONS];
	enum status st = solve_state_overflow_room(s->ck, s->out, err);
	if (st != STATUS_OK)
		return st;
	state_sections(s, counts, sec);
	st = checkpoint_load(s->ck, sec, DENSE_STATE_SECTIONS, err);
	s->counts.done = counts[0];
	s->counts.reachable = counts[1];
	s->level = s->ck->level;
	return st;
}

static enum status run_levels(struct solve *s, const struct progress *progress,
			      unsigned *levels, struct error *err)
{
	struct progress_step step = {.phase = "solve", .total = s->counts.reachable, .done = s->counts.done};
	*levels = s->level;
	for (unsigned k = s->level; !s->oom; k++) {
		step.level = k;
		progress_report(progress, &step);
		enum status st = boundary(s, progress, &step, err);
		if (st != STATUS_OK)
			return st;
		if (progress_stopped(progress))
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
		uint64_t found = losses_to_wins(s, k);
		found += wins_to_losses(s, k);
		if (found && k + 1 > CELL_MAX_REMOTENESS) // the cells just written are void
			return backward_too_remote(err);
		uint64_t *won = s->m[M_WON].side[0].bits, *next = s->m[M_WIN_NEXT].side[0].bits;
		for (uint64_t w = 0, words = bitpair_words(&s->m[M_WON]); w < words; w++)
			won[w] |= next[w];
		struct bitpair t = s->m[M_WIN_NEW];
		s->m[M_WIN_NEW] = s->m[M_WIN_NEXT];
		s->m[M_WIN_NEXT] = t;
		if (found == 0)
			break;
		step.done += found;
		*levels = k + 1;
	}
	if (s->oom)
		return error_set(err, STATUS_FAILURE, "out of memory during the solve");
	return STATUS_OK;
}

// Allocates matrices [from, to); false on failure.
static bool alloc_matrices(struct solve *s, unsigned from, unsigned to)
{
	bool ok = true;
	for (unsigned k = from; k < to; k++)
		ok &= bitpair_init(&s->m[k], s->d->sides, s->d->n);
	return ok;
}

// The values of standard row sb of side t (its positions (a, b) with b the engine id of
// state sb of the other's class) from the transposed DECIDED and WON pairs and the bytes,
// already in standard order; undecided bytes become 0. Rows may share a values byte, hence
// the atomic or.
static void values_of_row(const struct solve *s, unsigned t, uint32_t sb, uint8_t *values)
{
	const struct dense *d = s->d;
	unsigned u = dense_other(d, t);
	uint32_t n = d->n[t], b = d->cls[u].engine_of[sb];
	const uint64_t *dec = bitpair_row(&s->m[M_DECIDED], u, b), *won = bitpair_row(&s->m[M_WON], u, b);
	uint64_t lo = t * d->block + (uint64_t)sb * n;
	uint8_t acc = 0;
	for (uint32_t sa = 0; sa < n; sa++) {
		uint64_t idx = lo + sa;
		uint32_t a = d->cls[t].engine_of[sa];
		enum value v = bit_get(dec, a) ? (bit_get(won, a) ? VALUE_WIN : VALUE_LOSS)
				 : s->cnt[idx] == CNT_UNREACHABLE ? VALUE_UNKNOWN : VALUE_DRAW;
		if (!bit_get(dec, a))
			s->cnt[idx] = 0;
		acc |= (uint8_t)(v << (2 * (idx % 4)));
		if (idx % 4 == 3 || sa + 1 == n) {
			__atomic_fetch_or(&values[idx / 4], acc, __ATOMIC_RELAXED);
			acc = 0;
		}
	}
}

// Turns the solved state into out's values and remoteness, in standard order: the working
// matrices go first, so the peak stays that of the levels.
static enum status compact(struct solve *s, struct error *err)
{
	const struct dense *d = s->d;
	uint64_t size = d->rules->size;
	for (unsigned k = M_ZERO_T; k < M_COUNT; k++)
		bitpair_free(&s->m[k]);
	bitpair_transpose_in_place(&s->m[M_WON], s->parallel);
	bitpair_transpose_in_place(&s->m[M_DECIDED], s->parallel);
	uint8_t *values = calloc(size / 4 + 1, 1);
	if (!values || !dense_order_bytes(d, s->cnt, s->parallel)) {
		free(values);
		return error_set(err, STATUS_FAILURE, "out of memory: the solution needs %llu more bytes",
				 (unsigned long long)(size / 4 + 1));
	}
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) { // side t has n[other(t)] standard rows
		uint32_t sb = r;
		unsigned u = dense_row_side(d, &sb);
		values_of_row(s, dense_other(d, u), sb, values);
	}
	s->out->values = values;
	s->out->remoteness = s->cnt;
	s->cnt = NULL;
	return STATUS_OK;
}

enum status dense_solve(const struct dense *d, struct bitpair *reachable,
			const struct progress *progress, struct checkpoint *ck, struct solution *out,
			unsigned *levels, struct error *err)
{
	uint64_t size = d->rules->size;
	memset(out, 0, sizeof *out);
	out->size = size;
	struct solve s = {.d = d, .out = out, .cnt = malloc(size ? size : 1),
			  .grew = malloc(d->rows ? d->rows : 1), .parallel = size >= PARALLEL_MIN, .ck = ck};
	for (unsigned t = 0; t < 2; t++) {
		s.cnt_of[t] = s.cnt ? s.cnt + (t % d->sides) * d->block : NULL;
		s.cols[t] = d->n[dense_other(d, t % d->sides)];
	}
	bool resume = checkpoint_holds(ck, DENSE_SOLVE_STAGE);
	*levels = 0;
	// The last matrix is not needed to seed: allocated once reachable is freed.
	bool ok = s.cnt && s.grew && alloc_matrices(&s, 0, M_WIN_NEXT);
	if (ok && !resume) {
		s.counts.reachable = bitpair_count(reachable, s.parallel);
		seed(&s, reachable);
		s.counts.done = bitpair_count(&s.m[M_WIN_NEW], s.parallel) + bitpair_count(&s.m[M_LOSS_NEW], s.parallel);
	}
	bitpair_free(reachable);
	ok = ok && alloc_matrices(&s, M_WIN_NEXT, M_COUNT);
	enum status st = !ok ? error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu more bytes",
					 (unsigned long long)dense_solve_bytes(d))
			 : resume ? restore(&s, err) : STATUS_OK;
	if (st == STATUS_OK)
		st = run_levels(&s, progress, levels, err);
	if (st == STATUS_OK)
		st = compact(&s, err);
	for (unsigned k = 0; k < M_COUNT; k++)
		bitpair_free(&s.m[k]);
	free(s.cnt);
	free(s.grew);
	if (st == STATUS_OK)
		solution_finish(out);
	else
		solution_free(out);
	return st;
}

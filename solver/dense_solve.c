// SPDX-License-Identifier: MIT
// Dense retrograde solve (see dense_solve.h). Level k turns the positions decided at
// remoteness k into those of remoteness k + 1:
// - every parent of a new loss is a win: attack parents (y, x0) of a loss (x, y) lie in row y,
//   split parents (y0, x) in row x of the transposed matrix;
// - every new win decrements the attack counters of its attack parents (row y); a parent
//   whose counter is zero is a loss if all its split moves are won. Such a parent that still
//   has a split move open waits in ZERO_T and is checked again whenever its row of the won
//   matrix grows.
// The byte of a position is its counter while it is undecided (CNT_UNREACHABLE for an
// unreachable one), and its remoteness (255 past 254, see the overflow list) once DECIDED
// has its bit; WON then tells a win from a loss. At the end the bytes are moved in place to
// standard order (dense_order.h) and become the solution's remoteness array. Matrices are
// transposed in place, so the levels need no scratch matrix. A checkpoint (checkpoint.h) of
// the boundary before level k holds the bytes, the matrices up to LOSS_NEW and the overflow
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
	uint8_t *cnt;         // A-major: cnt[a * n + b]
	uint8_t *grew;        // n flags: row b of WIN_NEW has a bit
	struct bitmatrix m[M_COUNT];
	bool parallel;
	int oom;
	struct checkpoint *ck;    // NULL: none
	unsigned level;           // the first level to run, and the positions decided before it
	struct solve_state_counts counts;
};

uint64_t dense_solve_bytes(uint32_t n)
{
	return (uint64_t)n * n + M_COUNT * bitmatrix_bytes(n) + n;
}

static bool decided(const struct solve *s, uint32_t a, uint32_t b)
{
	return bit_get(bitmatrix_row(&s->m[M_DECIDED], a), b);
}

static uint8_t *cnt_at(const struct solve *s, uint32_t a, uint32_t b)
{
	return &s->cnt[(uint64_t)a * s->d->n + b];
}

// Only the thread that owns row a calls it. Wins also go to WON, at the end of the level.
static void decide(struct solve *s, uint32_t a, uint32_t b, unsigned k)
{
	bit_set(bitmatrix_row(&s->m[M_DECIDED], a), b);
	*cnt_at(s, a, b) = (uint8_t)(k < SOLUTION_OVERFLOW_MARK ? k : SOLUTION_OVERFLOW_MARK);
	if (k < SOLUTION_OVERFLOW_MARK)
		return;
	bool ok;
#pragma omp critical(dense_overflow)
	ok = solution_overflow_add(s->out, dense_index(s->d, a, b), k);
	if (!ok) {
#pragma omp atomic write
		s->oom = 1;
	}
}

bool dense_splits_won(const struct dense *d, const uint64_t *won_b, uint32_t a)
{
	for (uint32_t k = d->self.start[a]; k < d->self.start[a + 1]; k++)
		if (!bit_range_full(won_b, d->self.run[2 * k], d->self.run[2 * k + 1]))
			return false;
	return true;
}

// Whether every own-hands move of (a, b), to (b, a'), is won for its mover.
static bool splits_won(const struct solve *s, uint32_t a, uint32_t b)
{
	return dense_splits_won(s->d, bitmatrix_row(&s->m[M_WON], b), a);
}

enum dense_seed dense_seed(const struct dense *d, uint32_t a, uint32_t b, struct dense_scratch *scratch,
			   size_t *attacks)
{
	const struct rules *rules = d->rules;
	struct pos pos = {.seat = 0, .state = {d->state_of[a], d->state_of[b]}};
	*attacks = 0;
	if (rules->terminal(rules, &pos))
		return movegen_pos_won_by(rules, &pos, 0) ? DENSE_SEED_WIN : DENSE_SEED_LOSS;
	*attacks = dense_reach(d, &d->hit, a, b, scratch);
	if (*attacks + d->self_count[a] == 0) // cannot arise under the current rules
		return DENSE_SEED_LOSS;
	return DENSE_SEED_COUNT;
}

// Level 0 for the reachable position (a, b): terminal ones decided, counters set.
static void seed_position(struct solve *s, uint32_t a, uint32_t b,
			  struct dense_scratch *scratch)
{
	size_t attacks;
	enum dense_seed kind = dense_seed(s->d, a, b, scratch, &attacks);
	if (kind != DENSE_SEED_COUNT) {
		bool won = kind == DENSE_SEED_WIN;
		decide(s, a, b, 0);
		bit_set(bitmatrix_row(&s->m[won ? M_WIN_NEW : M_LOSS_NEW], a), b);
		if (won)
			bit_set(bitmatrix_row(&s->m[M_WON], a), b);
		return;
	}
	*cnt_at(s, a, b) = (uint8_t)attacks;
	if (attacks == 0)
		bit_set_atomic(bitmatrix_row(&s->m[M_ZERO_T], b), a);
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

static void seed(struct solve *s, const struct bitmatrix *reachable)
{
	const struct dense *d = s->d;
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t a = 0; a < d->n; a++) {
			const uint64_t *reach = bitmatrix_row(reachable, a);
			for (uint32_t b = 0; b < d->n && ok; b++) {
				if (bit_get(reach, b))
					seed_position(s, a, b, &scratch);
				else
					*cnt_at(s, a, b) = CNT_UNREACHABLE;
			}
		}
		dense_scratch_free(&scratch);
	}
}

// Runs body with col set to each set bit of row `row` of matrix m (a copy of each word, so
// body may clear bits).
#define FOR_BITS(m, row, col, body)                                                      \
	for (uint32_t row##_w = 0; row##_w < (m)->words; row##_w++)                          \
		for (uint64_t row##_b = bitmatrix_row((m), row)[row##_w]; row##_b;           \
		     row##_b &= row##_b - 1) {                                               \
			uint32_t col = row##_w * 64 + (uint32_t)__builtin_ctzll(row##_b);     \
			body;                                                                \
		}

// Calls visit(s, y, x0) for every attack parent (y, x0) of every position (x, y) in t, a
// transposed matrix (row y, bit x); rows y in parallel, each visit writing its own row y.
static void visit_attack_parents(struct solve *s, const struct bitmatrix *t,
				 void (*visit)(struct solve *s, uint32_t y, uint32_t x0))
{
	const struct dense *d = s->d;
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = scratch_start(s, &scratch);
#pragma omp for schedule(dynamic, 16)
		for (uint32_t y = 0; y < d->n; y++)
			FOR_BITS(t, y, x, {
				size_t n = ok ? dense_reach(d, &d->unhit, y, x, &scratch) : 0;
				for (size_t i = 0; i < n; i++)
					visit(s, y, scratch.out[i]);
			})
		dense_scratch_free(&scratch);
	}
}

static void mark_win(struct solve *s, uint32_t y, uint32_t x0)
{
	bit_set(bitmatrix_row(&s->m[M_WIN_NEXT], y), x0);
}

// Sets WIN_NEXT to the undecided parents of this level's losses, and decides them. Leaves
// LOSS_NEW transposed (wins_to_losses clears it).
static uint64_t losses_to_wins(struct solve *s, unsigned k)
{
	const struct dense *d = s->d;
	struct bitmatrix *loss = &s->m[M_LOSS_NEW], *next = &s->m[M_WIN_NEXT];
	bitmatrix_clear(next); // transposed first: split parents (y0, x) go to row x
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t x = 0; x < d->n; x++)
		FOR_BITS(loss, x, y, {
			for (uint32_t r = d->unself.start[y]; r < d->unself.start[y + 1]; r++)
				bit_set_range(bitmatrix_row(next, x), d->unself.run[2 * r], d->unself.run[2 * r + 1]);
		})
	bitmatrix_transpose_in_place(next, s->parallel);
	bitmatrix_transpose_in_place(loss, s->parallel);
	visit_attack_parents(s, loss, mark_win);
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t a = 0; a < d->n; a++)
		FOR_BITS(next, a, b, {
			if (decided(s, a, b) || *cnt_at(s, a, b) == CNT_UNREACHABLE) {
				bitmatrix_row(next, a)[b >> 6] &= ~(UINT64_C(1) << (b & 63));
			} else {
				decide(s, a, b, k + 1);
				found++;
			}
		})
	return found;
}

// A win (x, y) has decremented the counter of its attack parent (y, x0): with no open
// attack left, the parent is a loss if its splits are won, else it waits in ZERO_T.
static void count_down(struct solve *s, uint32_t y, uint32_t x0)
{
	uint8_t *c = cnt_at(s, y, x0);
	if (decided(s, y, x0) || *c == 0 || *c == CNT_UNREACHABLE || --*c > 0)
		return;
	if (splits_won(s, y, x0))
		bit_set(bitmatrix_row(&s->m[M_LOSS_NEW], y), x0);
	else
		bit_set_atomic(bitmatrix_row(&s->m[M_ZERO_T], x0), y);
}

// The waiting positions (a, b) whose row b of the won matrix grew at this level.
static void recheck_row(struct solve *s, uint32_t b)
{
	uint64_t *zero = bitmatrix_row(&s->m[M_ZERO_T], b);
	FOR_BITS(&s->m[M_ZERO_T], b, a, {
		bool open = !decided(s, a, b) && *cnt_at(s, a, b) == 0;
		bool loss = open && splits_won(s, a, b);
		if (!open || loss)
			zero[a >> 6] &= ~(UINT64_C(1) << (a & 63));
		if (loss)
			bit_set_atomic(bitmatrix_row(&s->m[M_LOSS_NEW], a), b);
	})
}

static bool row_any(const struct bitmatrix *m, uint32_t row)
{
	const uint64_t *r = bitmatrix_row(m, row);
	for (uint32_t w = 0; w < m->words; w++)
		if (r[w])
			return true;
	return false;
}

// Sets LOSS_NEW to the positions whose last open move was won at this level; decides them.
// Leaves WIN_NEW transposed (it is cleared before its next use, as WIN_NEXT).
static uint64_t wins_to_losses(struct solve *s, unsigned k)
{
	const struct dense *d = s->d;
	struct bitmatrix *win = &s->m[M_WIN_NEW], *loss = &s->m[M_LOSS_NEW];
#pragma omp parallel for schedule(static) if (s->parallel)
	for (uint32_t b = 0; b < d->n; b++)
		s->grew[b] = row_any(win, b);
	bitmatrix_transpose_in_place(win, s->parallel);
	bitmatrix_clear(loss);
	visit_attack_parents(s, win, count_down);
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t b = 0; b < d->n; b++)
		if (s->grew[b])
			recheck_row(s, b);
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t a = 0; a < d->n; a++)
		FOR_BITS(loss, a, b, {
			decide(s, a, b, k + 1);
			found++;
		})
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
		matrix[k] = s->m[k].bits;
	dense_state_sections(counts, s->cnt, (uint64_t)s->d->n * s->d->n, s->out, matrix, bitmatrix_bytes(s->d->n), sec);
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
		struct bitmatrix *won = &s->m[M_WON], *next = &s->m[M_WIN_NEXT];
		for (uint64_t w = 0; w < bitmatrix_bytes(s->d->n) / 8; w++)
			won->bits[w] |= next->bits[w];
		struct bitmatrix t = s->m[M_WIN_NEW];
		s->m[M_WIN_NEW] = *next;
		*next = t;
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
		ok &= bitmatrix_init(&s->m[k], s->d->n);
	return ok;
}

// The values of standard row sb (positions (a, b) with b = engine_of[sb]) from the
// transposed DECIDED and WON matrices and the bytes, already in standard order; undecided
// bytes become 0. Rows may share a values byte, hence the atomic or.
static void values_of_row(const struct solve *s, uint32_t sb, uint8_t *values)
{
	const struct dense *d = s->d;
	uint32_t n = d->n, b = d->engine_of[sb];
	const uint64_t *dec = bitmatrix_row(&s->m[M_DECIDED], b), *won = bitmatrix_row(&s->m[M_WON], b);
	uint64_t lo = (uint64_t)sb * n;
	uint8_t acc = 0;
	for (uint32_t sa = 0; sa < n; sa++) {
		uint64_t idx = lo + sa;
		uint32_t a = d->engine_of[sa];
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
	uint64_t n2 = (uint64_t)d->n * d->n;
	for (unsigned k = M_ZERO_T; k < M_COUNT; k++)
		bitmatrix_free(&s->m[k]);
	bitmatrix_transpose_in_place(&s->m[M_WON], s->parallel);
	bitmatrix_transpose_in_place(&s->m[M_DECIDED], s->parallel);
	uint8_t *values = calloc(n2 / 4 + 1, 1);
	if (!values || !dense_order_bytes(d, s->cnt, s->parallel)) {
		free(values);
		return error_set(err, STATUS_FAILURE, "out of memory: the solution needs %llu more bytes",
				 (unsigned long long)(n2 / 4 + 1));
	}
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t sb = 0; sb < d->n; sb++)
		values_of_row(s, sb, values);
	s->out->values = values;
	s->out->remoteness = s->cnt;
	s->cnt = NULL;
	return STATUS_OK;
}

enum status dense_solve(const struct dense *d, struct bitmatrix *reachable,
			const struct progress *progress, struct checkpoint *ck, struct solution *out,
			unsigned *levels, struct error *err)
{
	uint64_t n2 = (uint64_t)d->n * d->n;
	memset(out, 0, sizeof *out);
	out->size = n2;
	struct solve s = {.d = d, .out = out, .cnt = malloc(n2 ? n2 : 1), .grew = malloc(d->n ? d->n : 1),
			  .parallel = n2 >= PARALLEL_MIN, .ck = ck};
	bool resume = checkpoint_holds(ck, DENSE_SOLVE_STAGE);
	*levels = 0;
	// The last matrix is not needed to seed: allocated once reachable is freed.
	bool ok = s.cnt && s.grew && alloc_matrices(&s, 0, M_WIN_NEXT);
	if (ok && !resume) {
		s.counts.reachable = bitmatrix_count(reachable, s.parallel);
		seed(&s, reachable);
		s.counts.done = bitmatrix_count(&s.m[M_WIN_NEW], s.parallel) + bitmatrix_count(&s.m[M_LOSS_NEW], s.parallel);
	}
	bitmatrix_free(reachable);
	ok = ok && alloc_matrices(&s, M_WIN_NEXT, M_COUNT);
	enum status st = !ok ? error_set(err, STATUS_FAILURE, "out of memory: the solve needs %llu more bytes",
					 (unsigned long long)dense_solve_bytes(d->n))
			 : resume ? restore(&s, err) : STATUS_OK;
	if (st == STATUS_OK)
		st = run_levels(&s, progress, levels, err);
	if (st == STATUS_OK)
		st = compact(&s, err);
	for (unsigned k = 0; k < M_COUNT; k++)
		bitmatrix_free(&s.m[k]);
	free(s.cnt);
	free(s.grew);
	if (st == STATUS_OK)
		solution_finish(out);
	else
		solution_free(out);
	return st;
}

// SPDX-License-Identifier: MIT
// The levels of the dense retrograde solve (see dense_level.h). Level k turns the positions
// decided at remoteness k into those of remoteness k + 1:
// - every parent of a new loss is a win: attack parents (y, x0) of a loss (x, y) of side t
//   lie in row y of side other(t), split parents (y0, x) in row x of the transposed pair's
//   side t;
// - every new win decrements the attack counters of its attack parents (row y); a parent
//   whose counter is zero is a loss if all its split moves are won. Such a parent that still
//   has a split move open waits in ZERO_T and is checked again whenever its row of the won
//   matrix grows.
// With the rows split, the split parents come through the split_parents hook, and a parent
// left with no open attack, (y, x0), is lent to the holder of row x0 (LOSS_NEW transposed),
// the only one that sees whether its splits (x0, y') are all won: it becomes a candidate
// there, or waits in ZERO_T. The candidates go back (WIN_NEW, which holds them, transposed
// into LOSS_NEW), and their holders drop those decided meanwhile: ZERO_T there keeps decided
// positions until their splits are won, where the whole rows drop them at once, and the same
// positions become losses. Every transpose is in place (a hook), so the levels need no
// scratch matrix of their own; each parallel loop writes only its own rows, but for the
// atomic ors. WIN_NEXT and grew are set before use at every level.
#include "dense_level.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "backward.h"
#include "cell.h"
#include "movegen.h"

static inline uint64_t *row_of(const struct dense_level *s, unsigned k, unsigned t, uint32_t a)
{
	return bitpair_row(&s->m[k], t, a - s->lo);
}

static inline uint32_t words_of(const struct dense_level *s, unsigned k, unsigned t)
{
	return s->m[k].side[t].words;
}

static inline bool decided(const struct dense_level *s, unsigned t, uint32_t a, uint32_t b)
{
	return bit_get(row_of(s, DENSE_DECIDED, t, a), b);
}

static inline uint8_t *cnt_at(const struct dense_level *s, unsigned t, uint32_t a, uint32_t b)
{
	return s->cnt + s->cnt_off[t] + (uint64_t)(a - s->lo) * s->cols[t] + b;
}

static void clear_bit(uint64_t *row, uint32_t j)
{
	row[j >> 6] &= ~(UINT64_C(1) << (j & 63));
}

void dense_level_init(struct dense_level *s, const struct dense *d, const struct dense_level_ops *ops, void *ctx,
		      uint32_t lo, uint32_t hi)
{
	assert(ops->split_parents || (lo == 0 && hi == d->rows));
	*s = (struct dense_level){.d = d, .ops = ops, .ctx = ctx, .lo = lo, .hi = hi, .whole = !ops->split_parents};
	for (unsigned t = 0; t < 2; t++) {
		s->cnt_off[t] = (t % d->sides) * d->block;
		s->cols[t] = d->n[dense_other(d, t % d->sides)];
	}
}

// Only the thread that owns row a of side t calls it. Wins also go to WON, at the end of
// the level.
static void decide(struct dense_level *s, unsigned t, uint32_t a, uint32_t b, unsigned k)
{
	bit_set(row_of(s, DENSE_DECIDED, t, a), b);
	*cnt_at(s, t, a, b) = (uint8_t)(k < SOLUTION_OVERFLOW_MARK ? k : SOLUTION_OVERFLOW_MARK);
	if (k < SOLUTION_OVERFLOW_MARK)
		return;
	if (s->out->wide) { // whole rows: the index is this thread's alone
		((uint16_t *)s->out->wide)[dense_index(s->d, t, a, b)] = (uint16_t)k;
		return;
	}
	bool ok;
#pragma omp critical(dense_overflow)
	ok = solution_overflow_add(s->out, dense_index(s->d, t, a, b), k);
	if (!ok) {
#pragma omp atomic write
		s->oom = 1;
	}
}

// Whether every own-hands move of (a, b) of side t, to (b, a') of side other(t), is won for
// its mover: row b of the other side's WON, which is here.
static bool splits_won(const struct dense_level *s, unsigned t, uint32_t a, uint32_t b)
{
	const struct dense_class *mover = &s->d->cls[t];
	const uint64_t *won_b = row_of(s, DENSE_WON, dense_other(s->d, t), b);
	for (uint32_t k = mover->self.start[a]; k < mover->self.start[a + 1]; k++)
		if (!bit_range_full(won_b, mover->self.run[2 * k], mover->self.run[2 * k + 1]))
			return false;
	return true;
}

// Level 0 of the reachable position (a, b) of side t, which is pos, with hit its attack
// tables: a terminal one (or one without moves, which the rules do not produce) is decided
// at once; any other gets its counter, and waits for its splits if it has no attack (in
// ZERO_T A-major, transposed once every row is seeded).
static void seed_position(struct dense_level *s, const struct pos *pos, uint32_t a, uint32_t b,
			  const struct dense_reach_tables *hit, struct dense_scratch *scratch)
{
	const struct rules *rules = s->d->rules;
	unsigned t = pos->seat;
	bool terminal = rules->terminal(rules, pos);
	size_t attacks = terminal ? 0 : dense_reach(hit, a, b, scratch);
	if (terminal || attacks + s->d->cls[t].self_count[a] == 0) {
		bool won = terminal && movegen_pos_won_by(rules, pos, 0);
		decide(s, t, a, b, 0);
		bit_set(row_of(s, won ? DENSE_WIN_NEW : DENSE_LOSS_NEW, t, a), b);
		if (won)
			bit_set(row_of(s, DENSE_WON, t, a), b);
		return;
	}
	*cnt_at(s, t, a, b) = (uint8_t)attacks;
	if (attacks == 0)
		bit_set(row_of(s, DENSE_ZERO_T, t, a), b);
}

// Calls row(s, t, a, scratch, arg) for every row a of side t here, in parallel, with a
// scratch per thread; a thread whose scratch cannot be allocated raises s->oom and skips
// its rows. A call per row: the hot loops are inside row.
typedef void row_fn(struct dense_level *s, unsigned t, uint32_t a, struct dense_scratch *scratch, const void *arg);

static void rows_with_scratch(struct dense_level *s, row_fn *row, const void *arg)
{
	const struct dense *d = s->d;
#pragma omp parallel if (s->parallel)
	{
		struct dense_scratch scratch;
		bool ok = dense_scratch_init(&scratch, d);
		if (!ok) {
#pragma omp atomic write
			s->oom = 1;
		}
#pragma omp for schedule(dynamic, 16)
		for (uint32_t r = s->lo; r < s->hi; r++) {
			uint32_t a = r;
			unsigned t = dense_row_side(d, &a);
			if (ok)
				row(s, t, a, &scratch, arg);
		}
		dense_scratch_free(&scratch);
	}
}

// Level 0 for row a of side t; arg is the pair of reachable positions.
static void seed_row(struct dense_level *s, unsigned t, uint32_t a, struct dense_scratch *scratch, const void *arg)
{
	const struct dense *d = s->d;
	const uint64_t *reach = bitpair_row(arg, t, a - s->lo);
	const uint32_t *other_state = d->cls[dense_other(d, t)].state_of;
	struct dense_reach_tables hit = dense_reach_of(d, t, DENSE_HIT);
	struct pos pos = {.seat = t, .state = {d->cls[t].state_of[a]}};
	uint8_t *cnt = cnt_at(s, t, a, 0);
	for (uint32_t b = 0; b < s->cols[t]; b++) {
		if (!bit_get(reach, b)) {
			cnt[b] = DENSE_LEVEL_UNREACHABLE;
			continue;
		}
		pos.state[1] = other_state[b];
		seed_position(s, &pos, a, b, &hit, scratch);
	}
}

void dense_level_seed(struct dense_level *s, const struct bitpair *reachable)
{
	s->seeded = true;
	rows_with_scratch(s, seed_row, reachable);
}

static void clear(struct dense_level *s, unsigned k)
{
	memset(s->m[k].side[0].bits, 0, s->matrix_words * 8);
}

static uint64_t count(const struct dense_level *s, unsigned k)
{
	const uint64_t *bits = s->m[k].side[0].bits;
	uint64_t found = 0;
#pragma omp parallel for schedule(static) reduction(+ : found) if (s->parallel)
	for (uint64_t w = 0; w < s->matrix_words; w++)
		found += (uint64_t)__builtin_popcountll(bits[w]);
	return found;
}

static void transpose(struct dense_level *s, unsigned k)
{
	s->ops->transpose(s, &s->m[k]);
}

static void sum(struct dense_level *s, uint64_t *found)
{
	if (s->ops->sum)
		s->ops->sum(s, found);
}

static void mark_win(struct dense_level *s, unsigned u, uint32_t y, uint32_t x0)
{
	bit_set(row_of(s, DENSE_WIN_NEXT, u, y), x0);
}

// Calls visit(s, u, y, x0) for every attack parent (y, x0), of side u, of every position
// (x, y) in row y of side u of matrix k, transposed (bit x: the position (x, y) of side
// other(u)); each visit writes its own row y of side u. Inlined with visit a constant, so
// a visit is a direct call.
static inline void attack_parents(struct dense_level *s, unsigned k, unsigned u, uint32_t y,
				  struct dense_scratch *scratch,
				  void (*visit)(struct dense_level *s, unsigned u, uint32_t y, uint32_t x0))
{
	struct dense_reach_tables unhit = dense_reach_of(s->d, u, DENSE_UNHIT);
	const uint64_t *row = row_of(s, k, u, y);
	BIT_FOR_EACH(row, words_of(s, k, u), x, {
		size_t n = dense_reach(&unhit, y, x, scratch);
		for (size_t i = 0; i < n; i++)
			visit(s, u, y, scratch->out[i]);
	})
}

// The attack parents of the losses in LOSS_NEW (transposed) are wins.
static void win_parents(struct dense_level *s, unsigned u, uint32_t y, struct dense_scratch *scratch, const void *arg)
{
	(void)arg;
	attack_parents(s, DENSE_LOSS_NEW, u, y, scratch, mark_win);
}

void dense_level_split_runs(const struct dense_level *s, unsigned t, uint32_t y, uint64_t *row, bool atomic)
{
	const struct dense_runs *unself = &s->d->cls[dense_other(s->d, t)].unself; // y's and y0's
	for (uint32_t r = unself->start[y]; r < unself->start[y + 1]; r++) {
		uint32_t lo = unself->run[2 * r], hi = unself->run[2 * r + 1];
		lo = lo > s->lo ? lo : s->lo;
		hi = hi < s->hi ? hi : s->hi;
		if (lo >= hi)
			continue;
		if (atomic)
			bit_set_range_atomic(row, lo - s->lo, hi - s->lo);
		else
			bit_set_range(row, lo - s->lo, hi - s->lo);
	}
}

// With every row here: WIN_NEXT |= the split parents (y0, x) of the losses (x, y) of
// LOSS_NEW, set in row x of the transposed WIN_NEXT (empty before) from row x of LOSS_NEW.
static void split_parents_here(struct dense_level *s)
{
	const struct dense *d = s->d;
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t r = 0; r < d->rows; r++) {
		uint32_t x = r;
		unsigned t = dense_row_side(d, &x);
		uint64_t *row = row_of(s, DENSE_WIN_NEXT, t, x);
		const uint64_t *loss = row_of(s, DENSE_LOSS_NEW, t, x);
		BIT_FOR_EACH(loss, words_of(s, DENSE_LOSS_NEW, t), y, dense_level_split_runs(s, t, y, row, false))
	}
	transpose(s, DENSE_WIN_NEXT);
}

// Decides the wins in row a of side t of WIN_NEXT, dropping those decided or unreachable;
// returns how many.
static uint64_t decide_wins(struct dense_level *s, unsigned t, uint32_t a, unsigned k)
{
	uint64_t *row = row_of(s, DENSE_WIN_NEXT, t, a), found = 0;
	BIT_FOR_EACH(row, words_of(s, DENSE_WIN_NEXT, t), b, {
		if (decided(s, t, a, b) || *cnt_at(s, t, a, b) == DENSE_LEVEL_UNREACHABLE) {
			clear_bit(row, b);
		} else {
			decide(s, t, a, b, k + 1);
			found++;
		}
	})
	return found;
}

// Calls decide_row(s, t, a, k) for every row a of side t here, in parallel; returns the sum
// of what they return, the positions decided.
static uint64_t decide_rows(struct dense_level *s, unsigned k,
			    uint64_t (*decide_row)(struct dense_level *s, unsigned t, uint32_t a, unsigned k))
{
	const struct dense *d = s->d;
	uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : found) if (s->parallel)
	for (uint32_t r = s->lo; r < s->hi; r++) {
		uint32_t a = r;
		unsigned t = dense_row_side(d, &a);
		found += decide_row(s, t, a, k);
	}
	return found;
}

// Sets WIN_NEXT to the undecided parents of this level's losses, and decides them. Leaves
// LOSS_NEW transposed (wins_to_losses clears it).
static uint64_t losses_to_wins(struct dense_level *s, unsigned k)
{
	clear(s, DENSE_WIN_NEXT);
	if (s->whole)
		split_parents_here(s);
	else
		s->ops->split_parents(s);
	transpose(s, DENSE_LOSS_NEW);
	rows_with_scratch(s, win_parents, NULL);
	return decide_rows(s, k, decide_wins);
}

// (a, b) of side u, with every attack move won, waits for its splits: row b of ZERO_T.
static void wait_for_splits(struct dense_level *s, unsigned u, uint32_t a, uint32_t b)
{
	bit_set_atomic(row_of(s, DENSE_ZERO_T, dense_other(s->d, u), b), a);
}

// (a, b) of side u, whose moves are all won, is a loss: in LOSS_NEW with every row here, else
// a candidate for its row's holder (row b of WIN_NEW, here).
static void mark_loss(struct dense_level *s, unsigned u, uint32_t a, uint32_t b)
{
	if (s->whole)
		bit_set_atomic(row_of(s, DENSE_LOSS_NEW, u, a), b);
	else
		bit_set(row_of(s, DENSE_WIN_NEW, dense_other(s->d, u), b), a);
}

// A win (x, y) has decremented the counter of its attack parent (y, x0) of side u: with no
// open attack left, the parent is a loss if its splits are won, else it waits in ZERO_T.
// With the rows split, only the holder of row x0 sees its splits: it is lent there, by way
// of LOSS_NEW.
static void count_down(struct dense_level *s, unsigned u, uint32_t y, uint32_t x0)
{
	uint8_t *c = cnt_at(s, u, y, x0);
	if (decided(s, u, y, x0) || *c == 0 || *c == DENSE_LEVEL_UNREACHABLE || --*c > 0)
		return;
	if (s->whole && !splits_won(s, u, y, x0))
		wait_for_splits(s, u, y, x0);
	else
		bit_set(row_of(s, DENSE_LOSS_NEW, u, y), x0);
}

// The attack parents of the wins in WIN_NEW (transposed) count down.
static void count_parents(struct dense_level *s, unsigned u, uint32_t y, struct dense_scratch *scratch, const void *arg)
{
	(void)arg;
	attack_parents(s, DENSE_WIN_NEW, u, y, scratch, count_down);
}

// The parents lent to row b of side t (LOSS_NEW transposed), of side other(t): candidates
// if their splits are won, else they wait.
static void settle_lent(struct dense_level *s, unsigned t, uint32_t b)
{
	unsigned u = dense_other(s->d, t);
	const uint64_t *lent = row_of(s, DENSE_LOSS_NEW, t, b);
	BIT_FOR_EACH(lent, words_of(s, DENSE_LOSS_NEW, t), a, {
		if (splits_won(s, u, a, b))
			mark_loss(s, u, a, b);
		else
			bit_set(row_of(s, DENSE_ZERO_T, t, b), a);
	})
}

// The waiting positions (a, b), of side other(t), whose row b of side t of the won matrix
// grew at this level. With the rows split, the byte and DECIDED bit of (a, b) are elsewhere:
// its holder drops it if it was decided meanwhile.
static void recheck_row(struct dense_level *s, unsigned t, uint32_t b)
{
	unsigned u = dense_other(s->d, t);
	uint64_t *zero = row_of(s, DENSE_ZERO_T, t, b);
	BIT_FOR_EACH(zero, words_of(s, DENSE_ZERO_T, t), a, {
		bool open = !s->whole || (!decided(s, u, a, b) && *cnt_at(s, u, a, b) == 0);
		bool loss = open && splits_won(s, u, a, b);
		if (!open || loss)
			clear_bit(zero, a);
		if (loss)
			mark_loss(s, u, a, b);
	})
}

static bool row_any(const uint64_t *row, uint32_t words)
{
	for (uint32_t w = 0; w < words; w++)
		if (row[w])
			return true;
	return false;
}

// Decides the losses in row a of side t of LOSS_NEW (with the rows split, less those
// decided meanwhile); returns how many.
static uint64_t decide_losses(struct dense_level *s, unsigned t, uint32_t a, unsigned k)
{
	uint64_t *row = row_of(s, DENSE_LOSS_NEW, t, a), found = 0;
	uint32_t words = words_of(s, DENSE_LOSS_NEW, t);
	if (!s->whole) {
		const uint64_t *done = row_of(s, DENSE_DECIDED, t, a);
		for (uint32_t w = 0; w < words; w++)
			row[w] &= ~done[w];
	}
	BIT_FOR_EACH(row, words, b, {
		decide(s, t, a, b, k + 1);
		found++;
	})
	return found;
}

// Rows here: grew, then the lent parents settled (rows split) and the waiting ones checked.
static void check_splits(struct dense_level *s)
{
	const struct dense *d = s->d;
#pragma omp parallel for schedule(dynamic, 16) if (s->parallel)
	for (uint32_t r = s->lo; r < s->hi; r++) {
		uint32_t b = r;
		unsigned t = dense_row_side(d, &b);
		if (!s->whole)
			settle_lent(s, t, b);
		if (s->grew[r - s->lo])
			recheck_row(s, t, b);
	}
}

// Sets LOSS_NEW to the positions whose last open move was won at this level; decides them.
// Leaves WIN_NEW transposed (it is cleared before its next use, as WIN_NEXT).
static uint64_t wins_to_losses(struct dense_level *s, unsigned k)
{
	const struct dense *d = s->d;
#pragma omp parallel for schedule(static) if (s->parallel)
	for (uint32_t r = s->lo; r < s->hi; r++) {
		uint32_t b = r;
		unsigned t = dense_row_side(d, &b);
		s->grew[r - s->lo] = row_any(row_of(s, DENSE_WIN_NEW, t, b), words_of(s, DENSE_WIN_NEW, t));
	}
	transpose(s, DENSE_WIN_NEW);
	clear(s, DENSE_LOSS_NEW);
	rows_with_scratch(s, count_parents, NULL);
	if (!s->whole) { // the lent parents to their rows; WIN_NEW, read, takes the candidates
		transpose(s, DENSE_LOSS_NEW);
		clear(s, DENSE_WIN_NEW);
	}
	check_splits(s);
	if (!s->whole) { // the candidates back to their rows, as LOSS_NEW
		transpose(s, DENSE_WIN_NEW);
		struct bitpair t = s->m[DENSE_WIN_NEW];
		s->m[DENSE_WIN_NEW] = s->m[DENSE_LOSS_NEW];
		s->m[DENSE_LOSS_NEW] = t;
	}
	return decide_rows(s, k, decide_losses);
}

// The decisions here of level k (remoteness k + 1); WIN_NEW and LOSS_NEW then hold them.
static uint64_t level(struct dense_level *s, unsigned k)
{
	uint64_t found = losses_to_wins(s, k);
	found += wins_to_losses(s, k);
	uint64_t *won = s->m[DENSE_WON].side[0].bits, *next = s->m[DENSE_WIN_NEXT].side[0].bits;
#pragma omp parallel for schedule(static) if (s->parallel)
	for (uint64_t w = 0; w < s->matrix_words; w++)
		won[w] |= next[w];
	struct bitpair t = s->m[DENSE_WIN_NEW];
	s->m[DENSE_WIN_NEW] = s->m[DENSE_WIN_NEXT];
	s->m[DENSE_WIN_NEXT] = t;
	return found;
}

static const char *const matrix_name[DENSE_WIN_NEXT] = {"won", "decided", "zero_t", "win_new", "loss_new"};
#define SECTIONS (DENSE_WIN_NEXT + 4)

// The state at a level boundary: counts (the positions decided and reachable), bytes, the
// overflow list, the wide array (empty without one), then the matrices before WIN_NEXT (the
// rows here; WIN_NEXT and grew are cleared before each use: not part of it). Pointers only:
// nothing is copied.
static void state_sections(struct dense_level *s, struct checkpoint_section *sec)
{
	sec[0] = solve_state_counts(&s->counts);
	sec[1] = (struct checkpoint_section){"bytes", s->cnt, s->cnt_bytes};
	sec[2] = solve_state_overflow(s->out);
	sec[3] = solve_state_wide(s->out);
	for (unsigned k = 0; k < DENSE_WIN_NEXT; k++)
		sec[4 + k] = (struct checkpoint_section){matrix_name[k], s->m[k].side[0].bits, s->matrix_words * 8};
}

enum status dense_level_restore(struct dense_level *s, struct checkpoint *c, struct error *err)
{
	struct checkpoint_section sec[SECTIONS];
	state_sections(s, sec);
	return solve_state_load(c, s->out, sec, SECTIONS, &s->level, err);
}

// The end of the seeding: ZERO_T transposed, the positions decided counted.
static void finish_seed(struct dense_level *s)
{
	transpose(s, DENSE_ZERO_T);
	s->counts.done = count(s, DENSE_WIN_NEW) + count(s, DENSE_LOSS_NEW);
	sum(s, &s->counts.done);
}

// What a solve that ran out of memory says: most often, at scale, the overflow list.
#define OUT_OF_MEMORY                                                                     \
	"out of memory during the solve (a remoteness past 254 takes 16 bytes a position, " \
	"or 2 bytes a position in all once that is less, within --max-memory)"

// Whether any holder raised a flag (1 stop, 2 out of memory).
static int agree(struct dense_level *s, int flags)
{
	return s->ops->agree ? s->ops->agree(s, flags) : flags;
}

// Level k after its boundary: the positions it decided over all holders, or an error.
static enum status boundary_and_level(struct dense_level *s, const struct progress *progress,
				      const struct progress_step *step, uint64_t *found, struct error *err)
{
	struct checkpoint_section sec[SECTIONS];
	int flags = agree(s, (progress_stopped(progress) ? 1 : 0) | (s->oom ? 2 : 0));
	if (flags & 2)
		return error_set(err, STATUS_FAILURE, OUT_OF_MEMORY);
	// Every holder has the complete state of remoteness k, and no message is in flight.
	state_sections(s, sec);
	enum status st = s->ops->boundary(s, progress, step, sec, SECTIONS, err);
	if (st != STATUS_OK)
		return st;
	if (flags & 1)
		return error_set(err, STATUS_INTERRUPTED, "interrupted");
	*found = level(s, step->level);
	sum(s, found);
	if (s->ops->record)
		s->ops->record(s, *found);
	if (*found && step->level + 1 > CELL_MAX_REMOTENESS) // the cells just written are void
		return backward_too_remote(err);
	return STATUS_OK;
}

// Before level k: from remoteness 255 on (k 254), the wide array in place of the overflow
// list when the list could outgrow it (the undecided positions at 16 bytes against 2 a
// position) and it fits the budget; without one (or its allocation failing) the list.
static void maybe_widen(struct dense_level *s, unsigned k)
{
	uint64_t size = s->d->rules->size, left = s->counts.reachable - s->counts.done;
	if (k != SOLUTION_OVERFLOW_MARK - 1 || !s->whole || s->out->wide || left <= size / 8 ||
	    size > s->wide_budget / 2)
		return;
	s->out->wide = calloc(size ? size : 1, sizeof *s->out->wide);
}

enum status dense_level_run(struct dense_level *s, const struct progress *progress, unsigned *levels,
			    struct error *err)
{
	if (s->seeded)
		finish_seed(s);
	if (s->ops->record)
		s->ops->record(s, s->counts.done);
	struct progress_step step = {.phase = "solve", .total = s->counts.reachable};
	*levels = s->level;
	for (unsigned k = s->level;; k++) {
		uint64_t found;
		step.level = k;
		step.done = s->counts.done;
		maybe_widen(s, k);
		progress_report(progress, &step);
		enum status st = boundary_and_level(s, progress, &step, &found, err);
		if (st != STATUS_OK)
			return st;
		if (found == 0)
			break;
		s->counts.done += found;
		*levels = k + 1;
	}
	if (agree(s, s->oom ? 2 : 0))
		return error_set(err, STATUS_FAILURE, OUT_OF_MEMORY);
	return STATUS_OK;
}

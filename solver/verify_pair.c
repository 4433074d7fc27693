// SPDX-License-Identifier: MIT
// The fast walk of verify (verify_walk.h) for two players, with equal or uneven hands.
#include <stdlib.h>
#include <string.h>

#include "le64.h"
#include "movegen.h"
#include "position.h"
#include "verify_walk.h"

// ---- two players (movegen_pair_side): whole rows and columns ----
// A side holds the positions of one seat to move (one side for equal hands, one per seat
// for uneven): index base + A + m * B (A: the mover's state, of m; B: the other's, of o).
// Own-hands children B + o * A' lie in column B of the next side (whose mover has the o
// states), attack children B' + o * A in its row A. So the checks run, side by side, as two
// passes over blocks of consecutive rows: one over rows A of children, judging the attacks
// of every parent A + m * B into one byte each; then one over columns B of children
// (gathered a block at a time), judging the own-hands moves of row B of parents and
// deciding each parent. Where the own-hands moves form groups (movegen_self_groups), a
// parent's own-hands children are its group less itself: the two smallest and largest of
// each group in a column serve all (groups may overlap: one for each total and count of
// dead hands).
// The walk from the start then runs level by level the same way over bitmaps, and stops at
// the first level holding a failing position. Codes and remoteness are 16-bit, read
// through the overflow list past 254: only for tables whose remoteness stays below
// FAST_REM_MAX; others take the walk above.

#define FAST_REM_MAX 0xFFF0
#define BLOCK 16 // rows a check pass handles together
#define C_UNKNOWN 0
#define C_DRAW 0xFFFE
#define C_WON 0xFFFF
#define C_NONE 0x10000
enum { J_CHILD = 1, J_FAIL = 2, J_SAT = 4 };

// The positions with seat `seat` to move, and where their children lie.
struct side {
	const struct hand_class *mover, *other;
	uint64_t m, o;        // their states: the side's rows A and columns B
	uint64_t base, next;  // the side's first index, and its children's side's
	unsigned seat;
	uint32_t groups;      // UINT32_MAX when the mover's own-hands moves do not form groups
	uint32_t *group, *first, *member;
};

struct pair {
	const struct ctx *c;
	unsigned sides, modulus; // sides: 0 when the fast walk does not apply
	struct side side[2];
	uint8_t *partial;   // per index: J_* of the attack (or pass) children
	uint64_t *fail;     // per index: a stored position that fails its check
};

// The remoteness of index j, the overflow list's past 254.
static inline unsigned rem_at(const struct table_map *t, uint64_t j)
{
	uint8_t b = t->sol.remoteness[j];
	return b != SOLUTION_OVERFLOW_MARK ? b : solution_remoteness(&t->sol, j);
}

// The code of a child, ordered unknown < lost (by remoteness) < drawn < won.
static inline unsigned code_at(const struct table_map *t, uint64_t j)
{
	static const uint16_t base[4] = {C_UNKNOWN, C_WON, 1, C_DRAW};
	unsigned v = t->sol.values[j / 4] >> (2 * (j % 4)) & 3;
	return v == VALUE_LOSS ? 1u + rem_at(t, j) : base[v];
}

// What children with smallest code mn and largest remoteness mx (C_NONE: no children)
// tell about a parent of value v, remoteness r: J_FAIL (the check fails), J_SAT (they hold
// the witness: the child lost in r - 1, won in r - 1, or drawn), neither.
static inline unsigned judge(unsigned v, unsigned r, unsigned mn, unsigned mx)
{
	if (mn == C_NONE)
		return 0;
	if (mn == C_UNKNOWN)
		return J_CHILD | J_FAIL;
	if (v == VALUE_WIN)
		return J_CHILD | (mn < r ? J_FAIL : mn == r ? J_SAT : 0);
	if (v == VALUE_LOSS)
		return J_CHILD | (mn != C_WON || mx + 1 > r ? J_FAIL : mx + 1 == r ? J_SAT : 0);
	return J_CHILD | (mn < C_DRAW ? J_FAIL : mn == C_DRAW ? J_SAT : 0);
}

static inline bool pair_terminal(const struct rules *rules, const struct side *sd, uint32_t a, uint32_t b)
{
	struct pos pos = {sd->seat, {a, b}};
	return rules->terminal(rules, &pos);
}

static inline bool no_live(const struct hand_class *cls, uint32_t a)
{
	return cls->live_values[(uint64_t)a * cls->hands] == 0;
}

// Attacks (and passes) of side sd: for each block of rows A of children in [from, end),
// every parent A + m * B. Returns false when out of memory.
static bool attack_check(const struct pair *p, const struct side *sd, uint64_t from, uint64_t end)
{
	const struct table_map *t = p->c->t;
	const struct hand_class *cls = sd->mover;
	const struct relation *hit = &sd->other->hit;
	uint64_t m = sd->m, o = sd->o;
	bool ok = true;
#pragma omp parallel
	{
		uint16_t *code = malloc(2 * BLOCK * o * sizeof *code), *rem = code ? code + BLOCK * o : NULL;
		if (!code) {
#pragma omp atomic write
			ok = false;
		}
#pragma omp for schedule(dynamic, 1)
		for (uint64_t a0 = from; a0 < end; a0 += BLOCK) {
			if (!code)
				continue;
			unsigned width = end - a0 < BLOCK ? (unsigned)(end - a0) : BLOCK;
			for (unsigned w = 0; w < width; w++)
				for (uint64_t b = 0; b < o; b++) {
					uint64_t j = sd->next + b + o * (a0 + w);
					code[w * o + b] = (uint16_t)code_at(t, j);
					rem[w * o + b] = (uint16_t)rem_at(t, j);
				}
			for (uint64_t b = 0; b < o; b++) {
				uint64_t row = b * p->modulus;
				for (unsigned w = 0; w < width; w++) {
					uint64_t a = a0 + w, i = sd->base + a + m * b;
					unsigned v = table_value(t, i);
					if (v == VALUE_UNKNOWN)
						continue;
					const uint16_t *cw = code + w * o, *rw = rem + w * o;
					unsigned mn = C_NONE, mx = 0;
					const uint8_t *live = cls->live_values + a * cls->hands;
					if (!live[0]) {
						mn = cw[b], mx = rw[b];
					} else {
						for (unsigned h = 0; h < cls->hands && live[h]; h++)
							for (uint64_t e = hit->start[row + live[h]]; e < hit->start[row + live[h] + 1]; e++) {
								uint32_t to = hit->to[e];
								mn = cw[to] < mn ? cw[to] : mn;
								mx = rw[to] > mx ? rw[to] : mx;
							}
					}
					p->partial[i] = (uint8_t)judge(v, rem_at(t, i), mn, mx);
				}
			}
		}
		free(code);
	}
	return ok;
}

struct top2 {
	unsigned mn1, mn2, mx1, mx2;
	uint32_t mn_at, mx_at;
};

// Own-hands moves of side sd, for each block of columns B of children in [from, end):
// decides every parent A + m * B. Returns false when out of memory.
static bool split_check(const struct pair *p, const struct side *sd, uint64_t from, uint64_t end)
{
	const struct ctx *c = p->c;
	const struct table_map *t = c->t;
	const struct hand_class *cls = sd->mover;
	const struct relation *self = &cls->self;
	uint64_t m = sd->m, o = sd->o;
	bool grouped = sd->groups != UINT32_MAX, ok = true;
	uint64_t top_count = grouped ? sd->groups : 0;
#pragma omp parallel
	{
		uint16_t *code = malloc(2 * BLOCK * m * sizeof *code), *rem = code ? code + BLOCK * m : NULL;
		struct top2 *top = malloc((top_count + 1) * sizeof *top);
		uint64_t *child = malloc(c->rules->max_moves * sizeof *child);
		if (!code || !top || !child) {
#pragma omp atomic write
			ok = false;
		}
#pragma omp for schedule(dynamic, 1)
		for (uint64_t b0 = from; b0 < end; b0 += BLOCK) {
			if (!code || !top || !child)
				continue;
			unsigned width = end - b0 < BLOCK ? (unsigned)(end - b0) : BLOCK;
			for (uint64_t a = 0; a < m; a++)
				for (unsigned w = 0; w < width; w++) {
					uint64_t j = sd->next + b0 + w + o * a;
					code[w * m + a] = (uint16_t)code_at(t, j);
					rem[w * m + a] = (uint16_t)rem_at(t, j);
				}
			for (unsigned w = 0; w < width; w++) {
				const uint16_t *cw = code + w * m, *rw = rem + w * m;
				uint64_t b = b0 + w;
				for (uint32_t g = 0; g < top_count; g++) {
					struct top2 x = {C_NONE, C_NONE, 0, 0, UINT32_MAX, UINT32_MAX};
					for (uint32_t k = sd->first[g]; k < sd->first[g + 1]; k++) {
						uint32_t s = sd->member[k];
						unsigned cm = cw[s], rm = rw[s];
						if (cm < x.mn1)
							x.mn2 = x.mn1, x.mn1 = cm, x.mn_at = s;
						else if (cm < x.mn2)
							x.mn2 = cm;
						if (x.mx_at == UINT32_MAX || rm > x.mx1)
							x.mx2 = x.mx1, x.mx1 = rm, x.mx_at = s;
						else if (rm > x.mx2)
							x.mx2 = rm;
					}
					top[g] = x;
				}
				for (uint64_t a = 0; a < m; a++) {
					uint64_t i = sd->base + a + m * b;
					unsigned v = table_value(t, i), r = rem_at(t, i);
					if (v == VALUE_UNKNOWN)
						continue;
					bool pass;
					if (pair_terminal(c->rules, sd, (uint32_t)a, (uint32_t)b)) {
						struct pos pos = {sd->seat, {(uint32_t)a, (uint32_t)b}};
						unsigned want = c->rules->winner(c->rules, &pos) == 0 ? VALUE_WIN : VALUE_LOSS;
						pass = v == want && r == 0;
					} else {
						unsigned mn = C_NONE, mx = 0;
						if (no_live(cls, (uint32_t)a)) {
							// a pass: its one child is among the attack children
						} else if (grouped) {
							uint32_t g = sd->group[a];
							if (g != UINT32_MAX) {
								mn = top[g].mn_at == a ? top[g].mn2 : top[g].mn1;
								mx = top[g].mx_at == a ? top[g].mx2 : top[g].mx1;
							}
						} else {
							for (uint64_t e = self->start[a]; e < self->start[a + 1]; e++) {
								uint32_t to = self->to[e];
								mn = cw[to] < mn ? cw[to] : mn;
								mx = rw[to] > mx ? rw[to] : mx;
							}
						}
						unsigned f = judge(v, r, mn, mx) | p->partial[i];
						pass = (f & J_CHILD) && !(f & J_FAIL) && (f & J_SAT);
					}
					if (!pass)
						__atomic_fetch_or(&p->fail[i / 64], UINT64_C(1) << (i % 64), __ATOMIC_RELAXED);
				}
			}
		}
		free(code);
		free(top);
		free(child);
	}
	return ok;
}

// 64 bits of bitmap x from bit at on (x holds a spare word at its end).
static inline uint64_t get64(const uint64_t *x, uint64_t at)
{
	unsigned off = at % 64;
	uint64_t lo = x[at / 64] >> off;
	return off ? lo | x[at / 64 + 1] << (64 - off) : lo;
}

static inline void or64(uint64_t *x, uint64_t at, uint64_t bits)
{
	unsigned off = at % 64;
	if (!bits)
		return;
	__atomic_fetch_or(&x[at / 64], bits << off, __ATOMIC_RELAXED);
	if (off && bits >> (64 - off))
		__atomic_fetch_or(&x[at / 64 + 1], bits >> (64 - off), __ATOMIC_RELAXED);
}

static inline uint64_t low_bits(unsigned width)
{
	return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

// The own-hands children of side sd's part of the level cur into next: for 64 rows B of
// parents at a time, their columns B of children.
static bool split_expand(const struct pair *p, const struct side *sd, const struct walk *w)
{
	const struct rules *rules = p->c->rules;
	const struct hand_class *cls = sd->mover;
	const struct relation *self = &cls->self;
	uint64_t m = sd->m, o = sd->o;
	bool grouped = sd->groups != UINT32_MAX, ok = true;
	uint64_t gc = grouped ? sd->groups : 0;
#pragma omp parallel
	{
		uint64_t *col = calloc(m, sizeof *col);
		uint32_t *count = calloc(gc + 1, sizeof *count), *who = malloc((gc + 1) * sizeof *who);
		uint32_t *touched = malloc((gc + 1) * sizeof *touched);
		if (!col || !count || !who || !touched) {
#pragma omp atomic write
			ok = false;
		}
#pragma omp for schedule(dynamic, 1)
		for (uint64_t b0 = 0; b0 < o; b0 += 64) {
			if (!col || !count || !who || !touched)
				continue;
			unsigned width = o - b0 < 64 ? (unsigned)(o - b0) : 64;
			bool any = false;
			for (unsigned k = 0; k < width; k++) {
				uint64_t b = b0 + k, bit = UINT64_C(1) << k;
				uint32_t nt = 0;
				for (uint64_t a0 = 0; a0 < m; a0 += 64) {
					uint64_t x = get64(w->cur, sd->base + a0 + m * b) & low_bits((unsigned)(m - a0));
					for (; x; x &= x - 1) {
						uint32_t a = (uint32_t)(a0 + (uint64_t)__builtin_ctzll(x));
						if (no_live(cls, a) || pair_terminal(rules, sd, a, (uint32_t)b))
							continue;
						if (grouped) {
							uint32_t g = sd->group[a];
							if (g == UINT32_MAX)
								continue;
							if (count[g]++ == 0)
								touched[nt++] = g, who[g] = a;
						} else {
							for (uint64_t e = self->start[a]; e < self->start[a + 1]; e++)
								col[self->to[e]] |= bit, any = true;
						}
					}
				}
				for (uint32_t q = 0; q < nt; q++) {
					uint32_t g = touched[q];
					for (uint32_t s = sd->first[g]; s < sd->first[g + 1]; s++)
						if (count[g] > 1 || sd->member[s] != who[g])
							col[sd->member[s]] |= bit;
					count[g] = 0;
					any = true;
				}
			}
			for (uint64_t a = 0; any && a < m; a++) {
				or64(w->next, sd->next + b0 + o * a, col[a]);
				col[a] = 0;
			}
		}
		free(col);
		free(count);
		free(who);
		free(touched);
	}
	return ok;
}

// The attack (and pass) children of side sd's part of the level cur into next: for 64
// columns A of parents at a time, their rows A of children.
static bool attack_expand(const struct pair *p, const struct side *sd, const struct walk *w)
{
	const struct rules *rules = p->c->rules;
	const struct hand_class *cls = sd->mover;
	const struct relation *hit = &sd->other->hit;
	uint64_t m = sd->m, o = sd->o, words = (o + 63) / 64;
	bool ok = true;
#pragma omp parallel
	{
		uint64_t *rows = calloc(64 * words, sizeof *rows);
		if (!rows) {
#pragma omp atomic write
			ok = false;
		}
#pragma omp for schedule(dynamic, 1)
		for (uint64_t a0 = 0; a0 < m; a0 += 64) {
			if (!rows)
				continue;
			unsigned width = m - a0 < 64 ? (unsigned)(m - a0) : 64;
			uint64_t used = 0;
			for (uint64_t b = 0; b < o; b++) {
				uint64_t x = get64(w->cur, sd->base + a0 + m * b) & low_bits(width);
				for (; x; x &= x - 1) {
					unsigned k = (unsigned)__builtin_ctzll(x);
					uint32_t a = (uint32_t)(a0 + k);
					uint64_t *row = rows + k * words;
					if (pair_terminal(rules, sd, a, (uint32_t)b))
						continue;
					used |= UINT64_C(1) << k;
					const uint8_t *live = cls->live_values + (uint64_t)a * cls->hands;
					if (!live[0]) {
						row[b / 64] |= UINT64_C(1) << (b % 64);
						continue;
					}
					for (unsigned h = 0; h < cls->hands && live[h]; h++) {
						uint64_t r = b * p->modulus + live[h];
						for (uint64_t e = hit->start[r]; e < hit->start[r + 1]; e++)
							row[hit->to[e] / 64] |= UINT64_C(1) << (hit->to[e] % 64);
					}
				}
			}
			for (; used; used &= used - 1) {
				unsigned k = (unsigned)__builtin_ctzll(used);
				uint64_t *row = rows + k * words;
				for (uint64_t q = 0; q < words; q++) {
					or64(w->next, sd->next + o * (a0 + k) + 64 * q, row[q]);
					row[q] = 0;
				}
			}
		}
		free(rows);
	}
	return ok;
}

// The smallest index of the level cur that fails, NONE if none.
static uint64_t first_failing(const struct pair *p, const struct walk *w)
{
	uint64_t first = NONE;
#pragma omp parallel for schedule(static) reduction(min : first)
	for (uint64_t x = 0; x < w->words; x++) {
		uint64_t both = w->cur[x] & p->fail[x];
		if (both && x * 64 + (uint64_t)__builtin_ctzll(both) < first)
			first = x * 64 + (uint64_t)__builtin_ctzll(both);
	}
	return first;
}

// Whether every remoteness fits the 16-bit codes: the overflow list holds all past 254.
static bool rem_small(const struct table_map *t)
{
	for (uint64_t k = 0; k < t->sol.overflow_count; k++)
		if (le64_load(t->sol.overflow + 16 * k + 8) >= FAST_REM_MAX)
			return false;
	return true;
}

// One level of the walk for a pair (see walk_level): the failures were found beforehand.
static uint64_t pair_level(void *arg, struct walk *w, bool *ok)
{
	struct pair *p = arg;
	uint64_t first = first_failing(p, w);
	for (unsigned s = 0; first == NONE && s < p->sides; s++)
		if (!split_expand(p, &p->side[s], w) || !attack_expand(p, &p->side[s], w))
			*ok = false;
	return first;
}

// A check pass: over the rows A of children of a side (attacks), or its columns B.
struct check_pass {
	bool (*run)(const struct pair *, const struct side *, uint64_t, uint64_t);
	const char *phase;
	bool columns;
};

// Runs a check pass over the rows (or columns) of each side in about 100 slices in all,
// telling the share of the indexes done before each and stopping between them when asked.
static enum status run_pass(const struct pair *p, const struct check_pass *pass, const struct progress *progress,
			    struct error *err)
{
	uint64_t done = 0;
	for (unsigned s = 0; s < p->sides; s++) {
		const struct side *sd = &p->side[s];
		uint64_t lines = pass->columns ? sd->o : sd->m, per = pass->columns ? sd->m : sd->o;
		uint64_t slice = (lines * p->sides / 100 / BLOCK + 1) * BLOCK;
		for (uint64_t from = 0; from < lines; from += slice) {
			progress_report(progress, &(struct progress_step){.phase = pass->phase, .done = done + from * per,
									  .total = p->c->t->size});
			if (progress_stopped(progress))
				return error_set(err, STATUS_INTERRUPTED, "interrupted");
			if (!pass->run(p, sd, from, from + slice < lines ? from + slice : lines))
				return error_set(err, STATUS_FAILURE, "out of memory");
		}
		done += lines * per;
	}
	return STATUS_OK;
}

// The checks of every position for a pair, then the walk: the same verdict, position and
// count as the generic walk.
static enum status pair_walk(const struct ctx *c, struct pair *p, struct walk *w, const struct progress *progress,
			     struct verify_report *report, struct error *err)
{
	static const struct check_pass attacks = {attack_check, "verify: attacks", false},
					 own = {split_check, "verify: own-hands moves", true};
	enum status st = run_pass(p, &attacks, progress, err);
	if (st == STATUS_OK)
		st = run_pass(p, &own, progress, err);
	if (st != STATUS_OK)
		return st;
	free(p->partial);
	p->partial = NULL;
	return walk_levels(c, w, pair_level, p, progress, report, err);
}

// Sets up side s of rules; false when out of memory.
static bool side_init(const struct rules *rules, unsigned s, struct side *sd)
{
	const struct hand_class *cls[2];
	movegen_pair_side(rules, s, cls);
	*sd = (struct side){cls[0], cls[1], cls[0]->states, cls[1]->states, s * rules->block,
			    (s + 1) % rules->period * rules->block, s, UINT32_MAX, NULL, NULL, NULL};
	sd->group = malloc(sd->m * sizeof *sd->group);
	sd->first = malloc((sd->m + 1) * sizeof *sd->first);
	uint64_t capacity = 16 * sd->m; // beyond that, each parent's own moves are cheaper
	sd->member = malloc(capacity * sizeof *sd->member);
	uint32_t *scratch = malloc(2 * sd->m * sizeof *scratch);
	bool ok = sd->group && sd->first && sd->member && scratch;
	if (ok)
		sd->groups = movegen_self_groups(sd->mover, sd->group, sd->first, sd->member, capacity, scratch);
	free(scratch);
	return ok;
}

// Sets up a pair for rules and t, or returns false (p->sides 0) when the fast walk does not
// apply; false with p->sides set when out of memory.
static bool pair_init(const struct ctx *c, struct pair *p, const struct walk *w)
{
	const struct hand_class *cls[2];
	memset(p, 0, sizeof *p);
	p->c = c;
	if (!movegen_pair_side(c->rules, 0, cls) || !rem_small(c->t))
		return false;
	p->sides = c->rules->period;
	p->modulus = c->rules->modulus;
	bool ok = true;
	for (unsigned s = 0; s < p->sides; s++)
		ok = side_init(c->rules, s, &p->side[s]) && ok;
	p->partial = calloc(c->t->size, 1);
	p->fail = calloc(w->words + 1, 8);
	return ok && p->partial && p->fail;
}

static void pair_free(struct pair *p)
{
	for (unsigned s = 0; s < p->sides; s++) {
		free(p->side[s].group);
		free(p->side[s].first);
		free(p->side[s].member);
	}
	free(p->partial);
	free(p->fail);
}

enum status verify_pair(const struct ctx *c, struct walk *w, const struct progress *progress,
			struct verify_report *report, struct error *err, bool *applies)
{
	struct pair p;
	enum status st = STATUS_OK;
	bool ready = pair_init(c, &p, w);
	*applies = p.sides != 0; // pair_init leaves sides set when only memory was missing
	if (ready)
		st = pair_walk(c, &p, w, progress, report, err);
	else if (p.sides)
		st = error_set(err, STATUS_FAILURE, "out of memory (verify needs 1.5 bytes per position)");
	pair_free(&p);
	return st;
}

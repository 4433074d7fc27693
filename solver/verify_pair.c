// SPDX-License-Identifier: MIT
// The fast walk of verify (verify_walk.h) for two players with one hand class.
#include <stdlib.h>
#include <string.h>

#include "le64.h"
#include "movegen.h"
#include "position.h"
#include "verify_walk.h"

// ---- two players with one hand class (movegen_pair_class): whole rows and columns ----
// Index i = A + n * B (A: the mover's state). Own-hands children B + n * A' lie in column B,
// attack children B' + n * A in row A. So the checks run as two passes over blocks of
// consecutive rows: one over rows A of children, judging the attacks of every parent
// A + n * B into one byte each; then one over columns B of children (gathered a block at a
// time), judging the own-hands moves of row B of parents and deciding each parent. Where
// the own-hands moves form groups (movegen_self_groups), a parent's own-hands children are
// its group less itself: the two smallest and largest of each group in a column serve all
// (groups may overlap: one for each total and count of dead hands).
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

struct pair {
	const struct ctx *c;
	const struct hand_class *cls;
	uint32_t n, groups; // groups: UINT32_MAX when the own-hands moves do not form groups
	unsigned modulus;
	uint32_t *group, *first, *member;
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

static inline bool pair_terminal(const struct rules *rules, uint32_t a, uint32_t b)
{
	struct pos pos = {0, {a, b}};
	return rules->terminal(rules, &pos);
}

static inline bool no_live(const struct hand_class *cls, uint32_t a)
{
	return cls->live_values[(uint64_t)a * cls->hands] == 0;
}

// Attacks (and passes): for each block of rows A of children in [from, end), every parent
// A + n * B. Returns false when out of memory.
static bool attack_check(const struct pair *p, uint64_t from, uint64_t end)
{
	const struct table_map *t = p->c->t;
	const struct hand_class *cls = p->cls;
	const struct relation *hit = &cls->hit;
	uint64_t n = p->n;
	bool ok = true;
#pragma omp parallel
	{
		uint16_t *code = malloc(2 * BLOCK * n * sizeof *code), *rem = code ? code + BLOCK * n : NULL;
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
				for (uint64_t b = 0; b < n; b++) {
					uint64_t j = b + n * (a0 + w);
					code[w * n + b] = (uint16_t)code_at(t, j);
					rem[w * n + b] = (uint16_t)rem_at(t, j);
				}
			for (uint64_t b = 0; b < n; b++) {
				uint64_t row = b * p->modulus;
				for (unsigned w = 0; w < width; w++) {
					uint64_t a = a0 + w, i = a + n * b;
					unsigned v = table_value(t, i);
					if (v == VALUE_UNKNOWN)
						continue;
					const uint16_t *cw = code + w * n, *rw = rem + w * n;
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

// Own-hands moves, for each block of columns B of children in [from, end): decides every
// parent A + n * B. Returns false when out of memory.
static bool split_check(const struct pair *p, uint64_t from, uint64_t end)
{
	const struct ctx *c = p->c;
	const struct table_map *t = c->t;
	const struct hand_class *cls = p->cls;
	const struct relation *self = &cls->self;
	uint64_t n = p->n;
	bool grouped = p->groups != UINT32_MAX, ok = true;
	uint64_t top_count = grouped ? p->groups : 0;
#pragma omp parallel
	{
		uint16_t *code = malloc(2 * BLOCK * n * sizeof *code), *rem = code ? code + BLOCK * n : NULL;
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
			for (uint64_t a = 0; a < n; a++)
				for (unsigned w = 0; w < width; w++) {
					uint64_t j = b0 + w + n * a;
					code[w * n + a] = (uint16_t)code_at(t, j);
					rem[w * n + a] = (uint16_t)rem_at(t, j);
				}
			for (unsigned w = 0; w < width; w++) {
				const uint16_t *cw = code + w * n, *rw = rem + w * n;
				uint64_t b = b0 + w;
				for (uint32_t g = 0; g < top_count; g++) {
					struct top2 x = {C_NONE, C_NONE, 0, 0, UINT32_MAX, UINT32_MAX};
					for (uint32_t k = p->first[g]; k < p->first[g + 1]; k++) {
						uint32_t m = p->member[k];
						unsigned cm = cw[m], rm = rw[m];
						if (cm < x.mn1)
							x.mn2 = x.mn1, x.mn1 = cm, x.mn_at = m;
						else if (cm < x.mn2)
							x.mn2 = cm;
						if (x.mx_at == UINT32_MAX || rm > x.mx1)
							x.mx2 = x.mx1, x.mx1 = rm, x.mx_at = m;
						else if (rm > x.mx2)
							x.mx2 = rm;
					}
					top[g] = x;
				}
				for (uint64_t a = 0; a < n; a++) {
					uint64_t i = a + n * b;
					unsigned v = table_value(t, i), r = rem_at(t, i);
					if (v == VALUE_UNKNOWN)
						continue;
					bool pass;
					if (pair_terminal(c->rules, (uint32_t)a, (uint32_t)b)) {
						struct pos pos = {0, {(uint32_t)a, (uint32_t)b}};
						unsigned want = c->rules->winner(c->rules, &pos) == 0 ? VALUE_WIN : VALUE_LOSS;
						pass = v == want && r == 0;
					} else {
						unsigned mn = C_NONE, mx = 0;
						if (no_live(cls, (uint32_t)a)) {
							// a pass: its one child is among the attack children
						} else if (grouped) {
							uint32_t g = p->group[a];
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

// The own-hands children of the level cur into next: for 64 rows B of parents at a time,
// their columns B of children.
static bool split_expand(const struct pair *p, const struct walk *w)
{
	const struct rules *rules = p->c->rules;
	const struct hand_class *cls = p->cls;
	const struct relation *self = &cls->self;
	uint64_t n = p->n;
	bool grouped = p->groups != UINT32_MAX, ok = true;
	uint64_t gc = grouped ? p->groups : 0;
#pragma omp parallel
	{
		uint64_t *col = calloc(n, sizeof *col);
		uint32_t *count = calloc(gc + 1, sizeof *count), *who = malloc((gc + 1) * sizeof *who);
		uint32_t *touched = malloc((gc + 1) * sizeof *touched);
		if (!col || !count || !who || !touched) {
#pragma omp atomic write
			ok = false;
		}
#pragma omp for schedule(dynamic, 1)
		for (uint64_t b0 = 0; b0 < n; b0 += 64) {
			if (!col || !count || !who || !touched)
				continue;
			unsigned width = n - b0 < 64 ? (unsigned)(n - b0) : 64;
			bool any = false;
			for (unsigned k = 0; k < width; k++) {
				uint64_t b = b0 + k, bit = UINT64_C(1) << k;
				uint32_t nt = 0;
				for (uint64_t a0 = 0; a0 < n; a0 += 64) {
					uint64_t x = get64(w->cur, a0 + n * b) & low_bits((unsigned)(n - a0));
					for (; x; x &= x - 1) {
						uint32_t a = (uint32_t)(a0 + (uint64_t)__builtin_ctzll(x));
						if (no_live(cls, a) || pair_terminal(rules, a, (uint32_t)b))
							continue;
						if (grouped) {
							uint32_t g = p->group[a];
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
					for (uint32_t m = p->first[g]; m < p->first[g + 1]; m++)
						if (count[g] > 1 || p->member[m] != who[g])
							col[p->member[m]] |= bit;
					count[g] = 0;
					any = true;
				}
			}
			for (uint64_t a = 0; any && a < n; a++) {
				or64(w->next, b0 + n * a, col[a]);
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

// The attack (and pass) children of the level cur into next: for 64 columns A of parents
// at a time, their rows A of children.
static bool attack_expand(const struct pair *p, const struct walk *w)
{
	const struct rules *rules = p->c->rules;
	const struct hand_class *cls = p->cls;
	const struct relation *hit = &cls->hit;
	uint64_t n = p->n, words = (n + 63) / 64;
	bool ok = true;
#pragma omp parallel
	{
		uint64_t *rows = calloc(64 * words, sizeof *rows);
		if (!rows) {
#pragma omp atomic write
			ok = false;
		}
#pragma omp for schedule(dynamic, 1)
		for (uint64_t a0 = 0; a0 < n; a0 += 64) {
			if (!rows)
				continue;
			unsigned width = n - a0 < 64 ? (unsigned)(n - a0) : 64;
			uint64_t used = 0;
			for (uint64_t b = 0; b < n; b++) {
				uint64_t x = get64(w->cur, a0 + n * b) & low_bits(width);
				for (; x; x &= x - 1) {
					unsigned k = (unsigned)__builtin_ctzll(x);
					uint32_t a = (uint32_t)(a0 + k);
					uint64_t *row = rows + k * words;
					if (pair_terminal(rules, a, (uint32_t)b))
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
					or64(w->next, n * (a0 + k) + 64 * q, row[q]);
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
	if (first == NONE && (!split_expand(p, w) || !attack_expand(p, w)))
		*ok = false;
	return first;
}

// Runs a check pass over the rows (or columns) 0 .. n - 1 in about 100 slices, telling the
// share of the indexes done before each and stopping between them when asked.
static enum status run_pass(const struct pair *p, bool (*pass)(const struct pair *, uint64_t, uint64_t),
			    const char *phase, const struct progress *progress, struct error *err)
{
	uint64_t n = p->n, slice = (n / 100 / BLOCK + 1) * BLOCK;
	for (uint64_t from = 0; from < n; from += slice) {
		progress_report(progress, &(struct progress_step){.phase = phase, .done = from * n, .total = n * n});
		if (progress_stopped(progress))
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
		if (!pass(p, from, from + slice < n ? from + slice : n))
			return error_set(err, STATUS_FAILURE, "out of memory");
	}
	return STATUS_OK;
}

// The checks of every position for a pair, then the walk: the same verdict, position and
// count as the generic walk.
static enum status pair_walk(const struct ctx *c, struct pair *p, struct walk *w, const struct progress *progress,
			     struct verify_report *report, struct error *err)
{
	enum status st = run_pass(p, attack_check, "verify: attacks", progress, err);
	if (st == STATUS_OK)
		st = run_pass(p, split_check, "verify: own-hands moves", progress, err);
	if (st != STATUS_OK)
		return st;
	free(p->partial);
	p->partial = NULL;
	return walk_levels(c, w, pair_level, p, progress, report, err);
}

// Sets up a pair for rules and t, or returns false (p->cls NULL) when the fast walk does
// not apply; false with p->cls set when out of memory.
static bool pair_init(const struct ctx *c, struct pair *p, const struct walk *w)
{
	memset(p, 0, sizeof *p);
	p->c = c;
	const struct hand_class *cls = movegen_pair_class(c->rules);
	if (!cls || !rem_small(c->t))
		return false;
	p->cls = cls;
	p->n = cls->states;
	p->modulus = c->rules->modulus;
	p->group = malloc(p->n * sizeof *p->group);
	p->first = malloc((p->n + 1) * sizeof *p->first);
	uint64_t capacity = 16 * (uint64_t)p->n; // beyond that, each parent's own moves are cheaper
	p->member = malloc(capacity * sizeof *p->member);
	uint32_t *scratch = malloc(2 * (uint64_t)p->n * sizeof *scratch);
	p->partial = calloc(c->t->size, 1);
	p->fail = calloc(w->words + 1, 8);
	if (!p->group || !p->first || !p->member || !p->partial || !p->fail || !scratch) {
		free(scratch);
		return false;
	}
	p->groups = movegen_self_groups(cls, p->group, p->first, p->member, capacity, scratch);
	free(scratch);
	return true;
}

static void pair_free(struct pair *p)
{
	free(p->group);
	free(p->first);
	free(p->member);
	free(p->partial);
	free(p->fail);
}

enum status verify_pair(const struct ctx *c, struct walk *w, const struct progress *progress,
			struct verify_report *report, struct error *err, bool *applies)
{
	struct pair p;
	enum status st = STATUS_OK;
	bool ready = pair_init(c, &p, w);
	*applies = ready || p.cls; // pair_init leaves cls set when only memory was missing
	if (ready)
		st = pair_walk(c, &p, w, progress, report, err);
	else if (p.cls)
		st = error_set(err, STATUS_FAILURE, "out of memory (verify needs 1.5 bytes per position)");
	pair_free(&p);
	return st;
}

// SPDX-License-Identifier: MIT
// The independent check of a saved table (see verify.h): a level-by-level walk over bitmaps
// that checks each position as it expands it (or, for two players, equal or uneven hands,
// the whole-row passes of verify_pair.c first), then one pass over the whole table for the
// counts, stray remoteness and overflow entries.
#include "verify.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "le64.h"
#include "movegen.h"
#include "plan.h"
#include "position.h"
#include "verify_walk.h"

enum verify_fault verify_fail(const struct ctx *c, enum verify_fault f, const char *fmt, ...)
{
	if (c->why) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(c->why, c->len, fmt, ap);
		va_end(ap);
	}
	return f;
}

static const char *code_of(const struct rules *rules, uint64_t idx, char *buf)
{
	position_format(rules, idx, buf);
	return buf;
}

static enum verify_fault check_terminal(const struct ctx *c, uint64_t i, enum value v, unsigned r)
{
	if (!movegen_is_terminal(c->rules, i))
		return verify_fail(c, VERIFY_TERMINAL, "has no move but is not terminal");
	enum value want = movegen_winner(c->rules, i) == 0 ? VALUE_WIN : VALUE_LOSS;
	if (v == want && r == 0)
		return VERIFY_OK;
	return verify_fail(c, VERIFY_TERMINAL, "is terminal and the %s has won, so it is a %s in 0, but the table says %s in %u",
		    want == VALUE_WIN ? "player to move" : "other player", cell_value_name(want), cell_value_name(v), r);
}

struct children {
	unsigned min_lost, max_won; // UINT32_MAX / 0 when none
	bool all_won, any_drawn;
	uint64_t not_won, lost_fastest, won_slowest;
};

static void summarise(const struct table_map *t, const uint64_t *child, size_t n, struct children *s)
{
	*s = (struct children){UINT32_MAX, 0, true, false, NONE, NONE, NONE};
	for (size_t k = 0; k < n; k++) {
		enum value v = table_value(t, child[k]);
		unsigned r = v == VALUE_WIN || v == VALUE_LOSS ? table_remoteness(t, child[k]) : 0;
		if (v != VALUE_WIN && s->not_won == NONE)
			s->not_won = child[k];
		s->all_won = s->all_won && v == VALUE_WIN;
		s->any_drawn = s->any_drawn || v == VALUE_DRAW;
		if (v == VALUE_LOSS && r < s->min_lost)
			s->min_lost = r, s->lost_fastest = child[k];
		if (v == VALUE_WIN && (r > s->max_won || s->won_slowest == NONE))
			s->max_won = r, s->won_slowest = child[k];
	}
}

static enum verify_fault check_value(const struct ctx *c, enum value v, unsigned r, const struct children *s)
{
	char code[POSITION_CODE_MAX];
	const struct rules *rules = c->rules;
	if (v == VALUE_WIN && s->min_lost == UINT32_MAX)
		return verify_fail(c, VERIFY_WIN, "is a win in %u but no child is lost", r);
	if (v == VALUE_WIN && s->min_lost + 1 != r)
		return verify_fail(c, VERIFY_WIN, "is a win in %u but its fastest lost child %s is lost in %u", r,
			    code_of(rules, s->lost_fastest, code), s->min_lost);
	if (v == VALUE_LOSS && !s->all_won)
		return verify_fail(c, VERIFY_LOSS, "is a loss in %u but its child %s is a %s", r,
			    code_of(rules, s->not_won, code), cell_value_name(table_value(c->t, s->not_won)));
	if (v == VALUE_LOSS && s->max_won + 1 != r)
		return verify_fail(c, VERIFY_LOSS, "is a loss in %u but its slowest won child %s is won in %u", r,
			    code_of(rules, s->won_slowest, code), s->max_won);
	if (v == VALUE_DRAW && s->min_lost != UINT32_MAX)
		return verify_fail(c, VERIFY_DRAW, "is a draw but its child %s is lost", code_of(rules, s->lost_fastest, code));
	if (v == VALUE_DRAW && !s->any_drawn)
		return verify_fail(c, VERIFY_DRAW, "is a draw but every child is won");
	return VERIFY_OK;
}

// Checks stored position i from its children (child[0..n)).
static enum verify_fault check_one(const struct ctx *c, uint64_t i, const uint64_t *child, size_t n)
{
	char code[POSITION_CODE_MAX];
	enum value v = table_value(c->t, i);
	unsigned r = v == VALUE_WIN || v == VALUE_LOSS ? table_remoteness(c->t, i) : 0;
	for (size_t k = 0; k < n; k++)
		if (table_value(c->t, child[k]) == VALUE_UNKNOWN)
			return verify_fail(c, VERIFY_MISSING, "has a move to %s, which the table does not hold",
				    code_of(c->rules, child[k], code));
	if (n == 0)
		return check_terminal(c, i, v, r);
	struct children s;
	summarise(c->t, child, n, &s);
	return check_value(c, v, r, &s);
}



static bool walk_alloc(struct walk *w, uint64_t size)
{
	w->words = (size + 63) / 64;
	w->seen = calloc(w->words + 1, 8); // a spare word for reads of 64 bits from anywhere
	w->cur = calloc(w->words + 1, 8);
	w->next = calloc(w->words + 1, 8);
	return w->seen && w->cur && w->next;
}

static void walk_free(struct walk *w)
{
	free(w->seen);
	free(w->cur);
	free(w->next);
}

// Expands one level: checks every position in cur, marks its unseen children in next.
// Returns the smallest failing index, NONE if none; *ok turns false when out of memory.
static uint64_t expand_level(const struct ctx *c, struct walk *w, bool *ok)
{
	uint64_t first = NONE;
#pragma omp parallel
	{
		uint64_t *child = malloc(c->rules->max_moves * sizeof *child);
#pragma omp for schedule(dynamic, 256) reduction(min : first)
		for (uint64_t x = 0; x < w->words; x++) {
			for (uint64_t bits = child ? w->cur[x] : 0; bits; bits &= bits - 1) {
				uint64_t i = x * 64 + (uint64_t)__builtin_ctzll(bits);
				size_t n = movegen_children_any(c->rules, i, child);
				if (check_one(c, i, child, n) != VERIFY_OK) {
					first = i < first ? i : first;
					continue;
				}
				for (size_t k = 0; k < n; k++) {
					uint64_t b = UINT64_C(1) << (child[k] % 64);
					if (!(w->seen[child[k] / 64] & b) && !(__atomic_load_n(&w->next[child[k] / 64], __ATOMIC_RELAXED) & b))
						__atomic_fetch_or(&w->next[child[k] / 64], b, __ATOMIC_RELAXED);
				}
			}
			if (!child) {
#pragma omp atomic write
				*ok = false; // reported by walk_levels, not as a failing position
			}
		}
		free(child);
	}
	return first;
}

// Makes next the new level: next minus seen; returns how many positions it holds.
static uint64_t advance(struct walk *w)
{
	uint64_t count = 0;
#pragma omp parallel for reduction(+ : count) schedule(static)
	for (uint64_t x = 0; x < w->words; x++) {
		uint64_t fresh = w->next[x] & ~w->seen[x];
		w->seen[x] |= fresh;
		w->cur[x] = fresh;
		w->next[x] = 0;
		count += (uint64_t)__builtin_popcountll(fresh);
	}
	return count;
}

// Re-checks the failing position i alone, for the reason.
static void explain(const struct ctx *c, uint64_t i, struct verify_report *report)
{
	uint64_t *child = malloc(c->rules->max_moves * sizeof *child);
	struct ctx one = *c;
	one.why = report->why;
	one.len = sizeof report->why;
	report->at = i;
	size_t n = child ? movegen_children_any(c->rules, i, child) : 0;
	report->fault = !child ? VERIFY_HEADER : c->check ? c->check(&one, i, child, n, &report->slot) : check_one(&one, i, child, n);
	if (!child)
		snprintf(report->why, sizeof report->why, "out of memory while explaining");
	free(child);
}

static uint64_t generic_level(void *arg, struct walk *w, bool *ok)
{
	return expand_level(arg, w, ok);
}

enum status walk_levels(const struct ctx *c, struct walk *w, walk_level level, void *arg,
			       const struct progress *progress, struct verify_report *report, struct error *err)
{
	uint64_t s = c->rules->start;
	w->seen[s / 64] = w->cur[s / 64] = UINT64_C(1) << (s % 64);
	report->checked = 1;
	// The header's reachable count is what the walk should reach: the total of an estimate.
	struct progress_step step = {.phase = "verify: walk", .total = c->t->reachable};
	for (uint64_t count = 1, depth = 0; count; depth++) {
		step.level = (unsigned)depth;
		step.done = report->checked;
		progress_report(progress, &step);
		bool ok = true;
		uint64_t first = level(arg, w, &ok);
		if (!ok)
			return error_set(err, STATUS_FAILURE, "out of memory");
		if (first != NONE) {
			explain(c, first, report);
			return STATUS_OK;
		}
		report->checked += count = advance(w);
		if (progress_stopped(progress))
			return error_set(err, STATUS_INTERRUPTED, "interrupted");
	}
	return STATUS_OK;
}


static void tally_pass(const struct ctx *c, const struct walk *w, struct tally *out)
{
	uint64_t win = 0, loss = 0, draw = 0, unreached = NONE, stray = NONE, marks = 0;
	unsigned max_rem = 0;
	const struct table_map *t = c->t;
#pragma omp parallel for schedule(static, 65536) reduction(+ : win, loss, draw, marks) reduction(min : unreached, stray) reduction(max : max_rem)
	for (uint64_t i = 0; i < t->size; i++) {
		enum value v = table_value(t, i);
		uint8_t b = t->sol.remoteness[i];
		bool decided = v == VALUE_WIN || v == VALUE_LOSS;
		win += v == VALUE_WIN;
		loss += v == VALUE_LOSS;
		draw += v == VALUE_DRAW;
		marks += decided && b == 255;
		if (v != VALUE_UNKNOWN && !(w->seen[i / 64] >> (i % 64) & 1) && i < unreached)
			unreached = i;
		if (!decided && b && i < stray)
			stray = i;
		if (decided && b > max_rem)
			max_rem = b;
	}
	*out = (struct tally){{0, win, loss, draw}, unreached, stray, marks, max_rem};
}

// The overflow entries: each at a decided position marked 255, with remoteness >= 255.
// Returns the largest remoteness there (0 if none), or sets the fault.
unsigned verify_overflow(const struct ctx *c, const struct tally *y, struct verify_report *report)
{
	const struct table_map *t = c->t;
	unsigned largest = 0;
	for (uint64_t k = 0; k < t->sol.overflow_count; k++) {
		uint64_t i = le64_load(t->sol.overflow + 16 * k), r = le64_load(t->sol.overflow + 16 * k + 8);
		enum value v = i < t->sol.size ? table_value(t, i) : VALUE_UNKNOWN;
		if (v == VALUE_UNKNOWN || v == VALUE_DRAW || t->sol.remoteness[i] != 255 || r < 255 || r > UINT32_MAX) {
			report->fault = VERIFY_STRAY;
			report->at = i < t->sol.size ? i % t->stride : NONE;
			report->slot = i < t->sol.size ? (unsigned)(i / t->stride) : 0;
			snprintf(report->why, sizeof report->why, "overflow entry %llu (index %llu, remoteness %llu) is not at a win or loss marked 255",
				 (unsigned long long)k, (unsigned long long)i, (unsigned long long)r);
			return 0;
		}
		largest = r > largest ? (unsigned)r : largest;
	}
	if (y->marks != t->sol.overflow_count) {
		report->fault = VERIFY_STRAY;
		report->at = NONE;
		snprintf(report->why, sizeof report->why, "%llu positions are marked 255 but %llu overflow entries exist",
			 (unsigned long long)y->marks, (unsigned long long)t->sol.overflow_count);
	}
	return largest;
}

void verify_header(const struct ctx *c, const struct tally *y, uint64_t positions, unsigned max_rem,
		   struct verify_report *report)
{
	const struct table_map *t = c->t;
	uint64_t reached = y->count[VALUE_WIN] + y->count[VALUE_LOSS] + y->count[VALUE_DRAW];
	bool ok = t->reachable == positions && t->count[VALUE_WIN] == y->count[VALUE_WIN] &&
		  t->count[VALUE_LOSS] == y->count[VALUE_LOSS] && t->count[VALUE_DRAW] == y->count[VALUE_DRAW] &&
		  t->max_remoteness == max_rem &&
		  (reached == y->count[VALUE_DRAW] ? t->max_remoteness_at == NONE
		   : t->max_remoteness_at < t->sol.size && table_value(t, t->max_remoteness_at) != VALUE_DRAW &&
		     table_value(t, t->max_remoteness_at) != VALUE_UNKNOWN && table_remoteness(t, t->max_remoteness_at) == max_rem);
	if (ok)
		return;
	report->fault = VERIFY_HEADER;
	report->at = NONE;
	snprintf(report->why, sizeof report->why,
		 "the header says %llu reachable (win %llu, loss %llu, draw %llu), longest line %u; the data has %llu (win %llu, loss %llu, draw %llu), longest line %u",
		 (unsigned long long)t->reachable, (unsigned long long)t->count[VALUE_WIN], (unsigned long long)t->count[VALUE_LOSS],
		 (unsigned long long)t->count[VALUE_DRAW], t->max_remoteness, (unsigned long long)reached,
		 (unsigned long long)y->count[VALUE_WIN], (unsigned long long)y->count[VALUE_LOSS],
		 (unsigned long long)y->count[VALUE_DRAW], max_rem);
}

static void check_whole(const struct ctx *c, const struct walk *w, struct verify_report *report)
{
	struct tally y;
	tally_pass(c, w, &y);
	report->at = y.unreached != NONE ? y.unreached : y.stray;
	if (report->at != NONE) {
		report->fault = y.unreached != NONE ? VERIFY_UNREACHED : VERIFY_STRAY;
		snprintf(report->why, sizeof report->why, "%s", y.unreached != NONE ? "is stored but not reachable from the start"
				 : "is not a win or loss but has a remoteness byte");
		return;
	}
	unsigned over = verify_overflow(c, &y, report);
	uint64_t reached = y.count[VALUE_WIN] + y.count[VALUE_LOSS] + y.count[VALUE_DRAW];
	if (!report->fault)
		verify_header(c, &y, reached, over > y.max_rem ? over : y.max_rem, report);
}

enum status verify_run(const struct rules *rules, const struct table_map *t, bool fast, const struct progress *progress,
		       struct verify_report *report, struct error *err)
{
	struct ctx c = {rules, t, NULL, 0, NULL};
	struct walk w;
	memset(report, 0, sizeof *report);
	report->at = rules->start;
	report->players = t->players;
	if (t->size != rules->size || t->start != rules->start || t->players != rules->players) {
		report->fault = VERIFY_HEADER;
		snprintf(report->why, sizeof report->why, "the header's index size, start or players do not fit its rules");
		return STATUS_OK;
	}
	if (table_value(t, rules->start) == VALUE_UNKNOWN) {
		report->fault = VERIFY_START;
		snprintf(report->why, sizeof report->why, "is the start but is not stored");
		return STATUS_OK;
	}
	if (!walk_alloc(&w, t->size)) {
		walk_free(&w);
		return error_set(err, STATUS_FAILURE, "out of memory (verify needs 3 bits per position)");
	}
	bool applies = false;
	enum status st = STATUS_OK;
	if (t->players != 2) {
		st = verify_coalition(&c, &w, progress, report, err);
		walk_free(&w);
		return st;
	}
	if (fast)
		st = verify_pair(&c, &w, progress, report, err, &applies);
	if (!applies)
		st = walk_levels(&c, &w, generic_level, (void *)&c, progress, report, err);
	if (st == STATUS_OK && !report->fault)
		check_whole(&c, &w, report);
	walk_free(&w);
	return st;
}

enum verify_room verify_room(const struct rules *rules, const struct table_map *t, uint64_t max_bytes, double *need)
{
	double check = plan_rules_bytes(rules, PLAN_VERIFY), sections = t->blocks ? 1.25 * (double)t->sol.size : 0;
	*need = check + sections;
	if (!max_bytes || *need <= (double)max_bytes)
		return VERIFY_IN_MEMORY;
	*need = check;
	return check <= (double)max_bytes ? VERIFY_SCRATCH : VERIFY_TOO_LARGE;
}

enum status verify_table(const struct rules *rules, const struct table_map *t, const struct progress *progress,
			 struct verify_report *report, struct error *err)
{
	return verify_run(rules, t, true, progress, report, err);
}

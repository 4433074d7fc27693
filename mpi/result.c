// SPDX-License-Identifier: MIT
// The MPI solve's report and its gathers to rank 0 (see result.h). The standard index of
// (a, b) is state_of[a] + n * state_of[b]: standard row sb holds the positions whose other
// player is b = engine_of[sb], and each rank holds, of every standard row, the positions whose
// player to move is one of its rows, scattered over the row. A batch of standard rows (a
// multiple of 4, so that values bytes are never split) is packed by every rank in its own
// order, gathered to rank 0 (MPI_Gatherv) and put in standard order there.
#include "result.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitmatrix.h"
#include "describe.h"
#include "le64.h"
#include "parallel.h"
#include "table_file.h"
#include "walk.h"

#define BATCH_MOST (UINT64_C(1) << 24) // positions

void result_summary(const struct mpi_share *s, struct exchange *ex, struct solve_summary *sum)
{
	const struct dense *d = s->d;
	uint64_t count[4] = {0}, longest = 0, at = SOLUTION_NONE; // longest: remoteness + 1, 0 for none
	bool parallel = (uint64_t)(s->hi - s->lo) * d->n[0] >= PARALLEL_MIN;
	(void)parallel;
#pragma omp parallel if (parallel)
	{
		uint64_t c[4] = {0}, mine = 0, mine_at = SOLUTION_NONE;
#pragma omp for schedule(dynamic, 16) nowait
		for (uint32_t a = s->lo; a < s->hi; a++)
			for (uint32_t b = 0; b < d->n[0]; b++) {
				enum value v = mpi_share_value(s, a, b);
				c[v]++;
				if (v != VALUE_WIN && v != VALUE_LOSS)
					continue;
				uint64_t r = mpi_share_remoteness(s, a, b) + 1, idx = dense_index(d, 0, a, b);
				if (r > mine || (r == mine && idx < mine_at))
					mine = r, mine_at = idx;
			}
#pragma omp critical(result_summary)
		{
			for (int v = 0; v < 4; v++)
				count[v] += c[v];
			if (mine > longest || (mine == longest && mine_at < at))
				longest = mine, at = mine_at;
		}
	}
	MPI_Allreduce(MPI_IN_PLACE, count, 4, MPI_UINT64_T, MPI_SUM, ex->comm);
	uint64_t top = longest;
	MPI_Allreduce(MPI_IN_PLACE, &top, 1, MPI_UINT64_T, MPI_MAX, ex->comm);
	if (longest != top)
		at = SOLUTION_NONE;
	MPI_Allreduce(MPI_IN_PLACE, &at, 1, MPI_UINT64_T, MPI_MIN, ex->comm);
	count[VALUE_UNKNOWN] = 0;
	memcpy(sum->count, count, sizeof count);
	sum->reachable = count[VALUE_WIN] + count[VALUE_LOSS] + count[VALUE_DRAW];
	sum->max_remoteness = top ? (unsigned)(top - 1) : 0;
	sum->max_remoteness_at = top ? at : SOLUTION_NONE;
}

void result_at(const struct mpi_share *s, struct exchange *ex, uint64_t idx, enum value *v, unsigned *remoteness)
{
	const struct dense *d = s->d;
	uint32_t a = d->cls[0].engine_of[idx % d->n[0]], b = d->cls[0].engine_of[idx / d->n[0]];
	int owner = exchange_owner(ex, a);
	unsigned got[2] = {0, 0};
	if (owner == ex->rank)
		got[0] = mpi_share_value(s, a, b), got[1] = mpi_share_remoteness(s, a, b);
	MPI_Bcast(got, 2, MPI_UNSIGNED, owner, ex->comm);
	*v = (enum value)got[0];
	*remoteness = got[1];
}

// A batch of standard rows [sb0, sb0 + rows) of one kind (STATS_GATHER_*).
struct batch {
	const struct mpi_share *s;
	struct exchange *ex;
	const uint32_t *depth;
	uint32_t rows;          // standard rows per batch
	uint8_t *send, *recv, *out;
	uint64_t out_room;      // positions out has room for (CSV: six bytes each)
	int *counts, *displs;
	uint64_t sent;          // bytes this rank sent rank 0 in this kind's batches
};

// Bytes a rank of w rows sends per standard row (CSV: the distances, u32 in the ranks' byte
// order, then the remoteness bytes, then the values four to a byte).
static uint64_t row_bytes(int kind, uint32_t w)
{
	uint64_t quads = ((uint64_t)w + 3) / 4;
	return kind == STATS_GATHER_VALUES ? quads : kind == STATS_GATHER_REMOTENESS ? w : 5 * (uint64_t)w + quads;
}

// Rank 0's buffers take up to 11.25 bytes per position of a batch (csv: 5.25 received, 6 put
// in order), so a batch of a sixteenth of a share stays below the level's peak (plan.c).
static uint32_t batch_rows(uint32_t n, int ranks)
{
	uint64_t share = (uint64_t)n * n / (16 * (uint64_t)ranks), most = BATCH_MOST;
	uint64_t target = share < most ? share : most, rows = n ? target / n / 4 * 4 : 4;
	return (uint32_t)(rows < 4 ? 4 : rows);
}

// Allocates a batch for kinds up to the widest given; collective (agrees on failure).
static enum status batch_init(struct batch *bt, const struct mpi_share *s, struct exchange *ex, const uint32_t *depth,
			      int widest, struct error *err)
{
	uint32_t n = s->d->n[0], w = s->hi - s->lo;
	*bt = (struct batch){.s = s, .ex = ex, .depth = depth, .rows = batch_rows(n, ex->ranks)};
	uint64_t positions = (uint64_t)bt->rows * n, recv = 0;
	for (int r = 0; r < ex->ranks; r++)
		recv += bt->rows * row_bytes(widest, ex->lo[r + 1] - ex->lo[r]);
	bt->send = malloc(bt->rows * row_bytes(widest, w) + 1);
	bt->counts = malloc(2 * (size_t)ex->ranks * sizeof *bt->counts);
	bt->displs = bt->counts ? bt->counts + ex->ranks : NULL;
	if (ex->rank == 0) {
		bt->recv = malloc(recv + 1);
		bt->out_room = positions;
		bt->out = malloc((widest == STATS_GATHER_CSV ? 6 : 1) * positions + 1);
	}
	bool ok = bt->send && bt->counts && (ex->rank || (bt->recv && bt->out)) && recv <= INT32_MAX;
	enum status st = ok ? STATUS_OK
			    : error_set(err, STATUS_FAILURE, "rank %d: out of memory gathering the solution to rank 0", ex->rank);
	return walk_agree(ex->comm, st, err);
}

static void batch_free(struct batch *bt)
{
	free(bt->send);
	free(bt->recv);
	free(bt->out);
	free(bt->counts);
	memset(bt, 0, sizeof *bt);
}

// Packs this rank's part of standard rows [sb0, sb1): per row, per a of its rows, the field
// bytes of (a, engine_of[sb]) in a's order (values four to a byte).
static void pack(struct batch *bt, int kind, uint32_t sb0, uint32_t sb1)
{
	const struct mpi_share *s = bt->s;
	const struct dense *d = s->d;
	uint32_t w = s->hi - s->lo, quads = (w + 3) / 4;
	uint64_t rb = row_bytes(kind, w);
	bool parallel = (uint64_t)(sb1 - sb0) * w >= PARALLEL_MIN;
	(void)parallel;
#pragma omp parallel for schedule(dynamic, 4) if (parallel)
	for (uint32_t q = 0; q < quads; q++) {
		for (uint32_t sb = sb0; sb < sb1; sb++) {
			uint32_t b = d->cls[0].engine_of[sb];
			uint8_t *row = bt->send + (sb - sb0) * rb, packed = 0;
			for (uint32_t k = 0; k < 4 && 4 * q + k < w; k++) {
				uint32_t a = s->lo + 4 * q + k, i = 4 * q + k;
				packed |= (uint8_t)(mpi_share_value(s, a, b) << (2 * k));
				uint8_t rem = bit_get(slab_row(&s->decided, a), b) ? s->cnt[(uint64_t)i * d->n[0] + b] : 0;
				if (kind == STATS_GATHER_REMOTENESS)
					row[i] = rem;
				else if (kind == STATS_GATHER_CSV)
					memcpy(row + 4 * (uint64_t)i, &bt->depth[(uint64_t)i * d->n[0] + b], 4),
						row[4 * (uint64_t)w + i] = rem;
			}
			if (kind == STATS_GATHER_VALUES)
				row[q] = packed;
			else if (kind == STATS_GATHER_CSV)
				row[5 * (uint64_t)w + q] = packed;
		}
	}
}

// Puts the gathered rows in standard order in out (rank 0): values packed as in a table,
// remoteness bytes, or for CSV three arrays of out_room entries: depth (u32), value and
// remoteness (bytes).
static void unpack(struct batch *bt, int kind, uint32_t sb0, uint32_t sb1)
{
	const struct dense *d = bt->s->d;
	uint32_t n = d->n[0];
	if (kind == STATS_GATHER_VALUES)
		memset(bt->out, 0, ((uint64_t)(sb1 - sb0) * n + 3) / 4);
	bool parallel = (uint64_t)(sb1 - sb0) * n >= PARALLEL_MIN;
	(void)parallel;
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
	for (uint32_t sb = sb0; sb < sb1; sb++) {
		for (int r = 0; r < bt->ex->ranks; r++) {
			uint32_t lo = bt->ex->lo[r], w = bt->ex->lo[r + 1] - lo;
			uint64_t rb = row_bytes(kind, w);
			const uint8_t *row = bt->recv + bt->displs[r] + (sb - sb0) * rb;
			for (uint32_t i = 0; i < w; i++) {
				uint64_t at = (uint64_t)(sb - sb0) * n + d->cls[0].state_of[lo + i];
				uint8_t v = (uint8_t)(row[(kind == STATS_GATHER_CSV ? 5 * (uint64_t)w : 0) + i / 4] >> (2 * (i % 4)) & 3);
				if (kind == STATS_GATHER_VALUES) // rows share bytes when n % 4 != 0
					__atomic_fetch_or(&bt->out[at / 4], (uint8_t)(v << (2 * (at % 4))), __ATOMIC_RELAXED);
				else if (kind == STATS_GATHER_REMOTENESS)
					bt->out[at] = row[i];
				else
					memcpy(bt->out + 4 * at, row + 4 * (uint64_t)i, 4), bt->out[4 * bt->out_room + at] = v,
					bt->out[5 * bt->out_room + at] = row[4 * (uint64_t)w + i];
			}
		}
	}
}

// Gathers standard rows [sb0, sb1) of kind to rank 0. Collective.
static void gather(struct batch *bt, int kind, uint32_t sb0, uint32_t sb1)
{
	struct exchange *ex = bt->ex;
	uint32_t w = bt->s->hi - bt->s->lo;
	pack(bt, kind, sb0, sb1);
	int mine = (int)((sb1 - sb0) * row_bytes(kind, w)), at = 0;
	for (int r = 0; r < ex->ranks; r++) {
		bt->counts[r] = (int)((sb1 - sb0) * row_bytes(kind, ex->lo[r + 1] - ex->lo[r]));
		bt->displs[r] = at;
		at += bt->counts[r];
	}
	MPI_Request req; // the other ranks wait for rank 0 to write the last batch: asleep
	MPI_Igatherv(bt->send, mine, MPI_BYTE, bt->recv, bt->counts, bt->displs, MPI_BYTE, 0, ex->comm, &req);
	exchange_wait(&req);
	if (ex->rank)
		bt->sent += (uint64_t)mine;
	else
		unpack(bt, kind, sb0, sb1);
}

// The table's sections, gathered as table_save_filled asks for them (rank 0).
struct feed {
	struct batch *bt;
	int section;
	uint32_t next[2];  // the next standard row to gather, per section
	uint64_t lo, hi;   // the bytes of section held in out
};

static void feed_next(struct feed *f, int section)
{
	uint32_t n = f->bt->s->d->n[0], sb0 = f->next[section], sb1 = n - sb0 < f->bt->rows ? n : sb0 + f->bt->rows;
	gather(f->bt, section == TABLE_VALUES ? STATS_GATHER_VALUES : STATS_GATHER_REMOTENESS, sb0, sb1);
	f->next[section] = sb1;
	f->section = section;
	uint64_t lo = (uint64_t)sb0 * n, hi = (uint64_t)sb1 * n;
	f->lo = section == TABLE_VALUES ? lo / 4 : lo;
	f->hi = section == TABLE_VALUES ? (hi + 3) / 4 : hi;
}

static uint64_t fill(void *ctx, int section, uint64_t offset, uint64_t most, const uint8_t **piece)
{
	struct feed *f = ctx;
	while (f->section != section || offset >= f->hi)
		feed_next(f, section);
	*piece = f->bt->out + (offset - f->lo);
	return f->hi - offset < most ? f->hi - offset : most;
}

static int by_index(const void *x, const void *y)
{
	uint64_t a = le64_load(x), b = le64_load(y);
	return (a > b) - (a < b);
}

// Rank 0's copy of every rank's overflow entries, sorted; false (on every rank) without memory.
static bool gather_overflow(const struct mpi_share *s, struct exchange *ex, struct solution *all)
{
	int mine = (int)(16 * s->overflow.overflow_count), *counts = malloc(2 * (size_t)ex->ranks * sizeof *counts);
	int ok = counts != NULL;
	MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, ex->comm);
	if (!ok) {
		free(counts);
		return false;
	}
	int *displs = counts + ex->ranks, total = 0;
	MPI_Gather(&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, ex->comm);
	if (ex->rank == 0)
		for (int r = 0; r < ex->ranks; r++)
			displs[r] = total, total += counts[r];
	uint8_t *list = ex->rank == 0 ? malloc((size_t)total + 1) : NULL;
	ok = ex->rank || list;
	MPI_Bcast(&ok, 1, MPI_INT, 0, ex->comm);
	if (ok)
		MPI_Gatherv(s->overflow.overflow, mine, MPI_BYTE, list, counts, displs, MPI_BYTE, 0, ex->comm);
	free(counts);
	if (!ok)
		return false;
	all->overflow = list;
	all->overflow_count = ex->rank == 0 ? (uint64_t)total / 16 : 0;
	if (all->overflow_count > 1)
		qsort(list, all->overflow_count, 16, by_index);
	return true;
}

// Rank 0's status and message, on every rank.
static enum status share_status(struct exchange *ex, enum status st, struct error *err)
{
	int code = (int)st;
	MPI_Bcast(&code, 1, MPI_INT, 0, ex->comm);
	if (code != STATUS_OK)
		MPI_Bcast(err->msg, (int)sizeof err->msg, MPI_CHAR, 0, ex->comm);
	return (enum status)code;
}

enum status result_save(const struct mpi_share *s, struct exchange *ex, const struct solve_summary *sum,
			const char *path, struct stats *stats, struct error *err)
{
	struct batch bt;
	struct solution all = {0};
	enum status st = batch_init(&bt, s, ex, NULL, STATS_GATHER_REMOTENESS, err);
	if (st != STATUS_OK)
		return st;
	if (!gather_overflow(s, ex, &all)) {
		batch_free(&bt);
		return error_set(err, STATUS_FAILURE, "out of memory gathering the overflow list");
	}
	uint32_t n = s->d->n[0];
	struct feed f = {.bt = &bt, .section = -1};
	if (ex->rank == 0) {
		char settings[DESCRIBE_MAX];
		describe_settings(sum->rules, settings, sizeof settings);
		all.size = sum->rules->size;
		memcpy(all.count, sum->count, sizeof all.count);
		all.max_remoteness = sum->max_remoteness;
		all.max_remoteness_at = sum->max_remoteness_at;
		st = table_save_filled(path, sum->rules, &all, settings, fill, &f, err);
	}
	// Whatever rank 0 has gathered, every rank goes through every batch of both sections.
	uint64_t sent[2] = {0, 0};
	for (int section = TABLE_VALUES; section <= TABLE_REMOTENESS; section++) {
		while (f.next[section] < n)
			feed_next(&f, section);
		sent[section] = bt.sent;
		bt.sent = 0;
	}
	stats_gather(stats, STATS_GATHER_VALUES, (uint64_t)n * n, sent[0]);
	stats_gather(stats, STATS_GATHER_REMOTENESS, (uint64_t)n * n, sent[1]);
	free((uint8_t *)all.overflow);
	batch_free(&bt);
	return share_status(ex, st, err);
}

enum status result_csv(const struct mpi_share *s, struct exchange *ex, const uint32_t *depth,
		       struct stats *stats, struct error *err)
{
	struct batch bt;
	struct solution all = {0};
	enum status st = batch_init(&bt, s, ex, depth, STATS_GATHER_CSV, err);
	if (st != STATUS_OK)
		return st;
	if (!gather_overflow(s, ex, &all)) {
		batch_free(&bt);
		return error_set(err, STATUS_FAILURE, "out of memory gathering the overflow list");
	}
	const struct rules *rules = s->d->rules;
	uint32_t n = s->d->n[0];
	struct description game;
	describe_game(rules, &game);
	if (ex->rank == 0)
		solve_report_csv_header();
	for (uint32_t sb0 = 0; sb0 < n; sb0 += bt.rows) {
		uint32_t sb1 = n - sb0 < bt.rows ? n : sb0 + bt.rows;
		gather(&bt, STATS_GATHER_CSV, sb0, sb1);
		if (ex->rank)
			continue;
		uint64_t base = (uint64_t)sb0 * n, count = (uint64_t)(sb1 - sb0) * n;
		for (uint64_t i = 0; i < count; i++) {
			uint32_t depth_i;
			memcpy(&depth_i, bt.out + 4 * i, 4);
			if (depth_i == ENUMERATE_NONE)
				continue;
			enum value v = (enum value)bt.out[4 * bt.out_room + i];
			unsigned r = bt.out[5 * bt.out_room + i];
			if (r == SOLUTION_OVERFLOW_MARK)
				r = solution_overflow_find(all.overflow, all.overflow_count, base + i);
			solve_report_csv_row(rules, &game, base + i, depth_i, v, r);
		}
	}
	stats_gather(stats, STATS_GATHER_CSV, (uint64_t)n * n, bt.sent);
	free((uint8_t *)all.overflow);
	batch_free(&bt);
	return st;
}

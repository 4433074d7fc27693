// SPDX-License-Identifier: MIT
// Per-level statistics of the MPI solve (see stats.h).
#include "stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "game_text.h"
#include "record.h"

enum status stats_start(struct stats *s, MPI_Comm comm, const char *path, struct error *err)
{
	int rank, e = 0;
	memset(s, 0, sizeof *s);
	s->on = path != NULL;
	s->start = s->mark = MPI_Wtime();
	if (!path)
		return STATUS_OK;
	MPI_Comm_rank(comm, &rank);
	if (rank == 0) {
		if (snprintf(s->tmp, sizeof s->tmp, "%s.tmp", path) >= (int)sizeof s->tmp)
			e = ENAMETOOLONG;
		else if (!(s->file = fopen(s->tmp, "w")))
			e = errno ? errno : EIO;
	}
	MPI_Bcast(&e, 1, MPI_INT, 0, comm);
	if (e)
		return error_set(err, STATUS_FAILURE, "--stats '%s': %s", path, strerror(e));
	return STATUS_OK;
}

static void add(struct stats *s, int phase, int kind, uint64_t positions, struct exchange_count c)
{
	double now = MPI_Wtime();
	if (!s->on || s->oom)
		return;
	if (s->count[phase] == s->room[phase]) {
		unsigned room = s->room[phase] ? 2 * s->room[phase] : 64;
		struct stats_level *grown = realloc(s->level[phase], room * sizeof *grown);
		if (!grown) {
			s->oom = true;
			return;
		}
		s->level[phase] = grown;
		s->room[phase] = room;
	}
	s->level[phase][s->count[phase]++] = (struct stats_level){positions, c, now - s->mark, kind};
	s->mark = now;
}

void stats_level(struct stats *s, int phase, uint64_t positions, struct exchange *ex)
{
	add(s, phase, 0, positions, exchange_take(ex));
}

void stats_gather(struct stats *s, int kind, uint64_t positions, uint64_t bytes)
{
	add(s, STATS_OUTPUT, kind, positions, (struct exchange_count){.bytes = bytes});
}

void stats_free(struct stats *s)
{
	if (s->file) {
		fclose(s->file);
		remove(s->tmp);
	}
	for (int p = 0; p < STATS_PHASES; p++)
		free(s->level[p]);
	memset(s, 0, sizeof *s);
}

static const char *const phase_name[STATS_PHASES] = {"walk", "solve", "output"};
static const char *const output_name[] = {"values", "remoteness", "csv"};

// Per level: bytes summed, bytes of the rank that sent most, pairs, block words, rounds.
enum { F_BYTES, F_MOST, F_PAIRS, F_BLOCK, F_ROUNDS, F_FIELDS };

static void level_fields(struct record *r, const struct stats_level *lv, const uint64_t *v)
{
	record_u64(r, "positions", lv->positions);
	record_u64(r, "bytes", v[F_BYTES]);
	record_u64(r, "bytes_most", v[F_MOST]);
	record_u64(r, "pairs", v[F_PAIRS]);
	record_u64(r, "block_words", v[F_BLOCK]);
	record_u64(r, "rounds", v[F_ROUNDS]);
	record_real(r, "seconds", lv->seconds, 4);
}

// The solve's first record is its seeding; the output's are named by what they gather.
static void phase_object(struct record *r, int p, const struct stats_level *lv, const uint64_t *sum, unsigned count)
{
	uint64_t total = 0;
	double seconds = 0;
	for (unsigned k = 0; k < count; k++)
		total += sum[F_FIELDS * k + F_BYTES], seconds += lv[k].seconds;
	record_object(r, NULL);
	record_str(r, "phase", phase_name[p]);
	record_real(r, "seconds", seconds, 3);
	record_u64(r, "bytes", total);
	unsigned first = p == STATS_SOLVE && count ? 1 : 0;
	if (first) {
		record_object(r, "seed");
		level_fields(r, lv, sum);
		record_close(r);
	}
	record_array(r, "levels");
	for (unsigned k = first; k < count; k++) {
		record_object(r, NULL);
		if (p == STATS_OUTPUT)
			record_str(r, "gather", output_name[lv[k].kind]);
		else
			record_uint(r, "level", k - first);
		level_fields(r, lv + k, sum + F_FIELDS * k);
		record_close(r);
	}
	record_close(r);
	record_close(r);
}

// Rank 0's file; false with errno on failure.
static bool write_file(const char *path, struct stats *s, const uint64_t *const *sum, const uint64_t *rss,
		       const double *seconds, int ranks, const struct rules *rules, unsigned threads, uint64_t reachable)
{
	FILE *f = s->file;
	struct record r;
	s->file = NULL;
	record_begin(&r, f, FORMAT_JSON);
	record_int(&r, "ranks", ranks);
	record_uint(&r, "threads", threads);
	record_u64(&r, "positions", rules->size);
	record_u64(&r, "reachable", reachable);
	record_real(&r, "seconds", MPI_Wtime() - s->start, 3);
	record_array(&r, "peak_rss_bytes");
	for (int k = 0; k < ranks; k++)
		record_u64(&r, NULL, rss[k]);
	record_close(&r);
	const char *key[2] = {"cpu_seconds", "exchange_seconds"};
	for (int i = 0; i < 2; i++) {
		record_array(&r, key[i]);
		for (int k = 0; k < ranks; k++)
			record_real(&r, NULL, seconds[2 * k + i], 3);
		record_close(&r);
	}
	record_array(&r, "phases");
	for (int p = 0; p < STATS_PHASES; p++)
		phase_object(&r, p, s->level[p], sum[p], s->count[p]);
	record_close(&r);
	game_record(&r, rules);
	record_end(&r);
	bool ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	return ok && rename(s->tmp, path) == 0;
}

enum status stats_write(struct stats *s, MPI_Comm comm, double exchange_seconds, const char *path,
			const struct rules *rules, unsigned threads, uint64_t reachable, struct error *err)
{
	int rank, ranks;
	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &ranks);
	struct rusage use;
	bool used = getrusage(RUSAGE_SELF, &use) == 0;
	uint64_t rss = used ? (uint64_t)use.ru_maxrss * 1024 : 0; // KiB on Linux
	double seconds[2] = {used ? (double)use.ru_utime.tv_sec + (double)use.ru_stime.tv_sec +
					    1e-6 * (double)(use.ru_utime.tv_usec + use.ru_stime.tv_usec)
				  : 0,
			     exchange_seconds};
	double *all_seconds = calloc(2 * (size_t)ranks, sizeof *all_seconds);
	uint64_t *all_rss = calloc((size_t)ranks, sizeof *all_rss), *sum[STATS_PHASES], *mine[STATS_PHASES];
	uint64_t *most[STATS_PHASES];
	int failed = s->oom || !all_rss || !all_seconds;
	for (int p = 0; p < STATS_PHASES; p++) {
		size_t n = s->count[p];
		sum[p] = calloc(n * F_FIELDS + 1, sizeof *sum[p]);
		mine[p] = calloc(n * F_FIELDS + 1, sizeof *mine[p]);
		most[p] = calloc(n + 1, sizeof *most[p]);
		failed |= !sum[p] || !mine[p] || !most[p];
	}
	MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, comm);
	// Every rank records the same levels (the loops are collective), so the arrays match.
	for (int p = 0; p < STATS_PHASES && !failed; p++) {
		unsigned n = s->count[p];
		for (unsigned k = 0; k < n; k++) {
			const struct exchange_count *c = &s->level[p][k].sent;
			uint64_t *v = mine[p] + F_FIELDS * k;
			v[F_BYTES] = c->bytes, v[F_PAIRS] = c->pairs, v[F_BLOCK] = c->block_words;
			most[p][k] = c->bytes;
		}
		MPI_Reduce(mine[p], sum[p], (int)(n * F_FIELDS), MPI_UINT64_T, MPI_SUM, 0, comm);
		MPI_Reduce(rank ? most[p] : MPI_IN_PLACE, most[p], (int)n, MPI_UINT64_T, MPI_MAX, 0, comm);
		for (unsigned k = 0; k < n; k++) {
			sum[p][F_FIELDS * k + F_MOST] = most[p][k];
			sum[p][F_FIELDS * k + F_ROUNDS] = s->level[p][k].sent.rounds; // the same on every rank
		}
	}
	if (!failed) {
		MPI_Gather(&rss, 1, MPI_UINT64_T, all_rss, 1, MPI_UINT64_T, 0, comm);
		MPI_Gather(seconds, 2, MPI_DOUBLE, all_seconds, 2, MPI_DOUBLE, 0, comm);
	}
	int e = 0;
	if (rank == 0 && !failed) {
		errno = 0;
		if (!write_file(path, s, (const uint64_t *const *)sum, all_rss, all_seconds, ranks, rules, threads, reachable))
			e = errno ? errno : EIO, remove(s->tmp);
	}
	for (int p = 0; p < STATS_PHASES; p++) {
		free(sum[p]);
		free(mine[p]);
		free(most[p]);
	}
	free(all_rss);
	free(all_seconds);
	int st[2] = {failed, e};
	MPI_Bcast(st, 2, MPI_INT, 0, comm);
	if (st[0])
		return error_set(err, STATUS_FAILURE, "--stats: out of memory");
	if (st[1])
		return error_set(err, STATUS_FAILURE, "--stats '%s': %s", path, strerror(st[1]));
	return STATUS_OK;
}

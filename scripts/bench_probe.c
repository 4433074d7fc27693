// SPDX-License-Identifier: MIT
// scripts/bench_tables' probe timer, on the public header only:
//   bench_probe codes TABLE N SEED   N random reachable codes of TABLE's game, one a line
//                                    (uniform over the index space, unreachable ones drawn again)
//   bench_probe probe TABLE FILE     the codes of FILE through the library on this thread:
//                                    chop_solution_probe_many over all at once, then
//                                    chop_solution_probe one by one; prints
//                                    many_per_s,one_per_s,found (CSV, no header)
//   bench_probe blocks TABLE CODE... for each position, its moves and the blocks of 2^18
//                                    indexes (format 2's, table_file.h) its children lie in,
//                                    as the index orders them and with the two players'
//                                    digits swapped (two players with equal hands: index =
//                                    mover + N * opponent); prints code,moves,blocks,swapped
// The table's opening is not timed. Exit 1 on any failure.
#define _POSIX_C_SOURCE 200809L // clock_gettime, strdup
#include <chopsticks.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
	return *s;
}

static int codes(const chop_solution *t, unsigned long n, uint64_t seed)
{
	const chop_game *g = chop_solution_game(t);
	uint64_t size = chop_game_size(g), s = seed | 1;
	char buf[256];
	for (unsigned long k = 0; k < n;) {
		uint64_t i = next(&s) % size;
		if (chop_solution_value(t, i, 0, NULL) == CHOP_UNREACHABLE)
			continue;
		if (chop_game_format(g, i, buf, sizeof buf, NULL) != CHOP_OK)
			return 1;
		puts(buf);
		k++;
	}
	return 0;
}

static int probe(const chop_solution *t, const char *path)
{
	FILE *f = fopen(path, "r");
	size_t n = 0, room = 1024;
	char **code = malloc(room * sizeof *code), line[256];
	while (f && code && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (n == room && !(code = realloc(code, (room *= 2) * sizeof *code)))
			return 1;
		code[n++] = strdup(line);
	}
	if (!f || !code || !n)
		return 1;
	uint8_t *v = malloc(n);
	unsigned *r = malloc(n * sizeof *r);
	double t0 = now();
	size_t found = chop_solution_probe_many(t, (const char *const *)code, n, v, r);
	double t1 = now();
	for (size_t i = 0; i < n; i++) {
		chop_value value;
		unsigned rem;
		chop_solution_probe(t, code[i], &value, &rem, NULL);
		if (value != v[i] || rem != r[i])
			return fprintf(stderr, "bench_probe: %s: one by one and many at once differ\n", code[i]), 1;
	}
	double t2 = now();
	printf("%.0f,%.0f,%zu\n", (double)n / (t1 - t0), (double)n / (t2 - t1), found);
	return 0;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

// How many distinct values v[0 .. n) holds (sorting it).
static size_t distinct(uint64_t *v, size_t n)
{
	size_t d = 0;
	qsort(v, n, sizeof *v, by_value);
	for (size_t i = 0; i < n; i++)
		d += !i || v[i] != v[i - 1];
	return d;
}

static int blocks(const chop_solution *t, char **code, int n)
{
	chop_error err;
	uint64_t size = chop_game_size(chop_solution_game(t)), side = 1;
	while ((side + 1) * (side + 1) <= size)
		side++;
	if (side * side != size)
		return fprintf(stderr, "bench_probe: blocks: the index space is no square (uneven hands)\n"), 1;
	for (int c = 0; c < n; c++) {
		chop_moves *m = chop_solution_moves(t, code[c], &err);
		if (!m)
			return fprintf(stderr, "bench_probe: %s\n", err.message), 1;
		size_t k = chop_moves_count(m);
		uint64_t *as_is = malloc((k + 1) * sizeof *as_is), *swapped = malloc((k + 1) * sizeof *swapped);
		if (!as_is || !swapped)
			return 1;
		for (size_t i = 0; i < k; i++) {
			uint64_t idx = chop_moves_index(m, i);
			as_is[i] = idx >> 18;
			swapped[i] = (idx % side * side + idx / side) >> 18;
		}
		printf("%s,%zu,%zu,%zu\n", code[c], k, distinct(as_is, k), distinct(swapped, k));
		free(as_is), free(swapped);
		chop_moves_free(m);
	}
	return 0;
}

int main(int argc, char **argv)
{
	chop_error err;
	if (argc < 4 || (strcmp(argv[1], "codes") && strcmp(argv[1], "probe") && strcmp(argv[1], "blocks")) ||
	    (!strcmp(argv[1], "codes") && argc < 5)) {
		fprintf(stderr, "usage: bench_probe codes TABLE N SEED | probe TABLE FILE | blocks TABLE CODE...\n");
		return 2;
	}
	chop_solution *t = chop_table_open(argv[2], NULL, &err);
	if (!t)
		return fprintf(stderr, "bench_probe: %s\n", err.message), 1;
	int rc = !strcmp(argv[1], "codes")  ? codes(t, strtoul(argv[3], NULL, 10), strtoull(argv[4], NULL, 10))
		 : !strcmp(argv[1], "blocks") ? blocks(t, argv + 3, argc - 3)
					      : probe(t, argv[3]);
	chop_solution_free(t);
	return rc;
}

// SPDX-License-Identifier: MIT
// scripts/bench_tables' probe timer, on the public header only:
//   bench_probe codes TABLE N SEED   N random reachable codes of TABLE's game, one a line
//                                    (uniform over the index space, unreachable ones drawn again)
//   bench_probe probe TABLE FILE     the codes of FILE through the library on this thread:
//                                    chop_solution_probe_many over all at once, then
//                                    chop_solution_probe one by one; prints
//                                    many_per_s,one_per_s,found (CSV, no header)
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

int main(int argc, char **argv)
{
	chop_error err;
	if (argc < 4 || (strcmp(argv[1], "codes") && strcmp(argv[1], "probe")) || (!strcmp(argv[1], "codes") && argc < 5)) {
		fprintf(stderr, "usage: bench_probe codes TABLE N SEED | probe TABLE FILE\n");
		return 2;
	}
	chop_solution *t = chop_table_open(argv[2], NULL, &err);
	if (!t)
		return fprintf(stderr, "bench_probe: %s\n", err.message), 1;
	int rc = !strcmp(argv[1], "codes") ? codes(t, strtoul(argv[3], NULL, 10), strtoull(argv[4], NULL, 10))
					   : probe(t, argv[3]);
	chop_solution_free(t);
	return rc;
}

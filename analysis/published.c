// SPDX-License-Identifier: MIT
// Parsing the compiled-in published.csv (see published.h). Lines starting with '#' and the
// header are skipped; a malformed line is a build-time mistake caught by the tests.
#include "published.h"

#include <stdio.h>
#include <string.h>

#include "numparse.h"

extern const char published_csv[];

#define MAX_ROWS 64
static struct published_row rows[MAX_ROWS];
static size_t row_count;
static int parsed;

static int parse_line(const char *line, size_t len, struct published_row *row)
{
	uint64_t v[6];
	size_t i = 0;
	for (int f = 0; f < 6; f++) {
		size_t w = 0;
		while (i + w < len && line[i + w] != ',')
			w++;
		if (!numparse_u64(line + i, w, 0, UINT64_MAX, &v[f]))
			return 0;
		i += w + 1;
	}
	*row = (struct published_row){(unsigned)v[0], (unsigned)v[1], v[2], v[3], v[4], v[5]};
	return 1;
}

static void parse(void)
{
	const char *p = published_csv;
	while (*p && row_count < MAX_ROWS) {
		size_t len = strcspn(p, "\n");
		if (len && p[0] != '#' && parse_line(p, len, &rows[row_count]))
			row_count++;
		p += len + (p[len] == '\n');
	}
}

const struct published_row *published_rows(size_t *count)
{
#pragma omp critical(published_parse)
	if (!parsed) {
		parse();
		parsed = 1;
	}
	*count = row_count;
	return rows;
}

const struct published_row *published_find(unsigned hands, unsigned rollover)
{
	size_t n;
	const struct published_row *all = published_rows(&n);
	for (size_t i = 0; i < n; i++)
		if (all[i].hands == hands && all[i].rollover == rollover)
			return &all[i];
	return NULL;
}

// SPDX-License-Identifier: MIT
// What `chopsticks solve` reports about a solved two-player game: the text and JSON summary,
// the CSV rows and the check of --position. Shared by cmd_solve.c and chopsticks-mpi
// (mpi/solve_main.c), whose outputs must be the same byte for byte; neither holds the other's
// data structures, so the summary is a plain struct of the numbers printed.
#ifndef CHOPSTICKS_PROGRAMS_SOLVE_REPORT_H
#define CHOPSTICKS_PROGRAMS_SOLVE_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "args.h"
#include "cell.h"
#include "describe.h"
#include "rules.h"

struct solve_summary {
	const struct rules *rules;
	uint64_t reachable;         // reachable positions (terminal ones included)
	uint64_t at;                // the position reported: the start or --position
	enum value value;           // its value for the player to move, and remoteness
	unsigned remoteness;
	uint64_t count[4];          // reachable positions by enum value
	unsigned max_remoteness;    // the longest forced line and the smallest index where it
	uint64_t max_remoteness_at; // starts (SOLUTION_NONE when no position is won or lost:
	                            // the line is none, JSON null)
};

// Prints s to stdout as `chopsticks solve` does for two players, in text or json.
void solve_report_two(const struct solve_summary *s, enum format format);
// The CSV of two players: the header, then one row per reachable position in index order.
void solve_report_csv_header(void);
void solve_report_csv_row(const struct rules *rules, const struct description *game, uint64_t idx,
			  unsigned depth, enum value v, unsigned remoteness);
// Parses code, the value of what ("--position", ...) of command cmd, into *idx, reachable
// when reachable(ctx, idx) says so (called once, only for a code that parses); prints the
// error and returns 2 if it is malformed or unreachable, else 0.
int solve_report_position(const struct rules *rules, const char *cmd, const char *what, const char *code,
			  bool (*reachable)(const void *ctx, uint64_t idx), const void *ctx, uint64_t *idx);

#endif

// SPDX-License-Identifier: MIT
// Game lengths from the start: shortest games, longest geodesic games (every move ends one
// BFS layer farther out), every final with its depth and winner, and exact counts of games
// by length. Counts of games are exact (GMP); examples are chosen deterministically, so the
// result is the same for any thread count. Not about perfect play (see retrograde.h).
#ifndef CHOPSTICKS_SOLVER_LENGTHS_H
#define CHOPSTICKS_SOLVER_LENGTHS_H

#include <gmp.h>
#include <stdint.h>

#include "enumerate.h"
#include "error.h"
#include "progress.h"
#include "rules.h"

#define LENGTHS_DEFAULT_MAX_LENGTH 30
#define LENGTHS_DEFAULT_EXAMPLES 3

struct lengths_options {
	unsigned max_length;    // games by length are counted for n = 0..max_length
	unsigned example_count; // examples per kind of game: one for each of its first finals
	uint64_t max_bytes;     // refuse (STATUS_BAD_INPUT) when the counts need more; 0: no limit
};

struct lengths_final {
	uint64_t index;       // a reachable terminal position
	unsigned depth;       // fewest moves from the start to it
	unsigned winner_seat; // 1-based seat that has won there after depth moves (seat 1 moved
			      // first): the winner's slot k gives seat ((depth + k) mod p) + 1
};

struct lengths_game {
	unsigned length;        // moves
	mpz_t count;            // distinct games of this kind (move sequences)
	uint64_t final_first;   // the finals they end in: final[final_first ..
	uint64_t final_count;   //                         final_first + final_count)
	unsigned example_count; // at most options.example_count, one per final, in final order
	uint64_t *example;      // example_count * (length + 1) indexes: the lexicographically
				// smallest game (by codes) ending in that final, start first
};

struct lengths {
	uint64_t final_count;
	struct lengths_final *final;           // every reachable final, by depth then code
	uint64_t won_count[RULES_MAX_PLAYERS]; // finals by winner seat (entry seat - 1)
	struct lengths_game shortest;          // games of the least final depth
	struct lengths_game longest;           // longest geodesic games: of the largest final depth
	unsigned max_length;
	mpz_t *by_length; // max_length + 1 entries: games of exactly n moves from the start
};

// Default options: max_length 30, 3 examples, no memory limit.
void lengths_options_default(struct lengths_options *opt);

// An upper bound on the bytes lengths_compute allocates besides rules and enumeration,
// without walking anything; use it to refuse instances early.
uint64_t lengths_bytes(const struct rules *rules, const struct enumeration *e,
		       const struct lengths_options *opt);

// Computes everything in struct lengths over e (an enumeration of these rules), with the
// OpenMP thread count in force. With no reachable final, shortest and longest have length 0,
// count 0 and no finals. Failures, with err filled and *out left empty (safe to free):
// STATUS_BAD_INPUT (needs more than opt->max_bytes, with the estimate in the message; more
// than 2^32 - 1 reachable positions), STATUS_FAILURE (allocation), STATUS_INTERRUPTED.
// Free with lengths_free.
enum status lengths_compute(const struct rules *rules, const struct enumeration *e,
			    const struct lengths_options *opt, const struct progress *progress,
			    struct lengths *out, struct error *err);
void lengths_free(struct lengths *l);

#endif

// SPDX-License-Identifier: MIT
// The steps every solving subcommand shares: build the rules, then the library's
// solved_game_run (walk and solve), with the memory refusal, progress and error messages
// printed, and --checkpoint.
#ifndef CHOPSTICKS_PROGRAMS_SOLVED_H
#define CHOPSTICKS_PROGRAMS_SOLVED_H

#include "args.h"
#include "checkpoint.h"
#include "coalition.h"
#include "enumerate.h"
#include "retrograde.h"
#include "solved_game.h"
#include "table_file.h"

struct solved {
	struct rules *rules;
	struct plan plan;            // the engine, built once for the walk and the solve
	struct enumeration e;
	struct solution solution;   // two players
	struct coalition coalition; // three or more
	struct table_map table;     // when answering from a saved table (solution.saved)
	uint64_t damage_seen;       // damaged blocks of table already reported
	bool checkpointing;         // --checkpoint: the solve keeps its state in checkpoint
	struct checkpoint checkpoint;
};

// Builds and solves the instance of opt; prints any error. Returns 0 or an exit status.
// With --checkpoint the solve resumes from the state kept in its directory and keeps its
// own there (checkpoint.h); the state stays until solved_done.
int solved_build(const struct cli_options *opt, struct solved *s);
// The same without the walk for the distances (two players, or more on the many-player
// engine): s->e then has only size and reachable_count (depth NULL), and the peak is the
// solve's.
int solved_build_values(const struct cli_options *opt, struct solved *s);
// Whether idx is reachable: from the walk's distances, or from a saved table's values.
bool solved_reachable(const struct solved *s, uint64_t idx);
// Parses code, the value of what ("--position", ...) of command cmd, into a reachable index;
// prints an error and returns 2 if it is malformed or not reachable from the start, or if
// the block of a saved table that holds it is damaged.
int solved_position(struct solved *s, const char *cmd, const char *what, const char *code, uint64_t *idx);
// Whether a damaged block of the saved table s answers from was read since the last call:
// prints it (naming the block) and returns 2, else 0. Commands call it before they print
// what they read.
int solved_intact(struct solved *s, const char *cmd);
// Once the command has written all its output: removes the state of --checkpoint, if every
// write to stdout has succeeded so far (else it stays, for a rerun to resume from). Returns 0,
// or 1 after printing why it could not be removed.
int solved_done(struct solved *s, const char *cmd);
void solved_free(struct solved *s);

#endif

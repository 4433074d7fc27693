// SPDX-License-Identifier: MIT
// The checkpoints of `chopsticks-mpi solve --checkpoint DIR`: each rank keeps its own part of
// a state (its rows) in DIR/rank-K.0 and DIR/rank-K.1, written in turn, each write atomic
// (checkpoint.h), so a kill between two ranks' writes still leaves one state that every rank
// holds whole; a resume loads the newest such state. Each part names the number of ranks
// that wrote it: another number is refused. Every call is collective over the ranks, which
// pass the same stages and levels; not for one process (checkpoint_level is).
#ifndef CHOPSTICKS_MPI_RANK_STATE_H
#define CHOPSTICKS_MPI_RANK_STATE_H

#include <mpi.h>
#include <stdbool.h>

#include "checkpoint.h"

#define RANK_STATE_SLOTS 2

struct rank_state {
	struct checkpoint slot[RANK_STATE_SLOTS]; // DIR/rank-K.0, DIR/rank-K.1
	MPI_Comm comm;
	int rank, ranks;
	int last; // the slot of the state to resume from, then of the one saved last; -1: none
};

// Opens this rank's two files in dir for the game settings, saved at most every `every`
// seconds (rank 0's clock), and finds the newest state that every rank holds (none: a fresh
// start). Every rank gets the same status: checkpoint_open's, or STATUS_BAD_INPUT when a
// part was written by another number of ranks (the message names both).
enum status rank_state_open(struct rank_state *rs, MPI_Comm comm, const char *dir, const char *settings,
			    unsigned every, struct error *err);
// The state to resume from (then the one saved last), or NULL when there is none (or rs is
// NULL): checkpoint_holds, checkpoint_bytes and its level describe it, checkpoint_load reads
// this rank's part (then agree on the status: walk_agree).
struct checkpoint *rank_state_last(struct rank_state *rs);
// A level boundary (rs NULL: STATUS_OK and no collective): reports a resume once (rank 0's
// progress draws); when rank 0's interval is due or any rank was asked to stop, saves s[0 ..
// n) (at most CHECKPOINT_SECTIONS_MAX - 1: this rank's part) as the state of stage at
// step->level, in the file not holding the last state, unless that is this state; reports
// "checkpoint written". Returns the save's failure (agreed), else STATUS_INTERRUPTED when a
// stop was asked for (the message says where the state is kept), else STATUS_OK.
enum status rank_state_boundary(struct rank_state *rs, const struct progress *pr, const struct progress_step *step,
				const char *stage, const struct checkpoint_section *s, unsigned n,
				struct error *err);
// Removes this rank's files once the run has succeeded; the status agreed.
enum status rank_state_remove(struct rank_state *rs, struct error *err);

#endif

// SPDX-License-Identifier: MIT
// Checkpoints of long solves (`solve --checkpoint DIR`): a solver's state at a level boundary
// as named byte sections, written straight from its arrays into one file DIR/NAME. A save
// writes DIR/NAME.tmp, syncs it, renames it over the previous file and syncs DIR, so a kill
// at any moment leaves the old complete state or the new one. The file names its game
// (describe_settings), the program and format versions; the header and every section carry
// a table_checksum. Not a file for other programs: sections are in the host's byte order
// (README "Checkpoints" has the layout). Prints nothing; one process per DIR/NAME.
#ifndef CHOPSTICKS_SOLVER_CHECKPOINT_H
#define CHOPSTICKS_SOLVER_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "describe.h"
#include "error.h"
#include "progress.h"

#define CHECKPOINT_VERSION 1
#define CHECKPOINT_NAME_MAX 16 // a stage's or a section's name, its NUL included
#define CHECKPOINT_SECTIONS_MAX 12
#define CHECKPOINT_PATH_MAX 4096
// The stage of the first state of a solve, saved once the walk before it has ended:
// progress reports and messages call it "after the walk" rather than by its level.
#define CHECKPOINT_STAGE_WALK "walk"

// One array of a state: saved from data, or loaded into it; bytes either way.
struct checkpoint_section {
	const char *name; // fewer than CHECKPOINT_NAME_MAX characters
	void *data;
	uint64_t bytes;
};

// A section of the state the file holds: where it is and its table_checksum.
struct checkpoint_entry {
	char name[CHECKPOINT_NAME_MAX];
	uint64_t offset, bytes, sum;
};

struct checkpoint {
	char dir[CHECKPOINT_PATH_MAX];  // as given, for messages
	char path[CHECKPOINT_PATH_MAX]; // DIR/NAME
	char settings[DESCRIBE_MAX];    // the game
	unsigned every;                 // seconds between saves; 0: at every boundary
	double since;                   // when the interval began: the open or the last save
	bool resumed;                   // a state was loaded; checkpoint_level still reports it
	// The state DIR/NAME holds (found by checkpoint_open or saved last); stage "" for none.
	char stage[CHECKPOINT_NAME_MAX];
	unsigned level, count;
	struct checkpoint_entry entry[CHECKPOINT_SECTIONS_MAX];
};

// Prepares checkpoints in dir for the game settings names, saved at most every `every`
// seconds: creates dir when it does not exist (not its parents), and reads and checks the
// header of dir/name when that exists (name: "state" for one process; an MPI rank may use
// its own). STATUS_BAD_INPUT naming why when dir is no directory, or dir/name is not a
// checkpoint, is of another format version, program version or byte order, of another game,
// or damaged (its header's checksum, its sections against its length); STATUS_FAILURE when
// dir cannot be created or written.
enum status checkpoint_open(struct checkpoint *c, const char *dir, const char *name,
			    const char *settings, unsigned every, struct error *err);
// Whether c (NULL: none) holds a state of stage.
bool checkpoint_holds(const struct checkpoint *c, const char *stage);
// The bytes of section name of the held state, or UINT64_MAX when it has none.
uint64_t checkpoint_bytes(const struct checkpoint *c, const char *name);
// Reads sections s[0 .. n) of the held state into their data (any subset, each with exactly
// its bytes in the file) and checks each against its checksum; marks the state resumed.
// STATUS_BAD_INPUT when one is missing, of another size or damaged (the data is then
// unspecified); STATUS_FAILURE on read errors.
enum status checkpoint_load(struct checkpoint *c, const struct checkpoint_section *s, unsigned n,
			    struct error *err);

// Whether `every` seconds have passed since the open or the last save.
bool checkpoint_due(const struct checkpoint *c);
// Saves s[0 .. n) (n <= CHECKPOINT_SECTIONS_MAX) as the state of stage at level, atomically
// (above), and starts the interval again. STATUS_FAILURE on I/O errors, the previous state
// kept and no .tmp left behind.
enum status checkpoint_save(struct checkpoint *c, const char *stage, unsigned level,
			    const struct checkpoint_section *s, unsigned n, struct error *err);
// A level boundary of a solve by one process, with step its progress (c NULL: STATUS_OK and
// nothing else). After a load it reports "resumed at level K" (or "after the walk"). When a
// save is due, or a stop was asked for (progress.h), it saves s as the state of stage at
// step->level, unless the file holds that state already, and reports "checkpoint written".
// Returns the save's failure, else STATUS_INTERRUPTED when a stop was asked for (the message
// says where the state is kept), else STATUS_OK.
enum status checkpoint_level(struct checkpoint *c, const struct progress *pr,
			     const struct progress_step *step, const char *stage,
			     const struct checkpoint_section *s, unsigned n, struct error *err);
// The pieces of checkpoint_level, for a solve spread over processes (mpi/rank_state.h), whose
// ranks agree on when to save: after a load, reports "resumed at level K" (or "after the
// walk") once as a note of step (c NULL: nothing); reports "checkpoint written"; and returns
// STATUS_INTERRUPTED with the message of a run stopped once c holds its state.
void checkpoint_resumed(struct checkpoint *c, const struct progress *pr, const struct progress_step *step);
void checkpoint_written(const struct progress *pr, const struct progress_step *step);
enum status checkpoint_interrupted(const struct checkpoint *c, struct error *err);
// Removes DIR/NAME and DIR/NAME.tmp (DIR stays), once the run they served has succeeded.
// STATUS_FAILURE on errors other than their absence.
enum status checkpoint_remove(struct checkpoint *c, struct error *err);

#endif

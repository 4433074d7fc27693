// SPDX-License-Identifier: MIT
// The handles behind include/chopsticks.h and what the api_*.c files share: errors copied
// out, a chop_config turned into the internal progress, thread count and memory limit, and
// the games the other handles keep (counted references, so a solution outlives the game
// handle its caller frees). Internal: nothing here is exported.
#ifndef CHOPSTICKS_LIB_API_H
#define CHOPSTICKS_LIB_API_H

#include <pthread.h>
#include <signal.h>

#include "args_scan.h"
#include "chopsticks.h"
#include "describe.h"
#include "plan.h"
#include "progress.h"
#include "rules.h"
#include "solved_game.h"
#include "table_file.h"

struct chop_game {
	unsigned refs;               // handles that keep it (atomic)
	struct cli_options opt;      // spec and --start; its strings point into text or start
	char *text;                  // the option string, split in place
	char start[POSITION_CODE_MAX];
	struct rules *rules;         // built once, --start applied; light for a table's game
	struct rules *full;          // a light game's rules in full, built when first asked
	pthread_mutex_t full_lock;   // (api_game_full)
	char settings[DESCRIBE_MAX]; // describe_settings
	char options[DESCRIBE_MAX];  // describe_options
};

struct chop_solution {
	chop_game *game;
	bool from_table;
	struct table_map table;       // from_table: the mapped file
	struct solved_game solved;    // else: the solve (two players: solution; more: coalition)
	const struct solution *sol;   // two players: the values (table.sol or solved.solution)
	uint64_t reachable;
};

// One long call: the caller's config, turned into what the internal code takes.
struct api_run {
	struct progress progress;
	volatile sig_atomic_t stop;  // set when the caller's callback asks to stop
	const chop_config *config;
	struct cli_options opt;      // the game's options with the config's memory limit
};

// Fills err (if not NULL) with st and the message of e; returns st.
chop_status api_fail(chop_error *err, enum status st, const char *msg);
// The same from a format.
chop_status api_failf(chop_error *err, enum status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
// Starts a long call on game with config (NULL: defaults).
void api_run_begin(struct api_run *run, const chop_game *game, const chop_config *config);
// Sets the OpenMP threads for the plan's work: the config's, or chosen from its size.
void api_run_threads(const struct api_run *run, const struct plan *plan);
// The plan of the run's game for task, refused when it would not fit the memory limit (up
// front from the closed form, then on the chosen engine), with the threads set for it. The
// caller frees *plan (plan_free) on success.
enum status api_run_plan(const struct api_run *run, const chop_game *game, enum plan_task task, struct plan *plan,
			 struct error *e);

// Another reference to game (which stays valid until the last chop_game_free).
chop_game *api_game_keep(const chop_game *game);
// A game from a settings line and a start code (a saved table's header).
chop_game *api_game_from_settings(const char *settings, chop_error *err);
// The game's rules with their relations, which the engines (count, solve, games) and the
// strategies need: game->rules, or for the light rules of a table's game (built so that
// opening a table builds no move tables) a full build, made once; NULL with e set when that
// fails.
const struct rules *api_game_full(const chop_game *game, struct error *e);

// The value and remoteness of the duel of slot seat at idx (< size; seat < players): the
// player to move's value with two players.
enum value api_value(const chop_solution *s, uint64_t idx, unsigned seat);
unsigned api_remoteness(const chop_solution *s, uint64_t idx, unsigned seat);
// The index of code, which must be a reachable position of s's game.
chop_status api_position(const chop_solution *s, const char *code, uint64_t *idx, chop_error *err);

#endif

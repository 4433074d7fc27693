/* SPDX-License-Identifier: MIT */
/*
 * libchopsticks: count, walk and solve the hand game Chopsticks and its generalisations (any
 * number of players, hands and rollover, any mix of rule variants), and keep and query solved
 * games as tables. This is the library's one public header: C17, standard headers only, every
 * name prefixed chop_. The `chopsticks` program is a client of the same library.
 *
 * Conventions, for every function below:
 * - Errors are values. A call that can fail returns a chop_status (or NULL) and, when err is not
 *   NULL, fills *err with the status and a one-line message naming the bad value. The library
 *   never prints, never exits or aborts on bad input, and installs no signal handler.
 * - Handles are opaque. Each _new/_open/_run has its _free, which accepts NULL. Strings that a
 *   getter returns belong to the handle and stay valid until it is freed.
 * - Threads: a handle may be used by one thread at a time; different handles may be used from
 *   different threads at once. Getters on a finished handle (count, solution, games, strategy)
 *   may be called from several threads at once.
 * - Long work (count, solve, games, strategy, verify) takes a chop_config (NULL: defaults):
 *   the thread count, the memory limit and a progress callback that can cancel.
 * - Positions are named by codes, as the command line writes them ("1111", "0.10/3.11", see
 *   `chopsticks --help`), or by their index 0 .. chop_game_size() - 1. Results are identical
 *   for any thread count.
 */
#ifndef CHOPSTICKS_H
#define CHOPSTICKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CHOP_VERSION_MAJOR 0
#define CHOP_VERSION_MINOR 1
#define CHOP_VERSION_PATCH 0
#define CHOP_VERSION_STRING "0.1.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, as chop_version_number() returns it. */
#define CHOP_VERSION_NUMBER (CHOP_VERSION_MAJOR * 10000 + CHOP_VERSION_MINOR * 100 + CHOP_VERSION_PATCH)

#if defined(CHOP_BUILDING)
#define CHOP_API __attribute__((visibility("default")))
#else
#define CHOP_API
#endif

/* The version of the library linked at run time ("0.1.0"; a static string) and its number. */
CHOP_API const char *chop_version(void);
CHOP_API unsigned chop_version_number(void);

/* ---- Errors ---------------------------------------------------------------------------- */

typedef enum chop_status {
	CHOP_OK = 0,
	CHOP_FAILURE = 1,      /* out of memory, an I/O error, a failed internal check */
	CHOP_BAD_INPUT = 2,    /* a bad option, code, path or table; an instance too large */
	CHOP_INTERRUPTED = 130 /* the progress callback asked to stop */
} chop_status;

#define CHOP_MESSAGE_MAX 512

/* Filled by a failing call (when the caller passes one): the status and one line, without a
 * newline, e.g. "--rollover '1': must be an integer from 2 to 250". Caller-owned. */
typedef struct chop_error {
	chop_status status;
	char message[CHOP_MESSAGE_MAX];
} chop_error;

/* ---- Long work: threads, memory, progress ----------------------------------------------- */

/* Where a long computation stands, passed to the progress callback. */
typedef struct chop_progress {
	const char *phase;  /* "walk", "solve", "verify", ...; valid during the call */
	unsigned level;     /* the level about to run (walk: distance; solve: remoteness) */
	uint64_t done;      /* positions settled so far */
	uint64_t total;     /* positions done will reach, when known; else 0 */
} chop_progress;

/* Called between steps (at most about once per level, from the calling thread); return
 * nonzero to stop the computation, which then fails with CHOP_INTERRUPTED. */
typedef int (*chop_progress_fn)(void *ctx, const chop_progress *step);

typedef struct chop_config {
	unsigned threads;        /* OpenMP threads; 0: chosen from the instance's size (one thread
	                            for small games, where more only cost time) up to the cores */
	uint64_t max_memory;     /* refuse, up front and with an estimate in the message, work that
	                            needs more bytes; 0: 90% of the machine's RAM; UINT64_MAX:
	                            no limit */
	chop_progress_fn progress; /* NULL: none */
	void *progress_ctx;
} chop_config;

/* ---- Games ------------------------------------------------------------------------------ */

typedef struct chop_game chop_game;

/* A game from rule options as the command line takes them, e.g.
 * "--hands 8 --rollover 10 --variant cutoff" or "--players 3 --hands 3,2,2 --lives 2
 * --start 13:2/11:2/12:2" (split on blanks; "" is the standard game). Only rule options
 * (--players --hands --rollover --variant --lives --start and the axis options such as
 * --overflow cutoff); anything else is refused. NULL on failure. Free with chop_game_free. */
CHOP_API chop_game *chop_game_from_options(const char *options, chop_error *err);
/* The same from fields: players >= 2; hands: one count per player, or NULL for two each;
 * variants: a comma-separated list of names ("cutoff,suicide") or NULL for none. */
CHOP_API chop_game *chop_game_new(unsigned players, const unsigned *hands, unsigned rollover,
				  const char *variants, chop_error *err);
CHOP_API void chop_game_free(chop_game *game);

/* What every output of the program starts with: the settings line ("players=2 hands=2
 * rollover=5 ...", every rule as key=value, space-separated: the `rules:` line) and the
 * shortest options that rebuild the game ("--hands 2 --rollover 5": the `game:` line). */
CHOP_API const char *chop_game_settings(const chop_game *game);
CHOP_API const char *chop_game_options(const chop_game *game);
CHOP_API unsigned chop_game_players(const chop_game *game);
/* Positions in the index space (codes of every multiset of hands, reachable or not). */
CHOP_API uint64_t chop_game_size(const chop_game *game);
/* The start (the standard one, or --start). */
CHOP_API uint64_t chop_game_start(const chop_game *game);

/* The index of code; CHOP_BAD_INPUT (naming the code and what is wrong) when it is no
 * position of this game. */
CHOP_API chop_status chop_game_parse(const chop_game *game, const char *code, uint64_t *index, chop_error *err);
/* The code of index into buf (len bytes, NUL-terminated); CHOP_BAD_INPUT when index is out of
 * range or buf too small (chop_game_code_max bytes always suffice). */
CHOP_API chop_status chop_game_format(const chop_game *game, uint64_t index, char *buf, size_t len,
				      chop_error *err);
CHOP_API size_t chop_game_code_max(const chop_game *game);
/* Whether the game is over at index (index < chop_game_size). */
CHOP_API int chop_game_is_terminal(const chop_game *game, uint64_t index);

/* ---- Counting: the walk from the start -------------------------------------------------- */

typedef struct chop_count chop_count;

/* Walks every position reachable from the start. NULL on failure. Free with chop_count_free. */
CHOP_API chop_count *chop_count_run(const chop_game *game, const chop_config *config, chop_error *err);
CHOP_API void chop_count_free(chop_count *count);
/* The closed forms, exact, as decimal strings: positions with hands ordered (r^(p h) for the
 * plain game) and functionally distinct ones (C(h+r-1, h)^p). */
CHOP_API const char *chop_count_positions(const chop_count *count);
CHOP_API const char *chop_count_distinct(const chop_count *count);
CHOP_API uint64_t chop_count_reachable(const chop_count *count); /* terminal ones included */
CHOP_API uint64_t chop_count_terminal(const chop_count *count);
CHOP_API uint64_t chop_count_moves(const chop_count *count);     /* out of reachable positions */
CHOP_API unsigned chop_count_max_depth(const chop_count *count);
/* Positions at distance depth from the start (0 past max_depth); *terminal (if not NULL) gets
 * how many of them are terminal. */
CHOP_API uint64_t chop_count_layer(const chop_count *count, unsigned depth, uint64_t *terminal);
/* The distance of index from the start, or -1 when it is not reachable. */
CHOP_API int chop_count_depth(const chop_count *count, uint64_t index);

/* ---- Solving ---------------------------------------------------------------------------- */

typedef enum chop_value {
	CHOP_UNREACHABLE = 0, /* not reachable from the start: no value */
	CHOP_WIN = 1,
	CHOP_LOSS = 2,
	CHOP_DRAW = 3
} chop_value;

typedef struct chop_solution chop_solution;

/* Solves every position reachable from the start: two players, win / loss / draw for the
 * player to move and the remoteness (moves to the end when the winner hurries and the loser
 * delays; 0 for a draw); three or more, for each seat the value of its duel against all the
 * others together. NULL on failure. Free with chop_solution_free. */
CHOP_API chop_solution *chop_solve(const chop_game *game, const chop_config *config, chop_error *err);
/* A table saved by chop_solution_save or `chopsticks solve --save`, opened for probing: its
 * header and checksum are checked, its rules rebuilt from the header. With expect not NULL,
 * a table of any other game is refused (CHOP_BAD_INPUT naming the first difference). A
 * table of three or more players answers every seat's duel, as chop_solve's solution. */
CHOP_API chop_solution *chop_table_open(const char *path, const chop_game *expect, chop_error *err);
CHOP_API void chop_solution_free(chop_solution *solution);
/* The game solved (owned by the solution). */
CHOP_API const chop_game *chop_solution_game(const chop_solution *solution);

CHOP_API uint64_t chop_solution_reachable(const chop_solution *solution);
/* Reachable positions of value v (two players; 0 otherwise). */
CHOP_API uint64_t chop_solution_count(const chop_solution *solution, chop_value v);
/* The longest forced line: its remoteness, and a position where it starts (the smallest
 * index). Returns 0 when no reachable position is won or lost (then both are left alone). */
CHOP_API int chop_solution_longest(const chop_solution *solution, unsigned *remoteness, uint64_t *index);

/* Value and remoteness of the position index (< chop_game_size) for the player to move; for
 * three or more players, of the duel of seat `seat` (0: the player to move, 1: the next, ...)
 * against the others. CHOP_UNREACHABLE (remoteness 0) for an unreachable position. */
CHOP_API chop_value chop_solution_value(const chop_solution *solution, uint64_t index, unsigned seat,
					unsigned *remoteness);
/* The same by code: CHOP_BAD_INPUT when code is no position of the game or not reachable, or
 * when the block of a table (format 2) that holds it is damaged (the message names it). */
CHOP_API chop_status chop_solution_probe(const chop_solution *solution, const char *code, chop_value *value,
					 unsigned *remoteness, chop_error *err);
/* Many at once: for codes[0 .. n), values[i] and remoteness[i] (either may be NULL); a code
 * that is bad or not reachable (or in a damaged block of a table) gets CHOP_UNREACHABLE and
 * remoteness 0. Returns how many were found. A table's blocks are read in index order, each
 * once per call: one call over many codes is much faster than many calls. */
CHOP_API size_t chop_solution_probe_many(const chop_solution *solution, const char *const *codes, size_t n,
					 uint8_t *values, unsigned *remoteness);
/* Values of the indexes [from, from + n) (two players), one byte each (chop_value), into
 * out. CHOP_BAD_INPUT past the index space. */
CHOP_API chop_status chop_solution_values(const chop_solution *solution, uint64_t from, uint64_t n, uint8_t *out,
					  chop_error *err);

/* Saves a solution as a checksummed binary table (README "Solution tables"; three or more
 * players: every seat's duel), through path.tmp and a rename: nothing half-written.
 * CHOP_FAILURE on I/O errors. */
CHOP_API chop_status chop_solution_save(const chop_solution *solution, const char *path, chop_error *err);
/* Checks the table at path against its rules alone, without the solvers (a walk and every
 * value against its children's). CHOP_OK when sound; CHOP_BAD_INPUT with the first fault
 * (position and reason) in the message otherwise, or when the file is no sound table. */
CHOP_API chop_status chop_table_verify(const char *path, const chop_config *config, chop_error *err);

/* ---- The moves of one position ---------------------------------------------------------- */

typedef struct chop_moves chop_moves;

/* The moves from the reachable position code, best first for the mover (fastest win, then
 * draws, then the slowest loss; ties by resulting code). NULL on failure. */
CHOP_API chop_moves *chop_solution_moves(const chop_solution *solution, const char *code, chop_error *err);
CHOP_API void chop_moves_free(chop_moves *moves);
CHOP_API size_t chop_moves_count(const chop_moves *moves);
/* Move i (< count): its text ("1->3", "13->22", "pass"), the resulting position (code and
 * index), and the value and remoteness for the mover (this move included). */
CHOP_API const char *chop_moves_text(const chop_moves *moves, size_t i);
CHOP_API const char *chop_moves_code(const chop_moves *moves, size_t i);
CHOP_API uint64_t chop_moves_index(const chop_moves *moves, size_t i);
CHOP_API chop_value chop_moves_value(const chop_moves *moves, size_t i, unsigned *remoteness);

/* ---- Game lengths ----------------------------------------------------------------------- */

typedef struct chop_games chop_games;

typedef enum chop_games_kind {
	CHOP_SHORTEST = 0,         /* games to the nearest final */
	CHOP_LONGEST_GEODESIC = 1  /* games in which every move ends farther from the start */
} chop_games_kind;

/* Shortest and longest geodesic games, and every final (a reachable terminal position) with
 * the fewest moves to it and who has won there. NULL on failure. */
CHOP_API chop_games *chop_games_run(const chop_game *game, const chop_config *config, chop_error *err);
CHOP_API void chop_games_free(chop_games *games);
CHOP_API unsigned chop_games_length(const chop_games *games, chop_games_kind kind);
/* How many such games (distinct move sequences), exact, in decimal. */
CHOP_API const char *chop_games_number(const chop_games *games, chop_games_kind kind);
CHOP_API size_t chop_games_example_count(const chop_games *games, chop_games_kind kind);
/* Example i as codes separated by single spaces, start first ("1111 1211 1312 ..."). */
CHOP_API const char *chop_games_example(const chop_games *games, chop_games_kind kind, size_t i);
CHOP_API size_t chop_games_final_count(const chop_games *games);
/* Final i (by length, then code): its code, fewest moves to it, and the 1-based seat that has
 * won there after that many moves (seat 1 moved first). */
CHOP_API const char *chop_games_final(const chop_games *games, size_t i, unsigned *length, unsigned *winner);

/* ---- Strategies a person can follow ----------------------------------------------------- */

typedef struct chop_strategy chop_strategy;

typedef enum chop_strategy_kind {
	CHOP_STRATEGY_WIN = 0,    /* a win in at most chop_strategy_moves moves, whatever the reply */
	CHOP_STRATEGY_RESIST = 1, /* no loss in fewer than chop_strategy_moves moves */
	CHOP_STRATEGY_AVOID = 2   /* never a loss: the targets are the positions never to move into */
} chop_strategy_kind;

/* A short list of target positions for `side` (0: the player to move at root, 1: the other)
 * from root (NULL: the start), built from a two-player solution and checked against the rules
 * before it is returned: moving to the first target that can be reached keeps the promise of
 * its kind. NULL on failure (three or more players: CHOP_BAD_INPUT). */
CHOP_API chop_strategy *chop_strategy_build(const chop_solution *solution, const char *root, unsigned side,
					    chop_error *err);
CHOP_API void chop_strategy_free(chop_strategy *strategy);
CHOP_API chop_strategy_kind chop_strategy_kind_of(const chop_strategy *strategy);
CHOP_API unsigned chop_strategy_moves(const chop_strategy *strategy);
CHOP_API size_t chop_strategy_count(const chop_strategy *strategy);
/* Target i (< count): its code; *remoteness (if not NULL): WIN, the most moves from it to the
 * win; RESIST, the fewest to a loss (UINT32_MAX: none follows); AVOID, 0. */
CHOP_API const char *chop_strategy_target(const chop_strategy *strategy, size_t i, unsigned *remoteness);
/* Plays the list against every reply, without the solution, and checks its promise and every
 * stated remoteness. CHOP_OK when it holds; CHOP_BAD_INPUT with the fault otherwise. */
CHOP_API chop_status chop_strategy_check(const chop_strategy *strategy, chop_error *err);

/* ---- Drawing a position ----------------------------------------------------------------- */

/* The hands of player k (0: the player to move, 1: the next, ...) at index (< chop_game_size),
 * ascending, each as a code writes it ("3"; "2h": two and a half fingers under stumps; "0": a
 * dead hand), separated by commas ("1,3"), into buf (len bytes, NUL-terminated;
 * chop_game_code_max bytes always suffice). Returns the hand count, or 0 (buf untouched) when
 * index or k is out of range or buf too small. Thread-safe. */
CHOP_API unsigned chop_game_hands(const chop_game *game, uint64_t index, unsigned k, char *buf, size_t len);

/* ---- A solution in bulk: arrays over the index ------------------------------------------- */

/* The values of a two-player solution as it keeps them: 2 bits per index, index i in bits
 * 2 (i % 4) and 2 (i % 4) + 1 of byte i / 4, a chop_value (CHOP_UNREACHABLE for positions not
 * reachable); *bytes (if not NULL) gets ceil(chop_game_size / 4). E.g. byte 0x9d = 10 01 11 01:
 * index 0 win (01), 1 draw (11), 2 win, 3 loss (10). Borrowed and read-only: valid until the
 * solution is freed (a table's are its mapped file, or for a compressed table, format 2, every
 * block decoded on the first call). NULL, *bytes untouched, for three or more players (their
 * duels are per seat: chop_solution_range) and for a table with a damaged block.
 * Thread-safe; no errors. */
CHOP_API const uint8_t *chop_solution_packed_values(const chop_solution *solution, uint64_t *bytes);
/* The remoteness of a two-player solution as it keeps it: one byte per index,
 * min(remoteness, 255), 0 for draws and unreachable positions; *bytes (if not NULL) gets
 * chop_game_size. A 255 is exact only when chop_solution_overflow_count is 0; otherwise the
 * position may be further (chop_solution_range gives it). Borrowed, read-only and NULL as for
 * chop_solution_packed_values. */
CHOP_API const uint8_t *chop_solution_remoteness_bytes(const chop_solution *solution, uint64_t *bytes);
/* How many positions have a remoteness of 255 or more (kept in a list beside the bytes, or,
 * for a solve where that list would take more than 2 bytes a position, in an array of 2 bytes
 * a position, which stays in memory: such a solution cannot be saved); 0 for three or more
 * players. */
CHOP_API uint64_t chop_solution_overflow_count(const chop_solution *solution);
/* chop_solution_value of each index in [from, from + n) for seat (0 with two players): values[i]
 * a chop_value, remoteness[i] exact (either array may be NULL; caller-owned, n elements).
 * CHOP_BAD_INPUT, with nothing written, past the index space or for seat >= players.
 * Thread-safe. */
CHOP_API chop_status chop_solution_range(const chop_solution *solution, uint64_t from, uint64_t n, unsigned seat,
					 uint8_t *values, unsigned *remoteness, chop_error *err);
/* The same for the indexes indexes[0 .. n) in any order: an index past the index space (or a
 * seat >= players) gets CHOP_UNREACHABLE and 0, as an unreachable position does. Returns how
 * many were reachable. Thread-safe; never fails. */
CHOP_API size_t chop_solution_value_many(const chop_solution *solution, const uint64_t *indexes, size_t n,
					 unsigned seat, uint8_t *values, unsigned *remoteness);
/* chop_game_parse of codes[0 .. n) into indexes[0 .. n) (caller-owned): a code that is no
 * position of the game (or NULL) gets UINT64_MAX, which chop_solution_value_many answers as
 * unreachable. Sorting the indexes before chop_solution_value_many makes a large batch on a
 * large table several times faster. Returns how many were positions. Thread-safe; never fails. */
CHOP_API size_t chop_game_parse_many(const chop_game *game, const char *const *codes, size_t n, uint64_t *indexes);

#ifdef __cplusplus
}
#endif

#endif

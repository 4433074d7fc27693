// SPDX-License-Identifier: MIT
// What `chopsticks serve` answers, as JSON bodies, from a solved game through the public API
// (include/chopsticks.h): the game, one position with its moves, the strategy lists. It knows
// nothing of HTTP (http.h routes to it). A site is published once its solution is set and
// is then read-only, so any number of threads may answer from it at once.
#ifndef CHOPSTICKS_SERVE_SITE_H
#define CHOPSTICKS_SERVE_SITE_H

#include <stdatomic.h>
#include <stddef.h>

#include "chopsticks.h"

struct site {
	const chop_game *game;     // the game served (owned by the caller)
	char *rules_json;          // its "rules" object (game_text.h), built before the solve
	chop_solution *solution;   // set once by site_publish; NULL while solving
	char *game_json;           // /api/v1/game, built by site_publish
	char *strategy_json;       // /api/v1/strategy, built by site_publish
	atomic_int ready;          // 1 once the three above are set
};

// A body and its HTTP status; the body is malloc'd (the caller frees it).
struct site_reply {
	unsigned status;
	char *body;
	size_t bytes;
};

// Prepares site for game (borrowed until site_free). Returns 0, or -1 out of memory.
int site_init(struct site *site, const chop_game *game);
// Builds the game's and the strategy's JSON from solution and publishes them; the site then
// owns solution. Returns 0, or -1 out of memory (then the site stays unpublished and the
// caller keeps solution).
int site_publish(struct site *site, chop_solution *solution);
void site_free(struct site *site);

// {"status":N,"message":"..."}: every error the server sends.
struct site_reply site_error(unsigned status, const char *message);
// The game: rules, counts and the start (503 until published).
struct site_reply site_game(struct site *site);
// The position code (any spelling the game parses): 400 when it is bad or unreachable.
struct site_reply site_position(struct site *site, const char *code);
// The strategy lists of both sides from the start (two players; none with more).
struct site_reply site_strategy(struct site *site);

#endif

// SPDX-License-Identifier: MIT
// Counts and solves the game its arguments give, in the command line's rule options, and
// prints what the walk and the solve found. Uses only the public header:
//     cc examples/solve.c $(pkg-config --cflags --libs chopsticks) -o solve
//     ./solve --hands 3 --rollover 5 --variant cutoff
#include <chopsticks.h>
#include <stdio.h>
#include <string.h>

static int fail(const chop_error *err)
{
	fprintf(stderr, "solve: %s\n", err->message);
	return err->status == CHOP_BAD_INPUT ? 2 : 1;
}

int main(int argc, char **argv)
{
	static const char *const names[] = {"unreachable", "win", "loss", "draw"};
	char options[4096] = "";
	for (int i = 1; i < argc; i++)
		snprintf(options + strlen(options), sizeof options - strlen(options), "%s ", argv[i]);
	chop_error err;
	chop_game *game = chop_game_from_options(options, &err);
	if (!game)
		return fail(&err);
	printf("game: %s\nrules: %s\n", chop_game_options(game), chop_game_settings(game));
	int status = 0;
	chop_count *count = chop_count_run(game, NULL, &err);
	chop_solution *solution = count ? chop_solve(game, NULL, &err) : NULL;
	if (!solution) {
		status = fail(&err);
	} else {
		char start[256];
		unsigned remoteness;
		chop_game_format(game, chop_game_start(game), start, sizeof start, NULL);
		chop_value v = chop_solution_value(solution, chop_game_start(game), 0, &remoteness);
		printf("positions %s\ndistinct %s\nreachable %llu\nterminal %llu\nmax_depth %u\n",
		       chop_count_positions(count), chop_count_distinct(count),
		       (unsigned long long)chop_count_reachable(count), (unsigned long long)chop_count_terminal(count),
		       chop_count_max_depth(count));
		printf("start %s: %s", start, names[v]);
		printf(v == CHOP_DRAW ? "\n" : " in %u\n", remoteness);
		if (chop_game_players(game) == 2)
			printf("win %llu loss %llu draw %llu\n", (unsigned long long)chop_solution_count(solution, CHOP_WIN),
			       (unsigned long long)chop_solution_count(solution, CHOP_LOSS),
			       (unsigned long long)chop_solution_count(solution, CHOP_DRAW));
	}
	chop_solution_free(solution);
	chop_count_free(count);
	chop_game_free(game);
	return status;
}

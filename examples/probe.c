// SPDX-License-Identifier: MIT
// Opens a saved table (`chopsticks solve --save FILE`) and prints the moves of a position,
// best first for the player to move, with their values. Uses only the public header:
//     cc examples/probe.c $(pkg-config --cflags --libs chopsticks) -o probe
//     ./probe standard.tbl 1312
#include <chopsticks.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	static const char *const names[] = {"unreachable", "win", "loss", "draw"};
	chop_error err;
	if (argc != 3) {
		fprintf(stderr, "usage: probe TABLE CODE\n");
		return 2;
	}
	chop_solution *table = chop_table_open(argv[1], NULL, &err);
	chop_moves *moves = table ? chop_solution_moves(table, argv[2], &err) : NULL;
	if (!moves) {
		fprintf(stderr, "probe: %s\n", err.message);
		chop_solution_free(table);
		return err.status == CHOP_BAD_INPUT ? 2 : 1;
	}
	unsigned remoteness;
	chop_value v;
	chop_solution_probe(table, argv[2], &v, &remoteness, NULL);
	printf("game: %s\nposition %s: %s", chop_game_options(chop_solution_game(table)), argv[2], names[v]);
	printf(v == CHOP_DRAW ? "\n" : " in %u\n", remoteness);
	for (size_t i = 0; i < chop_moves_count(moves); i++) {
		v = chop_moves_value(moves, i, &remoteness);
		printf("%-8s -> %-10s %s", chop_moves_text(moves, i), chop_moves_code(moves, i), names[v]);
		printf(v == CHOP_DRAW ? "\n" : " in %u\n", remoteness);
	}
	chop_moves_free(moves);
	chop_solution_free(table);
	return 0;
}

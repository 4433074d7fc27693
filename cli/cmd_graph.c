// SPDX-License-Identifier: MIT
// `chopsticks graph`: the reachable move graph as Graphviz DOT, positions coloured by their
// value (two players), edges by move kind, the start marked; or the neighbourhood of one
// position (--around CODE --depth K). Refuses graphs above --max-nodes.
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "movegen.h"
#include "numparse.h"
#include "output.h"
#include "position.h"
#include "solution_file.h"
#include "solved.h"

static const char help[] =
	"usage: chopsticks graph [rule options] [--around CODE --depth K] [--max-nodes N] [--format dot]\n"
	"Writes the reachable move graph as Graphviz DOT (render with dot -Tsvg). Nodes are\n"
	"codes, filled by value for the player to move (two players: win green, loss red, draw\n"
	"grey; terminal positions boxed), the start drawn bold; edges: attack solid, own-hands\n"
	"move (split) dashed, pass dotted. Graphs over --max-nodes (default 5000) are refused;\n"
	"--around CODE --depth K keeps the positions within K moves of CODE (either way;\n"
	"--depth defaults to 2 and is refused without --around).\n"
	"  --table FILE       values from a table saved by 'solve --save FILE' (same rules)\n"
	"  --format dot       the only format, and the default\n"
	"The game is named in two comments after the first line: '// game: OPTIONS' (the\n"
	"shortest options that rebuild these rules) and '// rules: SETTINGS' (every setting).\n";

enum { OPT_AROUND, OPT_DEPTH, OPT_MAX_NODES, OPT_TABLE };
static const struct extra_option extra[] = {
	{"--around", true, NULL, 0}, {"--depth", true, "--around", 0}, {"--max-nodes", true, NULL, 0},
	{"--table", true, NULL, 0}};
static const struct command_args command = {"graph", NULL, ARGS_RULES | ARGS_COMPUTE, FORMAT_BIT(FORMAT_DOT),
					    extra, 4, NULL, help};
const struct command_args *cmd_graph_args(void) { return &command; }

static const char *const fill[] = {"white", "palegreen", "lightpink", "lightgrey"};
static const char *const edge_style[] = {"solid", "dashed", "dotted"};

// keep[i] = 1 for positions within depth moves of center, via children and parents.
static uint64_t neighbourhood(const struct solved *s, uint64_t center, unsigned depth, uint8_t *keep)
{
	uint64_t *buf = malloc(s->rules->max_moves * sizeof *buf), kept = 1;
	keep[center] = 1;
	for (unsigned d = 0; d < depth && buf; d++)
		for (uint64_t i = 0; i < s->e.size; i++) {
			if (keep[i] != d + 1)
				continue;
			for (int dir = 0; dir < 2; dir++) {
				size_t n = dir ? movegen_parents(s->rules, i, buf) : movegen_children(s->rules, i, buf);
				for (size_t c = 0; c < n; c++)
					if (!keep[buf[c]] && solved_reachable(s, buf[c]))
						keep[buf[c]] = (uint8_t)(d + 2), kept++;
			}
		}
	free(buf);
	return kept;
}

static void write_dot(const struct solved *s, const uint8_t *keep)
{
	char code[POSITION_CODE_MAX], other[POSITION_CODE_MAX];
	uint64_t *child = malloc(s->rules->max_moves * sizeof *child);
	struct description game;
	describe_game(s->rules, &game);
	printf("digraph chopsticks {\n  // game: %s\n  // rules: %s\n", game.options, game.settings);
	printf("  node [style=filled, fontname=\"Helvetica\"];\n");
	for (uint64_t i = 0; i < s->e.size; i++) {
		if (!keep[i])
			continue;
		position_format(s->rules, i, code);
		enum value v = s->rules->players == 2 ? solution_value(&s->solution, i) : VALUE_UNKNOWN;
		printf("  \"%s\" [fillcolor=%s%s%s];\n", code, fill[v],
		       movegen_is_terminal(s->rules, i) ? ", shape=box" : "",
		       i == s->rules->start ? ", penwidth=3" : "");
	}
	for (uint64_t i = 0; i < s->e.size && child; i++) {
		if (!keep[i])
			continue;
		position_format(s->rules, i, code);
		size_t n = movegen_children(s->rules, i, child);
		for (size_t c = 0; c < n; c++) {
			if (!keep[child[c]])
				continue;
			position_format(s->rules, child[c], other);
			printf("  \"%s\" -> \"%s\" [style=%s];\n", code, other,
			       edge_style[movegen_kind(s->rules, i, child[c])]);
		}
	}
	printf("}\n");
	free(child);
}

int cmd_graph(int argc, char **argv)
{
	struct cli_options opt;
	struct solved s;
	uint64_t depth = 2, max_nodes = 5000, center;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	if (opt.extra_set[OPT_DEPTH] && !numparse_u64(opt.extra_value[OPT_DEPTH], (size_t)-1, 0, 250, &depth))
		return args_fail("graph", "--depth '%s': must be an integer from 0 to 250", opt.extra_value[OPT_DEPTH]);
	if (opt.extra_set[OPT_MAX_NODES] && !numparse_u64(opt.extra_value[OPT_MAX_NODES], (size_t)-1, 1, 1000000, &max_nodes))
		return args_fail("graph", "--max-nodes '%s': must be an integer from 1 to 1000000", opt.extra_value[OPT_MAX_NODES]);
	if ((rc = solution_file_obtain(&opt, opt.extra_value[OPT_TABLE], false, &s)) != 0)
		return rc;
	uint8_t *keep = calloc(s.e.size, 1);
	uint64_t kept = 0;
	if (keep && opt.extra_set[OPT_AROUND]) {
		if ((rc = solved_position(&s, "graph", "--around", opt.extra_value[OPT_AROUND], &center)) == 0)
			kept = neighbourhood(&s, center, (unsigned)depth, keep);
	} else if (keep) {
		for (uint64_t i = 0; i < s.e.size; i++)
			kept += keep[i] = solved_reachable(&s, i);
	}
	if (!keep)
		rc = output_failure("graph", STATUS_FAILURE, "out of memory");
	else if (!rc && kept > max_nodes)
		rc = args_fail("graph", "%llu positions is more than --max-nodes %llu: use --around CODE --depth K",
			       (unsigned long long)kept, (unsigned long long)max_nodes);
	else if (!rc && (rc = solved_intact(&s, "graph")) == 0)
		write_dot(&s, keep);
	free(keep);
	solved_free(&s);
	return rc;
}

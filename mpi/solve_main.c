// SPDX-License-Identifier: MIT
// `chopsticks-mpi solve`: `chopsticks solve` for two players with equal hands (the dense
// engine), spread over MPI ranks: the row walk (rows_walk.h), the row solve (solve.h), then
// the report (result.h), printed by rank 0 with the printers of `chopsticks solve`
// (cli/solve_report.c), so that text, csv and json are the same byte for byte, and --save
// writes the same table; --checkpoint keeps each rank's part of the state (rank_state.h)
// after the walk and at the solve's level boundaries. Other shapes, --export and --estimate
// are refused (exit 2).
#include "solve_main.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "instance.h"
#include "describe.h"
#include "front.h"
#include "message.h"
#include "output.h"
#include "plan.h"
#include "result.h"
#include "rows_walk.h"
#include "solve.h"
#include "stats.h"
#include "walk.h"

static const char help[] =
	"usage: mpirun -np N chopsticks-mpi solve [rule options] [--position CODE] [--save FILE]\n"
	"                                         [--stats FILE] [--format text|csv|json]\n"
	"                                         [--checkpoint DIR [--checkpoint-every SECONDS]]\n"
	"Does what 'chopsticks solve' does for two players with the same number of hands, with the\n"
	"walk and the solve spread over N MPI ranks, and prints exactly what it prints (text, csv,\n"
	"json): the value and remoteness at the start or at --position, counts by value, the\n"
	"longest forced line. Each rank holds the positions whose player to move is one of its\n"
	"1/N of the hand states: about 1.94 bytes per position it holds (5.94 with --format csv,\n"
	"which keeps the distances in 4 bytes: any depth) plus the move tables; --max-memory\n"
	"applies per rank.\n"
	"Rank 0 prints and writes the files; the others send it their share in batches.\n"
	"  --position CODE    the position to report (default: the start; text and json)\n"
	"  --save FILE        also keep the solved game as the binary table 'chopsticks solve\n"
	"                     --save' writes (the same bytes), for 'show', 'play', 'graph' and\n"
	"                     'verify'; written by rank 0\n"
	"  --stats FILE       write per level the positions settled, the bytes the ranks sent\n"
	"                     each other and the time, and each rank's peak memory and CPU\n"
	"                     time, as JSON (README 'Running on a cluster' lists the keys)\n"
	"--checkpoint DIR keeps the state as 'chopsticks solve --checkpoint' does, but not in\n"
	"DIR/state: each rank keeps its part in DIR/rank-K.0 and DIR/rank-K.1, written in turn,\n"
	"so that a kill leaves a state every rank holds whole; the same command on the same\n"
	"number of ranks resumes from it, with the same output (README 'Checkpoints').\n"
	"Other shapes (three or more players, uneven hands), --export and --estimate: run\n"
	"'chopsticks solve' on one machine. --threads sets the OpenMP threads of each rank.\n";

enum { OPT_POSITION, OPT_SAVE, OPT_STATS, OPT_EXPORT, OPT_ESTIMATE };
static const struct extra_option extra[] = {
	{"--position", true, NULL, FORMAT_BIT(FORMAT_TEXT) | FORMAT_BIT(FORMAT_JSON)},
	{"--save", true, NULL, 0},
	{"--stats", true, NULL, 0},
	{"--export", true, NULL, 0},
	{"--estimate", false, NULL, 0}};
static const struct command_args command = {"solve", "chopsticks-mpi", ARGS_RULES | ARGS_COMPUTE | ARGS_CHECKPOINT, FORMATS_DATA,
					    extra, 5, NULL, help};

static const char what[] = "1.94 bytes per owned position, 5.94 with csv, and the tables";

// The options and shapes this solve does not take; -1 when none.
static int unsupported(const struct cli_options *opt)
{
	const char *one = "run 'chopsticks solve' on one machine";
	if (opt->extra_set[OPT_EXPORT])
		return args_fail("solve", "--export is not supported by chopsticks-mpi; %s", one);
	if (opt->extra_set[OPT_ESTIMATE])
		return args_fail("solve", "--estimate is not supported by chopsticks-mpi; %s", one);
	const struct rules_spec *sp = &opt->spec;
	bool even = true;
	for (unsigned s = 1; s < sp->players; s++)
		even &= sp->hands[s] == sp->hands[0];
	if (sp->players != 2 || !even)
		return args_fail("solve", "chopsticks-mpi solves two players with the same number of hands only (here %u players%s); %s",
				 sp->players, even ? "" : " with uneven hands", one);
	return -1;
}

// Refuses, before the rules tables are built, an instance whose share on one rank would
// exceed --max-memory (estimated from the closed form, so it works at any size).
static int check_size(const struct cli_options *opt, enum plan_task task, int ranks)
{
	mpz_t distinct;
	mpz_init(distinct);
	instance_distinct(opt, distinct);
	double size = mpz_get_d(distinct);
	mpz_clear(distinct);
	double need = size * plan_spec_bytes(&opt->spec, task, (unsigned)ranks);
	if (!opt->spec.max_bytes || need <= (double)opt->spec.max_bytes)
		return -1;
	return front_refuse("solve", size, need, ranks, what, (double)opt->spec.max_bytes);
}

// Once the plan is built: the dense engine must have accepted the rules, and the share of
// the rank with the most rows must fit.
static int check_plan(const struct cli_options *opt, const struct plan *plan, enum plan_task task, int ranks)
{
	if (!plan->dense)
		return args_fail("solve", "these rules do not fit the dense engine, which chopsticks-mpi needs; run 'chopsticks solve' on one machine");
	if (plan_fits(plan, task, (unsigned)ranks, opt->spec.max_bytes))
		return -1;
	return front_refuse("solve", (double)plan->rules->size, plan_bytes(plan, task, (unsigned)ranks), ranks, what,
			    (double)opt->spec.max_bytes);
}

struct run {
	const struct cli_options *opt;
	const struct dense *d;
	struct exchange ex;
	struct mpi_share share;
	struct stats stats;
	struct rank_state ck;
	bool checkpointing;
	uint32_t *depth;
	int rank;
};

static bool reachable_at(const void *ctx, uint64_t idx)
{
	const struct run *r = ctx;
	enum value v;
	unsigned rem;
	result_at(&r->share, (struct exchange *)&r->ex, idx, &v, &rem);
	return v != VALUE_UNKNOWN;
}

// Opens the directory of --checkpoint for the game of rules, on every rank.
static enum status open_checkpoint(struct run *r, const struct rules *rules, struct error *err)
{
	char settings[DESCRIBE_MAX];
	if (!r->opt->checkpoint)
		return STATUS_OK;
	describe_settings(rules, settings, sizeof settings);
	r->checkpointing = true;
	return rank_state_open(&r->ck, MPI_COMM_WORLD, r->opt->checkpoint, settings, r->opt->checkpoint_every, err);
}

// Once the command has succeeded and rank 0's output is flushed, every rank removes its part
// of the state. Returns the exit status (a write error on stdout is main's to report).
static int finish(struct run *r, int rc)
{
	struct error err;
	if (!r->checkpointing)
		return rc;
	int ok = !rc && (r->rank || (fflush(stdout) == 0 && !ferror(stdout)));
	MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	enum status st = ok ? rank_state_remove(&r->ck, &err) : STATUS_OK;
	if (st == STATUS_OK)
		return rc;
	return r->rank ? front_exit_code(st) : output_failure("solve", st, err.msg);
}

// The walk and the solve; then what cmd_solve does with a solved game. Returns the exit status.
static int solve(struct run *r, const struct rules *rules)
{
	const struct cli_options *opt = r->opt;
	struct error err;
	struct progress progress = *output_progress("solve");
	if (r->rank) // every rank watches for SIGINT (the flags are agreed each level); rank 0 draws
		progress.report = NULL;
	enum status st = stats_start(&r->stats, MPI_COMM_WORLD, opt->extra_set[OPT_STATS] ? opt->extra_value[OPT_STATS] : NULL, &err);
	if (st == STATUS_OK)
		st = exchange_init(&r->ex, MPI_COMM_WORLD, r->d->n[0], &err);
	uint32_t w = r->ex.lo ? r->ex.lo[r->ex.rank + 1] - r->ex.lo[r->ex.rank] : 0;
	if (st == STATUS_OK && opt->format == FORMAT_CSV && !(r->depth = malloc((size_t)w * r->d->n[0] * sizeof *r->depth + 1)))
		st = error_set(&err, STATUS_FAILURE, "rank %d: out of memory: the distances need %llu bytes", r->rank,
			       (unsigned long long)((uint64_t)w * r->d->n[0] * sizeof *r->depth));
	st = walk_agree(MPI_COMM_WORLD, st, &err);
	if (st == STATUS_OK)
		st = open_checkpoint(r, rules, &err);
	struct rank_state *ck = r->checkpointing ? &r->ck : NULL;
	uint64_t reachable_count = 0;
	struct slab seen = {0};
	if (st == STATUS_OK)
		st = rows_walk_state(r->d, &r->ex, &progress, &r->stats, ck, &reachable_count, &seen, r->depth, &err);
	if (st == STATUS_OK)
		st = mpi_solve(r->d, &r->ex, &seen, reachable_count, &progress, &r->stats, ck, &r->share, &err);
	slab_free(&seen);
	exchange_release(&r->ex); // the report's gathers use buffers of their own
	if (st != STATUS_OK)
		return r->rank ? front_exit_code(st) : output_failure("solve", st, err.msg);
	if (r->rank == 0)
		output_progress_done();
	struct solve_summary sum = {.rules = rules, .at = rules->start};
	result_summary(&r->share, &r->ex, &sum);
	int rc = 0;
	if (opt->extra_set[OPT_POSITION]) {
		int saved = r->rank ? front_quiet() : -1;
		rc = solve_report_position(rules, "solve", "--position", opt->extra_value[OPT_POSITION], reachable_at, r,
					   &sum.at);
		front_loud(saved);
		if (rc)
			return rc;
	}
	result_at(&r->share, &r->ex, sum.at, &sum.value, &sum.remoteness);
	if (opt->extra_set[OPT_SAVE])
		st = result_save(&r->share, &r->ex, &sum, opt->extra_value[OPT_SAVE], &r->stats, &err);
	if (st == STATUS_OK && opt->format == FORMAT_CSV)
		st = result_csv(&r->share, &r->ex, r->depth, &r->stats, &err);
	else if (st == STATUS_OK && r->rank == 0)
		solve_report_two(&sum, opt->format);
	if (st == STATUS_OK && opt->extra_set[OPT_STATS])
		st = stats_write(&r->stats, MPI_COMM_WORLD, r->ex.mpi_seconds, opt->extra_value[OPT_STATS], rules,
				 opt->threads, sum.reachable, &err);
	if (st != STATUS_OK)
		rc = r->rank ? front_exit_code(st) : output_failure("solve", st, err.msg);
	return rc;
}

int solve_main(int argc, char **argv, int rank, int ranks)
{
	struct cli_options opt;
	struct rules *rules = NULL;
	struct plan plan = {0};
	int saved = rank ? front_quiet() : -1;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc < 0)
		rc = unsupported(&opt);
	enum plan_task task = opt.format == FORMAT_CSV ? PLAN_MPI_SOLVE_DISTANCES : PLAN_MPI_SOLVE;
	if (rc < 0)
		rc = check_size(&opt, task, ranks);
	if (rc < 0 && (rc = args_build_rules(&opt, PLAN_ENGINE, &rules, &plan)) == 0)
		rc = check_plan(&opt, &plan, task, ranks);
	front_loud(saved);
	if (rc < 0) {
		struct run r = {.opt = &opt, .d = plan.dense, .rank = rank};
		rc = finish(&r, solve(&r, rules));
		mpi_share_free(&r.share);
		exchange_free(&r.ex);
		stats_free(&r.stats);
		free(r.depth);
	}
	plan_free(&plan);
	rules_free(rules);
	return rc;
}

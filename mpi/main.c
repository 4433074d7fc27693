// SPDX-License-Identifier: MIT
// chopsticks-mpi: `chopsticks count` and `chopsticks solve` over MPI ranks, for instances
// that outgrow one machine. `chopsticks-mpi solve ...` runs the solve (solve_main.c);
// `chopsticks-mpi count ...`, or options alone (the first form, kept), the count here.
// Every rank parses the same arguments and builds the same rules; the walk is spread over
// the ranks (walk.h); rank 0 alone prints, in exactly the formats of `chopsticks count`
// (cli/count_report.c, shared with cmd_count.c; --unreachable is refused). Every rank exits
// with the same status.
#include <gmp.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "instance.h"
#include "count_report.h"
#include "closed_form.h"
#include "enumerate.h"
#include "front.h"
#include "interrupt.h"
#include "message.h"
#include "output.h"
#include "plan.h"
#include "position.h"
#include "solve_main.h"
#include "special.h"
#include "stdio_check.h"
#include "variants.h"
#include "walk.h"

static const char help[] =
	"usage: mpirun -np N chopsticks-mpi [count] [rule options] [--format text|csv|json]\n"
	"       mpirun -np N chopsticks-mpi solve [rule options] [--format text|csv|json]\n"
	"              [--save FILE] [--position CODE] [--stats FILE] [--checkpoint DIR]\n"
	"              (chopsticks-mpi solve --help)\n"
	"Without 'solve': does what 'chopsticks count' does, with the walk spread over N MPI\n"
	"ranks, and prints exactly what it prints (text, csv, json): positions, distinct,\n"
	"reachable, terminal, max_depth and the positions at each distance. Two players (most\n"
	"rule sets, equal hands or not): the dense walk, each rank expanding 1/N of the rows and\n"
	"holding five bits per position (merged by MPI_Allreduce), when that fits --max-memory.\n"
	"Otherwise each rank owns a contiguous block of the index space and needs one byte per\n"
	"owned position plus one bit per position plus the rules tables. --max-memory applies\n"
	"per rank.\n"
	"--threads sets the OpenMP threads of each rank. --unreachable is not supported here.\n";

enum { OPT_UNREACHABLE };
static const struct extra_option extra[] = {{"--unreachable", false, NULL, 0}};
static const struct command_args command = {"count", "chopsticks-mpi", ARGS_RULES | ARGS_COMPUTE, FORMATS_DATA,
					    extra, 1, NULL, help};

static int refuse(const struct cli_options *opt, double positions, double need, int ranks)
{
	return front_refuse("count", positions, need, ranks, "a bit per position, a byte per owned position and the tables",
			    (double)opt->spec.max_bytes);
}

// Refuses, before the rules tables are built, an instance whose share of the walk on one
// rank would exceed --max-memory (estimated from the closed form, so it works at any size).
static int check_size(const struct cli_options *opt, int ranks)
{
	mpz_t distinct;
	mpz_init(distinct);
	instance_distinct(opt, distinct);
	double size = mpz_get_d(distinct);
	double need = size * plan_spec_bytes(&opt->spec, PLAN_MPI_WALK, (unsigned)ranks);
	mpz_clear(distinct);
	if (!opt->spec.max_bytes || need <= (double)opt->spec.max_bytes)
		return 0;
	return refuse(opt, size, need, ranks);
}

// Picks the walk once the plan is built: the dense one when the plan has chosen it and its
// matrices fit in --max-memory on every rank, else the block walk if it fits (rank 0's
// block is the largest). Returns -1 to go on, or the exit status.
static int choose_walk(const struct cli_options *opt, struct plan *plan, int ranks)
{
	unsigned n = (unsigned)ranks;
	if (plan->dense && !plan_fits(plan, PLAN_MPI_WALK, n, opt->spec.max_bytes))
		plan_drop_dense(plan);
	if (plan_fits(plan, PLAN_MPI_WALK, n, opt->spec.max_bytes))
		return -1;
	return refuse(opt, (double)plan->rules->size, plan_bytes(plan, PLAN_MPI_WALK, n), ranks);
}

static int run(int argc, char **argv, int rank, int ranks)
{
	struct cli_options opt;
	struct rules *rules = NULL;
	struct error err;
	int saved = rank ? front_quiet() : -1;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc < 0 && opt.extra_set[OPT_UNREACHABLE])
		rc = args_fail("count", "--unreachable is not supported by chopsticks-mpi; run 'chopsticks count --unreachable' on one machine");
	if (rc < 0 && check_size(&opt, ranks))
		rc = 2;
	struct plan plan = {0};
	if (rc < 0 && (rc = args_build_rules(&opt, PLAN_ENGINE, &rules, &plan)) == 0)
		rc = choose_walk(&opt, &plan, ranks);
	front_loud(saved);
	if (rc >= 0) {
		plan_free(&plan);
		rules_free(rules);
		return rc;
	}
	struct count_report c;
	count_report_init(&c, rules, opt.start != NULL);
	// Every rank watches for SIGINT (the stop flags are agreed each layer); rank 0 draws.
	struct progress progress = *output_progress("count");
	if (rank)
		progress.report = NULL;
	struct walk_block block;
	enum status st = plan.dense ? walk_dense(plan.dense, MPI_COMM_WORLD, &progress, &c.e, &err)
				    : walk_reachable(rules, MPI_COMM_WORLD, &progress, &c.e, &block, &err);
	plan_free(&plan);
	if (st != STATUS_OK) {
		rc = rank ? front_exit_code(st) : output_failure("count", st, err.msg);
	} else if (rank == 0) {
		output_progress_done();
		count_report_print(&c, opt.format);
		rc = 0;
	} else {
		rc = 0;
	}
	count_report_clear(&c);
	rules_free(rules);
	return rc;
}

int main(int argc, char **argv)
{
	int provided, rank, ranks;
	// argv[1] names the command (before MPI_Init, for the interrupt message).
	bool solve = argc > 1 && !strcmp(argv[1], "solve"), count = argc > 1 && !strcmp(argv[1], "count");
	const char *name = solve ? "solve" : "count";
	interrupt_install(name);
	stdio_guard();
	if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
		fprintf(stderr, "chopsticks-mpi: MPI_Init_thread failed\n");
		return 1;
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &ranks);
	// Only rank 0 writes data (and --help); the others' stdout goes nowhere.
	if (rank && !freopen("/dev/null", "w", stdout))
		MPI_Abort(MPI_COMM_WORLD, 1);
	int shift = solve || count, all;
	int rc = (solve ? solve_main : run)(argc - shift, argv + shift, rank, ranks);
	if (rank == 0) // a write error on stdout fails every rank; stdout stays open for MPI
		rc = stdio_check_stdout(name, rc);
	MPI_Allreduce(&rc, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	MPI_Finalize();
	return all;
}

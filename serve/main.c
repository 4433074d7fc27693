// SPDX-License-Identifier: MIT
// chopsticks-serve, the program `chopsticks serve` runs (cli/cmd_serve.c): explore one solved
// game in a browser. It is a program of its own so that only it loads libmicrohttpd and what
// that links (GnuTLS and more): every other command starts as fast as before. Builds the game (or opens a
// saved table), listens at once (serve/http.h), prints the URL, solves on a thread of its own
// while the API answers 503, and serves until SIGINT or SIGTERM, then exits 0. Both signals
// are blocked in every thread and taken by sigwait here, so no handler runs mid-request.
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "describe.h"
#include "game_text.h"
#include "http.h"
#include "interrupt.h"
#include "message.h"
#include "numparse.h"
#include "output.h"
#include "serve_args.h"
#include "site.h"
#include "stdio_check.h"


// The solve (or the table opened) on its own thread, then the site published.
struct solver {
	chop_game *game;
	chop_solution *table; // --table: the table, published without a solve
	chop_config config;
	struct site *site;
	atomic_int stop;   // set by the main thread at a signal: the solve gives up
	int status;        // the exit status once it has ended (0: published)
	chop_error err;
};

// The progress callback: the programs' progress lines on stderr, and the stop flag.
static int progress(void *ctx, const chop_progress *step)
{
	struct solver *s = ctx;
	struct progress_step line = {.phase = step->phase, .level = step->level, .done = step->done, .total = step->total};
	const struct progress *out = output_progress("serve");
	progress_report(out, &line);
	return atomic_load(&s->stop);
}

static void *solve(void *arg)
{
	struct solver *s = arg;
	chop_solution *sol = s->table ? s->table : chop_solve(s->game, &s->config, &s->err);
	output_progress_done();
	if (sol && site_publish(s->site, sol) != 0) {
		s->err = (chop_error){CHOP_FAILURE, "out of memory"};
		if (sol != s->table)
			chop_solution_free(sol);
		sol = NULL;
	}
	s->status = sol ? 0 : s->err.status == CHOP_BAD_INPUT ? 2 : s->err.status == CHOP_INTERRUPTED ? 130 : 1;
	if (!sol && !atomic_load(&s->stop))
		kill(getpid(), SIGTERM); // wake the main thread, which reports the failure
	return NULL;
}

// The game of the rule options: refused (exit 2 with the estimate) when its solve would not
// fit --max-memory. Returns 0 and sets *game, or the exit status.
static int game_of_options(const struct cli_options *opt, chop_game **game)
{
	struct rules *rules;
	struct plan plan;
	struct description d;
	int rc = args_build_rules(opt, opt->spec.players == 2 ? PLAN_SOLVE : PLAN_COALITION, &rules, &plan);
	if (rc)
		return rc;
	describe_game(rules, &d);
	plan_free(&plan);
	rules_free(rules);
	chop_error err;
	*game = chop_game_from_options(d.options, &err);
	return *game ? 0 : output_failure("serve", (enum status)err.status, err.message);
}

// Opens URL in a browser when xdg-open is there (not waited for); says so on stderr otherwise.
static void open_browser(const char *url)
{
	char *const argv[] = {"xdg-open", (char *)url, NULL};
	posix_spawn_file_actions_t fa;
	pid_t pid;
	signal(SIGCHLD, SIG_IGN); // nobody waits for it: the kernel reaps it, no zombie while serving
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", 1, 0);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", 1, 0);
	if (posix_spawnp(&pid, "xdg-open", &fa, NULL, argv, NULL) != 0)
		message_print("serve", "--open: no xdg-open here; open %s yourself", url);
	posix_spawn_file_actions_destroy(&fa);
}

// Waits for SIGINT or SIGTERM (blocked in set); returns the signal.
static int wait_signal(const sigset_t *set)
{
	int sig = 0;
	while (sigwait(set, &sig) != 0)
		;
	return sig;
}

// Serves site from server until a signal while solver solves (or publishes its table).
// Returns the exit status.
static int serve(struct http_server *server, struct solver *solver, const sigset_t *set, const char *bind, bool open)
{
	char url[128];
	pthread_t thread;
	snprintf(url, sizeof url, strchr(bind, ':') ? "http://[%s]:%u/" : "http://%s:%u/", bind, http_port(server));
	if (printf("%s\n", url) < 0 || fflush(stdout) != 0) { // nobody would learn where it serves
		http_stop(server);
		return output_failure("serve", STATUS_FAILURE, "writing the URL on stdout failed");
	}
	if (open)
		open_browser(url);
	if (pthread_create(&thread, NULL, solve, solver) != 0) {
		http_stop(server);
		return output_failure("serve", STATUS_FAILURE, "cannot start the solver thread");
	}
	wait_signal(set);
	atomic_store(&solver->stop, 1);
	pthread_join(thread, NULL);
	http_stop(server);
	if (solver->status && solver->status != 130)
		return output_failure("serve", (enum status)solver->err.status, solver->err.message);
	return 0;
}

// The options of serve itself: port and address.
static int listen_options(const struct cli_options *opt, unsigned *port, const char **bind)
{
	uint64_t p = 8026;
	const char *text = opt->extra_value[OPT_PORT];
	if (opt->extra_set[OPT_PORT] && !numparse_u64(text, strlen(text), 0, 65535, &p))
		return args_fail("serve", "--port '%.60s': must be an integer from 0 to 65535", text);
	*port = (unsigned)p;
	*bind = opt->extra_set[OPT_BIND] ? opt->extra_value[OPT_BIND] : "127.0.0.1";
	if (!http_address_valid(*bind))
		return args_fail("serve", "--bind '%.60s': must be a numeric IPv4 or IPv6 address", *bind);
	return 0;
}

// Builds the game (or opens the table) and the site; returns 0 or the exit status.
static int prepare(const struct cli_options *opt, struct solver *solver)
{
	chop_error err;
	if (opt->extra_set[OPT_TABLE]) {
		if (!(solver->table = chop_table_open(opt->extra_value[OPT_TABLE], NULL, &err)))
			return output_failure("serve", (enum status)err.status, err.message);
		solver->game = (chop_game *)chop_solution_game(solver->table);
	} else {
		int rc = game_of_options(opt, &solver->game);
		if (rc)
			return rc;
	}
	solver->config = (chop_config){opt->threads_auto ? 0 : opt->threads, opt->spec.max_bytes, progress, solver};
	if (site_init(solver->site, solver->game) == 0)
		return 0;
	return output_failure("serve", STATUS_FAILURE, "out of memory");
}

static int run(int argc, char **argv)
{
	struct cli_options opt;
	int rc = args_parse(argc, argv, serve_args(), &opt);
	if (rc >= 0)
		return rc;
	unsigned port = 0;
	const char *bind = NULL;
	if ((rc = listen_options(&opt, &port, &bind)) != 0)
		return rc;
	struct site site;
	struct solver solver = {.site = &site};
	atomic_init(&solver.stop, 0);
	if ((rc = prepare(&opt, &solver)) != 0) {
		chop_solution_free(solver.table);
		return rc;
	}
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL); // before any thread starts: all of them inherit it
	char why[160];
	struct http_server *server = http_start(&site, bind, port, why, sizeof why);
	if (!server)
		rc = output_failure("serve", STATUS_FAILURE, why);
	else
		rc = serve(server, &solver, &set, bind, opt.extra_set[OPT_OPEN]);
	if (!atomic_load(&site.ready)) // not taken over by the site
		chop_solution_free(solver.table);
	site_free(&site);
	if (!solver.table)
		chop_game_free(solver.game);
	return rc;
}

// argv[0] is "serve" when chopsticks runs it, or this program's path when run directly:
// either way only the options after it are read.
int main(int argc, char **argv)
{
	interrupt_install("serve");
	stdio_guard();
	return stdio_close_stdout("serve", run(argc, argv));
}

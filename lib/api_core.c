// SPDX-License-Identifier: MIT
// The version calls, errors as values, and long calls' configuration (see api.h).
#include "api.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "instance.h"

const char *chop_version(void)
{
	return CHOP_VERSION_STRING;
}

unsigned chop_version_number(void)
{
	return CHOP_VERSION_NUMBER;
}

chop_status api_fail(chop_error *err, enum status st, const char *msg)
{
	if (err) {
		err->status = (chop_status)st;
		snprintf(err->message, sizeof err->message, "%s", msg);
	}
	return (chop_status)st;
}

chop_status api_failf(chop_error *err, enum status st, const char *fmt, ...)
{
	struct error e;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e.msg, sizeof e.msg, fmt, ap);
	va_end(ap);
	return api_fail(err, st, e.msg);
}

// The internal report, passed on to the caller's callback; a nonzero answer stops the work
// at its next step.
static void report(void *ctx, const struct progress_step *step)
{
	struct api_run *run = ctx;
	if (!step->phase || step->note)
		return;
	chop_progress p = {step->phase, step->level, step->done, step->total};
	if (run->config->progress(run->config->progress_ctx, &p))
		run->stop = 1;
}

void api_run_begin(struct api_run *run, const chop_game *game, const chop_config *config)
{
	static const chop_config defaults;
	memset(run, 0, sizeof *run);
	run->config = config ? config : &defaults;
	run->opt = game->opt;
	run->opt.spec.max_bytes = run->config->max_memory ? run->config->max_memory : args_default_max_bytes();
	if (run->config->progress)
		run->progress.report = report;
	run->progress.ctx = run;
	run->progress.stop = &run->stop;
}

void api_run_threads(const struct api_run *run, const struct plan *plan)
{
	unsigned most = args_default_threads();
	unsigned n = run->config->threads ? run->config->threads : plan_threads(plan, most);
#ifdef _OPENMP
	omp_set_num_threads((int)n);
#else
	(void)n;
#endif
}

enum status api_run_plan(const struct api_run *run, const chop_game *game, enum plan_task task, struct plan *plan,
			 struct error *e)
{
	enum status st = instance_check_size(&run->opt, task, e);
	const struct rules *rules = st == STATUS_OK ? api_game_full(game, e) : NULL;
	if (st == STATUS_OK && !rules)
		st = STATUS_FAILURE;
	if (st == STATUS_OK)
		st = instance_plan(&run->opt, rules, task, plan, e);
	if (st == STATUS_OK)
		api_run_threads(run, plan);
	return st;
}

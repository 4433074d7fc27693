// SPDX-License-Identifier: MIT
// An instance from scanned options (args_scan.h): its rules, --start applied, and the plan
// of its engine for one task, refused up front when it would not fit --max-memory. Prints
// nothing: the programs print the message (programs/args.h), the API returns it.
#ifndef CHOPSTICKS_LIB_INSTANCE_H
#define CHOPSTICKS_LIB_INSTANCE_H

#include <gmp.h>

#include "args_scan.h"
#include "error.h"
#include "plan.h"
#include "rules.h"

// Builds the rules of opt (and applies --start) and their plan for task. Refuses, with
// STATUS_BAD_INPUT and a message naming the estimate and the limit, an instance that needs
// more than opt->spec.max_bytes (0: no limit): first from the closed-form count with the
// bytes per position of the shape, before anything is allocated, then once the plan has
// chosen the engine. With opt->estimate it refuses nothing (the caller reports the estimate).
// Also STATUS_BAD_INPUT for rules that do not build or a bad --start, STATUS_FAILURE on
// allocation. On failure *out is NULL and *plan empty; on success the caller frees *plan
// (plan_free) before the rules (rules_free). Thread-safe.
enum status instance_build(const struct cli_options *opt, enum plan_task task, struct rules **out,
			   struct plan *plan, struct error *err);

// The first refusal of instance_build alone: STATUS_BAD_INPUT when the closed-form count of
// opt's instance times the bytes per position of task on its shape exceeds the limit.
enum status instance_check_size(const struct cli_options *opt, enum plan_task task, struct error *err);
// The second: the plan of rules (built from opt) for task, refused when the positions and
// tables on the chosen engine exceed the limit (not with opt->estimate); *plan empty on failure.
enum status instance_plan(const struct cli_options *opt, const struct rules *rules, enum plan_task task,
			  struct plan *plan, struct error *err);

// The closed-form count of distinct positions of the instance opt asks for (lives, zombies
// and stumps included), before any rules are built. distinct must be initialised.
void instance_distinct(const struct cli_options *opt, mpz_t distinct);

#endif

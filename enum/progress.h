// SPDX-License-Identifier: MIT
// How long computations report progress and learn that they should stop. Library code calls
// report (if set) between steps, at most once per level, and checks *stop (if set); only cli/
// prints anything. A report costs one call: callers count per level, never per position.
#ifndef CHOPSTICKS_ENUM_PROGRESS_H
#define CHOPSTICKS_ENUM_PROGRESS_H

#include <signal.h>
#include <stdint.h>

// Where a computation stands. Fields a caller does not know are 0.
struct progress_step {
	const char *phase; // what runs now: "walk", "solve", "lengths: geodesic", ...
	unsigned level;    // the level about to run (walk: distance; solve: remoteness k)
	unsigned bound;    // the last level, when known beforehand; 0: unknown
	uint64_t done;     // positions settled so far (solve: decided; walk: reached)
	uint64_t total;    // positions done will reach at the end, when known; 0: unknown
	uint64_t at_most;  // when total is unknown: an upper bound on it (walk: distinct); 0: none
	const char *note;  // an event of this step ("checkpoint written"), reported at once; or NULL
};

struct progress {
	void (*report)(void *ctx, const struct progress_step *step);
	void *ctx;
	volatile sig_atomic_t *stop; // nonzero: return STATUS_INTERRUPTED at the next step
};

static inline void progress_report(const struct progress *pr, const struct progress_step *step)
{
	if (pr && pr->report)
		pr->report(pr->ctx, step);
}

static inline int progress_stopped(const struct progress *pr)
{
	return pr && pr->stop && *pr->stop;
}

#endif

// SPDX-License-Identifier: MIT
// How long computations report progress and learn that they should stop. Library code calls
// report (if set) between steps and checks *stop (if set); only cli/ prints anything.
#ifndef CHOPSTICKS_ENUM_PROGRESS_H
#define CHOPSTICKS_ENUM_PROGRESS_H

#include <signal.h>
#include <stdint.h>

struct progress {
	void (*report)(void *ctx, const char *stage, uint64_t done, uint64_t total);
	void *ctx;
	volatile sig_atomic_t *stop; // nonzero: return STATUS_INTERRUPTED at the next step
};

static inline void progress_report(const struct progress *pr, const char *stage, uint64_t done,
				   uint64_t total)
{
	if (pr && pr->report)
		pr->report(pr->ctx, stage, done, total);
}

static inline int progress_stopped(const struct progress *pr)
{
	return pr && pr->stop && *pr->stop;
}

#endif

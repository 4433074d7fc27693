// SPDX-License-Identifier: MIT
// Shared output helpers (see output.h).
#include "output.h"

#include <stdbool.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "interrupt.h"
#include "message.h"

void output_hands(char *buf, size_t len, unsigned players, const unsigned *hands)
{
	unsigned s = 1;
	while (s < players && hands[s] == hands[0])
		s++;
	size_t used = (size_t)snprintf(buf, len, "%u", hands[0]);
	for (unsigned k = 1; s < players && k < players && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, ",%u", hands[k]);
}

// Progress: on a terminal a live line, redrawn; elsewhere (or with --progress) plain lines.
#define LIVE_AFTER 1.0   // seconds before a live line is drawn
#define PLAIN_EVERY 10.0 // seconds between plain lines (the first after as long)
#define FORCED_EVERY 1.0 // with --progress: at most this often, and at each new phase
#define ESTIMATE_MIN 0.03 // the fraction of a phase done in it before its time left is told

static struct {
	const char *cmd;
	bool plain;       // --progress: plain lines, terminal or not, short runs too
	bool drawn;       // a live line is on the terminal
	bool any;         // a line has been printed (so the next phase's first one is due)
	double last_line; // when the last line was printed (s since began)
	char phase[64];   // the phase of the last report, and when and how far it began
	double phase_at;
	uint64_t phase_done;
	struct timespec began;
} prog;

static double elapsed(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - prog.began.tv_sec) + (now.tv_nsec - prog.began.tv_nsec) * 1e-9;
}

// The time left in this phase, from the share of its positions done since it began; < 0
// when no estimate can be made.
static double time_left(const struct progress_step *step, double now)
{
	if (!step->total || step->done >= step->total || step->done < prog.phase_done)
		return -1;
	double moved = (double)(step->done - prog.phase_done) / (double)step->total;
	if (moved < ESTIMATE_MIN)
		return -1;
	return (now - prog.phase_at) * (double)(step->total - step->done) / (double)step->total / moved;
}

// "chopsticks solve: phase solve, level 12, positions 1234/5678 (21%), elapsed 35 s, about
// 120 s left" (README, "Progress"); without its "chopsticks solve: " when prefix is false.
static void format_line(char *buf, size_t len, const struct progress_step *step, double now,
			bool prefix)
{
	int n = snprintf(buf, len, "%s%s%sphase %s, level %u", prefix ? "chopsticks " : "",
			 prefix ? prog.cmd : "", prefix ? ": " : "", step->phase, step->level);
	size_t used = n > 0 ? (size_t)n : 0;
#define ADD(...)                                                                       \
	do {                                                                           \
		if (used < len)                                                        \
			used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__); \
	} while (0)
	if (step->bound)
		ADD(" of %u", step->bound);
	if (step->total)
		ADD(", positions %llu/%llu (%.0f%%)", (unsigned long long)step->done,
		    (unsigned long long)step->total,
		    100.0 * (double)(step->done < step->total ? step->done : step->total) / (double)step->total);
	else if (step->at_most)
		ADD(", positions %llu (at most %llu)", (unsigned long long)step->done,
		    (unsigned long long)step->at_most);
	else if (step->done)
		ADD(", positions %llu", (unsigned long long)step->done);
	ADD(", elapsed %.0f s", now);
	double left = time_left(step, now);
	if (left >= 0)
		ADD(", about %.0f s left", left);
	else
		ADD(", estimate unknown");
	if (step->note)
		ADD(", %s", step->note);
#undef ADD
}

// The terminal's width, or 80 when it cannot be asked.
static size_t columns(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
		return ws.ws_col;
	return 80;
}

static void report(void *ctx, const struct progress_step *step)
{
	(void)ctx;
	double now = elapsed();
	bool fresh = strncmp(prog.phase, step->phase, sizeof prog.phase - 1) != 0;
	if (fresh) {
		snprintf(prog.phase, sizeof prog.phase, "%s", step->phase);
		prog.phase_at = now;
		prog.phase_done = step->done;
	}
	bool live = !prog.plain && isatty(STDERR_FILENO);
	bool due = step->note || (live ? now >= LIVE_AFTER
				  : prog.plain ? (fresh || !prog.any || now - prog.last_line >= FORCED_EVERY)
					       : now - prog.last_line >= PLAIN_EVERY);
	if (!due)
		return;
	char line[512];
	format_line(line, sizeof line, step, now, true);
	if (live) {
		// A line that wraps could not be redrawn by \r: first the prefix goes, then the end.
		size_t width = columns() - 1;
		if (strlen(line) > width)
			format_line(line, sizeof line, step, now, false);
		fprintf(stderr, "\r\033[K%.*s", (int)(width < sizeof line ? width : sizeof line), line);
		prog.drawn = true;
	} else {
		fprintf(stderr, "%s\n", line);
	}
	fflush(stderr);
	prog.any = true;
	prog.last_line = now;
}

void output_progress_plain(bool plain)
{
	prog.plain = plain;
}

const struct progress *output_progress(const char *cmd)
{
	static struct progress pr = {report, NULL, NULL};
	pr.stop = interrupt_watch();
	prog.cmd = cmd;
	prog.phase[0] = '\0';
	prog.any = false;
	prog.last_line = 0;
	clock_gettime(CLOCK_MONOTONIC, &prog.began);
	return &pr;
}

void output_progress_done(void)
{
	if (prog.drawn)
		fputs("\r\033[K", stderr);
	prog.drawn = false;
}

int output_failure(const char *cmd, enum status st, const char *msg)
{
	output_progress_done();
	message_print(cmd, "%s", msg);
	return st == STATUS_BAD_INPUT ? 2 : st == STATUS_INTERRUPTED ? 130 : 1;
}

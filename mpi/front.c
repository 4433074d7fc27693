// SPDX-License-Identifier: MIT
// The parsing helpers of chopsticks-mpi (see front.h).
#include "front.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "message.h"
#include "size_text.h"

int front_quiet(void)
{
	fflush(stderr);
	int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
	if (null >= 0) {
		dup2(null, STDERR_FILENO);
		close(null);
	}
	return saved;
}

void front_loud(int saved)
{
	if (saved < 0)
		return;
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
}

int front_exit_code(enum status st)
{
	return st == STATUS_OK ? 0 : st == STATUS_BAD_INPUT ? 2 : st == STATUS_INTERRUPTED ? 130 : 1;
}

int front_refuse(const char *cmd, double positions, double need, int ranks, const char *what, double limit)
{
	char need_text[SIZE_TEXT_MAX], limit_text[SIZE_TEXT_MAX];
	size_text(need_text, need);
	size_text(limit_text, limit);
	message_print(cmd, "instance too large: %.4g positions need about %s per rank with %d rank%s (%s), the limit is %s (--max-memory)",
		      positions, need_text, ranks, ranks == 1 ? "" : "s", what, limit_text);
	return 2;
}

// SPDX-License-Identifier: MIT
// Checks of the standard streams (see stdio_check.h).
#include "stdio_check.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "message.h"

void stdio_guard(void)
{
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
			if (got >= 0 && got != fd) { // only when a lower one was taken meanwhile
				dup2(got, fd);
				close(got);
			}
		}
}

// Prints the write error (unless status already reports a failure); returns the new status.
static int write_failed(const char *cmd, int status, int err)
{
	if (status == 0) // a failure already reported keeps its one message
		message_print(cmd, "write error on standard output%s%s", err ? ": " : "", err ? strerror(err) : "");
	return status ? status : 1;
}

int stdio_check_stdout(const char *cmd, int status)
{
	errno = 0;
	bool failed = fflush(stdout) != 0;
	int err = failed ? errno : 0;
	failed |= ferror(stdout) != 0;
	if (failed && !err && write(STDOUT_FILENO, "\n", 1) < 0) // the stream lost the reason: ask again
		err = errno;
	return failed ? write_failed(cmd, status, err) : status;
}

int stdio_close_stdout(const char *cmd, int status)
{
	int checked = stdio_check_stdout(cmd, status);
	errno = 0;
	if (fclose(stdout) != 0 && checked == status)
		return write_failed(cmd, status, errno);
	return checked;
}

int stdio_read_failed(const char *cmd)
{
	if (!ferror(stdin))
		return 0;
	if (errno == EINTR) { // SIGINT while waiting for a line
		message_print(cmd, "interrupted");
		return 130;
	}
	message_print(cmd, "read error on standard input%s%s", errno ? ": " : "", errno ? strerror(errno) : "");
	return 1;
}

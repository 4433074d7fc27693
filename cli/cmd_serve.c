// SPDX-License-Identifier: MIT
// `chopsticks serve`: runs chopsticks-serve (serve/main.c), the program beside this one, with
// the same arguments. The HTTP server is a program of its own so that libmicrohttpd and the
// libraries it links are loaded by serve alone, not at the start of every command.
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "message.h"
#include "serve_args.h"

#define SERVE_PROGRAM "chopsticks-serve"

const struct command_args *cmd_serve_args(void) { return serve_args(); }

// The path of chopsticks-serve: the directory of this executable, then the program's name.
// Returns 0, or -1 when this executable's own path cannot be read or the result is too long.
static int serve_path(char *path, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", path, size - 1);
	if (n <= 0)
		return -1;
	path[n] = '\0';
	char *slash = strrchr(path, '/');
	if (!slash || (size_t)(slash + 1 - path) + sizeof SERVE_PROGRAM > size)
		return -1;
	memcpy(slash + 1, SERVE_PROGRAM, sizeof SERVE_PROGRAM);
	return 0;
}

int cmd_serve(int argc, char **argv)
{
	(void)argc;
	char path[PATH_MAX];
	if (serve_path(path, sizeof path) != 0) {
		message_print("serve", "cannot find the path of this program, so not %s beside it", SERVE_PROGRAM);
		return 1;
	}
	execv(path, argv);
	message_print("serve", "cannot run %s: %s", path, strerror(errno));
	return 1;
}

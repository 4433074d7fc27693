// SPDX-License-Identifier: MIT
// The SIGINT handler (see interrupt.h).
#include "interrupt.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop_flag, watching, named;
static char message[2][96] = {"chopsticks: interrupted\n"};

static void on_sigint(int sig)
{
	(void)sig;
	stop_flag = 1;
	if (watching)
		return;
	const char *m = message[named ? 1 : 0];
	ssize_t ignored = write(STDERR_FILENO, m, strlen(m));
	(void)ignored;
	_exit(130);
}

void interrupt_name(const char *cmd)
{
	if (!cmd || named)
		return;
	snprintf(message[1], sizeof message[1], "chopsticks %.60s: interrupted\n", cmd);
	named = 1;
}

void interrupt_install(const char *cmd)
{
	interrupt_name(cmd);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

volatile sig_atomic_t *interrupt_watch(void)
{
	watching = 1;
	return &stop_flag;
}

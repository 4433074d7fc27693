// SPDX-License-Identifier: MIT
// SIGINT, caught from the first line of main. Until a computation watches for it, a SIGINT
// ends the process at once: "chopsticks CMD: interrupted" on stderr, nothing more on stdout
// (what is buffered is dropped), exit 130. Once interrupt_watch() is called it only sets the
// flag that computations poll (progress.h); they stop and report it, with the same status.
#ifndef CHOPSTICKS_PROGRAMS_INTERRUPT_H
#define CHOPSTICKS_PROGRAMS_INTERRUPT_H

#include <signal.h>

// Installs the handler; cmd (NULL: none yet) names the command in the message.
void interrupt_install(const char *cmd);
// Names the command once it is known.
void interrupt_name(const char *cmd);
// From now on SIGINT only sets the returned flag.
volatile sig_atomic_t *interrupt_watch(void);

#endif

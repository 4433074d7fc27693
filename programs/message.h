// SPDX-License-Identifier: MIT
// The one writer of diagnostics: "chopsticks CMD: MESSAGE" as one line on stderr, with
// every control character of the message escaped (a newline as \n, others as \xHH), so
// that a value given on the command line can never break the line.
#ifndef CHOPSTICKS_PROGRAMS_MESSAGE_H
#define CHOPSTICKS_PROGRAMS_MESSAGE_H

#include <stdarg.h>

// cmd NULL: "chopsticks: MESSAGE".
void message_print(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void message_vprint(const char *cmd, const char *fmt, va_list ap);

#endif

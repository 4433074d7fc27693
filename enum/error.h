// SPDX-License-Identifier: MIT
// Status codes and the small error record that library code fills instead of printing.
// Library code (enum/, solver/, analysis/) never prints or exits; cli/ chooses the wording
// around the message and maps the status to an exit code (see status_exit_code).
#ifndef CHOPSTICKS_ENUM_ERROR_H
#define CHOPSTICKS_ENUM_ERROR_H

enum status {
	STATUS_OK = 0,
	STATUS_FAILURE = 1,     // internal or I/O failure: exit 1
	STATUS_BAD_INPUT = 2,   // bad value, refused instance (too big): exit 2
	STATUS_INTERRUPTED = 130
};

struct error {
	char msg[512];
};

// Formats msg into err (if err is non-NULL) and returns status. Thread-safe per record.
enum status error_set(struct error *err, enum status status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif

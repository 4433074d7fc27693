// SPDX-License-Identifier: MIT
// Filling the error record (see error.h).
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

enum status error_set(struct error *err, enum status status, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
	}
	return status;
}

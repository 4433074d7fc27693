// SPDX-License-Identifier: MIT
// The one checked reader of unsigned decimal numbers used by every parser in the tool.
#ifndef CHOPSTICKS_ENUM_NUMPARSE_H
#define CHOPSTICKS_ENUM_NUMPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Parses the whole of text[0..len) (len == (size_t)-1: up to the NUL) as a decimal integer in
// [min, max]. Rejects empty input, signs, spaces, trailing junk and overflow. Returns true and
// sets *out on success; *out is untouched on failure.
bool numparse_u64(const char *text, size_t len, uint64_t min, uint64_t max, uint64_t *out);

#endif

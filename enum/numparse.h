// SPDX-License-Identifier: MIT
// The one checked reader of unsigned decimal numbers used by every parser in the tool, and
// the writer of those that are written by the hundred (codes, lines of moves, records).
#ifndef CHOPSTICKS_ENUM_NUMPARSE_H
#define CHOPSTICKS_ENUM_NUMPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Parses the whole of text[0..len) (len == (size_t)-1: up to the NUL) as a decimal integer in
// [min, max]. Rejects empty input, signs, spaces, trailing junk and overflow. Returns true and
// sets *out on success; *out is untouched on failure.
bool numparse_u64(const char *text, size_t len, uint64_t min, uint64_t max, uint64_t *out);
// Writes v in decimal at buf (20 bytes at most, no NUL), faster than printf; returns the
// characters written.
size_t numparse_put_u64(char *buf, uint64_t v);

#endif

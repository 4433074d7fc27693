// SPDX-License-Identifier: MIT
// Little-endian u64 loads and stores for the compact solution form and the table file
// (table_file.h), so both read the same bytes on any host. Not for anything wider.
#ifndef CHOPSTICKS_SOLVER_LE64_H
#define CHOPSTICKS_SOLVER_LE64_H

#include <stdint.h>
#include <string.h>

// A little-endian host copies the word (one move); others assemble it a byte at a time.
#define LE64_NATIVE (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)

static inline uint64_t le64_load(const uint8_t *p)
{
	uint64_t w = 0;
	if (LE64_NATIVE)
		return memcpy(&w, p, 8), w;
	for (int k = 7; k >= 0; k--)
		w = w << 8 | p[k];
	return w;
}

static inline void le64_store(uint8_t *p, uint64_t w)
{
	if (LE64_NATIVE) {
		memcpy(p, &w, 8);
		return;
	}
	for (int k = 0; k < 8; k++)
		p[k] = (uint8_t)(w >> (8 * k));
}

#endif

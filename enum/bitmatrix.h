// SPDX-License-Identifier: MIT
// Square bit matrices for the dense walk and solve: row i, column j is bit j of row i (rows
// of `words` 64-bit words, least significant bit first). Rows are padded to 64 * words so a
// matrix can be transposed in 64 x 64 blocks. Only the owner of a row writes it, except
// through bitmatrix_set_atomic.
#ifndef CHOPSTICKS_ENUM_BITMATRIX_H
#define CHOPSTICKS_ENUM_BITMATRIX_H

#include <stdbool.h>
#include <stdint.h>

struct bitmatrix {
	uint32_t n;      // rows and columns in use
	uint32_t words;  // words per row
	uint64_t *bits;  // 64 * words rows
};

// Bytes a matrix of n x n bits takes.
uint64_t bitmatrix_bytes(uint32_t n);
// Allocates a cleared matrix; false on allocation failure (then m->bits is NULL).
bool bitmatrix_init(struct bitmatrix *m, uint32_t n);
void bitmatrix_free(struct bitmatrix *m);
void bitmatrix_clear(struct bitmatrix *m);

static inline uint64_t *bitmatrix_row(const struct bitmatrix *m, uint32_t i)
{
	return m->bits + (uint64_t)i * m->words;
}

static inline bool bit_get(const uint64_t *row, uint32_t j)
{
	return row[j >> 6] >> (j & 63) & 1;
}

static inline void bit_set(uint64_t *row, uint32_t j)
{
	row[j >> 6] |= UINT64_C(1) << (j & 63);
}

static inline void bit_set_atomic(uint64_t *row, uint32_t j)
{
	__atomic_fetch_or(&row[j >> 6], UINT64_C(1) << (j & 63), __ATOMIC_RELAXED);
}

// Sets bits [lo, hi) of row.
void bit_set_range(uint64_t *row, uint32_t lo, uint32_t hi);
// Whether every bit of [lo, hi) is set.
bool bit_range_full(const uint64_t *row, uint32_t lo, uint32_t hi);

// The number of set bits; parallel as for bitmatrix_transpose.
uint64_t bitmatrix_count(const struct bitmatrix *m, bool parallel);

// dst = src transposed (or_into: dst |= src transposed). dst and src must differ and have the
// same n. Uses the OpenMP thread count in force when parallel is true.
void bitmatrix_transpose(struct bitmatrix *dst, const struct bitmatrix *src, bool or_into,
			 bool parallel);
// Transposes a 64 x 64 block in place: bit j of a[i] goes to bit i of a[j] (the kernel of the
// transposes here, and of the MPI solve's transposes of row blocks, mpi/exchange.c).
void bitmatrix_transpose64(uint64_t a[64]);
// m = m transposed, in place (no second matrix), by tiles of 512 x 512 bits.
void bitmatrix_transpose_in_place(struct bitmatrix *m, bool parallel);

#endif

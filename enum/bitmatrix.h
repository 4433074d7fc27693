// SPDX-License-Identifier: MIT
// Bit matrices for the dense walk and solve: row i, column j is bit j of row i (rows of
// `words` 64-bit words, least significant bit first). Rows are padded to a multiple of 64,
// so a matrix can be transposed in 64 x 64 blocks. A pair holds one matrix per seat to move
// of a two-player game (see struct bitpair). Only the owner of a row writes it, except
// through bit_set_atomic.
#ifndef CHOPSTICKS_ENUM_BITMATRIX_H
#define CHOPSTICKS_ENUM_BITMATRIX_H

#include <stdbool.h>
#include <stdint.h>

struct bitmatrix {
	uint32_t rows, cols; // in use
	uint32_t words;      // words per row: cols / 64 rounded up
	uint64_t *bits;      // rows rounded up to a multiple of 64
};

// Bytes a matrix of rows x cols bits takes.
uint64_t bitmatrix_bytes(uint32_t rows, uint32_t cols);
// Allocates a cleared matrix; false on allocation failure (then m->bits is NULL).
bool bitmatrix_init(struct bitmatrix *m, uint32_t rows, uint32_t cols);
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

// Sets bits [lo, hi) of row; the atomic form with atomic ors, for rows several threads write.
void bit_set_range(uint64_t *row, uint32_t lo, uint32_t hi);
void bit_set_range_atomic(uint64_t *row, uint32_t lo, uint32_t hi);
// Whether every bit of [lo, hi) is set.
bool bit_range_full(const uint64_t *row, uint32_t lo, uint32_t hi);

// Runs body with col set to each set bit of the `words` words of row, lowest first. Each word
// is copied before its bits are visited, so body may clear bits of row.
#define BIT_FOR_EACH(row, words, col, body)                                              \
	for (uint32_t col##_w = 0; col##_w < (words); col##_w++)                             \
		for (uint64_t col##_b = (row)[col##_w]; col##_b; col##_b &= col##_b - 1) {    \
			uint32_t col = col##_w * 64 + (uint32_t)__builtin_ctzll(col##_b);     \
			body;                                                                \
		}

// The number of set bits; parallel as for bitmatrix_transpose.
uint64_t bitmatrix_count(const struct bitmatrix *m, bool parallel);

// dst = src transposed (or_into: dst |= src transposed). dst and src must differ, and dst
// have src's columns as rows and its rows as columns. Uses the OpenMP thread count in force
// when parallel is true.
void bitmatrix_transpose(struct bitmatrix *dst, const struct bitmatrix *src, bool or_into,
			 bool parallel);
// Transposes a 64 x 64 block in place: bit j of a[i] goes to bit i of a[j] (the kernel of the
// transposes here, and of the MPI solve's transposes of row blocks, mpi/exchange.c).
void bitmatrix_transpose64(uint64_t a[64]);
// a = b transposed and b = a transposed at once, by tiles of 512 x 512 bits and no third
// matrix: b has a's columns as rows and its rows as columns. a and b may be the same matrix
// (square), which is then transposed in place.
void bitmatrix_transpose_swap(struct bitmatrix *a, struct bitmatrix *b, bool parallel);

// The positions of a two-player game by the seat to move, in one allocation: side s has
// n[s] rows (the mover's states) and n[other] columns (the opponent's), other = sides - 1 - s.
// With one side (both players have the same states) side[1] is side[0], a square matrix for
// either seat; with two, the seats' matrices are each other's shape, so a pair transposed
// (side s of the result = side other of the source, transposed) is a pair again.
// Example: n = {3, 2}: side 0 is 3 x 2, side 1 is 2 x 3; its transpose has side 0 = side 1^T.
struct bitpair {
	unsigned sides; // 1 or 2
	struct bitmatrix side[2];
};

// Bytes a pair of sides matrices with n[] states takes.
uint64_t bitpair_bytes(unsigned sides, const uint32_t n[2]);
// Allocates a cleared pair; false on allocation failure (then p->side[0].bits is NULL).
bool bitpair_init(struct bitpair *p, unsigned sides, const uint32_t n[2]);
void bitpair_free(struct bitpair *p);
void bitpair_clear(struct bitpair *p);
// The words of the whole pair (both sides, padding included), for bitwise passes and merges.
uint64_t bitpair_words(const struct bitpair *p);
// The set bits of both sides; parallel as for bitmatrix_transpose.
uint64_t bitpair_count(const struct bitpair *p, bool parallel);
// dst = src transposed (or_into: |=), side by side: dst side s = src side other(s)
// transposed. dst and src must differ and have the same shape.
void bitpair_transpose(struct bitpair *dst, const struct bitpair *src, bool or_into, bool parallel);
// p = p transposed in place (bitmatrix_transpose_swap of its sides).
void bitpair_transpose_in_place(struct bitpair *p, bool parallel);

static inline uint64_t *bitpair_row(const struct bitpair *p, unsigned side, uint32_t i)
{
	return bitmatrix_row(&p->side[side], i);
}

#endif

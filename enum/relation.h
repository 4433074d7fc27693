// SPDX-License-Identifier: MIT
// A relation between state numbers stored as CSR (start[row] .. start[row+1] into to[]), built
// row by row in order, each row sorted and without repeats, and its inverse by counting
// sort. Used for the move tables of a hand class; not thread-safe while building.
#ifndef CHOPSTICKS_ENUM_RELATION_H
#define CHOPSTICKS_ENUM_RELATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct relation {
	uint64_t rows;
	uint64_t *start; // rows + 1 entries
	uint32_t *to;
	uint64_t edge_count, capacity;
	uint64_t row_begin;   // first edge of the row being built
	uint64_t rows_closed; // rows finished so far
	bool failed;        // an allocation failed; the relation is unusable
};

// Prepares an empty relation with rows rows; false on allocation failure.
bool relation_init(struct relation *rel, uint64_t rows);
// Adds target to the current row (rows are filled in order, starting with row 0).
void relation_add(struct relation *rel, uint32_t target);
// Closes the current row: sorts and removes repeats.
void relation_end_row(struct relation *rel);
// Appends the rows of src (all closed) to rel, as if added one by one; false on failure.
bool relation_append(struct relation *rel, const struct relation *src);
// Builds the inverse of rel, whose rows are keyed (row = key * stride + tag): for every edge
// key*stride+tag -> t it holds the edge t*stride+tag -> key, so inv has targets * stride
// rows. stride 1 is the plain inverse; the hit relation uses stride r (tag = the attacking
// value). false on allocation failure.
bool relation_invert(const struct relation *rel, uint64_t targets, unsigned stride,
		     struct relation *inv);
// Sorts row[0..n) ascending and drops repeats; returns the count kept.
uint64_t sort_unique_u32(uint32_t *row, uint64_t n);
// The largest row length.
uint64_t relation_max_row(const struct relation *rel);
void relation_free(struct relation *rel);

#endif

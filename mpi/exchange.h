// SPDX-License-Identifier: MIT
// Exchanges of bit-matrix blocks between the ranks of the MPI solve (mpi/solve.c) and of its
// row walk (mpi/rows_walk.c). Every rank owns whole rows of each n x n matrix (plan_mpi_rows:
// blocks of 64 rows, so row blocks are word blocks too); an exchange sends each rank r the
// set bits of a block of columns of the sender's rows, as a list of (row, column) pairs or as
// the block itself, whichever is shorter, in rounds of bounded size, and hands each piece
// received to a consumer. The transpose is the main use: rank r receives the columns of its
// own rows, so that it holds the rows of the transposed matrix. Not for anything but the
// ranks of one communicator that all call each exchange (collective calls).
#ifndef CHOPSTICKS_MPI_EXCHANGE_H
#define CHOPSTICKS_MPI_EXCHANGE_H

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#include "error.h"

// Rows [lo, lo + rows) of a bit matrix, `words` words each (bit c of a row is column c).
struct slab {
	uint32_t lo, rows, words;
	uint64_t *bits;
};

static inline uint64_t *slab_row(const struct slab *s, uint32_t row)
{
	return s->bits + (uint64_t)(row - s->lo) * s->words;
}

// Allocates a cleared slab; false on allocation failure (bits NULL). slab_free is safe on it.
bool slab_init(struct slab *s, uint32_t lo, uint32_t rows, uint32_t words);
void slab_free(struct slab *s);
void slab_clear(struct slab *s);

// What one sender sends one receiver in one round: either rows [row_lo, row_hi) of the
// sender's block (bits: row row_lo at bits[0], words col_word .. col_word + cw - 1 of each
// row, rows stride words apart), or count pairs (row << 32 | column) in global ids.
struct exchange_piece {
	int from;
	const uint64_t *bits; // NULL: a list of pairs
	uint32_t row_lo, row_hi, col_word, cw;
	uint64_t stride;
	const uint64_t *pairs;
	uint64_t count;
};

// Called once per piece, one piece at a time (it may use OpenMP threads itself).
typedef void (*exchange_consume)(void *ctx, const struct exchange_piece *p);

// Bytes sent, for --stats: what this rank handed to MPI for other ranks (pieces and their
// headers; the small allreduces that agree on rounds and flags are not counted).
struct exchange_count {
	uint64_t bytes, pairs, block_words, rounds;
};

struct exchange {
	MPI_Comm comm;
	int rank, ranks;
	uint32_t n, words;      // the matrices' size and words per row
	uint32_t *lo;           // ranks + 1 row boundaries: rank r owns rows lo[r] .. lo[r + 1] - 1
	uint32_t *word_lo;      // ranks + 1: the word columns of each rank's rows
	uint64_t pair_words;    // the most words a rank sends another per round
	uint64_t *send, *recv;  // ranks * pair_words words each
	struct exchange_count count; // since the last exchange_take
	double mpi_seconds;     // spent in the exchanges' MPI calls (waiting for other ranks included)
	struct exchange_state *state; // per destination, while an exchange runs
	uint64_t *head;         // 6 words per rank: the round's headers out and in
	int *counts;            // 4 per rank: MPI_Alltoallv's counts and displacements
};

// Sets ex up for n x n matrices on comm; STATUS_FAILURE with err set when the buffers cannot
// be allocated or their sizes do not fit MPI's int counts. exchange_free is safe after either.
// For tests, CHOPSTICKS_MPI_PAIR_WORDS=W (the same on every rank) lowers pair_words to W
// (at least a row of words), so that blocks go in many rounds.
enum status exchange_init(struct exchange *ex, MPI_Comm comm, uint32_t n, struct error *err);
void exchange_free(struct exchange *ex);
// Frees the send and receive buffers only (no exchange may run after it; exchange_owner and
// the row boundaries still work).
void exchange_release(struct exchange *ex);
// The owner of row (or column) i.
int exchange_owner(const struct exchange *ex, uint32_t i);

// Sends every rank r the set bits of src (this rank's rows) in word columns [col_lo[r],
// col_hi[r]) and calls consume for every piece this rank receives, its own block included
// (first, read in place). Collective.
void exchange_run(struct exchange *ex, const struct slab *src, const uint32_t *col_lo,
		  const uint32_t *col_hi, exchange_consume consume, void *ctx);
// dst (this rank's rows, ex->words words each) |= the transpose of the matrix whose rows the
// ranks hold in src: bit a of dst row b is bit b of row a of rank owner(a). Collective.
void exchange_transpose(struct exchange *ex, const struct slab *src, struct slab *dst);
// dst |= the transpose of one piece whose columns are dst's rows (col_word * 64 is dst->lo
// at most and its columns past dst's rows are zero): bit a of row b is bit b of row a.
void exchange_transpose_piece(struct slab *dst, const struct exchange_piece *p);
// Waits for req to complete, polling and then sleeping (20 us, later 200 us) rather than
// spinning, so that ranks that share cores with others (or with each other) leave them the
// CPU while they wait; the same results as MPI_Wait.
void exchange_wait(MPI_Request *req);
// MPI_Allreduce of count values in place, waiting as exchange_wait.
void exchange_allreduce(void *buf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm);
// Returns the counts since the last call and starts them again.
struct exchange_count exchange_take(struct exchange *ex);

#endif

// SPDX-License-Identifier: MIT
// Block exchanges between ranks (see exchange.h). Per exchange: each rank counts the set
// bits of the block it owes every other rank, picks for each the shorter form (a pair list,
// one word per bit, or the block, one word per 64 columns of each row), and the ranks agree
// on the number of rounds (allreduce); each round moves at most pair_words words from every
// rank to every other (MPI_Alltoall of the piece headers, MPI_Alltoallv of the pieces), so
// the buffers stay at plan_mpi_exchange_words however the bits fall.
#include "exchange.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bitmatrix.h"
#include "plan.h"

enum { PIECE_NONE, PIECE_BLOCK, PIECE_PAIRS };

// Where the block owed one destination stands: its form, and how far it has been sent.
struct exchange_state {
	uint32_t c0, c1;     // word columns
	int form;
	uint64_t total;      // set bits (pairs) or rows (block)
	uint32_t row;        // the next row to send (local), and for pairs the word and the
	uint32_t word;       // bits of it not sent yet
	uint64_t left;
	uint64_t head[3];    // this round's header: form, row_lo or 0, rows or count
	uint64_t words;      // this round's words
};

void exchange_wait(MPI_Request *req)
{
	double start = MPI_Wtime();
	for (unsigned k = 0;; k++) {
		int done = 0;
		MPI_Test(req, &done, MPI_STATUS_IGNORE);
		if (done)
			return;
		if (MPI_Wtime() - start < 1e-4) // short waits: poll
			continue;
		struct timespec nap = {0, k < 1000 ? 20000 : 200000};
		nanosleep(&nap, NULL);
	}
}

void exchange_allreduce(void *buf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
	MPI_Request req;
	MPI_Iallreduce(MPI_IN_PLACE, buf, count, type, op, comm, &req);
	exchange_wait(&req);
}

bool slab_init(struct slab *s, uint32_t lo, uint32_t rows, uint32_t words)
{
	uint64_t n = (uint64_t)rows * words;
	*s = (struct slab){lo, rows, words, calloc(n ? n : 1, sizeof(uint64_t))};
	return s->bits != NULL;
}

void slab_free(struct slab *s)
{
	free(s->bits);
	s->bits = NULL;
}

void slab_clear(struct slab *s)
{
	uint64_t n = (uint64_t)s->rows * s->words;
#pragma omp parallel for schedule(static) if (n >= (UINT64_C(1) << 20))
	for (uint64_t i = 0; i < n; i++)
		s->bits[i] = 0;
}

enum status exchange_init(struct exchange *ex, MPI_Comm comm, uint32_t n, struct error *err)
{
	memset(ex, 0, sizeof *ex);
	ex->comm = comm;
	MPI_Comm_rank(comm, &ex->rank);
	MPI_Comm_size(comm, &ex->ranks);
	ex->n = n;
	ex->words = (n + 63) / 64;
	unsigned k = (unsigned)ex->ranks;
	uint64_t q = plan_mpi_exchange_words(n, k);
	ex->pair_words = k > 1 ? q / k : 0;
	// Tests make the rounds small, so that a block goes in many of them (at least a row each).
	const char *small = getenv("CHOPSTICKS_MPI_PAIR_WORDS");
	uint64_t words = small ? strtoull(small, NULL, 10) : 0;
	if (words && words < ex->pair_words)
		ex->pair_words = words > ex->words ? words : ex->words;
	ex->lo = malloc((k + 1) * sizeof *ex->lo);
	ex->word_lo = malloc((k + 1) * sizeof *ex->word_lo);
	ex->state = calloc(k, sizeof *ex->state);
	ex->head = malloc((size_t)k * 6 * sizeof *ex->head);
	ex->counts = malloc((size_t)k * 4 * sizeof *ex->counts);
	if (q > (uint64_t)INT_MAX)
		return error_set(err, STATUS_FAILURE, "the exchange buffers of %llu words exceed MPI's int counts",
				 (unsigned long long)q);
	if (k > 1) {
		ex->send = malloc(q * sizeof *ex->send);
		ex->recv = malloc(q * sizeof *ex->recv);
	}
	if (!ex->lo || !ex->word_lo || !ex->state || !ex->head || !ex->counts || (k > 1 && (!ex->send || !ex->recv)))
		return error_set(err, STATUS_FAILURE, "rank %d: out of memory: the exchange buffers need %llu bytes",
				 ex->rank, (unsigned long long)(2 * 8 * q));
	uint32_t lo, hi;
	for (unsigned r = 0; r < k; r++) {
		plan_mpi_rows(n, r, k, &lo, &hi);
		ex->lo[r] = lo;
		ex->word_lo[r] = lo / 64;
	}
	ex->lo[k] = n;
	ex->word_lo[k] = ex->words;
	return STATUS_OK;
}

void exchange_free(struct exchange *ex)
{
	free(ex->lo);
	free(ex->word_lo);
	free(ex->state);
	free(ex->head);
	free(ex->counts);
	free(ex->send);
	free(ex->recv);
	memset(ex, 0, sizeof *ex);
}

void exchange_release(struct exchange *ex)
{
	free(ex->send);
	free(ex->recv);
	ex->send = ex->recv = NULL;
}

int exchange_owner(const struct exchange *ex, uint32_t i)
{
	int lo = 0, hi = ex->ranks - 1; // the last rank r with lo[r] <= i
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (ex->lo[mid] <= i)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

struct exchange_count exchange_take(struct exchange *ex)
{
	struct exchange_count c = ex->count;
	memset(&ex->count, 0, sizeof ex->count);
	return c;
}

// Set bits of src in word columns [c0, c1), per destination; the form each goes in.
static void plan_forms(struct exchange *ex, const struct slab *src, const uint32_t *col_lo, const uint32_t *col_hi)
{
	int k = ex->ranks;
	uint64_t *bits = ex->head; // free until the round trips
	for (int r = 0; r < k; r++) {
		uint32_t c0 = col_lo[r], c1 = col_hi[r];
		uint64_t sum = 0;
		if (r != ex->rank && c1 > c0) {
#pragma omp parallel for schedule(static) reduction(+ : sum) if ((uint64_t)src->rows * (c1 - c0) >= (UINT64_C(1) << 16))
			for (uint32_t i = 0; i < src->rows; i++) {
				const uint64_t *row = src->bits + (uint64_t)i * src->words;
				for (uint32_t w = c0; w < c1; w++)
					sum += (uint64_t)__builtin_popcountll(row[w]);
			}
		}
		bits[r] = sum;
	}
	for (int r = 0; r < k; r++) {
		struct exchange_state *s = &ex->state[r];
		*s = (struct exchange_state){.c0 = col_lo[r], .c1 = col_hi[r]};
		uint64_t block = (uint64_t)src->rows * (s->c1 > s->c0 ? s->c1 - s->c0 : 0);
		if (r == ex->rank || block == 0 || bits[r] == 0)
			s->form = PIECE_NONE;
		else if (bits[r] < block)
			s->form = PIECE_PAIRS, s->total = bits[r];
		else
			s->form = PIECE_BLOCK, s->total = src->rows;
		if (s->form == PIECE_PAIRS)
			s->left = src->bits[s->c0];
	}
}

// Rounds this rank needs for its longest block.
static uint64_t rounds_needed(const struct exchange *ex)
{
	uint64_t most = 0;
	for (int r = 0; r < ex->ranks; r++) {
		const struct exchange_state *s = &ex->state[r];
		if (s->form == PIECE_NONE)
			continue;
		uint64_t per = s->form == PIECE_BLOCK ? ex->pair_words / (s->c1 - s->c0) : ex->pair_words;
		uint64_t rounds = (s->total + per - 1) / per;
		most = rounds > most ? rounds : most;
	}
	return most;
}

// Packs this round's piece for destination r at out; sets its header and words.
static void pack(struct exchange *ex, const struct slab *src, int r, uint64_t *out)
{
	struct exchange_state *s = &ex->state[r];
	s->head[0] = PIECE_NONE;
	s->words = 0;
	if (s->form == PIECE_BLOCK && s->row < src->rows) {
		uint32_t cw = s->c1 - s->c0, rows = (uint32_t)(ex->pair_words / cw);
		rows = rows < src->rows - s->row ? rows : src->rows - s->row;
		for (uint32_t i = 0; i < rows; i++)
			memcpy(out + (uint64_t)i * cw, src->bits + (uint64_t)(s->row + i) * src->words + s->c0, cw * sizeof *out);
		s->head[0] = PIECE_BLOCK;
		s->head[1] = src->lo + s->row;
		s->head[2] = rows;
		s->words = (uint64_t)rows * cw;
		s->row += rows;
	} else if (s->form == PIECE_PAIRS && s->row < src->rows) {
		uint64_t n = 0;
		while (n < ex->pair_words && s->row < src->rows) {
			if (s->left) {
				uint64_t column = (uint64_t)(s->c0 + s->word) * 64 + (uint64_t)__builtin_ctzll(s->left);
				out[n++] = (uint64_t)(src->lo + s->row) << 32 | column;
				s->left &= s->left - 1;
				continue;
			}
			if (++s->word == s->c1 - s->c0) {
				s->word = 0;
				s->row++;
			}
			if (s->row < src->rows)
				s->left = src->bits[(uint64_t)s->row * src->words + s->c0 + s->word];
		}
		s->head[0] = n ? PIECE_PAIRS : PIECE_NONE;
		s->head[1] = 0;
		s->head[2] = n;
		s->words = n;
	}
}

static void round_trip(struct exchange *ex, const struct slab *src, exchange_consume consume, void *ctx)
{
	int k = ex->ranks;
	uint64_t *head_out = ex->head, *head_in = ex->head + 3 * k;
	int *sc = ex->counts, *sd = sc + k, *rc = sc + 2 * k, *rd = sc + 3 * k;
	const struct exchange_state *mine = &ex->state[ex->rank];
#pragma omp parallel for schedule(dynamic, 1) if (k > 2)
	for (int r = 0; r < k; r++)
		pack(ex, src, r, ex->send + (uint64_t)r * ex->pair_words);
	for (int r = 0; r < k; r++) {
		memcpy(head_out + 3 * r, ex->state[r].head, sizeof ex->state[r].head);
		sc[r] = (int)ex->state[r].words;
		sd[r] = (int)((uint64_t)r * ex->pair_words);
		if (r != ex->rank && sc[r]) {
			ex->count.bytes += 8 * (uint64_t)sc[r];
			if (ex->state[r].head[0] == PIECE_PAIRS)
				ex->count.pairs += (uint64_t)sc[r];
			else
				ex->count.block_words += (uint64_t)sc[r];
		}
	}
	ex->count.bytes += 3 * 8 * (uint64_t)(k - 1);
	double t0 = MPI_Wtime();
	MPI_Request req;
	MPI_Ialltoall(head_out, 3, MPI_UINT64_T, head_in, 3, MPI_UINT64_T, ex->comm, &req);
	exchange_wait(&req);
	for (int r = 0; r < k; r++) {
		uint64_t form = head_in[3 * r], words = form == PIECE_NONE ? 0
						    : form == PIECE_PAIRS ? head_in[3 * r + 2]
									  : head_in[3 * r + 2] * (mine->c1 - mine->c0);
		rc[r] = (int)words;
		rd[r] = (int)((uint64_t)r * ex->pair_words);
	}
	MPI_Ialltoallv(ex->send, sc, sd, MPI_UINT64_T, ex->recv, rc, rd, MPI_UINT64_T, ex->comm, &req);
	exchange_wait(&req);
	ex->mpi_seconds += MPI_Wtime() - t0;
	for (int r = 0; r < k; r++) {
		uint64_t form = head_in[3 * r];
		const uint64_t *at = ex->recv + (uint64_t)r * ex->pair_words;
		struct exchange_piece p = {.from = r};
		if (form == PIECE_BLOCK) {
			p.bits = at;
			p.row_lo = (uint32_t)head_in[3 * r + 1];
			p.row_hi = p.row_lo + (uint32_t)head_in[3 * r + 2];
			p.col_word = mine->c0;
			p.cw = mine->c1 - mine->c0;
			p.stride = p.cw;
		} else if (form == PIECE_PAIRS) {
			p.pairs = at;
			p.count = head_in[3 * r + 2];
		} else {
			continue;
		}
		consume(ctx, &p);
	}
}

void exchange_run(struct exchange *ex, const struct slab *src, const uint32_t *col_lo,
		  const uint32_t *col_hi, exchange_consume consume, void *ctx)
{
	uint32_t c0 = col_lo[ex->rank], c1 = col_hi[ex->rank];
	if (src->rows && c1 > c0) { // this rank's own block, in place
		struct exchange_piece self = {.from = ex->rank, .bits = src->bits + c0, .row_lo = src->lo,
					      .row_hi = src->lo + src->rows, .col_word = c0, .cw = c1 - c0,
					      .stride = src->words};
		consume(ctx, &self);
	}
	if (ex->ranks == 1)
		return;
	plan_forms(ex, src, col_lo, col_hi);
	uint64_t rounds = rounds_needed(ex);
	double t0 = MPI_Wtime();
	exchange_allreduce(&rounds, 1, MPI_UINT64_T, MPI_MAX, ex->comm);
	ex->mpi_seconds += MPI_Wtime() - t0;
	for (uint64_t k = 0; k < rounds; k++)
		round_trip(ex, src, consume, ctx);
	ex->count.rounds += rounds;
}

void exchange_transpose_piece(struct slab *dst, const struct exchange_piece *p)
{
	if (!p->bits) {
#pragma omp parallel for schedule(static) if (p->count >= 4096)
		for (uint64_t i = 0; i < p->count; i++) {
			uint32_t a = (uint32_t)(p->pairs[i] >> 32), b = (uint32_t)p->pairs[i];
			bit_set_atomic(slab_row(dst, b), a);
		}
		return;
	}
	if (p->row_hi <= p->row_lo || !p->cw)
		return;
	uint32_t g0 = p->row_lo / 64, g1 = (p->row_hi - 1) / 64 + 1, cw = p->cw;
	uint64_t tasks = (uint64_t)(g1 - g0) * cw;
	uint32_t dst_hi = dst->lo + dst->rows;
	// Each task (word group g of the rows, word j of the columns) writes word g of 64 rows of
	// dst that no other task writes.
#pragma omp parallel for schedule(dynamic, 16) if (tasks >= 64)
	for (uint64_t t = 0; t < tasks; t++) {
		uint32_t g = g0 + (uint32_t)(t / cw), j = (uint32_t)(t % cw);
		uint64_t tile[64], any = 0;
		for (unsigned i = 0; i < 64; i++) {
			uint32_t a = g * 64 + i;
			tile[i] = a >= p->row_lo && a < p->row_hi ? p->bits[(uint64_t)(a - p->row_lo) * p->stride + j] : 0;
			any |= tile[i];
		}
		if (!any)
			continue;
		bitmatrix_transpose64(tile);
		for (unsigned c = 0; c < 64; c++) {
			uint32_t b = (p->col_word + j) * 64 + c;
			if (tile[c] && b >= dst->lo && b < dst_hi)
				slab_row(dst, b)[g] |= tile[c];
		}
	}
}

static void transpose_into(void *ctx, const struct exchange_piece *p)
{
	exchange_transpose_piece(ctx, p);
}

void exchange_transpose(struct exchange *ex, const struct slab *src, struct slab *dst)
{
	exchange_run(ex, src, ex->word_lo, ex->word_lo + 1, transpose_into, dst);
}

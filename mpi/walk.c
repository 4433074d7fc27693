// SPDX-License-Identifier: MIT
// The distributed level-synchronous walk (see walk.h). Per layer L each rank expands its own
// positions at distance L and sets the bit of every child, whoever owns it, in a bitmap over
// the whole index space; an MPI_BOR allreduce merges the bitmaps, and each rank gives
// distance L + 1 to the marked positions of its block still unseen. The layer sets are those
// of the single-process walk, so every count is the same whatever the ranks and threads.
// Both walks here run the level loop of enum/layers.h; this file holds only their merges.
#include "walk.h"

#include <stdlib.h>
#include <string.h>

#include "dense_walk.h"
#include "layers.h"
#include "movegen.h"
#include "plan.h"

// An allreduce moves at most this many bytes at once: MPI counts are int.
#define CHUNK_BYTES (UINT64_C(1) << 30)

struct walk_block walk_block_of(uint64_t size, int rank, int ranks)
{
	uint64_t q = size / (uint64_t)ranks, rem = size % (uint64_t)ranks, k = (uint64_t)rank;
	struct walk_block b;
	b.lo = k * q + (k < rem ? k : rem);
	b.hi = b.lo + q + (k < rem ? 1 : 0);
	return b;
}

static uint64_t bitmap_words(uint64_t size)
{
	return size / 64 + (size % 64 != 0);
}

enum status walk_agree(MPI_Comm comm, enum status st, struct error *err)
{
	struct {
		int status, rank;
	} mine = {(int)st, 0}, top;
	MPI_Comm_rank(comm, &mine.rank);
	// MAXLOC breaks ties by the lowest rank, so every rank names the same sender.
	MPI_Allreduce(&mine, &top, 1, MPI_2INT, MPI_MAXLOC, comm);
	if (top.status != STATUS_OK)
		MPI_Bcast(err->msg, (int)sizeof err->msg, MPI_CHAR, top.rank, comm);
	return (enum status)top.status;
}

// Sets the bit of every child of the block's positions at distance layer. Returns nonzero
// when a thread could not get its child buffer (its share of the layer is then missing).
static int expand(const struct rules *rules, const struct enumeration *e, struct walk_block b, unsigned layer,
		  uint64_t *bits, uint64_t *moves)
{
	int oom = 0;
	uint64_t edges = 0;
#pragma omp parallel reduction(+ : edges)
	{
		uint64_t *child = malloc((rules->max_moves + 1) * sizeof *child);
		if (!child) {
#pragma omp atomic write
			oom = 1;
		}
#pragma omp for schedule(dynamic, 4096)
		for (uint64_t i = b.lo; i < b.hi; i++) {
			if (!child || enumeration_depth(e, i - b.lo) != layer)
				continue;
			size_t n = movegen_children(rules, i, child);
			edges += n;
			for (size_t c = 0; c < n; c++) {
				uint64_t *word = &bits[child[c] >> 6], bit = UINT64_C(1) << (child[c] & 63);
				if (!(__atomic_load_n(word, __ATOMIC_RELAXED) & bit))
					__atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
			}
		}
		free(child);
	}
	*moves += edges;
	return oom;
}

// Merges the bitmaps of all ranks in place, in pieces whose count fits an int.
static void merge(uint64_t *bits, uint64_t words, MPI_Comm comm)
{
	const uint64_t chunk = CHUNK_BYTES / sizeof *bits;
	for (uint64_t w = 0; w < words; w += chunk) {
		uint64_t n = words - w < chunk ? words - w : chunk;
		if (MPI_Allreduce(MPI_IN_PLACE, bits + w, (int)n, MPI_UINT64_T, MPI_BOR, comm) != MPI_SUCCESS)
			MPI_Abort(comm, 1);
	}
}

// Gives distance next to the marked, unseen positions of the block; returns how many.
static uint64_t close_layer(struct enumeration *e, struct walk_block b, const uint64_t *bits, unsigned next)
{
	uint64_t found = 0;
#pragma omp parallel for schedule(static) reduction(+ : found)
	for (uint64_t i = b.lo; i < b.hi; i++)
		if ((bits[i >> 6] >> (i & 63) & 1) && !enumeration_reached(e, i - b.lo)) {
			enumeration_set_depth(e, i - b.lo, next);
			found++;
		}
	return found;
}

// The flags (LAYERS_*) of all ranks; *failed (if not NULL) gets how many ran out of memory.
static int agree_flags(MPI_Comm comm, int flags, uint64_t *failed)
{
	uint64_t mine[2] = {(flags & LAYERS_STOPPED) != 0, (flags & LAYERS_FAILED) != 0}, all[2];
	if (MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, comm) != MPI_SUCCESS)
		MPI_Abort(comm, 1);
	if (failed)
		*failed = all[1];
	return (all[0] ? LAYERS_STOPPED : 0) | (all[1] ? LAYERS_FAILED : 0);
}

// The block engine of the shared level loop (enum/layers.h): each rank expands its block
// into a bitmap over the whole index space, the bitmaps are or-ed, each rank closes the layer in its block.
struct block_walk {
	const struct rules *rules;
	struct enumeration *e; // the block's distances, global counts
	struct walk_block b;
	uint64_t *bits, words;
	MPI_Comm comm;
	int ranks;
	uint64_t failed; // ranks out of memory at the last merge
};

static int block_expand(void *ctx, unsigned layer, uint64_t *moves)
{
	struct block_walk *w = ctx;
	memset(w->bits, 0, (size_t)w->words * sizeof *w->bits);
	return expand(w->rules, w->e, w->b, layer, w->bits, moves) ? LAYERS_FAILED : 0;
}

static int block_merge(void *ctx, int flags)
{
	struct block_walk *w = ctx;
	merge(w->bits, w->words, w->comm);
	return agree_flags(w->comm, flags, &w->failed);
}

static uint64_t block_close(void *ctx, unsigned next)
{
	struct block_walk *w = ctx;
	uint64_t found = close_layer(w->e, w->b, w->bits, next);
	MPI_Allreduce(MPI_IN_PLACE, &found, 1, MPI_UINT64_T, MPI_SUM, w->comm);
	return found;
}

static void block_finish(void *ctx, struct enumeration *e)
{
	struct block_walk *w = ctx;
	layers_count_terminals(w->rules, e, w->b.lo, w->b.hi);
	MPI_Allreduce(MPI_IN_PLACE, e->layer_terminal, (int)e->max_depth + 1, MPI_UINT64_T, MPI_SUM, w->comm);
	MPI_Allreduce(MPI_IN_PLACE, &e->move_count, 1, MPI_UINT64_T, MPI_SUM, w->comm);
}

static enum status block_failed(void *ctx, struct error *err)
{
	struct block_walk *w = ctx;
	return error_set(err, STATUS_FAILURE, "out of memory during the walk (%llu of %d ranks)",
			 (unsigned long long)w->failed, w->ranks);
}

// One walk of the block, its distances in bytes or (wide) in 4 bytes per position; the
// status agreed. out (w->e) is emptied first.
static enum status walk_once(struct block_walk *w, bool wide, const struct progress *progress, int rank,
			     struct error *err)
{
	struct enumeration *out = w->e;
	uint64_t start = w->rules->start;
	enumeration_free(out);
	enum status st = enumeration_alloc(out, w->b.hi - w->b.lo, wide, err);
	if (st != STATUS_OK) // the rank in the message: one rank's failure is every rank's
		error_set(err, st, "rank %d: out of memory: the walk needs %llu bytes", rank,
			  (unsigned long long)((w->b.hi - w->b.lo) * (wide ? sizeof *out->wide : 1)));
	if ((st = walk_agree(w->comm, st, err)) != STATUS_OK)
		return st;
	if (start >= w->b.lo && start < w->b.hi)
		enumeration_set_depth(out, start - w->b.lo, 0);
	struct layers_engine engine = {block_expand, block_merge, block_close, block_finish,
				       block_failed, w, !wide};
	return layers_run(&engine, progress, out, err);
}

enum status walk_reachable(const struct rules *rules, MPI_Comm comm, const struct progress *progress,
			   struct enumeration *out, struct walk_block *block, struct error *err)
{
	int rank, ranks;
	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &ranks);
	memset(out, 0, sizeof *out);
	struct walk_block b = *block = walk_block_of(rules->size, rank, ranks);
	struct block_walk w = {rules, out, b, NULL, bitmap_words(rules->size), comm, ranks, 0};
	enum status st = STATUS_OK;
	if (w.words > SIZE_MAX / sizeof *w.bits || b.hi - b.lo > SIZE_MAX / sizeof *out->wide)
		st = error_set(err, STATUS_FAILURE, "rank %d: the walk does not fit the address space", rank);
	if (st == STATUS_OK && !(w.bits = malloc(w.words ? (size_t)w.words * sizeof *w.bits : sizeof *w.bits)))
		st = error_set(err, STATUS_FAILURE, "rank %d: out of memory: the walk needs %llu bytes",
			       rank, (unsigned long long)plan_block_bytes(rules->size, b.hi - b.lo));
	if ((st = walk_agree(comm, st, err)) == STATUS_OK)
		st = walk_once(&w, false, progress, rank, err);
	if (st == STATUS_BAD_INPUT && out->deep) // past 254 moves: again, 4 bytes per position
		st = walk_once(&w, true, progress, rank, err);
	free(w.bits);
	if (st != STATUS_OK)
		enumeration_free(out);
	return st;
}

// The dense walk's merge (dense_walk.h): an allreduce of each matrix, then of the flags.
static int merge_matrices(void *ctx, struct bitpair *m, unsigned count, int flags)
{
	MPI_Comm comm = *(MPI_Comm *)ctx;
	for (unsigned k = 0; k < count; k++)
		merge(m[k].side[0].bits, bitpair_words(&m[k]), comm);
	return agree_flags(comm, flags, NULL);
}

enum status walk_dense(const struct dense *d, MPI_Comm comm, const struct progress *progress,
		       struct enumeration *out, struct error *err)
{
	int rank, ranks;
	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &ranks);
	struct dense_share share = {(uint32_t)((uint64_t)d->rows * (uint64_t)rank / (uint64_t)ranks),
				    (uint32_t)((uint64_t)d->rows * (uint64_t)(rank + 1) / (uint64_t)ranks),
				    merge_matrices, &comm};
	memset(out, 0, sizeof *out);
	out->size = d->rules->size;
	enum status st = dense_walk(d, &share, progress, out, NULL, err);
	if (st == STATUS_OK)
		MPI_Allreduce(MPI_IN_PLACE, &out->move_count, 1, MPI_UINT64_T, MPI_SUM, comm);
	return st;
}

// SPDX-License-Identifier: MIT
// The ranks' checkpoints (see rank_state.h). Each file holds, before the caller's sections,
// the section "ranks" (u64: how many ranks wrote the state). States are ordered by stage and
// level: the walk first (key 0), then the level K of a solve (key K + 1). A rank writes the
// file that does not hold the last state, so both files hold states every rank wrote whole
// but perhaps the one a kill interrupted.
#include "rank_state.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "walk.h"

static int64_t key_of(const char *stage, unsigned level)
{
	return !stage[0] ? -1 : !strcmp(stage, CHECKPOINT_STAGE_WALK) ? 0 : (int64_t)level + 1;
}

static int64_t key(const struct checkpoint *c)
{
	return key_of(c->stage, c->level);
}

// Refuses a part written by another number of ranks.
static enum status check_ranks(struct checkpoint *c, int ranks, struct error *err)
{
	uint64_t wrote = 0;
	struct checkpoint_section s = {"ranks", &wrote, sizeof wrote};
	if (key(c) < 0)
		return STATUS_OK;
	enum status st = checkpoint_load(c, &s, 1, err);
	c->resumed = false; // only the state chosen is resumed from
	if (st == STATUS_OK && wrote != (uint64_t)ranks)
		st = error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': its state was written by %llu ranks, this run has %d: run it on %llu ranks, or remove %s/rank-* to start again",
			       c->dir, (unsigned long long)wrote, ranks, (unsigned long long)wrote, c->dir);
	return st;
}

// The newest state every rank holds: one of rank 0's two, if the others hold it too.
static void find_common(struct rank_state *rs)
{
	int64_t mine[RANK_STATE_SLOTS], candidate[RANK_STATE_SLOTS], best = -1;
	int all[RANK_STATE_SLOTS];
	for (int j = 0; j < RANK_STATE_SLOTS; j++)
		mine[j] = candidate[j] = key(&rs->slot[j]);
	MPI_Bcast(candidate, RANK_STATE_SLOTS, MPI_INT64_T, 0, rs->comm);
	for (int j = 0; j < RANK_STATE_SLOTS; j++)
		all[j] = candidate[j] >= 0 && (mine[0] == candidate[j] || mine[1] == candidate[j]);
	MPI_Allreduce(MPI_IN_PLACE, all, RANK_STATE_SLOTS, MPI_INT, MPI_MIN, rs->comm);
	for (int j = 0; j < RANK_STATE_SLOTS; j++)
		best = all[j] && candidate[j] > best ? candidate[j] : best;
	rs->last = best < 0 ? -1 : mine[0] == best ? 0 : 1;
}

enum status rank_state_open(struct rank_state *rs, MPI_Comm comm, const char *dir, const char *settings,
			    unsigned every, struct error *err)
{
	char name[CHECKPOINT_NAME_MAX + 16];
	memset(rs, 0, sizeof *rs);
	rs->comm = comm;
	rs->last = -1;
	MPI_Comm_rank(comm, &rs->rank);
	MPI_Comm_size(comm, &rs->ranks);
	enum status st = STATUS_OK;
	for (int j = 0; j < RANK_STATE_SLOTS && st == STATUS_OK; j++) {
		snprintf(name, sizeof name, "rank-%d.%d", rs->rank, j);
		st = checkpoint_open(&rs->slot[j], dir, name, settings, every, err);
		if (st == STATUS_OK)
			st = check_ranks(&rs->slot[j], rs->ranks, err);
	}
	if ((st = walk_agree(comm, st, err)) == STATUS_OK)
		find_common(rs);
	return st;
}

struct checkpoint *rank_state_last(struct rank_state *rs)
{
	return rs && rs->last >= 0 ? &rs->slot[rs->last] : NULL;
}

// Saves this rank's part of the state in the other file; the status agreed.
static enum status save(struct rank_state *rs, const char *stage, unsigned level,
			const struct checkpoint_section *s, unsigned n, struct error *err)
{
	struct checkpoint_section all[CHECKPOINT_SECTIONS_MAX];
	uint64_t ranks = (uint64_t)rs->ranks;
	int next = rs->last < 0 ? 0 : 1 - rs->last;
	assert(n < CHECKPOINT_SECTIONS_MAX);
	all[0] = (struct checkpoint_section){"ranks", &ranks, sizeof ranks};
	memcpy(all + 1, s, n * sizeof *s);
	enum status st = checkpoint_save(&rs->slot[next], stage, level, all, n + 1, err);
	if ((st = walk_agree(rs->comm, st, err)) == STATUS_OK)
		rs->last = next;
	return st;
}

enum status rank_state_boundary(struct rank_state *rs, const struct progress *pr, const struct progress_step *step,
				const char *stage, const struct checkpoint_section *s, unsigned n,
				struct error *err)
{
	if (!rs)
		return STATUS_OK;
	struct checkpoint *last = rank_state_last(rs);
	checkpoint_resumed(last, pr, step);
	// Rank 0's clock decides, so that every rank saves at the same boundaries.
	int flags = (progress_stopped(pr) ? 1 : 0) | (rs->rank == 0 && checkpoint_due(last ? last : &rs->slot[0]) ? 2 : 0);
	MPI_Allreduce(MPI_IN_PLACE, &flags, 1, MPI_INT, MPI_BOR, rs->comm);
	if (flags && !(last && key(last) == key_of(stage, step->level))) {
		enum status st = save(rs, stage, step->level, s, n, err);
		if (st != STATUS_OK)
			return st;
		checkpoint_written(pr, step);
	}
	return flags & 1 ? checkpoint_interrupted(rank_state_last(rs), err) : STATUS_OK;
}

enum status rank_state_remove(struct rank_state *rs, struct error *err)
{
	enum status st = STATUS_OK;
	for (int j = 0; j < RANK_STATE_SLOTS && st == STATUS_OK; j++)
		st = checkpoint_remove(&rs->slot[j], err);
	return walk_agree(rs->comm, st, err);
}

// SPDX-License-Identifier: MIT
// The sections the states of the dense and many-player solves share (see solve_state.h).
#include "solve_state.h"

#include <stdlib.h>
#include <string.h>

#define ENTRY_BYTES 16 // u64 index, u64 remoteness

_Static_assert(sizeof(struct solve_state_counts) == 2 * sizeof(uint64_t), "the section is two u64");

struct checkpoint_section solve_state_counts(struct solve_state_counts *c)
{
	return (struct checkpoint_section){"counts", c, sizeof *c};
}

struct checkpoint_section solve_state_overflow(struct solution *out)
{
	return (struct checkpoint_section){"overflow", (uint8_t *)out->overflow, ENTRY_BYTES * out->overflow_count};
}

struct checkpoint_section solve_state_wide(struct solution *out)
{
	return (struct checkpoint_section){"wide", (uint16_t *)out->wide, out->wide ? 2 * out->size : 0};
}

// Allocates out's wide array when ck's state has one (section "wide" of 2 bytes a position).
static enum status wide_room(const struct checkpoint *ck, struct solution *out, struct error *err)
{
	uint64_t bytes = checkpoint_bytes(ck, "wide");
	if (bytes == 0)
		return STATUS_OK;
	if (bytes != 2 * out->size)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': its wide remoteness array is damaged", ck->dir);
	if (!(out->wide = malloc(bytes)))
		return error_set(err, STATUS_FAILURE, "out of memory: the remoteness past 254 needs %llu bytes",
				 (unsigned long long)bytes);
	return STATUS_OK;
}

enum status solve_state_overflow_room(const struct checkpoint *ck, struct solution *out, struct error *err)
{
	uint64_t bytes = checkpoint_bytes(ck, "overflow");
	if (bytes == UINT64_MAX || bytes % ENTRY_BYTES)
		return error_set(err, STATUS_BAD_INPUT, "--checkpoint '%s': its overflow list is damaged", ck->dir);
	if (!(out->overflow = malloc(bytes ? bytes : 1)))
		return error_set(err, STATUS_FAILURE, "out of memory: the overflow list needs %llu bytes",
				 (unsigned long long)bytes);
	out->overflow_count = out->overflow_room = bytes / ENTRY_BYTES;
	return STATUS_OK;
}

enum status solve_state_load(struct checkpoint *ck, struct solution *out, struct checkpoint_section *sec,
			     unsigned n, unsigned *level, struct error *err)
{
	enum status st = solve_state_overflow_room(ck, out, err);
	for (unsigned k = 0; st == STATUS_OK && k < n; k++)
		if (!strcmp(sec[k].name, "wide"))
			st = wide_room(ck, out, err);
	if (st != STATUS_OK)
		return st;
	for (unsigned k = 0; k < n; k++)
		if (!strcmp(sec[k].name, "overflow"))
			sec[k] = solve_state_overflow(out);
		else if (!strcmp(sec[k].name, "wide"))
			sec[k] = solve_state_wide(out);
	*level = ck->level;
	return checkpoint_load(ck, sec, n, err);
}

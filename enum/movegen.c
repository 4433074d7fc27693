// SPDX-License-Identifier: MIT
// Children and parents of a position from the hand-class tables (see movegen.h). A move
// changes the mover's hands (self relation) or one live opponent's hands (hit relation),
// then the turn passes: the mover goes to the last slot. Parents undo exactly that.
#include "movegen.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_class.h"
#include "multiset.h"
#include "position.h"

bool movegen_is_terminal(const struct rules *rules, uint64_t idx)
{
	struct pos pos;
	position_decode(rules, idx, &pos);
	return rules->terminal(rules, &pos);
}

unsigned movegen_winner(const struct rules *rules, uint64_t idx)
{
	struct pos pos;
	position_decode(rules, idx, &pos);
	return rules->winner(rules, &pos);
}

bool movegen_pos_won_by(const struct rules *rules, const struct pos *pos, unsigned slot)
{
	return rules->winner(rules, pos) == slot;
}

bool movegen_won_by(const struct rules *rules, uint64_t idx, unsigned slot)
{
	struct pos pos;
	position_decode(rules, idx, &pos);
	return movegen_pos_won_by(rules, &pos, slot);
}

// Sorts v[0 .. n) ascending in place: Hoare's quicksort on the middle value, parts of 32 or
// fewer by insertion. No call per comparison (qsort's was a tenth of a stream of queries,
// which sorts every position's children).
static void sort_u64(uint64_t *v, size_t n)
{
	while (n > 32) {
		uint64_t pivot = v[(n - 1) / 2];
		ptrdiff_t i = -1, j = (ptrdiff_t)n;
		for (;;) {
			while (v[++i] < pivot)
				;
			while (v[--j] > pivot)
				;
			if (i >= j)
				break;
			uint64_t t = v[i];
			v[i] = v[j], v[j] = t;
		}
		size_t left = (size_t)j + 1; // [0, left) and [left, n), neither empty
		if (left < n - left)
			sort_u64(v, left), v += left, n -= left;
		else
			sort_u64(v + left, n - left), n = left;
	}
	for (size_t i = 1; i < n; i++) {
		uint64_t x = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

// Sorts v[0 .. n) when v[0 .. r) is sorted and what follows is at most TAIL_MAX: the rest
// sorted apart and merged in from the back. A position's own-hands children come first and
// ascending (their rows are sorted), its few attacks after them.
#define TAIL_MAX 256
static void sort_tail(uint64_t *v, size_t r, size_t n)
{
	uint64_t tail[TAIL_MAX];
	size_t t = n - r;
	memcpy(tail, v + r, t * sizeof *v);
	sort_u64(tail, t);
	for (size_t k = n; t > 0; k--) // v[0 .. r) and tail[0 .. t) into v[0 .. k)
		v[k - 1] = r > 0 && v[r - 1] > tail[t - 1] ? v[--r] : tail[--t];
}

static size_t sort_unique(uint64_t *v, size_t n)
{
	size_t r = n > 0; // v[0 .. r) ascending
	while (r < n && v[r - 1] <= v[r])
		r++;
	if (n - r <= TAIL_MAX)
		sort_tail(v, r, n);
	else
		sort_u64(v, n);
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (kept == 0 || v[kept - 1] != v[i])
			v[kept++] = v[i];
	return kept;
}

// movegen_children_any's moves on light rules (rules_build_light): the same rows, made for
// this one position or kept from an earlier one (child: pos turned round, as there). No
// own-hands moves when the row cannot be allocated.
static size_t light_children(const struct rules *rules, const struct pos *pos, struct pos *child, uint64_t *out)
{
	unsigned p = rules->players;
	const struct hand_class *mover = position_class(rules, pos->seat, 0);
	uint32_t *fresh, to[RULES_MAX_HANDS];
	const uint32_t *row = hand_class_light_row(rules, mover, pos->state[0], &fresh);
	size_t n = 0;
	for (size_t i = 0; row && i < row[0]; i++) {
		child->state[p - 1] = row[i + 1];
		out[n++] = position_encode(rules, child);
	}
	free(fresh);
	child->state[p - 1] = pos->state[0];
	const uint8_t *live = mover->live_values + (uint64_t)pos->state[0] * mover->hands;
	for (unsigned v = 0; v < mover->hands && live[v]; v++) {
		for (unsigned k = 1; k < p; k++) {
			size_t m = hand_class_hit_row(rules, position_class(rules, pos->seat, k), pos->state[k], live[v], to);
			for (size_t i = 0; i < m; i++) {
				child->state[k - 1] = to[i];
				out[n++] = position_encode(rules, child);
			}
			child->state[k - 1] = pos->state[k];
		}
	}
	return n;
}

size_t movegen_children_any(const struct rules *rules, uint64_t idx, uint64_t *out)
{
	struct pos pos, child;
	position_decode(rules, idx, &pos);
	unsigned p = rules->players, r = rules->modulus;
	if (rules->terminal(rules, &pos))
		return 0;
	child.seat = (pos.seat + 1) % rules->period;
	for (unsigned k = 0; k < p; k++)
		child.state[(k + p - 1) % p] = pos.state[k];
	size_t n = 0;
	const struct hand_class *mover = position_class(rules, pos.seat, 0);
	if (mover->live_values[(uint64_t)pos.state[0] * mover->hands] == 0) {
		out[n++] = position_encode(rules, &child); // no live hand: the player passes
		return n;
	}
	if (rules->light)
		return n + light_children(rules, &pos, &child, out);
	const struct relation *self = &mover->self;
	for (uint64_t e = self->start[pos.state[0]]; e < self->start[pos.state[0] + 1]; e++) {
		child.state[p - 1] = self->to[e];
		out[n++] = position_encode(rules, &child);
	}
	child.state[p - 1] = pos.state[0];
	const uint8_t *live = mover->live_values + (uint64_t)pos.state[0] * mover->hands;
	for (unsigned v = 0; v < mover->hands && live[v]; v++) {
		for (unsigned k = 1; k < p; k++) {
			const struct relation *hit = &position_class(rules, pos.seat, k)->hit;
			uint64_t row = (uint64_t)pos.state[k] * r + live[v];
			for (uint64_t e = hit->start[row]; e < hit->start[row + 1]; e++) {
				child.state[k - 1] = hit->to[e];
				out[n++] = position_encode(rules, &child);
			}
			child.state[k - 1] = pos.state[k];
		}
	}
	return n;
}

bool movegen_pair_side(const struct rules *rules, unsigned s, const struct hand_class *cls[2])
{
	if (rules->players != 2)
		return false;
	cls[0] = position_class(rules, s, 0);
	cls[1] = position_class(rules, s, 1);
	return true;
}

uint32_t movegen_self_groups(const struct hand_class *cls, uint32_t *group, uint32_t *first, uint32_t *member,
			     uint64_t capacity, uint32_t *scratch)
{
	const struct relation *self = &cls->self;
	uint32_t groups = 0, *head = scratch, *next = scratch + cls->states; // groups by their first state
	uint64_t used = 0;
	for (uint32_t s = 0; s < cls->states; s++)
		group[s] = head[s] = UINT32_MAX;
	first[0] = 0;
	for (uint32_t s = 0; s < cls->states; s++) {
		uint64_t b = self->start[s], e = self->start[s + 1];
		if (b == e)
			continue;
		if (used + (e - b) + 1 > capacity)
			return UINT32_MAX;
		// The group of s: its row with s put in order (rows are sorted and distinct).
		uint32_t *g = member + used, size = 0;
		bool placed = false;
		for (uint64_t k = b; k <= e; k++) {
			if (k < e && self->to[k] == s)
				return UINT32_MAX;
			if (!placed && (k == e || self->to[k] > s))
				g[size++] = s, placed = true;
			if (k < e)
				g[size++] = self->to[k];
		}
		uint32_t found = head[g[0]];
		while (found != UINT32_MAX && (first[found + 1] - first[found] != size ||
					       memcmp(member + first[found], g, size * sizeof *g)))
			found = next[found];
		if (found == UINT32_MAX) {
			found = groups++;
			next[found] = head[g[0]];
			head[g[0]] = found;
			used += size;
			first[groups] = (uint32_t)used;
		}
		group[s] = found;
	}
	return groups;
}

size_t movegen_children(const struct rules *rules, uint64_t idx, uint64_t *out)
{
	return sort_unique(out, movegen_children_any(rules, idx, out));
}

// Appends the encoding of parent to out unless it is terminal.
static size_t add_parent(const struct rules *rules, const struct pos *parent, uint64_t *out,
			 size_t n)
{
	if (!rules->terminal(rules, parent))
		out[n++] = position_encode(rules, parent);
	return n;
}

size_t movegen_parents(const struct rules *rules, uint64_t idx, uint64_t *out)
{
	struct pos pos, parent;
	position_decode(rules, idx, &pos);
	unsigned p = rules->players, r = rules->modulus;
	parent.seat = (pos.seat + rules->period - 1) % rules->period;
	for (unsigned k = 0; k < p; k++)
		parent.state[(k + 1) % p] = pos.state[k];
	uint32_t moved = pos.state[p - 1]; // the previous mover's hands now
	const struct hand_class *mover = position_class(rules, parent.seat, 0);
	size_t n = 0;
	if (mover->live_values[(uint64_t)moved * mover->hands] == 0)
		n = add_parent(rules, &parent, out, n); // a player with no live hand passed
	const struct relation *unself = &mover->unself;
	for (uint64_t e = unself->start[moved]; e < unself->start[moved + 1]; e++) {
		parent.state[0] = unself->to[e];
		n = add_parent(rules, &parent, out, n);
	}
	parent.state[0] = moved;
	const uint8_t *live = mover->live_values + (uint64_t)moved * mover->hands;
	for (unsigned v = 0; v < mover->hands && live[v]; v++) {
		for (unsigned k = 1; k < p; k++) {
			const struct relation *unhit = &position_class(rules, parent.seat, k)->unhit;
			uint64_t row = (uint64_t)parent.state[k] * r + live[v];
			uint32_t now = parent.state[k];
			for (uint64_t e = unhit->start[row]; e < unhit->start[row + 1]; e++) {
				parent.state[k] = unhit->to[e];
				n = add_parent(rules, &parent, out, n);
			}
			parent.state[k] = now;
		}
	}
	return sort_unique(out, n);
}

// The one hand that a tap can have changed from state from to state to (both of cls): the
// first k whose value is the one value of from's multiset that to's lacks, when they differ
// in exactly one value, that value is live, and the two have the same lives (neither the
// zombie); else cls->hands (any hand may have been tapped). A tap of another hand gives
// either its own value replaced, which is not to, or the state of no live hand, which is to
// only when that one hand was from's only live one.
static unsigned changed_hand(const struct hand_class *cls, uint32_t from, uint32_t to)
{
	unsigned h = cls->hands, i = 0, j = 0, only = h, lost = 0;
	if (from == cls->zombie || to == cls->zombie || from / cls->count != to / cls->count)
		return h;
	const uint8_t *f = cls->values + (uint64_t)from * h, *t = cls->values + (uint64_t)to * h;
	while (i < h && j < h) { // a merge of the two sorted lists: what f has beyond t
		if (f[i] == t[j])
			i++, j++;
		else if (f[i] < t[j])
			only = i++, lost++;
		else
			j++;
	}
	lost += h - i, only = i < h ? i : only;
	if (lost != 1 || !f[only])
		return h;
	while (only > 0 && f[only - 1] == f[only]) // the first of equal hands is the one tapped
		only--;
	return only;
}

// The tapped value b such that a tap by a on state from gives state to (after settling),
// or 0 if none does; k: changed_hand's answer, the one hand to try (cls->hands: all).
static unsigned tapped_value(const struct rules *rules, const struct hand_class *cls, uint32_t from,
			     uint32_t to, unsigned a, unsigned k)
{
	const struct move_family *fam = hand_class_tap_family(rules);
	unsigned lo = k < cls->hands ? k : 0, hi = k < cls->hands ? k + 1 : cls->hands;
	for (unsigned i = lo; i < hi && fam; i++)
		if (hand_class_tap(rules, cls, fam, from, i, a) == to)
			return cls->values[(uint64_t)from * cls->hands + i];
	return 0;
}

enum move_kind movegen_kind(const struct rules *rules, uint64_t parent, uint64_t child)
{
	struct pos from, to;
	position_decode(rules, parent, &from);
	position_decode(rules, child, &to);
	unsigned p = rules->players;
	if (to.state[p - 1] != from.state[0])
		return MOVE_SELF;
	for (unsigned k = 1; k < p; k++)
		if (to.state[k - 1] != from.state[k])
			return MOVE_ATTACK;
	return MOVE_PASS;
}

void movegen_describe(const struct rules *rules, uint64_t parent, uint64_t child, char *buf)
{
	struct pos from, to;
	position_decode(rules, parent, &from);
	position_decode(rules, child, &to);
	movegen_describe_pos(rules, &from, &to, buf);
}

size_t movegen_describe_pos(const struct rules *rules, const struct pos *from, const struct pos *to, char *buf)
{
	unsigned p = rules->players;
	const struct hand_class *mover = position_class(rules, from->seat, 0);
	if (to->state[p - 1] != from->state[0]) {
		size_t used = position_hands_text(rules, mover, from->state[0], buf);
		buf[used++] = '-', buf[used++] = '>';
		return used + position_hands_text(rules, mover, to->state[p - 1], buf + used);
	}
	for (unsigned k = 1; k < p; k++) {
		if (to->state[k - 1] == from->state[k])
			continue;
		const struct hand_class *cls = position_class(rules, from->seat, k);
		const uint8_t *live = mover->live_values + (uint64_t)from->state[0] * mover->hands;
		unsigned hand = changed_hand(cls, from->state[k], to->state[k - 1]);
		for (unsigned v = 0; v < mover->hands && live[v]; v++) {
			unsigned b = tapped_value(rules, cls, from->state[k], to->state[k - 1], live[v], hand);
			if (!b)
				continue;
			int used = position_hand_text(rules, live[v], buf);
			buf[used++] = '-', buf[used++] = '>';
			used += position_hand_text(rules, b, buf + used);
			if (p > 2)
				used += sprintf(buf + used, "@%u", k);
			return (size_t)used;
		}
	}
	strcpy(buf, "pass");
	return 4;
}

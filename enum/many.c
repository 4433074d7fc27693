// SPDX-License-Identifier: MIT
// The many-player tables (see many.h): live sets numbered through a small hash table, the
// own-hands counts read off the rules' self relation, and the tap tables of each class as
// unions over a live set's values of the rules' hit and unhit rows.
#include "many.h"

#include <stdlib.h>
#include <string.h>

#include "relation.h"

// A live set as its values, ascending, zero-padded (hand_class's live_values row, whose
// distinct live values number less than the rollover however many hands there are).
struct live_key {
	uint8_t v[RULES_MAX_ROLLOVER];
};

struct set_table {
	uint32_t *slot;  // capacity entries: id + 1, or 0 when empty
	uint32_t capacity;
	struct live_key *key; // per id
	uint32_t count, room;
};

static uint32_t key_hash(const struct live_key *k)
{
	uint32_t h = 2166136261u;
	for (unsigned i = 0; i < RULES_MAX_ROLLOVER && k->v[i]; i++)
		h = (h ^ k->v[i]) * 16777619u;
	return h;
}

// The id of k, added if new; UINT32_MAX on allocation failure.
static uint32_t set_id(struct set_table *t, const struct live_key *k)
{
	uint32_t i = key_hash(k) & (t->capacity - 1);
	for (; t->slot[i]; i = (i + 1) & (t->capacity - 1))
		if (!memcmp(&t->key[t->slot[i] - 1], k, sizeof *k))
			return t->slot[i] - 1;
	if (t->count == t->room) {
		uint32_t room = t->room ? 2 * t->room : 64;
		struct live_key *grown = realloc(t->key, room * sizeof *grown);
		if (!grown)
			return UINT32_MAX;
		t->key = grown;
		t->room = room;
	}
	t->key[t->count] = *k;
	t->slot[i] = ++t->count;
	return t->count - 1;
}

// Numbers the live sets of every state of every class (the empty set first, id 0).
static bool number_sets(struct many *m, struct set_table *t)
{
	const struct rules *rules = m->rules;
	uint64_t total = 1;
	for (unsigned c = 0; c < rules->class_count; c++)
		total += rules->class[c].states;
	t->capacity = 64;
	while (t->capacity < 2 * total && t->capacity < (UINT32_C(1) << 31))
		t->capacity *= 2;
	t->slot = calloc(t->capacity, sizeof *t->slot);
	struct live_key none = {{0}};
	if (!t->slot || set_id(t, &none) != 0)
		return false;
	for (unsigned c = 0; c < rules->class_count; c++) {
		const struct hand_class *cls = &rules->class[c];
		struct many_class *mc = &m->cls[c];
		mc->cls = cls;
		mc->states = cls->states;
		mc->live = malloc((size_t)cls->states * sizeof *mc->live);
		mc->self_info = malloc((size_t)cls->states * sizeof *mc->self_info);
		if (!mc->live || !mc->self_info)
			return false;
		for (uint32_t s = 0; s < cls->states; s++) {
			struct live_key k = {{0}};
			memcpy(k.v, cls->live_values + (uint64_t)s * cls->hands,
			       cls->hands < RULES_MAX_ROLLOVER ? cls->hands : RULES_MAX_ROLLOVER);
			uint32_t id = set_id(t, &k);
			if (id == UINT32_MAX)
				return false;
			mc->live[s] = (uint16_t)(id > UINT16_MAX ? UINT16_MAX : id);
			if (id >= UINT16_MAX)
				m->sets = UINT32_MAX; // too many: declined by the caller
		}
		m->table_bytes += (uint64_t)cls->states * (sizeof *mc->live + sizeof *mc->self_info);
	}
	if (m->sets != UINT32_MAX)
		m->sets = t->count;
	return true;
}

// Own-hands counts; false when a state without a live hand has own-hands moves. *widest
// gets the most own-hands moves (or inverse moves) of one state, the kept one aside.
static bool count_self(struct many_class *mc, unsigned *widest)
{
	const struct relation *self = &mc->cls->self, *unself = &mc->cls->unself;
	*widest = 0;
	for (uint32_t s = 0; s < mc->states; s++) {
		uint64_t n = self->start[s + 1] - self->start[s], back = unself->start[s + 1] - unself->start[s];
		bool keep = false;
		for (uint64_t e = self->start[s]; e < self->start[s + 1]; e++)
			keep |= self->to[e] == s;
		if ((mc->live[s] == 0 && n > 0) || n > MANY_MAX_MOVES || back > MANY_MAX_MOVES)
			return false;
		mc->self_info[s] = (uint16_t)((n - keep) << 1 | keep);
		unsigned most = (unsigned)((n > back ? n : back) - keep);
		*widest = most > *widest ? most : *widest;
	}
	return true;
}

enum { TAPS_OK, TAPS_TOO_BIG, TAPS_NO_MEMORY };

// Builds t (hit when inverse is false, else unhit) for class cls over every live set;
// *widest gets its longest row. TAPS_TOO_BIG when rows or edges pass 32-bit offsets.
static int build_taps(struct many *m, const struct hand_class *cls, const struct set_table *sets,
		       bool inverse, struct many_taps *t, unsigned *widest)
{
	const struct relation *rel = inverse ? &cls->unhit : &cls->hit;
	uint64_t rows = (uint64_t)m->sets * cls->states, used = 0, room = rows + 64;
	unsigned r = m->rules->modulus;
	if (rows >= UINT32_MAX)
		return TAPS_TOO_BIG;
	t->start = malloc((rows + 1) * sizeof *t->start);
	t->loop = calloc(rows / 64 + 1, sizeof *t->loop);
	t->to = malloc(room * sizeof *t->to);
	uint32_t *stamp = calloc(cls->states ? cls->states : 1, sizeof *stamp), token = 0;
	bool ok = t->start && t->loop && t->to && stamp, big = false;
	*widest = 0;
	for (uint64_t row = 0; ok && row < rows; row++) {
		uint32_t set = (uint32_t)(inverse ? row / cls->states : row % m->sets);
		uint32_t x = (uint32_t)(inverse ? row % cls->states : row / m->sets);
		t->start[row] = (uint32_t)used;
		token++;
		const uint8_t *v = sets->key[set].v;
		for (unsigned i = 0; ok && i < RULES_MAX_ROLLOVER && v[i]; i++) {
			uint64_t from = (uint64_t)x * r + v[i];
			for (uint64_t e = rel->start[from]; ok && e < rel->start[from + 1]; e++) {
				uint32_t y = rel->to[e];
				if (stamp[y] == token)
					continue;
				stamp[y] = token;
				if (y == x) {
					t->loop[row >> 6] |= UINT64_C(1) << (row & 63);
					continue;
				}
				if (used == room) {
					big = room >= UINT32_MAX / 2;
					uint32_t *grown = big ? NULL : realloc(t->to, 2 * room * sizeof *grown);
					ok = grown != NULL;
					if (!ok)
						break;
					t->to = grown;
					room *= 2;
				}
				t->to[used++] = y;
			}
		}
		uint64_t width = used - t->start[row];
		*widest = width > *widest ? (unsigned)(width < UINT32_MAX ? width : UINT32_MAX) : *widest;
	}
	free(stamp);
	if (!ok)
		return big ? TAPS_TOO_BIG : TAPS_NO_MEMORY;
	t->start[rows] = (uint32_t)used;
	m->table_bytes += (rows + 1) * sizeof *t->start + (rows / 64 + 1) * sizeof *t->loop + used * sizeof *t->to;
	return TAPS_OK;
}

static void fill_seats(struct many *m)
{
	const struct rules *rules = m->rules;
	for (unsigned seat = 0; seat < m->period; seat++) {
		struct many_seat *s = &m->seat[seat];
		uint64_t stride = 1;
		for (unsigned k = 0; k < m->players; k++) {
			s->cls[k] = rules->class_of[(seat + k) % m->players];
			s->n[k] = rules->class[s->cls[k]].states;
			s->stride[k] = stride;
			stride *= s->n[k];
		}
	}
}

// The most moves (parents) of one position: own-hands ones, attacks on every other slot,
// and the move that keeps the position.
static unsigned bound_moves(const struct many *m, const unsigned *self_most, const unsigned *hit_most,
			    const unsigned *unhit_most)
{
	unsigned most = 0;
	for (unsigned seat = 0; seat < m->period; seat++) {
		const struct many_seat *s = &m->seat[seat];
		uint64_t fwd = self_most[s->cls[0]] + 1, back = fwd;
		for (unsigned k = 1; k < m->players; k++) {
			fwd += hit_most[s->cls[k]];
			back += unhit_most[s->cls[k]];
		}
		uint64_t n = fwd > back ? fwd : back;
		most = n > most ? (unsigned)(n < UINT32_MAX ? n : UINT32_MAX) : most;
	}
	return most;
}

enum status many_build(const struct rules *rules, struct many **out, struct error *err)
{
	*out = NULL;
	if (rules->players < 2)
		return STATUS_OK;
	struct many *m = calloc(1, sizeof *m);
	if (!m)
		return error_set(err, STATUS_FAILURE, "out of memory building the many-player tables");
	*m = (struct many){.rules = rules, .players = rules->players, .period = rules->period,
			   .block = rules->block};
	struct set_table sets = {0};
	unsigned self_most[RULES_MAX_PLAYERS] = {0}, hit_most[RULES_MAX_PLAYERS] = {0};
	unsigned unhit_most[RULES_MAX_PLAYERS] = {0};
	bool fits = true, ok = number_sets(m, &sets);
	if (ok && m->sets == UINT32_MAX)
		fits = false;
	// Tap tables out of proportion to the positions (one player with many more hands than
	// the others: many live sets times many states) are left to the generic engine.
	uint64_t rows = 0;
	for (unsigned c = 0; c < rules->class_count; c++)
		rows += 2 * (uint64_t)m->sets * rules->class[c].states;
	if (ok && fits && rows > rules->size / 16 + (UINT64_C(1) << 23))
		fits = false;
	for (unsigned c = 0; ok && fits && c < rules->class_count; c++) {
		fits = count_self(&m->cls[c], &self_most[c]);
		int st = fits ? build_taps(m, &rules->class[c], &sets, false, &m->hit[c], &hit_most[c]) : TAPS_OK;
		if (st == TAPS_OK && fits)
			st = build_taps(m, &rules->class[c], &sets, true, &m->unhit[c], &unhit_most[c]);
		fits &= st != TAPS_TOO_BIG;
		ok = st != TAPS_NO_MEMORY;
	}
	free(sets.slot);
	free(sets.key);
	if (!ok) {
		many_free(m);
		return error_set(err, STATUS_FAILURE, "out of memory building the many-player tables");
	}
	if (fits) {
		fill_seats(m);
		m->max_moves = bound_moves(m, self_most, hit_most, unhit_most);
		fits = m->max_moves <= MANY_MAX_MOVES;
	}
	if (!fits) {
		many_free(m);
		return STATUS_OK;
	}
	*out = m;
	return STATUS_OK;
}

void many_free(struct many *m)
{
	if (!m)
		return;
	for (unsigned c = 0; c < RULES_MAX_PLAYERS; c++) {
		free(m->cls[c].live);
		free(m->cls[c].self_info);
		free(m->hit[c].start);
		free(m->hit[c].to);
		free(m->hit[c].loop);
		free(m->unhit[c].start);
		free(m->unhit[c].to);
		free(m->unhit[c].loop);
	}
	free(m);
}

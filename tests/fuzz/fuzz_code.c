// SPDX-License-Identifier: MIT
// Fuzzes position_parse on arbitrary bytes under a few fixed rule sets (even and uneven
// hands, the digit form and the dotted form, and the tags of zombies, stumps and lives). Properties: a code either parses to an index
// below rules->size, whose canonical code parses back to the same index and formats the
// same, or is refused with STATUS_BAD_INPUT and a message. The first 8 bytes, read as an
// index modulo size, must also format to a code that parses back to that index.
#include <string.h>

#include "fuzz_check.h"
#include "position.h"
#include "rules.h"

#define CODE_CAP 1024 // longer inputs are cut: every code of these rules is far shorter

struct instance {
	unsigned players, hands[RULES_MAX_PLAYERS], rollover;
	uint64_t variants;
	unsigned lives;
};

#define V(id) (UINT64_C(1) << VARIANT_##id)

// 2p h2 r5 (the standard game), 3p h2 r5, hands 3,2 r5, r12 (dotted codes), three players
// with hands 1,2,3 and r11 (uneven and dotted together), then tagged codes: zombies ('z'),
// stumps ('h', also dotted), lives (':L').
static const struct instance instances[] = {
	{2, {2, 2}, 5, 0, 0},
	{3, {2, 2, 2}, 5, 0, 0},
	{2, {3, 2}, 5, 0, 0},
	{2, {2, 2}, 12, 0, 0},
	{3, {1, 2, 3}, 11, 0, 0},
	{3, {2, 2, 2}, 4, V(ZOMBIES), 0},
	{2, {2, 2}, 5, V(STUMPS), 0},
	{2, {2, 3}, 11, V(STUMPS), 0},
	{2, {2, 2}, 5, 0, 3},
};
#define INSTANCE_COUNT (sizeof instances / sizeof *instances)

static struct rules *rules_of[INSTANCE_COUNT];

static void setup(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	for (size_t i = 0; i < INSTANCE_COUNT; i++) {
		struct rules_spec spec = {0};
		struct error err;
		spec.players = instances[i].players;
		spec.rollover = instances[i].rollover;
		spec.variants = instances[i].variants;
		spec.lives = instances[i].lives;
		memcpy(spec.hands, instances[i].hands, sizeof spec.hands);
		enum status st = rules_build(&spec, &rules_of[i], &err);
		FUZZ_CHECK(st == STATUS_OK, "fixed instance %zu: %s", i, err.msg);
	}
}

// idx must format to a code that parses back to idx and formats the same.
static void check_round_trip(const struct rules *rules, size_t inst, uint64_t idx)
{
	char code[POSITION_CODE_MAX + 16], again[POSITION_CODE_MAX + 16];
	struct error err = {{0}};
	uint64_t back = UINT64_MAX;
	position_format(rules, idx, code);
	FUZZ_CHECK(strlen(code) < POSITION_CODE_MAX, "instance %zu: code of %llu too long", inst,
		   (unsigned long long)idx);
	enum status st = position_parse(rules, code, &back, &err);
	FUZZ_CHECK(st == STATUS_OK, "instance %zu: canonical code '%s' of %llu refused: %s", inst,
		   code, (unsigned long long)idx, err.msg);
	FUZZ_CHECK(back == idx, "instance %zu: '%s' is %llu but parses to %llu", inst, code,
		   (unsigned long long)idx, (unsigned long long)back);
	position_format(rules, back, again);
	FUZZ_CHECK(strcmp(code, again) == 0, "instance %zu: '%s' formats back as '%s'", inst, code,
		   again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char code[CODE_CAP];
	setup();
	fuzz_copy(code, sizeof code, data, size);
	uint64_t raw = 0;
	for (size_t i = 0; i < 8 && i < size; i++)
		raw = raw << 8 | data[i];
	for (size_t i = 0; i < INSTANCE_COUNT; i++) {
		const struct rules *rules = rules_of[i];
		struct error err = {{0}};
		uint64_t idx = UINT64_MAX;
		enum status st = position_parse(rules, code, &idx, &err);
		if (st == STATUS_OK) {
			FUZZ_CHECK(idx < rules->size, "instance %zu: '%s' parses to %llu, size %llu", i,
				   code, (unsigned long long)idx, (unsigned long long)rules->size);
			check_round_trip(rules, i, idx);
		} else {
			FUZZ_CHECK(st == STATUS_BAD_INPUT, "instance %zu: status %d", i, (int)st);
			FUZZ_CHECK(err.msg[0] != '\0', "instance %zu: refused without a message", i);
		}
		check_round_trip(rules, i, raw % rules->size);
	}
	return 0;
}

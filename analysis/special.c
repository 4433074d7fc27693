// SPDX-License-Identifier: MIT
// The closed forms of special.h. Nothing here looks at move tables or positions.
#include "special.h"

#include <stdio.h>

#include "variants.h"

uint64_t special_fibonacci_entry(unsigned r)
{
	uint64_t a = 0, b = 1; // F(0), F(1) mod r
	for (uint64_t k = 1;; k++) {
		uint64_t next = (a + b) % r;
		a = b;
		b = next; // now a = F(k), b = F(k+1)
		if (a == 0)
			return k;
	}
}

// Standard rules, every player with the same number of hands, no lives.
static bool standard(const struct rules *rules)
{
	if (rules->period != 1 || rules->lives != 1)
		return false;
	for (int a = 0; a < AXIS_COUNT; a++)
		if (rules->axis[a] != 0)
			return false;
	return true;
}

struct special_prediction special_predict(const struct rules *rules)
{
	struct special_prediction p = {0};
	uint64_t h = rules->hands[0];
	if (!standard(rules) || rules->players > 3)
		return p;
	if (rules->players == 3) {
		if (rules->rollover != 2)
			return p;
		p.applies = true;
		p.reachable = (7 * h * h * h + 21 * h * h + 10 * h - (h % 2) * (h - 3)) / 8;
		p.length = 3 * h - 1;
		snprintf(p.formula, sizeof p.formula, "3 players, rollover 2, h = %llu: reachable (7h^3+21h^2+10h-[h odd](h-3))/8, length 3h-1",
			 (unsigned long long)h);
	} else if (rules->hands[0] == 1) {
		uint64_t alpha = special_fibonacci_entry(rules->rollover);
		p.applies = true;
		p.reachable = alpha - 1;
		p.length = alpha - 2;
		snprintf(p.formula, sizeof p.formula, "Fibonacci entry point alpha(%u) = %llu: reachable alpha-1, length alpha-2",
			 rules->rollover, (unsigned long long)alpha);
	} else if (rules->rollover == 2) {
		p.applies = true;
		p.reachable = 2 * h;
		p.length = 2 * h - 1;
		snprintf(p.formula, sizeof p.formula, "rollover 2, h = %llu: reachable 2h, length 2h-1", (unsigned long long)h);
	}
	return p;
}

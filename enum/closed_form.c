// SPDX-License-Identifier: MIT
// GMP closed forms (see closed_form.h).
#include "closed_form.h"

#include <stdbool.h>

unsigned closed_form_rotations(unsigned players, const unsigned *hands)
{
	for (unsigned d = 1; d < players; d++) {
		if (players % d)
			continue;
		unsigned s = 0;
		while (s < players && hands[s] == hands[(s + d) % players])
			s++;
		if (s == players)
			return d;
	}
	return players;
}

// The product over seats of (per-seat count * lives + zombie), times the rotations; the
// per-seat count is r^h (ordered) or C(h + r - 1, h) (multisets).
static void product(mpz_t out, unsigned players, const unsigned *hands, unsigned r, unsigned lives,
		    bool zombies, bool ordered)
{
	mpz_t c;
	mpz_init(c);
	mpz_set_ui(out, closed_form_rotations(players, hands));
	for (unsigned s = 0; s < players; s++) {
		if (ordered)
			mpz_ui_pow_ui(c, r, hands[s]);
		else
			mpz_bin_uiui(c, hands[s] + r - 1, hands[s]);
		mpz_mul_ui(c, c, lives ? lives : 1);
		mpz_add_ui(c, c, zombies);
		mpz_mul(out, out, c);
	}
	mpz_clear(c);
}

void closed_form_positions(mpz_t out, unsigned players, const unsigned *hands, unsigned r)
{
	product(out, players, hands, r, 1, false, true);
}

void closed_form_distinct(mpz_t out, unsigned players, const unsigned *hands, unsigned r)
{
	product(out, players, hands, r, 1, false, false);
}

void closed_form_tagged(mpz_t positions, mpz_t distinct, unsigned players, const unsigned *hands,
			unsigned r, unsigned lives, bool zombies)
{
	product(positions, players, hands, r, lives, zombies, true);
	product(distinct, players, hands, r, lives, zombies, false);
}

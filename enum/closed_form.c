// SPDX-License-Identifier: MIT
// GMP closed forms (see closed_form.h).
#include "closed_form.h"

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

void closed_form_positions(mpz_t out, unsigned players, const unsigned *hands, unsigned r)
{
	unsigned long total = 0;
	for (unsigned s = 0; s < players; s++)
		total += hands[s];
	mpz_ui_pow_ui(out, r, total);
	mpz_mul_ui(out, out, closed_form_rotations(players, hands));
}

void closed_form_distinct(mpz_t out, unsigned players, const unsigned *hands, unsigned r)
{
	mpz_t c;
	mpz_init(c);
	mpz_set_ui(out, closed_form_rotations(players, hands));
	for (unsigned s = 0; s < players; s++) {
		mpz_bin_uiui(c, hands[s] + r - 1, hands[s]);
		mpz_mul(out, out, c);
	}
	mpz_clear(c);
}

// SPDX-License-Identifier: MIT
// Exact closed-form counts with GMP, valid at any size: positions counting every ordering of
// hands, r^(sum of hands), and functionally distinct positions, prod_i C(h_i + r - 1, h_i).
// With uneven hand counts each is multiplied by the number of distinct rotations of the
// hand counts (who is to move is part of the position), matching rules->size.
#ifndef CHOPSTICKS_ENUM_CLOSED_FORM_H
#define CHOPSTICKS_ENUM_CLOSED_FORM_H

#include <gmp.h>
#include <stdbool.h>

// The number of distinct rotations of hands[0..players): the smallest d dividing players
// with hands[s] == hands[(s + d) % players] for every seat s (1 when all are equal).
unsigned closed_form_rotations(unsigned players, const unsigned *hands);
// hands[0..players) per seat, rollover r >= 2. out must be initialised.
void closed_form_positions(mpz_t out, unsigned players, const unsigned *hands, unsigned r);
void closed_form_distinct(mpz_t out, unsigned players, const unsigned *hands, unsigned r);
// Both counts when each player also carries lives (1..lives) and, with zombies, one more
// state: each seat's count becomes count * lives + zombies. lives 0 counts as 1.
void closed_form_tagged(mpz_t positions, mpz_t distinct, unsigned players, const unsigned *hands,
			unsigned r, unsigned lives, bool zombies);

#endif

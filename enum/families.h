// SPDX-License-Identifier: MIT
// The move families (attack, split) and the choice of families from the axes of a rules
// value. A family only describes moves on one player's hands; rules.c turns the
// descriptions into tables. Adding a family: one struct move_family and one line in
// families_select.
#ifndef CHOPSTICKS_ENUM_FAMILIES_H
#define CHOPSTICKS_ENUM_FAMILIES_H

#include "rules.h"

// Fills rules->family[], family_count and the end rules (terminal, winner) from the axes.
void families_select(struct rules *rules);

#endif

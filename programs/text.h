// SPDX-License-Identifier: MIT
// Text for people (never CSV or JSON): counts with their digits grouped in threes
// (590,976,100), the singular or plural of a noun, and paragraphs wrapped to the width of
// the terminal. Not thread-safe where noted; every caller is the single output thread.
#ifndef CHOPSTICKS_PROGRAMS_TEXT_H
#define CHOPSTICKS_PROGRAMS_TEXT_H

#include <gmp.h>
#include <stdint.h>
#include <stdio.h>

// Room for a grouped uint64_t: 20 digits, 6 commas and the terminator.
#define TEXT_NUMBER_MAX 32

// n with its digits grouped by commas ("1,234"; "999" unchanged) in buf; returns buf.
char *text_u64(char buf[TEXT_NUMBER_MAX], uint64_t n);
// z (any size) grouped the same way, in a string the caller frees; NULL when out of memory.
char *text_mpz(const mpz_t z);
// Prints n grouped, then a space and one (n == 1) or many: "1 move", "2,016 moves".
void text_count(FILE *f, uint64_t n, const char *one, const char *many);
// one when n == 1, else many.
const char *text_plural(uint64_t n, const char *one, const char *many);
// The width to wrap text to: $COLUMNS when it is a number from 20 to 1000, else the width
// of the terminal on stdout (TIOCGWINSZ), else 80 (stdout is not a terminal).
unsigned text_width(void);
// Prints text word-wrapped to width columns: the first line after first (already printed,
// first_cols wide), the others after indent spaces; ends with a newline. A word longer than
// a line is printed whole.
void text_wrap(FILE *f, const char *text, unsigned first_cols, unsigned indent, unsigned width);

#endif

// SPDX-License-Identifier: MIT
// Sizes and large counts as messages print them: three significant digits, a size in the
// unit that fits (B, KiB, MiB, GiB, TiB), also past the range of a double.
#ifndef CHOPSTICKS_ENUM_SIZE_TEXT_H
#define CHOPSTICKS_ENUM_SIZE_TEXT_H

#define SIZE_TEXT_MAX 48

// 2^log2v as a short decimal: "3.17e+50".
void size_text_pow2(char *buf, double log2v);
// A size of 2^log2_bytes bytes: "450 B", "4.67 KiB", "47.8 MiB", "8.79 GiB", "12.3 TiB";
// beyond 999 TiB "3.17e+50 TiB".
void size_text_log2(char *buf, double log2_bytes);
// The same for a size in bytes ("0 B" for none).
void size_text(char *buf, double bytes);

#endif

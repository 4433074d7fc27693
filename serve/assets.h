// SPDX-License-Identifier: MIT
// The page of `chopsticks serve` (web/), embedded in the binary at build time by
// embed.cmake: one entry per file, found by its URL path. Read-only data.
#ifndef CHOPSTICKS_SERVE_ASSETS_H
#define CHOPSTICKS_SERVE_ASSETS_H

#include <stddef.h>

struct asset {
	const char *path;          // "/app.js"; the page itself is "/index.html"
	const char *type;          // its Content-Type
	const unsigned char *data;
	size_t bytes;
};

extern const struct asset assets[];
extern const size_t asset_count;

#endif

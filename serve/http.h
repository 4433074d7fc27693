// SPDX-License-Identifier: MIT
// The HTTP side of `chopsticks serve` on libmicrohttpd: routes GET requests to the page
// (assets.h) and the JSON API (site.h, under /api/v1/), answers every other request with a
// JSON error and its status, and logs one line per request on stderr. It trusts no path,
// length or code from a request: bounded sizes, no file system, threads from a fixed pool.
#ifndef CHOPSTICKS_SERVE_HTTP_H
#define CHOPSTICKS_SERVE_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "site.h"

struct http_server;

// Whether bind is a numeric IPv4 or IPv6 address (what http_start takes).
bool http_address_valid(const char *bind);
// Listens on bind (a numeric IPv4 or IPv6 address) and port (0: a free one) and answers from
// site (borrowed until http_stop) on its own threads. NULL on failure, with the reason in
// why (len bytes).
struct http_server *http_start(struct site *site, const char *bind, unsigned port, char *why, size_t len);
// The port listened on (the one chosen for port 0).
unsigned http_port(const struct http_server *server);
// Stops listening, waits for the requests in flight and frees server (NULL: nothing).
void http_stop(struct http_server *server);

#endif

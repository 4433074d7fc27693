// SPDX-License-Identifier: MIT
// The HTTP server of `chopsticks serve` (http.h). Each request gets a small record when its
// URI arrives (its length, a short copy for the log, the clock), is answered at its first
// call (its body, if any, is never read), and is logged once when it completes. Limits: a
// URI of at most URI_MAX bytes (longer: 413), CONNECTION_MEMORY per connection, at most
// CONNECTIONS at once, POOL threads.
#include "http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "assets.h"
#include "message.h"

enum {
	URI_MAX = 4096,
	LOG_URI_MAX = 120,
	CONNECTION_MEMORY = 256 * 1024, // a 100 KB URI still reaches us, for its JSON 413
	CONNECTIONS = 256,
	POOL = 4,
	TIMEOUT_S = 15,
};

struct http_server {
	struct MHD_Daemon *daemon;
	struct site *site;
	unsigned port;
};

// One request, from its URI to its completion.
struct request {
	size_t uri_bytes;
	char uri[LOG_URI_MAX + 1];
	char method[16];
	unsigned status; // 0: none sent (the connection failed before an answer)
	struct timespec start;
};

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void *request_begin(void *cls, const char *uri, struct MHD_Connection *c)
{
	(void)cls, (void)c;
	struct request *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->uri_bytes = strlen(uri);
	snprintf(r->uri, sizeof r->uri, "%s", uri);
	clock_gettime(CLOCK_MONOTONIC, &r->start);
	return r;
}

// The one log line of a request: "chopsticks serve: GET /api/v1/game 200 0.12 ms".
static void request_end(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
	(void)cls, (void)c, (void)why;
	struct request *r = *con_cls;
	if (!r)
		return;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double ms = (double)(now.tv_sec - r->start.tv_sec) * 1e3 + (double)(now.tv_nsec - r->start.tv_nsec) / 1e6;
	pthread_mutex_lock(&log_lock);
	message_print("serve", "%s %s%s %u %.2f ms", r->method[0] ? r->method : "-", r->uri,
		      r->uri_bytes > LOG_URI_MAX ? "..." : "", r->status, ms);
	pthread_mutex_unlock(&log_lock);
	free(r);
	*con_cls = NULL;
}

// Queues body (malloc'd, taken over; NULL: out of memory) with status and type.
static enum MHD_Result send_reply(struct MHD_Connection *c, struct request *r, struct site_reply reply, const char *type)
{
	static const char oom[] = "{\"status\":500,\"message\":\"out of memory\"}\n";
	struct MHD_Response *resp =
		reply.body ? MHD_create_response_from_buffer(reply.bytes, reply.body, MHD_RESPMEM_MUST_FREE)
			   : MHD_create_response_from_buffer(sizeof oom - 1, (void *)oom, MHD_RESPMEM_PERSISTENT);
	if (!resp) {
		free(reply.body);
		return MHD_NO;
	}
	unsigned status = reply.body ? reply.status : 500;
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Content-Security-Policy", "default-src 'self'; img-src 'self' data:");
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	if (r)
		r->status = status;
	enum MHD_Result ok = MHD_queue_response(c, status, resp);
	MHD_destroy_response(resp);
	return ok;
}

static enum MHD_Result send_json(struct MHD_Connection *c, struct request *r, struct site_reply reply)
{
	return send_reply(c, r, reply, "application/json");
}

static enum MHD_Result send_asset(struct MHD_Connection *c, struct request *r, const struct asset *a)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(a->bytes, (void *)a->data, MHD_RESPMEM_PERSISTENT);
	if (!resp)
		return MHD_NO;
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, a->type);
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Content-Security-Policy", "default-src 'self'; img-src 'self' data:");
	if (r)
		r->status = MHD_HTTP_OK;
	enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, resp);
	MHD_destroy_response(resp);
	return ok;
}

// The query arguments an endpoint takes: each key must be one of them, given once.
struct query_check {
	const char *allowed; // one key, or NULL for none
	unsigned seen;
	const char *bad;     // the first key refused
};

static enum MHD_Result check_key(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
	(void)kind, (void)value;
	struct query_check *q = cls;
	if (q->allowed && !strcmp(key, q->allowed) && q->seen++ == 0)
		return MHD_YES;
	q->bad = key;
	return MHD_NO;
}

// Answers an /api/v1/ path.
static enum MHD_Result api(struct MHD_Connection *c, struct request *r, struct site *site, const char *path)
{
	static const char *const names[] = {"game", "position", "strategy"};
	size_t which = sizeof names / sizeof *names;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(path, names[i]))
			which = i;
	if (which == sizeof names / sizeof *names)
		return send_json(c, r, site_error(404, "no such endpoint: the API has /api/v1/game, /api/v1/position?code=CODE and /api/v1/strategy"));
	struct query_check q = {which == 1 ? "code" : NULL, 0, NULL};
	MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, check_key, &q);
	if (q.bad) {
		char why[160];
		snprintf(why, sizeof why, "query parameter '%.40s': %s", q.bad,
			 q.allowed && !strcmp(q.bad, q.allowed) ? "given twice" : q.allowed ? "only 'code' is taken" : "this endpoint takes none");
		return send_json(c, r, site_error(400, why));
	}
	if (which == 0)
		return send_json(c, r, site_game(site));
	if (which == 2)
		return send_json(c, r, site_strategy(site));
	const char *code = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "code");
	if (!code || !*code)
		return send_json(c, r, site_error(400, "missing parameter: /api/v1/position?code=CODE"));
	if (strlen(code) > 256)
		return send_json(c, r, site_error(400, "code: too long to be a position"));
	return send_json(c, r, site_position(site, code));
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url, const char *method,
			      const char *version, const char *upload, size_t *upload_bytes, void **con_cls)
{
	(void)version, (void)upload, (void)upload_bytes;
	struct http_server *server = cls;
	struct request *r = *con_cls;
	if (r)
		snprintf(r->method, sizeof r->method, "%s", method);
	if (r && r->status) // answered already; the rest of a body is ignored
		return MHD_YES;
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return send_json(c, r, site_error(405, "only GET and HEAD are served"));
	const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
	if ((r && r->uri_bytes > URI_MAX) || (length && strcmp(length, "0")) ||
	    MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING))
		return send_json(c, r, site_error(413, "request too large: a URI of at most 4096 bytes and no body"));
	if (!strncmp(url, "/api/v1/", 8))
		return api(c, r, server->site, url + 8);
	const char *path = strcmp(url, "/") ? url : "/index.html";
	for (size_t i = 0; i < asset_count; i++)
		if (!strcmp(path, assets[i].path))
			return send_asset(c, r, &assets[i]);
	return send_json(c, r, site_error(404, "not found: the page is /, the API under /api/v1/"));
}

// Fills *addr from the numeric address bind and port; returns its size, or 0 when bind is
// no IPv4 or IPv6 address.
static socklen_t address(const char *bind, unsigned port, struct sockaddr_storage *addr)
{
	struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
	memset(addr, 0, sizeof *addr);
	if (inet_pton(AF_INET, bind, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
		v4->sin_port = htons((uint16_t)port);
		return sizeof *v4;
	}
	if (inet_pton(AF_INET6, bind, &v6->sin6_addr) == 1) {
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((uint16_t)port);
		return sizeof *v6;
	}
	return 0;
}

bool http_address_valid(const char *bind)
{
	struct sockaddr_storage addr;
	return address(bind, 0, &addr) != 0;
}

struct http_server *http_start(struct site *site, const char *bind, unsigned port, char *why, size_t len)
{
	struct sockaddr_storage addr;
	socklen_t bytes = address(bind, port, &addr);
	if (!bytes) {
		snprintf(why, len, "'%.60s': not a numeric IPv4 or IPv6 address", bind);
		return NULL;
	}
	struct http_server *server = calloc(1, sizeof *server);
	if (!server) {
		snprintf(why, len, "out of memory");
		return NULL;
	}
	server->site = site;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | (addr.ss_family == AF_INET6 ? MHD_USE_IPv6 : 0);
	server->daemon = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, answer, server,
					  MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
					  MHD_OPTION_THREAD_POOL_SIZE, (unsigned)POOL,
					  MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONNECTIONS,
					  MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)TIMEOUT_S,
					  MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
					  MHD_OPTION_URI_LOG_CALLBACK, request_begin, NULL,
					  MHD_OPTION_NOTIFY_COMPLETED, request_end, NULL, MHD_OPTION_END);
	const union MHD_DaemonInfo *fd = server->daemon ? MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_LISTEN_FD) : NULL;
	socklen_t got = sizeof addr;
	if (!fd || getsockname(fd->listen_fd, (struct sockaddr *)&addr, &got) != 0) {
		snprintf(why, len, "cannot listen on %.60s port %u (in use, or not an address of this machine)", bind, port);
		http_stop(server);
		return NULL;
	}
	server->port = ntohs(addr.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&addr)->sin6_port
							: ((struct sockaddr_in *)&addr)->sin_port);
	return server;
}

unsigned http_port(const struct http_server *server)
{
	return server->port;
}

void http_stop(struct http_server *server)
{
	if (!server)
		return;
	if (server->daemon)
		MHD_stop_daemon(server->daemon);
	free(server);
}

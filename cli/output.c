// SPDX-License-Identifier: MIT
// Shared output helpers (see output.h).
#include "output.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include "interrupt.h"
#include "message.h"
#include "variants.h"

void output_hands(char *buf, size_t len, unsigned players, const unsigned *hands)
{
	unsigned s = 1;
	while (s < players && hands[s] == hands[0])
		s++;
	size_t used = (size_t)snprintf(buf, len, "%u", hands[0]);
	for (unsigned k = 1; s < players && k < players && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, ",%u", hands[k]);
}

void output_csv_field(FILE *f, const char *text)
{
	if (!strpbrk(text, ",\"\n")) {
		fputs(text, f);
		return;
	}
	fputc('"', f);
	for (const char *p = text; *p; p++) {
		if (*p == '"')
			fputc('"', f);
		fputc(*p, f);
	}
	fputc('"', f);
}

void output_json_string(FILE *f, const char *text)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

void output_json_hands(FILE *f, unsigned players, const unsigned *hands)
{
	fputc('[', f);
	for (unsigned k = 0; k < players; k++)
		fprintf(f, "%s%u", k ? "," : "", hands[k]);
	fputc(']', f);
}

void output_json_variants(FILE *f, uint64_t variants)
{
	fputc('[', f);
	int first = 1;
	for (int id = 0; id < VARIANT_COUNT; id++) {
		if (!(variants & (UINT64_C(1) << id)))
			continue;
		fputs(first ? "" : ",", f);
		output_json_string(f, variants_name((enum variant_id)id));
		first = 0;
	}
	fputc(']', f);
}

static const char *progress_cmd;
static struct timespec progress_began;
static int progress_drawn;

static double elapsed(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - progress_began.tv_sec) + (now.tv_nsec - progress_began.tv_nsec) * 1e-9;
}

static void report(void *ctx, const char *stage, uint64_t done, uint64_t total)
{
	(void)ctx;
	if (!isatty(STDERR_FILENO) || elapsed() < 1.0)
		return;
	if (total)
		fprintf(stderr, "\r\033[Kchopsticks %s: %s %llu/%llu (%.0f s)", progress_cmd, stage,
			(unsigned long long)done, (unsigned long long)total, elapsed());
	else
		fprintf(stderr, "\r\033[Kchopsticks %s: %s step %llu (%.0f s)", progress_cmd, stage,
			(unsigned long long)done, elapsed());
	progress_drawn = 1;
}

const struct progress *output_progress(const char *cmd)
{
	static struct progress pr = {report, NULL, NULL};
	pr.stop = interrupt_watch();
	progress_cmd = cmd;
	clock_gettime(CLOCK_MONOTONIC, &progress_began);
	return &pr;
}

void output_progress_done(void)
{
	if (progress_drawn)
		fputs("\r\033[K", stderr);
	progress_drawn = 0;
}

int output_failure(const char *cmd, enum status st, const char *msg)
{
	output_progress_done();
	message_print(cmd, "%s", msg);
	return st == STATUS_BAD_INPUT ? 2 : st == STATUS_INTERRUPTED ? 130 : 1;
}

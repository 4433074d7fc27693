// SPDX-License-Identifier: MIT
// Fuzzes the option parser of programs/args.c (the programs' shared library) as
// `chopsticks count`: the input, split on NUL and newline, is argv[1..].
// Properties: args_parse returns -1 (go on, nothing printed), 0 (--help, --version: text on
// stdout) or 2 (one message line "chopsticks count: ..." and the --help hint on stderr,
// nothing on stdout), never crashes; after -1 the options are in range and the rules they
// describe either build (and walk, when small) or are refused with exit status 2 and one
// message line. The memory limit is capped at 1 MiB so huge instances are refused at once.
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "args.h"
#include "enumerate.h"
#include "fuzz_check.h"
#include "rules.h"

#define INPUT_CAP 4096
#define ARGV_CAP 64
#define MAX_BYTES (UINT64_C(1) << 20)
#define WALK_LIMIT 20000 // walk built rules with at most this many positions

static const char help[] = "usage: chopsticks count [rule options]\n";
static const struct extra_option extra[] = {{"--unreachable", false, NULL, 0}};
static const struct command_args command = {"count", NULL, ARGS_RULES | ARGS_COMPUTE, FORMATS_DATA, extra, 1, NULL, help};

// What args_parse and args_build_rules print goes to these buffers instead of stdout and
// stderr (the C streams only: the file descriptors stay, so sanitizer and libFuzzer reports
// still show). Longer output is cut, which the checks below tolerate.
static char out_text[8192], err_text[8192];
static FILE *real_stdout, *real_stderr;

static void capture(void)
{
	if (!real_stderr) {
		real_stdout = stdout;
		real_stderr = stderr;
		fuzz_log = stderr;
	}
	memset(out_text, 0, sizeof out_text);
	memset(err_text, 0, sizeof err_text);
	FILE *out = fmemopen(out_text, sizeof out_text - 1, "w");
	FILE *err = fmemopen(err_text, sizeof err_text - 1, "w");
	FUZZ_CHECK(out && err, "fmemopen failed");
	stdout = out; // glibc: the standard streams are plain variables
	stderr = err;
}

static void release(void)
{
	fclose(stdout);
	fclose(stderr);
	stdout = real_stdout;
	stderr = real_stderr;
}

static unsigned count_lines(const char *text)
{
	unsigned n = 0;
	for (const char *p = text; (p = strchr(p, '\n')); p++)
		n++;
	return n;
}

// A refusal: nothing on stdout; on stderr "chopsticks count: MESSAGE" on one line, and the
// hint line when hint is set.
static void check_refusal(const char *what, bool hint)
{
	static const char prefix[] = "chopsticks count: ", hint_line[] = "try 'chopsticks count --help'\n";
	fflush(stdout);
	fflush(stderr);
	FUZZ_CHECK(out_text[0] == '\0', "%s: exit 2 with stdout '%.200s'", what, out_text);
	FUZZ_CHECK(strncmp(err_text, prefix, sizeof prefix - 1) == 0, "%s: message '%.200s'", what,
		   err_text);
	if (strlen(err_text) >= sizeof err_text - 2)
		return; // cut
	FUZZ_CHECK(count_lines(err_text) == (hint ? 2u : 1u), "%s: stderr is not one message%s: '%.400s'",
		   what, hint ? " and the hint" : "", err_text);
	if (hint) {
		const char *second = strchr(err_text, '\n') + 1;
		FUZZ_CHECK(strcmp(second, hint_line) == 0, "%s: second line '%.200s'", what, second);
	}
}

static void check_spec(const struct cli_options *opt)
{
	const struct rules_spec *spec = &opt->spec;
	FUZZ_CHECK(spec->players >= 2 && spec->players <= RULES_MAX_PLAYERS, "players %u", spec->players);
	FUZZ_CHECK(spec->rollover >= 2 && spec->rollover <= RULES_MAX_ROLLOVER, "rollover %u",
		   spec->rollover);
	for (unsigned s = 0; s < spec->players; s++)
		FUZZ_CHECK(spec->hands[s] >= 1 && spec->hands[s] <= RULES_MAX_HANDS, "hands[%u] = %u", s,
			   spec->hands[s]);
	FUZZ_CHECK(opt->threads >= 1 && opt->threads <= 1024, "threads %u", opt->threads);
	FUZZ_CHECK(opt->format <= FORMAT_JSON, "format %d", (int)opt->format);
	FUZZ_CHECK(spec->max_bytes > 0, "max_bytes 0");
	FUZZ_CHECK(spec->variants < (UINT64_C(1) << VARIANT_COUNT), "variants %#llx",
		   (unsigned long long)spec->variants);
}

static void check_walk(const struct rules *rules)
{
	struct enumeration e;
	struct error err = {{0}};
	memset(&e, 0, sizeof e);
	enum status st = enumerate_reachable(rules, NULL, &e, &err);
	FUZZ_CHECK(st == STATUS_OK || st == STATUS_BAD_INPUT, "walk status %d: %s", (int)st, err.msg);
	if (st != STATUS_OK)
		return;
	uint64_t sum = 0;
	for (unsigned d = 0; d <= e.max_depth; d++)
		sum += e.layer_count[d];
	FUZZ_CHECK(sum == e.reachable_count && e.reachable_count >= 1 &&
			   e.terminal_count <= e.reachable_count && enumeration_depth(&e, rules->start) == 0,
		   "reachable %llu, layers sum %llu, terminal %llu", (unsigned long long)e.reachable_count,
		   (unsigned long long)sum, (unsigned long long)e.terminal_count);
	enumeration_free(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[INPUT_CAP + 1];
	char *argv[ARGV_CAP + 2];
	int argc = 0;
	capture();
	size_t n = size < INPUT_CAP ? size : INPUT_CAP;
	memcpy(buf, data, n);
	buf[n] = '\0';
	argv[argc++] = "count";
	// Every piece between separators is an argument (empty ones too), except after a
	// separator that ends the input.
	for (size_t i = 0; i < n && argc <= ARGV_CAP;) {
		size_t j = i;
		while (j < n && buf[j] != '\0' && buf[j] != '\n')
			j++;
		buf[j] = '\0';
		argv[argc++] = buf + i;
		i = j + 1;
	}
	argv[argc] = NULL;

	struct cli_options opt;
	int rc = args_parse(argc, argv, &command, &opt);
#ifdef _OPENMP
	omp_set_num_threads(1); // args_parse set --threads (up to 1024); the walk stays serial
#endif
	FUZZ_CHECK(rc == -1 || rc == 0 || rc == 2, "args_parse returned %d", rc);
	fflush(stdout);
	fflush(stderr);
	if (rc == 2)
		check_refusal("args_parse", true);
	else
		FUZZ_CHECK(err_text[0] == '\0', "args_parse returned %d with stderr '%.200s'", rc, err_text);
	if (rc == 0)
		FUZZ_CHECK(out_text[0] != '\0', "--help or --version printed nothing");
	if (rc != -1) {
		release();
		return 0;
	}
	FUZZ_CHECK(out_text[0] == '\0', "args_parse printed '%.200s'", out_text);
	check_spec(&opt);
	if (opt.spec.max_bytes > MAX_BYTES)
		opt.spec.max_bytes = MAX_BYTES;
	struct rules *rules = NULL;
	struct plan plan;
	rc = args_build_rules(&opt, PLAN_WALK, &rules, &plan);
	FUZZ_CHECK(rc == 0 || rc == 2, "args_build_rules returned %d", rc);
	if (rc != 0) {
		FUZZ_CHECK(rules == NULL, "rules left set after exit status %d", rc);
		// The library's message, printed by cli/ without the hint (so far: either is fine).
		check_refusal("args_build_rules", count_lines(err_text) == 2);
		release();
		return 0;
	}
	fflush(stderr);
	FUZZ_CHECK(err_text[0] == '\0', "rules built, yet stderr '%.200s'", err_text);
	release();
	FUZZ_CHECK(rules != NULL && rules->start < rules->size, "start %llu, size %llu",
		   rules ? (unsigned long long)rules->start : 0ULL,
		   rules ? (unsigned long long)rules->size : 0ULL);
	if (rules->size <= WALK_LIMIT)
		check_walk(rules);
	plan_free(&plan);
	rules_free(rules);
	return 0;
}

// SPDX-License-Identifier: MIT
// Fuzzes the option parser of cli/args.c (compiled into this target, since cli/ is an
// executable) as `chopsticks count`: the input, split on NUL and newline, is argv[1..].
// Properties: args_parse returns -1 (go on), 0 (--help, --version) or 2 (error printed),
// never crashes; after -1 the options are in range and the rules they describe either build
// (and walk, when small) or are refused with exit status 2. The memory limit is capped at
// 1 MiB so that huge instances are refused at once instead of built.
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
static const struct extra_option extra[] = {{"--unreachable", false}};

// args_parse writes messages to stdout and stderr: send the C streams to /dev/null once (the
// file descriptors stay, so sanitizer and libFuzzer reports still show).
static void quiet(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	fuzz_log = stderr;
	FILE *null = fopen("/dev/null", "w");
	FUZZ_CHECK(null != NULL, "cannot open /dev/null");
	stdout = null; // glibc: the standard streams are plain variables
	stderr = null;
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
			   e.terminal_count <= e.reachable_count && e.depth[rules->start] == 0,
		   "reachable %llu, layers sum %llu, terminal %llu", (unsigned long long)e.reachable_count,
		   (unsigned long long)sum, (unsigned long long)e.terminal_count);
	enumeration_free(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[INPUT_CAP + 1];
	char *argv[ARGV_CAP + 2];
	int argc = 0;
	quiet();
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
	int rc = args_parse(argc, argv, "count", extra, 1, NULL, help, &opt);
#ifdef _OPENMP
	omp_set_num_threads(1); // args_parse set --threads (up to 1024); the walk stays serial
#endif
	FUZZ_CHECK(rc == -1 || rc == 0 || rc == 2, "args_parse returned %d", rc);
	if (rc != -1)
		return 0;
	check_spec(&opt);
	if (opt.spec.max_bytes > MAX_BYTES)
		opt.spec.max_bytes = MAX_BYTES;
	struct rules *rules = NULL;
	rc = args_build_rules(&opt, 1, &rules);
	FUZZ_CHECK(rc == 0 || rc == 2, "args_build_rules returned %d", rc);
	if (rc != 0) {
		FUZZ_CHECK(rules == NULL, "rules left set after exit status %d", rc);
		return 0;
	}
	FUZZ_CHECK(rules != NULL && rules->start < rules->size, "start %llu, size %llu",
		   rules ? (unsigned long long)rules->start : 0ULL,
		   rules ? (unsigned long long)rules->size : 0ULL);
	if (rules->size <= WALK_LIMIT)
		check_walk(rules);
	rules_free(rules);
	return 0;
}

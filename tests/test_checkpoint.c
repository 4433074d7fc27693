// SPDX-License-Identifier: MIT
// Checkpoints (solver/checkpoint.h): sections read back as written; another game, another
// format version, a file cut short, a flipped byte in the header or in a section and a
// directory that is a file are refused; and a solve stopped at a level boundary (dense,
// generic, coalition on the many-player and the generic engine) or just after its walk
// resumes from its state to exactly the solution of a solve that ran through.
#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "checkpoint.h"
#include "coalition.h"
#include "describe.h"
#include "plan.h"
#include "retrograde.h"
#include "walk_state.h"

#define NEVER 604800 // an interval no test reaches: only a stop saves

static const char game_a[] = "players=2 hands=2 rollover=5 lives=1";
static const char game_b[] = "players=2 hands=3 rollover=5 lives=1";

// A fresh directory name (not created) under /tmp, removed with its files by dir_remove.
static void dir_name(char *dir, size_t len)
{
	static int n;
	snprintf(dir, len, "/tmp/chopsticks-checkpoint-%d-%d", (int)getpid(), n++);
}

static void dir_remove(const char *dir)
{
	char path[256];
	const char *files[] = {"state", "state.tmp", "walk"};
	for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
		snprintf(path, sizeof path, "%s/%s", dir, files[k]);
		unlink(path);
	}
	rmdir(dir);
}

static void open_ok(struct checkpoint *c, const char *dir, const char *settings, unsigned every)
{
	struct error err = {{0}};
	cr_assert_eq(checkpoint_open(c, dir, "state", settings, every, &err), STATUS_OK, "%s", err.msg);
}

// Saves two sections, "a" (100 bytes 0, 1, 2, ...) and "b" (3 bytes), as stage "test" level 7.
static void save_sample(const char *dir)
{
	struct checkpoint c;
	struct error err = {{0}};
	uint8_t a[100], b[3] = {9, 8, 7};
	for (int k = 0; k < 100; k++)
		a[k] = (uint8_t)k;
	struct checkpoint_section s[] = {{"a", a, sizeof a}, {"b", b, sizeof b}};
	open_ok(&c, dir, game_a, 0);
	cr_assert_eq(checkpoint_save(&c, "test", 7, s, 2, &err), STATUS_OK, "%s", err.msg);
}

// Overwrites byte at of dir/state with value.
static void patch(const char *dir, long at, uint8_t value)
{
	char path[256];
	snprintf(path, sizeof path, "%s/state", dir);
	int fd = open(path, O_WRONLY);
	cr_assert(fd >= 0);
	cr_assert_eq(pwrite(fd, &value, 1, at), 1);
	close(fd);
}

static void expect_refused(const char *dir, const char *settings, const char *why)
{
	struct checkpoint c;
	struct error err = {{0}};
	cr_assert_eq(checkpoint_open(&c, dir, "state", settings, 0, &err), STATUS_BAD_INPUT, "wanted a refusal: %s", why);
	cr_assert(strstr(err.msg, why), "'%s' does not say '%s'", err.msg, why);
}

Test(checkpoint, sections_read_back)
{
	char dir[128], tmp[160];
	struct checkpoint c;
	struct error err = {{0}};
	uint8_t a[100] = {0}, b[3] = {0};
	dir_name(dir, sizeof dir);
	save_sample(dir);
	snprintf(tmp, sizeof tmp, "%s/state.tmp", dir);
	cr_assert_neq(access(tmp, F_OK), 0, "the .tmp file is renamed away");
	open_ok(&c, dir, game_a, 0);
	cr_assert(checkpoint_holds(&c, "test"));
	cr_assert_eq(c.level, 7);
	cr_assert_eq(checkpoint_bytes(&c, "a"), 100);
	cr_assert_eq(checkpoint_bytes(&c, "c"), UINT64_MAX);
	struct checkpoint_section s[] = {{"b", b, sizeof b}, {"a", a, sizeof a}};
	cr_assert_eq(checkpoint_load(&c, s, 2, &err), STATUS_OK, "%s", err.msg);
	cr_assert(b[0] == 9 && b[1] == 8 && b[2] == 7);
	for (int k = 0; k < 100; k++)
		cr_assert_eq(a[k], k);
	struct checkpoint_section wrong = {"a", a, 99};
	cr_assert_eq(checkpoint_load(&c, &wrong, 1, &err), STATUS_BAD_INPUT);
	cr_assert_eq(checkpoint_remove(&c, &err), STATUS_OK, "%s", err.msg);
	open_ok(&c, dir, game_a, 0);
	cr_assert_not(checkpoint_holds(&c, "test"), "removed");
	dir_remove(dir);
}

Test(checkpoint, refuses_what_it_cannot_resume)
{
	char dir[128], path[160];
	dir_name(dir, sizeof dir);
	save_sample(dir);
	expect_refused(dir, game_b, "another game: it has hands=2, these options give hands=3");
	patch(dir, 8, 2);
	expect_refused(dir, game_a, "format version 2");
	patch(dir, 8, 1);
	patch(dir, 64, 'P' ^ 1); // the settings text
	expect_refused(dir, game_a, "checksum mismatch in its header");
	patch(dir, 64, 'p');
	open_ok(&(struct checkpoint){0}, dir, game_a, 0);
	snprintf(path, sizeof path, "%s/state", dir);
	struct stat sb;
	cr_assert_eq(stat(path, &sb), 0);
	patch(dir, (long)sb.st_size - 1, 0); // the last byte of section "b"
	struct checkpoint c;
	struct error err = {{0}};
	uint8_t b[3];
	open_ok(&c, dir, game_a, 0);
	struct checkpoint_section s = {"b", b, sizeof b};
	cr_assert_eq(checkpoint_load(&c, &s, 1, &err), STATUS_BAD_INPUT);
	cr_assert(strstr(err.msg, "checksum mismatch in its section 'b'"), "%s", err.msg);
	cr_assert_eq(truncate(path, sb.st_size - 1), 0);
	expect_refused(dir, game_a, "truncated");
	cr_assert_eq(truncate(path, 10), 0);
	expect_refused(dir, game_a, "not a checkpoint");
	dir_remove(dir);
	// A directory that is a regular file.
	int fd = open(dir, O_WRONLY | O_CREAT, 0600);
	cr_assert(fd >= 0);
	close(fd);
	expect_refused(dir, game_a, "not a directory");
	unlink(dir);
}

// Stops the solve when the phase reaches the level; with copy_walk, first keeps the state
// the file holds then (the walk's, when every level saves) as dir/walk.
struct stopper {
	volatile sig_atomic_t stop;
	char phase[16];
	unsigned level;
	char dir[128];
	bool copy_walk;
};

static void copy_file(const char *from, const char *to)
{
	static uint8_t buf[1 << 16];
	int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	cr_assert(in >= 0 && out >= 0);
	for (ssize_t n; (n = read(in, buf, sizeof buf)) > 0;)
		cr_assert_eq(write(out, buf, (size_t)n), n);
	close(in);
	close(out);
}

static void stop_at(void *ctx, const struct progress_step *step)
{
	struct stopper *s = ctx;
	char from[160], to[160];
	if (step->note || strcmp(step->phase, s->phase) || step->level != s->level || s->stop)
		return;
	if (s->copy_walk) {
		snprintf(from, sizeof from, "%s/state", s->dir);
		snprintf(to, sizeof to, "%s/walk", s->dir);
		copy_file(from, to);
	}
	s->stop = 1;
}

// The engine a case runs on: the plan's, or the generic one whatever the plan would choose.
enum engine { PLANNED, GENERIC };

// Solves rules on engine with the checkpoint ck (NULL: none), two players into sol, more into
// coal; returns the status.
static enum status solve(const struct rules *rules, enum engine engine, const struct progress *pr,
			 struct checkpoint *ck, struct solution *sol, struct coalition *coal)
{
	struct plan plan;
	struct enumeration e = {0};
	struct error err = {{0}};
	cr_assert_eq(plan_build(rules, &plan, &err), STATUS_OK, "%s", err.msg);
	if (engine == GENERIC)
		plan_use_generic(&plan);
	enum status st;
	if (rules->players == 2)
		st = retrograde_solve_plan(&plan, NULL, pr, ck, sol, &err);
	else if (plan.many) // its own walk is its first state
		st = coalition_solve_plan(&plan, NULL, pr, ck, coal, &err);
	else if ((st = walk_state_enumerate(&plan, pr, ck, &e, &err)) == STATUS_OK)
		st = coalition_solve_plan(&plan, &e, pr, ck, coal, &err);
	cr_assert(st == STATUS_OK || st == STATUS_INTERRUPTED, "%s", err.msg);
	enumeration_free(&e);
	plan_free(&plan);
	return st;
}

static void expect_same(const struct rules *rules, struct solution *a, struct coalition *ca,
			struct solution *b, struct coalition *cb, const char *what)
{
	if (rules->players != 2) {
		cr_assert_eq(ca->sol.size, cb->sol.size, "%s", what);
		cr_assert_arr_eq(ca->sol.values, cb->sol.values, (ca->sol.size + 3) / 4, "%s", what);
		cr_assert_arr_eq(ca->sol.remoteness, cb->sol.remoteness, ca->sol.size, "%s", what);
		cr_assert_eq(ca->sol.overflow_count, cb->sol.overflow_count, "%s", what);
		cr_assert_eq(ca->reachable_count, cb->reachable_count, "%s", what);
		cr_assert_arr_eq(ca->forced_count, cb->forced_count, sizeof ca->forced_count, "%s", what);
		cr_assert_arr_eq(ca->stopped_count, cb->stopped_count, sizeof ca->stopped_count, "%s", what);
		cr_assert_arr_eq(ca->drawn_count, cb->drawn_count, sizeof ca->drawn_count, "%s", what);
		coalition_free(cb);
		return;
	}
	cr_assert_arr_eq(a->values, b->values, (a->size + 3) / 4, "%s", what);
	cr_assert_arr_eq(a->remoteness, b->remoteness, a->size, "%s", what);
	cr_assert_eq(a->overflow_count, b->overflow_count, "%s", what);
	cr_assert_arr_eq(a->count, b->count, sizeof a->count, "%s", what);
	cr_assert_eq(a->max_remoteness, b->max_remoteness, "%s", what);
	solution_free(b);
}

// What a case is checked against: the solution of a solve that ran through.
struct reference {
	struct solution sol;
	struct coalition coal;
};

// Stops a solve of rules on engine at level of phase (every: the interval), then resumes it
// from the state it kept (or, with walk_only, from the state it kept after its walk).
static void stop_and_resume(const struct rules *rules, enum engine engine, const char *phase, unsigned level,
			    unsigned every, bool walk_only, struct reference *want)
{
	char settings[DESCRIBE_MAX], what[DESCRIBE_MAX + 64], from[300], to[300];
	struct stopper s = {.level = level, .copy_walk = walk_only};
	struct progress pr = {stop_at, &s, &s.stop};
	struct checkpoint ck;
	struct solution got;
	struct coalition got_c;
	describe_settings(rules, settings, sizeof settings);
	snprintf(s.phase, sizeof s.phase, "%s", phase);
	dir_name(s.dir, sizeof s.dir);
	snprintf(what, sizeof what, "%s%s stopped at %s level %u%s", settings, engine == GENERIC ? " (generic)" : "",
		 phase, level, walk_only ? ", the walk kept" : "");
	open_ok(&ck, s.dir, settings, every);
	cr_assert_eq(solve(rules, engine, &pr, &ck, &got, &got_c), STATUS_INTERRUPTED, "%s", what);
	if (walk_only) {
		snprintf(from, sizeof from, "%s/walk", s.dir);
		snprintf(to, sizeof to, "%s/state", s.dir);
		cr_assert_eq(rename(from, to), 0);
	}
	open_ok(&ck, s.dir, settings, NEVER);
	cr_assert(walk_only ? checkpoint_holds(&ck, CHECKPOINT_STAGE_WALK) : ck.level == level, "%s: holds %s %u", what,
		  ck.stage, ck.level);
	cr_assert_eq(solve(rules, engine, NULL, &ck, &got, &got_c), STATUS_OK, "%s", what);
	expect_same(rules, &want->sol, &want->coal, &got, &got_c, what);
	dir_remove(s.dir);
}

// The reference of a case: for two players the same engine run through, for more the
// generic coalition solve (coalition_solve_generic), which shares no code with the
// many-player engine's solve or its checkpoints.
static void reference(const struct rules *rules, enum engine engine, struct reference *want)
{
	struct error err = {{0}};
	if (rules->players == 2)
		cr_assert_eq(solve(rules, engine, NULL, NULL, &want->sol, NULL), STATUS_OK);
	else
		cr_assert_eq(coalition_solve_generic(rules, NULL, NULL, &want->coal, &err), STATUS_OK, "%s", err.msg);
}

// A case: the instance, the engine it runs on, and whether the plan gives it the
// many-player engine (so that a change of the plan cannot turn the case into another).
struct resume_case {
	struct instance in;
	enum engine engine;
	bool many;
};

Test(checkpoint, solves_resume_to_the_same_solution)
{
	// Dense (two players, equal hands and uneven, 17 hands), generic (uneven hands, one hand
	// at rollover 150: 298 moves; the plan's engine dropped), the coalition solve on the many-player engine (three and four players) and on
	// the generic one.
	struct resume_case cases[] = {
		{{2, {2, 2}, 5, "cutoff,suicide"}, PLANNED, false}, {{2, {3, 2}, 5, ""}, PLANNED, false},
		{{2, {3, 2}, 5, ""}, GENERIC, false},              {{3, {2, 2, 2}, 4, ""}, PLANNED, true},
		{{4, {1, 1, 1, 1}, 5, ""}, PLANNED, true},         {{3, {2, 2, 2}, 4, ""}, GENERIC, true},
		// past 16 hands; and a generic walk past 254 moves, its distances kept in 4 bytes
		{{2, {17, 17}, 3, ""}, PLANNED, false},            {{2, {1, 1}, 150, ""}, GENERIC, false},
	};
	unsigned levels[] = {0, 1, 6, 11}; // every case runs levels 0 to 12 at least
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct resume_case *c = &cases[i];
		struct rules *rules = instance_rules(&c->in);
		const char *phase = rules->players == 2 ? "solve" : "coalition";
		struct reference want;
		struct plan plan;
		struct error err = {{0}};
		cr_assert_eq(plan_build(rules, &plan, &err), STATUS_OK, "%s", err.msg);
		cr_assert_eq(plan.many != NULL, c->many, "case %zu: the plan's engine", i);
		plan_free(&plan);
		reference(rules, c->engine, &want);
		for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++)
			stop_and_resume(rules, c->engine, phase, levels[k], NEVER, false, &want);
		stop_and_resume(rules, c->engine, phase, 3, 0, false, &want);
		stop_and_resume(rules, c->engine, phase, 0, 0, true, &want);
		if (rules->players == 2)
			solution_free(&want.sol);
		else
			coalition_free(&want.coal);
		rules_free(rules);
	}
}

// A dense solve past remoteness 254 (2 hands, rollover 40, cutoff: 317 moves), where the
// remoteness past 254 goes to a wide array from level 254 on (dense_level.h): stopped at
// that level (the array still empty), within its levels and past most of them, it resumes to
// the solution of a run never stopped.
Test(checkpoint, a_dense_solve_past_254_resumes, .timeout = 300)
{
	static const struct instance in = {2, {2, 2}, 40, "cutoff"};
	struct rules *rules = instance_rules(&in);
	struct reference want;
	reference(rules, PLANNED, &want);
	cr_assert_gt(want.sol.max_remoteness, 300);
	unsigned levels[] = {253, 254, 255, 280, 310};
	for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++)
		stop_and_resume(rules, PLANNED, "solve", levels[k], NEVER, false, &want);
	solution_free(&want.sol);
	rules_free(rules);
}

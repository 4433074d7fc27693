// SPDX-License-Identifier: MIT
// `chopsticks show CODE`: the moves from one position, the positions they lead to and what
// each means for the mover under perfect play, best move first (any number of players).
#include <errno.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "describe.h"
#include "game_text.h"
#include "movegen.h"
#include "numparse.h"
#include "output.h"
#include "position.h"
#include "ranked_moves.h"
#include "record.h"
#include "solution_file.h"
#include "solved.h"

static const char help[] =
	"usage: chopsticks show CODE [rule options] [--format text|csv|json]\n"
	"       chopsticks show --table FILE - [rule options]\n"
	"Lists every move from position CODE: the move ('a->b': the mover's hand a taps a hand b,\n"
	"with '@k' the hand of the player k seats on when there are three or more players;\n"
	"'13->22': the mover's own hands change; 'pass'), the resulting position, and its value\n"
	"for the mover if everyone then plays perfectly: win in N, loss in N (remoteness N: moves\n"
	"to the end, this move included) or draw. Best move first: fastest win, then draws, then\n"
	"slowest loss. The game is solved from CODE, so any position works.\n"
	"Three or more players: a value is a duel, one seat against all the others together\n"
	"(as in 'solve'): win when that seat can force a win, loss when the others can stop it,\n"
	"draw when neither can. Seats are counted from the player to move at CODE (seat 1); each\n"
	"move shows every seat's duel after it, and its value is seat 1's (the mover's).\n"
	"CSV columns: move,result,value,remoteness (then value_K,remoteness_K for every seat K\n"
	"with three or more players),game. JSON: {position,value,remoteness,moves:[{move,result,\n"
	"value,remoteness}],rules}; with three or more players value and remoteness are replaced\n"
	"by seats:[{seat,value,remoteness}], at the top (with to_move, 1) and in every move.\n"
	"  --table FILE       answer from a table saved by 'solve --save FILE', or a CSV export\n"
	"                     ('solve --export FILE.csv', two players), instead of solving; the\n"
	"                     file must be of exactly these rules, complete and intact (checksum),\n"
	"                     and CODE reachable from its start; a format 2 table is read\n"
	"                     only in the blocks the answer needs, each checked as read; with\n"
	"                     three or more players it holds every seat's duel\n"
	"CODE '-' (with --table): codes from standard input, one a line (CR LF or LF); for each,\n"
	"one JSON line, the object of --format json, or {input,error} for a line that is no\n"
	"reachable position (or whose block is damaged); the rest go on. Lines are answered in\n"
	"batches of what is already waiting, so a pipe of many codes is read block by block;\n"
	"the blocks a stream decodes are kept up to 1 GiB or half of --max-memory, if less.\n"
	"A batch whose blocks are all kept is answered on the --threads, a few lines at a time,\n"
	"and written in order (the same bytes for any thread count).\n"
	"The game named is the rules with their own start (CODE is where the moves are listed).\n"
	GAME_TEXT_HELP;

enum { OPT_TABLE };
static const struct extra_option extra[] = {{"--table", true, NULL, 0}};
// CODE is the start of the solve, so --start has no use here.
static const struct command_args command = {"show", NULL, (ARGS_RULES & ~(unsigned)ARGS_START) | ARGS_COMPUTE,
					    FORMATS_DATA, extra, 1, "CODE", help};
const struct command_args *cmd_show_args(void) { return &command; }

// The duel of seat k (0-based, counted from the mover at the position shown) at idx, which
// is the position shown (after 0 moves) or one of its children (after 1); the remoteness
// counts from the position shown.
static enum value seat_duel(const struct coalition *c, uint64_t idx, unsigned k, unsigned after, unsigned *rem)
{
	unsigned slot = (k + c->players - after) % c->players;
	enum value v = coalition_value(c, idx, slot);
	*rem = v == VALUE_DRAW ? 0 : coalition_remoteness(c, idx, slot) + after;
	return v;
}

// One value: JSON and CSV the fields value and remoteness (each name followed by suffix),
// text "win in 3".
static void value_fields(struct record *r, const char *suffix, enum value v, unsigned rem)
{
	char value[32] = "value", remoteness[32] = "remoteness";
	if (r->format == FORMAT_TEXT) {
		printf(v == VALUE_DRAW ? "%s" : "%s in %u", cell_value_name(v), rem);
		return;
	}
	if (*suffix)
		snprintf(value, sizeof value, "value%s", suffix), snprintf(remoteness, sizeof remoteness, "remoteness%s", suffix);
	record_str(r, value, cell_value_name(v));
	record_opt_uint(r, remoteness, v != VALUE_DRAW, rem);
}

// Every seat's duel at idx (after 0 or 1 moves): JSON "seats":[{seat,value,remoteness}],
// CSV value_K and remoteness_K for each seat K, text a list.
static void seats_fields(struct record *r, const struct coalition *c, uint64_t idx, unsigned after)
{
	if (r->format == FORMAT_JSON) {
		if (!after)
			record_uint(r, "to_move", 1);
		record_array(r, "seats");
	}
	for (unsigned k = 0; k < c->players; k++) {
		unsigned rem;
		enum value v = seat_duel(c, idx, k, after, &rem);
		char suffix[16];
		snprintf(suffix, sizeof suffix, "_%u", k + 1);
		if (r->format == FORMAT_JSON) {
			record_object(r, NULL);
			record_uint(r, "seat", k + 1);
		} else if (r->format == FORMAT_TEXT) {
			printf("%sseat %u ", k ? ", " : "", k + 1);
		}
		value_fields(r, r->format == FORMAT_CSV ? suffix : "", v, rem);
		if (r->format == FORMAT_JSON)
			record_close(r);
	}
	if (r->format == FORMAT_JSON)
		record_close(r);
}

// A move's fields in JSON and CSV (CSV adds the game).
static void move_fields(struct record *r, const struct solved *s, const struct ranked_move *m)
{
	record_str(r, "move", m->text);
	record_str(r, "result", m->code);
	value_fields(r, "", m->value, m->remoteness);
	if (s->rules->players != 2)
		seats_fields(r, &s->coalition, m->child, 1);
}

// One CSV row of move m, or (names) the header, whose values are not read.
static void csv_row(const struct solved *s, const struct description *game, const struct ranked_move *m,
		    bool names)
{
	struct record r;
	record_begin(&r, stdout, FORMAT_CSV);
	record_names(&r, names);
	move_fields(&r, s, m);
	game_record_of(&r, game);
	record_end(&r);
}

// JSON text made once for a stream's line (show_one), each NULL when it is not: the moves,
// and the rules (the same on every line).
struct json_parts {
	const char *moves, *rules;
};

// Starts the output on r: JSON the position and its value and opens "moves" (on out), or
// writes them whole when moves_json (their JSON text) is not NULL; CSV the header, text the
// game and the position (on stdout).
static void print_head(struct record *r, FILE *out, const struct cli_options *opt, const struct solved *s,
		       const struct description *game, uint64_t at, const char *code, const char *moves_json)
{
	bool two = s->rules->players == 2;
	enum value v = two ? solution_value(&s->solution, at) : VALUE_DRAW;
	unsigned rem = two ? solution_remoteness(&s->solution, at) : 0;
	record_begin(r, out, opt->format);
	if (opt->format == FORMAT_JSON) {
		record_str(r, "position", code);
		if (two)
			value_fields(r, "", v, rem);
		else
			seats_fields(r, &s->coalition, at, 0);
		if (moves_json)
			record_json(r, "moves", moves_json);
		else
			record_array(r, "moves");
	} else if (opt->format == FORMAT_CSV) {
		csv_row(s, game, &(struct ranked_move){.child = at}, true);
	} else {
		game_text_header_of(stdout, game);
		printf("position %s: ", code);
		if (two) {
			value_fields(r, "", v, rem);
			printf(" for the player to move\n");
		} else {
			printf("seat 1 to move (seats counted from the player to move), each seat against all\nthe others: ");
			seats_fields(r, &s->coalition, at, 0);
			putchar('\n');
		}
	}
}

static void print_move(struct record *r, const struct solved *s, const struct description *game,
		       const struct ranked_move *m)
{
	if (r->format == FORMAT_JSON) {
		record_object(r, NULL);
		move_fields(r, s, m);
		record_close(r);
	} else if (r->format == FORMAT_CSV) {
		csv_row(s, game, m, false);
	} else {
		printf("  %-10s -> %-12s ", m->text, m->code);
		if (s->rules->players == 2)
			value_fields(r, "", m->value, m->remoteness);
		else
			seats_fields(r, &s->coalition, m->child, 1);
		putchar('\n');
	}
}

// Ends the output: JSON closes "moves" (unless they were written whole) and adds the rules.
static void print_tail(struct record *r, const struct description *game, const struct json_parts *parts)
{
	if (r->format != FORMAT_JSON)
		return;
	if (!parts->moves)
		record_close(r);
	if (parts->rules)
		record_json(r, "rules", parts->rules);
	else
		game_record_of(r, game);
	record_end(r);
}

// The whole output for position at (code its code): JSON on out, the others on stdout;
// what parts holds is written whole.
static void show_one(FILE *f, const struct cli_options *opt, const struct solved *s, const struct description *game,
		     uint64_t at, const char *code, const struct ranked_move *moves, size_t n,
		     const struct json_parts *parts)
{
	struct record out;
	print_head(&out, f, opt, s, game, at, code, parts->moves);
	for (size_t i = 0; i < n && !parts->moves; i++)
		print_move(&out, s, game, &moves[i]);
	print_tail(&out, game, parts);
}

// ---- the moves of two players as JSON text at once: a stream writes 500 moves a line -----
// The text is what print_move writes through record.h (tests compare the two).

// Bytes of a move's JSON beside its text and code: the keys, quotes and value, a remoteness
// of 10 digits, braces and a comma.
#define MOVE_JSON_FIXED 72

static size_t moves_json_bytes(const struct rules *rules)
{
	return rules->max_moves * (MOVE_JSON_FIXED + MOVEGEN_TEXT_MAX + POSITION_CODE_MAX) + 3 + RANKED_MOVES_SLACK;
}

// A move's string s[0 .. n) at p, RANKED_MOVES_SLACK bytes at a time (a call of memcpy for
// each was a twentieth of a stream): both have that many bytes to spare after them.
static char *put_string(char *p, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i += RANKED_MOVES_SLACK)
		memcpy(p + i, s + i, RANKED_MOVES_SLACK);
	return p + n;
}

static char *put_text(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}

#define PUT(p, literal) put_text(p, literal, sizeof literal - 1)

// The JSON array of moves[0 .. n) (two players) into out (moves_json_bytes of room). Codes
// and moves are digits, letters and ".:/@->" (position.h, movegen.h): JSON strings as they are.
static const char *moves_json(const struct ranked_move *moves, size_t n, char *out)
{
	char *p = out;
	*p++ = '[';
	for (size_t i = 0; i < n; i++) {
		const struct ranked_move *m = &moves[i];
		if (i)
			*p++ = ',';
		p = put_string(PUT(p, "{\"move\":\""), m->text, m->text_len);
		p = put_string(PUT(p, "\",\"result\":\""), m->code, m->code_len);
		p = PUT(p, "\",\"value\":\"");
		p = m->value == VALUE_WIN ? PUT(p, "win") : m->value == VALUE_LOSS ? PUT(p, "loss") : PUT(p, "draw");
		p = PUT(p, "\",\"remoteness\":");
		p = m->value == VALUE_DRAW ? PUT(p, "null") : p + numparse_put_u64(p, m->remoteness);
		*p++ = '}';
	}
	*p++ = ']', *p = '\0';
	return out;
}

// The moves from at, best first (ranked_moves.h).
static size_t rank(const struct solved *s, uint64_t at, struct ranked_move *moves)
{
	return s->rules->players == 2 ? ranked_moves(s->rules, &s->solution, at, moves)
				      : ranked_moves_coalition(s->rules, &s->coalition, at, moves);
}

// ---- `show --table FILE -`: codes from standard input, one JSON line each -----------------

#define LINE_MAX_CHARS 1000
#define BATCH_LINES 8192
#define BATCH_NEED (1 << 20) // positions looked up per batch (the lines' and their moves')
#define CHUNK_LINES 4 // lines a thread answers before it copies them out (their lengths vary)

// Standard input in lines, taken in batches: as many as are already there (up to
// BATCH_LINES), waiting only when none is, so a batch of a pipe full of codes is answered
// block by block and a code typed alone is answered at once.
struct lines {
	char buf[1 << 16];
	size_t len, at;  // bytes held, bytes taken
	bool eof, long_line;
};

// Reads more into l; block: wait for it. False at the end or when nothing is there.
static bool fill(struct lines *l, bool block)
{
	struct pollfd pfd = {.fd = 0, .events = POLLIN};
	if (l->eof || (!block && poll(&pfd, 1, 0) <= 0))
		return false;
	memmove(l->buf, l->buf + l->at, l->len - l->at);
	l->len -= l->at;
	l->at = 0;
	ssize_t got;
	do
		got = read(0, l->buf + l->len, sizeof l->buf - l->len);
	while (got < 0 && errno == EINTR);
	l->eof = got <= 0;
	l->len += got > 0 ? (size_t)got : 0;
	return got > 0;
}

// The next line into line (without its CR LF or LF); NULL when none is complete and no more
// can be read without waiting (block: waiting). A line past LINE_MAX_CHARS comes back as "" with
// l->long_line set.
static const char *next_line(struct lines *l, char *line, bool block)
{
	for (;;) {
		char *nl = memchr(l->buf + l->at, '\n', l->len - l->at);
		size_t n = nl ? (size_t)(nl - (l->buf + l->at)) : l->len - l->at;
		if (nl || (l->eof && n) || n > LINE_MAX_CHARS) {
			l->long_line = n > LINE_MAX_CHARS;
			if (l->long_line) { // skip to its end
				l->at = nl ? l->at + n + 1 : l->len;
				while (!nl && fill(l, true) && !(nl = memchr(l->buf, '\n', l->len)))
					l->at = l->len;
				l->at = nl ? (size_t)(nl - l->buf) + 1 : l->len;
				return line[0] = '\0', line;
			}
			memcpy(line, l->buf + l->at, n);
			line[n - (n && line[n - 1] == '\r')] = '\0';
			l->at += n + (nl != NULL);
			return line;
		}
		if (!fill(l, block))
			return NULL;
	}
}

// One error object on out: the line read and what is wrong with it.
static void error_line(FILE *out, const char *input, const char *why)
{
	struct record r;
	record_begin(&r, out, FORMAT_JSON);
	record_str(&r, "input", input);
	record_str(&r, "error", why);
	record_end(&r);
}

// Slots of the saved states of a position: one with two players, one per seat with more.
static unsigned slots(const struct solved *s)
{
	return s->rules->players == 2 ? 1 : s->rules->players;
}

// The states the answer for idx reads: idx and its children, in every slot (state t * stride
// + index with three or more players); returns how many it wrote to out (room for
// slots(s) * (max_moves + 1)).
static size_t need_states(const struct solved *s, uint64_t idx, uint64_t *out)
{
	size_t n = 1 + movegen_children(s->rules, idx, out + 1);
	out[0] = idx;
	for (unsigned t = 1; t < slots(s); t++)
		for (size_t k = 0; k < n; k++)
			out[t * n + k] = t * s->coalition.stride + out[k];
	return n * slots(s);
}

struct batch {
	char (*code)[LINE_MAX_CHARS + 1];
	uint64_t *idx, *need;
	size_t *count, *start;  // per line: the positions it needs, and where in need they begin
	bool *parsed, *long_line;
	size_t n, needed, room; // lines; positions in need, and its room
	char *rules_json;       // the rules' JSON, the same on every line
};

// Reads a batch of lines into b and parses them, on the threads in force; the positions and
// their children into need (each line's at i * stride, then moved together).
static bool read_batch(struct lines *l, const struct solved *s, struct batch *b)
{
	size_t stride = slots(s) * (s->rules->max_moves + 1);
	b->n = b->needed = 0;
	while (b->n < BATCH_LINES && (b->n + 1) * stride <= b->room && next_line(l, b->code[b->n], b->n == 0))
		b->long_line[b->n] = l->long_line, b->n++;
#pragma omp parallel for schedule(dynamic, CHUNK_LINES) if (b->n > CHUNK_LINES)
	for (size_t i = 0; i < b->n; i++) {
		b->parsed[i] = !b->long_line[i] && position_parse(s->rules, b->code[i], &b->idx[i], NULL) == STATUS_OK;
		b->count[i] = b->parsed[i] ? need_states(s, b->idx[i], b->need + i * stride) : 0;
	}
	for (size_t i = 0; i < b->n; i++) {
		memmove(b->need + b->needed, b->need + i * stride, b->count[i] * sizeof *b->need);
		b->start[i] = b->needed;
		b->needed += b->count[i];
	}
	return b->n > 0;
}

// The moves from the position of line i of b, best first, from the children listed in need.
static size_t rank_line(const struct solved *s, const struct batch *b, size_t i, struct ranked_move *moves)
{
	if (s->rules->players != 2)
		return rank(s, b->idx[i], moves);
	return ranked_moves_of(s->rules, &s->solution, b->idx[i], b->need + b->start[i] + 1, b->count[i] - 1, moves);
}

// The answer to line i of b on out: its JSON object, or an error object; moves and json: the
// room for its moves (ranked_moves_bytes, moves_json_bytes); *seen: the damaged blocks
// already reported.
static void answer_line(FILE *out, const struct cli_options *opt, const struct solved *s,
			const struct description *game, const struct batch *b, size_t i, struct ranked_move *moves,
			char *json, uint64_t *seen)
{
	struct error err;
	char code[POSITION_CODE_MAX];
	if (!b->parsed[i]) {
		if (b->long_line[i])
			error_line(out, "", "line longer than 1000 characters");
		else
			error_line(out, b->code[i], position_parse(s->rules, b->code[i], &(uint64_t){0}, &err) ? err.msg : "");
		return;
	}
	bool reachable = solved_reachable(s, b->idx[i]);
	size_t n = reachable ? rank_line(s, b, i, moves) : 0;
	if (s->table.blocks && table_blocks_damage(s->table.blocks, seen, &err))
		error_line(out, b->code[i], err.msg);
	else if (!reachable)
		error_line(out, b->code[i], "not reachable from the start");
	else
		position_format(s->rules, b->idx[i], code),
			show_one(out, opt, s, game, b->idx[i], code, moves, n,
				 &(struct json_parts){s->rules->players == 2 ? moves_json(moves, n, json) : NULL,
						      b->rules_json});
}

// What a thread answers lines with: its memory stream (text, len) and room for the moves.
struct worker {
	FILE *mem;
	char *text;
	size_t len;
	struct ranked_move *moves;
	char *json;
};

static unsigned worker_count(void)
{
#ifdef _OPENMP
	return (unsigned)omp_get_max_threads();
#else
	return 1;
#endif
}

static unsigned worker_num(void)
{
#ifdef _OPENMP
	return (unsigned)omp_get_thread_num();
#else
	return 0;
#endif
}

static void workers_free(struct worker *w)
{
	for (unsigned t = 0; w && t < worker_count(); t++) {
		if (w[t].mem)
			fclose(w[t].mem);
		free(w[t].text), free(w[t].moves), free(w[t].json);
	}
	free(w);
}

// A worker for each thread in force, kept for the whole stream (made per batch, their
// memory went back to the system and was faulted in again); NULL when out of memory.
static struct worker *workers_new(const struct solved *s)
{
	struct worker *w = calloc(worker_count(), sizeof *w);
	for (unsigned t = 0; w && t < worker_count(); t++) {
		w[t].mem = open_memstream(&w[t].text, &w[t].len);
		w[t].moves = malloc(ranked_moves_bytes(s->rules));
		w[t].json = malloc(moves_json_bytes(s->rules));
		if (!w[t].mem || !w[t].moves || !w[t].json)
			return workers_free(w), NULL;
	}
	return w;
}

// Damaged blocks or overflow chunks read so far (0 without a format 2 table).
static uint64_t faults(const struct solved *s)
{
	return s->table.blocks ? table_blocks_faults(s->table.blocks) : 0;
}

// The lines of b answered on the threads in force (the table's blocks for them all kept:
// lookups do not lock), a chunk of lines at a time into the thread's memory stream, copied
// to stdout in order. A frozen cache reads no damaged block, but a lookup may still read a
// damaged chunk of the overflow list: from the first chunk whose turn to be written comes
// after a fault (its lines, and any run beside it, may carry another line's error), nothing
// more is written, and *done says how many lines were. False when a memory stream could not
// grow (out of memory).
static bool answer_parallel(const struct cli_options *opt, const struct solved *s, const struct description *game,
			    const struct batch *b, struct worker *workers, size_t *done)
{
	bool stop = false, full = false;
	uint64_t before = faults(s);
	*done = b->n;
#pragma omp parallel for ordered schedule(dynamic, 1)
	for (size_t c = 0; c < (b->n + CHUNK_LINES - 1) / CHUNK_LINES; c++) {
		struct worker *w = &workers[worker_num()];
		uint64_t seen = s->damage_seen;
		rewind(w->mem);
		for (size_t i = c * CHUNK_LINES; i < b->n && i < (c + 1) * CHUNK_LINES; i++)
			answer_line(w->mem, opt, s, game, b, i, w->moves, w->json, &seen);
		bool bad = fflush(w->mem) != 0 || ferror(w->mem);
#pragma omp ordered
		if (!stop) { // in chunk order: nothing after a stop is written
			full = bad;
			stop = bad || faults(s) != before;
			if (stop)
				*done = c * CHUNK_LINES;
			else
				fwrite(w->text, 1, (size_t)ftello(w->mem), stdout);
		}
	}
	return !full;
}

// Decoded blocks kept from batch to batch: 1 GiB, at most half of --max-memory.
static uint64_t stream_cache_bytes(const struct cli_options *opt)
{
	uint64_t most = UINT64_C(1) << 30;
	return opt->spec.max_bytes / 2 < most ? opt->spec.max_bytes / 2 : most;
}

static void batch_free(struct batch *b)
{
	free(b->code), free(b->idx), free(b->need), free(b->count), free(b->start), free(b->parsed), free(b->long_line);
	free(b->rules_json);
}

static int show_stream(const struct cli_options *opt, struct solved *s, const struct description *game,
		       struct ranked_move *moves)
{
	static struct lines in;
	size_t room = BATCH_NEED + slots(s) * (s->rules->max_moves + 1);
	struct batch b = {.code = malloc(BATCH_LINES * sizeof *b.code), .idx = malloc(BATCH_LINES * sizeof *b.idx),
			  .need = malloc(room * sizeof *b.need), .count = malloc(BATCH_LINES * sizeof *b.count),
			  .start = malloc(BATCH_LINES * sizeof *b.start), .parsed = malloc(BATCH_LINES),
			  .long_line = malloc(BATCH_LINES), .room = room, .rules_json = game_rules_json(game)};
	char *json = malloc(moves_json_bytes(s->rules));
	if (!b.code || !b.idx || !b.need || !b.count || !b.start || !b.parsed || !b.long_line || !b.rules_json || !json)
		return free(json), batch_free(&b), output_failure("show", STATUS_FAILURE, "out of memory");
	struct worker *workers = workers_new(s); // none: one thread answers
	while (read_batch(&in, s, &b)) {
		// a format 1 table is read in place; format 2 when every block is kept
		bool kept = !s->table.blocks ||
			    table_blocks_prefetch(s->table.blocks, b.need, b.needed, stream_cache_bytes(opt));
		size_t done = 0;
		if (kept && workers && b.n > 1) {
			if (!answer_parallel(opt, s, game, &b, workers, &done)) {
				workers_free(workers), batch_free(&b), free(json);
				return output_failure("show", STATUS_FAILURE, "out of memory");
			}
			if (done < b.n) // the rest again, one by one: each read of a damaged chunk counts anew
				s->damage_seen = faults(s);
		}
		for (size_t i = done; i < b.n; i++)
			answer_line(stdout, opt, s, game, &b, i, moves, json, &s->damage_seen);
		fflush(stdout);
	}
	workers_free(workers);
	if (s->table.blocks)
		table_blocks_forget(s->table.blocks);
	batch_free(&b), free(json);
	return 0;
}

int cmd_show(int argc, char **argv)
{
	struct cli_options opt;
	struct solved s;
	int rc = args_parse(argc, argv, &command, &opt);
	if (rc >= 0)
		return rc;
	uint64_t at = 0;
	bool stream = !strcmp(opt.positional, "-");
	if (stream && !opt.extra_set[OPT_TABLE])
		return args_fail("show", "'-' (codes from standard input) needs --table");
	if (stream && opt.format == FORMAT_CSV)
		return args_fail("show", "'-' writes JSON lines: --format csv does not apply");
	if (opt.extra_set[OPT_TABLE]) {
		if ((rc = solution_file_load(&opt, opt.extra_value[OPT_TABLE], true, &s)) != 0)
			return rc;
		if (stream)
			opt.format = FORMAT_JSON;
		if (!stream && (rc = solved_position(&s, "show", "position", opt.positional, &at)) != 0) {
			solved_free(&s);
			return rc;
		}
	} else {
		opt.start = opt.positional;
		opt.start_name = "position";
		if ((rc = solved_build(&opt, &s)) != 0)
			return rc;
		at = s.rules->start;
	}
	struct ranked_move *moves = malloc(ranked_moves_bytes(s.rules));
	size_t n = !moves || stream ? 0 : rank(&s, at, moves);
	if (!moves) {
		solved_free(&s);
		return output_failure("show", STATUS_FAILURE, "out of memory");
	}
	char code[POSITION_CODE_MAX];
	struct description game;
	position_format(s.rules, at, code);
	rules_set_start(s.rules, rules_default_start(s.rules)); // the game is the rules, not CODE
	describe_game(s.rules, &game);
	if (stream)
		rc = show_stream(&opt, &s, &game, moves);
	else if ((rc = solved_intact(&s, "show")) == 0)
		show_one(stdout, &opt, &s, &game, at, code, moves, n, &(struct json_parts){NULL, NULL});
	free(moves);
	solved_free(&s);
	return rc;
}

// SPDX-License-Identifier: MIT
// A deliberately naive second implementation of the rules of SPEC.md, for tests only: plain
// arrays of hand values (plus lives left and a zombie mark per player), moves tried one by
// one, a brute-force breadth-first walk. It shares no code and no encoding with enum/ (no
// ranks, no move tables, no states); tests meet enum/ only through position codes
// (position_format / position_parse). Small instances only: splits try all r^h hand tuples
// ((2r)^h under stumps, where hands count half fingers; without, only the sorted ones).
// oracle.c holds the rules, oracle_code.c the codes, oracle_walk.c the walk and the raw
// counts. Not thread-safe per game/walk object; separate objects are independent.
// Typical use (e.g. a solver test):
//   struct oracle_game g; struct oracle_pos s; struct oracle_walk w;
//   oracle_game_init(&g, 2, (unsigned[]){2, 2}, 5, "suicide,meta");
//   oracle_game_set_lives(&g, 3);                       (optional: --lives 3)
//   oracle_start(&g, &s); oracle_walk(&g, &s, &w);
//   for each w.pos[i]: oracle_children(...), oracle_walk_find(&w, &child) -> index in w.pos;
//   oracle_format(&g, &w.pos[i], code) then position_parse(rules, code, ...) -> enum index.
//   oracle_walk_free(&w);
#ifndef CHOPSTICKS_TESTS_SUPPORT_ORACLE_H
#define CHOPSTICKS_TESTS_SUPPORT_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ORACLE_MAX_PLAYERS 8
#define ORACLE_MAX_HANDS 24
// Codes of a game with more hands than this count the hands of each value (oracle_format).
#define ORACLE_PLAIN_HANDS 16
#define ORACLE_MAX_ROLLOVER 100
#define ORACLE_MAX_LAYERS 256
#define ORACLE_MAX_LIVES 16
// Longest code: every hand up to 2 digits, an 'h' (stumps), an 'x' with a count of 2 digits
// and a separator, a ':LL' lives tag and a '/' per player, plus the terminating NUL.
#define ORACLE_CODE_MAX (ORACLE_MAX_PLAYERS * (ORACLE_MAX_HANDS * 7 + 4) + 1)

// Rule variants (names as `--variant` takes them), as the oracle reads the rule texts.
enum {
	ORACLE_CUTOFF = 1u << 0,         // a tap reaching r or more kills the hand
	ORACLE_SUICIDE = 1u << 1,        // a split may leave more dead hands (never all)
	ORACLE_META = 1u << 2,           // total s > r: may also split s - r
	ORACLE_SUNS = 1u << 3,           // start with r-1 on every hand
	ORACLE_MISERE = 1u << 4,         // the player left with no live hand wins (2 players)
	ORACLE_TRANSFERS_ONLY = 1u << 5, // a split never leaves fewer dead hands
	ORACLE_DIVISIONS_ONLY = 1u << 6, // a split must leave fewer dead hands
	ORACLE_ATTACKS_ONLY = 1u << 7,   // no splits
	ORACLE_HALVES = 1u << 8,         // the only split: s/h on every hand, when h divides s
	ORACLE_HALVES_ODD = 1u << 9,     // the only split: the most even one, any s
	ORACLE_SELF_ATTACK = 1u << 10,   // a live hand may tap another own live hand
	ORACLE_SWAPS = 1u << 11,         // pass: swap two unequal live hands
	ORACLE_LOGAN = 1u << 12,         // pass: exchange a dead and a live hand
	ORACLE_CHERRI = 1u << 13,        // pass: swap two hands of different values
	ORACLE_INTEGERS = 1u << 14,      // flip one live hand v to r - v (when r - v != v)
	ORACLE_SUDDEN_DEATH = 1u << 15,  // a player a move leaves with one finger is out
	ORACLE_ZOMBIES = 1u << 16,       // (3+ players) the eliminated return as 1-finger zombies
	ORACLE_STUMPS = 1u << 17,        // half fingers; a lone 1 may split into two halves
};
// Readings the oracle takes where a rule text leaves a case open (enum/ must agree):
// - sudden-death: "a player whom a move leaves with exactly one finger" is the player whose
//   hands the move acted on AND changed (as a multiset): the tapped player after an attack,
//   the mover after a split, self-attack or flip. A pass (swaps/logan/cherri: the same
//   multiset) changes nothing, so a one-finger player who passes stays in. The attacker's
//   hands are not acted on by an attack; the start is not checked.
// - lives (--lives N, N >= 1): one finger is then fatal as under sudden-death (N = 1 is
//   sudden-death itself). A player whom
//   a move leaves out (no live hand, or one finger after a change) with L > 1 lives left
//   takes the start hands again (1 each, r-1 under suns) with L - 1 lives; with 1 life left
//   they are out for good: all hands dead (lives tag 1), or a zombie under zombies. A
//   restart is not itself checked for one finger. An out player passes.
// - zombies: a zombie is one hand of one finger. On its turn it must attack: its 1 taps any
//   live hand of a player still in the game (not a zombie, not out). It never splits,
//   passes or makes other moves of its own hands; it cannot be tapped and cannot win. The
//   game ends when at most one player who is not a zombie has a live hand.
// - misere: the game is over as soon as some player has no live hand; that player wins.
//   With zombies nobody comes back (oracle_game_init drops the flag): the first player out
//   has won at once, so no zombie ever plays.
// - halves/halves-odd with meta: the s - r split is also the most even one. The dead-hand
//   rules (suicide, transfers-only, divisions-only) still filter splits; self-attacks and
//   flips are not splits and may kill a hand.
// - stumps: hands count half fingers. The lone-1 split into two halves is a move of its own
//   (its text is a "Move:", not a "Split:"): the split rules (attacks-only, transfers-only,
//   divisions-only, halves, halves-odd, suicide, meta) govern the other splits only, so it
//   exists under every one of them; it needs a dead hand (two or more hands). Like any move
//   goes through the out rules: under sudden-death (or lives) it leaves one finger after a change, so the
//   mover is out. Other splits move whole fingers: each hand keeps whether it shows a half;
//   under halves(-odd) the most even distribution is taken in half fingers ({1/2, 2 1/2}
//   -> {1 1/2, 1 1/2}) and must keep the number of hands showing a half. A zombie still taps
//   with one whole finger; integers flips v to r - v in fingers (a half stays a half).
// - every index of enum/ is a position here too: a player whose hands are all dead is out
//   whatever lives tag they carry (00:2 passes like 00:1).

// The rules: players, hands per seat (seat 0 moves first), rollover, variant flags. Hand
// values are counted in units of oracle_unit(game) per finger: 1, or 2 under stumps (half
// fingers), so a hand shows 0 .. oracle_unit * r - 1 units.
struct oracle_game {
	unsigned players;
	unsigned hands[ORACLE_MAX_PLAYERS];
	unsigned rollover;
	unsigned flags;
	unsigned lives; // lives to lose: 1 (oracle_game_init), or N from --lives N
};

// A position, listed from the player to move (slot 0) on around the ring. Slot k holds
// count[k] hands in v[k][0..count[k]) and lives[k] lives left (1 without the lives rule),
// or is a zombie: zombie[k] = 1 with count, lives and hands all 0 (a zombie's hand count no
// longer matters, so two positions that differ only in which seat's zombie is where are one
// position here). Canonical: each slot ascending and every unused byte zero, so two
// canonical positions are equal exactly when memcmp says so.
struct oracle_pos {
	unsigned players;
	unsigned count[ORACLE_MAX_PLAYERS];
	uint8_t v[ORACLE_MAX_PLAYERS][ORACLE_MAX_HANDS];
	uint8_t lives[ORACLE_MAX_PLAYERS];
	uint8_t zombie[ORACLE_MAX_PLAYERS];
};

// Units per finger: 2 under stumps (a hand value 5 is 2 1/2 fingers), otherwise 1.
static inline unsigned oracle_unit(const struct oracle_game *game)
{
	return game->flags & ORACLE_STUMPS ? 2 : 1;
}

// Parses a comma-separated list of variant names ("" gives 0) into *flags. Returns false
// on an unknown or empty name. The oracle's own name list, not enum/'s table.
bool oracle_flags_parse(const char *list, unsigned *flags);

// Fills game (lives 1); hands[0..players) per seat. Returns false when a number is outside
// the oracle's limits (2..ORACLE_MAX_PLAYERS, 1..ORACLE_MAX_HANDS, 2..ORACLE_MAX_ROLLOVER),
// a variant name is unknown, or zombies come with fewer than 3 players.
bool oracle_game_init(struct oracle_game *game, unsigned players, const unsigned *hands,
		      unsigned rollover, const char *variants);
// --lives N: each player starts with N lives under the one-finger rule (N = 1: exactly
// sudden-death); 0 leaves the game as it is. False above ORACLE_MAX_LIVES.
bool oracle_game_set_lives(struct oracle_game *game, unsigned lives);

// The start: 1 on every hand (r-1 with suns), every life, seat 0 to move. Canonical.
void oracle_start(const struct oracle_game *game, struct oracle_pos *out);
// Sorts each slot and zeroes unused bytes (and everything of a zombie slot).
void oracle_canonicalise(struct oracle_pos *pos);

// Terminal: at most one player is in the game (not a zombie, a live hand); misere: some
// player is not (no live hand, or a zombie).
bool oracle_is_terminal(const struct oracle_game *game, const struct oracle_pos *pos);
// The slot of the winner of a terminal position: the one player in the game (misere: the
// one player who is not). -1 when that is not one player (nobody left in the game, or not
// terminal).
int oracle_winner(const struct oracle_game *game, const struct oracle_pos *pos);

// The distinct successors of pos (canonical, sorted by memcmp), written to out[0..cap).
// Returns how many there are, which may exceed cap (then only cap were written): size out
// with oracle_children(game, pos, NULL, 0) when unsure. 0 for a terminal position; one
// (the rotation) when the mover is out (no live hand, not a zombie). Aborts if memory runs
// out.
size_t oracle_children(const struct oracle_game *game, const struct oracle_pos *pos,
		       struct oracle_pos *out, size_t cap);

// The code of pos (buf holds ORACLE_CODE_MAX bytes): digits run together when r <= 10,
// every player has the same number of hands and there are no tags; otherwise players
// separated by '/' and, when r > 10, hands separated by '.'. Tags: with lives each player's
// hands are followed by ':L' (lives left); a zombie is written 'z'; under stumps a hand
// showing a half is its whole fingers followed by 'h' (0h, 2h: 11/0h0h). When some player
// has more than ORACLE_PLAIN_HANDS hands, players are separated by '/' and each lists its
// values ascending, each once as value 'x' how many, separated by '.' (0x3.1x17/1x20). pos
// must be canonical.
void oracle_format(const struct oracle_game *game, const struct oracle_pos *pos, char *buf);
// Parses a code in the form oracle_format writes (hands in any order; the run-together
// form also when tags are on, meaning every life and no zombie; ':L' may be left out,
// meaning every life). Returns false on anything else, including hand counts that are no
// rotation of game->hands (a zombie matches any count), values >= r, 'z' without zombies,
// ':L' without lives or outside 1..lives, 'h' without stumps.
bool oracle_parse(const struct oracle_game *game, const char *code, struct oracle_pos *out);

// The result of a breadth-first walk from a start: every reachable position in BFS order
// with its distance, and the summary counts.
struct oracle_walk {
	uint64_t reachable_count; // = number of positions in pos[]
	uint64_t terminal_count;
	uint64_t move_count;      // distinct children summed over reachable positions
	unsigned max_depth;
	uint64_t layer_count[ORACLE_MAX_LAYERS];
	uint64_t layer_terminal[ORACLE_MAX_LAYERS];
	struct oracle_pos *pos; // reachable_count entries, by distance then discovery order
	uint8_t *depth;         // distance of pos[i] from the start
	uint32_t *slot;         // hash table of indexes into pos[] (private)
	uint64_t slot_count;    // (private)
};

// Walks from start (single-threaded). Returns false on allocation failure or more than
// ORACLE_MAX_LAYERS layers; free with oracle_walk_free either way.
bool oracle_walk(const struct oracle_game *game, const struct oracle_pos *start,
		 struct oracle_walk *out);
// The index of canonical pos in walk->pos, or -1 when it was not reached.
int64_t oracle_walk_find(const struct oracle_walk *walk, const struct oracle_pos *pos);
void oracle_walk_free(struct oracle_walk *walk);

// Canonicalises every raw assignment to every seat of values 0..r-1 (in units: 0..2r-1
// under stumps) to its hands and a
// lives tag 1..lives, or (with zombies) of the zombie, for each distinct rotation of the
// hand counts (who is to move), and counts the raw assignments (*raw) and the distinct
// canonical positions (*distinct). Small instances only (it visits every raw tuple).
// Returns false on allocation failure.
bool oracle_count_raw(const struct oracle_game *game, uint64_t *raw, uint64_t *distinct);

#endif

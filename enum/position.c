// SPDX-License-Identifier: MIT
// Index <-> slots <-> code conversions (see position.h). Parsing checks every value against
// the rollover and every player's hand count, and picks the rotation from the '/' form.
#include "position.h"

#include <stdio.h>
#include <string.h>

#include "multiset.h"
#include "numparse.h"

// Decodes are made by the hundred for every answer that lists moves: a division costs more
// than the rest, so none is made for one seat's rotation, or for the last slot (what is left
// of a valid index is its state), and a 32-bit one where the index allows it.
void position_decode(const struct rules *rules, uint64_t idx, struct pos *pos)
{
	pos->seat = rules->period > 1 ? (unsigned)(idx / rules->block) : 0;
	if (rules->period > 1)
		idx %= rules->block;
	unsigned last = rules->players - 1;
	for (unsigned k = 0; k < last; k++) {
		uint32_t count = position_class(rules, pos->seat, k)->states;
		if (idx <= UINT32_MAX)
			pos->state[k] = (uint32_t)idx % count, idx = (uint32_t)idx / count;
		else
			pos->state[k] = (uint32_t)(idx % count), idx /= count;
	}
	uint32_t count = position_class(rules, pos->seat, last)->states;
	pos->state[last] = (uint32_t)(idx < count ? idx : idx % count);
}

uint64_t position_encode(const struct rules *rules, const struct pos *pos)
{
	uint64_t idx = 0;
	for (unsigned k = rules->players; k-- > 0;)
		idx = idx * position_class(rules, pos->seat, k)->states + pos->state[k];
	return idx + pos->seat * rules->block;
}

unsigned position_hands(const struct rules *rules, uint64_t idx, unsigned k, uint8_t *out)
{
	struct pos pos;
	position_decode(rules, idx, &pos);
	const struct hand_class *cls = position_class(rules, pos.seat, k);
	memcpy(out, cls->values + (uint64_t)pos.state[k] * cls->hands, cls->hands);
	return cls->hands;
}

// Whether codes carry tags (lives ':L', zombies 'z', halves 'h'), which need the '/' form.
static bool tagged(const struct rules *rules)
{
	return rules->lives > 1 || rules->axis[AXIS_ZOMBIES] || rules->scale > 1;
}

int position_hand_text(const struct rules *rules, unsigned value, char *buf)
{
	if (rules->scale == 1 && value < 10) // the common hand, without dividing
		return buf[0] = (char)('0' + value), buf[1] = '\0', 1;
	int used = (int)numparse_put_u64(buf, value / rules->scale);
	if (value % rules->scale)
		buf[used++] = 'h';
	buf[used] = '\0';
	return used;
}

// The digits of the hand values hv[0 .. h) (each below 10) at buf, a word at a time (the
// last word overlapping the one before: nothing is read or written past the h bytes).
static void digits(const uint8_t *hv, unsigned h, char *buf)
{
	const uint64_t zeros = UINT64_C(0x3030303030303030);
	if (h < 4) {
		for (unsigned i = 0; i < h; i++)
			buf[i] = (char)('0' + hv[i]);
	} else if (h < 8) {
		uint32_t a, b;
		memcpy(&a, hv, 4), memcpy(&b, hv + h - 4, 4);
		a += (uint32_t)zeros, b += (uint32_t)zeros;
		memcpy(buf, &a, 4), memcpy(buf + h - 4, &b, 4);
	} else {
		for (unsigned i = 0;; i += 8) {
			unsigned at = i + 8 <= h ? i : h - 8;
			uint64_t w;
			memcpy(&w, hv + at, 8);
			w += zeros;
			memcpy(buf + at, &w, 8);
			if (at + 8 >= h)
				break;
		}
	}
}

size_t position_hands_text(const struct rules *rules, const struct hand_class *cls, uint32_t s, char *buf)
{
	const uint8_t *hv = cls->values + (uint64_t)s * cls->hands;
	size_t used = 0;
	if (rules->scale == 1 && rules->rollover <= 10) { // a digit a hand
		digits(hv, cls->hands, buf);
		return buf[cls->hands] = '\0', cls->hands;
	}
	for (unsigned i = 0; i < cls->hands; i++) {
		if (rules->rollover > 10 && i)
			buf[used++] = '.';
		used += (size_t)position_hand_text(rules, hv[i], buf + used);
	}
	return used;
}

// Whether the game writes the count form (position.h): some player has many hands.
static bool counted(const struct rules *rules)
{
	for (unsigned s = 0; s < rules->players; s++)
		if (rules->hands[s] > RULES_CODE_PLAIN_HANDS)
			return true;
	return false;
}

// Writes sorted hv[0..h) in the count form ("0x3.1x17"); returns the characters written.
static size_t format_counts(const struct rules *rules, const uint8_t *hv, unsigned h, char *buf)
{
	size_t used = 0;
	for (unsigned i = 0, j; i < h; i = j) {
		for (j = i; j < h && hv[j] == hv[i]; j++)
			;
		if (i)
			buf[used++] = '.';
		used += (size_t)position_hand_text(rules, hv[i], buf + used);
		buf[used++] = 'x';
		used += numparse_put_u64(buf + used, j - i);
	}
	return used;
}

bool position_digit_codes(const struct rules *rules)
{
	return rules->rollover <= 10 && rules->period == 1 && !tagged(rules) && !counted(rules);
}

void position_format(const struct rules *rules, uint64_t idx, char *buf)
{
	struct pos pos;
	position_decode(rules, idx, &pos);
	position_format_pos(rules, &pos, buf);
}

size_t position_format_pos(const struct rules *rules, const struct pos *pos, char *buf)
{
	size_t used = 0;
	if (position_digit_codes(rules)) { // the common form at once
		for (unsigned k = 0; k < rules->players; k++) {
			const struct hand_class *cls = position_class(rules, pos->seat, k);
			digits(cls->values + (uint64_t)pos->state[k] * cls->hands, cls->hands, buf + used);
			used += cls->hands;
		}
		return buf[used] = '\0', used;
	}
	bool counts = counted(rules);
	for (unsigned k = 0; k < rules->players; k++) {
		const struct hand_class *cls = position_class(rules, pos->seat, k);
		const uint8_t *hv = cls->values + (uint64_t)pos->state[k] * cls->hands;
		if (k > 0) // every form but the digit one puts '/' between players
			buf[used++] = '/';
		if (pos->state[k] == cls->zombie) {
			buf[used++] = 'z';
			continue;
		}
		used += counts ? format_counts(rules, hv, cls->hands, buf + used)
			       : position_hands_text(rules, cls, pos->state[k], buf + used);
		if (rules->lives > 1)
			buf[used++] = ':', used += numparse_put_u64(buf + used, pos->state[k] / cls->count + 1);
	}
	buf[used] = '\0';
	return used;
}

// Reads the count of a value at text[0..len) (after its 'x'), at most room; 0 when bad.
static unsigned parse_times(const char *text, size_t len, unsigned room)
{
	uint64_t times;
	return room && numparse_u64(text, len, 1, room, &times) ? (unsigned)times : 0;
}

// Parses one player's hands from text[0..len) into v; returns the hand count or -1.
static int parse_player(const struct rules *rules, const char *text, size_t len, unsigned h,
			uint8_t *v)
{
	bool dotted = memchr(text, '.', len) || memchr(text, 'x', len);
	// With r > 10 and uneven hands, h (seat 0's count) may not be this slot's count, so
	// a part without '.' is one number there ("10/0.0", hands 2,1, r = 13).
	bool single_digits = !dotted && (rules->rollover <= 10 || (len == h && rules->period == 1));
	unsigned n = 0;
	size_t i = 0;
	while (i < len) {
		size_t w = single_digits ? 1 : strcspn(text + i, "./hx");
		if (w > len - i)
			w = len - i;
		uint64_t value;
		if (n == RULES_MAX_HANDS || !numparse_u64(text + i, w, 0, 255 / rules->scale - 1, &value))
			return -1;
		i += w;
		bool half = i < len && text[i] == 'h';
		if (half && rules->scale == 1)
			return -1; // halves need stumps
		i += half;
		unsigned times = 1;
		if (!single_digits && i < len && text[i] == 'x') {
			size_t c = strcspn(text + i + 1, "./");
			c = c < len - i - 1 ? c : len - i - 1;
			if (!(times = parse_times(text + i + 1, c, RULES_MAX_HANDS - n)))
				return -1;
			i += 1 + c;
		}
		memset(v + n, (int)(value * rules->scale + half), times);
		n += times;
		if (!single_digits && i < len && text[i] == '.' && ++i == len)
			return -1; // a trailing '.'
	}
	return (int)n;
}

static enum status bad_code(const struct rules *rules, const char *code, struct error *err,
			    const char *why)
{
	char shown[81]; // control characters would break the one-line message
	size_t n = 0;
	for (; code[n] && n < sizeof shown - 1; n++)
		shown[n] = (unsigned char)code[n] < 0x20 || code[n] == 0x7f ? '?' : code[n];
	shown[n] = '\0';
	return error_set(err, STATUS_BAD_INPUT, "code '%s': %s (%u players, rollover %u)",
			 shown, why, rules->players, rules->rollover);
}

#define TAG_ZOMBIE UINT32_MAX

// Reads a tag at the end of one player's text[0..*len): "z" (a zombie, if the rules have
// them) or ":L" (lives left, 1..lives). Sets *tag (0: none) and shortens *len; false if bad.
static bool parse_tag(const struct rules *rules, const char *text, size_t *len, uint32_t *tag)
{
	*tag = 0;
	if (*len == 1 && text[0] == 'z') {
		*tag = TAG_ZOMBIE;
		return rules->axis[AXIS_ZOMBIES] != 0;
	}
	const char *colon = memchr(text, ':', *len);
	if (!colon)
		return true;
	uint64_t lives;
	if (rules->lives < 2 || !numparse_u64(colon + 1, (size_t)(text + *len - colon - 1), 1, rules->lives, &lives))
		return false;
	*tag = (uint32_t)lives;
	*len = (size_t)(colon - text);
	return true;
}

static enum status parse_slots(const struct rules *rules, const char *code, uint8_t v[][RULES_MAX_HANDS],
			       unsigned *n, uint32_t *tag, struct error *err)
{
	const char *p = code;
	unsigned parts = 0;
	if (!strchr(code, '/')) {
		unsigned total = 0;
		for (unsigned s = 0; s < rules->players; s++)
			total += rules->hands[s];
		if (strlen(code) != total || strspn(code, "0123456789") != total)
			return bad_code(rules, code, err, "expected one digit per hand, or players separated by '/'");
		if (rules->period > 1)
			return bad_code(rules, code, err, "with uneven hands separate players by '/'");
		for (unsigned s = 0; s < rules->players; s++, p += rules->hands[s - 1]) {
			n[s] = (unsigned)parse_player(rules, p, rules->hands[s], rules->hands[s], v[s]);
			tag[s] = 0;
		}
		return STATUS_OK;
	}
	for (;;) {
		size_t part = strcspn(p, "/"), len = part;
		if (parts == rules->players)
			return bad_code(rules, code, err, "more players than the rules have");
		if (!parse_tag(rules, p, &len, &tag[parts]))
			return bad_code(rules, code, err, rules->lives > 1 ? "lives are written ':L' after the hands, L from 1 to --lives"
									  : "no such tag here ('z' needs zombies; ':L' needs --lives 2 or more, "
										    "one life has no tag)");
		int got = tag[parts] == TAG_ZOMBIE ? 0 : len ? parse_player(rules, p, len, rules->hands[parts], v[parts]) : -1;
		if (got < 0)
			return bad_code(rules, code, err, "each player must be digits, or numbers separated by '.' (Vxn: n hands of V)");
		n[parts++] = (unsigned)got;
		if (!p[part])
			break;
		p += part + 1;
	}
	if (parts != rules->players)
		return bad_code(rules, code, err, "fewer players than the rules have");
	return STATUS_OK;
}

enum status position_parse(const struct rules *rules, const char *code, uint64_t *idx,
			   struct error *err)
{
	uint8_t v[RULES_MAX_PLAYERS][RULES_MAX_HANDS];
	unsigned n[RULES_MAX_PLAYERS];
	uint32_t tag[RULES_MAX_PLAYERS];
	enum status st = parse_slots(rules, code, v, n, tag, err);
	if (st != STATUS_OK)
		return st;
	struct pos pos = {0};
	for (pos.seat = 0; pos.seat < rules->period; pos.seat++) {
		unsigned k = 0;
		while (k < rules->players &&
		       (tag[k] == TAG_ZOMBIE || position_class(rules, pos.seat, k)->hands == n[k]))
			k++;
		if (k == rules->players)
			break;
	}
	if (pos.seat == rules->period)
		return bad_code(rules, code, err, "hand counts do not match --hands");
	for (unsigned k = 0; k < rules->players; k++) {
		const struct hand_class *cls = position_class(rules, pos.seat, k);
		if (tag[k] == TAG_ZOMBIE) {
			pos.state[k] = cls->zombie;
			continue;
		}
		for (unsigned i = 0; i < n[k]; i++)
			if (v[k][i] >= rules->modulus) {
				char why[80];
				snprintf(why, sizeof why, "hand value %u%s out of range 0..%u", v[k][i] / rules->scale,
					 v[k][i] % rules->scale ? "h" : "", rules->rollover - 1);
				return bad_code(rules, code, err, why);
			}
		multiset_sort(v[k], n[k]);
		pos.state[k] = (uint32_t)multiset_rank(v[k], n[k]) + cls->count * ((tag[k] ? tag[k] : rules->lives) - 1);
	}
	*idx = position_encode(rules, &pos);
	return STATUS_OK;
}

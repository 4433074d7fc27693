// SPDX-License-Identifier: MIT
// The oracle's own reading and writing of position codes (see oracle.h), from SPEC.md's
// description of codes, the tags of 9f96a64 (':L' lives left, 'z' a zombie) and the halves
// of 51a9a8a ('h' after a hand's whole fingers under stumps), with no code from
// enum/position.c. Tags and stumps force the '/' form when writing.
#include "oracle.h"

#include <string.h>

static bool hands_all_equal(const struct oracle_game *game)
{
	for (unsigned s = 1; s < game->players; s++)
		if (game->hands[s] != game->hands[0])
			return false;
	return true;
}

// Whether codes carry tags: lives left after each player, 'z' for a zombie, 'h' for a half.
static bool tagged(const struct oracle_game *game)
{
	return game->lives > 1 || (game->flags & (ORACLE_ZOMBIES | ORACLE_STUMPS));
}

// Whether some player has more than ORACLE_PLAIN_HANDS hands: codes count hands per value.
static bool many_hands(const struct oracle_game *game)
{
	for (unsigned s = 0; s < game->players; s++)
		if (game->hands[s] > ORACLE_PLAIN_HANDS)
			return true;
	return false;
}

void oracle_format(const struct oracle_game *game, const struct oracle_pos *pos, char *buf)
{
	bool counts = many_hands(game);
	bool digits = game->rollover <= 10 && hands_all_equal(game) && !tagged(game) && !counts;
	char *p = buf;
	for (unsigned k = 0; k < game->players; k++) {
		if (k > 0 && !digits)
			*p++ = '/';
		if (pos->zombie[k]) {
			*p++ = 'z';
			continue;
		}
		for (unsigned i = 0; i < pos->count[k]; i++) {
			unsigned value = pos->v[k][i] / oracle_unit(game), same = 1;
			if (counts && i > 0 && pos->v[k][i] == pos->v[k][i - 1])
				continue;
			while (counts && i + same < pos->count[k] && pos->v[k][i + same] == pos->v[k][i])
				same++;
			if ((game->rollover > 10 || counts) && i > 0)
				*p++ = '.';
			if (value >= 10)
				*p++ = (char)('0' + value / 10);
			*p++ = (char)('0' + value % 10);
			if (pos->v[k][i] % oracle_unit(game))
				*p++ = 'h';
			if (counts) {
				*p++ = 'x';
				if (same >= 10)
					*p++ = (char)('0' + same / 10);
				*p++ = (char)('0' + same % 10);
			}
		}
		if (game->lives > 1) {
			unsigned lives = pos->lives[k];
			*p++ = ':';
			if (lives >= 10)
				*p++ = (char)('0' + lives / 10);
			*p++ = (char)('0' + lives % 10);
		}
	}
	*p = '\0';
}

// Reads the hands of one player from text[0..len) into pos slot k: with r <= 10 one digit
// per hand, with r > 10 numbers separated by '.'; under stumps each may be followed by 'h'
// (a half more). Values in units (oracle_unit).
static bool parse_player(const struct oracle_game *game, const char *text, size_t len,
			 struct oracle_pos *pos, unsigned k)
{
	unsigned n = 0;
	size_t i = 0;
	while (i < len) {
		unsigned value = 0;
		size_t digits = 0;
		size_t width = game->rollover > 10 ? len - i : 1;
		while (digits < width && text[i] >= '0' && text[i] <= '9') {
			value = value * 10 + (unsigned)(text[i++] - '0');
			if (++digits > 3)
				return false;
		}
		if (digits == 0 || value >= game->rollover || n == ORACLE_MAX_HANDS)
			return false;
		unsigned half = 0;
		if (i < len && text[i] == 'h') {
			if (!(game->flags & ORACLE_STUMPS))
				return false;
			half = 1;
			i++;
		}
		pos->v[k][n++] = (uint8_t)(value * oracle_unit(game) + half);
		if (i < len) {
			if (game->rollover <= 10)
				continue;
			if (text[i] != '.' || i + 1 == len)
				return false;
			i++;
		}
	}
	pos->count[k] = n;
	return n > 0;
}

// Reads a number of 1 to 3 digits at text[*i..len) into *n, advancing *i; false if none.
static bool read_number(const char *text, size_t len, size_t *i, unsigned *n)
{
	size_t digits = 0;
	for (*n = 0; *i < len && text[*i] >= '0' && text[*i] <= '9' && digits < 3; digits++)
		*n = *n * 10 + (unsigned)(text[(*i)++] - '0');
	return digits > 0 && (*i == len || text[*i] < '0' || text[*i] > '9');
}

// Reads the count form of one player (many_hands): "value[h]xN" groups separated by '.'.
static bool parse_counted(const struct oracle_game *game, const char *text, size_t len,
			  struct oracle_pos *pos, unsigned k)
{
	unsigned n = 0;
	for (size_t i = 0; i < len;) {
		unsigned value, times, half = 0;
		if (!read_number(text, len, &i, &value) || value >= game->rollover)
			return false;
		if (i < len && text[i] == 'h') {
			if (!(game->flags & ORACLE_STUMPS))
				return false;
			half = 1;
			i++;
		}
		if (i == len || text[i++] != 'x' || !read_number(text, len, &i, &times) || times == 0 ||
		    n + times > ORACLE_MAX_HANDS)
			return false;
		for (unsigned t = 0; t < times; t++)
			pos->v[k][n++] = (uint8_t)(value * oracle_unit(game) + half);
		if (i < len && (text[i] != '.' || ++i == len))
			return false;
	}
	pos->count[k] = n;
	return n > 0;
}

// Reads one player's part text[0..len) of a '/' code: 'z', or hands with an optional ':L'.
static bool parse_part(const struct oracle_game *game, const char *text, size_t len,
		       struct oracle_pos *pos, unsigned k)
{
	if (len == 1 && text[0] == 'z') {
		pos->zombie[k] = 1;
		return (game->flags & ORACLE_ZOMBIES) != 0;
	}
	pos->lives[k] = (uint8_t)game->lives;
	const char *colon = memchr(text, ':', len);
	bool (*read)(const struct oracle_game *, const char *, size_t, struct oracle_pos *, unsigned) =
		many_hands(game) ? parse_counted : parse_player;
	if (!colon)
		return read(game, text, len, pos, k);
	unsigned lives = 0;
	size_t digits = 0;
	for (const char *d = colon + 1; d < text + len; d++, digits++) {
		if (*d < '0' || *d > '9' || digits == 2)
			return false;
		lives = lives * 10 + (unsigned)(*d - '0');
	}
	if (game->lives < 2 || digits == 0 || lives < 1 || lives > game->lives)
		return false;
	pos->lives[k] = (uint8_t)lives;
	return read(game, text, (size_t)(colon - text), pos, k);
}

bool oracle_parse(const struct oracle_game *game, const char *code, struct oracle_pos *out)
{
	memset(out, 0, sizeof *out);
	out->players = game->players;
	unsigned p = game->players;
	if (!strchr(code, '/')) {
		unsigned total = 0;
		for (unsigned s = 0; s < p; s++)
			total += game->hands[s];
		if (game->rollover > 10 || !hands_all_equal(game) || strlen(code) != total)
			return false;
		for (unsigned k = 0; k < p; k++) {
			out->lives[k] = (uint8_t)game->lives;
			if (!parse_player(game, code + k * game->hands[0], game->hands[0], out, k) ||
			    out->count[k] != game->hands[0])
				return false;
		}
		oracle_canonicalise(out);
		return true;
	}
	const char *part = code;
	for (unsigned k = 0; k < p; k++) {
		size_t len = strcspn(part, "/");
		if (!parse_part(game, part, len, out, k))
			return false;
		if (k + 1 < p && part[len] != '/')
			return false;
		if (k + 1 == p && part[len] != '\0')
			return false;
		part += len + 1;
	}
	bool matched = false;
	for (unsigned seat = 0; seat < p && !matched; seat++) {
		matched = true;
		for (unsigned k = 0; k < p; k++)
			matched = matched && (out->zombie[k] || out->count[k] == game->hands[(seat + k) % p]);
	}
	if (!matched)
		return false;
	oracle_canonicalise(out);
	return true;
}

// SPDX-License-Identifier: MIT
// Replays fuzz inputs through a harness's LLVMFuzzerTestOneInput without libFuzzer, so every
// build (gcc or clang; release, sanitize, noomp) runs the checked-in corpus as a ctest test.
// Arguments are files or directories (their regular files, sorted by name, not recursive).
// Exit 0 when every input ran; 1 when an input could not be read or none was given. Each
// input's name is printed before it runs, so the last name shown is the one that crashed.
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *out; // the real stderr, kept in case a harness redirects stderr
static unsigned long replayed;

// Reads the whole file into a malloc'ed buffer; returns NULL (and prints why) on failure.
static uint8_t *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(out, "replay: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		uint8_t *grown = realloc(buf, cap *= 2);
		if (!grown)
			free(buf);
		buf = grown;
	}
	if (!buf || ferror(f)) {
		fprintf(out, "replay: %s: read failed\n", path);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*size = n;
	return buf;
}

static int replay_file(const char *path)
{
	size_t size;
	uint8_t *data = read_file(path, &size);
	if (!data)
		return 1;
	// A copy of exactly size bytes, so ASan sees reads past the end of the input.
	uint8_t *exact = malloc(size ? size : 1);
	if (!exact) {
		free(data);
		return 1;
	}
	memcpy(exact, data, size);
	free(data);
	fprintf(out, "replay: %s\n", path);
	fflush(out);
	LLVMFuzzerTestOneInput(exact, size);
	free(exact);
	replayed++;
	return 0;
}

static int skip_dot(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static int replay_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		fprintf(out, "replay: %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path);
	struct dirent **names;
	int n = scandir(path, &names, skip_dot, alphasort), failed = 0;
	if (n < 0) {
		fprintf(out, "replay: %s: %s\n", path, strerror(errno));
		return 1;
	}
	for (int i = 0; i < n; i++) {
		size_t len = strlen(path) + strlen(names[i]->d_name) + 2;
		char *full = malloc(len);
		if (full) {
			snprintf(full, len, "%s/%s", path, names[i]->d_name);
			if (stat(full, &st) == 0 && S_ISREG(st.st_mode))
				failed |= replay_file(full);
		} else {
			failed = 1;
		}
		free(full);
		free(names[i]);
	}
	free(names);
	return failed;
}

int main(int argc, char **argv)
{
	out = stderr;
	if (argc < 2) {
		fprintf(out, "usage: %s FILE|DIR...\n", argv[0]);
		return 1;
	}
	int failed = 0;
	for (int i = 1; i < argc; i++)
		failed |= replay_path(argv[i]);
	fprintf(out, "replay: %lu inputs replayed%s\n", replayed, failed ? ", some unreadable" : "");
	return failed || replayed == 0;
}

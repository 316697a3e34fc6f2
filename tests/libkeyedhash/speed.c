// SPDX-License-Identifier: GPL-2.0
/*
 * The C library's time for one digest of a SIZE-byte message
 * (keyedhash_digest(), and keyedhash_key_new() + keyedhash_digest() +
 * keyedhash_key_free() as Python's new(name, key, data).digest() does it),
 * the minimum of ROUNDS rounds of N calls, in microseconds, for
 * tests/libkeyedhash/pyspeed.py.  Usage: speed ALG SIZE N ROUNDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <keyedhash.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static unsigned char key[1088], out[KEYEDHASH_MAX_DIGEST];
	double best = 1e9, best_new = 1e9, t;
	size_t size;
	unsigned char *msg;
	keyedhash_key *k;
	int n, rounds, r, i;

	if (argc != 5)
		return 2;
	size = strtoul(argv[2], NULL, 0);
	n = atoi(argv[3]);
	rounds = atoi(argv[4]);
	msg = calloc(1, size);
	if (!msg || keyedhash_key_new(&k, argv[1], key,
				      !strcmp(argv[1], "nhpoly1305") ? 1088 : 32))
		return 1;
	for (r = 0; r < rounds; r++) {
		t = now();
		for (i = 0; i < n; i++)
			keyedhash_digest(k, msg, size, out, sizeof(out));
		t = (now() - t) / n;
		if (t < best)
			best = t;
		t = now();
		for (i = 0; i < n; i++) {
			keyedhash_key *k2;

			keyedhash_key_new(&k2, argv[1], key,
					  !strcmp(argv[1], "nhpoly1305") ? 1088 : 32);
			keyedhash_digest(k2, msg, size, out, sizeof(out));
			keyedhash_key_free(k2);
		}
		t = (now() - t) / n;
		if (t < best_new)
			best_new = t;
	}
	printf("%.3f %.3f %s\n", best * 1e6, best_new * 1e6, keyedhash_key_driver(k));
	keyedhash_key_free(k);
	free(msg);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Keys and states are wiped before libkeyedhash frees them: linked with
 * libkeyedhash.a and -Wl,--wrap=malloc,--wrap=aligned_alloc,--wrap=free,
 * every block the library allocates is remembered with its size, and
 * free() fails the test when a block still holds a non-zero byte.  Each
 * algorithm's key (Multimixer-128's copy of the key too) and states are
 * made, used, copied and freed, finished or not.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <keyedhash.h>

void *__real_malloc(size_t n);
void *__real_aligned_alloc(size_t a, size_t n);
void __real_free(void *p);

#define MAXBLOCKS	64
static struct { void *p; size_t n; } blocks[MAXBLOCKS];
static unsigned long checked, dirty;

static void remember(void *p, size_t n)
{
	unsigned int i;

	for (i = 0; p && i < MAXBLOCKS; i++) {
		if (!blocks[i].p) {
			blocks[i].p = p;
			blocks[i].n = n;
			return;
		}
	}
}

void *__wrap_malloc(size_t n)
{
	void *p = __real_malloc(n);

	remember(p, n);
	return p;
}

void *__wrap_aligned_alloc(size_t a, size_t n)
{
	void *p = __real_aligned_alloc(a, n);

	remember(p, n);
	return p;
}

void __wrap_free(void *p)
{
	unsigned int i;
	size_t j;

	for (i = 0; p && i < MAXBLOCKS; i++) {
		if (blocks[i].p != p)
			continue;
		checked++;
		for (j = 0; j < blocks[i].n; j++) {
			if (((unsigned char *)p)[j]) {
				fprintf(stderr, "FAIL: a %zu-byte block freed with byte %zu not wiped\n",
					blocks[i].n, j);
				dirty++;
				break;
			}
		}
		blocks[i].p = NULL;
	}
	__real_free(p);
}

int main(void)
{
	static uint8_t key[4096], msg[4096];
	uint8_t out[KEYEDHASH_MAX_DIGEST];
	const char *alg;
	unsigned int i, g;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(i * 7 + 1);
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i * 13 + 5);
	/* sthash-personalized: a valid blob, seed 32, c1 4, c2 2 */
	for (g = 0; g < 2; g++) {
		keyedhash_force_generic(g);
		for (i = 0; (alg = keyedhash_algorithm(i)); i++) {
			size_t keylen = !strcmp(alg, "nhpoly1305") ? 1088 :
					!strcmp(alg, "multimixer128") ? 4096 : 32;
			keyedhash_key *k;
			keyedhash_state *s, *c;
			uint8_t *kb = key;
			uint8_t blob[44];

			if (!strcmp(alg, "sthash-personalized")) {
				memset(blob, 0x5a, sizeof(blob));
				blob[0] = 32; blob[1] = 0;
				blob[34] = 4; blob[35] = 0;
				blob[40] = 2; blob[41] = 0;
				kb = blob;
				keylen = sizeof(blob);
			}
			if (keyedhash_key_new(&k, alg, kb, keylen)) {
				fprintf(stderr, "FAIL: %s: key\n", alg);
				return 1;
			}
			keyedhash_digest(k, msg, 4096, out, sizeof(out));
			keyedhash_state_new(&s, k);
			keyedhash_update(s, msg, 1000);
			keyedhash_state_dup(&c, s);
			keyedhash_update(c, msg, 24);
			keyedhash_final(c, out, sizeof(out));
			keyedhash_state_free(c);	/* finished */
			keyedhash_state_free(s);	/* mid-message */
			keyedhash_key_free(k);
		}
	}
	if (dirty || checked < 28) {
		printf("wipetest: %lu of %lu freed blocks not wiped\n", dirty, checked);
		return 1;
	}
	printf("wipetest: %lu blocks (keys, Multimixer-128 key copies, states) all wiped before free()\n",
	       checked);
	return 0;
}

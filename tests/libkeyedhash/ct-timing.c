// SPDX-License-Identifier: GPL-2.0
/*
 * make ct-timing: a statistical timing test of libkeyedhash's drivers,
 * dudect's method (Reparaz, Balasch, Verbauwhede, "Dude, is my code
 * constant time?", 2017), for the code Valgrind cannot run (the AVX-512
 * drivers; any driver can be named).  It REPORTS; it is never part of make
 * check, whose machine is shared and noisy.
 *
 * Per driver two experiments, each of many measurements of one
 * keyedhash_digest() call (cycles, rdtsc between lfences; elsewhere
 * clock_gettime), the class of each measurement drawn at random:
 *
 *   message  one key; class 0 hashes a fixed message, class 1 a random one
 *   key      one message; a pool of keys made anew for every batch, each
 *            either a copy of one fixed key (class 0) or random (class 1)
 *
 * Welch's t between the classes, on all measurements and on those below
 * several percentiles (cropping, as dudect does); the largest |t| is
 * reported.  |t| > 10: the timing depends on the secret (a leak); 4.5 to
 * 10: suspicious, run longer; below 4.5 nothing was seen.
 *
 *   ct-timing [-n MEASUREMENTS] [-l LENGTH] [-s] [DRIVER...]
 *
 * -s first times a deliberately leaky function (a byte-by-byte comparison
 * with an early exit) the same way: it must come out a leak, or the
 * measurement is not working (exit status 3).
 *
 * Default: every usable driver whose name contains "avx512", 200000
 * measurements per experiment, messages of 1024 bytes.  Exit status 1 if
 * any |t| > 10.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <keyedhash.h>

#define KH_BATCH	4096	/* measurements per batch (inputs prepared) */
#define KH_POOL		32	/* keys per class in the key experiment */
#define KH_NCROP	6

static uint64_t kh_x = 0x243f6a8885a308d3ull;

static uint64_t kh_rand(void)
{
	kh_x ^= kh_x << 13;
	kh_x ^= kh_x >> 7;
	kh_x ^= kh_x << 17;
	return kh_x;
}

static void kh_fill(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)(kh_rand() >> 32);
}

static inline uint64_t kh_cycles(void)
{
#if defined(__x86_64__)
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) :: "memory");
	return (uint64_t)hi << 32 | lo;
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
#endif
}

/* Welch's t-test, online (dudect's ttest_ctx) */
struct kh_t {
	double mean[2], m2[2], n[2];
};

static void kh_t_push(struct kh_t *t, double x, int c)
{
	double d = x - t->mean[c];

	t->n[c]++;
	t->mean[c] += d / t->n[c];
	t->m2[c] += d * (x - t->mean[c]);
}

static double kh_t_value(const struct kh_t *t)
{
	double v0, v1;

	if (t->n[0] < 2 || t->n[1] < 2)
		return 0;
	v0 = t->m2[0] / (t->n[0] - 1);
	v1 = t->m2[1] / (t->n[1] - 1);
	if (v0 + v1 == 0)
		return 0;
	return (t->mean[0] - t->mean[1]) / sqrt(v0 / t->n[0] + v1 / t->n[1]);
}

static int kh_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The self-check's (-s) deliberately leaky function: the message compared
 * with a fixed one byte by byte, stopping at the first difference, as a
 * naive tag check would.
 */
static uint8_t kh_leaky_ref[65536];

static int __attribute__((__noinline__)) kh_leaky(const uint8_t *msg, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (msg[i] != kh_leaky_ref[i])
			return 1;
	return 0;
}

/* the key bytes for @drv: its size, into @key */
static size_t kh_keylen(const char *drv, size_t len)
{
	if (!strncmp(drv, "multimixer128", 13))
		return len;
	if (!strncmp(drv, "nhpoly1305", 10))
		return 1088;
	if (!strncmp(drv, "sthash", 6))
		return 64;	/* the seed (or, personalized: 58 + 6) */
	return 32;
}

static void kh_make_key(const char *drv, uint8_t *key, size_t keylen)
{
	kh_fill(key, keylen);
	if (!strncmp(drv, "sthash-personalized", 19)) {
		/* le16 58 | seed | le16 0 | le16 0 */
		key[0] = 58;
		key[1] = 0;
		memset(key + 60, 0, 4);
	}
}

/*
 * One experiment: @n measurements; @key_exp: keys vary by class, else
 * messages.  Returns the largest |t| over the crops.
 */
static double kh_experiment(const char *drv, size_t len, unsigned long n, int key_exp)
{
	size_t keylen = drv ? kh_keylen(drv, len) : 1;
	keyedhash_key *pool[KH_POOL], *k0 = NULL;
	unsigned char pool_cls[KH_POOL];
	uint8_t *msgs, *key, *fixed = NULL, fixed_msg_byte = 0, out[KEYEDHASH_MAX_DIGEST];
	uint64_t *cyc, crop[KH_NCROP];
	unsigned char *cls;
	unsigned short *which;
	struct kh_t t[KH_NCROP + 1];
	double best = 0;
	unsigned long done = 0;
	unsigned int i, j;

	memset(t, 0, sizeof(t));
	msgs = malloc(KH_BATCH * (len ? len : 1));
	key = malloc(keylen);
	cyc = malloc(KH_BATCH * sizeof(*cyc));
	cls = malloc(KH_BATCH);
	which = malloc(KH_BATCH * sizeof(*which));
	if (!msgs || !key || !cyc || !cls || !which)
		exit(2);
	memset(pool, 0, sizeof(pool));
	if (!drv) {
		/* the self-check: class 0's message equals the reference */
	} else if (key_exp) {
		fixed = malloc(keylen);
		kh_make_key(drv, fixed, keylen);
	} else {
		kh_make_key(drv, key, keylen);
		if (keyedhash_key_new(&k0, drv, key, keylen))
			exit(2);
	}
	fixed_msg_byte = (uint8_t)kh_rand();
	memset(kh_leaky_ref, fixed_msg_byte, sizeof(kh_leaky_ref));
	while (done < n) {
		/*
		 * Prepare the batch's inputs, then measure.  The key
		 * experiment's keys are made anew per batch, each slot's class
		 * drawn again, so that no key address belongs to one class
		 * (addresses alone change the timing: 4K aliasing, lines).
		 */
		for (j = 0; key_exp && j < KH_POOL; j++) {
			keyedhash_key_free(pool[j]);
			pool_cls[j] = kh_rand() & 1;
			if (pool_cls[j])
				kh_make_key(drv, key, keylen);
			if (keyedhash_key_new(&pool[j], drv, pool_cls[j] ? key : fixed, keylen))
				exit(2);
		}
		for (i = 0; i < KH_BATCH; i++) {
			which[i] = kh_rand() % KH_POOL;
			cls[i] = key_exp ? pool_cls[which[i]] : kh_rand() & 1;
			if (key_exp || !cls[i])
				memset(msgs + i * len, fixed_msg_byte, len);
			else
				kh_fill(msgs + i * len, len);
		}
		for (i = 0; i < KH_BATCH; i++) {
			const keyedhash_key *k = key_exp ? pool[which[i]] : k0;
			uint64_t a, b;

			a = kh_cycles();
			if (drv)
				keyedhash_digest(k, msgs + i * len, len, out, sizeof(out));
			else
				out[0] = kh_leaky(msgs + i * len, len);
			b = kh_cycles();
			cyc[i] = b - a;
		}
		if (!done) {
			/* the crop thresholds, from the first batch (dudect) */
			static const double pct[KH_NCROP] = { .5, .75, .9, .95, .99, .999 };
			uint64_t *s = malloc(KH_BATCH * sizeof(*s));

			memcpy(s, cyc, KH_BATCH * sizeof(*s));
			qsort(s, KH_BATCH, sizeof(*s), kh_cmp);
			for (j = 0; j < KH_NCROP; j++)
				crop[j] = s[(size_t)(pct[j] * (KH_BATCH - 1))];
			free(s);
			done += KH_BATCH;	/* the first batch warms up only */
			continue;
		}
		for (i = 0; i < KH_BATCH; i++) {
			kh_t_push(&t[KH_NCROP], (double)cyc[i], cls[i]);
			for (j = 0; j < KH_NCROP; j++)
				if (cyc[i] < crop[j])
					kh_t_push(&t[j], (double)cyc[i], cls[i]);
		}
		done += KH_BATCH;
	}
	for (j = 0; j <= KH_NCROP; j++)
		if (fabs(kh_t_value(&t[j])) > fabs(best))
			best = kh_t_value(&t[j]);
	for (i = 0; i < KH_POOL; i++)
		keyedhash_key_free(pool[i]);
	free(fixed);
	keyedhash_key_free(k0);
	free(msgs);
	free(key);
	free(cyc);
	free(cls);
	free(which);
	return best;
}

static const char *kh_verdict(double t)
{
	t = fabs(t);
	return t > 10 ? "LEAK: timing depends on the secret" :
	       t > 4.5 ? "suspicious: run longer (-n)" : "no dependence seen";
}

int main(int argc, char **argv)
{
	unsigned long n = 200000;
	size_t len = 1024;
	const char *drv;
	int opt, leak = 0, ran = 0, self = 0;
	unsigned int d;

	while ((opt = getopt(argc, argv, "n:l:s")) != -1) {
		if (opt == 's')
			self = 1;
		else if (opt == 'n')
			n = strtoul(optarg, NULL, 0);
		else if (opt == 'l')
			len = strtoul(optarg, NULL, 0);
		else
			return 2;
	}
	if (self) {
		double t = kh_experiment(NULL, len, n, 0);

		printf("ct-timing: %-30s %-7s %zu bytes, %lu measurements: max |t| = %6.2f  %s\n",
		       "(self-check: early-exit compare)", "message", len, n, fabs(t),
		       fabs(t) > 10 ? "seen, as it must be" : "NOT SEEN: the measurement does not work");
		if (fabs(t) <= 10)
			return 3;
	}
	for (d = 0; (drv = keyedhash_driver_name(d)); d++) {
		int pick = optind < argc ? 0 : !!strstr(drv, "avx512");
		int i;
		size_t l = len;

		for (i = optind; i < argc; i++)
			pick |= !strcmp(argv[i], drv);
		if (!pick)
			continue;
		if (!keyedhash_driver_usable(drv)) {
			printf("ct-timing: %-30s not run (this CPU cannot run it)\n", drv);
			continue;
		}
		if (!strncmp(drv, "multimixer128", 13))
			l = l < 32 ? 32 : (l + 31) / 32 * 32;
		for (i = 0; i < 2; i++) {
			double t = kh_experiment(drv, l, n, i);

			printf("ct-timing: %-30s %-7s %zu bytes, %lu measurements: max |t| = %6.2f  %s\n",
			       drv, i ? "key" : "message", l, n, fabs(t), kh_verdict(t));
			fflush(stdout);
			leak |= fabs(t) > 10;
			ran++;
		}
	}
	if (!ran)
		printf("ct-timing: no driver run\n");
	return leak;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest: run the module's own init-time self-test (selftest.c) over the
 * generic C drivers in userspace, through libkeyedhash/kshim, timed, the
 * same code once more over every vector of tests/keyedhash-testvecs.h, and
 * the drivers' shash operations over those vectors (hosttest-shash.h).  It
 * checks the very source files the module compiles, in seconds, before any
 * VM boots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tests/host/ht_impl.h"
#include <keyedhash/internal/testvec.h>
#include "tests/keyedhash-testvecs.h"
#include "tests/host/hosttest.h"

HT_DEFINE_REGISTER
#include "tests/host/hosttest-full.h"
#include "tests/host/hosttest-shash.h"

static u8 *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	u8 *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			buf = realloc(buf, cap);
			if (!buf)
				break;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	fclose(f);
	*len = n;
	return buf;
}

/*
 * --digest NAME KEYFILE FILE: print "<hex>  FILE" like khsum, computed by
 * the generic driver of NAME, so the VMs can compare the kernel's answer
 * through AF_ALG with this one.
 */
static int host_digest(const char *name, const char *keyfile, const char *file)
{
	const struct ht_impl *impl;
	size_t keylen, len;
	u8 *key, *msg, out[64];
	void *ctx, *state;
	unsigned int i;
	int err;

	impl = ht_generic_impl(name);
	key = read_file(keyfile, &keylen);
	msg = read_file(file, &len);
	if (!impl || !key || !msg) {
		fprintf(stderr, "hosttest: cannot hash %s with %s\n", file, name);
		return 1;
	}
	ctx = calloc(1, impl->alg->ctxsize);
	state = calloc(1, impl->alg->statesize);
	err = impl->alg->setkey(ctx, key, keylen);
	if (!err) {
		impl->alg->init(ctx, state);
		err = impl->alg->update(impl, ctx, state, msg, len);
	}
	if (!err)
		err = impl->alg->final(impl, ctx, state, out);
	if (impl->alg->exit)
		impl->alg->exit(ctx);
	if (err) {
		fprintf(stderr, "hosttest: %s: error %d\n", name, err);
		return 1;
	}
	for (i = 0; i < impl->digestsize; i++)
		printf("%02x", out[i]);
	printf("  %s\n", file);
	free(ctx);
	free(state);
	free(key);
	free(msg);
	return 0;
}

/*
 * init() must write every byte of the request state: export() hands all of
 * it to the caller, so a byte init() leaves alone would carry data of an
 * earlier request (or key) out.  The state after init() and an update() of
 * a few bytes must not depend on what the buffer held before.
 */
static int init_writes_state(const struct ht_impl *impl)
{
	static const unsigned int lens[] = { 0, 1, 7, 17, 31 };
	const struct ht_ops *alg = impl->alg;
	const struct kh_testvec *tv = NULL;
	u8 *st[2], msg[32] = { 0 };
	unsigned int i, f;
	void *ctx;
	int err;

	for (i = 0; i < ARRAY_SIZE(kh_testvec_suites); i++)
		if (!strcmp(kh_testvec_suites[i].name, impl->name))
			tv = kh_testvec_suites[i].vecs;
	ctx = calloc(1, alg->ctxsize);
	st[0] = malloc(alg->statesize);
	st[1] = malloc(alg->statesize);
	err = !tv || !ctx || !st[0] || !st[1] ? -ENOMEM :
	      alg->setkey(ctx, tv->key, tv->keylen);
	for (i = 0; !err && i < ARRAY_SIZE(lens); i++) {
		for (f = 0; !err && f < 2; f++) {
			memset(st[f], f ? 0xff : 0x00, alg->statesize);
			alg->init(ctx, st[f]);
			err = alg->update(impl, ctx, st[f], msg, lens[i]);
		}
		if (!err && memcmp(st[0], st[1], alg->statesize)) {
			printf("FAIL: %s: the state after init() and %u bytes depends on the bytes before init()\n",
			       impl->driver, lens[i]);
			err = -EBADMSG;
		}
	}
	if (alg->exit && ctx)
		alg->exit(ctx);
	free(ctx);
	free(st[0]);
	free(st[1]);
	if (err != -EBADMSG)
		printf("%s: %s: init() writes the whole request state%s\n",
		       err ? "FAIL" : "PASS", impl->driver,
		       err ? " (could not run)" : "");
	return err;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	unsigned int i, failed = 0;
	double total = 0;

	if (argc == 5 && !strcmp(argv[1], "--digest"))
		return host_digest(argv[2], argv[3], argv[4]);

	/* --list: "name driver" of every generic driver, for the VM checks */
	if (argc > 1 && !strcmp(argv[1], "--list")) {
		for (i = 0; i < ht_generic_impl_count; i++)
			printf("%s %s\n", (&ht_generic_impl_table[i])->name,
			       (&ht_generic_impl_table[i])->driver);
		return 0;
	}

	for (i = 0; i < ht_generic_impl_count; i++) {
		const struct ht_impl *impl = (&ht_generic_impl_table[i]);
		double t0 = now_ms(), t;
		int err = kh_selftest(ht_shash_alg(impl->driver));

		t = now_ms() - t0;
		total += t;
		printf("%s: %s %s (%.1f ms)\n", err ? "FAIL" : "PASS",
		       impl->driver,
		       err ? "self-test failed" : "self-test passed", t);
		failed += !!err;
		failed += !!init_writes_state(impl);
		failed += !!ht_full_vectors(impl);
		failed += !!ht_shash_ops(impl);
	}
	/* the time module init spends in the self-test of these drivers */
	printf("hosttest: %u passed, %u failed (self-test of the %u generic drivers: %.1f ms)\n",
	       4 * ht_generic_impl_count - failed, failed,
	       ht_generic_impl_count, total);
	return failed ? 1 : 0;
}

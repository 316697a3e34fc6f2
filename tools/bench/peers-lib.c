// SPDX-License-Identifier: GPL-2.0
/*
 * libkeyedhash rows: our drivers as userspace programs call them, through
 * the shared object (build/lib/libkeyedhash.so.0, loaded with dlopen() from
 * KB_LIBKEYEDHASH, which tools/bench/run.sh sets after "make lib"), beside
 * the bare rows of the same code.  Two rows per algorithm: "lib:ALG"
 * (keyedhash_digest(), one-shot) and "lib:ALG stream" (keyedhash_reset(),
 * keyedhash_update() in pieces of at most 64 KiB, keyedhash_final()).
 * The library's own driver choice is used: the note names it.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

/* The few calls of libkeyedhash/include/keyedhash.h used, looked up by name. */
struct kb_lib {
	int (*key_new)(void **out, const char *name, const void *key, size_t keylen);
	void (*key_free)(void *key);
	const char *(*key_driver)(const void *key);
	int (*digest)(const void *key, const void *msg, size_t len, void *out,
		      size_t outlen);
	int (*state_new)(void **out, const void *key);
	void (*state_free)(void *state);
	int (*reset)(void *state);
	int (*update)(void *state, const void *data, size_t len);
	int (*final)(void *state, void *out, size_t outlen);
	const char *(*algorithm)(unsigned int i);
	size_t (*digest_size)(const char *name);
};

static struct kb_lib kb_lib;

struct kb_lib_inst {
	void *key;
	void *state;
};

#define KB_LIB_PIECE	(64U << 10)

static void *kb_lib_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	struct kb_lib_inst *in = calloc(1, sizeof(*in));

	if (!in)
		kb_fatal("out of memory");
	if (kb_lib.key_new(&in->key, bi->alg, key, keylen) ||
	    kb_lib.state_new(&in->state, in->key)) {
		kb_lib.key_free(in->key);
		free(in);
		return NULL;
	}
	return in;
}

static void kb_lib_teardown(void *p)
{
	struct kb_lib_inst *in = p;

	kb_lib.state_free(in->state);
	kb_lib.key_free(in->key);
	free(in);
}

static void kb_lib_oneshot(void *p, const u8 *msg, size_t len, u8 *out)
{
	struct kb_lib_inst *in = p;

	if (kb_lib.digest(in->key, msg, len, out, KB_MAX_DIGEST))
		memset(out, 0, KB_MAX_DIGEST);
}

static void kb_lib_stream(void *p, const u8 *msg, size_t len, u8 *out)
{
	struct kb_lib_inst *in = p;
	int err = kb_lib.reset(in->state);

	while (!err && len) {
		size_t n = len < KB_LIB_PIECE ? len : KB_LIB_PIECE;

		err = kb_lib.update(in->state, msg, n);
		msg += n;
		len -= n;
	}
	if (err || kb_lib.final(in->state, out, KB_MAX_DIGEST))
		memset(out, 0, KB_MAX_DIGEST);
}

static void *kb_lib_sym(void *dl, const char *name)
{
	void *p = dlsym(dl, name);

	if (!p)
		kb_fatal("libkeyedhash: no symbol %s", name);
	return p;
}

void kb_register_libkeyedhash(const char *path)
{
	static const u8 key32[32];
	const char *alg;
	unsigned int i;
	void *dl, *k;

	dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!dl)
		kb_fatal("%s: %s", path, dlerror());
	*(void **)&kb_lib.key_new = kb_lib_sym(dl, "keyedhash_key_new");
	*(void **)&kb_lib.key_free = kb_lib_sym(dl, "keyedhash_key_free");
	*(void **)&kb_lib.key_driver = kb_lib_sym(dl, "keyedhash_key_driver");
	*(void **)&kb_lib.digest = kb_lib_sym(dl, "keyedhash_digest");
	*(void **)&kb_lib.state_new = kb_lib_sym(dl, "keyedhash_state_new");
	*(void **)&kb_lib.state_free = kb_lib_sym(dl, "keyedhash_state_free");
	*(void **)&kb_lib.reset = kb_lib_sym(dl, "keyedhash_reset");
	*(void **)&kb_lib.update = kb_lib_sym(dl, "keyedhash_update");
	*(void **)&kb_lib.final = kb_lib_sym(dl, "keyedhash_final");
	*(void **)&kb_lib.algorithm = kb_lib_sym(dl, "keyedhash_algorithm");
	*(void **)&kb_lib.digest_size = kb_lib_sym(dl, "keyedhash_digest_size");
	for (i = 0; (alg = kb_lib.algorithm(i)); i++) {
		unsigned int ds = (unsigned int)kb_lib.digest_size(alg);
		const char *drv = alg;
		struct kb_impl *bi;
		char name[64];

		/* the driver the library picks (a 32-byte key fits most) */
		if (!kb_lib.key_new(&k, alg, key32, sizeof(key32))) {
			drv = kb_lib.key_driver(k);
			kb_lib.key_free(k);
		}
		snprintf(name, sizeof(name), "lib:%s", alg);
		bi = kb_add(alg, name, ds);
		bi->setup = kb_lib_setup;
		bi->hash = kb_lib_oneshot;
		bi->teardown = kb_lib_teardown;
		snprintf(bi->note, sizeof(bi->note), "libkeyedhash.so keyedhash_digest() (%s)", drv);
		snprintf(name, sizeof(name), "lib:%s stream", alg);
		bi = kb_add(alg, name, ds);
		bi->setup = kb_lib_setup;
		bi->hash = kb_lib_stream;
		bi->teardown = kb_lib_teardown;
		snprintf(bi->note, sizeof(bi->note), "libkeyedhash.so update() by 64 KiB (%s)", drv);
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Google's own HighwayHash as a peer, which is in no package registry: the
 * portable C of a google/highwayhash checkout (c/highwayhash.c) and its
 * AVX2 C++ (highwayhash/hh_avx2.h behind the same C signatures,
 * peers-google-avx2.cc).  run.sh builds them into shared objects when
 * KH_GOOGLE_HH=<checkout> is given and passes their paths in
 * KB_GOOGLE_HH_LIB and KB_GOOGLE_HH_AVX2_LIB; each is loaded with dlopen(),
 * as the Rust peers are, and its digests are compared with ours before it
 * is timed.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

struct kb_ghh_lib {
	u64 (*hh64)(const u8 *data, size_t size, const u64 key[4]);
	void (*hh128)(const u8 *data, size_t size, const u64 key[4],
		      u64 hash[2]);
	void (*hh256)(const u8 *data, size_t size, const u64 key[4],
		      u64 hash[4]);
};

struct kb_ghh_peer {
	const struct kb_ghh_lib *lib;
	unsigned int bits;
};

struct kb_ghh_inst {
	const struct kb_ghh_peer *peer;
	u64 key[4];
};

static void *kb_ghh_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	struct kb_ghh_inst *in;
	int i;

	(void)msglen;
	if (keylen != 32)
		return NULL;
	in = kb_zalloc(sizeof(*in));
	in->peer = bi->priv;
	for (i = 0; i < 4; i++)
		in->key[i] = kb_load64(key + 8 * i);	/* little-endian host */
	return in;
}

static void kb_ghh_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	const struct kb_ghh_inst *in = inst;
	const struct kb_ghh_lib *lib = in->peer->lib;
	u64 h[4];

	switch (in->peer->bits) {
	case 64:
		h[0] = lib->hh64(msg, len, in->key);
		break;
	case 128:
		lib->hh128(msg, len, in->key, h);
		break;
	default:
		lib->hh256(msg, len, in->key, h);
		break;
	}
	/* result words little-endian, word 0 first, as our digests */
	memcpy(out, h, in->peer->bits / 8);
}

static void kb_ghh_teardown(void *inst)
{
	memset(inst, 0, sizeof(struct kb_ghh_inst));
	free(inst);
}

static void *kb_ghh_sym(void *dl, const char *path, const char *name)
{
	void *p = dlsym(dl, name);

	if (!p)
		kb_fatal("%s: no symbol %s", path, name);
	return p;
}

void kb_register_google_hh(const char *path, const char *name,
			   const char *desc)
{
	static const char *const algs[] = { "highwayhash64", "highwayhash128",
					    "highwayhash256" };
	struct kb_ghh_lib *lib = calloc(1, sizeof(*lib));
	void *dl;
	int i;

	if (!lib)
		kb_fatal("out of memory");
	dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!dl)
		kb_fatal("%s", dlerror());
	lib->hh64 = kb_ghh_sym(dl, path, "HighwayHash64");
	lib->hh128 = kb_ghh_sym(dl, path, "HighwayHash128");
	lib->hh256 = kb_ghh_sym(dl, path, "HighwayHash256");
	for (i = 0; i < 3; i++) {
		struct kb_ghh_peer *p = calloc(1, sizeof(*p));
		struct kb_impl *bi;

		if (!p)
			kb_fatal("out of memory");
		p->lib = lib;
		p->bits = 64 << i;
		bi = kb_add(algs[i], name, 8 << i);
		bi->setup = kb_ghh_setup;
		bi->hash = kb_ghh_hash;
		bi->teardown = kb_ghh_teardown;
		bi->priv = p;
		snprintf(bi->note, sizeof(bi->note), "google/highwayhash %s",
			 desc);
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Rust peers: the crates `highway` 1.3.0, `sthash` 0.2.17 and
 * `multimixer-128` 0.1.4 through the C entry points of
 * tools/bench/peers-rs (a cdylib built at bench time), loaded with dlopen()
 * so that the baseline and the target-cpu=native builds, which export the
 * same names, can sit side by side in one run.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

struct kb_rs_lib {
	char suffix[32];
	const char *target;
	void *(*hh_new)(u32 kind, const u8 *key);
	const char *(*hh_desc)(const void *h);
	void (*hh_hash)(const void *h, u32 bits, const u8 *msg, size_t len,
			u8 *out);
	void (*hh_free)(void *h);
	void *(*sthash_new)(const u8 *seed, size_t seed_len, const u8 *c1,
			    size_t c1_len, const u8 *c2, size_t c2_len);
	void (*sthash_hash)(const void *h, const u8 *msg, size_t len, u8 *out);
	void (*sthash_free)(void *h);
	void *(*mm128_new)(const u8 *key, size_t key_len);
	void (*mm128_hash)(const void *h, const u8 *msg, size_t len, u8 *out);
	void (*mm128_free)(void *h);
};

enum kb_rs_alg { KB_RS_HH, KB_RS_HH_PORTABLE, KB_RS_STHASH, KB_RS_STHASH_P,
		 KB_RS_MM128 };

struct kb_rs_peer {
	const struct kb_rs_lib *lib;
	enum kb_rs_alg alg;
	unsigned int bits;
};

struct kb_rs_inst {
	const struct kb_rs_peer *peer;
	void *h;
};

static void *kb_rs_sym(void *dl, const char *lib, const char *name)
{
	void *p = dlsym(dl, name);

	if (!p)
		kb_fatal("%s: no symbol %s", lib, name);
	return p;
}

static u16 kb_le16(const u8 *p)
{
	return p[0] | p[1] << 8;
}

/*
 * The sthash-personalized key blob (le16 n, seed, le16 n, c1, le16 n, c2)
 * split into its parts, as our setkey reads it.
 */
static bool kb_rs_blob(const u8 *key, size_t keylen, const u8 *part[3],
		       size_t n[3])
{
	size_t pos = 0;
	int i;

	for (i = 0; i < 3; i++) {
		if (pos + 2 > keylen)
			return false;
		n[i] = kb_le16(key + pos);
		pos += 2;
		if (pos + n[i] > keylen)
			return false;
		part[i] = key + pos;
		pos += n[i];
	}
	return pos == keylen;
}

static void *kb_rs_setup(const struct kb_impl *bi, const u8 *key,
			 size_t keylen, size_t msglen)
{
	const struct kb_rs_peer *p = bi->priv;
	const struct kb_rs_lib *lib = p->lib;
	struct kb_rs_inst *in;
	const u8 *part[3];
	size_t n[3];
	void *h = NULL;

	switch (p->alg) {
	case KB_RS_HH:
	case KB_RS_HH_PORTABLE:
		if (keylen != 32)
			return NULL;
		h = lib->hh_new(p->alg == KB_RS_HH ? 0 : 1, key);
		break;
	case KB_RS_STHASH:
		h = lib->sthash_new(key, keylen, NULL, 0, NULL, 0);
		break;
	case KB_RS_STHASH_P:
		if (!kb_rs_blob(key, keylen, part, n))
			return NULL;
		h = lib->sthash_new(part[0], n[0], part[1], n[1], part[2],
				    n[2]);
		break;
	case KB_RS_MM128:
		if (keylen != msglen)
			return NULL;
		h = lib->mm128_new(key, keylen);
		break;
	}
	if (!h)
		return NULL;
	in = malloc(sizeof(*in));
	if (!in)
		kb_fatal("out of memory");
	in->peer = p;
	in->h = h;
	return in;
}

static void kb_rs_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_rs_inst *in = inst;
	const struct kb_rs_peer *p = in->peer;

	switch (p->alg) {
	case KB_RS_HH:
	case KB_RS_HH_PORTABLE:
		p->lib->hh_hash(in->h, p->bits, msg, len, out);
		break;
	case KB_RS_STHASH:
	case KB_RS_STHASH_P:
		p->lib->sthash_hash(in->h, msg, len, out);
		break;
	case KB_RS_MM128:
		p->lib->mm128_hash(in->h, msg, len, out);
		break;
	}
}

static void kb_rs_teardown(void *inst)
{
	struct kb_rs_inst *in = inst;
	const struct kb_rs_peer *p = in->peer;

	switch (p->alg) {
	case KB_RS_HH:
	case KB_RS_HH_PORTABLE:
		p->lib->hh_free(in->h);
		break;
	case KB_RS_STHASH:
	case KB_RS_STHASH_P:
		p->lib->sthash_free(in->h);
		break;
	case KB_RS_MM128:
		p->lib->mm128_free(in->h);
		break;
	}
	free(in);
}

static void kb_rs_add(const struct kb_rs_lib *lib, const char *alg,
		      const char *base, enum kb_rs_alg which,
		      unsigned int bits, unsigned int ds, const char *crate)
{
	struct kb_rs_peer *p = calloc(1, sizeof(*p));
	struct kb_impl *bi;
	char name[64];

	if (!p)
		kb_fatal("out of memory");
	p->lib = lib;
	p->alg = which;
	p->bits = bits;
	snprintf(name, sizeof(name), "peer:rust-%s%s", base, lib->suffix);
	bi = kb_add(alg, name, ds);
	bi->setup = kb_rs_setup;
	bi->hash = kb_rs_hash;
	bi->teardown = kb_rs_teardown;
	bi->priv = p;
	snprintf(bi->note, sizeof(bi->note), "%s, build target %s", crate,
		 lib->target);
	if (which == KB_RS_HH || which == KB_RS_HH_PORTABLE) {
		static const u8 zkey[32];
		void *h = lib->hh_new(which == KB_RS_HH ? 0 : 1, zkey);

		snprintf(bi->note, sizeof(bi->note), "%s %s, build target %s",
			 crate, lib->hh_desc(h), lib->target);
		lib->hh_free(h);
	}
}

/*
 * Register the peers of one build of the library: @suffix is appended to
 * their names ("" or "-native"); @portable adds highway's scalar
 * PortableHash too.
 */
void kb_register_rust(const char *path, const char *suffix, bool portable)
{
	struct kb_rs_lib *lib = calloc(1, sizeof(*lib));
	u32 (*abi)(void);
	const char *(*target)(void);
	void *dl;

	if (!lib)
		kb_fatal("out of memory");
	dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!dl)
		kb_fatal("%s", dlerror());
	abi = kb_rs_sym(dl, path, "kbrs_abi_version");
	if (abi() != 1)
		kb_fatal("%s: ABI version %u, want 1", path, abi());
	target = kb_rs_sym(dl, path, "kbrs_target_desc");
	snprintf(lib->suffix, sizeof(lib->suffix), "%s", suffix);
	lib->target = target();
	lib->hh_new = kb_rs_sym(dl, path, "kbrs_hh_new");
	lib->hh_desc = kb_rs_sym(dl, path, "kbrs_hh_desc");
	lib->hh_hash = kb_rs_sym(dl, path, "kbrs_hh_hash");
	lib->hh_free = kb_rs_sym(dl, path, "kbrs_hh_free");
	lib->sthash_new = kb_rs_sym(dl, path, "kbrs_sthash_new");
	lib->sthash_hash = kb_rs_sym(dl, path, "kbrs_sthash_hash");
	lib->sthash_free = kb_rs_sym(dl, path, "kbrs_sthash_free");
	lib->mm128_new = kb_rs_sym(dl, path, "kbrs_mm128_new");
	lib->mm128_hash = kb_rs_sym(dl, path, "kbrs_mm128_hash");
	lib->mm128_free = kb_rs_sym(dl, path, "kbrs_mm128_free");

	kb_rs_add(lib, "highwayhash64", "highway", KB_RS_HH, 64, 8,
		  "highway 1.3.0");
	kb_rs_add(lib, "highwayhash128", "highway", KB_RS_HH, 128, 16,
		  "highway 1.3.0");
	kb_rs_add(lib, "highwayhash256", "highway", KB_RS_HH, 256, 32,
		  "highway 1.3.0");
	if (portable) {
		kb_rs_add(lib, "highwayhash64", "highway-portable",
			  KB_RS_HH_PORTABLE, 64, 8, "highway 1.3.0");
		kb_rs_add(lib, "highwayhash128", "highway-portable",
			  KB_RS_HH_PORTABLE, 128, 16, "highway 1.3.0");
		kb_rs_add(lib, "highwayhash256", "highway-portable",
			  KB_RS_HH_PORTABLE, 256, 32, "highway 1.3.0");
	}
	kb_rs_add(lib, "multimixer128", "multimixer-128", KB_RS_MM128, 0, 64,
		  "multimixer-128 0.1.4");
	kb_rs_add(lib, "sthash", "sthash", KB_RS_STHASH, 0, 32,
		  "sthash 0.2.17 Hasher::hash");
	kb_rs_add(lib, "sthash-personalized", "sthash", KB_RS_STHASH_P, 0, 32,
		  "sthash 0.2.17 Hasher::hash");
}

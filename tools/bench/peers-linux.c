// SPDX-License-Identifier: GPL-2.0
/*
 * Peers from the Linux 6.1 source itself (compiled at bench time from the
 * installed linux-source-6.1, see bench.mk): the nhpoly1305 shash drivers
 * nhpoly1305-generic, -sse2 and -avx2 (crypto/nhpoly1305.c with
 * lib/crypto/poly1305-donna64.c and the x86 glue), driven through their
 * shash ops like the crypto API does, and their NH functions alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kshim/kb_kshim.h"
#include "bench.h"

#define KB_NH_KEY_WORDS	268
#define KB_NH_CHUNK	1024

const struct shash_alg *kb_linux_nhpoly1305_generic(void);
void kb_linux_nh_generic(const u32 *key, const u8 *message,
			 size_t message_len, __le64 hash[4]);
#if defined(__x86_64__)
const struct shash_alg *kb_linux_nhpoly1305_sse2(void);
const struct shash_alg *kb_linux_nhpoly1305_avx2(void);
void nh_sse2(const u32 *key, const u8 *message, size_t message_len,
	     u8 hash[32]);
void nh_avx2(const u32 *key, const u8 *message, size_t message_len,
	     u8 hash[32]);
#endif

/* One shash driver: the tfm context keyed once, a request state reused. */
struct kb_lshash {
	const struct shash_alg *alg;
	struct crypto_shash tfm;
	struct shash_desc desc;
};

static void *kb_lshash_setup(const struct kb_impl *bi, const u8 *key,
			     size_t keylen, size_t msglen)
{
	const struct shash_alg *alg = bi->priv;
	struct kb_lshash *s;

	(void)msglen;
	s = kb_zalloc(sizeof(*s));
	s->alg = alg;
	s->tfm.ctx = kb_zalloc(alg->base.cra_ctxsize);
	s->desc.tfm = &s->tfm;
	s->desc.ctx = kb_zalloc(alg->descsize);
	if (alg->setkey(&s->tfm, key, keylen)) {
		free(s->tfm.ctx);
		free(s->desc.ctx);
		free(s);
		return NULL;
	}
	return s;
}

static void kb_lshash_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_lshash *s = inst;

	s->alg->init(&s->desc);
	s->alg->update(&s->desc, msg, len);
	s->alg->final(&s->desc, out);
}

static void kb_lshash_teardown(void *inst)
{
	struct kb_lshash *s = inst;

	free(s->tfm.ctx);
	free(s->desc.ctx);
	free(s);
}

static void kb_add_shash(const struct shash_alg *alg, const char *name)
{
	struct kb_impl *bi = kb_add(alg->base.cra_name, name, alg->digestsize);

	bi->setup = kb_lshash_setup;
	bi->hash = kb_lshash_hash;
	bi->teardown = kb_lshash_teardown;
	bi->priv = alg;
	snprintf(bi->note, sizeof(bi->note), "Linux 6.1 %s",
		 alg->base.cra_driver_name);
}

/*
 * NH alone, over 1 KiB chunks, sums added (as ours.c does); the SSE2 and
 * AVX2 functions run in SIMD sections of 4 KiB, as in the kernel's glue
 * (kernel_fpu_begin() does nothing in the bare build; kernel_fpu_end()
 * leaves the upper ymm halves clean).
 */
enum kb_lnh { KB_LNH_GENERIC, KB_LNH_SSE2, KB_LNH_AVX2 };

struct kb_lnh_inst {
	enum kb_lnh which;
	u32 key[KB_NH_KEY_WORDS];
};

static void *kb_lnh_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	struct kb_lnh_inst *n;
	int i;

	(void)msglen;
	if (keylen != 16 + 4 * KB_NH_KEY_WORDS)
		return NULL;
	n = kb_zalloc(sizeof(*n));
	n->which = (enum kb_lnh)(uintptr_t)bi->priv;
	for (i = 0; i < KB_NH_KEY_WORDS; i++)
		n->key[i] = get_unaligned_le32(key + 16 + 4 * i);
	return n;
}

static void kb_lnh_hash(void *inst, const u8 *msg, size_t len, u8 *out)
{
	struct kb_lnh_inst *n = inst;
	bool simd = n->which != KB_LNH_GENERIC;
	u64 sum[4] = { 0 };
	__le64 h[4];
	size_t c, sect;
	int i;

	while (len) {
		/* one SIMD section per 4 KiB, as the kernel's x86 glue */
		sect = len < SZ_4K ? len : SZ_4K;
		if (simd)
			kernel_fpu_begin();
		for (; sect; msg += c, len -= c, sect -= c) {
			c = sect < KB_NH_CHUNK ? sect : KB_NH_CHUNK;
			switch (n->which) {
			case KB_LNH_GENERIC:
				kb_linux_nh_generic(n->key, msg, c, h);
				break;
#if defined(__x86_64__)
			case KB_LNH_SSE2:
				nh_sse2(n->key, msg, c, (u8 *)h);
				break;
			case KB_LNH_AVX2:
				nh_avx2(n->key, msg, c, (u8 *)h);
				break;
#endif
			default:
				kb_fatal("bad NH peer");
			}
			for (i = 0; i < 4; i++)
				sum[i] += le64_to_cpu(h[i]);
		}
		if (simd)
			kernel_fpu_end();
	}
	memcpy(out, sum, sizeof(sum));
}

static void kb_add_nh(enum kb_lnh which, const char *name)
{
	struct kb_impl *bi = kb_add("nh", name, 32);

	bi->setup = kb_lnh_setup;
	bi->hash = kb_lnh_hash;
	bi->teardown = free;
	bi->priv = (const void *)(uintptr_t)which;
	snprintf(bi->note, sizeof(bi->note), "Linux 6.1 %s alone",
		 which == KB_LNH_AVX2 ? "nh_avx2" :
		 which == KB_LNH_SSE2 ? "nh_sse2" : "nh_generic");
}

void kb_register_linux(void)
{
#if defined(__x86_64__)
	if (__builtin_cpu_supports("avx2")) {
		kb_add_shash(kb_linux_nhpoly1305_avx2(),
			     "peer:linux-nhpoly1305-avx2");
		kb_add_nh(KB_LNH_AVX2, "peer:linux-nh-avx2");
	}
	kb_add_shash(kb_linux_nhpoly1305_sse2(), "peer:linux-nhpoly1305-sse2");
	kb_add_nh(KB_LNH_SSE2, "peer:linux-nh-sse2");
#endif
	kb_add_shash(kb_linux_nhpoly1305_generic(),
		     "peer:linux-nhpoly1305-generic");
	kb_add_nh(KB_LNH_GENERIC, "peer:linux-nh-generic");
}

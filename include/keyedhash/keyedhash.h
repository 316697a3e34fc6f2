/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the one data path shared by every driver.
 *
 * Each algorithm's state machine (key setup, request state, update and
 * final) is written once in C, in its header as inline functions that take
 * the block functions of an instruction set as arguments.  Each driver is a
 * struct kh_impl whose struct kh_alg_ops is that state machine instantiated
 * for its instruction set (core/generic.c, arch/): below the one indirect
 * call through kh_alg_ops, the block functions are direct calls.  @arch
 * names the same block functions for the tests and the benchmark.  The
 * shash glue, the module-init self-test, the KUnit suites and the
 * userspace benchmark all call these same entry points.
 *
 * Nothing here depends on the crypto API, so the algorithm cores also build
 * in userspace through the small shim in tests/host/shim/.
 */
#ifndef _KEYEDHASH_KEYEDHASH_H
#define _KEYEDHASH_KEYEDHASH_H

#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>

struct kh_impl;

/**
 * struct kh_alg_ops - one algorithm's state machine
 * @ctxsize:	size of the key context (the shash tfm context)
 * @statesize:	size of the request state; it holds no pointers, so the
 *		shash export/import is a plain copy
 * @min_keysize: smallest key setkey() accepts (informational, for tests)
 * @max_keysize: largest key setkey() accepts (informational, for tests)
 * @setkey:	derive all key-dependent material into @ctx; on error return
 *		-EINVAL and leave nothing in @ctx that the caller must free
 * @exit:	optional; release what setkey() allocated (the context itself
 *		is wiped by the caller).  Called only in process context (the
 *		shash setkey and exit_tfm, the module-init self-test): it may
 *		sleep (vfree)
 * @init:	start a request
 * @update:	absorb @len bytes; may fail only where the algorithm defines
 *		an error (Multimixer-128 past the end of its key)
 * @final:	write impl->digestsize bytes
 */
struct kh_alg_ops {
	unsigned int ctxsize;
	unsigned int statesize;
	unsigned int min_keysize;
	unsigned int max_keysize;
	int (*setkey)(void *ctx, const u8 *key, unsigned int keylen);
	void (*exit)(void *ctx);
	void (*init)(const void *ctx, void *state);
	int (*update)(const struct kh_impl *impl, const void *ctx, void *state,
		      const u8 *src, unsigned int len);
	int (*final)(const struct kh_impl *impl, const void *ctx, void *state,
		     u8 *out);
};

/**
 * struct kh_impl - one driver: an algorithm on one instruction set
 * @name:	the crypto API algorithm name (cra_name)
 * @driver:	the driver name (cra_driver_name)
 * @priority:	cra_priority
 * @digestsize:	digest size in bytes
 * @blocksize:	cra_blocksize (informational for shash)
 * @alg:	the algorithm's state machine
 * @arch:	the algorithm's block-function table for this instruction set
 *		(for SIMD drivers the functions that run the assembly, to be
 *		called inside a SIMD section), the same @alg calls directly;
 *		the tests and the benchmark read it, the data path does not
 * @simd_min:	SIMD drivers: an update() shorter than this many bytes, and
 *		the final() of a message shorter than this, run the generic C
 *		and enter no SIMD section (measured: below it the generic code
 *		costs less than a section; see the README's Speed section).
 *		0 for the generic drivers.
 * @usable:	NULL, or whether the CPU and OS state allow this driver
 * @load_first:	NULL, or a driver of the kernel's own for the same @name
 *		that module init loads (if it exists) before registering this
 *		one.  Once any driver of a name is registered the crypto API no
 *		longer autoloads others, so without this a lower-priority
 *		kernel driver we mean to stay above, or a higher one we mean to
 *		stay below, might never be loaded.
 */
struct kh_impl {
	const char *name;
	const char *driver;
	int priority;
	unsigned int digestsize;
	unsigned int blocksize;
	const struct kh_alg_ops *alg;
	const void *arch;
	unsigned int simd_min;
	bool (*usable)(void);
	const char *load_first;
};

static inline bool kh_impl_usable(const struct kh_impl *impl)
{
	return !impl->usable || impl->usable();
}

/**
 * kh_update_blocks() - the partial-block buffering every algorithm shares
 * @buf:	the request's block buffer, holding @pos bytes
 * @bs:		block size
 * @pos:	bytes already buffered (< @bs)
 * @src:	new data
 * @len:	its length
 * @blocks:	absorbs whole blocks; called with @priv
 * @priv:	passed to @blocks
 *
 * Completes and absorbs a buffered block, absorbs whole blocks straight from
 * @src and leaves the tail (len' = (pos + len) % bs bytes) in @buf.  Always
 * inlined: with a constant @blocks the calls are direct.
 */
static __always_inline void
kh_update_blocks(u8 *buf, unsigned int bs, unsigned int pos, const u8 *src,
		 unsigned int len,
		 void (*blocks)(void *priv, const u8 *src, size_t nblocks),
		 void *priv)
{
	if (pos) {
		unsigned int n = min(len, bs - pos);

		memcpy(buf + pos, src, n);
		if (pos + n < bs)
			return;
		blocks(priv, buf, 1);
		src += n;
		len -= n;
	}
	if (len >= bs) {
		blocks(priv, src, len / bs);
		src += len - len % bs;
		len %= bs;
	}
	memcpy(buf, src, len);
}

/* Generic C drivers, defined in core/generic.c. */
extern const struct kh_impl kh_generic_impls[];
extern const unsigned int kh_generic_impl_count;

/* The generic driver of algorithm @name (a cra_name), or NULL. */
static inline const struct kh_impl *kh_generic_impl(const char *name)
{
	unsigned int i;

	for (i = 0; i < kh_generic_impl_count; i++)
		if (!strcmp(kh_generic_impls[i].name, name))
			return &kh_generic_impls[i];
	return NULL;
}

/* Architecture drivers, defined under arch/ (none on other architectures). */
extern const struct kh_impl kh_arch_impls[];
extern const unsigned int kh_arch_impl_count;

/* Self-test of one driver against its known-answer vectors (selftest.c). */
int kh_selftest(const struct kh_impl *impl);

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
/*
 * Test hook the module exports to its KUnit suites only: the drivers it
 * registered, looked up by cra_name.
 */
const struct kh_impl *kh_registered_impl(unsigned int i);
#endif

#endif /* _KEYEDHASH_KEYEDHASH_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keyedhash: the one data path shared by every driver.
 *
 * Each algorithm's state machine (key setup, request state, update and
 * final) is written once in C, in its header as inline functions that take
 * the block functions of an instruction set as arguments.  Each driver is a
 * named struct kh_impl (core/generic.c, arch/) whose struct kh_alg_ops
 * holds small named functions, e.g. kh_highwayhash_avx2_update(), that
 * call that state machine with the block functions of their instruction
 * set.  Each kh_alg_ops also has its own shash operations
 * (<keyedhash/shash.h>), which call it directly: below the crypto API's
 * own indirect call, every call of an operation is direct.  The shash
 * glue, the module-init self-test, the KUnit suites and the userspace
 * benchmark all call these same entry points.
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
struct shash_desc;

/**
 * struct kh_shash_fns - the shash operations of one struct kh_alg_ops
 * @init:	shash_alg.init
 * @update:	shash_alg.update
 * @final:	shash_alg.final
 * @finup:	shash_alg.finup
 * @digest:	shash_alg.digest
 *
 * Defined by KH_SHASH_FNS() (<keyedhash/shash.h>) next to the ops.
 */
struct kh_shash_fns {
	int (*init)(struct shash_desc *desc);
	int (*update)(struct shash_desc *desc, const u8 *data,
		      unsigned int len);
	int (*final)(struct shash_desc *desc, u8 *out);
	int (*finup)(struct shash_desc *desc, const u8 *data,
		     unsigned int len, u8 *out);
	int (*digest)(struct shash_desc *desc, const u8 *data,
		      unsigned int len, u8 *out);
};

/**
 * struct kh_simd_min - where a SIMD driver's SIMD path starts to pay
 * @task:	when a section would first have to save a user task's FPU/SIMD
 *		registers (a system call: AF_ALG, khsum, fscrypt in a task)
 * @kthread:	when it would not: a kernel thread or worker (dm-integrity's),
 *		softirq over one, or a task whose registers are saved already
 *
 * An update() shorter than the context's threshold, and the final() of a
 * message shorter than it, run the generic C and enter no SIMD section:
 * below it the generic code costs less than the section.  The values are
 * the crossings make bench measures (docs/design.md, "SIMD sections and
 * thresholds"); kh_simd_min() in <keyedhash/simd.h> picks one, once per
 * update() or final().
 */
struct kh_simd_min {
	unsigned int task;
	unsigned int kthread;
};

/**
 * struct kh_alg_ops - one algorithm's state machine
 * @ctxsize:	size of the key context (the shash tfm context)
 * @statesize:	size of the request state; it holds no pointers, so the
 *		shash export/import is a plain copy
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
 * @shash:	the shash operations that call these (KH_SHASH_FNS())
 */
struct kh_alg_ops {
	unsigned int ctxsize;
	unsigned int statesize;
	int (*setkey)(void *ctx, const u8 *key, unsigned int keylen);
	void (*exit)(void *ctx);
	void (*init)(const void *ctx, void *state);
	int (*update)(const struct kh_impl *impl, const void *ctx, void *state,
		      const u8 *src, unsigned int len);
	int (*final)(const struct kh_impl *impl, const void *ctx, void *state,
		     u8 *out);
	const struct kh_shash_fns *shash;
};

/**
 * struct kh_impl - one driver: an algorithm on one instruction set
 * @name:	the crypto API algorithm name (cra_name)
 * @driver:	the driver name (cra_driver_name)
 * @priority:	cra_priority
 * @digestsize:	digest size in bytes
 * @blocksize:	cra_blocksize (informational for shash)
 * @alg:	the algorithm's state machine
 * @simd_min:	SIMD drivers: the thresholds of the SIMD path, one per
 *		calling context (struct kh_simd_min).  Zero for the generic
 *		drivers.
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
	struct kh_simd_min simd_min;
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
	if (len)	/* a call in the kernel: not for nothing */
		memcpy(buf, src, len);
}

/* The generic C drivers the module registers (core/generic.c). */
extern const struct kh_impl *const kh_generic_impls[];
extern const unsigned int kh_generic_impl_count;

/*
 * The architecture drivers the module registers, those of arch/<arch>/glue.c
 * (none on other architectures: arch/none.c).
 */
extern const struct kh_impl *const kh_arch_impls[];
extern const unsigned int kh_arch_impl_count;

/* Self-test of one driver against its known-answer vectors (selftest.c). */
int kh_selftest(const struct kh_impl *impl);

#if IS_ENABLED(CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST)
/*
 * Test hook for the KUnit suites only, exported to them alone
 * (EXPORT_SYMBOL_IF_KUNIT): the drivers the module registered.
 */
const struct kh_impl *kh_registered_impl(unsigned int i);
#endif

#endif /* _KEYEDHASH_KEYEDHASH_H */

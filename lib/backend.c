// SPDX-License-Identifier: GPL-2.0
/*
 * libkeyedhash: the one file that calls the module's internal API
 * (lib/backend.h says what the rest of lib/ gets from it).  Today the
 * drivers are the module's struct kh_impl tables, kh_generic_impls[] and
 * kh_arch_impls[], built in userspace through tests/host/shim/ with
 * KH_SHIM_LIB (no SIMD sections, CPU features from the CPU alone).
 */
#define _DEFAULT_SOURCE		/* explicit_bzero() */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/simd.h>
#include "backend.h"


#define KHB_MAX_DRIVERS	32
#define KHB_ISA_LEN	16

static struct khb_driver khb_drivers[KHB_MAX_DRIVERS];
static const struct kh_impl *khb_impls[KHB_MAX_DRIVERS];
/*
 * The drivers as the library runs them: copies without SIMD thresholds
 * (struct kh_simd_min).  The thresholds are where the generic C beats a
 * SIMD section's cost in the kernel; userspace pays no such cost, so the
 * SIMD code runs for every length, as in make bench's bare rows.
 */
static struct kh_impl khb_copies[KHB_MAX_DRIVERS];
static char khb_isas[KHB_MAX_DRIVERS][KHB_ISA_LEN];
static unsigned int khb_count;

static void khb_add(const struct kh_impl *impl)
{
	struct khb_driver *d = &khb_drivers[khb_count];
	const char *dash;

	if (khb_count >= KHB_MAX_DRIVERS)
		return;
	/* "<name>-<isa>", and nhpoly1305's "-keyedhash-generic" */
	dash = strrchr(impl->driver, '-');
	snprintf(khb_isas[khb_count], KHB_ISA_LEN, "%s", dash ? dash + 1 : "generic");
	d->name = impl->name;
	d->driver = impl->driver;
	d->isa = khb_isas[khb_count];
	d->priority = impl->priority;
	d->digestsize = impl->digestsize;
	d->blocksize = impl->blocksize;
	d->ctxsize = impl->alg->ctxsize;
	d->statesize = impl->alg->statesize;
	khb_copies[khb_count] = *impl;
	khb_copies[khb_count].simd_min.task = 0;
	khb_copies[khb_count].simd_min.kthread = 0;
	khb_impls[khb_count] = &khb_copies[khb_count];
	khb_count++;
}

/* The tables are constant: filled once, before main() or dlopen() returns. */
__attribute__((constructor)) static void khb_setup(void)
{
	unsigned int i;

	/*
	 * A userspace caller saves no registers around a SIMD section, like
	 * a kernel thread: say so to kh_simd_min(), although with the
	 * thresholds at 0 (khb_add()) it finds nothing to choose.  (The
	 * shim's "current" is a weak global, defined in every file that
	 * includes it: set, not initialised, so that the setting holds
	 * whichever definition the linker keeps.)
	 */
	kh_shim_task.flags = PF_KTHREAD;

	for (i = 0; i < kh_generic_impl_count; i++)
		khb_add(kh_generic_impls[i]);
	for (i = 0; i < kh_arch_impl_count; i++)
		khb_add(kh_arch_impls[i]);
}

unsigned int khb_driver_count(void)
{
	return khb_count;
}

const struct khb_driver *khb_driver(unsigned int i)
{
	return i < khb_count ? &khb_drivers[i] : NULL;
}

bool khb_driver_usable(unsigned int i)
{
	return i < khb_count && kh_impl_usable(khb_impls[i]);
}

int khb_setkey(unsigned int i, void *ctx, const uint8_t *key, size_t keylen)
{
	if (keylen > UINT32_MAX)
		return -EINVAL;
	return khb_impls[i]->alg->setkey(ctx, key, (unsigned int)keylen);
}

void khb_wipe_key(unsigned int i, void *ctx)
{
	const struct kh_alg_ops *alg = khb_impls[i]->alg;

	if (alg->exit)
		alg->exit(ctx);
	explicit_bzero(ctx, alg->ctxsize);
}

void khb_init(unsigned int i, const void *ctx, void *state)
{
	khb_impls[i]->alg->init(ctx, state);
}

/* Pieces of at most 1 GiB: the module's update() takes an unsigned int. */
#define KHB_PIECE	(1U << 30)

int khb_update(unsigned int i, const void *ctx, void *state,
	       const uint8_t *src, size_t len)
{
	const struct kh_impl *impl = khb_impls[i];
	int err = 0;

	do {
		unsigned int n = len > KHB_PIECE ? KHB_PIECE : (unsigned int)len;

		err = impl->alg->update(impl, ctx, state, src, n);
		src += n;
		len -= n;
	} while (!err && len);
	return err;
}

int khb_final(unsigned int i, const void *ctx, void *state, uint8_t *out)
{
	const struct kh_impl *impl = khb_impls[i];

	return impl->alg->final(impl, ctx, state, out);
}

void khb_wipe_state(unsigned int i, void *state)
{
	explicit_bzero(state, khb_impls[i]->alg->statesize);
}

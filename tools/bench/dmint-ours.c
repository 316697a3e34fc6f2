// SPDX-License-Identifier: GPL-2.0
/*
 * dm-integrity rows of our MACs (highwayhash128, highwayhash256, sthash;
 * every driver of each): one message is one integrity_sector_checksum() of
 * one block, as drivers/md/dm-integrity.c makes it through the crypto API:
 *
 *	crypto_shash_init(desc);
 *	crypto_shash_update(desc, sb->salt, 16);	(fix_hmac: keyed MACs)
 *	crypto_shash_update(desc, &le64 sector, 8);
 *	crypto_shash_update(desc, data, block size);
 *	crypto_shash_final(desc, tag);
 *
 * The crypto API calls are modelled as peers-kernel.c models them for the
 * kernel's peers (init inline, update and final out of line, each one
 * indirect call), into our drivers' own shash operations, the module's
 * (KH_SHASH_FNS(), <keyedhash/shash.h>, through tests/host/shim/).
 *
 * Built twice: in the kernel-mode copy (KB_KMODE) it registers the timed
 * rows "<driver> [kthread]" and "<driver> [task]"; in the bare build, one
 * check-only reference per MAC: the generic driver over salt, sector and
 * block in one update.
 */
#include <stdlib.h>
#include <string.h>
#include <keyedhash/keyedhash.h>
#include <keyedhash/shash.h>
#include "bench.h"

static const char *const kb_dmi_macs[] = {
	"highwayhash128", "highwayhash256", "sthash",
};

/*
 * Entry @i of a driver table (kh_generic_impls[], kh_arch_impls[]): the
 * tables hold struct kh_impl, or in newer trees pointers to them.
 */
#define KB_IMPL_AT(tab, i)						\
	_Generic((tab)[i], const struct kh_impl *: (tab)[i],		\
		 default: &(tab)[i])

struct kb_dinst {
	struct kh_driver drv;		/* as the module registers it */
	struct crypto_shash tfm;
	struct shash_desc desc;
	u32 tfm_flags;			/* CRYPTO_TFM_NEED_KEY */
	unsigned int alignmask;
	u64 sector;
	u8 *buf;		/* the bare reference's one message */
};

static void *kb_dmi_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	const struct kh_impl *impl = bi->priv;
	struct kb_dinst *d;

	d = kb_zalloc(sizeof(*d));
	d->drv.impl = impl;
	kh_shash_set_ops(&d->drv.alg, impl->alg);
	d->tfm.alg = &d->drv.alg;
	d->tfm.ctx = kb_zalloc(impl->alg->ctxsize);
	d->desc.tfm = &d->tfm;
	d->desc.state = kb_zalloc(impl->alg->statesize);
	d->sector = KB_DMI_SECTOR;
	if (impl->alg->setkey(d->tfm.ctx, key, keylen))
		kb_fatal("%s: setkey failed", impl->driver);
#ifndef KB_KMODE
	d->buf = kb_zalloc(24 + msglen);
#else
	(void)msglen;
#endif
	return d;
}

static void kb_dmi_teardown(void *inst)
{
	struct kb_dinst *d = inst;

	if (d->drv.impl->alg->exit)
		d->drv.impl->alg->exit(d->tfm.ctx);
	free(d->tfm.ctx);
	free(d->desc.state);
	free(d->buf);
	free(d);
}

#ifdef KB_KMODE
/*
 * The crypto API (as in peers-kernel.c); update and final are exported
 * functions in the kernel (KB_NOINLINE, bench.h).
 */
static inline int kb_dcrypto_init(struct shash_desc *desc)
{
	if (container_of(desc->tfm, struct kb_dinst, tfm)->tfm_flags & 1)
		return -ENOKEY;
	return crypto_shash_alg(desc->tfm)->init(desc);
}

static KB_NOINLINE int kb_dcrypto_update(struct shash_desc *desc,
					 const u8 *data, unsigned int len)
{
	if ((unsigned long)data &
	    container_of(desc->tfm, struct kb_dinst, tfm)->alignmask)
		return -EINVAL;
	return crypto_shash_alg(desc->tfm)->update(desc, data, len);
}

static KB_NOINLINE int kb_dcrypto_final(struct shash_desc *desc, u8 *out)
{
	if ((unsigned long)out &
	    container_of(desc->tfm, struct kb_dinst, tfm)->alignmask)
		return -EINVAL;
	return crypto_shash_alg(desc->tfm)->final(desc, out);
}

/* integrity_sector_checksum() */
static void kb_dmi_hash(void *inst, const u8 *data, size_t len, u8 *out)
{
	struct kb_dinst *d = inst;
	u8 sector_le[8];

	put_unaligned_le64(d->sector, sector_le);
	if (kb_dcrypto_init(&d->desc) ||
	    kb_dcrypto_update(&d->desc, (const u8 *)KB_DMI_SALT, 16) ||
	    kb_dcrypto_update(&d->desc, sector_le,
			      sizeof(sector_le)) ||
	    kb_dcrypto_update(&d->desc, data, len) ||
	    kb_dcrypto_final(&d->desc, out))
		kb_fatal("%s: dm-integrity block failed", d->drv.impl->driver);
}

static void kb_add_dmi(const struct kh_impl *impl, const char *alg,
		       bool kthread)
{
	char name[64];
	struct kb_impl *bi;

	snprintf(name, sizeof(name), "%s%s", impl->driver,
		 kthread ? KB_DMI_KTHREAD : KB_DMI_TASK);
	bi = kb_add(alg, name, impl->digestsize);
	bi->ours = true;
	bi->setup = kb_dmi_setup;
	bi->hash = kb_dmi_hash;
	bi->teardown = kb_dmi_teardown;
	bi->priv = impl;
	bi->kthread = kthread;
}

static void kb_dmi_impl(const struct kh_impl *impl)
{
	char alg[64];
	unsigned int m;

	if (!kh_impl_usable(impl))
		return;
	for (m = 0; m < ARRAY_SIZE(kb_dmi_macs); m++) {
		if (strcmp(impl->name, kb_dmi_macs[m]))
			continue;
		snprintf(alg, sizeof(alg), KB_DMI_PREFIX "%s", impl->name);
		kb_add_dmi(impl, strdup(alg), true);
		kb_add_dmi(impl, strdup(alg), false);
	}
}

void kb_register_dmi_ours(void)
{
	unsigned int i;

	for (i = 0; i < kh_generic_impl_count; i++)
		kb_dmi_impl(KB_IMPL_AT(kh_generic_impls, i));
	for (i = 0; i < kh_arch_impl_count; i++)
		kb_dmi_impl(KB_IMPL_AT(kh_arch_impls, i));
}
#else
/* the generic driver of @name */
static const struct kh_impl *kb_generic_of(const char *name)
{
	unsigned int i;

	for (i = 0; i < kh_generic_impl_count; i++)
		if (!strcmp(KB_IMPL_AT(kh_generic_impls, i)->name, name))
			return KB_IMPL_AT(kh_generic_impls, i);
	return NULL;
}

/* the reference: salt, sector and block in one update */
static void kb_dmi_ref(void *inst, const u8 *data, size_t len, u8 *out)
{
	struct kb_dinst *d = inst;
	const struct kh_impl *impl = d->drv.impl;

	memcpy(d->buf, KB_DMI_SALT, 16);
	put_unaligned_le64(d->sector, d->buf + 16);
	memcpy(d->buf + 24, data, len);
	impl->alg->init(d->tfm.ctx, d->desc.state);
	if (impl->alg->update(impl, d->tfm.ctx, d->desc.state, d->buf,
			      24 + len) ||
	    impl->alg->final(impl, d->tfm.ctx, d->desc.state, out))
		kb_fatal("%s: reference failed", impl->driver);
}

void kb_register_dmi_ours(void)
{
	unsigned int m;

	for (m = 0; m < ARRAY_SIZE(kb_dmi_macs); m++) {
		const struct kh_impl *impl = kb_generic_of(kb_dmi_macs[m]);
		struct kb_impl *bi;
		char alg[64];

		if (!impl)
			kb_fatal("no generic %s", kb_dmi_macs[m]);
		snprintf(alg, sizeof(alg), KB_DMI_PREFIX "%s", impl->name);
		bi = kb_add(strdup(alg), "ref:one-update", impl->digestsize);
		bi->check_only = true;
		bi->setup = kb_dmi_setup;
		bi->hash = kb_dmi_ref;
		bi->teardown = kb_dmi_teardown;
		bi->priv = impl;
		snprintf(bi->note, sizeof(bi->note), "bare %s over salt, sector "
			 "and block in one update", impl->driver);
	}
}
#endif

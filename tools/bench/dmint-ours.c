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
 * indirect call), into our drivers' own shash_alg functions, as the module
 * registers them (kb_ours_algs(), ours.c; thresholds included), on a tfm
 * of libkeyedhash/kshim/.
 *
 * Built twice: in the kernel-mode copy (KB_KMODE) it registers the timed
 * rows "<driver> [kthread]" and "<driver> [task]"; in the bare build, one
 * check-only reference per MAC: the generic driver over salt, sector and
 * block in one update.
 */
#include <stdlib.h>
#include <string.h>
#include <asm/fpu/api.h>		/* kernel_fpu_begin(), the shim's */
#include <crypto/internal/hash.h>
#include <keyedhash/internal/shash.h>
#include "bench.h"

static const char *const kb_dmi_macs[] = {
	"highwayhash128", "highwayhash256", "sthash",
};

/*
 * One row's instance.  The tfm is made here as kh_shim_tfm_new() makes it,
 * but inside the instance, so that the crypto API model below finds the
 * tfm's flags and alignmask next to it (container_of()), as the kernel
 * finds them in the tfm.
 */
struct kb_dinst {
	struct shash_alg *alg;
	struct shash_desc *desc;
	u32 tfm_flags;			/* CRYPTO_TFM_NEED_KEY */
	unsigned int alignmask;
	u64 sector;
	u8 *buf;		/* the bare reference's one message */
	struct crypto_shash tfm;	/* last: the key context follows */
};

static void *kb_dmi_setup(const struct kb_impl *bi, const u8 *key,
			  size_t keylen, size_t msglen)
{
	struct shash_alg *alg = (struct shash_alg *)bi->priv;
	struct kb_dinst *d;

	d = kb_zalloc(sizeof(*d) + alg->base.cra_ctxsize);
	d->alg = alg;
	d->tfm.descsize = alg->descsize;
	d->tfm.base.__crt_alg = &alg->base;
	d->desc = kh_shim_desc_new(&d->tfm);
	if (!d->desc)
		kb_fatal("%s: out of memory", alg->base.cra_driver_name);
	d->sector = KB_DMI_SECTOR;
	if (alg->setkey(&d->tfm, key, keylen))
		kb_fatal("%s: setkey failed", alg->base.cra_driver_name);
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

	if (d->alg->exit_tfm)
		d->alg->exit_tfm(&d->tfm);
	free(d->desc);
	free(d->buf);
	free(d);
}

#ifdef KB_KMODE
/* the MAC @alg is one of */
static bool kb_dmi_mac(const struct shash_alg *alg)
{
	unsigned int m;

	for (m = 0; m < ARRAY_SIZE(kb_dmi_macs); m++)
		if (!strcmp(alg->base.cra_name, kb_dmi_macs[m]))
			return true;
	return false;
}

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
	if (kb_dcrypto_init(d->desc) ||
	    kb_dcrypto_update(d->desc, (const u8 *)KB_DMI_SALT, 16) ||
	    kb_dcrypto_update(d->desc, sector_le, sizeof(sector_le)) ||
	    kb_dcrypto_update(d->desc, data, len) ||
	    kb_dcrypto_final(d->desc, out))
		kb_fatal("%s: dm-integrity block failed",
			 d->alg->base.cra_driver_name);
}

static void kb_add_dmi(struct shash_alg *alg, const char *name_alg,
		       bool kthread)
{
	char name[CRYPTO_MAX_ALG_NAME + 32];
	struct kb_impl *bi;

	snprintf(name, sizeof(name), "%s%s", alg->base.cra_driver_name,
		 kthread ? KB_DMI_KTHREAD : KB_DMI_TASK);
	bi = kb_add(name_alg, name, alg->digestsize);
	bi->ours = true;
	bi->setup = kb_dmi_setup;
	bi->hash = kb_dmi_hash;
	bi->teardown = kb_dmi_teardown;
	bi->priv = alg;
	bi->kthread = kthread;
}

/*
 * The floor: two drivers that hash nothing, timed through the same call
 * sequence, so that each row's cycles above them are the driver's own.
 * "floor" has no SIMD section; "floor-simd" enters and leaves one in the
 * update of the block and one in final, as a SIMD driver whose final has
 * SIMD work must.  Their "digest" is zeros.  Bench only: never a driver
 * of the module.
 */
static int kb_floor_setkey(struct crypto_shash *tfm, const u8 *key,
			   unsigned int keylen)
{
	return 0;
}

static int kb_floor_init(struct shash_desc *desc)
{
	return 0;
}

static int kb_floor_update(struct shash_desc *desc, const u8 *data,
			   unsigned int len)
{
	return 0;
}

static int kb_floor_final(struct shash_desc *desc, u8 *out)
{
	memset(out, 0, KB_DMI_FLOOR_DIGEST);
	return 0;
}

static int kb_floor_simd_update(struct shash_desc *desc, const u8 *data,
				unsigned int len)
{
	if (len >= 32) {
		kernel_fpu_begin();
		kernel_fpu_end();
	}
	return 0;
}

static int kb_floor_simd_final(struct shash_desc *desc, u8 *out)
{
	kernel_fpu_begin();
	kernel_fpu_end();
	return kb_floor_final(desc, out);
}

static struct shash_alg kb_floor_algs[] = { {
	.setkey = kb_floor_setkey,
	.init = kb_floor_init,
	.update = kb_floor_update,
	.final = kb_floor_final,
	.digestsize = KB_DMI_FLOOR_DIGEST,
	.base.cra_name = "floor",
	.base.cra_driver_name = "floor",
}, {
	.setkey = kb_floor_setkey,
	.init = kb_floor_init,
	.update = kb_floor_simd_update,
	.final = kb_floor_simd_final,
	.digestsize = KB_DMI_FLOOR_DIGEST,
	.base.cra_name = "floor",
	.base.cra_driver_name = "floor-simd",
} };

void kb_register_dmi_ours(void)
{
	struct shash_alg *const *algs;
	unsigned int i, n = kb_ours_algs(&algs);
	char name[CRYPTO_MAX_ALG_NAME + 32];

	for (i = 0; i < n; i++) {
		if (!kb_dmi_mac(algs[i]))
			continue;
		snprintf(name, sizeof(name), KB_DMI_PREFIX "%s",
			 algs[i]->base.cra_name);
		kb_add_dmi(algs[i], strdup(name), true);
		kb_add_dmi(algs[i], strdup(name), false);
	}
	for (i = 0; i < ARRAY_SIZE(kb_floor_algs); i++) {
		kb_add_dmi(&kb_floor_algs[i], KB_DMI_PREFIX "floor", true);
		kb_add_dmi(&kb_floor_algs[i], KB_DMI_PREFIX "floor", false);
	}
}
#else
/* the reference: the generic driver over salt, sector and block in one update */
static void kb_dmi_ref(void *inst, const u8 *data, size_t len, u8 *out)
{
	struct kb_dinst *d = inst;

	memcpy(d->buf, KB_DMI_SALT, 16);
	put_unaligned_le64(d->sector, d->buf + 16);
	memcpy(d->buf + 24, data, len);
	if (d->alg->init(d->desc) ||
	    d->alg->update(d->desc, d->buf, 24 + len) ||
	    d->alg->final(d->desc, out))
		kb_fatal("%s: reference failed", d->alg->base.cra_driver_name);
}

void kb_register_dmi_ours(void)
{
	unsigned int m, i;

	for (m = 0; m < ARRAY_SIZE(kb_dmi_macs); m++) {
		struct shash_alg *alg = NULL;
		struct kb_impl *bi;
		char name[CRYPTO_MAX_ALG_NAME + 32];

		for (i = 0; i < kh_generic_alg_count && !alg; i++)
			if (!strcmp(kh_generic_algs[i].base.cra_name,
				    kb_dmi_macs[m]))
				alg = &kh_generic_algs[i];
		if (!alg)
			kb_fatal("no generic %s", kb_dmi_macs[m]);
		snprintf(name, sizeof(name), KB_DMI_PREFIX "%s",
			 alg->base.cra_name);
		bi = kb_add(strdup(name), "ref:one-update", alg->digestsize);
		bi->check_only = true;
		bi->setup = kb_dmi_setup;
		bi->hash = kb_dmi_ref;
		bi->teardown = kb_dmi_teardown;
		bi->priv = alg;
		snprintf(bi->note, sizeof(bi->note), "bare %s over salt, sector "
			 "and block in one update", alg->base.cra_driver_name);
	}
}
#endif

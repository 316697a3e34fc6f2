// SPDX-License-Identifier: GPL-2.0
/*
 * kbench: cycles per byte of every keyedhash driver beside the best peers,
 * timed by one harness in one run.  "make bench" builds and runs it (see
 * tools/bench/run.sh); build/bench.tsv gets the medians.
 *
 * Method:
 *  - one thread pinned to one CPU; a fenced cycle counter (timing.c);
 *  - every implementation gets the same key and the same message bytes,
 *    and does its key work once in setup(), outside the timed loop;
 *  - every digest is compared, per size, with the first implementation of
 *    the algorithm (ours), and with check-only references; any mismatch
 *    ends the run before anything is timed;
 *  - a sample is one untimed warm-up call, then N back-to-back calls
 *    timed as one region, N calibrated per cell to about --sample-us;
 *    every digest is folded into a volatile sink;
 *  - a sample during which the thread was context-switched (getrusage
 *    RUSAGE_THREAD) is rejected and taken again;
 *  - rounds are interleaved: each round takes one sample of every cell
 *    (implementation x size) in a fresh random order, so drift hits all
 *    alike; median and minimum are over the rounds;
 *  - each round also measures the core/counter clock ratio with a chain of
 *    dependent adds; counter ticks are reported as core cycles with the
 *    median ratio (as published c/B figures are), or raw with --unit counter;
 *  - on x86_64 a second copy of our drivers and of the kernel peers, built
 *    as Debian builds the kernel and paying the kernel's FPU save and
 *    restore per message (kmode.c), runs beside the bare rows; its rows are
 *    named with KB_KMODE_SUFFIX;
 *  - with it, the kernel's own drivers of the MACs a dm-integrity user picks
 *    from (peers-kernel.c) and one dm-integrity block per message, ours and
 *    theirs, as a kernel thread and as a user task (dmint-ours.c,
 *    peers-kernel.c; the "dm-integrity:" algorithms below).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

#ifndef KB_CORE_CFLAGS
#define KB_CORE_CFLAGS "(unknown)"
#endif
#ifndef KB_KMODE_CFLAGS
#define KB_KMODE_CFLAGS "(unknown)"
#endif

#define KB_MAX_IMPLS	320
#define KB_MAX_SIZES	16
#define KB_MAX_MSG	(1u << 20)

static struct kb_impl kb_impls[KB_MAX_IMPLS];
static unsigned int kb_nimpls;
static volatile u64 kb_sink;
static const struct kb_kmode *kb_kmode;	/* NULL: no kernel-mode rows */

void kb_fatal(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "kbench: error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *kb_zalloc(size_t n)
{
	void *p = aligned_alloc(64, (n + 63) & ~(size_t)63);

	if (!p)
		kb_fatal("out of memory");
	memset(p, 0, n);
	return p;
}

void kb_info(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "kbench: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

struct kb_impl *kb_add(const char *alg, const char *name,
		       unsigned int digestsize)
{
	struct kb_impl *bi;

	if (kb_nimpls == KB_MAX_IMPLS)
		kb_fatal("too many implementations");
	if (digestsize > KB_MAX_DIGEST)
		kb_fatal("%s: digest too long", name);
	bi = &kb_impls[kb_nimpls++];
	memset(bi, 0, sizeof(*bi));
	bi->alg = alg;
	snprintf(bi->name, sizeof(bi->name), "%s", name);
	bi->digestsize = digestsize;
	return bi;
}

/*
 * The algorithms, in table order.  keylen 0: the key is as long as the
 * message (Multimixer-128).  Keys and messages are the same bytes for every
 * implementation.
 */
struct kb_alg {
	const char *name;
	size_t keylen;
	const char *what;
};

static const struct kb_alg kb_algs[] = {
	{ "highwayhash64", 32, "key 32 B" },
	{ "highwayhash128", 32, "key 32 B" },
	{ "highwayhash256", 32, "key 32 B" },
	{ "multimixer128", 0, "key as long as the message; 32 B instead of 16" },
	{ "nhpoly1305", 1088, "key 1088 B" },
	{ "nh", 1088, "NH alone over 1 KiB chunks, sums added; no Poly1305" },
	{ "sthash", 32, "seed 32 B, no personalization" },
	{ "sthash-personalized", 0, "seed 32 B + both personalizations" },
	{ "hmac-sha256", 32, "for scale; key 32 B" },
	{ "poly1305", 32, "for scale; one-time key taken per message" },
	{ "blake2b-256", 32, "for scale; keyed, 32 B digest, key 32 B" },
	{ "siphash-2-4", 16, "for scale; key 16 B, 8 B digest" },
	{ "hmac-sha512", 32, "for scale; key 32 B" },
	{ "crc32c", 0, "unkeyed (seed ~0), as dm-integrity's default" },
	{ "xxhash64", 0, "unkeyed (seed 0)" },
	/*
	 * dm-integrity: one message is one block (512 B or 4 KiB) hashed as
	 * integrity_sector_checksum() does; the TSV names them "dm-integrity"
	 */
	{ KB_DMI_PREFIX "highwayhash128", 32, "salt, sector, block; key 32 B" },
	{ KB_DMI_PREFIX "highwayhash256", 32, "salt, sector, block; key 32 B" },
	{ KB_DMI_PREFIX "sthash", 32, "salt, sector, block; seed 32 B" },
	{ KB_DMI_PREFIX "hmac(sha256)", 32, "salt, sector, block; key 32 B" },
	{ KB_DMI_PREFIX "hmac(sha512)", 32, "salt, sector, block; key 32 B" },
	{ KB_DMI_PREFIX "blake2b-256", 32, "salt, sector, block; key 32 B" },
	{ KB_DMI_PREFIX "crc32c", 0, "sector, block; unkeyed" },
	{ KB_DMI_PREFIX "xxhash64", 0, "sector, block; unkeyed" },
	{ KB_DMI_PREFIX "poly1305", 0, "sector, block; keyed by their first 32 B" },
	{ KB_DMI_PREFIX "floor", 32, "salt, sector, block; drivers that hash nothing" },
};
#define KB_NALGS (sizeof(kb_algs) / sizeof(kb_algs[0]))

/* a dm-integrity algorithm: only whole blocks of 512 B or 4 KiB */
static bool kb_is_dmi(const char *alg)
{
	return !strncmp(alg, KB_DMI_PREFIX, sizeof(KB_DMI_PREFIX) - 1);
}

static bool kb_size_ok(const struct kb_alg *alg, size_t size)
{
	return !kb_is_dmi(alg->name) || size == 512 || size == 4096;
}

/* The algorithm column of the TSV files */
static const char *kb_tsv_alg(const char *alg)
{
	return kb_is_dmi(alg) ? "dm-integrity" : alg;
}

static const struct kb_alg *kb_find_alg(const char *name)
{
	unsigned int i;

	for (i = 0; i < KB_NALGS; i++)
		if (!strcmp(kb_algs[i].name, name))
			return &kb_algs[i];
	return NULL;
}

static u64 kb_splitmix(u64 *s)
{
	u64 z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void kb_fill(u8 *p, size_t n, u64 seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (u8)(kb_splitmix(&seed) >> 56);
}

static u8 *kb_msg;		/* KB_MAX_MSG message bytes */
static u8 *kb_bigkey;		/* KB_MAX_MSG key bytes (Multimixer-128) */

/* The key of @alg for messages of @msglen bytes. */
static const u8 *kb_key(const struct kb_alg *alg, size_t msglen, u8 *buf,
			size_t *keylen)
{
	static const char c1[] = "kbench key personalization";
	static const char c2[] = "kbench hasher";
	size_t pos = 0;

	if (!strcmp(alg->name, "multimixer128")) {
		*keylen = msglen;
		return kb_bigkey;
	}
	if (!strcmp(alg->name, "sthash-personalized")) {
		/* le16 n, seed, le16 n, c1, le16 n, c2 */
		buf[pos++] = 32;
		buf[pos++] = 0;
		kb_fill(buf + pos, 32, 0x5eed);
		pos += 32;
		buf[pos++] = sizeof(c1) - 1;
		buf[pos++] = 0;
		memcpy(buf + pos, c1, sizeof(c1) - 1);
		pos += sizeof(c1) - 1;
		buf[pos++] = sizeof(c2) - 1;
		buf[pos++] = 0;
		memcpy(buf + pos, c2, sizeof(c2) - 1);
		pos += sizeof(c2) - 1;
		*keylen = pos;
		return buf;
	}
	/* the same seed for sthash: its seed equals the blob's */
	kb_fill(buf, alg->keylen,
		!strcmp(alg->name, "sthash") ? 0x5eed : 0x6b6579 + alg->keylen);
	*keylen = alg->keylen;
	return buf;
}

/* Options */
static unsigned int kb_rounds = 61;
static double kb_sample_us = 1000;
static int kb_cpu = -1;
static const char *kb_tsv = "build/bench.tsv";
static const char *kb_detail;
static const char *kb_filter;
static const char *kb_unit = "auto";
bool kb_no_threshold;
static size_t kb_sizes[KB_MAX_SIZES] = {
	16, 64, 256, 512, 1024, 4096, 16384, 65536, 1048576,
};
static unsigned int kb_nsizes = 9;

/* Multimixer-128 needs whole 32-byte blocks: 16 becomes 32. */
static size_t kb_size_for(const struct kb_alg *alg, size_t size)
{
	if (!alg->keylen && !strcmp(alg->name, "multimixer128"))
		return (size + 31) & ~(size_t)31;
	return size;
}

struct kb_cell {
	struct kb_impl *impl;
	unsigned int col;	/* size column */
	size_t len;
	void *inst;
	u64 iters;
	double *tpb;		/* ticks per byte, one per round */
	unsigned int n;
	unsigned int rejected;
	double median, min;	/* ticks per byte */
	long sections;		/* SIMD sections per message (kernel mode) */
};

static struct kb_cell *kb_cells;
static unsigned int kb_ncells;

static u64 kb_fold(const u8 *out, unsigned int n)
{
	u64 acc = 0;
	unsigned int i;

	for (i = 0; i + 8 <= n; i += 8)
		acc ^= kb_load64(out + i);
	return acc;
}

/* One timed region: @iters calls back to back.  Returns counter ticks. */
static u64 kb_time(const struct kb_cell *c, u64 iters)
{
	void (*hash)(void *, const u8 *, size_t, u8 *) = c->impl->hash;
	unsigned int ds = c->impl->digestsize;
	void *inst = c->inst;
	const u8 *msg = kb_msg;
	size_t len = c->len;
	u8 out[KB_MAX_DIGEST] __attribute__((aligned(16)));
	u64 acc = 0, t0, t1, i;

	if (c->impl->kmode && c->impl->kthread) {
		/* kernel mode, in a kernel thread: no return to user space */
		c->impl->kmode->set_kthread(true);
		t0 = kb_ticks_begin();
		for (i = 0; i < iters; i++) {
			hash(inst, msg, len, out);
			acc += kb_fold(out, ds);
		}
		t1 = kb_ticks_end();
		c->impl->kmode->set_kthread(false);
		kb_sink ^= acc;
		return t1 - t0;
	}
	if (c->impl->kmode) {
		/* kernel mode: each message is a system call of a user task */
		void (*user_return)(void) = c->impl->kmode->user_return;

		t0 = kb_ticks_begin();
		for (i = 0; i < iters; i++) {
			hash(inst, msg, len, out);
			user_return();
			acc += kb_fold(out, ds);
		}
		t1 = kb_ticks_end();
		kb_sink ^= acc;
		return t1 - t0;
	}
	t0 = kb_ticks_begin();
	for (i = 0; i < iters; i++) {
		hash(inst, msg, len, out);
		acc += kb_fold(out, ds);
	}
	t1 = kb_ticks_end();
	kb_sink ^= acc;
	return t1 - t0;
}

static void kb_hex(const u8 *p, unsigned int n, char *s)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		sprintf(s + 2 * i, "%02x", p[i]);
}

static bool kb_selected(const struct kb_impl *bi)
{
	return !kb_filter || strstr(bi->alg, kb_filter) ||
	       strstr(bi->name, kb_filter);
}

/*
 * Set up every implementation at every size and compare digests: the
 * first implementation of an algorithm that takes the key (ours come
 * first) is the reference.  Check-only references are torn down here.
 */
static void kb_prepare(void)
{
	static u8 keybuf[4096];
	unsigned int a, s, i, agreeing;

	kb_cells = calloc((size_t)kb_nimpls * kb_nsizes, sizeof(*kb_cells));
	if (!kb_cells)
		kb_fatal("out of memory");
	for (a = 0; a < KB_NALGS; a++) {
		const struct kb_alg *alg = &kb_algs[a];
		char lonely[160] = "";
		const char *lonely_impl = NULL;

		for (s = 0; s < kb_nsizes; s++) {
			size_t len = kb_size_for(alg, kb_sizes[s]), keylen;
			const u8 *key = kb_key(alg, len, keybuf, &keylen);
			u8 ref[KB_MAX_DIGEST], out[KB_MAX_DIGEST];
			const struct kb_impl *refimpl = NULL;
			char h1[2 * KB_MAX_DIGEST + 1], h2[2 * KB_MAX_DIGEST + 1];

			if (!kb_size_ok(alg, len))
				continue;
			agreeing = 0;
			for (i = 0; i < kb_nimpls; i++) {
				struct kb_impl *bi = &kb_impls[i];
				unsigned long sections = 0;
				void *inst;

				if (strcmp(bi->alg, alg->name))
					continue;
				inst = bi->setup(bi, key, keylen, len);
				if (bi->kmode)
					bi->kmode->user_return();
				if (!inst)
					continue;
				memset(out, 0xa5, sizeof(out));
				if (bi->kmode) {
					bi->kmode->set_kthread(bi->kthread);
					sections = *bi->kmode->sections;
				}
				bi->hash(inst, kb_msg, len, out);
				if (bi->kmode) {
					sections = *bi->kmode->sections -
						   sections;
					bi->kmode->set_kthread(false);
					bi->kmode->user_return();
				}
				if (!refimpl) {
					refimpl = bi;
					memcpy(ref, out, bi->digestsize);
				} else if (bi->digestsize != refimpl->digestsize ||
					   memcmp(ref, out, bi->digestsize)) {
					kb_hex(ref, refimpl->digestsize, h1);
					kb_hex(out, bi->digestsize, h2);
					kb_fatal("%s, %zu bytes: digest mismatch\n"
						 "  %-36s %s\n  %-36s %s",
						 alg->name, len, refimpl->name, h1,
						 bi->name, h2);
				}
				agreeing++;
				if (bi->check_only || !kb_selected(bi)) {
					bi->teardown(inst);
					continue;
				}
				kb_cells[kb_ncells].impl = bi;
				kb_cells[kb_ncells].col = s;
				kb_cells[kb_ncells].len = len;
				kb_cells[kb_ncells].inst = inst;
				kb_cells[kb_ncells].sections =
					bi->kmode ? (long)sections : -1;
				kb_ncells++;
			}
			if (agreeing == 1) {
				size_t n = strlen(lonely);

				snprintf(lonely + n, sizeof(lonely) - n, "%s%zu",
					 n ? ", " : "", len);
				lonely_impl = refimpl->name;
			}
		}
		if (lonely_impl)
			kb_info("%s: nothing to compare %s with at %s bytes",
				alg->name, lonely_impl, lonely);
	}
	for (i = 0; i < kb_nimpls; i++)
		if (!kb_find_alg(kb_impls[i].alg))
			kb_fatal("%s: unknown algorithm %s", kb_impls[i].name,
				 kb_impls[i].alg);
}

/* Calls per sample so that one sample takes about @target ticks. */
static void kb_calibrate(struct kb_cell *c, double target)
{
	u64 iters = 1, t = 0;
	int k;

	kb_time(c, 1);
	for (;;) {
		t = kb_time(c, iters);
		for (k = 0; k < 2; k++) {	/* the best of three */
			u64 t2 = kb_time(c, iters);

			if (t2 < t)
				t = t2;
		}
		if (t >= target / 4 || iters >= (1ull << 40))
			break;
		iters *= 4;
	}
	iters = (u64)(iters * target / (t ? t : 1) + 0.5);
	c->iters = iters ? iters : 1;
}

static int kb_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static unsigned int kb_total_rejected;
static double *kb_round_ratio;
static unsigned int kb_nratio;

static void kb_run_rounds(void)
{
	unsigned int *order = malloc(kb_ncells * sizeof(*order));
	u64 rng = 0x726f756e64;
	unsigned int r, i, j, t;
	bool tty = isatty(2);

	kb_round_ratio = calloc(kb_rounds, sizeof(double));
	if (!order || !kb_round_ratio)
		kb_fatal("out of memory");
	for (i = 0; i < kb_ncells; i++) {
		kb_cells[i].tpb = calloc(kb_rounds, sizeof(double));
		if (!kb_cells[i].tpb)
			kb_fatal("out of memory");
		order[i] = i;
	}
	for (r = 0; r < kb_rounds; r++) {
		u64 cs = kb_ctxsw();
		double q = kb_core_ratio_once();

		if (q > 0 && kb_ctxsw() == cs)
			kb_round_ratio[kb_nratio++] = q;
		for (i = kb_ncells; i > 1; i--) {	/* Fisher-Yates */
			j = kb_splitmix(&rng) % i;
			t = order[i - 1];
			order[i - 1] = order[j];
			order[j] = t;
		}
		for (i = 0; i < kb_ncells; i++) {
			struct kb_cell *c = &kb_cells[order[i]];
			int tries;

			for (tries = 0; tries < 50; tries++) {
				u64 cs = kb_ctxsw(), ticks;

				kb_time(c, 1);			/* warm-up */
				ticks = kb_time(c, c->iters);
				if (kb_ctxsw() != cs) {
					c->rejected++;
					kb_total_rejected++;
					continue;
				}
				c->tpb[c->n++] = (double)ticks / c->iters /
						 c->len /
						 (c->impl->batch ?: 1);
				break;
			}
		}
		if (tty)
			fprintf(stderr, "\rkbench: round %u/%u", r + 1,
				kb_rounds);
	}
	if (tty)
		fputc('\n', stderr);
	qsort(kb_round_ratio, kb_nratio, sizeof(double), kb_cmp_double);
	for (i = 0; i < kb_ncells; i++) {
		struct kb_cell *c = &kb_cells[i];

		if (!c->n)
			continue;
		qsort(c->tpb, c->n, sizeof(double), kb_cmp_double);
		c->min = c->tpb[0];
		c->median = c->n & 1 ? c->tpb[c->n / 2] :
			    (c->tpb[c->n / 2 - 1] + c->tpb[c->n / 2]) / 2;
	}
	free(order);
}

static struct kb_cell *kb_cell_at(const struct kb_impl *bi, unsigned int col)
{
	unsigned int i;

	for (i = 0; i < kb_ncells; i++)
		if (kb_cells[i].impl == bi && kb_cells[i].col == col)
			return &kb_cells[i];
	return NULL;
}

static void kb_fmt(char *s, size_t n, double v)
{
	if (v >= 100)
		snprintf(s, n, "%.0f", v);
	else if (v >= 10)
		snprintf(s, n, "%.1f", v);
	else if (v >= 1)
		snprintf(s, n, "%.2f", v);
	else
		snprintf(s, n, "%.3f", v);
}

static void kb_size_name(char *s, size_t n, size_t size)
{
	if (size >= (1u << 20) && !(size % (1u << 20)))
		snprintf(s, n, "%zuM", size >> 20);
	else if (size >= 1024 && !(size % 1024))
		snprintf(s, n, "%zuK", size >> 10);
	else
		snprintf(s, n, "%zu", size);
}

/* Width of the name column: the longest name shown, at least 38. */
static int kb_name_width(void)
{
	unsigned int i;
	int w = 38;

	for (i = 0; i < kb_nimpls; i++)
		if (kb_selected(&kb_impls[i]) && !kb_impls[i].check_only &&
		    (int)strlen(kb_impls[i].name) > w)
			w = strlen(kb_impls[i].name);
	return w;
}

/* The header line of a table: @what, then the sizes. */
static void kb_table_head(const char *what, int w)
{
	unsigned int s;
	char buf[32];

	printf("%-*s", w + 2, what);
	for (s = 0; s < kb_nsizes; s++) {
		kb_size_name(buf, sizeof(buf), kb_sizes[s]);
		printf(" %7s", buf);
	}
}

/*
 * Print one table (median or minimum), in @scale units per tick.  For
 * each algorithm the bare rows come first, then the kernel-mode rows
 * (registered last), under a label of their own.
 */
static void kb_table(bool median, double scale, double hz)
{
	int w = kb_name_width();
	unsigned int a, i, s;
	char buf[32];

	kb_table_head(median ? "median per byte" : "minimum per byte", w);
	kb_size_name(buf, sizeof(buf), kb_sizes[kb_nsizes - 1]);
	printf("  GB/s@%s\n", buf);
	for (a = 0; a < KB_NALGS; a++) {
		bool header = false, kheader = false;

		for (i = 0; i < kb_nimpls; i++) {
			const struct kb_impl *bi = &kb_impls[i];
			struct kb_cell *last = NULL;

			if (strcmp(bi->alg, kb_algs[a].name) || bi->check_only ||
			    !kb_selected(bi))
				continue;
			if (!header) {
				printf("%s (%s)\n", kb_algs[a].name,
				       kb_algs[a].what);
				header = true;
			}
			if (bi->kmode && !kheader) {
				printf("  as in the kernel (retpolines, return "
				       "thunks, FPU save/restore per message):\n");
				kheader = true;
			}
			printf("  %-*s", w, bi->name);
			for (s = 0; s < kb_nsizes; s++) {
				struct kb_cell *c = kb_cell_at(bi, s);

				if (!c || !c->n) {
					printf(" %7s", "-");
					continue;
				}
				kb_fmt(buf, sizeof(buf),
				       (median ? c->median : c->min) * scale);
				printf(" %7s", buf);
				if (s == kb_nsizes - 1)
					last = c;
			}
			if (last)
				printf("  %6.2f", hz / (median ? last->median :
							      last->min) / 1e9);
			printf("\n");
		}
	}
}

/* dm-integrity: core cycles (or ticks) per block, the median. */
static void kb_dmi_table(double scale)
{
	int w = kb_name_width();
	unsigned int a, i, s;
	bool any = false;

	for (a = 0; a < KB_NALGS; a++) {
		bool header = false;

		if (!kb_is_dmi(kb_algs[a].name))
			continue;
		for (i = 0; i < kb_nimpls; i++) {
			const struct kb_impl *bi = &kb_impls[i];

			if (strcmp(bi->alg, kb_algs[a].name) || bi->check_only ||
			    !kb_selected(bi))
				continue;
			if (!any) {
				printf("\n%-*s %9s %9s\n", w + 2,
				       "dm-integrity, median per block", "512",
				       "4K");
				any = true;
			}
			if (!header) {
				printf("%s (%s)\n", kb_algs[a].name,
				       kb_algs[a].what);
				header = true;
			}
			printf("  %-*s", w, bi->name);
			for (s = 0; s < kb_nsizes; s++) {
				struct kb_cell *c = kb_cell_at(bi, s);

				if (kb_sizes[s] != 512 && kb_sizes[s] != 4096)
					continue;
				if (!c || !c->n)
					printf(" %9s", "-");
				else
					printf(" %9.0f", c->median * c->len * scale);
			}
			printf("\n");
		}
	}
}

/* SIMD sections per message of the kernel-mode rows, from the checks. */
static void kb_sections_table(void)
{
	int w = kb_name_width();
	unsigned int a, i, s;

	kb_table_head("SIMD sections per message", w);
	printf("\n");
	for (a = 0; a < KB_NALGS; a++) {
		bool header = false;

		for (i = 0; i < kb_nimpls; i++) {
			const struct kb_impl *bi = &kb_impls[i];

			if (strcmp(bi->alg, kb_algs[a].name) || !bi->kmode ||
			    bi->check_only || !kb_selected(bi))
				continue;
			if (!header) {
				printf("%s\n", kb_algs[a].name);
				header = true;
			}
			printf("  %-*s", w, bi->name);
			for (s = 0; s < kb_nsizes; s++) {
				struct kb_cell *c = kb_cell_at(bi, s);

				if (!c || c->sections < 0)
					printf(" %7s", "-");
				else
					printf(" %7ld", c->sections);
			}
			printf("\n");
		}
	}
}

/*
 * --no-threshold: per SIMD driver and context, the first size from which
 * its kernel-mode row (no threshold) costs at most the generic driver's
 * "[kernel]" row at that size and every larger one: where the SIMD path
 * starts to pay, the value struct kh_simd_min is set from.
 */
static void kb_crossings(void)
{
	unsigned int i, j, s;
	char buf[32];

	printf("\ncrossings with the generic driver (--no-threshold, medians):\n");
	for (i = 0; i < kb_nimpls; i++) {
		const struct kb_impl *bi = &kb_impls[i], *gen = NULL;
		int from = -1;

		if (!bi->ours || !bi->kmode || kb_is_dmi(bi->alg) ||
		    !strcmp(bi->alg, "nh") || strstr(bi->name, "-generic") ||
		    !kb_selected(bi))
			continue;
		for (j = 0; j < kb_nimpls && !gen; j++)
			if (kb_impls[j].ours && kb_impls[j].kmode &&
			    !strcmp(kb_impls[j].alg, bi->alg) &&
			    strstr(kb_impls[j].name, "-generic" KB_KMODE_SUFFIX))
				gen = &kb_impls[j];
		if (!gen)
			continue;
		for (s = kb_nsizes; s-- > 0;) {
			const struct kb_cell *c = kb_cell_at(bi, s);
			const struct kb_cell *g = kb_cell_at(gen, s);

			if (!c || !g || !c->n || !g->n)
				continue;
			if (c->median > g->median)
				break;
			from = s;
		}
		if (from < 0) {
			printf("  %-44s never\n", bi->name);
			continue;
		}
		kb_size_name(buf, sizeof(buf), kb_sizes[from]);
		printf("  %-44s from %s%s\n", bi->name, buf,
		       from ? "" : " (the smallest size measured)");
	}
}

static void kb_write_tsv(double scale, double hz)
{
	FILE *f = fopen(kb_tsv, "w");
	unsigned int a, i, s;

	if (!f)
		kb_fatal("cannot write %s", kb_tsv);
	fprintf(f, "algorithm\timplementation\tbytes\tcycles_per_byte\tgb_per_s\n");
	for (a = 0; a < KB_NALGS; a++)
		for (i = 0; i < kb_nimpls; i++) {
			const struct kb_impl *bi = &kb_impls[i];

			if (strcmp(bi->alg, kb_algs[a].name))
				continue;
			for (s = 0; s < kb_nsizes; s++) {
				struct kb_cell *c = kb_cell_at(bi, s);

				if (!c || !c->n)
					continue;
				fprintf(f, "%s\t%s\t%zu\t%.4f\t%.3f\n",
					kb_tsv_alg(bi->alg),
					bi->name, c->len, c->median * scale,
					hz / c->median / 1e9);
			}
		}
	fclose(f);

	if (!kb_detail)
		return;
	f = fopen(kb_detail, "w");
	if (!f)
		kb_fatal("cannot write %s", kb_detail);
	fprintf(f, "algorithm\timplementation\tbytes\tcalls_per_sample\t"
		   "samples\trejected\tmedian_cpb\tmin_cpb\tmedian_ticks_per_byte\t"
		   "min_ticks_per_byte\tgb_per_s\tsimd_sections_per_message\n");
	for (i = 0; i < kb_ncells; i++) {
		struct kb_cell *c = &kb_cells[i];

		if (!c->n)
			continue;
		char sections[24] = "-";	/* "-": a bare row */

		if (c->sections >= 0)
			snprintf(sections, sizeof(sections), "%ld", c->sections);
		fprintf(f, "%s\t%s\t%zu\t%llu\t%u\t%u\t%.4f\t%.4f\t%.4f\t%.4f\t%.3f\t%s\n",
			kb_tsv_alg(c->impl->alg), c->impl->name, c->len,
			(unsigned long long)c->iters, c->n, c->rejected,
			c->median * scale, c->min * scale, c->median, c->min,
			hz / c->median / 1e9, sections);
	}
	fclose(f);
}

static void kb_usage(void)
{
	fprintf(stderr,
"usage: kbench [options]\n"
"  --rounds N        interleaved rounds (default 61, at least 15)\n"
"  --sample-us U     target length of one sample in microseconds (1000)\n"
"  --cpu N           pin to CPU N (default: the highest allowed CPU)\n"
"  --sizes A,B,...   message sizes (default 16,...,1048576)\n"
"  --filter S        only algorithms or implementations containing S\n"
"  --no-threshold    kernel-mode rows of our SIMD drivers without their\n"
"                    thresholds, and the crossings with the generic code\n"
"                    printed (how struct kh_simd_min is chosen)\n"
"  --rust LIB[:SUFFIX[:portable]]  load Rust peers from LIB (repeatable)\n"
"  --unit U          core: core cycles (counter ticks x the measured ratio;\n"
"                    the default where the ratio is measurable); counter:\n"
"                    raw counter ticks (TSC reference cycles on x86)\n"
"  --tsv FILE        median table as TSV (default build/bench.tsv)\n"
"  --detail FILE     all statistics as TSV\n");
	exit(2);
}

static void kb_parse_sizes(const char *arg)
{
	char *copy = strdup(arg), *tok, *save = NULL;

	kb_nsizes = 0;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		size_t v = strtoull(tok, NULL, 0);

		if (!v || v > KB_MAX_MSG || kb_nsizes == KB_MAX_SIZES)
			kb_fatal("bad --sizes");
		kb_sizes[kb_nsizes++] = v;
	}
	free(copy);
	if (!kb_nsizes)
		kb_fatal("bad --sizes");
}

#define KB_MAX_RUST 4
static char *kb_rust[KB_MAX_RUST];
static unsigned int kb_nrust;

static void kb_options(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rounds", required_argument, NULL, 'r' },
		{ "sample-us", required_argument, NULL, 'u' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "sizes", required_argument, NULL, 's' },
		{ "filter", required_argument, NULL, 'f' },
		{ "rust", required_argument, NULL, 'R' },
		{ "unit", required_argument, NULL, 'U' },
		{ "tsv", required_argument, NULL, 't' },
		{ "detail", required_argument, NULL, 'd' },
		{ "no-threshold", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int o;

	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (o) {
		case 'r':
			kb_rounds = strtoul(optarg, NULL, 0);
			break;
		case 'u':
			kb_sample_us = strtod(optarg, NULL);
			break;
		case 'c':
			kb_cpu = strtol(optarg, NULL, 0);
			break;
		case 's':
			kb_parse_sizes(optarg);
			break;
		case 'f':
			kb_filter = optarg;
			break;
		case 'R':
			if (kb_nrust == KB_MAX_RUST)
				kb_fatal("too many --rust");
			kb_rust[kb_nrust++] = optarg;
			break;
		case 'U':
			kb_unit = optarg;
			break;
		case 't':
			kb_tsv = optarg;
			break;
		case 'd':
			kb_detail = optarg;
			break;
		case 'T':
			kb_no_threshold = true;
			break;
		default:
			kb_usage();
		}
	}
	if (optind != argc || kb_rounds < 15 || kb_sample_us <= 0 ||
	    (strcmp(kb_unit, "auto") && strcmp(kb_unit, "core") &&
	     strcmp(kb_unit, "counter")))
		kb_usage();
}

static void kb_register_all(void)
{
	unsigned int i;

	kb_register_ours();
#ifdef KB_HAVE_LINUX
	kb_register_linux();
#endif
#ifdef KB_HAVE_LIBS
	kb_register_libs();
#endif
#ifdef KB_HAVE_DLOPEN
	/* libkeyedhash.so as users call it (tools/bench/run.sh sets the path) */
	if (getenv("KB_LIBKEYEDHASH") && *getenv("KB_LIBKEYEDHASH"))
		kb_register_libkeyedhash(getenv("KB_LIBKEYEDHASH"));
	/* Google's HighwayHash, C and AVX2 C++ (run.sh, KH_GOOGLE_HH) */
	if (getenv("KB_GOOGLE_HH_LIB") && *getenv("KB_GOOGLE_HH_LIB"))
		kb_register_google_hh(getenv("KB_GOOGLE_HH_LIB"),
				      "peer:google-highwayhash-c",
				      getenv("KB_GOOGLE_HH_DESC") ?: "");
	if (getenv("KB_GOOGLE_HH_AVX2_LIB") && *getenv("KB_GOOGLE_HH_AVX2_LIB"))
		kb_register_google_hh(getenv("KB_GOOGLE_HH_AVX2_LIB"),
				      "peer:google-highwayhash-avx2",
				      getenv("KB_GOOGLE_HH_AVX2_DESC") ?: "");
#endif
#ifdef KB_HAVE_KPEERS
	/* the references the kernel-mode peers are checked against */
	kb_register_refs();
	kb_register_dmi_ours();
#endif
	for (i = 0; i < kb_nrust; i++) {
		char *lib = kb_rust[i], *suffix = "", *opt = "";
		char *p = strchr(lib, ':');

		if (p) {
			*p = 0;
			suffix = p + 1;
			p = strchr(suffix, ':');
			if (p) {
				*p = 0;
				opt = p + 1;
			}
		}
#ifdef KB_HAVE_DLOPEN
		kb_register_rust(lib, suffix, !strcmp(opt, "portable"));
#else
		(void)opt;
		kb_fatal("built without dlopen: no Rust peers");
#endif
	}
#ifdef KB_HAVE_KMODE
	/* last, so that the bare rows come first and stay the references */
	i = kb_nimpls;
	kb_kmode = kb_register_kmode();
	for (; i < kb_nimpls; i++) {
		struct kb_impl *bi = &kb_impls[i];
		size_t n = strlen(bi->name);

		bi->kmode = kb_kmode;
		/* named by their registration: see struct kb_impl.kthread */
		if (kb_is_dmi(bi->alg) || bi->kthread)
			continue;
		if (n + sizeof(KB_KMODE_SUFFIX) > sizeof(bi->name))
			kb_fatal("%s: name too long", bi->name);
		memcpy(bi->name + n, KB_KMODE_SUFFIX, sizeof(KB_KMODE_SUFFIX));
	}
#endif
}

static double kb_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	double start = kb_now(), hz, ratio, ratio2, scale = 1;
	double target, rmed = 0;
	unsigned int i, s;
	int cpu;

	kb_options(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	cpu = kb_pin_cpu(kb_cpu);
	if (cpu < 0)
		kb_info("could not pin to a CPU; timings will be noisier");

	kb_msg = aligned_alloc(64, KB_MAX_MSG);
	kb_bigkey = aligned_alloc(64, KB_MAX_MSG);
	if (!kb_msg || !kb_bigkey)
		kb_fatal("out of memory");
	kb_fill(kb_msg, KB_MAX_MSG, 0x6d7367);
	kb_fill(kb_bigkey, KB_MAX_MSG, 0x6d6d6b6579);

	kb_register_all();
	kb_prepare();

	hz = kb_counter_hz();
	ratio = kb_core_ratio(NULL);
	target = kb_sample_us * 1e-6 * hz;
	fprintf(stderr, "kbench: %u implementations, %u timed cells; "
		"calibrating\n", kb_nimpls, kb_ncells);
	for (i = 0; i < kb_ncells; i++)
		kb_calibrate(&kb_cells[i], target);
	kb_run_rounds();
	ratio2 = kb_core_ratio(NULL);
	if (kb_nratio)
		rmed = kb_round_ratio[kb_nratio / 2];
	if (strcmp(kb_unit, "counter") && rmed > 0)
		scale = rmed;
	else if (!strcmp(kb_unit, "core"))
		kb_fatal("the core/counter clock ratio is not measurable here");

	printf("kbench: %u interleaved rounds, one %.0f us sample per cell and "
	       "round, pinned to CPU %d\n", kb_rounds, kb_sample_us, cpu);
	printf("counter: %s at %.4f GHz (measured against CLOCK_MONOTONIC)\n",
	       kb_counter_name(), hz / 1e9);
	if (rmed > 0)
		printf("core/%s clock ratio (dependent 1-cycle add chain): median "
		       "%.3f over %u rounds (range %.3f..%.3f; %.3f before, %.3f "
		       "after the rounds) -> core clock about %.2f GHz\n",
		       kb_counter_name(), rmed, kb_nratio, kb_round_ratio[0],
		       kb_round_ratio[kb_nratio - 1], ratio, ratio2,
		       rmed * hz / 1e9);
	else
		printf("core/counter clock ratio: not measurable here\n");
	if (scale != 1)
		printf("unit: core cycles per byte = %s ticks per byte x %.3f "
		       "(--unit counter for raw ticks); lower is better\n",
		       kb_counter_name(), scale);
	else
		printf("unit: %s ticks per byte; lower is better\n",
		       kb_counter_name());
	printf("our C: %s\n", KB_CORE_CFLAGS);
	if (kb_kmode) {
		struct kb_kfpu_cost fc;

		kb_kmode->cost(&fc);
		printf("kernel mode (rows \"...%s\"): our C and the kernel peers' C: "
		       "%s; RET is jmp __x86_return_thunk; kernel_fpu_begin/end "
		       "out of line, XSAVEOPT of all XCR0 features at the first "
		       "SIMD section of a message, XRSTOR after it\n",
		       KB_KMODE_SUFFIX, KB_KMODE_CFLAGS);
		printf("kernel mode FPU cost, %s per message: %.0f with one "
		       "section (clean registers; %.0f with every vector register "
		       "dirty), %.0f per further section, %.0f without a "
		       "section; %.0f per section in a kernel thread\n",
		       scale != 1 ? "core cycles" : "ticks",
		       (double)fc.first / fc.iters * scale,
		       (double)fc.first_dirty / fc.iters * scale,
		       (double)fc.light / fc.iters * scale,
		       (double)fc.none / fc.iters * scale,
		       (double)fc.kthread / fc.iters * scale);
	}
	printf("samples rejected for a context switch (and taken again): %u\n\n",
	       kb_total_rejected);
	kb_table(true, scale, hz);
	printf("\n");
	kb_table(false, scale, hz);
	kb_dmi_table(scale);
	if (kb_kmode) {
		printf("\n");
		kb_sections_table();
	}
	if (kb_no_threshold)
		kb_crossings();
	printf("\nimplementations:\n");
	for (i = 0; i < kb_nimpls; i++) {
		const struct kb_impl *bi = &kb_impls[i];

		if (!kb_selected(bi))
			continue;
		printf("  %-20s %-*s %s%s%s\n", bi->alg, kb_name_width() - 4,
		       bi->name,
		       bi->ours ? "ours, kernel-like C flags" : bi->note,
		       bi->kmode ? ", kernel-mode build" : "",
		       bi->check_only ? " (reference for the digest check only)" :
		       "");
	}
	kb_write_tsv(scale, hz);
	for (i = 0; i < kb_ncells; i++)
		kb_cells[i].impl->teardown(kb_cells[i].inst);
	s = (unsigned int)(kb_now() - start + 0.5);
	printf("\nwrote %s; kbench took %u s\n", kb_tsv, s);
	return 0;
}

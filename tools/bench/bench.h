/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbench: cycles-per-byte benchmark of the keyedhash drivers beside the
 * best available peers, all timed by one harness in one run.
 *
 * Every implementation is a struct kb_impl: a setup() that does all key
 * work once, outside the timed loop (what setkey does for our drivers), and
 * a hash() that computes one digest of one message from that prepared
 * state.  The harness times hash() only.
 */
#ifndef _KB_BENCH_H
#define _KB_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define KB_MAX_DIGEST	64
/* an out-of-line function, as the kernel's exported ones */
#define KB_NOINLINE	__attribute__((__noinline__))

struct kb_impl;

/*
 * kb_kmode.cost: counter ticks for @iters operations, the median of a few
 * samples (kmode.c: integers only, as it is built without SSE).
 */
struct kb_kfpu_cost {
	u64 iters;
	u64 kthread;		/* a section in a kernel thread: the light part
				 * only, never a save */
	u64 first;		/* a message with one SIMD section: the light
				 * part, XSAVEOPT and XRSTOR */
	u64 light;		/* a further section of the message */
	u64 none;		/* a message without a section */
	u64 first_dirty;	/* as @first, after every vector register was
				 * dirtied (the dirtying itself subtracted) */
};

/**
 * struct kb_kmode - the "as in the kernel" copy of our drivers and of the
 *	kernel peers (kmode.c; x86_64 only)
 * @user_return: the return to user space after each message: restores the
 *	task's FPU registers if a SIMD section saved them
 * @sections:	SIMD sections entered so far
 * @cost:	measure the cost of the FPU sections themselves
 * @set_kthread: run as a kernel thread (PF_KTHREAD: kernel_fpu_begin() never
 *	saves) or as a user task in a system call
 */
struct kb_kmode {
	void (*user_return)(void);
	void (*set_kthread)(bool kthread);
	const unsigned long *sections;
	void (*cost)(struct kb_kfpu_cost *cost);
};

/**
 * struct kb_impl - one implementation of one algorithm
 * @alg:	algorithm name (see kb_algs[] in bench.c)
 * @name:	our driver name, or "peer:..." for a peer
 * @digestsize:	bytes hash() writes
 * @ours:	one of our drivers (a struct shash_alg of the module)
 * @check_only:	an independent reference: its digest is compared, but it
 *		is not timed
 * @setup:	prepare a keyed instance for messages of @msglen bytes; NULL
 *		if this implementation can't take this key or length
 * @hash:	one digest of @msg
 * @teardown:	free what setup() returned
 * @priv:	implementation data
 * @note:	printed in the legend (e.g. which code path ran)
 * @kmode:	NULL for the bare build; else the kernel-mode build's hooks:
 *		the harness calls @kmode->user_return() after every hash()
 *		unless @kthread
 * @kthread:	a kernel-mode row run as a kernel thread (a dm-integrity
 *		worker): no FPU save, no return to user space; named
 *		"... [kthread]" (dm-integrity) or "... [kernel kthread]"
 *		(KB_KMODE_KTHREAD_SUFFIX) by its registration, not by the
 *		harness
 */
struct kb_impl {
	const char *alg;
	char name[64];
	unsigned int digestsize;
	bool ours;
	bool check_only;
	void *(*setup)(const struct kb_impl *impl, const u8 *key,
		       size_t keylen, size_t msglen);
	void (*hash)(void *inst, const u8 *msg, size_t len, u8 *out);
	void (*teardown)(void *inst);
	const void *priv;
	char note[96];
	const struct kb_kmode *kmode;
	bool kthread;
	unsigned int batch;	/* messages of the length per hash() call; 0: 1 */
};

/*
 * --no-threshold: the kernel-mode rows of our SIMD drivers run without
 * their thresholds (struct kh_simd_min), to find where they cross the
 * generic code.  The bare rows never have thresholds.
 */
extern bool kb_no_threshold;

/* Registration (bench.c) */
struct kb_impl *kb_add(const char *alg, const char *name,
		       unsigned int digestsize);
void kb_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2),
						    noreturn));
void kb_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Zeroed, 64-byte aligned memory, or a fatal error. */
void *kb_zalloc(size_t n);

/* Implementations: each file registers what it has. */
void kb_register_ours(void);			/* ours.c */
/*
 * Our drivers that pass their self-test on this CPU, as module init
 * registers them (ours.c; one list per copy, bare and kernel-mode).
 */
struct shash_alg;
unsigned int kb_ours_algs(struct shash_alg *const **algs);
void kb_register_linux(void);			/* peers-linux.c */
void kb_register_libs(void);			/* peers-libs.c */
/* libkeyedhash.so through dlopen() (peers-lib.c) */
void kb_register_libkeyedhash(const char *path);
/*
 * Google's HighwayHash (its portable C or its AVX2 C++), built by run.sh
 * from KH_GOOGLE_HH (peers-google.c): rows @name; @desc for the legend.
 */
void kb_register_google_hh(const char *path, const char *name,
			   const char *desc);
void kb_register_rust(const char *lib, const char *suffix, bool portable);
						/* peers-rs.c */
/*
 * The kernel-mode copy of ours.c and peers-linux.c (kmode.c, the only
 * global symbol of that copy): registers its drivers under their usual
 * names; the harness appends KB_KMODE_SUFFIX.
 */
const struct kb_kmode *kb_register_kmode(void);
#define KB_KMODE_SUFFIX	" [kernel]"
/* our SIMD drivers' kernel-mode rows once more, as a kernel thread */
#define KB_KMODE_KTHREAD_SUFFIX	" [kernel kthread]"

/*
 * dm-integrity rows (kernel mode only): algorithms named KB_DMI_PREFIX and
 * the MAC; one message is one integrity_sector_checksum() of one block:
 * init, [the 16-byte superblock salt when the MAC is keyed: fix_hmac, as
 * integritysetup formats], the block's first sector number as le64, the
 * block, final.  The rows' names end in KB_DMI_KTHREAD or KB_DMI_TASK.
 */
#define KB_DMI_PREFIX	"dm-integrity:"
#define KB_DMI_SECTOR	0x2468aceull
#define KB_DMI_SALT	"kbench sb salt!!"	/* 16 bytes */
#define KB_DMI_KTHREAD	" [kthread]"
#define KB_DMI_TASK	" [task]"
/* the floor rows' zeros (dmint-ours.c) */
#define KB_DMI_FLOOR_DIGEST	16
void kb_register_kpeers(void);			/* peers-kernel.c */
void kb_register_dmi_ours(void);		/* dmint-ours.c */
void kb_register_refs(void);			/* peers-ref.c */

/* Timing (timing.c) */
u64 kb_ticks_begin(void);
u64 kb_ticks_end(void);
const char *kb_counter_name(void);
double kb_counter_hz(void);			/* measured against CLOCK_MONOTONIC */
double kb_core_ratio(double *spread);		/* core cycles per counter tick, or 0 */
double kb_core_ratio_once(void);		/* a quick single measurement */
int kb_pin_cpu(int cpu);			/* returns the CPU, or -1 */
u64 kb_ctxsw(void);				/* this thread's context switches */

static inline u64 kb_load64(const void *p)
{
	u64 v;

	__builtin_memcpy(&v, p, sizeof(v));
	return v;
}

#endif /* _KB_BENCH_H */

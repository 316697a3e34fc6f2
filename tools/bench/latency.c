// SPDX-License-Identifier: GPL-2.0
/*
 * hh-latency (make bench-latency): HighwayHash's per-packet cost in the
 * AVX2 block function, kh_highwayhash_blocks_avx2() of
 * arch/x86/highwayhash-avx2.S, called unchanged on one state for a chain
 * of N dependent packet updates, beside the bound the dependency chain of
 * one packet update sets (derived in docs/performance.md, "The per-packet
 * latency limit").
 *
 * Timing as kbench's (timing.c): pinned to one CPU, "lfence; rdtsc;
 * lfence" / "rdtscp; lfence" around a sample, a sample with a context
 * switch taken again, core cycles = TSC ticks x the core/TSC ratio of a
 * chain of dependent adds.  The minimum over the samples is the figure to
 * compare with the bound; on a loaded machine the median drifts up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

struct kh_highwayhash_state;
void kh_highwayhash_blocks_avx2(struct kh_highwayhash_state *st,
				const u8 *src, size_t nblocks);

/* Core cycles per packet that the dependency chain allows (see the doc). */
static const struct {
	const char *cpu;
	double cycles;
	const char *chain;
} kb_bounds[] = {
	{ "Intel Ice Lake / Sapphire Rapids", 7,
	  "mul0 -> vpaddq -> vpmuludq (5) -> vpxor" },
	{ "AMD Zen 3", 6,
	  "v1 -> 2 vpaddq -> vpshufb -> vpaddq -> vpshufb -> vpaddq" },
	{ "AMD Zen 4", 6,
	  "v1 -> 2 vpaddq -> vpshufb -> vpaddq -> vpshufb -> vpaddq" },
};

void kb_fatal(const char *fmt, ...)
{
	(void)fmt;
	fprintf(stderr, "hh-latency: fatal\n");
	exit(1);
}

static int kb_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

#define KB_SAMPLES 41

/*
 * The latency of one instruction here: 64 dependent copies per loop
 * iteration (each reads the previous one's result), 4096 iterations.
 */
#define KB_CHAIN(name, insn)						\
static void name(void)							\
{									\
	u64 n = 4096;							\
									\
	__asm__ __volatile__("vpxor %%xmm0, %%xmm0, %%xmm0\n\t"	\
			     "vpxor %%xmm1, %%xmm1, %%xmm1\n\t"	\
			     "1:\n\t"					\
			     ".rept 64\n\t"				\
			     insn "\n\t"				\
			     ".endr\n\t"				\
			     "dec %0\n\t"				\
			     "jnz 1b\n\t"				\
			     "vzeroupper"				\
			     : "+r"(n) : : "xmm0", "xmm1", "xmm2", "cc");\
}
KB_CHAIN(kb_chain_paddq, "vpaddq %%ymm1, %%ymm0, %%ymm0")
KB_CHAIN(kb_chain_pmuludq, "vpmuludq %%ymm1, %%ymm0, %%ymm0")
KB_CHAIN(kb_chain_pshufb, "vpshufb %%ymm1, %%ymm0, %%ymm0")
KB_CHAIN(kb_chain_pxor, "vpxor %%ymm1, %%ymm0, %%ymm0")
KB_CHAIN(kb_chain_psrlq, "vpsrlq $32, %%ymm0, %%ymm0")
/* the zipper recurrence alone: v1 -> 2 adds -> shuffle -> v0 -> shuffle -> v1 */
KB_CHAIN(kb_chain_ziprec, "vpaddq %%ymm1, %%ymm0, %%ymm0\n\t"
	 "vpaddq %%ymm1, %%ymm0, %%ymm0\n\t"
	 "vpshufb %%ymm1, %%ymm0, %%ymm2\n\tvpaddq %%ymm1, %%ymm2, %%ymm2\n\t"
	 "vpshufb %%ymm1, %%ymm2, %%ymm2\n\tvpaddq %%ymm2, %%ymm0, %%ymm0")
/* the mul0 recurrence alone: v1 = mul0 + x; mul0 ^= v1 * y */
KB_CHAIN(kb_chain_mulrec, "vpaddq %%ymm1, %%ymm0, %%ymm2\n\t"
	 "vpmuludq %%ymm1, %%ymm2, %%ymm2\n\tvpxor %%ymm2, %%ymm0, %%ymm0")

static const struct {
	const char *insn;
	void (*fn)(void);
} kb_chains[] = {
	{ "vpaddq", kb_chain_paddq }, { "vpmuludq", kb_chain_pmuludq },
	{ "vpshufb", kb_chain_pshufb }, { "vpxor", kb_chain_pxor },
	{ "vpsrlq", kb_chain_psrlq },
	{ "mul recurrence (vpaddq, vpmuludq, vpxor)", kb_chain_mulrec },
	{ "zipper recurrence (4 vpaddq, 2 vpshufb)", kb_chain_ziprec },
};

int main(int argc, char **argv)
{
	static const size_t packets[] = { 128, 32768 };	/* 4 KiB, 1 MiB */
	double ratio, hz, best = 0, rs[KB_SAMPLES];
	char vendor[13] = "";
	unsigned int i;
	u8 *state, *msg;
	u32 a, b, c, d;
	int cpu;

	(void)argc;
	(void)argv;
	if (!__builtin_cpu_supports("avx2")) {
		printf("hh-latency: skipped: this CPU has no AVX2\n");
		return 0;
	}
	__asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0));
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	cpu = kb_pin_cpu(-1);
	state = aligned_alloc(64, 256);
	msg = aligned_alloc(64, 32 * packets[1]);
	if (!state || !msg)
		return 1;
	for (i = 0; i < 32 * packets[1]; i++)
		msg[i] = (u8)(i * 167 + 13);
	for (i = 0; i < 256; i++)
		state[i] = (u8)(i * 29 + 7);
	hz = kb_counter_hz();
	/*
	 * The core/TSC ratio: the highest of many short add chains.  Time
	 * stolen from the vCPU (a loaded host) only lowers a measurement, as
	 * it only raises a sample, so the best of each go together.
	 */
	for (i = 0; i < KB_SAMPLES; i++)
		rs[i] = kb_core_ratio_once();
	qsort(rs, KB_SAMPLES, sizeof(rs[0]), kb_cmp);
	ratio = rs[KB_SAMPLES - 1];
	printf("hh-latency: kh_highwayhash_blocks_avx2() on CPU %d (%s), "
	       "TSC %.3f GHz, %.3f core cycles per tick (highest of %d; "
	       "median %.3f)\n", cpu, vendor, hz / 1e9, ratio, KB_SAMPLES,
	       rs[KB_SAMPLES / 2]);
	printf("latency measured here (core cycles, ymm, best of %d):",
	       KB_SAMPLES);
	for (i = 0; i < sizeof(kb_chains) / sizeof(kb_chains[0]); i++) {
		double t = 0;
		unsigned int k;

		for (k = 0; k < KB_SAMPLES; k++) {
			u64 t0 = kb_ticks_begin(), t1;

			kb_chains[i].fn();
			t1 = kb_ticks_end();
			if (!k || (double)(t1 - t0) < t)
				t = (double)(t1 - t0);
		}
		printf("\n  %-44s %5.2f", kb_chains[i].insn,
		       t * ratio / (4096.0 * 64));
	}
	printf("\n\nkh_highwayhash_blocks_avx2(), core cycles per packet:\n");
	printf("%-10s %10s %10s %10s %10s\n", "packets", "min c/pkt",
	       "median", "min c/B", "ticks/pkt");
	for (i = 0; i < sizeof(packets) / sizeof(packets[0]); i++) {
		size_t n = packets[i];
		double cpp[KB_SAMPLES];
		u64 reps = (u64)(2e-3 * hz / (8.0 * n)) + 1;	/* ~2 ms */
		unsigned int got = 0, tries = 0;

		kh_highwayhash_blocks_avx2((void *)state, msg, n);	/* warm */
		while (got < KB_SAMPLES && tries++ < 50 * KB_SAMPLES) {
			u64 cs = kb_ctxsw(), t0, t1, r;

			t0 = kb_ticks_begin();
			for (r = 0; r < reps; r++)
				kh_highwayhash_blocks_avx2((void *)state, msg,
							   n);
			t1 = kb_ticks_end();
			if (kb_ctxsw() != cs)
				continue;
			cpp[got++] = (double)(t1 - t0) / (double)(reps * n);
		}
		if (!got) {
			printf("%-10zu every sample was context-switched\n", n);
			continue;
		}
		qsort(cpp, got, sizeof(cpp[0]), kb_cmp);
		printf("%-10zu %10.2f %10.2f %10.3f %10.2f\n", n,
		       cpp[0] * ratio, cpp[got / 2] * ratio,
		       cpp[0] * ratio / 32, cpp[0]);
		if (!best || cpp[0] * ratio < best)
			best = cpp[0] * ratio;
	}
	printf("\nbound of the dependency chain (docs/performance.md), against "
	       "the best minimum here:\n");
	for (i = 0; i < sizeof(kb_bounds) / sizeof(kb_bounds[0]); i++) {
		bool here = !strncmp(vendor, "GenuineIntel", 12) ==
			    !strncmp(kb_bounds[i].cpu, "Intel", 5);

		printf("  %-34s %4.1f c/packet %6.4f c/B  %s", kb_bounds[i].cpu,
		       kb_bounds[i].cycles, kb_bounds[i].cycles / 32,
		       kb_bounds[i].chain);
		if (here)
			printf("   measured/bound %.2f", best / kb_bounds[i].cycles);
		printf("\n");
	}
	free(state);
	free(msg);
	return 0;
}

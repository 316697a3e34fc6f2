// SPDX-License-Identifier: GPL-2.0
/*
 * kbench timing core: a fenced cycle counter, its frequency against
 * CLOCK_MONOTONIC, the core/counter clock ratio, CPU pinning and the
 * context-switch count used to reject disturbed samples.
 *
 * x86_64:  lfence; rdtsc; lfence before, rdtscp; lfence after the region.
 * arm64:   isb; mrs cntvct_el0 (the generic timer, usually 24 MHz..1 GHz).
 * others:  clock_gettime(CLOCK_MONOTONIC_RAW) in nanoseconds.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "bench.h"

#if defined(__x86_64__)

u64 kb_ticks_begin(void)
{
	u32 lo, hi;

	__asm__ __volatile__("lfence\n\trdtsc\n\tlfence"
			     : "=a"(lo), "=d"(hi) : : "memory");
	return (u64)hi << 32 | lo;
}

u64 kb_ticks_end(void)
{
	u32 lo, hi, aux;

	__asm__ __volatile__("rdtscp\n\tlfence"
			     : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
	return (u64)hi << 32 | lo;
}

const char *kb_counter_name(void)
{
	return "TSC";
}

/* 64 dependent register adds per iteration; the loop runs beside them. */
static void kb_add_chain(u64 iters)
{
	u64 x = 0, one = 1;

	__asm__ __volatile__("1:\n\t"
			     ".rept 64\n\t"
			     "add %2, %0\n\t"
			     ".endr\n\t"
			     "dec %1\n\t"
			     "jnz 1b"
			     : "+r"(x), "+r"(iters) : "r"(one) : "cc");
}
#define KB_HAVE_CHAIN 1

#elif defined(__aarch64__)

u64 kb_ticks_begin(void)
{
	u64 v;

	__asm__ __volatile__("isb\n\tmrs %0, cntvct_el0\n\tisb"
			     : "=r"(v) : : "memory");
	return v;
}

u64 kb_ticks_end(void)
{
	u64 v;

	__asm__ __volatile__("isb\n\tmrs %0, cntvct_el0\n\tisb"
			     : "=r"(v) : : "memory");
	return v;
}

const char *kb_counter_name(void)
{
	return "CNTVCT";
}

static void kb_add_chain(u64 iters)
{
	u64 x = 0, one = 1;

	__asm__ __volatile__("1:\n\t"
			     ".rept 64\n\t"
			     "add %0, %0, %2\n\t"
			     ".endr\n\t"
			     "subs %1, %1, #1\n\t"
			     "b.ne 1b"
			     : "+r"(x), "+r"(iters) : "r"(one) : "cc");
}
#define KB_HAVE_CHAIN 1

#else

static u64 kb_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (u64)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

u64 kb_ticks_begin(void)
{
	return kb_ns();
}

u64 kb_ticks_end(void)
{
	return kb_ns();
}

const char *kb_counter_name(void)
{
	return "ns";
}

#endif

static double kb_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int kb_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Counter ticks per second: the median of five 50 ms windows. */
double kb_counter_hz(void)
{
	double hz[5];
	int i;

	for (i = 0; i < 5; i++) {
		double t0 = kb_mono(), t1;
		u64 c0 = kb_ticks_begin(), c1;

		do {
			t1 = kb_mono();
		} while (t1 - t0 < 0.05);
		c1 = kb_ticks_end();
		hz[i] = (c1 - c0) / (t1 - t0);
	}
	qsort(hz, 5, sizeof(hz[0]), kb_cmp_double);
	return hz[2];
}

/*
 * Core cycles per counter tick.  A chain of N dependent 1-cycle adds takes
 * N core cycles, so N / ticks is the ratio.  The median of nine runs is
 * returned; *spread gets (max - min) / median of the middle five.
 */
double kb_core_ratio(double *spread)
{
#ifdef KB_HAVE_CHAIN
	const u64 iters = 1u << 17;	/* 8M adds, a few ms */
	double r[9];
	int i;

	kb_add_chain(iters);		/* wake the core up */
	for (i = 0; i < 9; i++) {
		u64 t0 = kb_ticks_begin(), t1;

		kb_add_chain(iters);
		t1 = kb_ticks_end();
		r[i] = (double)(iters * 64) / (double)(t1 - t0);
	}
	qsort(r, 9, sizeof(r[0]), kb_cmp_double);
	if (spread)
		*spread = (r[6] - r[2]) / r[4];
	return r[4];
#else
	if (spread)
		*spread = 0;
	return 0;
#endif
}

/* One quick ratio measurement (1M adds, under a millisecond), or 0. */
double kb_core_ratio_once(void)
{
#ifdef KB_HAVE_CHAIN
	const u64 iters = 1u << 14;
	u64 t0 = kb_ticks_begin(), t1;

	kb_add_chain(iters);
	t1 = kb_ticks_end();
	return (double)(iters * 64) / (double)(t1 - t0);
#else
	return 0;
#endif
}

int kb_pin_cpu(int cpu)
{
	cpu_set_t set;
	int i;

	if (cpu < 0) {
		/* the highest CPU we may run on: CPU 0 takes most interrupts */
		if (sched_getaffinity(0, sizeof(set), &set))
			return -1;
		for (i = CPU_SETSIZE - 1; i >= 0; i--)
			if (CPU_ISSET(i, &set))
				break;
		cpu = i;
	}
	if (cpu < 0)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return -1;
	return cpu;
}

u64 kb_ctxsw(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return 0;
	return (u64)ru.ru_nvcsw + (u64)ru.ru_nivcsw;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: the host's TSC frequency in kHz, measured against
 * CLOCK_MONOTONIC (the clock QEMU's emulated PIT, HPET and RTC follow).
 *
 * QEMU's TCG answers a guest's RDTSC with the host's own TSC, so an x86_64
 * guest's TSC ticks at this rate.  Left to itself the guest kernel
 * calibrates it against the emulated PIT, which goes wrong when the host
 * is busy (a 2.1 GHz TSC was once taken for 229 MHz, and the guest's time
 * then ran nine times too fast); tests/rig/lib.sh gives the guest this
 * figure on its command line (tsc_early_khz=) instead.
 *
 * Each end of the interval is a TSC read between two clock reads taken
 * close together (a preemption between them is retried), so a busy host
 * does not spoil the figure.  Usage: tsc-khz (prints one number).
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

static int64_t ns_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* a TSC reading and the clock's time at it, from the tightest of 200 tries */
static void sample(uint64_t *tsc, int64_t *ns)
{
	int64_t best = INT64_MAX;
	int i;

	for (i = 0; i < 200; i++) {
		int64_t a = ns_now();
		uint64_t t = __rdtsc();
		int64_t b = ns_now();

		if (b - a < best) {
			best = b - a;
			*tsc = t;
			*ns = a + (b - a) / 2;
		}
	}
}

int main(void)
{
	struct timespec pause = { 0, 200000000 };
	uint64_t t0, t1;
	int64_t n0, n1;

	sample(&t0, &n0);
	nanosleep(&pause, NULL);
	sample(&t1, &n1);
	if (n1 <= n0 || t1 <= t0)
		return 1;
	printf("%llu\n", (unsigned long long)((t1 - t0) * 1000000 / (uint64_t)(n1 - n0)));
	return 0;
}

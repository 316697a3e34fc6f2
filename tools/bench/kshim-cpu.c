// SPDX-License-Identifier: GPL-2.0
/*
 * boot_cpu_has() and cpu_has_xfeatures() for the kernel peers compiled
 * through kshim/ (kb_kshim.h): CPUID and XCR0 as the kernel reads them at
 * boot.
 */
#include "kshim/kb_kshim.h"

struct kb_cpuinfo_x86 kb_kshim_boot_cpu_data;

static void kb_kshim_cpuid(unsigned int leaf, unsigned int sub,
			   unsigned int r[4])
{
	__asm__ __volatile__("cpuid"
			     : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			     : "a"(leaf), "c"(sub));
}

bool kb_kshim_xfeatures(u64 mask)
{
	unsigned int r[4], lo, hi;

	kb_kshim_cpuid(1, 0, r);
	if (!(r[2] & (1u << 27)))		/* OSXSAVE */
		return false;
	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((lo | (u64)hi << 32) & mask) == mask;
}

bool kb_kshim_cpu_has(int feature)
{
	unsigned int r1[4], r7[4];

	kb_kshim_cpuid(1, 0, r1);
	kb_kshim_cpuid(7, 0, r7);
	kb_kshim_boot_cpu_data.x86_model = ((r1[0] >> 4) & 0xf) |
					   ((r1[0] >> 12) & 0xf0);
	switch (feature) {
	case X86_FEATURE_XMM2:
		return r1[3] & (1u << 26);
	case X86_FEATURE_SSSE3:
		return r1[2] & (1u << 9);
	case X86_FEATURE_XMM4_2:
		return r1[2] & (1u << 20);
	case X86_FEATURE_PCLMULQDQ:
		return r1[2] & (1u << 1);
	case X86_FEATURE_OSXSAVE:
		return r1[2] & (1u << 27);
	case X86_FEATURE_AVX:
		return r1[2] & (1u << 28);
	case X86_FEATURE_AVX2:
		return r7[1] & (1u << 5);
	case X86_FEATURE_BMI2:
		return r7[1] & (1u << 8);
	case X86_FEATURE_AVX512F:
		return r7[1] & (1u << 16);
	case X86_FEATURE_SHA_NI:
		return r7[1] & (1u << 29);
	}
	return false;
}

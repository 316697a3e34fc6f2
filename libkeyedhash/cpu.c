// SPDX-License-Identifier: GPL-2.0
/*
 * libkeyedhash: the CPU facts the module takes from the kernel and the
 * userspace shim (libkeyedhash/kshim/) cannot.  AVX2 and AVX-512
 * themselves come from GCC's CPU model (__builtin_cpu_supports()), which
 * checks CPUID and, with XGETBV, that the OS saves the ymm/zmm registers.
 */
#include <stdbool.h>

bool kh_lib_x86_prefer_ymm(void);

#if defined(__x86_64__)
#include <cpuid.h>

/*
 * X86_FEATURE_PREFER_YMM as Linux sets it (arch/x86/kernel/cpu/intel.c,
 * zmm_exclusion_list): Intel CPUs that lower their clock for zmm code.
 * The module's AVX-512 drivers stay unused there, so the library's too.
 */
bool kh_lib_x86_prefer_ymm(void)
{
	static const unsigned int models[] = {
		0x55,	/* Skylake-X */
		0x6a,	/* Ice Lake-X */
		0x6c,	/* Ice Lake-D */
		0x7d,	/* Ice Lake */
		0x7e,	/* Ice Lake-L */
		0x9d,	/* Ice Lake NNPI */
		0x8c,	/* Tiger Lake-L */
		0x8d,	/* Tiger Lake */
	};
	unsigned int a, b, c, d, family, model, i;

	if (!__get_cpuid(0, &a, &b, &c, &d))
		return false;
	/* "GenuineIntel" */
	if (b != 0x756e6547 || d != 0x49656e69 || c != 0x6c65746e)
		return false;
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return false;
	family = (a >> 8) & 0xf;
	model = ((a >> 4) & 0xf) | ((a >> 12) & 0xf0);
	if (family != 6)
		return false;
	for (i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		if (model == models[i])
			return true;
	return false;
}
#else
bool kh_lib_x86_prefer_ymm(void)
{
	return false;
}
#endif

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: no-test-code.sh MODULE.ko [NM]
# Fails if the module carries any of the test code that only the KUnit
# builds (make KH_KUNIT=1, Kconfig CRYPTO_KEYEDHASH_KUNIT_TEST) may have:
# the test-only code (lib/*_test.c: kh_keccak_selftest(),
# kh_kmac128_final(), the SIMD helpers out of line, kh_simd_usable(),
# kh_simd_section_saves(), kh_simd_begin(), which are inline in
# production), their static stub redirects (a reference to KUnit, or on
# Linux 6.1 the stub names of kversions.h's stand-in), exports to the KUnit
# namespace (EXPORT_SYMBOL_IF_KUNIT), KUnit suites, and any test hook of
# the kind the module once had (a *_for_test symbol of its own,
# kh_registered_alg(), kh_alg_simd_min()).  The kernel's own crypto_simd_disabled_for_test,
# which crypto_simd_usable() reads where the kernel has its extra
# self-tests, is not the module's.  Prints what it found.
set -uo pipefail
KO=$1 NM=${2:-nm}
[ -f "$KO" ] || { echo "$KO: no such module"; exit 1; }
found=$({
	"$NM" "$KO" | awk '{ print $NF }' | grep -vx 'crypto_simd_disabled_for_test' |
		grep -E '_for_test$|^kh_registered_alg$|^kh_(arch_)?alg_simd_min$|^kh_keccak_selftest$|^kh_kmac128_final$|^kh_simd_(usable|section_saves|begin)$|kunit'
	modinfo -F import_ns "$KO" | grep -x 'EXPORTED_FOR_KUNIT_TESTING'
	grep -aoE 'EXPORTED_FOR_KUNIT_TESTING|keyedhash-static-stub:[a-z0-9_]+' "$KO" | sort -u
	objdump -h "$KO" | awk '{ print $2 }' | grep -E 'kunit'
} 2>&1)
if [ -n "$found" ]; then
	echo "$KO: test code in the module:"
	printf '  %s\n' $found
	exit 1
fi
exit 0

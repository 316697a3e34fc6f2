#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: no-test-code.sh MODULE.ko [NM]
# Fails if the module carries any of the test code that only the KUnit
# builds (make KH_KUNIT=1, Kconfig CRYPTO_KEYEDHASH_KUNIT_TEST) may have:
# the per-CPU SIMD counters and switches (kh_simd_*_for_test), the KUnit
# hooks (kh_registered_impl(), kh_keccak_selftest(), kh_kmac128_final()),
# exports to the KUnit namespace, KUnit suites.  Prints what it found.
set -uo pipefail
KO=$1 NM=${2:-nm}
found=$({
	"$NM" "$KO" | awk '{ print $NF }' |
		grep -E '_for_test$|^kh_registered_impl$|^kh_keccak_selftest$|^kh_kmac128_final$|kunit'
	modinfo -F import_ns "$KO" | grep -x 'EXPORTED_FOR_KUNIT_TESTING'
	objdump -h "$KO" | awk '{ print $2 }' | grep -E 'kunit'
} 2>&1)
if [ -n "$found" ]; then
	echo "$KO: test code in the module:"
	printf '  %s\n' $found
	exit 1
fi
exit 0

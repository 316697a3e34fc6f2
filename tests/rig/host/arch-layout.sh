#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: arch-layout.sh [TOP]
# The arch code by algorithm (issue 40, docs/design.md "The library and
# the drivers"), as lib/crypto/ lays it out: fails where
#  - an algorithm lacks its header in arch/x86/, arch/arm64/ or
#    arch/generic/, or its library header does not include it, or the
#    arch header lacks its instruction sets (KH_<ALG>_ISAS) and keys
#    (kh_<alg>_key()) or holds a dispatcher (kh_<alg>_isa(),
#    kh_<alg>_<op>_isa()), which the library header holds, once;
#  - the library (lib/, include/keyedhash/) tests the architecture
#    (CONFIG_CRYPTO_KEYEDHASH_X86/ARM64) anywhere but on the lines that
#    include the arch headers, internal/arch.h (the CPU tests) and
#    internal/drivers.h (whose rows it selects): a central #if ladder
#    again;
#  - a function pointer stands between the library and the assembly (a
#    pointer declarator in include/keyedhash/internal/, lib/ or an arch
#    header);
#  - a static key of the arch code is not __ro_after_init
#    (DEFINE_STATIC_KEY_FALSE_RO), or an arch header declares another
#    algorithm's key.
# The number of checks is printed; none run, no pass.
set -euo pipefail
TOP=${1:-$(cd "$(dirname "$0")/../../.." && pwd)}
cd "$TOP"
algs="highwayhash multimixer128 nhpoly1305 sthash"
n=0 bad=0
fail() { echo "arch-layout: $*"; bad=$((bad + 1)); }
for a in $algs; do
	n=$((n + 1))
	grep -q "kh_${a}_isa(void)" "include/keyedhash/internal/$a.h" ||
		fail "include/keyedhash/internal/$a.h has no dispatcher kh_${a}_isa()"
	for d in x86 arm64 generic; do
		n=$((n + 1))
		h=arch/$d/$a.h
		grep -qx "#include \"$h\"" "include/keyedhash/internal/$a.h" ||
			fail "include/keyedhash/internal/$a.h does not include $h"
		if [ ! -f "$h" ]; then
			fail "$h is missing"
			continue
		fi
		A=$(echo "$a" | tr a-z A-Z)
		grep -q "^#define KH_${A}_ISAS" "$h" || fail "$h has no KH_${A}_ISAS"
		grep -q "kh_${a}_key(enum kh_isa isa)" "$h" || fail "$h has no kh_${a}_key()"
		! grep -nE "^kh_${a}_(update|final|finup|digest)_isa\(|kh_${a}_isa\(void\)" "$h" ||
			fail "$h holds a dispatcher (the library header's)"
		# the keys an arch header declares are its algorithm's
		others=$(grep -o 'DECLARE_STATIC_KEY_FALSE(kh_have_[a-z0-9_]*)' "$h" |
			grep -v "(kh_have_${a}_" || true)
		[ -z "$others" ] || fail "$h declares another algorithm's key: $others"
	done
done
n=$((n + 1))
ladder=$(grep -rnE --include='*.c' --include='*.h' 'CONFIG_CRYPTO_KEYEDHASH_(X86|ARM64)' lib include/keyedhash |
	grep -Ev '^include/keyedhash/internal/(arch|drivers)\.h:' |
	grep -Ev '^include/keyedhash/internal/([a-z0-9]+)\.h:[0-9]+:#(el)?if IS_ENABLED\(CONFIG_CRYPTO_KEYEDHASH_(X86|ARM64)\)$' || true)
# ... and that test selects the arch header and nothing else: between it
# and its #endif, the #elif/#else and the three #include lines alone
for a in $algs; do
	n=$((n + 1))
	f=include/keyedhash/internal/$a.h
	sel=$(awk -v a="$a" '
		/^#if IS_ENABLED\(CONFIG_CRYPTO_KEYEDHASH_X86\)$/ { on = 1; next }
		on && /^#endif/ { on = 0; next }
		on && !/^#elif IS_ENABLED\(CONFIG_CRYPTO_KEYEDHASH_ARM64\)$/ && !/^#else$/ &&
		    $0 != "#include \"arch/x86/" a ".h\"" &&
		    $0 != "#include \"arch/arm64/" a ".h\"" &&
		    $0 != "#include \"arch/generic/" a ".h\"" { print FILENAME ":" NR ": " $0 }
		' "$f")
	[ -z "$sel" ] || fail "an architecture test that selects more than the arch header:
$sel"
done
[ -z "$ladder" ] || fail "the architecture tested outside internal/arch.h and drivers.h:
$ladder"
n=$((n + 1))
fnptr=$(grep -nE '\(\s*\*\s*[A-Za-z_][A-Za-z0-9_]*\s*\)\s*\(' \
	$(ls include/keyedhash/internal/*.h | grep -vx include/keyedhash/internal/kversions.h) lib/*.c arch/*/*.h || true)
[ -z "$fnptr" ] || fail "a function pointer between the library and the assembly:
$fnptr"
n=$((n + 1))
keys=$(grep -hE 'DEFINE_STATIC_KEY' arch/*/glue.c || true)
[ -n "$keys" ] || fail "no static key defined in arch/*/glue.c"
notro=$(printf '%s\n' "$keys" | grep -v '^DEFINE_STATIC_KEY_FALSE_RO(kh_have_' || true)
[ -z "$notro" ] || fail "a static key that is not __ro_after_init: $notro"
if [ "$bad" -ne 0 ]; then
	echo "arch-layout: $n checks, $bad failed"
	exit 1
fi
echo "arch-layout: $n checks passed (4 algorithms x x86, arm64, generic)"

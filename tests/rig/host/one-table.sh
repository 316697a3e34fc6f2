#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: one-table.sh [TOP]
# One table of drivers (include/keyedhash/internal/drivers.h, issue 40):
# fails where a source file other than the table spells out one of its
# driver names as a string literal (a second list of drivers), or calls a
# library function of one instruction set, kh_<algorithm>_<op>_<isa>()
# with op update or final, outside the arch code (the dispatchers of
# arch/<arch>/<alg>.h) and the drivers (a per-instruction-set
# adapter).  The names come from the table itself, through the
# preprocessor, for every instruction set; no names, no pass.
#
# Allowed, each for its reason (ALLOW below): the public API's comment
# (libkeyedhash/include/keyedhash.h, not to change with the API), users of the
# public driver names that test or document pinning by name (tests/libkeyedhash,
# python/), the benchmark's report (which rows it charts), and the in-tree
# rig's KUnit program (built inside a kernel tree, without our headers).
set -euo pipefail
TOP=${1:-$(cd "$(dirname "$0")/../../.." && pwd)}
cd "$TOP"
ALLOW='^(include/keyedhash/internal/drivers\.h|libkeyedhash/include/keyedhash\.h|tests/libkeyedhash/.*|python/.*|tools/bench/report\.py|tests/rig/kernel/intree_testmgr\.c|tests/rig/host/one-table\.sh|docs/.*|.*\.md|.*\.[0-9])$'
rows=$(printf '%s\n' '#define IS_ENABLED(option) 0' \
	'#include <keyedhash/internal/drivers.h>' \
	'#define KH_DRIVER(name, driver, prio, ds, bs, key, state, fam, isa, ...) ; @@ isa driver ;' \
	'#define KH_DRIVERS_EVERY_ISA' '#include <keyedhash/internal/drivers.h>' |
	${CC:-cc} -E -P -Iinclude -x c - | tr ';' '\n' | sed -n 's/^ *@@ *//p' |
	sed -e 's/" *"//g' -e 's/"//g' -e 's/ *$//')
names=$(printf '%s\n' "$rows" | awk '{ print $2 }')
n=$(printf '%s\n' "$names" | grep -c . || true)
[ "$n" -gt 0 ] || { echo "one-table: no driver names read from the table"; exit 1; }
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
	files=$(git ls-files -co --exclude-standard)
else
	files=$(find . -path ./build -prune -o -type f -print | sed 's|^\./||')
fi
files=$(printf '%s\n' "$files" | grep -E '\.(c|h|S|py|sh|rs|mk)$|(^|/)Makefile$|(^|/)Kbuild$' |
	grep -Ev "$ALLOW" || true)
bad=0
for d in $names; do
	hits=$(printf '%s\n' "$files" | xargs -r grep -F "\"$d\"" 2>/dev/null |
		grep -Ev '^(keyedhash_generic\.c|arch/[a-z0-9]+/shash\.c):MODULE_ALIAS_CRYPTO\("[a-z0-9-]+"\);$' |
		cut -d: -f1 | sort -u || true)
	if [ -n "$hits" ]; then
		printf 'one-table: driver name "%s" spelled out in %s\n' "$d" $hits
		bad=$((bad + 1))
	fi
done
# the drivers' MODULE_ALIAS_CRYPTO() lines: exactly the table's drivers
aliases() { sed -n 's/^MODULE_ALIAS_CRYPTO("\([a-z0-9-]*-[a-z0-9]*\)");$/\1/p' "$@" | sort; }
want() { printf '%s\n' "$rows" | awk -v re="$1" '$1 ~ re { print $2 }' | sort; }
for f in keyedhash_generic.c:generic arch/x86/shash.c:avx2\|avx512 arch/arm64/shash.c:neon; do
	got=$(aliases "${f%%:*}" | grep -Fxf <(printf '%s\n' "$names") || true)
	if [ "$got" != "$(want "^(${f#*:})\$" | sed 's/|/\\|/')" ]; then
		echo "one-table: ${f%%:*}: MODULE_ALIAS_CRYPTO() of the drivers differs from the table's $(echo "${f#*:}" | tr -d '\\') rows:"
		diff <(want "^(${f#*:})\$") <(printf '%s\n' "$got") | sed 's/^/    /'
		bad=$((bad + 1))
	fi
done
adapters=$(printf '%s\n' "$files" | grep -Ev '^(arch/|include/keyedhash/internal/)' |
	xargs -r grep -nE 'kh_(highwayhash|multimixer128|nhpoly1305|sthash)_(update|final)_(avx2|avx512|neon)\(' 2>/dev/null || true)
if [ -n "$adapters" ]; then
	printf 'one-table: a library function of one instruction set called outside the dispatcher:\n%s\n' "$adapters"
	bad=$((bad + 1))
fi
if [ "$bad" -ne 0 ]; then
	echo "one-table: $n driver names in the table, $bad found elsewhere (fail)"
	exit 1
fi
echo "one-table: $n driver names in the table, none spelled out elsewhere, no per-instruction-set adapter"

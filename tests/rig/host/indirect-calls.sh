#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: indirect-calls.sh MODULE.ko [OBJDUMP]
# The data path's indirect calls, read off the built module: the crypto API
# calls the functions of each driver's struct shash_alg
# (<keyedhash/internal/shash.h>), and from there every call is direct.  Lists the
# functions that make indirect calls (x86_64: call or jump through a
# register or memory, or a retpoline thunk; arm64: blr, br) and fails if
# one outside the setup and self-test paths does.
set -euo pipefail
ko=$1 objdump=${2:-objdump}
# functions allowed indirect calls: module init and registration, and the
# init-time self-test (selftest.c: kh_selftest*, kh_st_*), which calls the
# drivers' functions through their struct shash_alg
allowed='^(kh_register_algs|kh_arch_register|kh_selftest[a-z_]*|kh_st_[a-z_]+|keyedhash_mod_(init|exit))(\.(cold|part\.[0-9]+|constprop\.[0-9]+|isra\.[0-9]+))*$'
calls=$("$objdump" -dr "$ko" | awk '
	/^[0-9a-f]+ <.*>:$/ { fn = substr($2, 2, length($2) - 3); next }
	/\t(call|jmp) +\*|__x86_indirect_thunk|\tbl?r\t/ { n[fn]++ }
	END { for (f in n) print n[f], f }' | sort -k2)
bad=0
if [ -z "$calls" ]; then
	echo "no indirect call found at all in $ko (is this the module?)"
	exit 1
fi
while read -r n fn; do
	echo "  $fn: $n"
	if ! [[ $fn =~ $allowed ]]; then
		echo "FAIL: $fn makes $n indirect call(s) below the shash glue"
		bad=1
	fi
done <<< "$calls"
exit $bad

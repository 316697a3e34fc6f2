#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Runs inside the VM of tests/rig/deb/deb-vm.sh, in the Debian root (its
# keyedhash packages installed by apt) that Debian's own kernel booted
# with: modprobe keyedhash must load the module DKMS built into
# updates/dkms, and the installed khsum must hash files to the digests of
# tests/vectors, through the kernel (--kernel) and with libkeyedhash0 (/kh-vectors: "ALGORITHM KEYHEX MSGHEX DIGEST" lines, "-"
# for an empty message).
# Prints one PASS:/FAIL: line per check.
K=$(uname -r)
check() { local d=$1; shift; if "$@"; then echo "PASS: VM $K: $d"; else echo "FAIL: VM $K: $d"; fi; }
hex2bin() { local h=$1 out=; while [ -n "$h" ]; do out="$out\\x${h:0:2}"; h=${h:2}; done; printf "$out"; }
M=/lib/modules/$K/updates/dkms/keyedhash.ko
check "Debian's kernel $K booted the Debian root (9p), its modules there" test -f "/lib/modules/$K/modules.dep"
check "DKMS built keyedhash for $K into updates/dkms" test -f "$M"
check "modprobe keyedhash" modprobe keyedhash
check "the loaded module is the DKMS-built one ($M)" sh -c \
	"[ \"\$(modinfo -n keyedhash)\" = '$M' ] && grep -q '^keyedhash ' /proc/modules"
# Linux 7.3 on: AF_ALG binds only an allow-list while
# crypto.af_alg_restrict is 1; the project's tests set it to 0
# (the kernel's request_module() runs the root's modprobe, as on a booted
# Debian system: AF_ALG, algif_hash and crypto_user load on demand)
modprobe af_alg 2> /dev/null
[ -w /proc/sys/crypto/af_alg_restrict ] && echo 0 > /proc/sys/crypto/af_alg_restrict
n=0
while read -r alg key msg want; do
	n=$((n + 1))
	hex2bin "$key" > /tmp/key
	[ "$msg" = - ] && msg=
	hex2bin "$msg" > /tmp/msg-$n
	got=$(/usr/bin/khsum --kernel -a "$alg" -k /tmp/key /tmp/msg-$n 2>&1 | cut -d' ' -f1)
	check "khsum --kernel -a $alg, ${#msg} hex digits of message: $got, tests/vectors: $want" [ "$got" = "$want" ]
	# and libkeyedhash (khsum's default), in the same system
	got=$(/usr/bin/khsum -a "$alg" -k /tmp/key /tmp/msg-$n 2>&1 | cut -d' ' -f1)
	check "khsum -a $alg (libkeyedhash0) gives the same digest: $got" [ "$got" = "$want" ]
	printf '%s  %s\n' "$want" /tmp/msg-$n > /tmp/sums-$n
	check "khsum --kernel -a $alg -c accepts the vector's digest" sh -c \
		"/usr/bin/khsum --kernel -a $alg -k /tmp/key -c /tmp/sums-$n | grep -q ': OK$'"
done < /kh-vectors
check "vectors read (/kh-vectors)" [ "$n" -gt 0 ]

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: deb-arm64.sh
# make deb's arm64 packages (build/deb/: keyedhash-dkms_all,
# keyedhash-tools_arm64, libkeyedhash0_arm64) installed with apt in a
# throw-away copy of the arm64 Debian 13 root (tests/rig/deb/debroot-arm64.sh,
# under qemu-user), where DKMS builds the module natively for Debian's
# arm64 kernel that tests/rig/deb/deb-check.sh's arm64 VM boots; khsum's
# digests are compared with the host's; then apt purge
# (tests/rig/deb/deb-arm64-in-root.sh).  The module DKMS built is left in
# build/deb-arm64-work/keyedhash.ko for that VM.  The cached root is not
# changed (the overlay's changes go to build/deb-arm64/, removed
# afterwards).  Prints one PASS:/FAIL: line per check, the time and CPU
# time taken, and "deb arm64: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)
D=$KH_OUT/deb
W=$KH_OUT/deb-arm64-work
U=$KH_OUT/deb-arm64
rm -rf "$W"
mkdir -p "$W" "$KH_OUT/logs"
for p in "keyedhash-dkms_${VER}_all" "keyedhash-tools_${VER}_arm64" "libkeyedhash0_${VER}_arm64"; do
	if [ ! -f "$D/$p.deb" ]; then
		echo "FAIL: arm64: make deb's $p.deb in $D (run make deb)"
		echo "deb arm64: done"
		exit 0
	fi
done
# the arm64 root (made once: the cold cost)
t0=$(date +%s)
if ! R=$("$RIG/deb/debroot-arm64.sh" root); then
	echo "FAIL: arm64: the arm64 Debian 13 root (tests/rig/deb/debroot-arm64.sh)"
	echo "deb arm64: done"
	exit 0
fi
echo "arm64 root: $R ($(( $(date +%s) - t0 )) s)"

# the expected digests: the host's khsum (libkeyedhash, x86_64) on a
# message and keys made here; algorithm and key per line in algs.txt
# (built in a directory of its own: other jobs may build build/khsum)
K=$W/host/khsum
if ! make -s -C "$KH_TOP" BUILD="$W/host" "$K" > "$W/khsum-build.log" 2>&1; then
	cat "$W/khsum-build.log"
	echo "FAIL: arm64: the host's khsum (make khsum) for the expected digests"
else
	head -c 65536 /dev/urandom > "$W/msg"
	head -c 32 /dev/urandom > "$W/key32"
	head -c 1088 /dev/urandom > "$W/key1088"
	head -c 64 /dev/urandom > "$W/key64"
	head -c 64 "$W/msg" > "$W/msg64"
	cat > "$W/algs.txt" <<EOF
highwayhash64 key32
highwayhash128 key32
highwayhash256 key32
sthash key32
nhpoly1305 key1088
EOF
	(cd "$W" && while read -r a k; do "$K" -a "$a" -k "$k" msg; done < algs.txt) > "$W/sums.txt"
	[ "$(grep -c '^[0-9a-f]*  msg$' "$W/sums.txt")" = 5 ] ||
		echo "FAIL: arm64: the host's khsum computed the expected digests"
fi

TIMEFORMAT='%R %U %S'
{ time "$RIG/deb/debroot-arm64.sh" overlay "$U" bash "$RIG/deb/deb-arm64-in-root.sh" "$D" "$W" 2>&1; } 2> "$W/time"
rc=$?
read -r real user sys < <(tail -1 "$W/time")
[ "$rc" = 0 ] || echo "FAIL: arm64: the test in the root's copy ran to its end (exit status $rc)"
cp "$W/apt.log" "$KH_OUT/logs/deb-arm64-apt.log" 2> /dev/null || true
rm -rf "$U"
echo "deb-arm64: the test in the root's copy took ${real%.*} s, CPU ${user%.*} s user + ${sys%.*} s system (warm: without making the root)"

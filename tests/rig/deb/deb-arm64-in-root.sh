#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run by tests/rig/deb/deb-arm64.sh inside a throw-away copy (overlay) of the
# arm64 Debian 13 root (tests/rig/deb/debroot-arm64.sh), as root, every program
# an arm64 one under qemu-user: make deb's arm64 packages installed with
# apt as on an arm64 machine, DKMS building the module natively (the
# root's aarch64 gcc) for the root's Debian arm64 kernel, khsum computing,
# then apt purge.  Loads nothing (the arm64 VM of tests/rig/deb/deb-check.sh
# loads the module this leaves in WORK/keyedhash.ko).
#
# Usage: deb-arm64-in-root.sh DEBDIR WORK
#   DEBDIR  make deb's packages (and DEBDIR/version)
#   WORK    the host's work directory: sums.txt (digests the host's khsum
#           computed), the keys and the message it names; keyedhash.ko,
#           apt.log and step-N.log are written there
# Prints one PASS:/FAIL: line per check and "deb arm64: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
DEBS=$1 W=$2
VER=$(cat "$DEBS/version")
KV=$(ls -d /usr/src/linux-headers-*-arm64 | sed 's|/usr/src/linux-headers-||' | sort -V | tail -1)
LOG=$W/apt.log
N=0
export DEBIAN_FRONTEND=noninteractive
: > "$LOG"
step() { kh_step arm64 "$@"; }	# tests/rig/lib.sh
said() { grep -q -- "$1" "$W/step-$N.log"; }
# (the root has every dependency: nothing is downloaded; --force-unsafe-io:
# the root is a throw-away copy)
apt() { apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-unsafe-io -q -y "$@"; }
M=/lib/modules/$KV/updates/dkms/keyedhash.ko

echo "arm64 root: $(uname -m), kernel headers $KV, $(gcc --version | head -1), $(dpkg-query -W -f '${Version}' dkms | sed 's/^/dkms /')"
kh_check "arm64: the root runs arm64 programs natively (uname -m aarch64; gcc is an AArch64 program building for aarch64-linux-gnu)" sh -c \
	"[ \"\$(uname -m)\" = aarch64 ] && [ \"\$(gcc -dumpmachine)\" = aarch64-linux-gnu ] &&
	 readelf -h \"\$(readlink -f /usr/bin/gcc)\" | grep -q 'Machine: *AArch64'"

step "apt install ./keyedhash-dkms_all ./keyedhash-tools_arm64 ./libkeyedhash0_arm64" \
	apt install "$DEBS/keyedhash-dkms_${VER}_all.deb" "$DEBS/keyedhash-tools_${VER}_arm64.deb" \
	"$DEBS/libkeyedhash0_${VER}_arm64.deb"
kh_check "arm64: the log says keyedhash was built for $KV" said "built and installed for Linux $KV"
kh_check "arm64: DKMS built keyedhash $VER natively for $KV: installed (dkms status, arch aarch64), modinfo vermagic $KV, version $VER" sh -c \
	"dkms status -m keyedhash -v '$VER' -k '$KV' | grep -q ', aarch64: installed' &&
	 modinfo -F vermagic '$M' | grep -q '^$KV .*aarch64' && [ \"\$(modinfo -F version '$M')\" = '$VER' ]"
kh_check "arm64: the module is AArch64 code (readelf -h)" sh -c "readelf -h '$M' | grep -q 'Machine: *AArch64'"
rm -f "$W/keyedhash.ko"
[ -f "$M" ] && cp "$M" "$W/keyedhash.ko"	# for the arm64 VM

# khsum: the digests the host's khsum computed (libkeyedhash, x86_64)
kh_check "arm64: khsum (keyedhash-tools, libkeyedhash0) gives the host's digests: $(cut -d' ' -f1 "$W/algs.txt" | tr '\n' ' ')" sh -c \
	"cd '$W' && while read -r a k; do
		/usr/bin/khsum -a \"\$a\" -k \"\$k\" msg || exit 1
	 done < algs.txt > sums-arm64.txt 2> khsum.err && cmp -s sums.txt sums-arm64.txt"
/usr/bin/khsum --verbose -a highwayhash256 -k "$W/key32" "$W/msg" 2>&1 > /dev/null | sed 's/^/    khsum --verbose: /'

step "apt purge keyedhash-dkms keyedhash-tools libkeyedhash0" \
	apt purge keyedhash-dkms keyedhash-tools libkeyedhash0
kh_check "arm64: after purge nothing of keyedhash in /usr/src, /var/lib/dkms, updates/dkms, /etc/kernel, dpkg" sh -c \
	"! ls -d /usr/src/keyedhash* /var/lib/dkms/keyedhash /lib/modules/*/updates/dkms/keyedhash.ko* \
		/etc/kernel/*/*keyedhash* 2> /dev/null | grep -q . &&
	 ! dpkg-query -W -f '\${db:Status-Abbrev} \${Package}\n' 2> /dev/null | grep -q '^.[^n].* [a-z0-9-]*keyedhash'"
echo "deb arm64: done"

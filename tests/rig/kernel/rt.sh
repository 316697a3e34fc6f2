#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian 13's PREEMPT_RT kernels (linux-image-rt-amd64, linux-image-rt-arm64)
# for the VM tier, next to the standard ones of tests/rig/kernel/deb13.sh and in
# the same cached Debian 13 root.
#
# Usage: rt.sh amd64 SERIES   install the rt image and headers of SERIES
#                             (6.12: trixie; 7.x: trixie-backports) in the
#                             root, print the release (6.12.N+deb13-rt-amd64)
#        rt.sh arm64 SERIES   fetch the arm64 rt kernel, modules and headers
#                             (unpacked, no dpkg), print "DIR RELEASE"
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
ARCH=${1:?amd64 or arm64} SERIES=${2:?series}
DEB13=$(dirname "$0")/deb13.sh
ROOT=$("$DEB13" root)
# the standard kernel of the series first: its linux-kbuild and -common
# headers are what the rt headers use, and the arm64 lists come with it
"$DEB13" kver "$SERIES" > /dev/null
[ "$ARCH" = amd64 ] || "$DEB13" arm64 "$SERIES" > /dev/null
# What the root and the caches hold already is answered under the shared
# lock (beside the package tests' copy of the root, tests/rig/deb/debroot.sh);
# a change takes the exclusive one.
exec 8> "$KH_CACHE/deb13.lock"
flock -s 8
suite=trixie
[ "$SERIES" = 7.x ] && suite=trixie-backports
ARM_APT=$KH_CACHE/deb13-arm64-apt
q() { if [ "$ARCH" = arm64 ]; then APT_CONFIG=$ARM_APT/apt.conf "$@"; else "$DEB13" run "$@"; fi; }
abi=$(q apt-cache depends -t "$suite" "linux-image-rt-$ARCH" 2>/dev/null |
	sed -n 's/^ *Depends: linux-image-\([0-9][^ ]*\)-rt-'"$ARCH"'\(-unsigned\)\{0,1\}$/\1/p' | head -1)
case $abi in
"${SERIES%.x}".*) ;;
*) kh_die "$suite's linux-image-rt-$ARCH is '$abi', not series $SERIES" ;;
esac
kv=$abi-rt-$ARCH
A=$KH_CACHE/deb13-arm64-$kv
if [ -f "$ROOT/usr/src/linux-headers-$kv/Makefile" ]; then
	if [ "$ARCH" = amd64 ] && [ -f "$ROOT/boot/vmlinuz-$kv" ] &&
		[ -f "$ROOT/lib/modules/$kv/.kh-unxz" ]; then
		echo "$kv"
		exit 0
	elif [ "$ARCH" = arm64 ] && [ -f "$A/.done" ]; then
		echo "$A/root $kv"
		exit 0
	fi
fi
flock 8

if [ "$ARCH" = amd64 ]; then
	if [ ! -f "$ROOT/boot/vmlinuz-$kv" ] || [ ! -f "$ROOT/usr/src/linux-headers-$kv/Makefile" ]; then
		kh_log "installing Debian's $kv image and headers in the Debian 13 root" >&2
		"$DEB13" run apt-get -o DPkg::Lock::Timeout=600 -q install -y -t "$suite" \
			"linux-image-$kv" "linux-headers-$kv" >&2 || true
		[ -f "$ROOT/boot/vmlinuz-$kv" ] && [ -f "$ROOT/usr/src/linux-headers-$kv/Makefile" ] ||
			kh_die "could not install linux-image/headers-$kv in the root"
	fi
	if [ ! -f "$ROOT/lib/modules/$kv/.kh-unxz" ]; then
		find "$ROOT/lib/modules/$kv/kernel" -name '*.ko.xz' -exec xz -d -f {} +
		"$DEB13" run depmod -a "$kv"
		touch "$ROOT/lib/modules/$kv/.kh-unxz"
	fi
	echo "$kv"
	exit 0
fi

if [ ! -f "$A/.done" ]; then
	kh_log "fetching Debian's arm64 $kv" >&2
	rm -rf "$A"
	mkdir -p "$A/debs" "$A/root/bin"
	pkgs=("linux-headers-$kv")
	for p in "linux-image-$kv-unsigned" "linux-binary-$kv" "linux-modules-$kv"; do
		q apt-cache show "$p" > /dev/null 2>&1 && pkgs+=("$p")
	done
	[ ${#pkgs[@]} -ge 2 ] || pkgs+=("linux-image-$kv")
	(cd "$A/debs" && q apt-get download -q -t "$suite" "${pkgs[@]}" >&2)
	for d in "$A"/debs/*.deb; do dpkg-deb -x "$d" "$A/root"; done
	if [ ! -d "$A/root/lib/modules/$kv" ] && [ -d "$A/root/usr/lib/modules/$kv" ]; then
		mkdir -p "$A/root/lib/modules"
		mv "$A/root/usr/lib/modules/$kv" "$A/root/lib/modules/"
	fi
	find "$A/root/lib/modules/$kv/kernel" -name '*.ko.xz' -exec xz -d -f {} +
	depmod -b "$A/root" "$kv"
	if [ ! -f "$A/root/boot/vmlinuz-$kv" ]; then
		mkdir -p "$A/root/boot"
		cp "$A/root/lib/modules/$kv/vmlinuz" "$A/root/boot/vmlinuz-$kv"
	fi
	cp "$("$(dirname "$0")/arm64-root.sh")/bin/busybox" "$A/root/bin/"
	touch "$A/.done"
fi
if [ ! -f "$ROOT/usr/src/linux-headers-$kv/Makefile" ]; then
	cp -a "$A/root/usr/src/linux-headers-$kv" "$ROOT/usr/src/"
fi
echo "$A/root $kv"

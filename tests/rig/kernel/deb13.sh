#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian 13 (trixie) kernels for the rig, without touching the Debian 12
# host: their headers were built with gcc-14 and their objtool/modpost need
# trixie's glibc, so they are used inside a cached Debian 13 root made by
# debootstrap.  Nothing from trixie is installed into the host system.
#
# Usage: deb13.sh root              the root's path (created on first use)
#        deb13.sh kver SERIES       install Debian's amd64 kernel image and
#                                   headers of SERIES in the root, print the
#                                   release (e.g. 6.12.57+deb13-amd64)
#        deb13.sh arm64 SERIES      fetch the arm64 kernel, modules and
#                                   headers of SERIES (unpacked, no dpkg),
#                                   print the directory they are in
#        deb13.sh source SERIES     unpack Debian's linux-source of SERIES,
#                                   print the tree
#        deb13.sh run CMD...        CMD in the root (see in_root)
#
# SERIES is "6.12" (trixie's linux-image-amd64) or "7.x" (trixie-backports'
# linux-image-amd64, the newest kernel Debian builds for trixie).  Versions
# come from those meta packages in the root's package lists, never from
# this file; KH_REFRESH=1 updates the lists (a newer kernel then builds new
# caches, since every cache is keyed by the version it holds).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
ROOT=$KH_CACHE/deb13-root
MIRROR=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
MIRROR=${KH_DEBIAN_MIRROR:-${MIRROR:-http://deb.debian.org/debian}}
ROOT_PKGS="gcc-14,make,kmod,libelf-dev,bc,libssl-dev,xz-utils,ca-certificates,cpio,gcc-14-aarch64-linux-gnu,dkms,python3,rsync,perl"

# CMD in the root, in a private mount namespace: /proc (7.x objtool reads
# it), the project and the rig's output directory, each bound at its own
# path so that M=$KH_OUT/... and the rig's scripts mean the same inside and
# out.  All of it goes away with the command.
in_root() {
	unshare --mount --fork sh -c '
		r=$1
		shift
		mount -t proc proc "$r/proc" || exit 1
		while [ "$1" != -- ]; do
			mkdir -p "$r$1" && mount --bind "$1" "$r$1" || exit 1
			shift
		done
		shift
		exec chroot "$r" "$@"' \
		sh "$ROOT" "$KH_TOP" "$KH_OUT" -- env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"
}

apt_root() { in_root apt-get -o DPkg::Lock::Timeout=600 -q "$@"; }

make_root() {
	[ -f "$ROOT/.done" ] && return 0
	command -v debootstrap > /dev/null || {
		[ "$(id -u)" = 0 ] || kh_die "debootstrap missing (apt-get install debootstrap)"
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
			--no-install-recommends debootstrap >&2
	}
	kh_log "debootstrap trixie into $ROOT (once, about two minutes)" >&2
	rm -rf --one-file-system "$ROOT"
	debootstrap --variant=minbase --include="$ROOT_PKGS" trixie "$ROOT" "$MIRROR" >&2 ||
		{ tail -20 "$ROOT/debootstrap/debootstrap.log" >&2; kh_die "debootstrap trixie failed"; }
	cat > "$ROOT/etc/apt/sources.list" <<EOS
deb $MIRROR trixie main
deb $MIRROR trixie-backports main
EOS
	printf 'APT::Install-Recommends "false";\n' > "$ROOT/etc/apt/apt.conf.d/90kh"
	apt_root update >&2
	touch "$ROOT/.done"
}

refresh() { [ "${KH_REFRESH:-0}" != 1 ] || apt_root update >&2; }

# Under the shared lock (KH_DEB13_CACHED=1): a step that would change the
# root or a cache ends the lookup instead (in its command substitution).
cached_only() { [ -z "${KH_DEB13_CACHED:-}" ] || exit 3; }

# The kernel ABI of SERIES: what linux-image-amd64 (ARCH) depends on.
series_abi() { # series, arch
	local rel=trixie pkg
	case $1 in
	6.12) rel=trixie ;;
	7.x) rel=trixie-backports ;;
	*) kh_die "unknown kernel series '$1' (6.12 or 7.x)" ;;
	esac
	local q=(in_root)
	[ "$2" = arm64 ] && q=(arm_apt)
	pkg=$("${q[@]}" apt-cache depends -t "$rel" "linux-image-$2" 2>/dev/null |
		sed -n 's/^ *Depends: linux-image-\([0-9][^ ]*\)-'"$2"'\(-unsigned\)\{0,1\}$/\1/p' | head -1)
	[ -n "$pkg" ] || kh_die "no linux-image-$2 in $rel"
	case $pkg in
	"${1%.x}".*) echo "$pkg" ;;
	*) kh_die "$rel's linux-image-$2 is $pkg, not series $1" ;;
	esac
}

suite_of() { [ "$1" = 7.x ] && echo trixie-backports || echo trixie; }

kernel_amd64() { # series
	local abi kv
	abi=$(series_abi "$1" amd64)
	kv=$abi-amd64
	if [ ! -f "$ROOT/boot/vmlinuz-$kv" ] || [ ! -f "$ROOT/usr/src/linux-headers-$kv/Makefile" ]; then
		cached_only
		kh_log "installing Debian's $kv image and headers in the Debian 13 root" >&2
		# linux-base from the same suite: 7.x images need the newer one;
		# the image's initramfs hook fails harmlessly in a chroot
		apt_root install -y -t "$(suite_of "$1")" linux-base "linux-image-$kv" \
			"linux-headers-$kv" >&2 || true
		[ -f "$ROOT/boot/vmlinuz-$kv" ] && [ -f "$ROOT/usr/src/linux-headers-$kv/Makefile" ] ||
			kh_die "could not install linux-image/headers-$kv in the root"
	fi
	# Debian 13's modules are .ko.xz; busybox modprobe wants them plain
	if [ ! -f "$ROOT/lib/modules/$kv/.kh-unxz" ]; then
		cached_only
		find "$ROOT/lib/modules/$kv/kernel" -name '*.ko.xz' -exec xz -d -f {} +
		in_root depmod -a "$kv"
		touch "$ROOT/lib/modules/$kv/.kh-unxz"
	fi
	echo "$kv"
}

# arm64: Debian's packages unpacked with a private apt configuration (no
# dpkg --add-architecture anywhere), whose lists also give the arm64 ABI.
# The headers' scripts/ and tools/ point at the amd64 linux-kbuild of the
# same version, which the root has once kernel_amd64 ran for the series.
ARM_APT=$KH_CACHE/deb13-arm64-apt
arm_apt() { APT_CONFIG=$ARM_APT/apt.conf "$@"; }

arm64_lists() {
	if [ ! -f "$ARM_APT/.done" ] || [ "${KH_REFRESH:-0}" = 1 ]; then
		cached_only
		rm -rf "$ARM_APT"
		mkdir -p "$ARM_APT"
		cp "$ROOT/etc/apt/sources.list" "$ARM_APT/sources.list"
		kh_apt_arm64 "$ARM_APT" "$ARM_APT/sources.list"
		touch "$ARM_APT/.done"
	fi
}

kernel_arm64() { # series
	local abi kv A d p pkgs
	arm64_lists
	abi=$(series_abi "$1" arm64)
	kv=$abi-arm64
	A=$KH_CACHE/deb13-arm64-$abi
	if [ ! -f "$A/.done" ]; then
		cached_only
		kh_log "fetching Debian's arm64 $kv" >&2
		rm -rf "$A"
		mkdir -p "$A/debs" "$A/root/bin"
		# 6.12: linux-image-KV(-unsigned) has the kernel and modules;
		# 7.x: linux-binary-KV + linux-modules-KV (vmlinuz in
		# /usr/lib/modules/KV/)
		pkgs=("linux-headers-$kv")
		for p in "linux-image-$kv-unsigned" "linux-binary-$kv" "linux-modules-$kv"; do
			arm_apt apt-cache show "$p" > /dev/null 2>&1 && pkgs+=("$p")
		done
		[ ${#pkgs[@]} -ge 2 ] || pkgs+=("linux-image-$kv")
		(cd "$A/debs" && arm_apt apt-get download -q -t "$(suite_of "$1")" "${pkgs[@]}" >&2)
		for d in "$A"/debs/*.deb; do dpkg-deb -x "$d" "$A/root"; done
		if [ ! -d "$A/root/lib/modules/$kv" ] && [ -d "$A/root/usr/lib/modules/$kv" ]; then
			mkdir -p "$A/root/lib/modules"
			mv "$A/root/usr/lib/modules/$kv" "$A/root/lib/modules/"
		fi
		find "$A/root/lib/modules/$kv/kernel" -name '*.ko.xz' -exec xz -d -f {} +
		depmod -b "$A/root" "$kv"
		d=$A/root/boot/vmlinuz-$kv
		if [ ! -f "$d" ]; then
			mkdir -p "$A/root/boot"
			cp "$A/root/lib/modules/$kv/vmlinuz" "$d"
		fi
		# a static busybox for the initramfs: the 6.1 arm64 root's
		cp "$("$(dirname "$0")/arm64-root.sh")/bin/busybox" "$A/root/bin/"
		touch "$A/.done"
	fi
	# the headers inside the Debian 13 root, next to the amd64 -common
	if [ ! -f "$ROOT/usr/src/linux-headers-$kv/Makefile" ]; then
		cached_only
		kernel_amd64 "$1" > /dev/null
		cp -a "$A/root/usr/src/linux-headers-$kv" "$ROOT/usr/src/"
	fi
	echo "$A/root"
}

source_tree() { # series
	local abi ver S deb
	abi=$(series_abi "$1" amd64)
	ver=${abi%%-*}		# 6.12.57+deb13 -> upstream version part
	ver=${ver%%+*}
	ver=${ver%.*}		# 6.12.57 -> 6.12
	S=$KH_CACHE/linux-source-$ver-$abi
	if [ ! -f "$S/.unpacked" ]; then
		cached_only
		kh_log "fetching and unpacking Debian's linux-source-$ver ($abi)" >&2
		rm -rf "$S" "$S.tmp"
		mkdir -p "$S.tmp"
		(cd "$S.tmp" && in_root sh -c "cd /tmp && apt-get download -q -t $(suite_of "$1") linux-source-$ver" >&2)
		deb=$(ls "$ROOT"/tmp/linux-source-"$ver"_*.deb | head -1)
		dpkg-deb -x "$deb" "$S.tmp"
		rm -f "$ROOT"/tmp/linux-source-"$ver"_*.deb
		tar -C "$S.tmp" -xaf "$S.tmp"/usr/src/linux-source-"$ver".tar.xz
		mv "$S.tmp/linux-source-$ver" "$S"
		rm -rf "$S.tmp"
		touch "$S/.unpacked"
	fi
	echo "$S"
}

dispatch() { # cmd, args...
	case $1 in
	root) echo "$ROOT" ;;
	kver) kernel_amd64 "${2:?series}" ;;
	arm64) kernel_arm64 "${2:?series}" ;;
	source) source_tree "${2:?series}" ;;
	run) shift; in_root "$@" ;;
	*) kh_die "usage: deb13.sh root|kver SERIES|arm64 SERIES|source SERIES|run CMD..." ;;
	esac
}

cmd=${1:-root}
# One change to the root and the caches at a time (the rig builds kernels
# and runs jobs side by side), while readers share the lock: an answer
# the caches already hold is given under a shared lock (KH_DEB13_CACHED:
# every step that would change something gives up instead), the rest
# under the exclusive one.  The package tests' copy of the root holds a
# shared lock too (tests/rig/deb/debroot.sh), so lookups go on beside it.
# "run" only uses what exists by then.
if [ "$cmd" != run ]; then
	exec 8> "$KH_CACHE/deb13.lock"
	flock -s 8
	if [ -f "$ROOT/.done" ] && [ "${KH_REFRESH:-0}" != 1 ] &&
		out=$(KH_DEB13_CACHED=1 dispatch "$cmd" "${@:2}" 2>/dev/null); then
		echo "$out"
		exit 0
	fi
	flock 8
fi
make_root
[ "$cmd" = run ] || refresh
dispatch "$cmd" "${@:2}"

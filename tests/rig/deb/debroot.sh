#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Debian roots the packaging is built and tested in (never the host
# system): a cached Debian 12 (bookworm) root made by debootstrap, with the
# packages' build dependencies, dkms 3.0.10 and lintian; and, for Debian 13,
# the rig's Debian 13 root (tests/rig/kernel/deb13.sh), which already has dkms
# 3.2.2, gcc-14 and Debian's 6.12/7.x headers.
#
# Usage: debroot.sh root deb12|deb13|sid    the root's path (made on first use;
#                                           sid: Debian unstable + experimental)
#        debroot.sh run deb12|deb13 CMD...  CMD in the root
#        debroot.sh overlay deb12|deb13 DIR CMD...
#                                           CMD in a throw-away copy of the
#                                           root: an overlay whose changes go
#                                           to DIR (emptied first), so apt
#                                           and dpkg may do what they like
#
# Each command runs chrooted in a private mount namespace with /proc, /dev
# (a minimal one), the project and the rig's output directory bound at their
# own paths, like deb13.sh does.  The Debian 12 root's package lists are
# refreshed with KH_REFRESH=1.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
MIRROR=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
MIRROR=${KH_DEBIAN_MIRROR:-${MIRROR:-http://deb.debian.org/debian}}
# what "make deb" needs (debian/control's Build-Depends) and what the
# tests use in the root, arm64 cross-building included
DEB12_PKGS="build-essential debhelper dh-dkms dkms lintian libkcapi-dev pkgconf kmod xz-utils
	ca-certificates rsync groff-base fakeroot equivs"
DEB12_ARM64_PKGS="crossbuild-essential-arm64 libkcapi-dev:arm64 libc6-dev:arm64 pkgconf:arm64"

# CMD chrooted into ROOT, overlaid with UPPER when set (kh_in_root)
in_root() { # root upper|"" cmd...
	local root=$1 upper=$2
	shift 2
	kh_in_root "$root" "$upper" 64m "$@"
}

apt_in() { local r=$1; shift; in_root "$r" "" apt-get -o DPkg::Lock::Timeout=600 -q "$@"; }

make_deb12() {
	local R=$KH_CACHE/deb12-root
	if [ ! -f "$R/.done" ]; then
		command -v debootstrap > /dev/null ||
			kh_die "debootstrap missing (apt-get install debootstrap): cannot make the Debian 12 root"
		kh_log "debootstrap bookworm into $R (once, a few minutes)" >&2
		rm -rf --one-file-system "$R"
		# (the packages through apt: debootstrap's --include misses
		# virtual dependencies, e.g. lintian's perl-openssl-abi)
		debootstrap --variant=minbase bookworm "$R" "$MIRROR" >&2 ||
			{ tail -20 "$R/debootstrap/debootstrap.log" >&2; rm -rf --one-file-system "$R"
			  kh_die "debootstrap bookworm failed: no Debian 12 root"; }
		cat > "$R/etc/apt/sources.list" <<EOS
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb ${MIRROR%/debian}/debian-security bookworm-security main
EOS
		printf 'APT::Install-Recommends "false";\n' > "$R/etc/apt/apt.conf.d/90kh"
		in_root "$R" "" dpkg --add-architecture arm64
		apt_in "$R" update >&2 || { rm -rf --one-file-system "$R"; kh_die "apt-get update in the Debian 12 root failed"; }
		# shellcheck disable=SC2086
		apt_in "$R" install -y $DEB12_PKGS $DEB12_ARM64_PKGS >&2 ||
			{ rm -rf --one-file-system "$R"; kh_die "could not install the build dependencies in the Debian 12 root"; }
		apt_in "$R" clean >&2
		touch "$R/.done"
	elif [ "${KH_REFRESH:-0}" = 1 ]; then
		apt_in "$R" update >&2
		rm -f "$R/.kernel"
	fi
	# Debian 12's current 6.1 headers and image, downloaded (not
	# installed) into the root's apt cache: tests/rig/deb/deb-install.sh and deb-vm.sh
	# install them from there
	if [ ! -f "$R/.kernel" ]; then
		apt_in "$R" install -y --download-only linux-headers-amd64 linux-image-amd64 >&2 ||
			kh_die "could not download Debian 12's kernel in the Debian 12 root"
		touch "$R/.kernel"
	fi
	echo "$R"
}

# Debian unstable with experimental's sources: the newest kernels' headers
# (tests/rig/deb/deb-newest.sh).  Its lists are refreshed once a day, so a new
# kernel shows the day Debian ships it.
SID_PKGS="make gcc kmod libelf-dev bc libssl-dev xz-utils ca-certificates rsync perl python3"
make_sid() {
	local R=$KH_CACHE/sid-root
	if [ ! -f "$R/.done" ]; then
		command -v debootstrap > /dev/null ||
			kh_die "debootstrap missing (apt-get install debootstrap): cannot make the Debian unstable root"
		kh_log "debootstrap sid into $R (once, a few minutes)" >&2
		rm -rf --one-file-system "$R"
		debootstrap --variant=minbase sid "$R" "$MIRROR" >&2 ||
			{ tail -20 "$R/debootstrap/debootstrap.log" >&2; rm -rf --one-file-system "$R"
			  kh_die "debootstrap sid failed: no Debian unstable root"; }
		cat > "$R/etc/apt/sources.list" <<EOS
deb $MIRROR sid main
deb $MIRROR experimental main
EOS
		# (sid's and experimental's Release files expire within days:
		# a mirror that is a snapshot, as the rig's may be, is still used)
		printf 'APT::Install-Recommends "false";\nAcquire::Check-Valid-Until "false";\n' \
			> "$R/etc/apt/apt.conf.d/90kh"
		apt_in "$R" update >&2 || { rm -rf --one-file-system "$R"; kh_die "apt-get update in the Debian unstable root failed"; }
		# shellcheck disable=SC2086
		apt_in "$R" install -y $SID_PKGS >&2 ||
			{ rm -rf --one-file-system "$R"; kh_die "could not install the build tools in the Debian unstable root"; }
		touch "$R/.done" "$R/.updated"
	elif [ "${KH_REFRESH:-0}" = 1 ] || [ -n "$(find "$R/.updated" -mmin +1440 2>/dev/null)" ]; then
		apt_in "$R" update >&2 && touch "$R/.updated"
	fi
	echo "$R"
}

root_of() { # deb12|deb13|sid
	case $1 in
	deb12) make_deb12 ;;
	sid) make_sid ;;
	deb13) "$(dirname "$0")/../kernel/deb13.sh" root ;;
	*) kh_die "unknown root '$1' (deb12, deb13 or sid)" ;;
	esac
}

cmd=${1:-}
[ $# -ge 2 ] || kh_die "usage: debroot.sh root|run|overlay deb12|deb13|sid [DIR] [CMD...]"
which=$2
shift 2
case $which in
deb12|sid)
	exec 8> "$KH_CACHE/$which.lock"
	flock 8
	R=$(root_of "$which")
	# an overlay only reads the root: let others in
	[ "$cmd" != overlay ] || flock -u 8
	;;
deb13)
	R=$(root_of deb13)
	# shared with the rig's kernel builds (deb13.sh): an overlay holds
	# its lock, shared, while the root is its lower layer: deb13.sh's
	# lookups go on, its changes to the root wait
	if [ "$cmd" = overlay ]; then
		exec 8> "$KH_CACHE/deb13.lock"
		flock -s 8
	fi
	;;
*) kh_die "unknown root '$which' (deb12, deb13 or sid)" ;;
esac
case $cmd in
root) echo "$R" ;;
run) in_root "$R" "" "$@" ;;
overlay)
	U=${1:?overlay directory}
	shift
	rm -rf "$U"
	mkdir -p "$U"
	in_root "$R" "$U" "$@"
	;;
*) kh_die "usage: debroot.sh root|run|overlay deb12|deb13 [DIR] [CMD...]" ;;
esac

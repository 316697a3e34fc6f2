#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An arm64 Debian 13 (trixie) root where the packages are installed by apt
# and DKMS builds the module natively (aarch64 gcc), run on the x86_64
# host by qemu-user.  It holds dkms, gcc, make, kmod and the headers of
# Debian's arm64 kernel that the deb tier's arm64 VM boots
# (tests/rig/kernel/deb13.sh arm64 7.x: trixie-backports' newest), from Debian's
# archive, and is cached as $KH_CACHE/deb13-arm64-root-KERNEL (keyed by
# the headers it holds; a newer kernel makes a new root).
#
# Usage: debroot-arm64.sh root                the root's path (made on first
#                                             use: several minutes)
#        debroot-arm64.sh kver                the kernel release it is for
#        debroot-arm64.sh overlay DIR CMD...  CMD in a throw-away copy of the
#                                             root (an overlay whose changes
#                                             go to DIR, emptied first)
#
# How arm64 programs run here without touching the host: the host's
# binfmt_misc is neither mounted nor changed.  Each command runs in a user
# namespace of its own (uids and gids 0-65535 mapped to themselves), which
# mounts a binfmt_misc instance of its own (Linux 6.7 on: "sandboxed"
# binfmt_misc; the host's handlers, if any, are not seen nor changed) and
# registers qemu-aarch64 there with the F flag (the interpreter opened at
# registration, so it works inside the chroot).  The instance goes away
# with the namespace.  qemu-aarch64 is Debian 13's, from its qemu-user
# .deb unpacked into the cache (apt-get download, dpkg-deb -x: never
# installed, so nothing registers handlers on the host).
# proot -q was tried first: Debian 12's proot 5.1.0 does not translate the
# paths of statx and faccessat2 (which qemu-user and trixie's glibc use),
# so dkms's [[ -r dkms.conf ]] looked at the host's /usr/src and failed.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
MIRROR=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
MIRROR=${KH_DEBIAN_MIRROR:-${MIRROR:-http://deb.debian.org/debian}}
# dkms and the compiler; libkcapi1 (keyedhash-tools' dependency), so that
# installing make deb's packages needs no download
ROOT_PKGS="gcc,make,dkms,kmod,xz-utils,binutils,libkcapi1,ca-certificates"

# Debian 13's qemu-aarch64 (qemu-user, static-pie there), unpacked (never
# installed) into the cache, fetched with the Debian 13 root's apt
# (tests/rig/kernel/deb13.sh): it runs this root's programs, every apt, dpkg and
# compiler process of the package test, in markedly less CPU time than
# Debian 12's qemu-user-static 7.2.
# KH_QEMU_AARCH64: another static qemu-aarch64 to use instead.
qemu() {
	local v Q
	if [ -n "${KH_QEMU_AARCH64:-}" ]; then
		echo "$KH_QEMU_AARCH64"
		return
	fi
	v=$("$RIG/kernel/deb13.sh" run apt-cache policy qemu-user 2>/dev/null |
		sed -n 's/^ *Candidate: //p')
	[ -n "$v" ] && [ "$v" != "(none)" ] || kh_die "no qemu-user in the Debian 13 root's apt lists"
	Q=$KH_CACHE/qemu-user-deb13-${v//:/_}
	if [ ! -x "$Q/root/usr/bin/qemu-aarch64" ]; then
		kh_log "fetching Debian 13's qemu-user $v (unpacked, not installed)" >&2
		rm -rf "$Q.tmp" "$KH_OUT/qemu-user.tmp"
		mkdir -p "$KH_OUT/qemu-user.tmp" "$Q.tmp/root"
		"$RIG/kernel/deb13.sh" run sh -c "cd '$KH_OUT/qemu-user.tmp' && apt-get download -q 'qemu-user=$v'" \
			> /dev/null 2>&1 || kh_die "apt-get download qemu-user=$v (Debian 13 root) failed"
		dpkg-deb -x "$KH_OUT"/qemu-user.tmp/qemu-user_*.deb "$Q.tmp/root"
		rm -rf "$KH_OUT/qemu-user.tmp" "$Q"
		mv "$Q.tmp" "$Q"
	fi
	echo "$Q/root/usr/bin/qemu-aarch64"
}

# The arm64 kernel of the deb tier's arm64 VM: Debian 13's 7.x
kver() {
	local a
	a=$("$RIG/kernel/deb13.sh" arm64 7.x) || kh_die "no Debian 13 arm64 7.x kernel (tests/rig/kernel/deb13.sh arm64 7.x)"
	(cd "$a/lib/modules" && ls -d *-arm64 | grep -v -- -rt- | sort -V | tail -1)
}

# CMD chrooted into ROOT (overlaid with UPPER/u when UPPER is set) in
# private mount, user and PID namespaces with the private binfmt_misc
# handler; the project and the rig's output are bound at their own paths.
in_root() { # root upper|"" cmd...
	local root=$1 upper=$2 q
	shift 2
	q=$(qemu)
	unshare --mount --fork bash -c '
		r=$1 upper=$2 q=$3
		shift 3
		mount --make-rprivate / || exit 1
		if [ -n "$upper" ]; then
			mkdir -p "$upper/u" "$upper/w" "$upper/m"
			mount -t overlay overlay -o "lowerdir=$r,upperdir=$upper/u,workdir=$upper/w" \
				"$upper/m" || exit 1
			r=$upper/m
		fi
		mount -t tmpfs -o size=256m tmpfs "$r/tmp" || exit 1
		for d in null zero full random urandom tty; do
			[ -e "$r/dev/$d" ] || : > "$r/dev/$d"
			mount --bind "/dev/$d" "$r/dev/$d" || exit 1
		done
		while [ "$1" != -- ]; do
			mkdir -p "$r$1" && mount --bind "$1" "$r$1" || exit 1
			shift
		done
		shift
		s=$(mktemp -d)
		mkfifo "$s/go"
		# the handler: qemu-aarch64 for AArch64 ELF executables, F (opened now)
		printf ":kh-aarch64:M::%s:%s:%s:F" \
			"\\x7fELF\\x02\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\xb7\\x00" \
			"\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xfe\\xff\\xff\\xff" \
			"$q" > "$s/register"
		# the user namespace: its uid/gid maps are written from here
		# (the parent namespace) before it goes on
		unshare --user --mount --pid --fork bash -c '"'"'
			s=$1 r=$2
			shift 2
			read -r _ < "$s/go" || exit 1
			mkdir -p "$s/binfmt" && mount -t binfmt_misc binfmt_misc "$s/binfmt" || {
				echo "debroot-arm64.sh: no binfmt_misc of its own in a user namespace (Linux 6.7 on needed)" >&2
				exit 1
			}
			cat "$s/register" > "$s/binfmt/register" || exit 1
			mount -t proc proc "$r/proc" || exit 1
			exec chroot "$r" "$@"'"'"' sh "$s" "$r" "$@" &
		p=$!
		while [ "$(readlink /proc/$p/ns/user)" = "$(readlink /proc/self/ns/user)" ]; do
			kill -0 $p 2> /dev/null || break
			sleep 0.02
		done
		echo "0 0 65536" > /proc/$p/uid_map && echo "0 0 65536" > /proc/$p/gid_map ||
			{ kill $p; exit 1; }
		echo go > "$s/go"
		wait $p
		rc=$?
		rm -rf "$s"
		exit $rc' \
		sh "$root" "$upper" "$q" "$KH_TOP" "$KH_OUT" -- env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 TERM=dumb "$@"
}

make_root() { # kernel release
	local kv=$1 R=$KH_CACHE/deb13-arm64-root-$1 t0
	[ -f "$R/.done" ] && { echo "$R"; return; }
	command -v debootstrap > /dev/null || kh_die "debootstrap missing (apt-get install debootstrap)"
	t0=$(date +%s)
	kh_log "debootstrap an arm64 trixie root with dkms, gcc and linux-headers-$kv into $R (once, several minutes)" >&2
	rm -rf --one-file-system "$R" "$R.tmp"
	# first stage on the host (only unpacks); the headers from
	# trixie-backports with it
	debootstrap --foreign --arch arm64 --variant=minbase --extra-suites=trixie-backports \
		--include="$ROOT_PKGS,linux-headers-$kv" trixie "$R.tmp" "$MIRROR" >&2 ||
		{ tail -20 "$R.tmp/debootstrap/debootstrap.log" >&2; kh_die "debootstrap --foreign (arm64 trixie) failed"; }
	# (debootstrap links proc to /proc when it thinks it is in a container)
	[ -L "$R.tmp/proc" ] && rm "$R.tmp/proc" && mkdir "$R.tmp/proc"
	# second stage: the root's own arm64 programs, under qemu-user (as
	# in an LXC container: no mknod in a user namespace; /dev is bound)
	in_root "$R.tmp" "" env container=lxc DEBOOTSTRAP_DIR=/debootstrap /debootstrap/debootstrap --second-stage >&2 ||
		{ tail -20 "$R.tmp/debootstrap/debootstrap.log" >&2; kh_die "debootstrap --second-stage (arm64 trixie) failed"; }
	cat > "$R.tmp/etc/apt/sources.list" <<EOS
deb $MIRROR trixie main
deb $MIRROR trixie-backports main
EOS
	printf 'APT::Install-Recommends "false";\n' > "$R.tmp/etc/apt/apt.conf.d/90kh"
	[ -f "$R.tmp/usr/src/linux-headers-$kv/Makefile" ] && [ -x "$R.tmp/usr/sbin/dkms" ] &&
		[ -x "$R.tmp/usr/bin/gcc" ] || kh_die "the arm64 root lacks linux-headers-$kv, dkms or gcc"
	rm -f "$R.tmp"/var/cache/apt/archives/*.deb
	mv "$R.tmp" "$R"
	touch "$R/.done"
	kh_log "arm64 root made in $(( $(date +%s) - t0 )) s" >&2
	echo "$R"
}

cmd=${1:-root}
shift || true
KV=$(kver)
exec 8> "$KH_CACHE/deb13-arm64-root.lock"
case $cmd in
kver) echo "$KV" ;;
root)
	flock 8
	make_root "$KV"
	;;
overlay)
	flock 8
	R=$(make_root "$KV")
	flock -u 8
	U=${1:?overlay directory}
	shift
	rm -rf "$U"
	mkdir -p "$U"
	in_root "$R" "$U" "$@"
	;;
*) kh_die "usage: debroot-arm64.sh root|kver|overlay DIR CMD..." ;;
esac

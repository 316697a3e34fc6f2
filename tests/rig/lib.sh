# SPDX-License-Identifier: GPL-2.0
# Shared settings and helpers of the keyedhash test rig (sourced, not run).

KH_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KH_CACHE=${KH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keyedhash}
KH_OUT=${KH_OUT:-$KH_TOP/build}
mkdir -p "$KH_CACHE" "$KH_OUT"

# Debian packages the rig needs (installed by tests/rig/host/deps.sh).
KH_PKGS="linux-image-amd64 linux-headers-amd64 linux-source-6.1 qemu-system-x86
	qemu-system-arm busybox-static cpio kmod xz-utils gcc make bc bison flex
	libelf-dev libssl-dev python3 gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	rsync qemu-user dkms cryptsetup-bin dmsetup groff-base debootstrap
	libkcapi-dev kcapi-tools
	python3-dev python3-venv python3-setuptools python3-wheel python3-packaging valgrind
	clang-14 libclang-rt-14-dev abigail-tools python3-mypy apt-utils gpg"

# The newest installed Debian 6.1 amd64 kernel, e.g. 6.1.0-56-amd64.
kh_kver() {
	local v
	v=$(cd /lib/modules 2>/dev/null && ls -d 6.1.*-amd64 2>/dev/null | sort -V | tail -1)
	[ -n "$v" ] && [ -e "/lib/modules/$v/build/Makefile" ] || return 1
	echo "$v"
}

# The Debian kernels of one series (6.1, 6.12 or 7.x): sets S_KVER, S_KDIR,
# S_XROOT, S_XMAKE (x86_64) and S_AKVER, S_AKDIR, S_AROOT, S_AMAKE (arm64).
# 6.1 is the host's own Debian 12 kernel (built with the host's gcc);
# 6.12 and 7.x are Debian 13's, built against inside the Debian 13 root
# with its gcc-14 (tests/rig/kernel/deb13.sh; KDIR deb13:... for build-module.sh).
kh_series_env() { # series
	local rig=$KH_TOP/tests/rig
	if [ "$1" = 6.1 ]; then
		S_KVER=$(kh_kver) || return 1
		S_KDIR=/lib/modules/$S_KVER/build S_XROOT=/ S_XMAKE=
		S_AROOT=$("$rig/kernel/arm64-root.sh") || return 1
		S_AKVER=${S_KVER%-amd64}-arm64
		S_AKDIR=$S_AROOT/usr/src/linux-headers-$S_AKVER
		S_AMAKE="ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-"
		return
	fi
	S_KVER=$("$rig/kernel/deb13.sh" kver "$1") || return 1
	S_XROOT=$("$rig/kernel/deb13.sh" root)
	S_KDIR=deb13:/usr/src/linux-headers-$S_KVER S_XMAKE=
	S_AROOT=$("$rig/kernel/deb13.sh" arm64 "$1") || return 1
	S_AKVER=$(cd "$S_AROOT/lib/modules" && ls -d *-arm64 | head -1)
	S_AKDIR=deb13:/usr/src/linux-headers-$S_AKVER
	S_AMAKE=ARCH=arm64
}

# A KUnit kernel's configuration: tests/kunit/common.kunitconfig, ARCH's
# and each further fragment named (tests/kunit/NAME.kunitconfig or a
# path), then SERIES's own (tests/kunit/SERIES.kunitconfig, if any).  The
# fragments may name options of any series: those the tree SRC's Kconfig
# does not define are dropped, each said on stderr.  Comments and blank
# lines are dropped too (not "# CONFIG_X is not set"): the kernels' cache
# keys cover this output, and a comment is no reason to rebuild.
kh_kunitconfig() { # src, series, arch, further fragments...
	local src=$1 series=$2 arch=$3 k=$KH_TOP/tests/kunit f l sym syms
	shift 3
	syms=$(mktemp)
	find "$src" -name 'Kconfig*' -exec sed -n \
		's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/CONFIG_\2/p' {} + |
		sort -u > "$syms"
	for f in "$k/common.kunitconfig" "$k/$arch.kunitconfig" "$@" "$k/$series.kunitconfig"; do
		[ -f "$f" ] || f=$k/$f.kunitconfig
		[ -f "$f" ] || continue
		while IFS= read -r l; do
			sym=$(printf '%s\n' "$l" | sed -n 's/^\(# \)\{0,1\}\(CONFIG_[A-Za-z0-9_]*\)[= ].*/\2/p')
			[ -n "$sym" ] || continue
			if ! grep -qx "$sym" "$syms"; then
				echo "kunitconfig: $sym is not in this tree's Kconfig, dropped" >&2
				continue
			fi
			printf '%s\n' "$l"
		done < "$f"
	done
	rm -f "$syms"
}

# A private apt configuration for Debian's arm64 packages in DIR (lists,
# cache and dpkg status of its own; no dpkg --add-architecture on the
# host): writes DIR/apt.conf and runs apt-get update.  SOURCES_LIST: a
# sources.list to read instead of the host's.  Then fetch with
# APT_CONFIG=DIR/apt.conf apt-get download ..., unpack with dpkg-deb -x.
kh_apt_arm64() { # dir [sources_list]
	local a=$1
	mkdir -p "$a/lists/partial" "$a/cache/archives/partial"
	touch "$a/status"
	{
		echo 'APT::Architecture "arm64";'
		echo 'APT::Architectures { "arm64"; };'
		if [ -n "${2:-}" ]; then
			printf 'Dir::Etc::SourceList "%s";\n' "$2"
			echo 'Dir::Etc::SourceParts "/nonexistent";'
		fi
		printf 'Dir::State::Lists "%s/lists";\n' "$a"
		printf 'Dir::State::status "%s/status";\n' "$a"
		printf 'Dir::Cache "%s/cache";\n' "$a"
	} > "$a/apt.conf"
	APT_CONFIG=$a/apt.conf apt-get update -q >&2
}

# Debian 12's arm64 packages PKG... (name=version or name) unpacked into
# DIR/root, fresh: DIR is emptied first, its apt configuration private
# (kh_apt_arm64); the caller marks DIR done when it has what it needs.
kh_arm64_debs() { # dir pkg...
	local a=$1 d
	shift
	rm -rf "$a"
	mkdir -p "$a/debs" "$a/root"
	kh_apt_arm64 "$a"
	(cd "$a/debs" && APT_CONFIG=$a/apt.conf apt-get download -q "$@" >&2)
	for d in "$a"/debs/*.deb; do dpkg-deb -x "$d" "$a/root"; done
}

# The project's own files, relative to KH_TOP: what git tracks (plus new,
# unignored files) in a checkout; in an unpacked tarball every file but
# build output.
kh_files() {
	# (a tarball unpacked inside another repository is no checkout)
	if [ "$(git -C "$KH_TOP" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$KH_TOP" && pwd -P)" ]; then
		git -C "$KH_TOP" ls-files -co --exclude-standard
	else
		# (build output left out as .gitignore does: Kbuild's, the
		# library's, Python's)
		(cd "$KH_TOP" && find . \( -path ./build -o -path ./python/build -o -name __pycache__ \
			-o -name '*.egg-info' -o -name .tmp_versions \) -prune -o -type f \
			! -name '*.o' ! -name '*.ko' ! -name '*.mod' ! -name '*.mod.c' ! -name '.*.cmd' \
			! -name '*.a' ! -name '*.so' ! -name '*.so.*' ! -name modules.order \
			! -name Module.symvers ! -name '.*.o.d' -print | sed 's|^\./||')
	fi
}

kh_log() { printf '##### [%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
kh_die() { echo "error: $*" >&2; exit 1; }

# Pass/fail tally: every check prints one "PASS:"/"FAIL:" line.
KH_PASS=0
KH_FAIL=0
kh_pass() { KH_PASS=$((KH_PASS + 1)); echo "PASS: $*"; }
kh_fail() { KH_FAIL=$((KH_FAIL + 1)); echo "FAIL: $*"; }
kh_check() { # description, command...
	local d=$1; shift
	if "$@"; then kh_pass "$d"; else kh_fail "$d"; fi
}
# A step of the package tests in a root (tests/rig/deb/deb-in-root.sh,
# deb-arm64-in-root.sh): COMMAND's output in $W/step-N.log and in the whole
# log $LOG, its exit status in RC (N, W and LOG are the caller's).
kh_step_any() { # description, command...
	local d=$1
	shift
	N=$((N + 1))
	echo "--- $N: $d: $*" >> "$LOG"
	"$@" > "$W/step-$N.log" 2>&1
	RC=$?
	cat "$W/step-$N.log" >> "$LOG"
	echo "--- exit status $RC" >> "$LOG"
}
# the same, its exit status checked: "PREFIX: DESCRIPTION: exit status 0"
kh_step() { # prefix, description, command...
	local p=$1 d=$2
	shift
	kh_step_any "$@"
	kh_check "$p: $d: exit status 0" test "$RC" = 0
}

# CMD chrooted into ROOT in a private mount namespace: /proc, a tmpfs /tmp
# of TMPSIZE (64m, 256m), /dev's basic nodes, the project and the rig's
# output bound at their own paths, a clean environment.  With UPPER, ROOT
# is the lower layer of an overlay mounted on UPPER/m, every change landing
# in UPPER/u (tests/rig/deb/debroot.sh's roots, tests/rig/deb/deb-boot.sh's image).
kh_in_root() { # root upper|"" tmpsize cmd...
	local root=$1 upper=$2 tmp=$3
	shift 3
	unshare --mount --fork sh -c '
		r=$1 upper=$2 tmp=$3
		shift 3
		mount --make-rprivate / || exit 1
		if [ -n "$upper" ]; then
			mkdir -p "$upper/u" "$upper/w" "$upper/m"
			mount -t overlay overlay -o "lowerdir=$r,upperdir=$upper/u,workdir=$upper/w" \
				"$upper/m" || exit 1
			r=$upper/m
		fi
		mount -t proc proc "$r/proc" || exit 1
		mount -t tmpfs -o "size=$tmp" tmpfs "$r/tmp" || exit 1
		for d in null zero full random urandom tty; do
			[ -e "$r/dev/$d" ] || { : > "$r/dev/$d"; mount --bind "/dev/$d" "$r/dev/$d"; }
		done
		while [ "$1" != -- ]; do
			mkdir -p "$r$1" && mount --bind "$1" "$r$1" || exit 1
			shift
		done
		shift
		exec chroot "$r" "$@"' \
		sh "$root" "$upper" "$tmp" "$KH_TOP" "$KH_OUT" -- env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 TERM=dumb "$@"
}

# What an x86_64 guest's kernel command line needs so that its clock keeps
# the host's time however busy the host is: the TSC's frequency given
# (tsc_early_khz=, measured once per host boot by tests/rig/kernel/tsc-khz.c:
# TCG answers RDTSC with the host's TSC) rather than calibrated against an
# emulated PIT that runs late on a loaded host, and the TSC trusted
# (tsc=reliable: the clocksource watchdog compares it with the emulated
# HPET, whose slow reads under load would otherwise mark it unstable).
# An arm64 guest needs nothing: its generic timer's frequency is a
# register, never calibrated.  Prints nothing for arm64.
# KH_GUEST_CLOCK_ARGS, when set (even empty), is printed instead: e.g.
# "tsc_early_khz=228972" or "" to see the guests' clock checks fail.
kh_guest_clock_args() { # arch
	local f=$KH_OUT/tsc-khz.$(cat /proc/sys/kernel/random/boot_id) khz
	[ "$1" = x86_64 ] || return 0
	if [ -n "${KH_GUEST_CLOCK_ARGS+set}" ]; then
		echo "$KH_GUEST_CLOCK_ARGS"
		return 0
	fi
	[ "$(uname -m)" = x86_64 ] || kh_die "kh_guest_clock_args: the rig runs on x86_64 hosts only"
	if [ ! -s "$f" ]; then
		gcc -O2 -o "$KH_OUT/tsc-khz.$$" "$KH_TOP/tests/rig/kernel/tsc-khz.c" &&
			khz=$("$KH_OUT/tsc-khz.$$") && [ "${khz:-0}" -gt 100000 ] ||
			kh_die "tests/rig/kernel/tsc-khz.c: no TSC frequency measured on this host"
		rm -f "$KH_OUT/tsc-khz.$$"
		echo "$khz" > "$f.$$" && mv "$f.$$" "$f"
	fi
	echo "tsc_early_khz=$(cat "$f") tsc=reliable"
}

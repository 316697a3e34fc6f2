# SPDX-License-Identifier: GPL-2.0
# Shared settings and helpers of the keyedhash test rig (sourced, not run).

KH_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KH_CACHE=${KH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keyedhash}
KH_OUT=${KH_OUT:-$KH_TOP/build}
mkdir -p "$KH_CACHE" "$KH_OUT"

# Debian packages the rig needs (installed by tests/rig/deps.sh).
KH_PKGS="linux-image-amd64 linux-headers-amd64 linux-source-6.1 qemu-system-x86
	qemu-system-arm busybox-static cpio kmod xz-utils gcc make bc bison flex
	libelf-dev libssl-dev python3 gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	rsync qemu-user dkms cryptsetup-bin dmsetup groff-base"

# The newest installed Debian 6.1 amd64 kernel, e.g. 6.1.0-56-amd64.
kh_kver() {
	local v
	v=$(cd /lib/modules 2>/dev/null && ls -d 6.1.*-amd64 2>/dev/null | sort -V | tail -1)
	[ -n "$v" ] && [ -e "/lib/modules/$v/build/Makefile" ] || return 1
	echo "$v"
}

# The project's own files, relative to KH_TOP: what git tracks (plus new,
# unignored files) in a checkout, everything but build/ in an unpacked tarball.
kh_files() {
	if git -C "$KH_TOP" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git -C "$KH_TOP" ls-files -co --exclude-standard
	else
		(cd "$KH_TOP" && find . -path ./build -prune -o -type f -print | sed 's|^\./||')
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

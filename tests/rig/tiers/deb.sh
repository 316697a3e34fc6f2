# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The deb tier of make check (sourced by tests/rig/check.sh): run_deb.

# make check-deb (tests/rig/deb/deb-check.sh) as six jobs: make deb and the
# packages' own checks, then the arm64 root (its package tests under
# qemu-user, the arm64 VM), the Debian 13 and the Debian 12 root (each
# root's package tests and VMs), the Debian 13 and 12 systems booting
# from disk (tests/rig/deb/deb-boot.sh, the longest, so first) and the upgrade
# matrix in each root (tests/rig/deb/deb-upgrade.sh), which wait for the packages without a
# slot.  A copy of the Debian 13 root holds the root's lock (shared), which
# holds off any change to it: deb13_ready first makes the root hold what
# the series need (cold: installs them; warm: finds them, under the shared
# lock), so that the package jobs can start first, the longest with the
# debug kernel's.
deb13_ready() {
	local s
	for s in $KH_SERIES; do
		[ "$s" = 6.1 ] || kh_series_env "$s" > /dev/null 2>&1 ||
			kh_fail "Linux $s: Debian 13's kernels in the Debian 13 root (tests/rig/kernel/deb13.sh)"
	done
	for s in $KH_RT_SERIES; do
		"$RIG/kernel/rt.sh" amd64 "$s" > /dev/null 2>&1 && "$RIG/kernel/rt.sh" arm64 "$s" > /dev/null 2>&1 ||
			kh_fail "Linux $s PREEMPT_RT: Debian's rt kernels in the Debian 13 root (tests/rig/kernel/rt.sh)"
	done
}
deb_run() { # part of deb-check.sh: build, arm64, deb12, deb13, boot-deb12/13, upgrade-deb12/13, cryptsetup-deb12/13
	local log=$LOGS/check-deb-$1.log tally
	[ "$1" = build ] || while [ ! -e "$JOBS/deb-build.done" ]; do sleep 2; done
	kh_slot
	bash "$RIG/deb/deb-check.sh" "$1" > "$log" 2>&1
	[ "$1" != build ] || : > "$JOBS/deb-build.done"
	grep -a -e '^PASS: ' -e '^FAIL: ' -e '^    \[' -e '^    lintian' "$log"
	tally=$(grep -a -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
	if [ -z "$tally" ]; then
		tail -20 "$log"
		kh_fail "make check-deb, $1, ran to its end (log: ${log#$KH_TOP/})"
		return
	fi
	set -- "$1" $tally
	KH_PASS=$((KH_PASS + $2)) KH_FAIL=$((KH_FAIL + $4))
	echo "    make check-deb, $1: $2 passed, $4 failed (log: ${log#$KH_TOP/})"
	printf '  %-64s %5d passed, %d failed\n' "Debian packages (make check-deb), $1" "$2" "$4" >> "$SUMMARY"
}
# The release artifacts (tests/rig/deb/release.sh) as two jobs: the userspace
# parts in a Debian 12 root without libkcapi and headers, then make dist's
# tarball built without git (module, lib, khsum, sdist, wheel, make deb);
# and make repo's signed repository in Debian 12 and 13 roots (after make
# deb: its packages).
release_run() { # job name, parts...
	local name=$1 part log
	shift
	[ "$name" != release-repo ] || while [ ! -e "$JOBS/deb-build.done" ]; do sleep 2; done
	kh_slot
	for part in "$@"; do
		log=$LOGS/release-$part.log
		bash "$RIG/deb/release.sh" "$part" > "$log" 2>&1
		count_log "release artifacts: $part (tests/rig/deb/release.sh)" "$log" "^release-$part: done"
	done
}
run_deb() {
	tier_begin deb
	deb13_ready
	kh_job deb-build deb_run build
	kh_job deb-arm64 deb_run arm64
	kh_job deb-deb13 deb_run deb13
	kh_job deb-deb12 deb_run deb12
	kh_job deb-boot-deb13 deb_run boot-deb13
	kh_job deb-boot-deb13-dracut deb_run boot-deb13-dracut
	kh_job deb-boot-deb12 deb_run boot-deb12
	kh_job deb-cryptsetup-deb13 deb_run cryptsetup-deb13
	kh_job deb-cryptsetup-deb12 deb_run cryptsetup-deb12
	kh_job deb-upgrade-deb13 deb_run upgrade-deb13
	kh_job deb-upgrade-deb12 deb_run upgrade-deb12
	kh_job release release_run release userspace dist
	kh_job release-repo release_run release-repo repo-deb12 repo-deb13
	tier_end deb
}

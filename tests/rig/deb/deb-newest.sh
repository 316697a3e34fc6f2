#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The module against the newest kernel headers Debian has: unstable (sid)
# and experimental, in a cached Debian unstable root (tests/rig/deb/debroot.sh
# sid; its package lists are refreshed once a day), so an upstream API
# change shows the day Debian ships it.  Built with the project's Makefile
# and W=1, as a sid user would; any compiler warning fails.  A failure
# names the kernel, the compatibility probes Kbuild found (the -DKH_* of
# the compiler's command line) and the first error.  Loads nothing.
#
# Usage: deb-newest.sh [SUITE...]     (default: sid experimental)
# Prints one PASS:/FAIL: line per check and "newest: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
SUITES=${*:-sid experimental}
ARCH=amd64
in_sid() { "$RIG/deb/debroot.sh" run sid "$@"; }

if ! "$RIG/deb/debroot.sh" root sid > /dev/null; then
	echo "FAIL: the Debian unstable root (debootstrap sid)"
	echo "newest: done"
	exit 0
fi
for suite in $SUITES; do
	# the ABI the suite's linux-headers-amd64 points at (experimental may
	# have none: then there is nothing newer than sid to build against)
	ver=$(in_sid apt-cache madison linux-headers-$ARCH 2>/dev/null |
		awk -F'|' -v s="$suite" '$3 ~ "/" s "/" || $3 ~ " " s "/" || $3 ~ " " s " " { gsub(/ /, "", $2); print $2 }' |
		sort -V | tail -1)
	if [ -z "$ver" ]; then
		if [ "$suite" = experimental ]; then
			echo "experimental has no linux-headers-$ARCH today: nothing newer than sid to build against"
			continue
		fi
		kh_fail "Debian $suite: linux-headers-$ARCH in the package lists"
		continue
	fi
	abi=$(in_sid apt-cache depends "linux-headers-$ARCH=$ver" 2>/dev/null |
		sed -n 's/^ *Depends: linux-headers-\([0-9][^ ]*-'"$ARCH"'\)$/\1/p' | head -1)
	if [ -z "$abi" ]; then
		kh_fail "Debian $suite: the kernel release of linux-headers-$ARCH $ver"
		continue
	fi
	K=/usr/src/linux-headers-$abi
	if ! in_sid test -f "$K/Makefile"; then
		kh_log "installing Debian $suite's linux-headers-$abi in the unstable root"
		in_sid apt-get -o DPkg::Lock::Timeout=600 -q -y install -t "$suite" "linux-headers-$abi" \
			> "$KH_OUT/logs/newest-$suite-apt.log" 2>&1
	fi
	if ! in_sid test -f "$K/Makefile"; then
		tail -5 "$KH_OUT/logs/newest-$suite-apt.log"
		kh_fail "Debian $suite: linux-headers-$abi installed in the unstable root"
		continue
	fi
	W=$KH_OUT/newest-$suite
	rm -rf "$W"
	mkdir -p "$W"
	kh_files | grep -v '^build/' | rsync -a --files-from=- "$KH_TOP/" "$W/src/"
	log=$W/make.log
	# V=1: the compiler's command lines, with the probes' -DKH_* flags
	in_sid make -C "$W/src" KDIR="$K" W=1 V=1 modules > "$log" 2>&1
	rc=$?
	if [ "$rc" = 0 ] && [ -f "$W/src/keyedhash.ko" ]; then
		kh_pass "Linux $abi (Debian $suite): keyedhash builds (W=1)"
		kh_check "Linux $abi (Debian $suite): no compiler warnings" sh -c "! grep -q 'warning:' '$log'"
		grep 'warning:' "$log" | head -5 | sed 's/^/    /'
		kh_check "Linux $abi (Debian $suite): the module's vermagic is $abi" sh -c \
			"modinfo -F vermagic '$W/src/keyedhash.ko' | grep -q '^$abi '"
	else
		probes=$(grep -o -- '-DKH_[A-Z0-9_]*' "$log" | sort -u | tr '\n' ' ')
		err=$(grep -m1 -E 'error:|Error [0-9]' "$log")
		kh_fail "Linux $abi (Debian $suite): keyedhash does not build: ${err:-see $log}; probes found: ${probes:-none}"
		grep -E 'error:' "$log" | head -10 | sed 's/^/    /'
	fi
done
echo "newest: done"

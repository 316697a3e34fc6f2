#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: deb-install.sh deb12|deb13
# The Debian packages of make deb (build/deb/) installed with apt in a
# throw-away copy of the Debian 12 root (dkms 3.0.10) or of the rig's
# Debian 13 root (dkms 3.2.2), then kernels installed after them: a real
# Debian one in range, a fake one older than 6.1, a fake one whose build
# fails; apt remove, purge (tests/rig/deb/deb-in-root.sh).  The cached roots are
# not changed (an overlay takes every change, in build/deb-ROOT/, removed
# afterwards).  Prints one PASS:/FAIL: line per check and "deb ROOT: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
R=${1:?deb12 or deb13}
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)	# make deb's (tools/version.sh)
D=$KH_OUT/deb
if [ ! -f "$D/keyedhash-dkms_${VER}_all.deb" ]; then
	echo "FAIL: $R: make deb's packages in $D (run make deb)"
	echo "deb $R: done"
	exit 0
fi
U=$KH_OUT/deb-$R
# Debian 13: the rig's 6.12 and 7.x kernels in its root (cached by then
# when make check ran first)
if [ "$R" = deb13 ]; then
	for s in 6.12 7.x; do
		"$KH_TOP/tests/rig/kernel/deb13.sh" kver "$s" > /dev/null ||
			echo "FAIL: $R: Debian's $s kernel in the Debian 13 root"
	done
fi
"$KH_TOP/tests/rig/deb/debroot.sh" overlay "$R" "$U" bash "$KH_TOP/tests/rig/deb/deb-in-root.sh" "$R" "$D"
rc=$?
[ "$rc" = 0 ] || echo "FAIL: $R: the test in the root's copy ran to its end (exit status $rc)"
mkdir -p "$KH_OUT/logs"
cp "$KH_OUT/deb-$R-work/apt.log" "$KH_OUT/logs/deb-$R-apt.log" 2>/dev/null || true
rm -rf "$U"

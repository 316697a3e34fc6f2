#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: deb-upgrade.sh deb12|deb13
# The upgrade matrix of the Debian packages (tests/rig/deb/deb-upgrade-in-root.sh)
# in a throw-away copy of the Debian 12 or 13 root: from the released 0.8.0
# package, from a snapshot, to make deb's; a downgrade, a reinstall, each
# with one kernel whose build fails; purge.  The 0.8.0 packages are built
# once from 0.8.0's own commit (its debian/, in the Debian 12 root, as its
# make deb did) and cached by commit in the rig's cache.
# Prints one PASS:/FAIL: line per check and "deb-upgrade ROOT: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
R=${1:?deb12 or deb13}
RIG=$KH_TOP/tests/rig
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)	# make deb's (tools/version.sh)
D=$KH_OUT/deb
end() { echo "deb-upgrade $R: done"; exit 0; }
if [ ! -f "$D/keyedhash-dkms_${VER}_all.deb" ]; then
	echo "FAIL: $R: make deb's packages in $D (run make deb)"
	end
fi
# 0.8.0: the last commit whose make deb gave the bare 0.8.0, before the
# version came from git (ee2d56b) and the upgrade kept each kernel's
# module (9a6a1f0): what "0.8.0" means in docs/installing.md and NEWS
C08=3f0fb02a95c2d8fd1511676916a38886c4bcf641
ARCH=$(dpkg --print-architecture)
OLD=$KH_CACHE/deb-0.8.0-$C08
if [ ! -f "$OLD/.done" ]; then
	exec {lk}> "$KH_CACHE/deb-0.8.0.lock"
	flock "$lk"
fi
if [ ! -f "$OLD/.done" ]; then
	if ! git -C "$KH_TOP" cat-file -e "$C08^{commit}" 2> /dev/null; then
		echo "FAIL: $R: 0.8.0's commit $C08 in this clone's history (a shallow clone lacks it: git fetch --unshallow)"
		end
	fi
	B=$KH_OUT/deb-0.8.0-build
	rm -rf "$B" "$OLD"
	mkdir -p "$B/keyedhash-0.8.0"
	kh_log "the 0.8.0 packages, from commit $C08, in the Debian 12 root (cached)"
	git -C "$KH_TOP" archive "$C08" | tar -x -C "$B/keyedhash-0.8.0"
	when=$(git -C "$KH_TOP" log -1 --format=%ct "$C08")
	(cd "$B/keyedhash-0.8.0" && SOURCE_DATE_EPOCH=$when sh debian/mkchangelog)
	# (in a copy of the root: dpkg-buildpackage writes in $B only, and
	# the root stays free for others meanwhile)
	if "$RIG/deb/debroot.sh" overlay deb12 "$B/ov" sh -c 'cd "$1" && exec dpkg-buildpackage -us -uc -b' \
		sh "$B/keyedhash-0.8.0" > "$B/build.log" 2>&1 &&
		[ -f "$B/keyedhash-dkms_0.8.0_all.deb" ] && [ -f "$B/keyedhash-tools_0.8.0_${ARCH}.deb" ]; then
		mkdir -p "$OLD"
		cp "$B"/*.deb "$OLD/" && touch "$OLD/.done"
		rm -rf "$B"
	else
		tail -20 "$B/build.log"
		echo "FAIL: $R: the 0.8.0 packages built from $C08 (log: ${B#$KH_TOP/}/build.log)"
		end
	fi
fi
[ -z "${lk:-}" ] || exec {lk}>&-
# (in the output directory: the root sees KH_TOP and KH_OUT only)
O=$KH_OUT/deb-upgrade-$R-0.8.0
rm -rf "$O" && mkdir -p "$O" && cp "$OLD"/*.deb "$O/"
U=$KH_OUT/deb-upgrade-$R
"$RIG/deb/debroot.sh" overlay "$R" "$U" bash "$RIG/deb/deb-upgrade-in-root.sh" "$R" "$D" "$O"
rc=$?
[ "$rc" = 0 ] || echo "FAIL: $R: the upgrade test in the root's copy ran to its end (exit status $rc)"
mkdir -p "$KH_OUT/logs"
cp "$KH_OUT/deb-upgrade-$R-work/apt.log" "$KH_OUT/logs/deb-upgrade-$R-apt.log" 2>/dev/null || true
rm -rf "$U" "$O"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make deb: build the Debian packages keyedhash-dkms (all) and
# keyedhash-tools (amd64 and arm64) from the project's files, inside the
# cached Debian 12 root (tests/rig/deb/debroot.sh; never on the host system),
# and run lintian on them.  The packages end up in build/deb/, lintian's
# report in build/deb/lintian.log; exit status 0 when both built and
# lintian reports no error.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
# the packages' version (tools/version.sh: VERSION and git), each new
# commit a newer one; stamped into the copy (.version, dkms.conf) and
# written into its debian/changelog
VER=$(sh "$KH_TOP/tools/version.sh") || kh_die "no version (tools/version.sh, above)"
B=$KH_OUT/deb
S=$B/src/keyedhash-$VER

"$RIG/deb/debroot.sh" root deb12 > /dev/null ||
	kh_die "make deb: no Debian 12 root to build in (see above); nothing was built"

rm -rf "$B"
mkdir -p "$S"
# the project's files only (what git tracks), never build output
kh_files | grep -v '^build/' | rsync -a --files-from=- "$KH_TOP/" "$S/"
when=$(git -C "$KH_TOP" log -1 --format=%ct 2>/dev/null || date +%s)
sh "$KH_TOP/tools/version.sh" --stamp "$S" "$VER" > /dev/null
(cd "$S" && SOURCE_DATE_EPOCH=$when sh debian/mkchangelog)
echo "$VER" > "$B/version"

build() { # dpkg-buildpackage arguments
	"$RIG/deb/debroot.sh" run deb12 sh -c 'cd "$1" && shift && exec dpkg-buildpackage -us -uc "$@"' \
		sh "$S" "$@"
}
kh_log "dpkg-buildpackage (source, all, amd64) in the Debian 12 root"
build > "$B/build-amd64.log" 2>&1 || { tail -30 "$B/build-amd64.log"; kh_die "make deb: the amd64 build failed (log: $B/build-amd64.log)"; }
kh_log "dpkg-buildpackage -aarm64 -B (keyedhash-tools for arm64)"
build -aarm64 -B > "$B/build-arm64.log" 2>&1 || { tail -30 "$B/build-arm64.log"; kh_die "make deb: the arm64 build failed (log: $B/build-arm64.log)"; }
mv "$B"/src/*.deb "$B"/src/*.changes "$B"/src/*.buildinfo "$B"/src/*.dsc "$B"/src/*.tar.* "$B/"

kh_log "lintian"
set +e
"$RIG/deb/debroot.sh" run deb12 sh -c 'cd "$1" && lintian -I --pedantic --fail-on error *.changes' \
	sh "$B" > "$B/lintian.log" 2>&1
rc=$?
set -e
sed 's/^/    /' "$B/lintian.log"
[ "$rc" = 0 ] || kh_die "make deb: lintian reports errors (log: $B/lintian.log)"
ls -1 "$B"/*.deb

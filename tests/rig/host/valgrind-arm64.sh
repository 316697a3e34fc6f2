#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian 12's arm64 valgrind, with the arm64 libc6 and its debug symbols
# (valgrind must find ld.so's strlen: libc6-dbg), of the host's versions,
# unpacked into a root in the cache (private apt configuration, no
# dpkg --add-architecture); prints the root.  tests/libkeyedhash/run.sh ct-arm64
# runs memcheck from it under qemu-aarch64.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
vg=$(dpkg-query -W -f='${Version}' valgrind 2>/dev/null) || kh_die "valgrind missing (apt-get install valgrind)"
libc=$(dpkg-query -W -f='${Version}' libc6)
a=$KH_CACHE/valgrind-arm64-${vg//:/_}-$libc
mkdir -p "$KH_CACHE"
exec 9> "$a.lock"
flock 9
if [ ! -f "$a/.done" ]; then
	kh_log "fetching arm64 valgrind $vg, libc6 and libc6-dbg $libc" >&2
	kh_arm64_debs "$a" "valgrind=$vg" "libc6=$libc" "libc6-dbg=$libc"
	touch "$a/.done"
fi
echo "$a/root"

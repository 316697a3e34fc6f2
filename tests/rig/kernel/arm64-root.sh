#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Fetch Debian's arm64 kernel, headers and a static busybox matching the
# installed amd64 kernel ABI, with a private apt configuration (no
# dpkg --add-architecture), unpack them and print the root directory.
# The arm64 headers use the host's kbuild tools (scripts/, tools/).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
KVER=$(kh_kver) || kh_die "no Debian 6.1 amd64 kernel installed"
KVER_ARM=${KVER%-amd64}-arm64
DEBVER=$(dpkg-query -W -f='${Version}' "linux-image-$KVER")
A=$KH_CACHE/arm64-$DEBVER
if [ ! -f "$A/.done" ]; then
	kh_log "fetching arm64 packages for $KVER_ARM" >&2
	kh_arm64_debs "$A" "linux-headers-$KVER_ARM" \
		"linux-image-$KVER_ARM-unsigned" busybox-static
	H=$A/root/usr/src/linux-headers-$KVER_ARM
	ln -sfn /usr/lib/linux-kbuild-6.1/scripts "$H/scripts"
	ln -sfn /usr/lib/linux-kbuild-6.1/tools "$H/tools"
	touch "$A/.done"
fi
echo "$A/root"

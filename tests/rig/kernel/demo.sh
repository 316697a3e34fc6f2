#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make run: build keyedhash.ko and the khsum CLI, boot Debian's own x86_64
# kernel in QEMU (TCG), load the module with modprobe, show its
# /proc/crypto entries and hash a sample file with each algorithm through
# AF_ALG.  KH_KERNEL picks the kernel series: 6.1 (Debian 12's, the
# default), 6.12 (Debian 13's) or 7.x (the newest Debian builds for
# Debian 13, from trixie-backports); KH_CPU the QEMU CPU model (default
# "max").
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
SERIES=${KH_KERNEL:-6.1}
case $SERIES in
6.1 | 6.12 | 7.x) ;;
*) kh_die "KH_KERNEL=$SERIES: say 6.1, 6.12 or 7.x" ;;
esac
bash "$RIG/host/deps.sh"
kh_series_env "$SERIES" || kh_die "could not fetch Debian's $SERIES kernel"
W=$KH_OUT/run
mkdir -p "$W/keys"
kh_log "building keyedhash.ko against $S_KVER"
# shellcheck disable=SC2086
"$RIG/host/build-module.sh" "x86_64-run" "$S_KDIR" $S_XMAKE
gcc -O2 -Wall -static -o "$W/finit" "$RIG/kernel/finit.c"
gcc -O2 -Wall -static -I"$KH_TOP/tools" -o "$W/khsum" "$KH_TOP/tools/khsum.c" "$KH_TOP/tools/afalg.c" -lkcapi

"$RIG/kernel/samples.sh" "$W"
"$RIG/kernel/mkinitramfs.sh" "$W/run.cpio.gz" x86_64 "$S_XROOT" "$S_KVER" "$KH_TOP/tests/vm/demo-guest.sh" \
	"$KH_OUT/x86_64-run/src/keyedhash.ko" "$W/finit" "$W/khsum" "$W/sample.txt" "$W/expected.txt" "$W/keys:/keys"
kh_log "booting Debian's $S_KVER in QEMU (TCG, -cpu ${KH_CPU:-max})"
if ! "$RIG/kernel/vm-boot.sh" x86_64 "${KH_CPU:-max}" "$S_XROOT/boot/vmlinuz-$S_KVER" "$W/run.cpio.gz" "$W/run.log"; then
	cat "$W/run.log"
	kh_die "the VM did not finish"
fi
tr -d '\r' < "$W/run.log" | sed -n '/=== VM up/,/^=== VM done/p' | sed 's/^.*=== VM up/=== VM up/'

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make run: build keyedhash.ko and the khsum CLI, boot Debian's own x86_64
# 6.1 kernel in QEMU (TCG), load the module with modprobe, show its
# /proc/crypto entries and hash a sample file with each algorithm through
# AF_ALG.  KH_CPU picks the QEMU CPU model (default "max").
set -euo pipefail
. "$(dirname "$0")/lib.sh"
RIG=$KH_TOP/tests/rig
bash "$RIG/deps.sh"
KVER=$(kh_kver)
W=$KH_OUT/run
mkdir -p "$W/keys"
kh_log "building keyedhash.ko against $KVER"
"$RIG/build-module.sh" x86_64 "/lib/modules/$KVER/build"
gcc -O2 -Wall -static -o "$W/finit" "$RIG/finit.c"
gcc -O2 -Wall -static -I"$KH_TOP/tools" -o "$W/khsum" "$KH_TOP/tools/khsum.c" "$KH_TOP/tools/afalg.c"

"$RIG/samples.sh" "$W"
"$RIG/mkinitramfs.sh" "$W/run.cpio.gz" x86_64 / "$KVER" "$KH_TOP/tests/vm/run.sh" \
	"$KH_OUT/x86_64/src/keyedhash.ko" "$W/finit" "$W/khsum" "$W/sample.txt" "$W/expected.txt" "$W/keys:/keys"
kh_log "booting Debian $KVER in QEMU (TCG, -cpu ${KH_CPU:-max})"
if ! "$RIG/vm.sh" x86_64 "${KH_CPU:-max}" "/boot/vmlinuz-$KVER" "$W/run.cpio.gz" "$W/run.log"; then
	cat "$W/run.log"
	kh_die "the VM did not finish"
fi
tr -d '\r' < "$W/run.log" | sed -n '/=== VM up/,/^=== VM done/p' | sed 's/^.*=== VM up/=== VM up/'

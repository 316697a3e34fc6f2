#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: ecosystem.sh DIR
# Files for the ecosystem checks in the x86_64 Debian VM (tests/vm/autoload.sh
# and tests/vm/ecosystem-guest.sh):
#   DIR/root/      merged into the initramfs' /: Debian's integritysetup,
#                  dmsetup, coreutils' dd (as gdd) and bash (for
#                  keyedhash-integritysetup), with the shared libraries
#                  ldd names
#   DIR/eco/       /eco in the VM: sector-numbered test data, big keys
#   DIR/disk.img   a fresh 8 MiB raw disk, the VM's /dev/vda (virtio,
#                  discards passed through)
#   DIR/disk2.img  another, /dev/vdb (tests/vm/keycheck.sh copies a
#                  volume there while it is open)
# and prints the QEMU arguments that attach the disks (for VM_EXTRA).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
D=$(realpath -m "$1")
rm -rf "$D/root" "$D/eco" "$D/disk.img" "$D/disk2.img"
mkdir -p "$D/root/usr/sbin" "$D/eco"

# Dynamically linked programs: the binary, then every library (and the
# loader) at the path ldd resolves it to.  integritysetup (cryptsetup-bin)
# and coreutils' dd as gdd: busybox dd drops O_DIRECT when its unaligned
# buffer makes a read fail, and reads through the page cache would read
# a corrupted sector's page neighbours along with it.
copy_prog() { # program, destination in the VM
	local b l
	b=$(command -v "$1" || echo "/usr/sbin/$1")
	[ -x "$b" ] || kh_die "$1 missing (integritysetup: apt-get install cryptsetup-bin)"
	mkdir -p "$D/root$(dirname "$2")"
	cp "$b" "$D/root$2"
	for l in $(ldd "$b" | grep -o '/[^ ]*'); do
		mkdir -p "$D/root$(dirname "$l")"
		cp -L "$l" "$D/root$l"
	done
}
copy_prog integritysetup /usr/sbin/integritysetup
copy_prog dmsetup /usr/sbin/dmsetup
copy_prog dd /usr/bin/gdd
copy_prog bash /usr/bin/bash

python3 - "$D/eco" <<'PY'
import sys
d = sys.argv[1]
# 512 sectors of 512 bytes; sector i is 32 lines "KHSEC-%09d\n", so the
# VM can find where a sector landed on the raw disk (strings -t d).
with open(d + "/data.img", "wb") as f:
    for i in range(512):
        f.write((b"KHSEC-%09d\n" % i) * 32)
# Keys beyond AF_ALG's default optmem_max: the 4096-byte sample key's
# pattern continued to 64 KiB (its first 4096 bytes are that key, so for
# messages up to 4096 bytes Multimixer-128 gives the same digest), and
# 2 MiB (no algorithm takes it; the kernel must refuse it by size).
k = bytes((7 * i + 1) % 256 for i in range(65536))
open(d + "/key64k.bin", "wb").write(k)
open(d + "/key2m.bin", "wb").write(k * 32)
open(d + "/key31.bin", "wb").write(k[:31])
PY
truncate -s 8M "$D/disk.img" "$D/disk2.img"
echo "-drive file=$D/disk.img,format=raw,if=virtio,discard=unmap -drive file=$D/disk2.img,format=raw,if=virtio"

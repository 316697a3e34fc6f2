#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: mkinitramfs.sh OUT.cpio.gz ARCH ROOT KVER TEST_SCRIPT [FILE[:DEST]...]
#
# A busybox initramfs for a QEMU test run.  ROOT is where the kernel's
# modules live (/ for the host's amd64 packages, the unpacked arm64 .debs
# otherwise) and KVER their version; with KVER "none" no distro modules are
# copied (the KUnit kernel has everything built in).  The crypto, lib/crypto,
# dm and virtio (PCI, block) modules are copied; files named *.ko among FILE
# are installed as /lib/modules/KVER/extra/ and depmod is run, so modprobe
# finds them (modules.alias included: request_module() autoloads).  Other
# files go to / (or DEST).  /init runs TEST_SCRIPT as /test.sh and exits
# QEMU with reboot -f (use -no-reboot); tests/vm/lib-guest.sh is /lib.sh.
set -euo pipefail
OUT=$(realpath -m "$1") ARCH=$2 ROOT=$3 KVER=$4 TEST=$5
shift 5
R=$(mktemp -d)
trap 'rm -rf "$R"' EXIT
mkdir -p "$R"/{bin,sbin,proc,sys,dev,tmp,etc,usr/bin,usr/sbin,vectors}
if [ "$ARCH" = arm64 ]; then cp "$ROOT/bin/busybox" "$R/bin/busybox"; else cp /bin/busybox "$R/bin/busybox"; fi
M=/lib/modules/$KVER
if [ "$KVER" != none ]; then
	mkdir -p "$R$M/extra"
	(cd "$ROOT$M" && cp --parents -r kernel/crypto kernel/lib \
		kernel/arch/*/crypto kernel/drivers/md "$R$M/" 2>/dev/null || true)
	# virtio disks (QEMU -drive if=virtio, VM_EXTRA of vm-boot.sh)
	(cd "$ROOT$M" && cp --parents -r kernel/drivers/virtio \
		kernel/drivers/block/virtio_blk.ko "$R$M/" 2>/dev/null || true)
	for f in modules.order modules.builtin modules.builtin.modinfo; do
		[ -f "$ROOT$M/$f" ] && cp "$ROOT$M/$f" "$R$M/"
	done
fi
for f in "$@"; do
	src=${f%%:*} dest=${f#*:}
	[ "$dest" = "$f" ] && dest=
	if [ -z "$dest" ] && [ "${src%.ko}" != "$src" ] && [ "$KVER" != none ]; then
		cp "$src" "$R$M/extra/"
	elif [ -d "$src" ]; then
		mkdir -p "$R$dest"
		cp -r "$src/." "$R$dest/"
	elif [ -n "$dest" ]; then
		mkdir -p "$R$(dirname "$dest")"
		cp "$src" "$R$dest"
	else
		cp "$src" "$R/"
	fi
done
[ "$KVER" = none ] || depmod -b "$R" "$KVER"
cp "$TEST" "$R/test.sh"
cp "$(dirname "$0")/../../vm/lib-guest.sh" "$R/lib.sh"
cat > "$R/init" <<'EOI'
#!/bin/busybox sh
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
echo "=== VM up: $(uname -r) $(uname -m)"
. /lib.sh
kh_clock_start
sh /test.sh 2>&1
kh_clock_end
echo "=== VM done"
reboot -f
EOI
chmod +x "$R/init" "$R/test.sh"
(cd "$R" && find . | cpio -o -H newc --quiet | gzip -1 > "$OUT")

# SPDX-License-Identifier: GPL-2.0
# The format VM of tests/rig/deb/deb-boot.sh (busybox; the image's kernel and
# modules, keyedhash's DKMS build among them): /dev/vda is the disk to
# boot later, /dev/vdb the root file system made on the host (read-only).
# The volumes are made as an admin makes them, with the image's own
# integritysetup (chroot into /dev/vdb) and its key files:
#   root (vda2): sthash, 4 KiB sectors; formatted without the wipe,
#     opened without the journal, then written in full: the file system
#     and zeros after it, so every sector's tag is written once
#   data (vda3): highwayhash256, 4 KiB sectors, wiped; an ext4 on it
#   spare (vda4): highwayhash128, 4 KiB sectors, wiped, with the right
#     key (the test's copy; the image's key file holds a wrong one)
. /lib.sh
i=0
while { [ ! -b /dev/vda4 ] || [ ! -b /dev/vdb ]; } && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
check "format VM: /dev/vda2, /dev/vda3, /dev/vda4 and /dev/vdb present" sh -c \
	'[ -b /dev/vda2 ] && [ -b /dev/vda3 ] && [ -b /dev/vda4 ] && [ -b /dev/vdb ]'
S=/src
mkdir -p $S
mount -t ext4 -o ro /dev/vdb $S || fail "format VM: mount the image's tree (/dev/vdb)"
mount -t proc proc $S/proc && mount -t sysfs sys $S/sys && mount -t devtmpfs dev $S/dev &&
	mount -t tmpfs run $S/run && mkdir -p $S/run/cryptsetup
is() { chroot $S integritysetup "$@"; }
# (--tag-size: at format only; Debian 13's integritysetup refuses it at
# open, where the superblock has it)
opts="--integrity-key-size 32"
t0=$(cut -d' ' -f1 /proc/uptime)
# shellcheck disable=SC2086
check "format VM: integritysetup format root (vda2): sthash, key /etc/keyedhash/root.key, 4 KiB sectors, no wipe" \
	is format -q --batch-mode --no-wipe --sector-size 4096 --integrity sthash \
	--integrity-key-file /etc/keyedhash/root.key $opts --tag-size 32 /dev/vda2
# shellcheck disable=SC2086
check "format VM: integritysetup open root --integrity-no-journal" \
	is open --integrity-no-journal --integrity sthash --integrity-key-file /etc/keyedhash/root.key \
	$opts /dev/vda2 root
fs=$(( $(cat /sys/block/vdb/size) * 512 ))
dev=$(blockdev --getsize64 /dev/mapper/root)
echo "root: the volume holds $dev bytes, the file system $fs"
check "format VM: the file system ($fs bytes) fits the volume ($dev bytes)" [ "$fs" -le "$dev" ]
check "format VM: the file system written into the volume, zeros after it (every tag written)" sh -c \
	"dd if=/dev/vdb of=/dev/mapper/root bs=1M 2> /dev/null &&
	 dd if=/dev/zero of=/dev/mapper/root bs=4096 seek=$((fs / 4096)) count=$(((dev - fs) / 4096)) 2> /dev/null &&
	 sync"
t1=$(cut -d' ' -f1 /proc/uptime)
echo "root volume: $fs bytes written in $(echo "$t0 $t1" | awk '{ print $2 - $1 }') s"
check "format VM: integritysetup close root" is close root
# shellcheck disable=SC2086
check "format VM: integritysetup format data (vda3): highwayhash256, key /etc/keyedhash/data.key, 4 KiB sectors" \
	is format -q --batch-mode --sector-size 4096 --integrity highwayhash256 \
	--integrity-key-file /etc/keyedhash/data.key $opts --tag-size 32 /dev/vda3
# shellcheck disable=SC2086
check "format VM: integritysetup open data" \
	is open --integrity highwayhash256 --integrity-key-file /etc/keyedhash/data.key $opts /dev/vda3 data
check "format VM: mkfs.ext4 on /dev/mapper/data" chroot $S mkfs.ext4 -q -L data /dev/mapper/data
check "format VM: integritysetup close data" is close data
# shellcheck disable=SC2086
check "format VM: integritysetup format spare (vda4): highwayhash128, the right key (/var/lib/kh-boot-test/spare.key), 4 KiB sectors" \
	is format -q --batch-mode --sector-size 4096 --integrity highwayhash128 \
	--integrity-key-file /var/lib/kh-boot-test/spare.key $opts --tag-size 16 /dev/vda4
echo "format VM: done after $(cut -d' ' -f1 /proc/uptime) s"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: deb-boot.sh deb12|deb13|deb13-dracut
# dm-integrity on keyedhash as deployed, shown by booting a real Debian
# system from its disk: SeaBIOS, GRUB (Debian's, written to the disk's
# MBR gap), Debian's kernel, its initramfs-tools initramfs and systemd
# (deb13-dracut: Debian 13 with dracut instead of initramfs-tools, the
# package's dracut module opening the root in dracut's systemd initramfs).
# The system (a minimal Debian 12 or 13 made by debootstrap, cached) has
# make deb's packages installed by apt (DKMS builds the module for the
# image's kernel); its /etc/keyedhash/integritytab names three volumes:
#   root   /dev/vda2  sthash          x-initrd.attach: the root file system
#   data   /dev/vda3  highwayhash256  nofail: mounted on /data
#   spare  /dev/vda4  highwayhash128  nofail: its key file holds a wrong key
# The volumes are formatted in a first VM (the image's kernel, a busybox
# initramfs, the image's own integritysetup), then the disk boots twice;
# tests/vm/deb-boot-guest.sh runs at each boot as a systemd unit and writes its
# PASS:/FAIL: lines to a 9p share:
#   A  root and data open at boot, the root is /dev/mapper/root; spare
#      fails with its wrong key and the boot goes on (nofail); data is
#      written; keyedhash-dkms is upgraded (a newer version of the same
#      package, whose module DKMS built ahead, in the image: the upgrade
#      installs that build, its initramfs hook and all, and saves minutes
#      of compiling under TCG; the chroot tests, tests/rig/deb/deb-in-root.sh,
#      build in theirs) and the kernel's image package reinstalled
#   (the host overwrites, on the disk image, every copy of one 4 KiB
#   block of a file on the data volume)
#   B  after the upgrades root and data open at boot again, with the new
#      module (from the initramfs for the root); spare fails again, and
#      with the right key opens; the data of A reads back, the corrupted
#      block gives EILSEQ and dm-integrity's message
# Prints PASS:/FAIL: lines, each boot's CPU seconds, and "deb-boot: done".
# Cached: the debootstrapped system, per release
# ($KH_CACHE/deb-boot-RELEASE-rREV, KH_REFRESH=1 makes it again).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
R=${1:?deb12, deb13 or deb13-dracut}
IRT=initramfs-tools
case $R in
deb12) SUITE=bookworm ;;
deb13) SUITE=trixie ;;
deb13-dracut) SUITE=trixie IRT=dracut ;;
*) kh_die "usage: deb-boot.sh deb12|deb13|deb13-dracut" ;;
esac
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)	# make deb's (debian/mkversion)
D=$KH_OUT/deb
X=$KH_OUT/deb-boot-$R
LOGS=$KH_OUT/logs
mkdir -p "$LOGS"
MIRROR=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
MIRROR=${KH_DEBIAN_MIRROR:-${MIRROR:-http://deb.debian.org/debian}}
P="$R boot"
done_() {
	# the overlay's upper layer and the disk are large: only the logs stay
	[ -n "${KH_KEEP:-}" ] || rm -rf "$X"
	echo "deb-boot: done"
	exit 0
}

# ------------------------------------------------------------ the system
# A minimal Debian system as an admin installs one: debootstrap minbase,
# then with apt systemd, udev, initramfs-tools, Debian's kernel image and
# headers of the release (linux-image-amd64), cryptsetup-bin
# (integritysetup), dkms and GRUB's BIOS images.  dpkg leaves out what a
# test image needs not (documentation, locales; the kernel's graphics,
# sound, wireless, media and InfiniBand drivers: path-exclude, so a
# reinstall of the kernel leaves them out too).  The image's kernel
# package is kept (BASE/debs) for the reinstall.
BASE_REV=1
BASE_PKGS="systemd-sysv udev $IRT linux-image-amd64 linux-headers-amd64 cryptsetup-bin
	dkms grub-pc-bin e2fsprogs kmod zstd"
B=$KH_CACHE/deb-boot-$R-r$BASE_REV
make_base() {
	local t=$B.tmp
	rm -rf --one-file-system "$t"
	kh_log "debootstrap $SUITE into $B (once: the boot VM's system)" >&2
	debootstrap --variant=minbase "$SUITE" "$t/root" "$MIRROR" > "$t.log" 2>&1 ||
		{ tail -20 "$t.log" >&2; rm -rf --one-file-system "$t"; return 1; }
	# (Debian 12 as debroot.sh's root: with its updates and security
	# archives, so the kernel is the release's current one)
	{
		echo "deb $MIRROR $SUITE main"
		[ "$SUITE" != bookworm ] || printf '%s\n' "deb $MIRROR $SUITE-updates main" \
			"deb ${MIRROR%/debian}/debian-security $SUITE-security main"
	} > "$t/root/etc/apt/sources.list"
	printf 'APT::Install-Recommends "false";\n' > "$t/root/etc/apt/apt.conf.d/90kh"
	cat > "$t/root/etc/dpkg/dpkg.cfg.d/90kh-test-image" <<'EOF'
# keyedhash's boot VM (tests/rig/deb/deb-boot.sh): a small image
path-exclude=/usr/share/doc/*
path-exclude=/usr/share/man/*
path-exclude=/usr/share/locale/*
path-exclude=/usr/share/info/*
path-exclude=/usr/lib/modules/*/kernel/drivers/gpu/*
path-exclude=/usr/lib/modules/*/kernel/drivers/media/*
path-exclude=/usr/lib/modules/*/kernel/drivers/net/wireless/*
path-exclude=/usr/lib/modules/*/kernel/drivers/net/ethernet/*
path-exclude=/usr/lib/modules/*/kernel/drivers/infiniband/*
path-exclude=/usr/lib/modules/*/kernel/drivers/staging/*
path-exclude=/usr/lib/modules/*/kernel/sound/*
path-exclude=/lib/modules/*/kernel/drivers/gpu/*
path-exclude=/lib/modules/*/kernel/drivers/media/*
path-exclude=/lib/modules/*/kernel/drivers/net/wireless/*
path-exclude=/lib/modules/*/kernel/drivers/net/ethernet/*
path-exclude=/lib/modules/*/kernel/drivers/infiniband/*
path-exclude=/lib/modules/*/kernel/drivers/staging/*
path-exclude=/lib/modules/*/kernel/sound/*
EOF
	# the kernel's initramfs is made later, with the configuration
	# (update-initramfs in the per-run layer)
	mkdir -p "$t/root/etc/initramfs-tools/conf.d"
	# shellcheck disable=SC2086
	{ kh_in_root "$t/root" "" 256m apt-get -q update &&
	  kh_in_root "$t/root" "" 256m apt-get -q -y install $BASE_PKGS; } >> "$t.log" 2>&1 ||
		{ tail -20 "$t.log" >&2; rm -rf --one-file-system "$t"; return 1; }
	mkdir -p "$t/debs"
	cp "$t"/root/var/cache/apt/archives/linux-image-[0-9]*.deb "$t/debs/" &&
		kh_in_root "$t/root" "" 256m apt-get clean >> "$t.log" 2>&1 &&
		ls "$t"/root/boot/vmlinuz-* > /dev/null || { rm -rf --one-file-system "$t"; return 1; }
	rm -rf --one-file-system "$B"
	mv "$t.log" "$t/build.log"
	mv "$t" "$B"
	touch "$B/.done"
}
base() {
	exec 9> "$B.lock"
	flock 9
	if [ ! -f "$B/.done" ] || [ "${KH_REFRESH:-0}" = 1 ]; then
		make_base || return 1
	fi
	flock -u 9
	# (readers hold it shared while the base is their lower layer)
	flock -s 9
}

if [ "${2:-}" = base ]; then
	base || kh_die "the $R boot VM's system ($B)"
	echo "$B"
	exit 0
fi

# ------------------------------------------------------------- the run
[ -f "$D/keyedhash-dkms_${VER}_all.deb" ] || { echo "FAIL: $P: make deb's packages in $D"; done_; }
if ! base; then
	echo "FAIL: $P: the Debian system (debootstrap $SUITE, $B)"
	done_
fi
KV=$(cd "$B/root/boot" && ls vmlinuz-* | sed 's/^vmlinuz-//' | sort -V | tail -1)
KDEB=$(ls "$B"/debs/linux-image-"$KV"_*.deb 2> /dev/null | head -1)
VER_B=$VER+boot1
rm -rf "$X" && mkdir -p "$X/share/debs" "$X/conf" "$X/layer"
echo "$P: Debian $SUITE, Linux $KV, keyedhash $VER, then $VER_B"

# keyedhash-dkms at version VER_B: make deb's package, another version
# (as tests/rig/deb/deb-in-root.sh makes its upgrades)
repack() { # version
	local v=$1 d=$X/pkg
	rm -rf "$d"
	dpkg-deb -R "$D/keyedhash-dkms_${VER}_all.deb" "$d" || return 1
	mv "$d/usr/src/keyedhash-$VER" "$d/usr/src/keyedhash-$v"
	sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$v\"/" "$d/usr/src/keyedhash-$v/dkms.conf"
	grep -rl --null "^VER=$VER\$" "$d/usr/lib" "$d/usr/sbin" 2> /dev/null | xargs -0 -r sed -i "s/^VER=.*/VER=$v/"
	sed -i "s/^Version: .*/Version: $v/" "$d/DEBIAN/control"
	(cd "$d" && find usr -type f -exec md5sum {} + > DEBIAN/md5sums)
	dpkg-deb -Zgzip -b "$d" "$X/share/debs/keyedhash-dkms_${v}_all.deb" > /dev/null
	rm -rf "$d"
}
kh_check "$P: keyedhash-dkms $VER_B (make deb's, another version) and ${KDEB##*/} for the VM" \
	sh -c "$(declare -f repack); X='$X' D='$D' VER='$VER' repack '$VER_B' && cp '$KDEB' '$X/share/debs/'"

# the configuration: three volumes, their keys (random, per run; spare's
# is wrong, the right one kept where the test finds it), fstab,
# the test unit, GRUB's configuration; the initramfs with modules from a
# list (virtio, ext4; what the root's volume needs is the keyedhash
# hook's to add), since the image is made in a chroot
C=$X/conf
mkdir -p "$C/etc/keyedhash" "$C/etc/initramfs-tools/conf.d" "$C/etc/systemd/system/multi-user.target.wants" \
	"$C/usr/local/sbin" "$C/boot/grub" "$C/data" "$C/var/lib/kh-boot-test"
head -c 32 /dev/urandom > "$C/etc/keyedhash/root.key"
head -c 32 /dev/urandom > "$C/etc/keyedhash/data.key"
head -c 32 /dev/urandom > "$C/etc/keyedhash/spare.key"
head -c 32 /dev/urandom > "$C/var/lib/kh-boot-test/spare.key"
chmod 600 "$C"/etc/keyedhash/*.key "$C/var/lib/kh-boot-test/spare.key"
cat > "$C/etc/keyedhash/integritytab" <<EOT
# tests/rig/deb/deb-boot.sh: the root file system and /data
root /dev/vda2 /etc/keyedhash/root.key integrity-algorithm=sthash,x-initrd.attach
data /dev/vda3 /etc/keyedhash/data.key integrity-algorithm=highwayhash256,nofail
spare /dev/vda4 /etc/keyedhash/spare.key integrity-algorithm=highwayhash128,nofail
EOT
cat > "$C/etc/fstab" <<EOT
/dev/mapper/root / ext4 errors=remount-ro 0 1
/dev/vda1 /boot ext4 defaults 0 2
/dev/mapper/data /data ext4 defaults,nofail,x-systemd.device-timeout=600s 0 2
EOT
echo khboot > "$C/etc/hostname"
printf 'MODULES=list\nCOMPRESS=zstd\n' > "$C/etc/initramfs-tools/conf.d/kh-boot-test"
printf 'virtio_pci\nvirtio_blk\next4\n' > "$C/etc/initramfs-tools/modules"
# dracut: host-only (the devices the running system has) when the VM
# rebuilds it; made the first time in the image's chroot, where the host's
# devices are not the VM's, without (--no-hostonly: every driver)
mkdir -p "$C/etc/dracut.conf.d"
printf 'hostonly="yes"\ncompress="zstd"\nadd_drivers+=" virtio_pci virtio_blk ext4 "\n' \
	> "$C/etc/dracut.conf.d/kh-boot-test.conf"
MKINITRD="update-initramfs -u -k '$KV'"
[ "$IRT" != dracut ] || MKINITRD="dracut -q --force --no-hostonly /boot/initrd.img-$KV '$KV'"
cp "$KH_TOP/tests/vm/deb-boot-guest.sh" "$C/usr/local/sbin/kh-boot-test"
chmod 755 "$C/usr/local/sbin/kh-boot-test"
cat > "$C/etc/systemd/system/kh-boot-test.service" <<'EOT'
[Unit]
Description=keyedhash boot test (tests/vm/deb-boot-guest.sh)
After=multi-user.target

[Service]
Type=oneshot
ExecStart=/usr/local/sbin/kh-boot-test
StandardOutput=journal
StandardError=journal

[Install]
WantedBy=multi-user.target
EOT
ln -s ../kh-boot-test.service "$C/etc/systemd/system/multi-user.target.wants/kh-boot-test.service"
# dracut: its initramfs powers off where it would wait in its emergency
# shell (rd.shell=0): a root that does not open ends the VM at once, not
# at the time limit
IRT_ARGS=''
[ "$IRT" != dracut ] || IRT_ARGS='rd.shell=0 '
cat > "$C/boot/grub/grub.cfg" <<EOT
serial --unit=0 --speed=115200
terminal_input serial
terminal_output serial
set timeout=0
echo "keyedhash boot test: GRUB loaded its configuration"
linux /vmlinuz-$KV root=/dev/mapper/root ro rootdelay=60 console=ttyS0 panic=-1 loglevel=4 systemd.show_status=0 $IRT_ARGS$(kh_guest_clock_args x86_64)
initrd /initrd.img-$KV
boot
EOT
# KH_BOOT_BREAK: the package broken on purpose in the image, to see the
# checks fail: initrd-module (the initramfs hook adds no keyedhash.ko),
# nofail (the generator ignores nofail), allow-removal (the image has
# /etc/keyedhash/allow-removal: B's removal is not refused); no-corrupt:
# the host corrupts nothing
BREAK_CMD=:
case ${KH_BOOT_BREAK:-} in
'') ;;
initrd-module)
	BREAK_CMD="sed -i 's/^\(\s*\)manual_add_modules keyedhash\$/\1: broken on purpose/' /usr/share/initramfs-tools/hooks/keyedhash"
	[ "$IRT" != dracut ] || BREAK_CMD="sed -i 's/instmods keyedhash;/true;/' /usr/lib/dracut/modules.d/90keyedhash/module-setup.sh" ;;
nofail) BREAK_CMD="sed -i 's/\*,nofail,\*) nofail=1/*,nofail-broken,*) nofail=1/' /usr/lib/systemd/system-generators/keyedhash-integritysetup-generator" ;;
allow-removal) BREAK_CMD="touch /etc/keyedhash/allow-removal" ;;
no-corrupt) ;;
*) kh_die "KH_BOOT_BREAK: initrd-module, nofail, allow-removal or no-corrupt" ;;
esac
[ -z "${KH_BOOT_BREAK:-}" ] || echo "$P: KH_BOOT_BREAK=$KH_BOOT_BREAK: broken on purpose"
ALOG=$LOGS/deb-boot-$R-apt.log
kh_in_root "$B/root" "$X/layer" 256m sh -c "set -e
	apt-get -q -y -o Dpkg::Options::=--force-unsafe-io install '$D/keyedhash-dkms_${VER}_all.deb' \
		'$D/keyedhash-tools_${VER}_amd64.deb' '$D/libkeyedhash0_${VER}_amd64.deb'
	dpkg-deb --fsys-tarfile '$X/share/debs/keyedhash-dkms_${VER_B}_all.deb' | tar -x -C / ./usr/src/keyedhash-$VER_B
	dkms add -m keyedhash -v '$VER_B'
	dkms build -m keyedhash -v '$VER_B' -k '$KV'
	cp -a '$C/.' /
	$BREAK_CMD
	$MKINITRD
	cp -a /usr/lib/grub/i386-pc /boot/grub/
	grub-mkimage -O i386-pc -o '$X/core.img' -p '(hd0,msdos1)/grub' \
		biosdisk part_msdos ext2 normal linux serial terminal echo
	cp /usr/lib/grub/i386-pc/boot.img '$X/boot.img'" > "$ALOG" 2>&1
kh_check "$P: apt install keyedhash-dkms keyedhash-tools libkeyedhash0 $VER, the configuration, ${MKINITRD%% *}, grub-mkimage (log: ${ALOG#$KH_TOP/})" \
	test $? = 0
kh_check "$P: DKMS built keyedhash $VER for $KV in the image" sh -c \
	"ls '$X'/layer/u/usr/lib/modules/'$KV'/updates/dkms/keyedhash.ko* '$X'/layer/u/lib/modules/'$KV'/updates/dkms/keyedhash.ko* 2> /dev/null | grep -q ."
kh_check "$P: DKMS built $VER_B ahead for boot A's upgrade (dkms add, build: the package's sources only)" sh -c \
	"ls '$X'/layer/u/var/lib/dkms/keyedhash/'$VER_B'/'$KV'/x86_64/module/keyedhash.ko* > /dev/null 2>&1"

# ------------------------------------------------------------- the disk
# MBR: GRUB's boot.img, its core.img in the gap before the first partition
#   vda1  /boot, ext4 (GRUB reads it)
#   vda2  root: dm-integrity, sthash; the file system made here (from the
#         image's tree, /boot left out) and written into the volume by
#         the format VM
#   vda3  data: dm-integrity, highwayhash256, 64 MiB
#   vda4  spare: dm-integrity, highwayhash128, 16 MiB
# In the same namespace: the format VM's busybox initramfs with the
# image's own modules (virtio, ext4, dm-integrity, the DKMS-built keyedhash).
I=$X/format-initrd
mkdir -p "$I/bin" "$I/m" "$I/proc" "$I/sys" "$I/dev" "$I/src" "$X/empty"
cp /bin/busybox "$I/bin/"
cp "$KH_TOP/tests/vm/lib-guest.sh" "$I/lib.sh"
cp "$KH_TOP/tests/vm/deb-boot-format.sh" "$I/format.sh"
unshare --mount --fork sh -c '
	set -e
	X=$1 B=$2 KV=$3 I=$4
	M=$X/layer/m
	mount -t overlay overlay -o "lowerdir=$B/root,upperdir=$X/layer/u,workdir=$X/layer/w" "$M"
	used=$(( $(du -sxm "$M" | cut -f1) - $(du -sxm "$M/boot" | cut -f1) ))
	# room for the upgrades (a DKMS build, a kernel package unpacked)
	size=$((used + used / 8 + 320))
	echo "root file system: $used MiB used, $size MiB"
	mkfs.ext4 -q -F -L boot -d "$M/boot" "$X/boot.ext4" 256M
	mount --bind "$X/empty" "$M/boot"
	mkfs.ext4 -q -F -L root -d "$M" "$X/root.ext4" "${size}M"
	umount "$M/boot"
	: > "$I/modules"
	for m in virtio_pci virtio_blk ext4 dm_integrity keyedhash; do
		modprobe -d "$M" -S "$KV" --show-depends "$m"
	done | awk '\''$1 == "insmod" && !seen[$2]++ { print $2 }'\'' | while read -r f; do
		n=${f##*/}
		case $n in
		*.xz) xz -dc "$f" > "$I/m/${n%.xz}"; n=${n%.xz} ;;
		*.zst) zstd -q -dc "$f" > "$I/m/${n%.zst}"; n=${n%.zst} ;;
		*) cp "$f" "$I/m/" ;;
		esac
		echo "$n" >> "$I/modules"
	done
	cp "$M/boot/vmlinuz-$KV" "$X/vmlinuz"
	cp "$M/etc/keyedhash/root.key" "$M/etc/keyedhash/data.key" "$X/"
	' sh "$X" "$B" "$KV" "$I" > "$X/image.log" 2>&1
rc=$?
cat "$X/image.log"
kh_check "$P: the file systems of /boot and / from the image's tree (mkfs.ext4 -d); the format VM's modules ($(tr '\n' ' ' < "$I/modules"))" \
	sh -c "[ $rc = 0 ] && grep -q '^keyedhash.ko' '$I/modules' && grep -q '^dm-integrity.ko' '$I/modules'"
cat > "$I/init" <<'EOI'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "=== VM up: $(uname -r)"
. /lib.sh
kh_clock_start
for m in $(cat /modules); do insmod /m/$m || echo "FAIL: format VM: insmod $m"; done
sh /format.sh 2>&1
kh_clock_end
echo "=== VM done"
poweroff -f
EOI
chmod 755 "$I/init"
(cd "$I" && find . | cpio -o -H newc --quiet | gzip -1) > "$X/format-initrd.cpio.gz"
# the disk: a DOS label (written here: the MBR's four entries), GRUB's
# images (what grub-install does for a BIOS and a DOS label: boot.img in
# the MBR's first 440 bytes, core.img from sector 1, its block list
# filled in by grub-mkimage), /boot's file system at 1 MiB
mbr() { # disk, start:sectors:bootable...
	python3 - "$@" <<'EOP'
import struct, sys
with open(sys.argv[1], "r+b") as f:
    f.seek(440)
    f.write(struct.pack("<IH", 0x6B686274, 0))  # disk identifier, 0
    for p in sys.argv[2:]:
        start, n, boot = (int(x) for x in p.split(":"))
        # type 0x83 (Linux); CHS fields unused (LBA)
        f.write(struct.pack("<B3sB3sII", 0x80 if boot else 0, b"\xfe\xff\xff", 0x83,
                            b"\xfe\xff\xff", start, n))
    f.seek(510)
    f.write(b"\x55\xaa")
EOP
}
RS=$(( $(stat -c %s "$X/root.ext4") / 1048576 ))
RP=$(( RS + RS / 32 + 32 ))	# dm-integrity's tags (32 B per 4 KiB) and journal
MiB=2048			# sectors
P1=$MiB P2=$(( (1 + 256) * MiB )) P3=$(( (1 + 256 + RP) * MiB )) P4=$(( (1 + 256 + RP + 64) * MiB ))
DISK=$X/disk.img
rm -f "$DISK"
truncate -s $(( 1 + 256 + RP + 64 + 16 ))M "$DISK"
mbr "$DISK" "$P1:$((256 * MiB)):1" "$P2:$((RP * MiB)):0" "$P3:$((64 * MiB)):0" "$P4:$((16 * MiB)):0" &&
	dd if="$X/boot.img" of="$DISK" bs=440 count=1 conv=notrunc status=none &&
	dd if="$X/core.img" of="$DISK" bs=512 seek=1 conv=notrunc status=none &&
	dd if="$X/boot.ext4" of="$DISK" bs=512 seek="$P1" conv=notrunc,sparse status=none
ddrc=$?
kh_check "$P: the disk: DOS label (vda1 /boot 256 MiB, vda2 $RP MiB, vda3 64 MiB, vda4 16 MiB), GRUB's boot.img and core.img ($(stat -c %s "$X/core.img") bytes, before sector 2048)" \
	sh -c "[ $ddrc = 0 ] && [ $(stat -c %s "$X/core.img") -le $(( (MiB - 1) * 512 )) ]"
rm -f "$X/boot.ext4"

QEMU_CPU=$X/cpu
# a VM, its CPU time (user + system of QEMU) added to $QEMU_CPU and said
vm() { # name, log, qemu args...
	local n=$1 log=$2 t
	shift 2
	/usr/bin/time -f '%U %S %e' -o "$X/time" timeout "${VM_TIMEOUT:-1200}" \
		qemu-system-x86_64 -accel tcg -cpu max -m 1G -smp 1 -nographic -no-reboot -net none \
		"$@" > "$log" 2>&1 < /dev/null
	t=$(awk 'END { printf "%.0f %.0f", $1 + $2, $3 }' "$X/time" 2> /dev/null)
	echo "$n: ${t% *} s CPU, ${t#* } s wall" | tee -a "$QEMU_CPU"
}
FLOG=$LOGS/deb-boot-$R-format.log
kh_log "format VM: Linux $KV, busybox, the image's integritysetup" >&2
vm "$P: VM format" "$FLOG" -kernel "$X/vmlinuz" -initrd "$X/format-initrd.cpio.gz" \
	-append "console=ttyS0 panic=-1 loglevel=4 $(kh_guest_clock_args x86_64)" \
	-drive file="$DISK",format=raw,if=virtio -drive file="$X/root.ext4",format=raw,if=virtio,readonly=on
grep -a -E '^(PASS|FAIL): ' "$FLOG"
kh_check "$P: the format VM ran to its end" grep -a -q "^=== VM done" "$FLOG"
if ! grep -a -q "^=== VM done" "$FLOG" || grep -a -q "^FAIL: " "$FLOG"; then
	kh_fail "$P: boots A and B not tried (the volumes were not made)"
	done_
fi
rm -f "$X/root.ext4"

# ------------------------------------------------------------ the boots
# SeaBIOS > GRUB (the disk's MBR) > Debian's kernel and initramfs > systemd
# > kh-boot-test.service (tests/vm/deb-boot-guest.sh), which reads /kh/stage and
# /kh/env from the 9p share and writes /kh/result-STAGE there
cp "$KH_TOP/tests/vm/lib-guest.sh" "$X/share/lib.sh"
cat > "$X/share/env" <<EOT
VER_A='$VER'
VER_B='$VER_B'
KVER='$KV'
IRT='$IRT'
DATA_UNIT='${KH_DATA_UNIT:-keyedhash-integritysetup@data.service}'
SPARE_UNIT='keyedhash-integritysetup@spare.service'
EOT
boot() { # stage
	local s=$1 log=$LOGS/deb-boot-$R-$1.log
	echo "$s" > "$X/share/stage"
	rm -f "$X/share/result-$s" "$X/share/detail-$s"
	kh_log "boot $s: SeaBIOS > GRUB > Debian's $KV > systemd (TCG)" >&2
	vm "$P: VM boot $s" "$log" -drive file="$DISK",format=raw,if=virtio \
		-virtfs "local,path=$X/share,mount_tag=khshare,security_model=passthrough"
	[ -f "$X/share/detail-$s" ] && cp "$X/share/detail-$s" "$LOGS/deb-boot-$R-$s.detail"
	kh_check "$P: boot $s: GRUB from the disk's MBR read its configuration" \
		grep -a -q "keyedhash boot test: GRUB loaded its configuration" "$log"
	kh_check "$P: boot $s: systemd started the test unit, which ran to its end" \
		grep -a -q "^=== boot test $s done" "$X/share/result-$s"
	grep -a -E '^(PASS|FAIL): ' "$X/share/result-$s" 2> /dev/null | sed "s/^\(PASS\|FAIL\): /\1: $P: /"
	grep -a '^    ' "$X/share/result-$s" 2> /dev/null
}
VM_TIMEOUT=${VM_TIMEOUT:-2400} boot A
if ! grep -a -q "^=== boot test A done" "$X/share/result-A" 2> /dev/null; then
	kh_fail "$P: boot B not tried (boot A did not run its test)"
	done_
fi

# every copy (the data area's, and the journal's if it holds one) of block
# 7 of /data/marked on vda3, overwritten on the disk image: found by the
# marker the test wrote at the start of the block
corrupt() {
	python3 - "$DISK" "$1" <<'EOP'
import sys
disk, off, size = sys.argv[1], int(sys.argv[2]), 64 << 20
mark = b"KHDATA-BLOCK-0007-"
with open(disk, "r+b") as f:
    f.seek(off)
    data = f.read(size)
    hits = []
    i = data.find(mark)
    while i >= 0:
        if i % 512 == 0:
            hits.append(i)
        i = data.find(mark, i + 1)
    for h in hits:
        f.seek(off + h + 32)
        f.write(b"CORRUPTED-BY-THE-TEST-RIG")
print(len(hits), " ".join(str(h) for h in hits))
EOP
}
out=0
[ "${KH_BOOT_BREAK:-}" = no-corrupt ] || out=$(corrupt $((P3 * 512)) 2>&1)
echo "block 7 of /data/marked on vda3 (at byte $((P3 * 512))): $out"
kh_check "$P: block 7 of /data/marked found on vda3 and overwritten on the disk image (${out%% *} copies)" \
	sh -c "[ '${out%% *}' -ge 1 ] 2> /dev/null"
# (B, like A, builds an initramfs under TCG: the forced removal's, which
# took 720 s of a loaded CI run's dracut VM, its B 1089 s in all)
VM_TIMEOUT=${VM_TIMEOUT:-2400} boot B
kh_check "$P: every boot's CPU time measured ($(awk -F': ' '{ print $NF }' "$QEMU_CPU" | tr '\n' ';'))" \
	test "$(wc -l < "$QEMU_CPU")" = 3
echo "$P: CPU seconds of the VMs: $(awk '{ n += $(NF - 5) } END { print n }' "$QEMU_CPU")"
done_

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: deb-vm.sh deb12|deb13 KVER...
# From package to use: make deb's packages installed with apt in a copy
# (overlay) of the Debian root, which then boots each KVER (Debian's own
# kernel, installed in that root) under QEMU TCG, x86_64, as its root file
# system (9p); there tests/vm/deb-vm-test.sh loads the DKMS-built module
# with modprobe and checks the installed khsum against tests/vectors.  The
# cached roots are not changed.  Prints PASS:/FAIL: lines, each VM's
# CPU seconds (QEMU's user + system) and "deb-vm: done".
# Another test in the same VMs (tests/rig/deb/cryptsetup-suite.sh): KH_DEB_VM_NAME
# (the work directory and logs, default deb-vm), KH_DEB_VM_APT (more packages
# apt installs), KH_DEB_VM_TEST (the script the VM runs, default
# tests/vm/deb-vm-test.sh), KH_DEB_VM_FILES (a directory copied to /kh-files).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
R=${1:?deb12 or deb13}
shift
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)	# make deb's (tools/version.sh)
D=$KH_OUT/deb
NAME=${KH_DEB_VM_NAME:-deb-vm}
U=$KH_OUT/$NAME-$R
LOGS=$KH_OUT/logs
mkdir -p "$LOGS"
done_() { rm -rf "$U"; echo "deb-vm: done"; exit 0; }
[ -f "$D/keyedhash-dkms_${VER}_all.deb" ] || { echo "FAIL: $R VM: make deb's packages in $D"; done_; }

# the packages (and, on Debian 12, Debian's kernel image from the root's
# apt cache) installed with apt in the overlay, kept in $U for the VM
# (the VM boots with its own initramfs: update-initramfs is diverted to
# true, which saves the two Debian initrds the image would make)
extra= pre=true
if [ "$R" = deb12 ]; then
	extra="linux-image-amd64 linux-headers-amd64"
	pre="dpkg-divert --local --rename --add /usr/sbin/update-initramfs > /dev/null &&
		ln -s /bin/true /usr/sbin/update-initramfs"
fi
"$RIG/deb/debroot.sh" overlay "$R" "$U" sh -c "$pre && apt-get -q -y -o Dpkg::Options::=--force-unsafe-io install \
	'$D/keyedhash-dkms_${VER}_all.deb' '$D/keyedhash-tools_${VER}_amd64.deb' \
	'$D/libkeyedhash0_${VER}_amd64.deb' $extra ${KH_DEB_VM_APT:-}" \
	> "$LOGS/$NAME-$R-apt.log" 2>&1
kh_check "$R VM: apt install keyedhash-dkms keyedhash-tools libkeyedhash0 $extra${KH_DEB_VM_APT:+ $KH_DEB_VM_APT} (exit status 0)" test $? = 0
ROOT=$("$RIG/deb/debroot.sh" root "$R")

# two vectors per algorithm family the VM checks: HighwayHash-256, msglen 0 and 1
awk '/^key=/ { k = substr($0, 5) } /^msg=/ { m = substr($0, 5) }
	/^digest256=/ { print "highwayhash256", k, (m == "" ? "-" : m), substr($0, 11); if (++n == 2) exit }' \
	"$KH_TOP/tests/vectors/highwayhash.txt" | sed 's/  */ /g' > "$U/u/kh-vectors"
cp "${KH_DEB_VM_TEST:-$KH_TOP/tests/vm/deb-vm-test.sh}" "$U/u/kh-vm-test.sh"
[ -z "${KH_DEB_VM_FILES:-}" ] || cp -r "$KH_DEB_VM_FILES" "$U/u/kh-files"

for kv in "$@"; do
	if [ ! -f "$ROOT/boot/vmlinuz-$kv" ] && [ ! -f "$U/u/boot/vmlinuz-$kv" ]; then
		kh_fail "$R VM: Debian's kernel $kv in the root"
		continue
	fi
	kimg=$U/u/boot/vmlinuz-$kv
	[ -f "$kimg" ] || kimg=$ROOT/boot/vmlinuz-$kv
	# a busybox initramfs that loads virtio and 9p from the root's
	# modules and chroots into the root
	I=$U/initrd-$kv
	rm -rf "$I"
	mkdir -p "$I/bin" "$I/m" "$I/proc" "$I/sys" "$I/dev" "$I/newroot" "$I/tmp"
	cp /bin/busybox "$I/bin/"
	cp "$KH_TOP/tests/vm/lib-guest.sh" "$I/lib.sh"
	# the overlay's view: the root with the upper layer on top
	mods=$(for m in virtio_pci 9pnet_virtio 9p; do
		unshare --mount sh -c "mount -t overlay overlay -o lowerdir='$ROOT',upperdir='$U/u',workdir='$U/w' '$U/m' &&
			modprobe -d '$U/m' -S '$kv' --show-depends $m" 2>/dev/null
	done | awk '$1 == "insmod" && !seen[$2]++ { print $2 }')
	: > "$I/modules"
	for m in $mods; do
		unshare --mount sh -c "mount -t overlay overlay -o lowerdir='$ROOT',upperdir='$U/u',workdir='$U/w' '$U/m' &&
			cp '$m' '$I/m/'" && echo "${m##*/}" >> "$I/modules"
	done
	cat > "$I/init" <<'EOI'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
. /lib.sh
kh_clock_start
# (tests/rig/kernel/vm-boot.sh: a guest that printed this reached its test and is
# never stopped as hung in early boot nor booted again)
echo "=== VM up: $(uname -r)"
for m in $(cat /modules); do insmod /m/$m; done
if mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 khroot /newroot; then
	mount -t proc proc /newroot/proc
	mount -t sysfs sys /newroot/sys
	mount -t devtmpfs dev /newroot/dev
	mount -t tmpfs tmp /newroot/tmp
	# the kernel's request_module() runs the root's modprobe
	printf '#!/bin/sh\nexec chroot /newroot /sbin/modprobe "$@"\n' > /bin/kh-modprobe
	chmod 755 /bin/kh-modprobe
	echo /bin/kh-modprobe > /proc/sys/kernel/modprobe
	chroot /newroot /bin/bash /kh-vm-test.sh
else
	echo "FAIL: VM: mount the Debian root (9p)"
fi
kh_clock_end
echo "=== VM done"
reboot -f
EOI
	chmod 755 "$I/init"
	(cd "$I" && find . | cpio -o -H newc 2>/dev/null | gzip -1) > "$U/initrd-$kv.cpio.gz"
	kh_check "$R VM: initramfs for $kv (virtio, 9p: $(wc -l < "$I/modules") modules)" \
		test -s "$I/modules"
	log=$LOGS/$NAME-$R-$kv.log
	kh_log "booting $kv with the $R root (packages installed by apt)" >&2
	# (QEMU's CPU time: time(1) counts the children it waited for)
	/usr/bin/time -f '%U %S %e' -o "$U/time-$kv" \
		unshare --mount sh -c "mount -t overlay overlay -o lowerdir='$ROOT',upperdir='$U/u',workdir='$U/w' '$U/m' &&
		VM_EXTRA='-virtfs local,path=$U/m,mount_tag=khroot,security_model=passthrough' \
		'$RIG/kernel/vm-boot.sh' x86_64 max '$kimg' '$U/initrd-$kv.cpio.gz' '$log'"
	echo "deb-vm: VM $kv: $(awk 'END { printf "%.0f s CPU (QEMU user + sys), %.0f s wall", $1 + $2, $3 }' "$U/time-$kv")"
	kh_check "$R VM $kv: the test script ran to its end" grep -a -q "^=== VM done" "$log"
	grep -a -E '^(PASS|FAIL): ' "$log"
done
done_

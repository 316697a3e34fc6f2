#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: deb-sb.sh
# Secure Boot, from package to refusal: Debian 12's own boot chain under
# QEMU (TCG): OVMF's Secure Boot firmware with Microsoft's keys enrolled
# (Debian's ovmf: OVMF_CODE_4M.secboot.fd, OVMF_VARS_4M.ms.fd), Debian's
# signed shim and GRUB, Debian's signed kernel, and DKMS's certificate put
# into the variable store's MOK list without a console (virt-firmware's
# virt-fw-vars --add-mok).  The kernel boots with lockdown; the module
# DKMS built and signed in the Debian 12 test (tests/rig/deb/deb-in-root.sh
# leaves it in build/deb-deb12-work/sb/, with DKMS's certificate, and the
# same module unsigned and signed with another key) must load and pass
# its self-tests, the other two must be refused, and the package hook's
# Secure Boot test and report (sb_on, sb_report of debian/kernel-hook, with
# Debian 12's mokutil) must see Secure Boot on and say which key signed the
# module and whether it is enrolled (tests/vm/deb-sb-guest.sh).
# The boot chain, mokutil and virt-firmware are cached in ~/.cache/keyedhash/sb-*
# (downloaded once, with the Debian 12 root's apt); KH_REFRESH=1 fetches
# them again.  Prints PASS:/FAIL: lines and "deb-sb: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
S=$KH_OUT/deb-deb12-work/sb
X=$KH_OUT/deb-sb
LOGS=$KH_OUT/logs
mkdir -p "$LOGS"
done_() { echo "deb-sb: done"; exit 0; }
for f in keyedhash.ko unsigned.ko other.ko mok.pub kver signer other-signer; do
	[ -s "$S/$f" ] || { echo "FAIL: SB VM: $S/$f (left by the Debian 12 test)"; done_; }
done
KV=$(cat "$S/kver")
R12=$("$RIG/deb/debroot.sh" root deb12 2> /dev/null) || { echo "FAIL: SB VM: the Debian 12 root"; done_; }

# Debian 12's boot chain (the root's apt: bookworm), and virt-firmware
B=$KH_CACHE/sb-boot-deb12
if [ ! -f "$B/.done" ] || [ -n "${KH_REFRESH:-}" ]; then
	kh_log "fetching Debian 12's ovmf, shim-signed, shim-helpers-amd64-signed, grub-efi-amd64-signed; virt-firmware (PyPI)" >&2
	rm -rf "$B" "$X" && mkdir -p "$B/root" "$X/debs"
	if ! "$RIG/deb/debroot.sh" run deb12 sh -c 'cd "$1" && apt-get download -q ovmf shim-signed shim-helpers-amd64-signed grub-efi-amd64-signed' \
		sh "$X/debs" > "$X/fetch.log" 2>&1; then
		cat "$X/fetch.log"
		echo "FAIL: SB VM: apt-get download ovmf shim-signed grub-efi-amd64-signed (Debian 12)"
		done_
	fi
	for d in "$X"/debs/*.deb; do dpkg-deb -x "$d" "$B/root"; done
	(cd "$X/debs" && ls ./*.deb) > "$B/versions"
	# (a venv needs Debian 12's python3-venv: installed here if missing,
	# as tests/rig/host/deps.sh does for the rest)
	python3 -c 'import ensurepip' 2> /dev/null ||
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
			--no-install-recommends python3-venv > "$X/apt.log" 2>&1
	if ! { python3 -m venv "$B/venv" && "$B/venv/bin/pip" install -q virt-firmware; } > "$X/pip.log" 2>&1; then
		cat "$X/pip.log"
		echo "FAIL: SB VM: virt-firmware (pip, in $B/venv)"
		done_
	fi
	touch "$B/.done"
fi
# Debian's signed kernel of the module (the Debian 12 root's apt cache)
K=$KH_CACHE/sb-kernel-$KV
if [ ! -f "$K/.done" ]; then
	deb=$(ls "$R12/var/cache/apt/archives/linux-image-${KV}_"*.deb 2> /dev/null | head -1)
	[ -n "$deb" ] || { echo "FAIL: SB VM: linux-image-$KV in the Debian 12 root's apt cache"; done_; }
	rm -rf "$K" && mkdir -p "$K"
	dpkg-deb -x "$deb" "$K" && touch "$K/.done"
fi
# Debian 12's mokutil, for the package hook's Secure Boot report (the
# root's apt; its libraries and kmod's modinfo, which reads signatures,
# from this Debian 12 system)
MK=$KH_CACHE/sb-mokutil-deb12
if [ ! -f "$MK/.done" ] || [ -n "${KH_REFRESH:-}" ]; then
	rm -rf "$MK" "$X" && mkdir -p "$MK/root" "$X/debs"
	if ! "$RIG/deb/debroot.sh" run deb12 sh -c 'cd "$1" && apt-get download -q mokutil libefivar1' \
		sh "$X/debs" > "$X/fetch.log" 2>&1; then
		cat "$X/fetch.log"
		echo "FAIL: SB VM: apt-get download mokutil libefivar1 (Debian 12)"
		done_
	fi
	for d in "$X"/debs/*.deb; do dpkg-deb -x "$d" "$MK/root"; done
	touch "$MK/.done"
fi
rm -rf "$X" && mkdir -p "$X/esp/EFI/BOOT" "$X/esp/EFI/debian"
# mokutil and modinfo (kmod) with the libraries they link, as FILE:DEST
bins() {
	local b l
	echo "$MK/root/usr/bin/mokutil:/usr/bin/mokutil"
	echo "$(command -v kmod):/kmod/modinfo"
	for b in "$MK/root/usr/bin/mokutil" "$(command -v kmod)"; do
		LD_LIBRARY_PATH=$MK/root/usr/lib/x86_64-linux-gnu ldd "$b"
	done | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\/lib64\// { print $1 }' | sort -u |
	while read -r l; do
		case $l in
		/lib64/*) echo "$l:$l" ;;
		*) echo "$(readlink -f "$l"):/lib/x86_64-linux-gnu/${l##*/}" ;;
		esac
	done
}
mapfile -t BINS < <(bins)
cp "$B/root/usr/lib/shim/shimx64.efi.signed" "$X/esp/EFI/BOOT/BOOTX64.EFI"
cp "$B/root/usr/lib/shim/mmx64.efi.signed" "$X/esp/EFI/BOOT/mmx64.efi"
cp "$B/root/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed" "$X/esp/EFI/BOOT/grubx64.efi"
cp "$K/boot/vmlinuz-$KV" "$X/esp/vmlinuz"
cat > "$X/esp/EFI/BOOT/grub.cfg" <<EOC
set timeout=0
linux /vmlinuz console=ttyS0 panic=-1 loglevel=4 $(kh_guest_clock_args x86_64)
initrd /initrd.gz
boot
EOC
cp "$X/esp/EFI/BOOT/grub.cfg" "$X/esp/EFI/debian/grub.cfg"
# the package's hook's own test for Secure Boot and its report
# (debian/kernel-hook), tried against the real firmware
sed -n '/^say() /p; /^sb_on() {/,/^}/p; /^sb_report() {/,/^}/p' "$KH_TOP/debian/kernel-hook" > "$X/sb_on.sh"
kh_check "SB VM: initramfs for $KV (the signed, unsigned and other-key modules)" \
	"$RIG/kernel/mkinitramfs.sh" "$X/esp/initrd.gz" x86_64 "$K" "$KV" "$KH_TOP/tests/vm/deb-sb-guest.sh" \
	"$S/keyedhash.ko:/lib/modules/$KV/updates/dkms/keyedhash.ko" "$S/mok.pub:/var/lib/dkms/mok.pub" \
	"$S/unsigned.ko:/sb/unsigned.ko" "$S/other.ko:/sb/other.ko" "$S/other.der:/sb/other.der" \
	"$S/signer:/sb/signer" "$S/other-signer:/sb/other-signer" "$X/sb_on.sh:/sb/sb_on.sh" \
	"$K/lib/modules/$KV/kernel/fs/efivarfs/efivarfs.ko" "${BINS[@]}"
# Microsoft's keys (shim is signed by Microsoft's UEFI CA), DKMS's in MokList
cp "$B/root/usr/share/OVMF/OVMF_VARS_4M.ms.fd" "$X/vars-ms.fd"
kh_check "SB VM: DKMS's certificate put into the MOK list of OVMF's variable store (virt-fw-vars --add-mok)" \
	"$B/venv/bin/virt-fw-vars" --input "$X/vars-ms.fd" --output "$X/vars.fd" \
	--add-mok 605dab50-e046-4300-abb6-3dd810dd8b23 "$S/mok.pub"
LOG=$LOGS/deb-sb-vm.log
kh_log "booting OVMF (Secure Boot) > shim > GRUB > Debian's $KV (TCG, slow)" >&2
timeout "${VM_TIMEOUT:-900}" qemu-system-x86_64 -accel tcg -cpu max -m 1G -smp 1 \
	-machine q35,smm=on -global driver=cfi.pflash01,property=secure,value=on \
	-drive if=pflash,format=raw,unit=0,readonly=on,file="$B/root/usr/share/OVMF/OVMF_CODE_4M.secboot.fd" \
	-drive if=pflash,format=raw,unit=1,file="$X/vars.fd" \
	-drive if=none,id=esp,format=raw,readonly=on,file="fat:$X/esp" -device virtio-blk-pci,drive=esp \
	-nographic -no-reboot -net none > "$LOG" 2>&1 < /dev/null
kh_check "SB VM: OVMF started shim, shim Debian's GRUB (console: 'Welcome to GRUB!')" \
	grep -a -q "Welcome to GRUB!" "$LOG"
kh_check "SB VM: GRUB started Debian's signed kernel, whose EFI stub says 'UEFI Secure Boot is enabled'" \
	grep -a -q "EFI stub: UEFI Secure Boot is enabled" "$LOG"
kh_check "SB VM: the test script ran to its end" grep -a -q "^=== VM done" "$LOG"
grep -a -E '^(PASS|FAIL): ' "$LOG" | sed 's/^\(PASS\|FAIL\): /\1: SB VM: /'
done_

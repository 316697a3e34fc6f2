#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check-deb: the Debian packages from make deb to use, on Debian 12
# (dkms 3.0.10) and Debian 13 (dkms 3.2.2), in throw-away copies of the
# cached roots: tests/rig/deb/deb-build.sh (build + lintian; the version from
# git, the maintainer scripts the package's own), then tests/rig/deb/deb-install.sh
# deb12 and deb13 (install, kernels after, upgrades and a downgrade, a
# kernel purged, remove, purge) and tests/rig/deb/deb-upgrade.sh (the upgrade
# matrix from the released 0.8.0); each root with the packages booting
# Debian's kernels in QEMU (tests/rig/deb/deb-vm.sh), and Debian 12's Secure
# Boot chain with the DKMS-signed module (tests/rig/deb/deb-sb.sh, in the
# background); the arm64 packages with apt in an arm64 Debian 13 root
# under qemu-user, DKMS building natively (tests/rig/deb/deb-arm64.sh), whose
# module Debian's arm64 kernel loads in QEMU (arm64_vm); Debian 12 and 13
# systems booting from their disks with the root and a data volume on
# keyedhash dm-integrity volumes (tests/rig/deb/deb-boot.sh); cryptsetup's own
# integrity-compat-test with our algorithms in each root's VMs
# (tests/rig/deb/cryptsetup-suite.sh); KH_DEB_VM=0 leaves the VMs out.  The module's W=1 builds against the newest headers
# of Debian unstable and experimental (tests/rig/deb/deb-newest.sh) are make
# check's (host tier).
#
# Usage: deb-check.sh [build] [deb12] [deb13] [arm64] [upgrade-deb12]
# [upgrade-deb13] [boot-deb12] [boot-deb13] [boot-deb13-dracut] [cryptsetup-deb12]
# [cryptsetup-deb13]: the parts, all by
# default; make check runs the build and then the others as jobs of their
# own, side by side.
# Ends with "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
LOGS=$KH_OUT/logs
mkdir -p "$LOGS"
START=$(date +%s)
# the VMs' QEMU: Debian 13's (tests/rig/kernel/qemu.sh), as in make check, unless
# make check chose already
if [ -z "${KH_QEMU_CHOSEN:-}" ] && [ "${KH_HOST_QEMU:-0}" != 1 ]; then
	QB=$("$RIG/kernel/qemu.sh") || kh_die "Debian 13's QEMU (tests/rig/kernel/qemu.sh; KH_HOST_QEMU=1 takes the host's)"
	export PATH=$QB:$PATH
fi
count() { # description, log, end-marker
	local p f
	p=$(grep -a -c '^PASS: ' "$2")
	f=$(grep -a -c '^FAIL: ' "$2")
	grep -a '^FAIL: ' "$2" | sed "s|^|    [$1] |"
	KH_PASS=$((KH_PASS + p))
	KH_FAIL=$((KH_FAIL + f))
	echo "    $1: $p passed, $f failed (log: ${2#$KH_TOP/})"
	if ! grep -a -q "$3" "$2"; then
		kh_fail "$1: run did not complete"
		tail -20 "$2"
	elif [ $((p + f)) = 0 ]; then
		kh_fail "$1: no check reported a result"
	fi
}

# make deb's packages: the version is tools/version.sh's (its rules are
# tests/rig/host/version.sh's, in the host tier), and the maintainer scripts
# are the package's own: dh_dkms's snippets, which debian/rules deletes
# (Debian 12's common.postinst fails apt when a build fails; its prerm
# runs dkms remove --all before an upgrade), stay out, and so does
# dh_installinitramfs's trigger
pkg_checks() {
	local v x=$KH_OUT/deb-ctrl now
	v=$(cat "$KH_OUT/deb/version" 2>/dev/null)
	now=$(sh "$KH_TOP/tools/version.sh" 2>/dev/null)
	# (a tree with changes not committed: the time stamp is the build's)
	kh_check "make deb: the packages' version $v is tools/version.sh's" \
		sh -c "[ -n '$v' ] && [ '${v%.dirty.*}' = '${now%.dirty.*}' ]"
	rm -rf "$x" && mkdir -p "$x"
	dpkg-deb -e "$KH_OUT/deb/keyedhash-dkms_${v}_all.deb" "$x" 2> /dev/null
	kh_check "make deb: keyedhash-dkms's postinst, preinst and prerm are the package's own, no dh_dkms snippet (common.postinst, dkms remove)" \
		sh -c "[ -f '$x/postinst' ] && [ -f '$x/preinst' ] && [ -f '$x/prerm' ] &&
			! grep -q 'Automatically added by dh_dkms' '$x/postinst' '$x/preinst' '$x/prerm' &&
			! grep -q '^[^#]*common.postinst' '$x/postinst' && ! grep -Eq '^[^#]*(^|[;&|[:space:]])dkms[[:space:]]+remove' '$x/prerm'"
	# (the kernel hook updates the initramfs that need it: a trigger of
	# initramfs-tools would build the newest kernel's a second time)
	kh_check "make deb: keyedhash-dkms activates no update-initramfs trigger" \
		sh -c "! grep -qs update-initramfs '$x/triggers'"
	rm -rf "$x"
}
# arm64: the module DKMS built natively in the arm64 Debian 13 root
# (tests/rig/deb/deb-arm64.sh) is loaded by Debian's own arm64 kernel it was
# built for, under QEMU: every generic and NEON driver registers, its
# init-time self-test passed.  (The Debian 13 amd64 copy's cross-build,
# dkms -a aarch64 (tests/rig/deb/deb-in-root.sh), is checked there, not loaded.)
arm64_vm() {
	local ko=$KH_OUT/deb-arm64-work/keyedhash.ko ak s root ird
	local log=$LOGS/deb-vm-arm64.log x=$KH_OUT/deb-vm-arm64
	if [ ! -f "$ko" ]; then
		kh_fail "VM arm64: the arm64 module DKMS built natively (from the arm64 root's test)"
		return
	fi
	ak=$(modinfo -F vermagic "$ko" | cut -d' ' -f1)
	for s in 7.x 6.12; do
		root=$("$RIG/kernel/deb13.sh" arm64 "$s" 2>/dev/null) || continue
		[ -f "$root/boot/vmlinuz-$ak" ] && break
		root=
	done
	if [ -z "$root" ]; then
		kh_fail "VM arm64: Debian's arm64 kernel $ak in the rig's cache"
		return
	fi
	rm -rf "$x" && mkdir -p "$x"
	# (its own build: make check's host tier may be building the same
	# programs in build/ at this time)
	make -s -C "$KH_TOP" BUILD="$x/build" "$x/build/hosttest" "$x/build/hosttest-arm64" > /dev/null &&
		{ "$x/build/hosttest" --list; "$x/build/hosttest-arm64" --list-arch | cut -d' ' -f1,2; } \
		> "$x/expected.txt" || { kh_fail "VM arm64: the expected drivers (hosttest --list)"; return; }
	ird=$KH_OUT/deb-vm-arm64.cpio.gz
	if ! "$RIG/kernel/mkinitramfs.sh" "$ird" arm64 "$root" "$ak" "$KH_TOP/tests/vm/deb-arm64-guest.sh" \
		"$ko" "$x/expected.txt" > "$x/mkinitramfs.log" 2>&1; then
		cat "$x/mkinitramfs.log"
		kh_fail "VM arm64: initramfs for $ak"
		return
	fi
	kh_log "VM: Debian's arm64 $ak loads the module DKMS built natively in the arm64 root"
	"$RIG/kernel/vm-boot.sh" arm64 max,pauth-impdef=on "$root/boot/vmlinuz-$ak" "$ird" "$log"
	count "VM arm64, Linux $ak, the package's module (native DKMS build)" "$log" "^=== VM done"
}

# make deb and the packages' own checks
part_build() {
	local t0
	kh_log "make deb (Debian 12 root)"
	t0=$(date +%s)
	if nice "$RIG/deb/deb-build.sh" > "$LOGS/deb-build.log" 2>&1; then
		kh_pass "make deb: keyedhash-dkms (all), keyedhash-tools, libkeyedhash0, libkeyedhash-dev (amd64, arm64) built, lintian: no errors ($(( $(date +%s) - t0 )) s)"
		sed -n '/lintian$/,$p' "$LOGS/deb-build.log" | grep '^    [EWIP]:' | sed 's/^    /    lintian: /'
	else
		tail -20 "$LOGS/deb-build.log"
		kh_fail "make deb (log: build/logs/deb-build.log)"
	fi
	pkg_checks
	# the boot path's generator and opener on sample integritytab files
	# (tests/rig/host/integritytab.sh, about a second)
	bash "$RIG/host/integritytab.sh" > "$LOGS/integritytab.log" 2>&1
	count "integritytab: generator units, opener's parsing and refusals" "$LOGS/integritytab.log" "^integritytab: done"
}

# the Debian kernels a root's VMs boot: Debian 12's 6.1 (its image from
# the root's apt cache), Debian 13's 6.12 and 7.x
root_kernels() { # deb12|deb13
	local kv
	if [ "$1" = deb12 ]; then
		kv=$(cd "$("$RIG/deb/debroot.sh" root deb12 2>/dev/null)/var/cache/apt/archives" 2>/dev/null &&
			ls linux-image-6.1*-amd64_*.deb 2>/dev/null |
			sed -n 's/^linux-image-\(6\.1[^_]*-amd64\)_.*/\1/p' | sort -V | tail -1)
	else
		kv=$(for s in 6.12 7.x; do "$RIG/kernel/deb13.sh" kver "$s" 2>/dev/null; done)
	fi
	echo ${kv:-none}
}

# The packages in a copy of ROOT (tests/rig/deb/deb-install.sh), then, from package to
# use, the root with the packages booting Debian's kernels under QEMU
# (x86_64): modprobe loads the DKMS-built module, khsum hashes.  deb12:
# Secure Boot (tests/rig/deb/deb-sb.sh) with the Debian 12 test's DKMS-signed
# module under OVMF, shim, GRUB and Debian's kernel, in the background
# beside that VM (TCG: the firmware alone takes a while).  deb13: the
# arm64 module is the arm64 part's.
part_root() { # deb12|deb13
	local r=$1 t0 sb= kv
	kh_log "the packages in a copy of the $r root"
	t0=$(date +%s)
	nice "$RIG/deb/deb-install.sh" "$r" > "$LOGS/deb-$r.log" 2>&1
	count "packages on $r ($(( $(date +%s) - t0 )) s)" "$LOGS/deb-$r.log" "^deb $r: done"
	[ "${KH_DEB_VM:-1}" != 0 ] || return 0
	if [ "$r" = deb12 ]; then
		kh_log "VM (background): Secure Boot, Debian 12's boot chain, the DKMS-signed module"
		(t1=$(date +%s); nice "$RIG/deb/deb-sb.sh"; echo "deb-sb: $(( $(date +%s) - t1 )) s") \
			> "$LOGS/deb-sb.log" 2>&1 &
		sb=$!
	fi
	kv=$(root_kernels "$r")
	kh_log "VM: the $r root with the packages boots $kv"
	t0=$(date +%s)
	nice "$RIG/deb/deb-vm.sh" "$r" $kv > "$LOGS/deb-vm-$r.log" 2>&1
	count "VM, $r root, Linux $kv ($(( $(date +%s) - t0 )) s)" "$LOGS/deb-vm-$r.log" "^deb-vm: done"
	if [ -n "$sb" ]; then
		wait "$sb"
		count "VM Secure Boot, Debian 12 ($(sed -n 's/^deb-sb: \([0-9]*\) s$/\1/p' "$LOGS/deb-sb.log") s)" \
			"$LOGS/deb-sb.log" "^deb-sb: done"
	fi
}

# arm64 (tests/rig/deb/deb-arm64.sh): the arm64 packages installed with apt in
# an arm64 Debian 13 root under qemu-user, DKMS building natively there
# (minutes of CPU under qemu-user); its module is the one the arm64 VM
# loads (arm64_vm)
part_arm64() {
	local t0
	kh_log "arm64: the packages with apt in an arm64 Debian 13 root, DKMS building natively"
	t0=$(date +%s)
	nice "$RIG/deb/deb-arm64.sh" > "$LOGS/deb-arm64.log" 2>&1
	grep -a '^deb-arm64: the test' "$LOGS/deb-arm64.log" | sed 's/^/    /'
	count "packages on arm64, native DKMS ($(( $(date +%s) - t0 )) s)" "$LOGS/deb-arm64.log" "^deb arm64: done"
	[ "${KH_DEB_VM:-1}" = 0 ] || arm64_vm
}

# The upgrade matrix in a copy of ROOT (tests/rig/deb/deb-upgrade.sh): from
# the released 0.8.0, a snapshot, this one; a part of its own, so that make
# check runs it as a job beside the others
part_upgrade() { # deb12|deb13
	local r=$1 t0
	kh_log "the upgrade matrix in a copy of the $r root"
	t0=$(date +%s)
	nice "$RIG/deb/deb-upgrade.sh" "$r" > "$LOGS/deb-upgrade-$r.log" 2>&1
	count "upgrade matrix on $r ($(( $(date +%s) - t0 )) s)" "$LOGS/deb-upgrade-$r.log" "^deb-upgrade $r: done"
}

# cryptsetup's own dm-integrity test (tests/rig/deb/cryptsetup-suite.sh):
# Debian's integrity-compat-test of the root's cryptsetup, our keyed
# algorithms added to its keyed cases, run with the system's integritysetup
# in the root with the packages booting its kernels (Debian 12: 6.1;
# Debian 13: 6.12 and 7.x)
part_cryptsetup() { # deb12|deb13
	local t0 kv
	[ "${KH_DEB_VM:-1}" != 0 ] || return 0
	kv=$(root_kernels "$1")
	kh_log "VM: cryptsetup's integrity-compat-test with our algorithms, $1 root, Linux $kv"
	t0=$(date +%s)
	nice "$RIG/deb/cryptsetup-suite.sh" "$1" $kv > "$LOGS/cryptsetup-$1.log" 2>&1
	# (the cases left out only to keep the run short are listed in the log)
	grep -a -e '^cryptsetup-suite: Linux' -e '^    left out' -e '^deb-vm: VM' -e 'broken on purpose' \
		"$LOGS/cryptsetup-$1.log" | grep -v 'KH_CS_ALL=1 runs it' | sed 's/^/    /'
	count "cryptsetup integrity-compat-test, $1 root, Linux $kv ($(( $(date +%s) - t0 )) s)" \
		"$LOGS/cryptsetup-$1.log" "^cryptsetup-suite: done"
}

# dm-integrity on keyedhash as deployed (tests/rig/deb/deb-boot.sh): a Debian
# 12 or 13 system with the packages booting from its disk, root and data
# on keyedhash volumes, three boots with a corruption, a wrong key and the
# upgrades between them
part_boot() { # deb12|deb13|deb13-dracut
	local t0
	[ "${KH_DEB_VM:-1}" != 0 ] || return 0
	kh_log "VM: a Debian system ($1) booting from its disk, its root on a keyedhash dm-integrity volume"
	t0=$(date +%s)
	nice "$RIG/deb/deb-boot.sh" "$1" > "$LOGS/deb-boot-$1.log" 2>&1
	grep -a -e ': VM ' -e 'CPU seconds' "$LOGS/deb-boot-$1.log" | sed 's/^/    /'
	count "boot from disk, $1, root and data on keyedhash volumes ($(( $(date +%s) - t0 )) s)" \
		"$LOGS/deb-boot-$1.log" "^deb-boot: done"
}

for part in ${*:-build deb12 deb13 arm64 upgrade-deb12 upgrade-deb13 boot-deb12 boot-deb13 boot-deb13-dracut cryptsetup-deb12 cryptsetup-deb13}; do
	case $part in
	build) part_build ;;
	deb12 | deb13) part_root "$part" ;;
	upgrade-deb12 | upgrade-deb13) part_upgrade "${part#upgrade-}" ;;
	arm64) part_arm64 ;;
	boot-deb12 | boot-deb13 | boot-deb13-dracut) part_boot "${part#boot-}" ;;
	cryptsetup-deb12 | cryptsetup-deb13) part_cryptsetup "${part#cryptsetup-}" ;;
	*) kh_die "usage: deb-check.sh [build] [deb12] [deb13] [arm64] [upgrade-deb12] [upgrade-deb13] [boot-deb12] [boot-deb13] [boot-deb13-dracut] [cryptsetup-deb12] [cryptsetup-deb13]" ;;
	esac
done

echo "check-deb: $(( $(date +%s) - START )) s"
echo "$KH_PASS passed, $KH_FAIL failed"
[ "$KH_FAIL" = 0 ]

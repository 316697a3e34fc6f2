#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: dkms.sh KVER
# DKMS on the host, for the installed Debian kernel KVER (not the running
# kernel): dkms add, build, install, uninstall, autoinstall and remove
# --all with the project's dkms.conf, against /lib/modules/KVER/build.
# Checks the built module with modinfo (vermagic, version, aliases,
# signature) and the BUILD_EXCLUSIVE rules.  Loads nothing.
#
# dkms runs with private trees under build/dkms (--dkmstree, --sourcetree,
# --installtree, its signing key in the environment) and --no-depmod, so
# the host's /var/lib/dkms, /usr/src and /lib/modules stay as they were;
# depmod -b on the private tree stands in for dkms's depmod.  The code
# paths of dkms are the same as with its default trees.
# Prints one PASS:/FAIL: line per check and "dkms: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
KVER=$1
command -v dkms > /dev/null || { echo "FAIL: dkms installed (apt-get install dkms)"; echo "dkms: done"; exit 0; }
# the tree's version (tools/version.sh); inside the Debian 13 root, which
# has no git, one made for the test from VERSION
VER=$(sh "$KH_TOP/tools/version.sh" 2> /dev/null) || VER=$(cat "$KH_TOP/VERSION").post0+grig
ARCH=$(uname -m)
T=$KH_OUT/dkms
rm -rf "$T"
mkdir -p "$T/dkms" "$T/src" "$T/root/lib/modules/$KVER"
# dkms 3.2 (Debian 13) looks for the headers in the install tree
ln -s "/lib/modules/$KVER/build" "$T/root/lib/modules/$KVER/build"
trap 'rm -rf "$T"' EXIT
# dkms signs modules when the kernel's sign-file exists, generating its
# key on first use: keep that key here too (dkms reads these from the
# environment or /etc/dkms/framework.conf).
export mok_signing_key=$T/mok.key mok_certificate=$T/mok.pub
D=(dkms --dkmstree "$T/dkms" --sourcetree "$T/src" --installtree "$T/root/lib/modules")
LOG=$T/log
run() { "${D[@]}" "$@" >> "$LOG" 2>&1; }
host_state() {
	ls -d /var/lib/dkms/keyedhash /usr/src/keyedhash-* \
		/lib/modules/"$KVER"/updates/dkms/keyedhash.ko 2>/dev/null
	[ -e /proc/modules ] && grep '^keyedhash ' /proc/modules
	true
}
before=$(host_state)

# A release tree: the sources without build output or git metadata.
R=$T/release/keyedhash-$VER
mkdir -p "$R"
rsync -a --exclude=/build --exclude=.git --exclude='*.o' --exclude='*.ko' \
	--exclude='.*.cmd' --exclude='*.mod*' --exclude=modules.order \
	--exclude=Module.symvers "$KH_TOP/" "$R/"
# stamped as make dkms-source and the package stamp theirs
sh "$KH_TOP/tools/version.sh" --stamp "$R" "$VER" > /dev/null

kh_check "dkms.conf: version $VER (stamped), module keyedhash, updates/dkms, AUTOINSTALL" sh -c \
	"grep -qxF 'PACKAGE_VERSION=\"$VER\"' '$R/dkms.conf' && grep -q '^PACKAGE_NAME=\"keyedhash\"' '$KH_TOP/dkms.conf' &&
	 grep -q '^BUILT_MODULE_NAME\[0\]=\"keyedhash\"' '$KH_TOP/dkms.conf' &&
	 grep -q '^DEST_MODULE_LOCATION\[0\]=\"/updates/dkms\"' '$KH_TOP/dkms.conf' &&
	 grep -q '^AUTOINSTALL=\"yes\"' '$KH_TOP/dkms.conf'"
kh_check "dkms add (source tree keyedhash-$VER)" run add "$R"
kh_check "dkms status: keyedhash/$VER added" sh -c \
	"$(printf '%q ' "${D[@]}") status keyedhash 2>/dev/null | grep -q '^keyedhash/$VER: added'"
kh_check "dkms build keyedhash/$VER -k $KVER (Debian's headers)" run build "keyedhash/$VER" -k "$KVER"
K=$T/dkms/keyedhash/$VER/$KVER/$ARCH/module/keyedhash.ko
kh_check "the built module's vermagic is $KVER" sh -c \
	"modinfo -F vermagic '$K' | grep -q '^$KVER '"
kh_check "the built module's version is $VER (from dkms.conf)" sh -c \
	"[ \"\$(modinfo -F version '$K')\" = '$VER' ]"
missing=
for a in highwayhash64 highwayhash128 highwayhash256 multimixer128 nhpoly1305 \
	nhpoly1305-keyedhash-generic sthash sthash-personalized; do
	modinfo -F alias "$K" | grep -qx "crypto-$a" || missing="$missing $a"
done
kh_check "the built module has the crypto-<name> aliases${missing:+ (missing:$missing)}" test -z "$missing"
# (dkms needs the kernel's sign-file and openssl to make its key)
if [ -x "/lib/modules/$KVER/build/scripts/sign-file" ] && command -v openssl > /dev/null; then
	kh_check "dkms signed it with its (here private) key" sh -c \
		"modinfo -F signer '$K' | grep -q 'DKMS module signing key'"
fi
kh_check "dkms install keyedhash/$VER -k $KVER" run install "keyedhash/$VER" -k "$KVER" --no-depmod
I=$T/root/lib/modules/$KVER/updates/dkms/keyedhash.ko
kh_check "installed as lib/modules/$KVER/updates/dkms/keyedhash.ko" cmp "$K" "$I"
kh_check "depmod: modules.alias maps crypto-highwayhash256 to keyedhash" sh -c \
	"depmod -b '$T/root' '$KVER' 2>/dev/null &&
	 [ \"\$(modprobe -d '$T/root' -S '$KVER' -R crypto-highwayhash256)\" = keyedhash ]"
kh_check "dkms status: keyedhash/$VER, $KVER, $ARCH: installed" sh -c \
	"$(printf '%q ' "${D[@]}") status keyedhash 2>/dev/null | grep -q '^keyedhash/$VER, $KVER, $ARCH: installed'"
kh_check "dkms uninstall, then autoinstall -k $KVER installs it again (AUTOINSTALL)" sh -c \
	"$(printf '%q ' "${D[@]}") uninstall keyedhash/$VER -k $KVER --no-depmod >> '$LOG' 2>&1 &&
	 [ ! -e '$I' ] &&
	 $(printf '%q ' "${D[@]}") autoinstall -k $KVER --no-depmod >> '$LOG' 2>&1 &&
	 cmp '$K' '$I'"
# BUILD_EXCLUSIVE_KERNEL: a kernel older than 6.1 is refused before
# anything is built (dkms exit 77); it needs no headers for that.
mkdir -p "$T/root/lib/modules/5.10.0-30-$ARCH"
"${D[@]}" build "keyedhash/$VER" -k "5.10.0-30-$ARCH" >> "$LOG" 2>&1
rc=$?
kh_check "BUILD_EXCLUSIVE_KERNEL refuses a 5.10 kernel (dkms exit 77)" sh -c \
	"[ $rc = 77 ] && tail -3 '$LOG' | grep -q BUILD_EXCLUSIVE"
kh_check "BUILD_EXCLUSIVE_ARCH accepts x86_64 and aarch64 only" bash -c \
	". '$KH_TOP/dkms.conf' 2>/dev/null; [[ x86_64 =~ \$BUILD_EXCLUSIVE_ARCH ]] &&
	 [[ aarch64 =~ \$BUILD_EXCLUSIVE_ARCH ]] && ! [[ i686 =~ \$BUILD_EXCLUSIVE_ARCH ]] &&
	 ! [[ armv7l =~ \$BUILD_EXCLUSIVE_ARCH ]]"
# Every release form Debian and Ubuntu use from 6.1 on is in range
# (patch level or not, -rc, +debNN, flavours, future series); before 6.1 not.
bad=
for k in "$KVER" 6.1.0-56-amd64 6.1.0-56-cloud-amd64 6.1.0-56-rt-arm64 6.12.117+deb12-amd64 \
	6.12.117+deb13-arm64 7.2.13+deb14-amd64 7.3.4+deb13-amd64 7.3-amd64 7.3-rc7-amd64 \
	7.3.0-rc7-cloud-amd64 6.8.0-45-generic 6.14.0-1012-aws 6.6.0-1-amd64 6.13.1 6.10 \
	7.30.1 8.0.0-1-amd64 10.1-rc1; do
	bash -c ". '$KH_TOP/dkms.conf' 2>/dev/null; [[ '$k' =~ \$BUILD_EXCLUSIVE_KERNEL ]]" || bad="$bad $k"
done
kh_check "BUILD_EXCLUSIVE_KERNEL takes every release from 6.1 on${bad:+ (refused:$bad)}" test -z "$bad"
bad=
for k in 5.10.0-30-amd64 6.0.12-1-amd64 6.0 5.19.0-50-generic 4.19.0-27-amd64 3.16.0-11-amd64 \
	6.0-rc7-amd64 1.2.3; do
	bash -c ". '$KH_TOP/dkms.conf' 2>/dev/null; [[ '$k' =~ \$BUILD_EXCLUSIVE_KERNEL ]]" && bad="$bad $k"
done
kh_check "BUILD_EXCLUSIVE_KERNEL refuses every release before 6.1${bad:+ (accepted:$bad)}" test -z "$bad"
kh_check "dkms remove keyedhash/$VER --all" run remove "keyedhash/$VER" --all --no-depmod
kh_check "after remove: no module installed, dkms status empty" sh -c \
	"[ ! -e '$I' ] && [ -z \"\$($(printf '%q ' "${D[@]}") status keyedhash 2>/dev/null)\" ]"
kh_check "the host's dkms tree, /usr/src and /lib/modules untouched, nothing loaded" \
	test "$(host_state)" = "$before"
echo "--- dkms log (last lines)"
tail -5 "$LOG" | sed 's/^/    /'
echo "dkms: done"

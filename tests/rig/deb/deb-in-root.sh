#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run by tests/rig/deb/deb-install.sh inside a throw-away copy (overlay) of a Debian
# root, as root: the keyedhash packages installed with apt, then kernels'
# headers and images installed after them, in range, refused and failing;
# apt and dpkg must end with exit status 0 each time and the reason must be
# in their output.  Then apt remove.  Loads nothing.
#
# Usage: deb-in-root.sh NAME DEBDIR
#   NAME    deb12 or deb13 (for the messages)
#   DEBDIR  the directory of make deb's packages
# Prints one PASS:/FAIL: line per check and "deb NAME: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
NAME=$1 DEBS=$2
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)	# make deb's (tools/version.sh)
ARCH=$(dpkg --print-architecture)
W=$KH_OUT/deb-$NAME-work
rm -rf "$W"
mkdir -p "$W"
LOG=$W/apt.log
N=0
export DEBIAN_FRONTEND=noninteractive

# apt-get/dpkg, its output in $W/step-N.log (and the whole log); the status
# is kept in RC (tests/rig/lib.sh); step_any: one whose exit status is the
# test's business
step() { kh_step "$NAME" "$@"; }
step_any() { kh_step_any "$@"; }
said() { grep -q -- "$1" "$W/step-$N.log"; }
# (--force-unsafe-io: the root is a throw-away copy, no fsync needed)
apt() { apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-unsafe-io -q -y "$@"; }
# apt with a variable in its environment (and so in the maintainer scripts')
apt_env() { local e=$1; shift; env "$e" apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-unsafe-io -q -y "$@"; }
modfile() { echo "/lib/modules/$1/updates/dkms/keyedhash.ko"; }
# keyedhash VERSION (default: make deb's) is what kernel release K has:
# its module file (vermagic of K, or of the real kernel a twin's headers
# are), MODULE_VERSION and dkms status agree
built_for() { # kernel release, [version]
	local m v=${2:-$VER} vm=$1
	m=$(modfile "$1")
	[ -n "${TWIN:-}" ] && [ "$1" = "$TWIN" ] && vm=$LATER
	[ -f "$m" ] && modinfo -F vermagic "$m" | grep -q "^$vm " &&
		[ "$(modinfo -F version "$m")" = "$v" ] &&
		dkms status -m keyedhash -v "$v" -k "$1" | grep -q ': installed'
}

# A fake kernel for kernel release $1: headers (a tree whose build fails;
# with $2 "twin:REAL", the headers of the real kernel REAL, so the module
# builds, for REAL) and an image, as Debian packages whose maintainer
# scripts run the kernel hooks the way Debian's do (run-parts
# --exit-on-error: a failing hook fails the package).
fake_kernel() { # release, fail|twin:REAL
	local k=$1 d=$W/fake/$1 p s
	rm -rf "$d"
	p=$d/headers
	mkdir -p "$p/DEBIAN" "$p/lib/modules/$k"
	case ${2:-fail} in
	twin:*)
		ln -s "/usr/src/linux-headers-${2#twin:}" "$p/lib/modules/$k/build"
		;;
	*)
		mkdir -p "$p/usr/src/linux-headers-$k/include/generated" "$p/usr/src/linux-headers-$k/scripts"
		printf '#define UTS_RELEASE "%s"\n' "$k" > "$p/usr/src/linux-headers-$k/include/generated/utsrelease.h"
		cat > "$p/usr/src/linux-headers-$k/Makefile" <<EOF
# a fake kernel tree (tests/rig/deb/deb-in-root.sh): no module builds here
modules clean:
	@echo "fake kernel headers $k: this tree cannot build modules" >&2; exit 2
EOF
		ln -s "/usr/src/linux-headers-$k" "$p/lib/modules/$k/build"
		;;
	esac
	cat > "$p/DEBIAN/control" <<EOF
Package: linux-headers-$k
Version: 1
Architecture: $ARCH
Maintainer: keyedhash test rig <rig@localhost>
Description: fake headers of Linux $k (keyedhash's tests)
EOF
	cat > "$p/DEBIAN/postinst" <<EOF
#!/bin/sh
set -e
# as Debian's linux-headers postinst does
if [ -d /etc/kernel/header_postinst.d ]; then
	run-parts --report --exit-on-error --arg=$k /etc/kernel/header_postinst.d ||
		{ echo "Failed to process /etc/kernel/header_postinst.d" >&2; exit 1; }
fi
EOF
	chmod 755 "$p/DEBIAN/postinst"
	dpkg-deb -Zgzip -b "$p" "$W/fake/linux-headers-$k.deb" > /dev/null
	p=$d/image
	mkdir -p "$p/DEBIAN" "$p/boot" "$p/lib/modules/$k/kernel"
	echo "fake kernel $k" > "$p/boot/vmlinuz-$k"
	cat > "$p/DEBIAN/control" <<EOF
Package: linux-image-$k
Version: 1
Architecture: $ARCH
Maintainer: keyedhash test rig <rig@localhost>
Description: fake image of Linux $k (keyedhash's tests)
EOF
	# as Debian's linux-image postinst does (no initramfs for a fake)
	cat > "$p/DEBIAN/postinst" <<EOF
#!/bin/sh
set -e
[ "\$1" = configure ] || exit 0
depmod $k
export INITRD=No
if command -v linux-run-hooks > /dev/null; then
	linux-run-hooks image postinst $k /boot/vmlinuz-$k -- "\$@"
elif [ -d /etc/kernel/postinst.d ]; then
	DEB_MAINT_PARAMS="\$*" run-parts --report --exit-on-error --arg=$k \
		--arg=/boot/vmlinuz-$k /etc/kernel/postinst.d ||
		{ echo "Failed to process /etc/kernel/postinst.d" >&2; exit 1; }
fi
EOF
	chmod 755 "$p/DEBIAN/postinst"
	# prerm and postrm as Debian 12's (the hooks of /etc/kernel/prerm.d and
	# postrm.d: dkms's removes the modules built for the kernel): prerm.d
	# on removal only, postrm.d on every call (upgrade, abort-upgrade...),
	# the postrm's arguments in DEB_MAINT_PARAMS
	for s in prerm postrm; do
		cat > "$p/DEBIAN/$s" <<EOF
#!/bin/sh
set -e
[ $s = postrm ] || [ "\$1" = remove ] || exit 0
if command -v linux-run-hooks > /dev/null; then
	linux-run-hooks image $s $k /boot/vmlinuz-$k -- "\$@"
elif [ -d /etc/kernel/$s.d ]; then
	DEB_MAINT_PARAMS="\$*" run-parts --report --exit-on-error --arg=$k \
		--arg=/boot/vmlinuz-$k /etc/kernel/$s.d ||
		{ echo "Failed to process /etc/kernel/$s.d" >&2; exit 1; }
fi
[ "\$1" = purge ] && { rm -f /lib/modules/$k/modules.*; rmdir /lib/modules/$k 2> /dev/null || true; }
exit 0
EOF
		chmod 755 "$p/DEBIAN/$s"
	done
	dpkg-deb -Zgzip -b "$p" "$W/fake/linux-image-$k.deb" > /dev/null
}

# The real kernels: headers installed now, and the newest, whose headers
# are removed first and installed again after the packages (from the apt
# cache), as a kernel installed later.
later_kernel() {
	ls -d /lib/modules/*/build 2>/dev/null | sed 's|/lib/modules/||; s|/build$||' | sort -V | tail -1
}
LATER=$(later_kernel)
if [ -n "$LATER" ]; then
	dpkg -r "linux-headers-$LATER" > /dev/null 2>&1 ||
		kh_fail "$NAME: removing the headers of $LATER before the test"
else
	LATER=$(cd /var/cache/apt/archives && ls linux-headers-*-"$ARCH"_*.deb 2>/dev/null |
		sed -n 's/^linux-headers-\([0-9][^_]*-'"$ARCH"'\)_.*/\1/p' | sort -V | tail -1)
fi
NOW=$(ls -d /lib/modules/*/build 2>/dev/null | sed 's|/lib/modules/||; s|/build$||')
echo "kernels with headers before the packages: ${NOW:-none}; installed after them: ${LATER:-none}"
[ -n "$LATER" ] || kh_fail "$NAME: a Debian kernel whose headers are in the apt cache"

# 1. the packages, with apt, as a user would
step "apt install ./keyedhash-dkms ./keyedhash-tools ./libkeyedhash0 ./libkeyedhash-dev" \
	apt install "$DEBS/keyedhash-dkms_${VER}_all.deb" "$DEBS/keyedhash-tools_${VER}_$ARCH.deb" \
	"$DEBS/libkeyedhash0_${VER}_$ARCH.deb" "$DEBS/libkeyedhash-dev_${VER}_$ARCH.deb"
kh_check "$NAME: dkms knows keyedhash/$VER" sh -c "dkms status -m keyedhash -v $VER | grep -q ."
kh_check "$NAME: /etc/keyedhash (the key files' directory) is the package's, mode 700" sh -c \
	"[ \$(stat -c %a /etc/keyedhash) = 700 ] && dpkg -S /etc/keyedhash | grep -q '^keyedhash-dkms:'"
kh_check "$NAME: one version: the package's, DKMS's PACKAGE_VERSION (/usr/src/keyedhash-$VER/dkms.conf) are $VER" sh -c \
	"[ \"\$(dpkg-query -W -f '\${Version}' keyedhash-dkms)\" = '$VER' ] &&
	 grep -qxF 'PACKAGE_VERSION=\"$VER\"' /usr/src/keyedhash-$VER/dkms.conf"
for k in $NOW; do
	kh_check "$NAME: built and installed for $k (present at install; modinfo vermagic, version $VER)" built_for "$k"
done
kh_check "$NAME: /usr/src/keyedhash-$VER holds the module's sources and dkms.conf, no tests or bench" sh -c \
	"[ -f /usr/src/keyedhash-$VER/dkms.conf ] && [ -f /usr/src/keyedhash-$VER/Kbuild ] &&
	 [ ! -e /usr/src/keyedhash-$VER/tests/kunit ] && [ ! -e /usr/src/keyedhash-$VER/tests/rig ] &&
	 [ ! -e /usr/src/keyedhash-$VER/tools ] && [ ! -e /usr/src/keyedhash-$VER/README.md ]"
kh_check "$NAME: its dkms.conf sets no CLEAN (deprecated since dkms 3.1.8)" \
	sh -c "! grep -q '^[[:space:]]*CLEAN' /usr/src/keyedhash-$VER/dkms.conf"
kh_check "$NAME: khsum installed (/usr/bin/khsum --help) with its man page" sh -c \
	"/usr/bin/khsum --help > /dev/null && [ -f /usr/share/man/man1/khsum.1.gz ]"
# libkeyedhash: no module in this root, so the digest is the library's
kh_check "$NAME: khsum computes without the module (libkeyedhash0), --verbose says so" sh -c \
	"head -c 32 /dev/zero > /tmp/kh-key && printf abc > /tmp/kh-msg &&
	 /usr/bin/khsum --verbose -a highwayhash256 -k /tmp/kh-key /tmp/kh-msg 2> /tmp/kh-verbose |
		grep -q '^[0-9a-f]\{64\}  /tmp/kh-msg\$' && grep -q libkeyedhash /tmp/kh-verbose"
kh_check "$NAME: libkeyedhash-dev: keyedhash.h, keyedhash.pc, libkeyedhash.so -> .so.0, libkeyedhash(3)" sh -c \
	"[ -f /usr/include/keyedhash.h ] && [ -f /usr/share/man/man3/libkeyedhash.3.gz ] &&
	 ls /usr/lib/*/pkgconfig/keyedhash.pc > /dev/null &&
	 [ \"\$(readlink /usr/lib/*/libkeyedhash.so)\" = libkeyedhash.so.0 ]"

# arm64: the package's sources built by dkms against Debian's arm64 headers
# (the Debian 13 root has them, next to the amd64 ones; cross, -a aarch64)
AK=$(ls -d /usr/src/linux-headers-*-arm64 2>/dev/null | sed 's|/usr/src/linux-headers-||' |
	grep -v -- -rt- | sort -V | tail -1)
if [ -n "$AK" ]; then
	step "dkms build keyedhash/$VER -k $AK -a aarch64 (Debian's arm64 headers)" \
		dkms build -m keyedhash -v "$VER" -k "$AK" -a aarch64 --kernelsourcedir "/usr/src/linux-headers-$AK"
	A=/var/lib/dkms/keyedhash/$VER/$AK/aarch64/module/keyedhash.ko
	[ -f "$A" ] || A=$A.xz
	kh_check "$NAME: the arm64 module is AArch64 code for $AK (readelf, modinfo vermagic)" sh -c \
		"readelf -h '$A' | grep -q 'Machine: *AArch64' &&
		 modinfo -F vermagic '$A' | grep -q '^$AK .*aarch64'"
	# for the VM that loads it (tests/rig/deb/deb-check.sh)
	rm -rf "$W/arm64" && mkdir -p "$W/arm64"
	case $A in
	*.xz) xz -dc "$A" > "$W/arm64/keyedhash.ko" ;;
	*) cp "$A" "$W/arm64/keyedhash.ko" ;;
	esac
fi

# 2. a Debian kernel in range installed after the packages
if [ -n "$LATER" ]; then
	step "apt install linux-headers-$LATER (in range, after the packages)" \
		apt install --no-download "linux-headers-$LATER"
	kh_check "$NAME: the log says keyedhash was built for $LATER" said "built and installed for Linux $LATER"
	kh_check "$NAME: built and installed for $LATER (modinfo vermagic, version $VER; dkms status)" built_for "$LATER"
	# a build DKMS holds already (dkms uninstall leaves it built: as a
	# build made ahead of time, or a hook stopped before its install) is
	# installed without a build: dkms build skips it (3.0.10 and 3.2.2),
	# as the Debian boot VMs' upgrade expects (tests/rig/deb/deb-boot.sh)
	step "dkms uninstall -k $LATER, then the kernel hook for $LATER (the build DKMS holds)" sh -c \
		"dkms uninstall -m keyedhash -v '$VER' -k '$LATER' &&
		 dkms status -m keyedhash -v '$VER' -k '$LATER' | grep -q ': built' &&
		 touch '$W/held' && sleep 1 && /usr/lib/keyedhash-dkms/kernel-hook '$LATER'"
	kh_check "$NAME: the hook installed the build DKMS held, and built nothing (its log; DKMS's tree)" sh -c \
		"grep -q 'built and installed for Linux $LATER' '$W/step-$N.log' && ! grep -q FAILED '$W/step-$N.log' &&
		 [ -z \"\$(find /var/lib/dkms/keyedhash/'$VER'/'$LATER' -newer '$W/held' -name '*.ko*')\" ]"
	kh_check "$NAME: installed for $LATER again (modinfo vermagic, version $VER; dkms status)" built_for "$LATER"
fi

# for the Secure Boot VM (tests/rig/deb/deb-sb.sh, Debian 12): the module DKMS
# built and signed for $LATER, DKMS's certificate, the same module with
# its signature cut off, and signed with a key no MOK list has
if [ "$NAME" = deb12 ] && [ -n "$LATER" ] && built_for "$LATER"; then
	sb=$W/sb m=$(modfile "$LATER")
	rm -rf "$sb" && mkdir -p "$sb"
	cp "$m" "$sb/keyedhash.ko" && cp /var/lib/dkms/mok.pub "$sb/mok.pub"
	echo "$LATER" > "$sb/kver"
	modinfo -F signer "$m" > "$sb/signer"
	# the signature: its length (big-endian) in the 12-byte struct before
	# the 28-byte "~Module signature appended~" marker
	siglen=$(tail -c 32 "$m" | head -c 4 | od -An -tu1 | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
	head -c $(($(stat -c %s "$m") - 40 - siglen)) "$m" > "$sb/unsigned.ko"
	cp "$sb/unsigned.ko" "$sb/other.ko"
	openssl req -new -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=keyedhash test rig: another key/" \
		-outform DER -keyout "$sb/other.key" -out "$sb/other.der" > /dev/null 2>&1
	sf=$(ls /usr/lib/linux-kbuild-*/scripts/sign-file 2> /dev/null | head -1)
	[ -n "$sf" ] && "$sf" sha256 "$sb/other.key" "$sb/other.der" "$sb/other.ko"
	modinfo -F signer "$sb/other.ko" > "$sb/other-signer" 2> /dev/null
	kh_check "$NAME: for the Secure Boot VM: $LATER's module signed by \"$(cat "$sb/signer")\", unsigned, signed by \"$(cat "$sb/other-signer")\"" sh -c \
		"[ -s '$sb/signer' ] && [ -z \"\$(modinfo -F signer '$sb/unsigned.ko')\" ] &&
		 modinfo -F vermagic '$sb/unsigned.ko' | grep -q '^$LATER ' &&
		 [ -s '$sb/other-signer' ] && ! cmp -s '$sb/signer' '$sb/other-signer'"
fi

# 3. a kernel older than 6.1 (refused), 4. one whose build fails (and
# newer than the newest tested series: built, said untested)
OLD=5.10.0-99-$ARCH FAILK=7.99.0-99-$ARCH
fake_kernel "$OLD"
fake_kernel "$FAILK"
step "apt install linux-headers-$OLD (older than 6.1)" apt install "$W/fake/linux-headers-$OLD.deb"
kh_check "$NAME: the log says why keyedhash is not built for $OLD (one line)" \
	said "keyedhash-dkms: Linux $OLD is older than 6.1"
kh_check "$NAME: no keyedhash for $OLD" test ! -e "$(modfile "$OLD")"
step "apt install linux-image-$OLD (older than 6.1)" apt install "$W/fake/linux-image-$OLD.deb"
kh_check "$NAME: the image's log says why keyedhash is not built for $OLD" \
	said "keyedhash-dkms: Linux $OLD is older than 6.1"
step "apt install linux-headers-$FAILK (the build fails)" apt install "$W/fake/linux-headers-$FAILK.deb"
kh_check "$NAME: the log says $FAILK is newer than the newest tested series, built untested" \
	said "keyedhash-dkms: Linux 7.99 is newer than the newest series keyedhash was tested with"
kh_check "$NAME: the log says the build for $FAILK failed, and why" sh -c \
	"grep -q 'keyedhash-dkms: the build for Linux $FAILK FAILED' '$W/step-$N.log' &&
	 grep -q 'this tree cannot build modules' '$W/step-$N.log'"
kh_check "$NAME: no keyedhash for $FAILK" test ! -e "$(modfile "$FAILK")"
step "apt install linux-image-$FAILK (the build fails)" apt install "$W/fake/linux-image-$FAILK.deb"
kh_check "$NAME: the image's log says the build for $FAILK failed" \
	said "keyedhash-dkms: the build for Linux $FAILK FAILED"
kh_check "$NAME: dpkg: the fake kernels' packages are configured (ii)" sh -c \
	"for p in linux-headers-$OLD linux-image-$OLD linux-headers-$FAILK linux-image-$FAILK; do
		dpkg-query -W -f '\${db:Status-Abbrev}' \$p | grep -q '^ii' || exit 1
	 done"
# dkms's own autoinstall (dkms_autoinstaller) for these kernels: keyedhash
# is not its business with the package installed (AUTOINSTALL off)
step "dkms autoinstall -k $FAILK (dkms's own hook: keyedhash left to the package's)" \
	dkms autoinstall -k "$FAILK"
step "dpkg --audit (nothing half-installed)" dpkg --audit
kh_check "$NAME: dpkg --audit reports nothing" test ! -s "$W/step-$N.log"
step "apt-get check" apt-get -q check

# 5. upgrades and a downgrade (versions made from make deb's package: its
# files, another version; C's build fails on purpose for one kernel): each
# kernel keeps the module it has until the new version's is installed for
# it; a kernel without headers keeps its module; one kernel purged
# (tests/rig/deb/deb-in-root.sh's own fake or Debian's rt kernel) loses all
# of keyedhash, the others keep theirs
# A deb of keyedhash-dkms at version $1, the build broken for kernel $2
repack() { # version, [kernel release whose build fails]
	local v=$1 d=$W/pkg-$1
	rm -rf "$d"
	dpkg-deb -R "$DEBS/keyedhash-dkms_${VER}_all.deb" "$d"
	mv "$d/usr/src/keyedhash-$VER" "$d/usr/src/keyedhash-$v"
	sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$v\"/" "$d/usr/src/keyedhash-$v/dkms.conf"
	[ -n "${2:-}" ] && cat >> "$d/usr/src/keyedhash-$v/dkms.conf" <<EOF
# keyedhash's test rig: this version's build fails for Linux $2
if [ "\$kernelver" = "$2" ]; then
	MAKE[0]="echo 'keyedhash test rig: the build of $v for $2 fails on purpose' >&2; false"
fi
EOF
	sed -i "s/^VER=.*/VER=$v/" "$d/usr/lib/keyedhash-dkms/kernel-hook"
	sed -i "s/^Version: .*/Version: $v/" "$d/DEBIAN/control"
	(cd "$d" && find usr -type f -exec md5sum {} + > DEBIAN/md5sums)
	dpkg-deb -Zgzip -b "$d" "$W/keyedhash-dkms_${v}_all.deb" > /dev/null
}
B=$VER+u1 C=$VER+u2
repack "$B"
# the kernels: Debian's (LATER; on Debian 13 also 6.12, and 6.12-rt whose
# headers go, which then is the one purged), and on Debian 12 a twin of
# LATER (a fake release with LATER's headers), the one purged there
TWIN='' NOHDR='' PURGED=''
if [ "$NAME" = deb12 ]; then
	TWIN=6.1.0-97-$ARCH
	fake_kernel "$TWIN" "twin:$LATER"
	step "apt install linux-headers-$TWIN linux-image-$TWIN (a twin of $LATER)" \
		apt install "$W/fake/linux-headers-$TWIN.deb" "$W/fake/linux-image-$TWIN.deb"
	kh_check "$NAME: built and installed for $TWIN (version $VER)" built_for "$TWIN"
	PURGED=$TWIN
else
	NOHDR=$(printf '%s\n' $NOW | grep -- -rt- | head -1)
	if [ -n "$NOHDR" ]; then
		step "apt remove linux-headers-$NOHDR (its module stays)" apt remove "linux-headers-$NOHDR"
		kh_check "$NAME: $NOHDR keeps keyedhash $VER without its headers" built_for "$NOHDR"
	fi
	PURGED=$NOHDR
fi
BUILT=$(for k in $NOW $LATER $TWIN; do [ "$k" != "$NOHDR" ] && echo "$k"; done | sort -u)
BREAK=$LATER
OTHERS=$(printf '%s\n' $BUILT | grep -vxF "$BREAK")
repack "$C" "$BREAK"
# (KH_HOOK_SB=1: the hook reports as under Secure Boot: the key dkms
# signed with, and how to enrol it)
step "apt install keyedhash-dkms $B (upgrade)" env KH_HOOK_SB=1 apt install "$W/keyedhash-dkms_${B}_all.deb"
for k in $BUILT; do
	kh_check "$NAME: upgrade to $B: $k has keyedhash $B" built_for "$k" "$B"
	kh_check "$NAME: upgrade to $B: the log says $k got it" said "built and installed for Linux $k: keyedhash $B (was $VER)"
	kh_check "$NAME: upgrade to $B: Secure Boot: the log names the key that signed $k's module and how to enrol it" sh -c \
		"s=\$(modinfo -F signer '$(modfile "$k")') && [ -n \"\$s\" ] &&
		 grep -qF \"keyedhash for Linux $k is signed by \\\"\$s\\\" (/var/lib/dkms/mok.pub)\" '$W/step-$N.log' &&
		 grep -q 'keyedhash for Linux $k is signed by .*mokutil --import /var/lib/dkms/mok.pub' '$W/step-$N.log'"
done
if [ -n "$NOHDR" ]; then
	kh_check "$NAME: upgrade to $B: $NOHDR (no headers) keeps keyedhash $VER, dkms still knows it" built_for "$NOHDR"
	kh_check "$NAME: upgrade to $B: the log says $NOHDR keeps $VER (one line)" \
		said "no headers for Linux $NOHDR .*it keeps keyedhash $VER"
else
	kh_check "$NAME: upgrade to $B: keyedhash $VER gone from DKMS (/var/lib/dkms/keyedhash/$VER)" \
		test ! -e "/var/lib/dkms/keyedhash/$VER"
fi
step "apt install keyedhash-dkms $C (upgrade; its build fails for $BREAK)" \
	apt install "$W/keyedhash-dkms_${C}_all.deb"
kh_check "$NAME: upgrade to $C: $BREAK, whose build failed, keeps keyedhash $B" built_for "$BREAK" "$B"
kh_check "$NAME: upgrade to $C: one line says $BREAK keeps $B" sh -c \
	"[ \$(grep -c 'the build for Linux $BREAK FAILED (keyedhash $C, dkms exit [0-9]*): Linux $BREAK keeps keyedhash $B' '$W/step-$N.log') = 1 ]"
kh_check "$NAME: upgrade to $C: the log says why (make's output)" said "the build of $C for $BREAK fails on purpose"
for k in $OTHERS; do
	kh_check "$NAME: upgrade to $C: $k has keyedhash $C" built_for "$k" "$C"
done
kh_check "$NAME: upgrade to $C: keyedhash-dkms $C configured (ii)" sh -c \
	"dpkg-query -W -f '\${db:Status-Abbrev} \${Version}' keyedhash-dkms | grep -qxF 'ii  $C'"
kh_check "$NAME: upgrade to $C: modules.dep of $BREAK has $B's module (depmod)" \
	grep -q "^updates/dkms/keyedhash.ko" "/lib/modules/$BREAK/modules.dep"

# 6. the boot path (docs/usage.md): two volumes in
# /etc/keyedhash/integritytab (the root's opened in the initramfs); the
# kernel hooks with Debian's own image of $BREAK, which kept keyedhash $B
# when $C failed to build for it: a reinstall (its postrm upgrade runs the
# postrm.d hooks) and, on Debian 13 (whose image package is small), an
# upgrade and an upgrade given up (postrm abort-upgrade) leave it $B;
# Debian 13's initramfs (its kernels have one): nothing of keyedhash
# without a volume, the module, integritysetup, the script, the root's
# line and key with one; a kernel left without the module named with the
# volumes (apt's output, logger, a framed warning for the newest kernel)
mver() { modinfo -F version "$(modfile "$1")" 2> /dev/null; }
# logger records what it is given
mv /usr/bin/logger /usr/bin/logger.kh-real
printf '#!/bin/sh\necho "$*" >> %s\n' "$W/logger.log" > /usr/bin/logger
chmod 755 /usr/bin/logger
: > "$W/logger.log"
IRD=''
if [ "$NAME" = deb13 ] && [ -f "/boot/initrd.img-$BREAK" ]; then
	IRD=/boot/initrd.img-$BREAK
	# a small initramfs (the modules asked for only): seconds, not a minute
	sed -i 's/^MODULES=.*/MODULES=list/' /etc/initramfs-tools/initramfs.conf
	step "apt install cryptsetup-bin (integritysetup)" apt install cryptsetup-bin
	step "update-initramfs -u -k $BREAK (no keyedhash volume configured)" update-initramfs -u -k "$BREAK"
	kh_check "$NAME: initramfs without a configured volume: no keyedhash.ko, integritysetup, functions or volume list in it (only the inert local-top and local-block scripts)" sh -c \
		"! lsinitramfs '$IRD' | grep -v -e 'scripts/local-top/keyedhash\$' -e 'scripts/local-block/keyedhash\$' | grep -q -e keyedhash -e integritysetup"
fi
mkdir -p /etc/keyedhash
head -c 32 /dev/urandom > /etc/keyedhash/data.key
head -c 32 /dev/urandom > /etc/keyedhash/root.key
chmod 600 /etc/keyedhash/data.key /etc/keyedhash/root.key
cat > /etc/keyedhash/integritytab <<EOT
# keyedhash's test rig (tests/rig/deb/deb-in-root.sh)
data /dev/disk/by-id/kh-rig-data /etc/keyedhash/data.key integrity-algorithm=highwayhash256,nofail
root PARTUUID=4b1d-kh-rig /etc/keyedhash/root.key integrity-algorithm=sthash,x-initrd.attach
EOT
kh_check "$NAME: kernel hooks: before, $BREAK has keyedhash $B (its build of $C failed): modinfo -F version says $(mver "$BREAK")" \
	built_for "$BREAK" "$B"
if [ "$NAME" = deb12 ]; then
	# (no initramfs: INITRD=No, as the fake kernels)
	step "apt install linux-image-$BREAK (Debian's image, from the apt cache)" \
		apt_env INITRD=No install --no-download "linux-image-$BREAK"
fi
ienv=INITRD=No
[ -z "$IRD" ] || ienv=KH_RIG_INITRD=yes
step "apt install --reinstall linux-image-$BREAK (Debian's image; its postrm upgrade runs the postrm.d hooks)" \
	apt_env "$ienv" install --reinstall --no-download "linux-image-$BREAK"
kh_check "$NAME: after the image's reinstall $BREAK still has keyedhash $B (modinfo -F version: $(mver "$BREAK"))" \
	built_for "$BREAK" "$B"
kh_check "$NAME: the reinstall's log says $BREAK keeps $B and names the volumes it opens" \
	said "Linux $BREAK keeps keyedhash $B, not $C; the volumes data root (/etc/keyedhash/integritytab) still open with $B"
kh_check "$NAME: the journal (logger -t keyedhash) got it" \
	grep -q "^-t keyedhash -p daemon.warning Linux $BREAK keeps keyedhash $B, not $C" "$W/logger.log"
if [ "$NAME" = deb13 ]; then
	img=$(ls /var/cache/apt/archives/linux-image-"$BREAK"_*.deb | tail -1)
	pv=$(dpkg-query -W -f '${Version}' "linux-image-$BREAK")
	rm -rf "$W/img" && dpkg-deb -R "$img" "$W/img"
	sed -i "s/^Version: .*/Version: $pv+kh1/" "$W/img/DEBIAN/control"
	dpkg-deb -Zgzip -b "$W/img" "$W/img-up.deb" > /dev/null
	sed -i "s/^Version: .*/Version: $pv+kh2/" "$W/img/DEBIAN/control"
	printf '#!/bin/sh\necho "keyedhash test rig: this preinst fails on purpose" >&2\nexit 1\n' > "$W/img/DEBIAN/preinst"
	chmod 755 "$W/img/DEBIAN/preinst"
	dpkg-deb -Zgzip -b "$W/img" "$W/img-abort.deb" > /dev/null
	step "dpkg -i linux-image-$BREAK $pv+kh1 (Debian's image, upgraded)" dpkg -i "$W/img-up.deb"
	kh_check "$NAME: after the image's upgrade $BREAK still has keyedhash $B (modinfo -F version: $(mver "$BREAK"))" \
		built_for "$BREAK" "$B"
	step_any "dpkg -i linux-image-$BREAK $pv+kh2 (its preinst fails: the new postrm abort-upgrade runs the hooks)" \
		dpkg -i "$W/img-abort.deb"
	kh_check "$NAME: that upgrade fails and is given up ($pv+kh1 stays installed)" sh -c \
		"[ $RC != 0 ] && grep -q 'this preinst fails on purpose' '$W/step-$N.log' &&
		 dpkg-query -W -f '\${db:Status-Abbrev} \${Version}' linux-image-$BREAK | grep -qxF 'ii  $pv+kh1'"
	kh_check "$NAME: after the abort-upgrade $BREAK still has keyedhash $B (modinfo -F version: $(mver "$BREAK"))" \
		built_for "$BREAK" "$B"
fi
if [ -n "$IRD" ]; then
	# the image's postinst built it (initramfs-tools' hook), with keyedhash's
	lsinitramfs "$IRD" > "$W/lsinitramfs"
	kh_check "$NAME: $BREAK's initramfs holds keyedhash.ko, dm-integrity, integritysetup, scripts/local-top/keyedhash, local-block/keyedhash, keyedhash-functions, the root's line and key, not the data volume's key" sh -c \
		"grep -q '/updates/dkms/keyedhash.ko' '$W/lsinitramfs' && grep -q 'dm-integrity.ko' '$W/lsinitramfs' &&
		 grep -q 'sbin/integritysetup\$' '$W/lsinitramfs' && grep -q 'scripts/local-top/keyedhash\$' '$W/lsinitramfs' &&
		 grep -q 'scripts/local-block/keyedhash\$' '$W/lsinitramfs' && grep -q 'scripts/keyedhash-functions\$' '$W/lsinitramfs' &&
		 grep -q 'etc/keyedhash/initrd-required\$' '$W/lsinitramfs' &&
		 grep -q 'etc/keyedhash/initrd-volumes\$' '$W/lsinitramfs' && grep -q 'etc/keyedhash/root.key\$' '$W/lsinitramfs' &&
		 ! grep -q data.key '$W/lsinitramfs'"
	rm -rf "$W/ird" && unmkinitramfs "$IRD" "$W/ird"
	# (initramfs-tools runs only what scripts/local-top/ORDER lists)
	kh_check "$NAME: scripts/local-top/ORDER runs keyedhash" sh -c \
		"grep -qxF '/scripts/local-top/keyedhash \"\$@\"' \$(find '$W/ird' -path '*scripts/local-top/ORDER')"
	kh_check "$NAME: scripts/local-block/ORDER runs keyedhash" sh -c \
		"grep -qxF '/scripts/local-block/keyedhash \"\$@\"' \$(find '$W/ird' -path '*scripts/local-block/ORDER')"
	kh_check "$NAME: in it, keyedhash.ko is $B, and the line opens the root with sthash, the key and its size (tab-separated)" sh -c \
		"[ \"\$(modinfo -F version \$(find '$W/ird' -name 'keyedhash.ko*' | head -1))\" = '$B' ] &&
		 [ \"\$(cat \$(find '$W/ird' -path '*etc/keyedhash/initrd-volumes'))\" = \"\$(printf 'root\\t--integrity\\tsthash\\t--integrity-key-file\\t/etc/keyedhash/root.key\\t--integrity-key-size\\t32\\t/dev/disk/by-partuuid/4b1d-kh-rig\\troot')\" ]"
	kh_check "$NAME: that initramfs is readable by root only (the key is in it)" sh -c "[ \$(stat -c %a '$IRD') = 600 ]"
	rm -rf "$W/ird"
fi
# a kernel left without any keyedhash, the newest: said with the volumes,
# in the journal, and framed
NEWK=7.99.1-96-$ARCH
fake_kernel "$NEWK" fail
step "apt install linux-headers-$NEWK linux-image-$NEWK (the newest kernel; the build fails)" \
	apt install "$W/fake/linux-headers-$NEWK.deb" "$W/fake/linux-image-$NEWK.deb"
kh_check "$NAME: the log names the kernel and the volumes that will not open on it" \
	said "keyedhash-dkms: Linux $NEWK has no keyedhash module: the volumes data root (/etc/keyedhash/integritytab) will NOT open when it boots"
kh_check "$NAME: a warning framed in stars says so for the newest kernel" sh -c \
	"grep -q '^keyedhash-dkms: \*\*\*\*' '$W/step-$N.log' &&
	 grep -qxF 'keyedhash-dkms: WARNING: Linux $NEWK (the newest kernel) has NO keyedhash module.' '$W/step-$N.log' &&
	 grep -qxF 'keyedhash-dkms: These volumes will NOT open when it boots: data root' '$W/step-$N.log'"
kh_check "$NAME: the journal got it (logger -t keyedhash -p daemon.err)" \
	grep -q "^-t keyedhash -p daemon.err Linux $NEWK has no keyedhash module" "$W/logger.log"
keyedhash-integritysetup status > "$W/status" 2>&1
RC=$?
cat "$W/status" >> "$LOG"
kh_check "$NAME: keyedhash-integritysetup status: exit 1, $NEWK without keyedhash, $BREAK with $B${IRD:+ and in its initramfs}" sh -c \
	"[ $RC = 1 ] && grep -q '^$NEWK (newest) *none ' '$W/status' &&
	 grep -q '^$BREAK[ (a-z)]* $B *${IRD:+yes}' '$W/status' && grep -q 'opened in the initramfs: root\$' '$W/status'"
step "apt purge linux-headers-$NEWK linux-image-$NEWK" apt purge "linux-headers-$NEWK" "linux-image-$NEWK"
rm -rf "/lib/modules/$NEWK"
# the generator on the real file, its units checked by systemd
if command -v systemd-analyze > /dev/null; then
	rm -rf "$W/gen" && mkdir -p "$W/gen"
	/usr/lib/systemd/system-generators/keyedhash-integritysetup-generator "$W/gen"
	kh_check "$NAME: the installed generator writes the two volumes' units; systemd-analyze verify finds nothing wrong in them" sh -c \
		"[ -f '$W/gen/keyedhash-integritysetup@data.service' ] && [ -f '$W/gen/keyedhash-integritysetup@root.service' ] &&
		 { SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no '$W/gen/keyedhash-integritysetup@data.service' '$W/gen/keyedhash-integritysetup@root.service' > '$W/verify' 2>&1;
		 cat '$W/verify' >> '$LOG'; ! grep -q 'keyedhash-integritysetup@' '$W/verify'; }"
fi

# one kernel purged: nothing of keyedhash left for it, the others untouched
if [ -n "$PURGED" ]; then
	sums=$(for k in $BUILT; do [ "$k" != "$PURGED" ] && md5sum "$(modfile "$k")"; done)
	step "apt purge linux-image-$PURGED linux-headers-$PURGED" \
		apt purge "linux-image-$PURGED" "linux-headers-$PURGED"
	kh_check "$NAME: $PURGED purged: no keyedhash.ko, no updates/dkms in /lib/modules/$PURGED, nothing for it in /var/lib/dkms/keyedhash" sh -c \
		"[ ! -e /lib/modules/$PURGED/updates/dkms ] && ! find /lib/modules/$PURGED -name 'keyedhash*' 2> /dev/null | grep -q . &&
		 ! ls -d /var/lib/dkms/keyedhash/*/$PURGED /var/lib/dkms/keyedhash/kernel-$PURGED-* 2> /dev/null | grep -q ."
	kh_check "$NAME: $PURGED purged: dkms status names it nowhere" sh -c \
		"! dkms status -m keyedhash | grep -qF '$PURGED'"
	kh_check "$NAME: $PURGED purged: the other kernels' modules untouched" sh -c \
		"[ '$sums' = \"\$(for k in $(echo $BUILT); do [ \$k != $PURGED ] && md5sum /lib/modules/\$k/updates/dkms/keyedhash.ko; done)\" ]"
	kh_check "$NAME: $PURGED purged: no version left in DKMS that no kernel has (only $B and $C)" sh -c \
		"[ \"\$(ls /var/lib/dkms/keyedhash | grep -v '^kernel-' | sort | tr '\\n' ' ')\" = '$B $C ' ]"
	BUILT=$(printf '%s\n' $BUILT | grep -vxF "$PURGED")
	OTHERS=$(printf '%s\n' $OTHERS | grep -vxF "$PURGED")
fi
step "apt install --allow-downgrades keyedhash-dkms $B (downgrade)" \
	apt install --allow-downgrades "$W/keyedhash-dkms_${B}_all.deb"
for k in $BUILT; do
	kh_check "$NAME: downgrade to $B: $k has keyedhash $B" built_for "$k" "$B"
done
# the kernel hook put the module it installed into the initramfs, and
# nothing built one twice (initramfs-tools' trigger, activated by the
# package, would build the newest kernel's again at the end)
[ -z "$IRD" ] || kh_check "$NAME: downgrade to $B: each initramfs built once, by the kernel hook ($(grep -c 'update-initramfs: Generating' "$W/step-$N.log") builds)" sh -c \
	"[ \$(grep -c 'update-initramfs: Generating' '$W/step-$N.log') = \$(grep -c 'keyedhash-dkms: updating the initramfs of Linux' '$W/step-$N.log') ]"
for k in $BUILT; do
	[ -n "$IRD" ] && [ -f "/boot/initrd.img-$k" ] && [ "$k" != "$BREAK" ] || continue
	rm -rf "$W/ird" && unmkinitramfs "/boot/initrd.img-$k" "$W/ird"
	kh_check "$NAME: downgrade to $B: the log says the initramfs of $k is updated; keyedhash.ko in it is $B" sh -c \
		"grep -q 'keyedhash-dkms: updating the initramfs of Linux $k (keyedhash volumes opened there: root)' '$W/step-$N.log' &&
		 [ \"\$(modinfo -F version \$(find '$W/ird' -name 'keyedhash.ko*' | head -1))\" = '$B' ]"
	rm -rf "$W/ird"
done
kh_check "$NAME: downgrade to $B: $C gone from DKMS, $B's sources linked to /usr/src again" sh -c \
	"[ ! -e /var/lib/dkms/keyedhash/$C ] && [ \"\$(readlink /var/lib/dkms/keyedhash/$B/source)\" = /usr/src/keyedhash-$B ] &&
	 [ ! -e /var/lib/dkms/keyedhash/$B/kept-source ]"

# a second DKMS module whose build fails in dkms's own kernel hook, run by
# the same run-parts --exit-on-error as keyedhash's (Debian's linux-headers
# postinst): that installation fails (dkms's exit status), and keyedhash's
# hook, named to run before dkms's, has run for the kernel all the same (a
# fake one whose build fails at once: no compiler time spent)
NBK=6.6.0-95-$ARCH
mkdir -p /usr/src/khrig-broken-1
cat > /usr/src/khrig-broken-1/dkms.conf <<'EOF'
PACKAGE_NAME="khrig-broken"
PACKAGE_VERSION="1"
BUILT_MODULE_NAME[0]="khrig_broken"
DEST_MODULE_LOCATION[0]="/updates/dkms"
MAKE[0]="echo 'khrig-broken: this module never builds (keyedhash test rig)' >&2; false"
AUTOINSTALL="yes"
EOF
echo "/* never built */" > /usr/src/khrig-broken-1/khrig_broken.c
dkms add -m khrig-broken -v 1 > /dev/null 2>&1
fake_kernel "$NBK" fail
step_any "apt install linux-headers-$NBK with a DKMS module that fails to build (khrig-broken)" \
	apt install "$W/fake/linux-headers-$NBK.deb"
kh_check "$NAME: that installation fails, in dkms's own hook (exit status $RC, 'Failed to process')" sh -c \
	"[ $RC != 0 ] && grep -q 'Failed to process /etc/kernel/header_postinst.d' '$W/step-$N.log'"
kh_check "$NAME: keyedhash's hook ran first, before dkms's failed (its line for $NBK is in the log)" \
	sh -c "grep -n 'keyedhash-dkms: the build for Linux $NBK' '$W/step-$N.log' | cut -d: -f1 > '$W/nb-1' &&
	 grep -n 'header_postinst.d/dkms exited' '$W/step-$N.log' | cut -d: -f1 > '$W/nb-2' &&
	 [ -s '$W/nb-1' ] && [ -s '$W/nb-2' ] && [ \$(cat '$W/nb-1') -lt \$(cat '$W/nb-2') ]"
dkms remove -m khrig-broken -v 1 --all > /dev/null 2>&1
rm -rf /usr/src/khrig-broken-1
step "dpkg --configure -a (the failing module removed)" dpkg --configure -a
step "apt purge linux-headers-$NBK" apt purge "linux-headers-$NBK"

# 6. apt remove: refused while the root's volume (x-initrd.attach) needs
# the module; forced (/etc/keyedhash/allow-removal), the module goes from
# every kernel it was built for, and the initramfs says why at boot
step_any "apt remove keyedhash-dkms keyedhash-tools (the root's volume needs it)" apt remove keyedhash-dkms keyedhash-tools
kh_check "$NAME: that removal is refused by the prerm (exit status $RC), naming the root's volume; keyedhash-dkms still installed (ii)" sh -c \
	"[ $RC != 0 ] && grep -q 'REFUSING to remove keyedhash' '$W/step-$N.log' &&
	 grep -qF '  root (PARTUUID=4b1d-kh-rig; x-initrd.attach): needs the keyedhash module (sthash)' '$W/step-$N.log' &&
	 dpkg-query -W -f '\${db:Status-Abbrev}' keyedhash-dkms | grep -qx 'ii '"
touch /etc/keyedhash/allow-removal
step "apt remove keyedhash-dkms keyedhash-tools (forced: /etc/keyedhash/allow-removal)" apt remove keyedhash-dkms keyedhash-tools
kh_check "$NAME: the removal warns that the configured volumes will not open" \
	said "keyedhash-dkms: WARNING: keyedhash is being removed: the volumes of /etc/keyedhash/integritytab (data root) will NOT open"
kh_check "$NAME: the forced removal deletes /etc/keyedhash/allow-removal, leaves scripts/local-top/keyedhash-removed naming the root's volume" sh -c \
	"[ ! -e /etc/keyedhash/allow-removal ] &&
	 grep -qF 'volume root (PARTUUID=4b1d-kh-rig; x-initrd.attach): needs the keyedhash module (sthash)' /etc/initramfs-tools/scripts/local-top/keyedhash-removed"
if [ -n "$IRD" ]; then
	kh_check "$NAME: after apt remove the initramfs of $BREAK has no keyedhash.ko (rebuilt by the postrm), and the script that says so" sh -c \
		"grep -q 'updating the initramfs of Linux $BREAK (keyedhash removed)' '$W/step-$N.log' &&
		 lsinitramfs '$IRD' > '$W/lsinitramfs' && ! grep -q 'keyedhash\\.ko' '$W/lsinitramfs' &&
		 grep -q 'scripts/local-top/keyedhash-removed\$' '$W/lsinitramfs'"
fi
left=$(ls /lib/modules/*/updates/dkms/keyedhash.ko 2>/dev/null)
kh_check "$NAME: after apt remove no keyedhash.ko in any kernel${left:+ (left: $left)}" test -z "$left"
kh_check "$NAME: after apt remove dkms knows no keyedhash, no /var/lib/dkms/keyedhash, no /usr/src/keyedhash-*" sh -c \
	"[ -z \"\$(dkms status -m keyedhash 2>/dev/null)\" ] && [ ! -e /var/lib/dkms/keyedhash ] &&
	 ! ls -d /usr/src/keyedhash* 2> /dev/null | grep -q ."
kh_check "$NAME: after apt remove modules.dep of $LATER has no keyedhash" sh -c \
	"! grep -q keyedhash /lib/modules/$LATER/modules.dep 2>/dev/null"
# removed, not purged: the kernel hooks (conffiles) stay and must do nothing
fake_kernel 6.6.0-98-$ARCH fail
step "apt install linux-headers-6.6.0-98 (package removed, hooks not purged)" \
	apt install "$W/fake/linux-headers-6.6.0-98-$ARCH.deb"
step "apt purge keyedhash-dkms" apt purge keyedhash-dkms
kh_check "$NAME: after purge nothing of keyedhash in /etc/kernel, /etc/initramfs-tools, /usr/src, /var/lib/dkms, updates/dkms" sh -c \
	"! ls -d /etc/kernel/*/*keyedhash* /etc/initramfs-tools/scripts/*/keyedhash* /usr/src/keyedhash* /var/lib/dkms/keyedhash \
		/lib/modules/*/updates/dkms/keyedhash.ko* 2>/dev/null | grep -q ."
echo "deb $NAME: done"

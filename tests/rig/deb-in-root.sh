#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run by tests/rig/deb.sh inside a throw-away copy (overlay) of a Debian
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
. "$(dirname "$0")/lib.sh"
NAME=$1 DEBS=$2
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)	# make deb's (debian/mkversion)
ARCH=$(dpkg --print-architecture)
W=$KH_OUT/deb-$NAME-work
rm -rf "$W"
mkdir -p "$W"
LOG=$W/apt.log
N=0
export DEBIAN_FRONTEND=noninteractive

# apt-get/dpkg, its output in $W/step-N.log (and the whole log); the status
# is kept in RC
step() { # description, command...
	local d=$1
	shift
	N=$((N + 1))
	echo "--- $N: $d: $*" >> "$LOG"
	"$@" > "$W/step-$N.log" 2>&1
	RC=$?
	cat "$W/step-$N.log" >> "$LOG"
	echo "--- exit status $RC" >> "$LOG"
	kh_check "$NAME: $d: exit status 0" test "$RC" = 0
}
said() { grep -q -- "$1" "$W/step-$N.log"; }
# (--force-unsafe-io: the root is a throw-away copy, no fsync needed)
apt() { apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-unsafe-io -q -y "$@"; }
modfile() { echo "/lib/modules/$1/updates/dkms/keyedhash.ko"; }
built_for() { # kernel release
	local m
	m=$(modfile "$1")
	[ -f "$m" ] && modinfo -F vermagic "$m" | grep -q "^$1 " &&
		[ "$(modinfo -F version "$m")" = "$VER" ] &&
		dkms status -m keyedhash -v "$VER" -k "$1" | grep -q ': installed'
}

# A fake kernel for kernel release $1: headers (a tree whose build fails
# when $2 is "fail") and an image, as Debian packages whose maintainer
# scripts run the kernel hooks the way Debian's do (run-parts
# --exit-on-error: a failing hook fails the package).
fake_kernel() { # release, fail|none
	local k=$1 d=$W/fake/$1 p
	rm -rf "$d"
	p=$d/headers
	mkdir -p "$p/DEBIAN" "$p/usr/src/linux-headers-$k/include/generated" \
		"$p/usr/src/linux-headers-$k/scripts" "$p/lib/modules/$k"
	printf '#define UTS_RELEASE "%s"\n' "$k" > "$p/usr/src/linux-headers-$k/include/generated/utsrelease.h"
	cat > "$p/usr/src/linux-headers-$k/Makefile" <<EOF
# a fake kernel tree (tests/rig/deb-in-root.sh): no module builds here
modules clean:
	@echo "fake kernel headers $k: this tree cannot build modules" >&2; exit 2
EOF
	ln -s "/usr/src/linux-headers-$k" "$p/lib/modules/$k/build"
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
step "apt install ./keyedhash-dkms ./keyedhash-tools" \
	apt install "$DEBS/keyedhash-dkms_${VER}_all.deb" "$DEBS/keyedhash-tools_${VER}_$ARCH.deb"
kh_check "$NAME: dkms knows keyedhash/$VER" sh -c "dkms status -m keyedhash -v $VER | grep -q ."
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
kh_check "$NAME: khsum installed (/usr/bin/khsum --help) with its man page" sh -c \
	"/usr/bin/khsum --help > /dev/null && [ -f /usr/share/man/man1/khsum.1.gz ]"

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
	# for the VM that loads it (tests/rig/deb-check.sh)
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

# 5. apt remove: the module goes from every kernel it was built for
step "apt remove keyedhash-dkms keyedhash-tools" apt remove keyedhash-dkms keyedhash-tools
left=$(ls /lib/modules/*/updates/dkms/keyedhash.ko 2>/dev/null)
kh_check "$NAME: after apt remove no keyedhash.ko in any kernel${left:+ (left: $left)}" test -z "$left"
kh_check "$NAME: after apt remove dkms knows no keyedhash, /usr/src/keyedhash-$VER gone" sh -c \
	"[ -z \"\$(dkms status -m keyedhash 2>/dev/null)\" ] && [ ! -e /usr/src/keyedhash-$VER ]"
kh_check "$NAME: after apt remove modules.dep of $LATER has no keyedhash" sh -c \
	"! grep -q keyedhash /lib/modules/$LATER/modules.dep 2>/dev/null"
# removed, not purged: the kernel hooks (conffiles) stay and must do nothing
fake_kernel 6.6.0-98-$ARCH
step "apt install linux-headers-6.6.0-98 (package removed, hooks not purged)" \
	apt install "$W/fake/linux-headers-6.6.0-98-$ARCH.deb"
step "apt purge keyedhash-dkms" apt purge keyedhash-dkms
kh_check "$NAME: after purge no keyedhash kernel hooks" sh -c \
	"! ls /etc/kernel/*/keyedhash-dkms 2>/dev/null | grep -q ."
echo "deb $NAME: done"

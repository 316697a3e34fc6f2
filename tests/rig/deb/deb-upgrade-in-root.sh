#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run by tests/rig/deb/deb-upgrade.sh inside a throw-away copy (overlay) of a
# Debian root, as root: the upgrade matrix of keyedhash-dkms on two
# kernels, A (Debian's) and T (a "twin": another release with A's
# headers), each step with one kernel whose new build fails (its headers
# swapped for a tree that cannot build modules, for that step only):
#
#   1. the released 0.8.0 (built from its own commit), on A and T
#   2. upgrade to this one (make deb's), T failing: 0.8.0's own prerm
#      removes every module first, so T is left without (docs: NEWS,
#      "Upgrading from 0.8.0"); then what NEWS says to do (dpkg-reconfigure)
#   3. downgrade to a snapshot (this package numbered as make deb numbered
#      snapshots before tools/version.sh: 0.8.0+gitN.gHASH), T failing
#   4. upgrade from that snapshot to this one, A failing
#   5. a reinstall of this one, A failing; then dpkg-reconfigure
#   6. purge: nothing left
#
# After each step, dkms status and modinfo -F version for each kernel (in
# the log) and the checks.  Loads nothing.
#
# Usage: deb-upgrade-in-root.sh NAME DEBDIR OLDDIR
#   NAME    deb12 or deb13 (for the messages)
#   DEBDIR  make deb's packages; OLDDIR  the 0.8.0 packages
# Prints one PASS:/FAIL: line per check and "deb-upgrade NAME: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
NAME=$1 DEBS=$2 OLD=$3
VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)	# make deb's (tools/version.sh)
R08=0.8.0
ARCH=$(dpkg --print-architecture)
W=$KH_OUT/deb-upgrade-$NAME-work
rm -rf "$W"
mkdir -p "$W"
LOG=$W/apt.log
N=0
export DEBIAN_FRONTEND=noninteractive
step() { kh_step "$NAME" "$@"; }
said() { grep -q -- "$1" "$W/step-$N.log"; }
apt() { apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-unsafe-io -q -y "$@"; }

# the kernels: A, Debian's (Debian 13: its 6.12, not rt; Debian 12: the
# headers in the root's apt cache, installed first), its headers alone
# left where DKMS looks (the other kernels' build links put aside: each
# build costs CPU time); T, a twin of A
kernels() { ls -d /lib/modules/*/build 2>/dev/null | sed 's|/lib/modules/||; s|/build$||'; }
if [ -z "$(kernels)" ]; then
	h=$(cd /var/cache/apt/archives && ls linux-headers-*-"$ARCH"_*.deb 2>/dev/null |
		sed -n 's/^linux-headers-\([0-9][^_]*-'"$ARCH"'\)_.*/\1/p' | sort -V | tail -1)
	[ -z "$h" ] || step "apt install linux-headers-$h (from the root's apt cache)" \
		apt install --no-download "linux-headers-$h"
fi
A=$(ls -d /lib/modules/*/build 2>/dev/null | sed 's|/lib/modules/||; s|/build$||' |
	grep -v -- -rt- | sort -V | head -1)
if [ -z "$A" ]; then
	kh_fail "$NAME: a Debian kernel with headers in the root"
	echo "deb-upgrade $NAME: done"
	exit 0
fi
AH=$(readlink -f "/lib/modules/$A/build")
for b in /lib/modules/*/build; do
	[ "$b" = "/lib/modules/$A/build" ] || mv "$b" "$b.kh-aside"
done
T=$(printf '%s\n' "$A" | sed 's/^\([0-9]*\.[0-9]*\).*/\1/').0-97-$ARCH
mkdir -p "/lib/modules/$T"
ln -s "$AH" "/lib/modules/$T/build"
KS="$A $T"
echo "kernels: A $A (headers $AH), T $T (a twin: A's headers)"
# a tree that cannot build modules, for the kernel whose build fails
BROKEN=/usr/src/kh-rig-broken-headers
mkdir -p "$BROKEN/include/generated" "$BROKEN/scripts"
printf '#define UTS_RELEASE "broken"\n' > "$BROKEN/include/generated/utsrelease.h"
cat > "$BROKEN/Makefile" <<'EOF'
# tests/rig/deb/deb-upgrade-in-root.sh: a kernel whose build fails
modules clean:
	@echo "keyedhash test rig: this kernel's build fails on purpose" >&2; exit 2
EOF
fail_for() { ln -sfn "$BROKEN" "/lib/modules/$1/build"; }
heal() { ln -sfn "$AH" "/lib/modules/$1/build"; }

modfile() { ls "/lib/modules/$1/updates/dkms/keyedhash.ko"* 2>/dev/null | head -1; }
# the state after a step, in the log: dkms status, each kernel's module
report() {
	{
		echo "--- after step $N: dkms status"
		dkms status -m keyedhash 2>&1
		for k in $KS; do
			m=$(modfile "$k")
			echo "--- $k: modinfo -F version: ${m:+$(modinfo -F version "$m")}${m:-no keyedhash.ko}"
		done
	} >> "$LOG"
}
# kernel K has keyedhash V (modinfo -F version, dkms status), or none
has() { # kernel, version|none
	local m
	m=$(modfile "$1")
	if [ "$2" = none ]; then
		[ -z "$m" ] && ! dkms status -m keyedhash -k "$1" 2>/dev/null | grep -q ': installed'
	else
		[ -n "$m" ] && [ "$(modinfo -F version "$m")" = "$2" ] &&
			dkms status -m keyedhash -v "$2" -k "$1" 2>/dev/null | grep -q ': installed'
	fi
}
expect() { # what, kernel=version...
	local w=$1 kv
	shift
	for kv in "$@"; do
		kh_check "$NAME: $w: ${kv%%=*} has keyedhash ${kv#*=} (modinfo -F version, dkms status)" \
			has "${kv%%=*}" "${kv#*=}"
	done
}
pkgver() { dpkg-query -W -f '${db:Status-Abbrev} ${Version}' "$1" 2>/dev/null; }

# the snapshot: this package as make deb numbered it before
# tools/version.sh (0.8.0+gitN.gHASH: what a tracker of the tree has)
S=$R08+git$(printf '%s\n' "$VER" | sed -n 's/^0\.8\.0\.post\([0-9]*\)+g\([0-9a-f]*\).*/\1.g\2/p')
[ "$S" != "$R08+git" ] || S=$R08+git1.g0000000
d=$W/pkg-s
dpkg-deb -R "$DEBS/keyedhash-dkms_${VER}_all.deb" "$d"
mv "$d/usr/src/keyedhash-$VER" "$d/usr/src/keyedhash-$S"
sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$S\"/" "$d/usr/src/keyedhash-$S/dkms.conf"
sed -i "s/^VER=.*/VER=$S/" "$d/usr/lib/keyedhash-dkms/kernel-hook"
sed -i "s/^Version: .*/Version: $S/" "$d/DEBIAN/control"
(cd "$d" && find usr -type f -exec md5sum {} + > DEBIAN/md5sums)
dpkg-deb -Zgzip -b "$d" "$W/keyedhash-dkms_${S}_all.deb" > /dev/null
kh_check "$NAME: the versions order: $R08 < $S (a snapshot) < $VER (this one)" sh -c \
	"dpkg --compare-versions '$R08' lt '$S' && dpkg --compare-versions '$S' lt '$VER'"

# 1. the released 0.8.0
step "apt install keyedhash-dkms keyedhash-tools $R08 (released, built from its commit)" \
	apt install "$OLD/keyedhash-dkms_${R08}_all.deb" "$OLD/keyedhash-tools_${R08}_$ARCH.deb"
report
expect "$R08 installed" "$A=$R08" "$T=$R08"

# 2. upgrade to this one, T's build failing: 0.8.0's prerm removed every
# module first, so T has none (NEWS: "Upgrading from 0.8.0")
fail_for "$T"
step "apt install keyedhash-dkms keyedhash-tools libkeyedhash0 $VER (upgrade from $R08; $T's build fails)" \
	apt install "$DEBS/keyedhash-dkms_${VER}_all.deb" "$DEBS/keyedhash-tools_${VER}_$ARCH.deb" \
	"$DEBS/libkeyedhash0_${VER}_$ARCH.deb"
report
expect "upgrade $R08 -> $VER" "$A=$VER" "$T=none"
kh_check "$NAME: upgrade $R08 -> $VER: the log says $T's build failed and $T is without keyedhash" \
	said "the build for Linux $T FAILED (dkms exit [0-9]*): Linux $T is installed without keyedhash"
kh_check "$NAME: upgrade $R08 -> $VER: $R08 gone from DKMS and /usr/src, its kernel hooks' names gone" sh -c \
	"[ ! -e /var/lib/dkms/keyedhash/$R08 ] && [ ! -e /usr/src/keyedhash-$R08 ] &&
	 ! ls /etc/kernel/*/keyedhash-dkms 2> /dev/null | grep -q ."
kh_check "$NAME: upgrade $R08 -> $VER: keyedhash-dkms, keyedhash-tools, libkeyedhash0 $VER configured (ii)" sh -c \
	"[ \"\$(dpkg-query -W -f '\${db:Status-Abbrev} \${Version}' keyedhash-dkms)\" = 'ii  $VER' ] &&
	 [ \"\$(dpkg-query -W -f '\${db:Status-Abbrev} \${Version}' keyedhash-tools)\" = 'ii  $VER' ] &&
	 [ \"\$(dpkg-query -W -f '\${db:Status-Abbrev} \${Version}' libkeyedhash0)\" = 'ii  $VER' ]"
# what NEWS says to do: the cause fixed, dpkg-reconfigure keyedhash-dkms
heal "$T"
step "dpkg-reconfigure keyedhash-dkms ($T's headers mended; NEWS)" dpkg-reconfigure keyedhash-dkms
report
expect "dpkg-reconfigure" "$A=$VER" "$T=$VER"

# 3. downgrade to the snapshot, T's build failing: T keeps this one
fail_for "$T"
step "apt install --allow-downgrades keyedhash-dkms $S (downgrade to a snapshot; $T's build fails)" \
	apt install --allow-downgrades "$W/keyedhash-dkms_${S}_all.deb"
heal "$T"
report
expect "downgrade $VER -> $S" "$A=$S" "$T=$VER"
kh_check "$NAME: downgrade $VER -> $S: one line says $T keeps $VER" sh -c \
	"[ \$(grep -c 'the build for Linux $T FAILED (keyedhash $S, dkms exit [0-9]*): Linux $T keeps keyedhash $VER' '$W/step-$N.log') = 1 ]"

# 4. upgrade from the snapshot to this one, A's build failing: A keeps it
fail_for "$A"
step "apt install keyedhash-dkms $VER (upgrade from the snapshot $S; $A's build fails)" \
	apt install "$DEBS/keyedhash-dkms_${VER}_all.deb"
heal "$A"
report
expect "upgrade $S -> $VER" "$A=$S" "$T=$VER"
kh_check "$NAME: upgrade $S -> $VER: one line says $A keeps $S" sh -c \
	"[ \$(grep -c 'the build for Linux $A FAILED (keyedhash $VER, dkms exit [0-9]*): Linux $A keeps keyedhash $S' '$W/step-$N.log') = 1 ]"
kh_check "$NAME: upgrade $S -> $VER: DKMS keeps $S (a kernel has it) and $VER, nothing else" sh -c \
	"[ \"\$(ls /var/lib/dkms/keyedhash | grep -v '^kernel-' | sort | tr '\\n' ' ')\" = \"\$(printf '%s\\n' '$S' '$VER' | sort | tr '\\n' ' ')\" ]"

# 5. a reinstall of the same version, A's build failing: nothing lost;
# then, mended, dpkg-reconfigure gives A this version
fail_for "$A"
step "apt install --reinstall keyedhash-dkms $VER ($A's build fails)" \
	apt install --reinstall "$DEBS/keyedhash-dkms_${VER}_all.deb"
heal "$A"
report
expect "reinstall $VER" "$A=$S" "$T=$VER"
kh_check "$NAME: reinstall $VER: keyedhash-dkms $VER configured (ii)" sh -c \
	"[ \"\$(dpkg-query -W -f '\${db:Status-Abbrev} \${Version}' keyedhash-dkms)\" = 'ii  $VER' ]"
step "dpkg-reconfigure keyedhash-dkms ($A's headers mended)" dpkg-reconfigure keyedhash-dkms
report
expect "dpkg-reconfigure" "$A=$VER" "$T=$VER"
kh_check "$NAME: dpkg-reconfigure: $S gone from DKMS (no kernel has it)" test ! -e "/var/lib/dkms/keyedhash/$S"

# 6. purge: nothing left
step "apt purge keyedhash-dkms keyedhash-tools libkeyedhash0" \
	apt purge keyedhash-dkms keyedhash-tools libkeyedhash0
report
kh_check "$NAME: purge: no keyedhash.ko in any kernel, nothing in DKMS, /usr/src, /etc/kernel, /usr/lib/keyedhash-dkms" sh -c \
	"! ls -d /lib/modules/*/updates/dkms/keyedhash.ko* /var/lib/dkms/keyedhash /usr/src/keyedhash* \
		/etc/kernel/*/*keyedhash* /usr/lib/keyedhash-dkms 2> /dev/null | grep -q . &&
	 [ -z \"\$(dkms status -m keyedhash 2> /dev/null)\" ]"
kh_check "$NAME: purge: dpkg knows none of the packages (not even config-files)" sh -c \
	"! dpkg-query -W -f '\${db:Status-Abbrev}\\n' keyedhash-dkms keyedhash-tools libkeyedhash0 2> /dev/null | grep -q '[a-z]'"
kh_check "$NAME: purge: modules.dep of $A and $T has no keyedhash" sh -c \
	"! grep -q keyedhash /lib/modules/$A/modules.dep /lib/modules/$T/modules.dep 2> /dev/null"
step "dpkg --audit (nothing half-installed)" dpkg --audit
kh_check "$NAME: dpkg --audit reports nothing" test ! -s "$W/step-$N.log"
echo "deb-upgrade $NAME: done"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: make-install.sh DIR KDIR [make args...]
# "make install" and "make uninstall" on the host, into staging roots only
# (DESTDIR, then INSTALL_MOD_PATH, PREFIX): the module, depmod, khsum and its
# man page (without libkcapi khsum has no --kernel and says so); make
# install-module the module alone; bad input (no headers, a kernel older
# than 6.1) gets one line and installs nothing.  DIR is a source copy whose module was
# built against KDIR (build-module.sh; the make args must match that build,
# e.g. W=1, so nothing is rebuilt).  Checks the installed file, depmod's
# modules.dep and modules.alias (every alias of the module), that modprobe
# resolves each crypto-<name> alias to keyedhash in the staged root (-R, a
# lookup that loads nothing) and that uninstall takes it all away again.
# Prints one PASS:/FAIL: line per check and "install: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
W=$1 KDIR=$2
shift 2
KVER=$(sed -n 's/^#define UTS_RELEASE "\(.*\)"/\1/p' "$KDIR/include/generated/utsrelease.h")
ST=$KH_OUT/install-root
ALGS="highwayhash64 highwayhash128 highwayhash256 multimixer128 nhpoly1305 sthash sthash-personalized"
rm -rf "$ST" "$ST-2"
host_had=$(ls /lib/modules/"$KVER"/extra/keyedhash.ko 2>/dev/null || true)
M=$ST/lib/modules/$KVER

# khsum has --kernel where libkcapi is installed (the host has it); make
# install builds khsum with cc, which the Debian 13 root lacks (its kernels
# build with gcc-14): there make install-module, the module alone
KCAPI=no
if pkg-config --exists libkcapi 2> /dev/null || [ -f /usr/include/kcapi.h ]; then
	KCAPI=yes
fi
INST=install
command -v cc > /dev/null || INST=install-module
# bad input: one line, a failed make, nothing installed
bad_input() { # description, expected text, make args...
	local d=$1 want=$2 out rc
	shift 2
	rm -rf "$ST-bad"
	out=$(make -s -C "$W" DESTDIR="$ST-bad" "$@" 2>&1)
	rc=$?
	kh_check "$d: make fails, says '$want', installs nothing" sh -c \
		"[ $rc != 0 ] && printf '%s\n' \"\$1\" | grep -q -- '$want' && [ ! -e '$ST-bad' ]" sh "$out"
	rm -rf "$ST-bad"
}
bad_input "no kernel headers (KDIR=/nonexistent)" "no kernel headers in /nonexistent" \
	KDIR=/nonexistent "$@" $INST
OLDK=$KH_OUT/install-oldkernel
mkdir -p "$OLDK/include/generated"
echo '#define UTS_RELEASE "5.10.0-99-amd64"' > "$OLDK/include/generated/utsrelease.h"
bad_input "a kernel older than 6.1 (5.10.0-99-amd64)" "Linux 5.10.0-99-amd64 is older than 6.1" \
	KDIR="$OLDK" "$@" $INST
rm -rf "$OLDK"

kh_check "make $INST DESTDIR=<staging root> (release $KVER)" \
	make -s -C "$W" KDIR="$KDIR" DESTDIR="$ST" "$@" $INST
kh_check "installed as lib/modules/$KVER/extra/keyedhash.ko, identical to the build" \
	cmp "$W/keyedhash.ko" "$M/extra/keyedhash.ko"
kh_check "vermagic of the installed module starts with $KVER" sh -c \
	"modinfo -F vermagic '$M/extra/keyedhash.ko' | grep -q '^$KVER '"
kh_check "depmod -b wrote modules.dep with extra/keyedhash.ko" \
	grep -q '^extra/keyedhash.ko:' "$M/modules.dep"
aliases=$(modinfo -F alias "$W/keyedhash.ko")
missing=0
for a in $aliases; do
	grep -qx "alias $a keyedhash" "$M/modules.alias" || { echo "    not in modules.alias: $a"; missing=1; }
done
kh_check "modules.alias has all $(echo "$aliases" | wc -w) aliases of the module" test "$missing" = 0
for a in $ALGS; do
	kh_check "crypto-$a in modules.alias" grep -qx "alias crypto-$a keyedhash" "$M/modules.alias"
done
bad=
for a in $aliases; do
	r=$(modprobe -d "$ST" -S "$KVER" -R "$a" 2>/dev/null)
	[ "$r" = keyedhash ] || bad="$bad $a"
done
kh_check "modprobe -R resolves every alias to keyedhash in the staged root${bad:+ (not:$bad)}" test -z "$bad"
kh_check "modprobe --show-depends keyedhash names the staged file (dry run)" sh -c \
	"modprobe -d '$ST' -S '$KVER' --show-depends keyedhash | grep -qx 'insmod $M/extra/keyedhash.ko '"

if [ "$INST" = install ]; then
	kh_check "khsum in PREFIX/bin (/usr/local), identical to build/khsum" \
		cmp "$W/build/khsum" "$ST/usr/local/bin/khsum"
	kh_check "khsum.1 in PREFIX/share/man/man1" cmp "$KH_TOP/tools/khsum.1" "$ST/usr/local/share/man/man1/khsum.1"
	kh_check "make install DESTDIR=<staging root> PREFIX=/usr: /usr/bin/khsum, /usr/share/man/man1/khsum.1" sh -c \
		"make -s -C '$W' KDIR='$KDIR' DESTDIR='$ST-3' PREFIX=/usr $* install &&
		 [ -x '$ST-3/usr/bin/khsum' ] && [ -f '$ST-3/usr/share/man/man1/khsum.1' ] &&
		 make -s -C '$W' KDIR='$KDIR' DESTDIR='$ST-3' PREFIX=/usr $* uninstall &&
		 [ ! -e '$ST-3/usr/bin/khsum' ] && [ ! -e '$ST-3/usr/share/man/man1/khsum.1' ]"
	rm -rf "$ST-3"
	if [ "$KCAPI" = no ]; then
		kh_check "no libkcapi: the installed khsum refuses --kernel, saying it was built without libkcapi" sh -c \
			"out=\$(echo x | '$ST/usr/local/bin/khsum' -a highwayhash256 -k /dev/null --kernel 2>&1);
			 [ \$? = 2 ] && printf '%s\n' \"\$out\" | grep -q 'built without libkcapi'"
	fi
fi

kh_check "make install-module INSTALL_MOD_PATH=<staging root>" sh -c \
	"make -s -C '$W' KDIR='$KDIR' INSTALL_MOD_PATH='$ST-2' $* install-module &&
	 cmp '$W/keyedhash.ko' '$ST-2/lib/modules/$KVER/extra/keyedhash.ko' &&
	 grep -qx 'alias crypto-highwayhash256 keyedhash' '$ST-2/lib/modules/$KVER/modules.alias'"

kh_check "make uninstall DESTDIR=<staging root>" \
	make -s -C "$W" KDIR="$KDIR" DESTDIR="$ST" "$@" uninstall
kh_check "after uninstall: no keyedhash.ko, no keyedhash in modules.dep/modules.alias" sh -c \
	"[ ! -e '$M/extra/keyedhash.ko' ] && ! grep -q keyedhash '$M/modules.dep' '$M/modules.alias'"
kh_check "after uninstall: no khsum, no khsum.1 in the staging root" sh -c \
	"[ ! -e '$ST/usr/local/bin/khsum' ] && [ ! -e '$ST/usr/local/share/man/man1/khsum.1' ]"
kh_check "after uninstall: modprobe -R crypto-highwayhash256 finds nothing" sh -c \
	"! modprobe -d '$ST' -S '$KVER' -R crypto-highwayhash256 >/dev/null 2>&1"
kh_check "the host's /lib/modules/$KVER untouched, nothing loaded" sh -c \
	"[ \"\$(ls /lib/modules/$KVER/extra/keyedhash.ko 2>/dev/null || true)\" = '$host_had' ] &&
	 { [ ! -e /proc/modules ] || ! grep -q '^keyedhash ' /proc/modules; }"
rm -rf "$ST" "$ST-2"
echo "install: done"

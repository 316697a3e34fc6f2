#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: build-module.sh NAME KDIR [make args...]
# Builds the module (and with KH_KUNIT=1 against a KUnit kernel, the
# test seams and keyedhash_kunit.ko) from a
# copy of the sources in build/NAME/, so builds for several kernels and
# architectures can coexist without touching the source tree.  A KDIR of
# the form deb13:DIR is a kernel tree inside the Debian 13 root
# (tests/rig/kernel/deb13.sh): the project's Makefile runs there with KDIR=DIR,
# as a Debian 13 user would run it.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
NAME=$1 KDIR=$2
shift 2
W=$KH_OUT/$NAME
mkdir -p "$W"
rsync -a --delete --exclude=/build --exclude=.git --exclude='*.o' \
	--exclude='*.ko' --exclude='.*.cmd' --exclude='*.mod*' \
	--exclude=modules.order --exclude=Module.symvers --exclude='*.a' \
	"$KH_TOP/" "$W/src/"
# the copy has no git: stamped with this tree's version (tools/version.sh),
# which the module, the library and khsum (make install) carry
sh "$KH_TOP/tools/version.sh" --stamp "$W/src" > /dev/null
# a stale .ko must not pass for a failed build
rm -f "$W"/src/*.ko
set +e
case $KDIR in
deb13:*)
	# as a Debian 13 user would: the project's Makefile, KDIR= (and
	# ARCH=arm64), the compiler Debian's headers name (gcc-14)
	"$(dirname "$0")/../kernel/deb13.sh" run make -s -C "$W/src" KDIR="${KDIR#deb13:}" W=1 "$@" \
		modules > "$W/make.log" 2>&1 ;;
*)
	make -s -C "$KDIR" M="$W/src" W=1 "$@" modules > "$W/make.log" 2>&1 ;;
esac
rc=$?
set -e
grep -v "Skipping BTF" "$W/make.log" || true
[ "$rc" = 0 ] && [ -f "$W/src/keyedhash.ko" ]

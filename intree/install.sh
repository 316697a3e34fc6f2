#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: intree/install.sh KERNEL_SRC
#
# Puts keyedhash into a kernel source tree as crypto/keyedhash/ and hooks it
# into the build: crypto/Kconfig sources crypto/keyedhash/Kconfig (next to
# the hardware drivers' menu) and crypto/Makefile descends into keyedhash/
# for CONFIG_CRYPTO_KEYEDHASH.  Its documentation page, docs/keyedhash.rst,
# becomes Documentation/crypto/keyedhash.rst, listed in the table of
# contents of Documentation/crypto/index.rst.  Then configure as usual
# (CONFIG_CRYPTO_KEYEDHASH=m or =y, CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST for
# the KUnit suites).
#
# Running it again updates the sources (files removed here are removed
# there, unchanged files keep their time stamps, so kbuild rebuilds only
# what changed) and leaves the hooks alone.  Every file of the kernel tree
# it changes is replaced, never written in place, so a tree that shares
# its files with another one through hard links (cp -al) stays intact.
set -euo pipefail
die() { echo "intree-install.sh: $*" >&2; exit 1; }

[ $# = 1 ] || die "usage: $0 KERNEL_SRC"
S=$(realpath "$1")
TOP=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$S/crypto/Kconfig" ] && [ -f "$S/crypto/Makefile" ] && [ -f "$S/Kbuild" ] &&
	[ -f "$S/Documentation/crypto/index.rst" ] ||
	die "$S does not look like a Linux source tree"
D=$S/crypto/keyedhash
mkdir -p "$D"

# The module's sources: what Kbuild and Kconfig name, the KUnit suites and
# the generated vector tables; dkms.conf carries the version (Kbuild).
# Not the out-of-tree Makefile, the tools or the test rig.
rsync -rlt --delete --prune-empty-dirs \
	--exclude='*.mod.c' --exclude='*.o' --exclude='*.ko' --exclude='.*' \
	--include=/Kbuild --include=/Kconfig --include=/dkms.conf --include='/*.c' \
	--include=/core/ --include='/core/*.[ch]' \
	--include='/arch/***' \
	--include=/include/ --include='/include/keyedhash/***' \
	--include=/tests/ --include=/tests/keyedhash-testvecs.h \
	--include=/tests/keyedhash-selftest-vecs.h \
	--include=/tests/kunit/ --include='/tests/kunit/*.[ch]' \
	--exclude='*' "$TOP/" "$D/"
for f in Kbuild Kconfig keyedhash_generic.c include/keyedhash/keyedhash.h; do
	[ -f "$D/$f" ] || die "$D/$f missing after the copy"
done

# Replace FILE by the output of a command reading it.
rewrite() { # file, command...
	local f=$1 t
	shift
	t=$(mktemp "$f.XXXXXX")
	if ! "$@" < "$f" > "$t"; then
		rm -f "$t"
		die "could not update $f"
	fi
	chmod 644 "$t"
	mv "$t" "$f"
}

K=$S/crypto/Kconfig
if ! grep -q '^source "crypto/keyedhash/Kconfig"' "$K"; then
	if grep -q '^source "drivers/crypto/Kconfig"' "$K"; then
		rewrite "$K" sed 's|^source "drivers/crypto/Kconfig"|source "crypto/keyedhash/Kconfig"\n&|'
	else
		die "no 'source \"drivers/crypto/Kconfig\"' line in $K to put ours before"
	fi
fi
M=$S/crypto/Makefile
if ! grep -q '^obj-$(CONFIG_CRYPTO_KEYEDHASH) += keyedhash/' "$M"; then
	rewrite "$M" sed '$a obj-$(CONFIG_CRYPTO_KEYEDHASH) += keyedhash/'
fi
# The documentation page, replaced only when it changes, and its entry in
# the crypto index's toctree (after descore-readme, once).
R=$S/Documentation/crypto/keyedhash.rst
if ! cmp -s "$TOP/docs/keyedhash.rst" "$R"; then
	t=$(mktemp "$R.XXXXXX")
	cp "$TOP/docs/keyedhash.rst" "$t" && chmod 644 "$t" && mv "$t" "$R" ||
		{ rm -f "$t"; die "could not write $R"; }
fi
I=$S/Documentation/crypto/index.rst
if ! grep -q '^   keyedhash$' "$I"; then
	if grep -q '^   descore-readme$' "$I"; then
		rewrite "$I" sed 's|^   descore-readme$|&\n   keyedhash|'
	else
		die "no '   descore-readme' entry in $I to put ours after"
	fi
fi
echo "keyedhash installed in $D"

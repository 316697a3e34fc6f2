#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: intree/install.sh KERNEL_SRC [PROBED_SRC]
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
#
# Older kernels: the sources are written against the newest kernel's API;
# out of tree, include/keyedhash/internal/kversions.h and the probes of Kbuild's
# "kversions" section supply what an older kernel lacks.  None of that goes
# into a kernel tree as it is.  The probes are evaluated against the tree
# (PROBED_SRC, default KERNEL_SRC: mkseries.sh installs into a partial
# copy of the tree and names the tree itself here), and:
#  - a tree that has the newest API (7.x) gets the sources without
#    kversions.h, include/kversions/, the kversions KUnit cases and the Kbuild
#    section: plain code, nothing left to probe;
#  - an older tree (6.1) really lacks that API, and the honest choice is a
#    backport resolved for that tree: kversions.h with its KH_HAVE_* blocks
#    resolved by this tree's probe results (the ones it needs kept, made
#    unconditional, the others removed), include/kversions/ only if the tree
#    lacks <linux/unaligned.h> or <kunit/static_stub.h>, and in place of
#    the probes the plain
#    Kbuild lines that result from them.  No probe and no KH_HAVE_*
#    conditional is left; the sources stay those of the newest kernel.
set -euo pipefail
die() { echo "intree-install.sh: $*" >&2; exit 1; }

[ $# = 1 ] || [ $# = 2 ] || die "usage: $0 KERNEL_SRC [PROBED_SRC]"
S=$(realpath "$1")
P=$(realpath "${2:-$1}")
TOP=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$S/crypto/Kconfig" ] && [ -f "$S/crypto/Makefile" ] && [ -f "$S/Kbuild" ] &&
	[ -f "$S/Documentation/crypto/index.rst" ] ||
	die "$S does not look like a Linux source tree"
D=$S/crypto/keyedhash
mkdir -p "$D"

# The module's sources: what Kbuild and Kconfig name, the KUnit suites and
# the generated vector tables; dkms.conf carries the version (Kbuild).
# Not the out-of-tree Makefile, the tools or the test rig.
# (Kbuild and the kversions files are put in place below, resolved for the
# tree.)
rsync -rlt --delete --prune-empty-dirs \
	--exclude='*.mod.c' --exclude='*.o' --exclude='*.ko' --exclude='.*' \
	--exclude=/Kbuild --exclude=/include/keyedhash/internal/kversions.h \
	--exclude=/include/kversions/ --exclude=/tests/kunit/kversions_kunit.c \
	--include=/Kconfig --include=/dkms.conf --include='/*.c' \
	--include=/lib/ --include='/lib/*.[ch]' \
	--include='/arch/***' \
	--include=/include/ --include='/include/keyedhash/***' \
	--include=/tests/ --include=/tests/keyedhash-testvecs.h \
	--include=/selftest-vecs.h \
	--include=/tests/kunit/ --include='/tests/kunit/*.[ch]' \
	--exclude='*' "$TOP/" "$D/"
for f in Kconfig keyedhash_main.c include/keyedhash/internal/shash.h; do
	[ -f "$D/$f" ] || die "$D/$f missing after the copy"
done

# ---- the kversions files, resolved for the tree P (see the top)
C=$(mktemp -d)
trap 'rm -rf "$C"' EXIT
# Kbuild's kversions section, evaluated by make against P: the probe results
# (-DKH_HAVE_* flags), the kversions include directory if added, the kversions
# KUnit object if added.
sed -n '/^# >>> kversions/,/^# <<< kversions/p' "$TOP/Kbuild" > "$C/section"
grep -q '^# <<< kversions' "$C/section" || die "no kversions section in $TOP/Kbuild"
{
	printf 'KBUILD_EXTMOD := 1\nsrctree := %s\nkh-src := KHSRC\n' "$P"
	cat "$C/section"
	printf 'all:\n\t@echo $(kh-probes)\n\t@echo $(filter -IKHSRC/%%,$(ccflags-y))\n\t@echo $(keyedhash_kunit-y)\n'
} > "$C/probe.mk"
make -s --no-print-directory -f "$C/probe.mk" > "$C/probes" || die "evaluating Kbuild's probes failed"
defs=$(sed -n 1p "$C/probes" | sed 's/-D//g')
cinc=$(sed -n 2p "$C/probes")
ckunit=$(sed -n 3p "$C/probes")
# kversions.h with its top-level #ifdef/#ifndef KH_HAVE_* blocks resolved
# (#else allowed, other conditionals inside them kept as they are); any
# other use of KH_HAVE_* in a directive is refused.  Writes to $C/kept how
# many blocks were kept.
awk -v defs="$defs" -v keptf="$C/kept" '
function active(  i) { for (i = 1; i <= n; i++) if (kind[i] == "kh" && !keep[i]) return 0; return 1 }
# a blank line only after a line that is not (a removed block between two
# blank lines leaves one)
function out(l) { if (l != "" || last != "") print l; last = l }
function fail(msg) { print "intree-install.sh: kversions.h: " msg > "/dev/stderr"; bad = 1; exit 2 }
BEGIN { split(defs, a, " "); for (i in a) def[a[i]] = 1; last = "x" }
/^#[ \t]*(ifdef|ifndef)[ \t]+KH_HAVE_[A-Z0-9_]+[ \t]*$/ {
	l = $0; sub(/^#[ \t]*/, "", l); split(l, w, /[ \t]+/)
	n++; kind[n] = "kh"; keep[n] = (w[2] in def) == (w[1] == "ifdef")
	if (keep[n] && active()) kept++
	next
}
/^#[ \t]*(if|elif)/ && /KH_HAVE_/ { fail("cannot resolve: " $0) }
/^#[ \t]*if/ { n++; kind[n] = "other"; if (active()) out($0); next }
/^#[ \t]*(else|elif)/ && n && kind[n] == "kh" {
	if ($0 ~ /elif/) fail("#elif in a KH_HAVE_ block")
	keep[n] = !keep[n]; if (keep[n] && active()) kept++
	next
}
/^#[ \t]*endif/ { if (!n) fail("#endif without #if"); if (kind[n] == "kh") { n--; next } }
/^#[ \t]*endif/ { if (active()) out($0); n--; next }
{ if (active()) out($0) }
END { if (bad) exit 2; if (n) fail("unbalanced conditionals"); print kept + 0 > keptf }
' "$TOP/include/keyedhash/internal/kversions.h" > "$C/kversions.h" || die "could not resolve kversions.h"
! grep -q '^#.*KH_HAVE_' "$C/kversions.h" || die "a KH_HAVE_* directive is left in kversions.h after resolving it"
needed=
[ "$(cat "$C/kept")" = 0 ] && [ -z "$cinc" ] && [ -z "$ckunit" ] || needed=1
# The tree's Kbuild: the kversions section replaced by what it amounts to here
{
	sed '/^# >>> kversions/,$d' "$TOP/Kbuild"
	if [ -n "$needed" ]; then
		echo "# What this kernel lacks of the API the sources use, supplied by"
		echo "# include/keyedhash/internal/kversions.h, read before every C file."
		echo 'ccflags-y += -include $(kh-src)/include/keyedhash/internal/kversions.h'
		[ -z "$cinc" ] || echo 'ccflags-y += -I$(kh-src)/include/kversions'
		[ -z "$ckunit" ] || echo 'keyedhash_kunit-y += tests/kunit/kversions_kunit.o'
		echo
	fi
	sed '1,/^# <<< kversions/d' "$TOP/Kbuild" | sed '1{/^$/d}'
} > "$C/Kbuild"
# Put FILE (relative to D) from NEW if it differs, a new file renamed over
# the old; with no NEW remove it.
put() { # file, new content's path or ""
	local dst=$D/$1 t
	if [ -z "$2" ]; then
		rm -f "$dst"
		return
	fi
	cmp -s "$2" "$dst" && return 0
	mkdir -p "$(dirname "$dst")"
	t=$(mktemp "$dst.XXXXXX")
	cp "$2" "$t" && chmod 644 "$t" && mv -f "$t" "$dst"
}
put Kbuild "$C/Kbuild"
put include/keyedhash/internal/kversions.h "${needed:+$C/kversions.h}"
put include/kversions/linux/unaligned.h "$([ -n "$cinc" ] && echo "$TOP/include/kversions/linux/unaligned.h")"
put include/kversions/kunit/static_stub.h "$([ -n "$cinc" ] && echo "$TOP/include/kversions/kunit/static_stub.h")"
[ -n "$cinc" ] || rm -rf "$D/include/kversions"
put tests/kunit/kversions_kunit.c "$([ -n "$ckunit" ] && echo "$TOP/tests/kunit/kversions_kunit.c")"

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

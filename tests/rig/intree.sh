#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: intree.sh LOG [SERIES]
# The in-tree build: tools/intree-install.sh puts keyedhash into a copy of
# Debian's linux-source of SERIES (6.1, the default, or 7.x: the newest,
# tests/rig/deb13.sh) as crypto/keyedhash/, kunit.py builds it into a
# KUnit kernel (CONFIG_CRYPTO_KEYEDHASH=y, CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST=y)
# and runs the keyedhash suites under QEMU TCG (-cpu max).  Writes the
# suites' "PASS:"/"FAIL:" lines to LOG, ending with "intree: done".
#
# The pristine tree that kunit-kernel.sh unpacks is never touched: the copy
# ($KH_CACHE/intree-src-SERIES-VERSION) shares its files through hard links and
# intree-install.sh replaces, never edits, the two files it hooks.  Copy and
# build directory stay in the cache (the build keyed like kunit-kernel.sh's
# by config, source version and compiler), so a later run only rebuilds
# crypto/keyedhash/ and relinks.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
LOG=$(realpath -m "$1")
RIG=$KH_TOP/tests/rig
K=$KH_TOP/tests/kunit
: > "$LOG"
pass() { echo "PASS: $*" >> "$LOG"; }
fail() { echo "FAIL: $*" >> "$LOG"; }
done_() { echo "intree: done" >> "$LOG"; }

SERIES=${2:-6.1}
if [ "$SERIES" = 6.1 ]; then
	SRCVER=$(dpkg-query -W -f='${Version}' linux-source-6.1)
	SRC=$KH_CACHE/linux-source-6.1-$SRCVER
	# kunit-kernel.sh unpacks the pristine tree (and stops at the bad arch)
	[ -f "$SRC/.unpacked" ] || bash "$RIG/kunit-kernel.sh" unpack > /dev/null 2>&1 || true
else
	SRC=$("$RIG/deb13.sh" source "$SERIES") || true
	SRCVER=${SRC##*/linux-source-}
fi
[ -f "$SRC/.unpacked" ] || { fail "linux-source ($SERIES) $SRCVER unpacked"; done_; exit 0; }

T=$KH_CACHE/intree-src-$SERIES-$SRCVER
if [ ! -f "$T/.copied" ]; then
	kh_log "hard-link copy of linux-source $SRCVER for the in-tree build"
	rm -rf "$T"
	for d in "$KH_CACHE"/intree-src-"$SERIES"-*; do [ -e "$d" ] && rm -rf "$d"; done
	cp -al "$SRC" "$T"
	touch "$T/.copied"
fi
if "$KH_TOP/tools/intree-install.sh" "$T" > "$LOG.install" 2>&1 &&
	"$KH_TOP/tools/intree-install.sh" "$T" >> "$LOG.install" 2>&1 &&
	[ "$(grep -c '^source "crypto/keyedhash/Kconfig"' "$T/crypto/Kconfig")" = 1 ] &&
	[ "$(grep -c 'keyedhash/' "$T/crypto/Makefile")" = 1 ] &&
	diff -rq -x keyedhash -x Kconfig -x Makefile "$SRC/crypto" "$T/crypto" > /dev/null &&
	! grep -q keyedhash "$SRC/crypto/Kconfig" "$SRC/crypto/Makefile" &&
	[ ! -e "$SRC/crypto/keyedhash" ]; then
	pass "intree-install.sh into linux-source $SRCVER: crypto/keyedhash/ and one Kconfig/Makefile hook each, run twice; pristine tree untouched"
else
	cat "$LOG.install"
	fail "intree-install.sh hooks crypto/Kconfig and crypto/Makefile once, pristine tree untouched"
	done_
	exit 0
fi

CFG=$KH_OUT/intree-$SERIES.kunitconfig
# (the copy: keyedhash's Kconfig options are defined there, not in SRC)
kh_kunitconfig "$T" "$SERIES" x86_64 "$RIG/intree.kunitconfig" > "$CFG"
KEY=$( (echo "intree x86_64"; cat "$CFG"; echo "$SRCVER"; gcc --version | head -1;
	cat "$SRC/tools/testing/kunit/qemu_configs/x86_64.py") | sha256sum | cut -c1-16)
B=$KH_CACHE/intree-$SERIES-x86_64-$KEY
for d in "$KH_CACHE"/intree-"$SERIES"-x86_64-*; do
	[ -e "$d" ] && [ "$d" != "$B" ] && rm -rf "$d"
done
[ -f "$B/.config" ] || kh_log "cold in-tree kernel build (key $KEY): several minutes"
kh_log "kunit.py run: keyedhash in-tree, Linux $SERIES ($SRCVER), x86_64 -cpu max"
rc=0
(cd "$T" && nice -n 10 python3 tools/testing/kunit/kunit.py run --arch=x86_64 \
	--kunitconfig="$CFG" --build_dir="$B" --jobs="$(nproc)" --timeout=900 \
	--qemu_args='-accel tcg -cpu max' 'keyedhash-*') \
	> "$LOG.kunit" 2>&1 || rc=$?
if grep -q "CONFIG_CRYPTO_KEYEDHASH=y" "$B/.config" 2>/dev/null &&
	[ -f "$B/crypto/keyedhash/built-in.a" ] &&
	grep -q "keyedhash_mod_init" "$B/System.map" 2>/dev/null; then
	pass "in-tree build ($SERIES): CONFIG_CRYPTO_KEYEDHASH=y, crypto/keyedhash/ linked into vmlinux"
else
	tail -40 "$LOG.kunit"
	fail "in-tree build with CONFIG_CRYPTO_KEYEDHASH=y"
	done_
	exit 0
fi
python3 "$RIG/ktap.py" "$B/test.log" "keyedhash-" "$KH_TOP/tests/kunit/keyedhash_kunit.c" >> "$LOG" 2>&1 || true
if grep -q "keyedhash: registered" "$B/test.log"; then
	pass "built-in keyedhash registered its drivers at boot: $(grep -o 'keyedhash: registered.*' "$B/test.log" | head -1)"
else
	fail "built-in keyedhash registered its drivers at boot"
fi
echo "kunit.py exit status: $rc" >> "$LOG"
done_

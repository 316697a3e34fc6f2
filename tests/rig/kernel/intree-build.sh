#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: intree-build.sh LOG [SERIES]
# The in-tree build from the patch series: intree/mkseries.sh writes the
# series for Debian's linux-source of SERIES (6.1, the default, or 7.x: the
# newest, tests/rig/kernel/deb13.sh), each patch must pass checkpatch.pl --strict
# of the newest tree and apply with `git am` (and `patch -p1`) to the
# pristine files; the result goes into a copy of the tree, kunit.py builds
# it into a KUnit kernel with keyedhash built in, testmgr's full self-tests
# (fuzzing against the generic drivers) and tcrypt, and boots it under
# QEMU TCG (-cpu max) with tcrypt.mode=300 (every sync hash speed mode,
# keyedhash's among them).  tests/rig/kernel/intree_testmgr.c, built in beside the
# series, reports testmgr's verdicts (tests/rig/kernel/intree-check.py reads them).
# Writes "PASS:"/"FAIL:" lines to LOG, ending with "intree: done".
#
# The pristine tree that kunit-kernel.sh unpacks is never touched: the copy
# ($KH_CACHE/intree-src-SERIES-VERSION) shares its files through hard links,
# and a file is only ever replaced, never written in place, and only when
# its content changes (so kbuild rebuilds only what changed).  Copy and
# build directory stay in the cache (the build keyed like kunit-kernel.sh's
# by config, source version and compiler; a build directory of an older key
# for the same source is reused, kbuild rebuilding what the new
# configuration changes), so a later run rebuilds little and relinks.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
LOG=$(realpath -m "$1")
RIG=$KH_TOP/tests/rig
: > "$LOG"
pass() { echo "PASS: $*" >> "$LOG"; }
fail() { echo "FAIL: $*" >> "$LOG"; }
done_() { echo "intree: done" >> "$LOG"; }
check() { # description, command...
	local d=$1
	shift
	if "$@" >> "$LOG.detail" 2>&1; then pass "$d"; else fail "$d"; fi
}
: > "$LOG.detail"

SERIES=${2:-6.1}
if [ "$SERIES" = 6.1 ]; then
	SRCVER=$(dpkg-query -W -f='${Version}' linux-source-6.1)
	SRC=$KH_CACHE/linux-source-6.1-$SRCVER
	# kunit-kernel.sh unpacks the pristine tree (and stops at the bad arch)
	[ -f "$SRC/.unpacked" ] || bash "$RIG/kernel/kunit-kernel.sh" unpack > /dev/null 2>&1 || true
else
	SRC=$("$RIG/kernel/deb13.sh" source "$SERIES") || true
	SRCVER=${SRC##*/linux-source-}
fi
[ -f "$SRC/.unpacked" ] || { fail "linux-source ($SERIES) $SRCVER unpacked"; done_; exit 0; }
NEWEST=$("$RIG/kernel/deb13.sh" source 7.x) || NEWEST=

# ---- the series
# KH_INTREE_BREAK=NAME: a series with a wrong digest in NAME's first
# testmgr vector (intree/mkseries.sh --break), which must fail the tier.
SER=$KH_OUT/intree-series-$SERIES
BREAK=()
[ -z "${KH_INTREE_BREAK:-}" ] || BREAK=(--break "$KH_INTREE_BREAK")
if "$KH_TOP/intree/mkseries.sh" "${BREAK[@]}" "$SRC" "$SER" > "$LOG.series" 2>&1; then
	mapfile -t PATCHES < <(cd "$SER" && ls -1 [0-9][0-9][0-9][0-9]-*.patch)
	pass "intree/mkseries.sh: ${#PATCHES[@]} patches for linux-source $SRCVER in ${SER#$KH_TOP/}: ${PATCHES[*]}"
else
	cat "$LOG.series" >> "$LOG"
	fail "intree/mkseries.sh writes a series for linux-source $SRCVER"
	done_
	exit 0
fi
for p in "${PATCHES[@]}"; do
	if [ -z "$NEWEST" ]; then
		fail "$p: checkpatch.pl --strict (no 7.x linux-source for the script)"
	elif (cd "$NEWEST" && perl scripts/checkpatch.pl --strict --quiet "$SER/$p") > "$LOG.checkpatch" 2>&1; then
		pass "$p: checkpatch.pl --strict of ${NEWEST##*/} is clean"
	else
		sed 's/^/    /' "$LOG.checkpatch" >> "$LOG"
		fail "$p: checkpatch.pl --strict of ${NEWEST##*/}"
	fi
done

# ---- git am onto the pristine files the series touches, and patch -p1
O=$KH_OUT/intree-am-$SERIES
rm -rf "$O"
mkdir -p "$O"
TOUCHED=$(cd "$SER" && sed -n 's|^diff --git a/\(.*\) b/.*|\1|p' "${PATCHES[@]}" | sort -u)
for f in Kbuild $TOUCHED; do
	[ -f "$SRC/$f" ] && install -D -m 644 "$SRC/$f" "$O/$f"
done
gitO() { git -C "$O" -c user.name=rig -c user.email=rig@example.invalid -c commit.gpgsign=false "$@"; }
gitO init -q && gitO add -A && gitO commit -q -m pristine
if (cd "$SER" && gitO am -q "${PATCHES[@]/#/$SER/}") > "$LOG.am" 2>&1; then
	pass "git am applies the series to the pristine files of linux-source $SRCVER"
else
	cat "$LOG.am" >> "$LOG"
	fail "git am applies the series to linux-source $SRCVER"
	done_
	exit 0
fi
check "patch -p1 applies the series too (dry run on the pristine tree)" \
	sh -c "cat $(printf '%q ' "${PATCHES[@]/#/$SER/}") | patch -p1 --dry-run -s -d '$SRC'"
check "intree/install.sh over the applied series changes nothing (the series is what it installs; hooks once)" \
	sh -c "'$KH_TOP/intree/install.sh' '$O' '$SRC' && [ -z \"\$(git -C '$O' status --porcelain)\" ]"

# ---- into the copy of the tree, with the rig's own suite beside it
T=$KH_CACHE/intree-src-$SERIES-$SRCVER
if [ ! -f "$T/.copied" ]; then
	kh_log "hard-link copy of linux-source $SRCVER for the in-tree build"
	rm -rf "$T"
	for d in "$KH_CACHE"/intree-src-"$SERIES"-*; do [ -e "$d" ] && rm -rf "$d"; done
	cp -al "$SRC" "$T"
	touch "$T/.copied"
fi
# Replace T/FILE by NEW when they differ (a new file, renamed over it).
put() { # file relative to T, new content's path
	local dst=$T/$1
	cmp -s "$2" "$dst" && return 0
	mkdir -p "$(dirname "$dst")"
	cp "$2" "$dst.kh-new" && chmod 644 "$dst.kh-new" && mv -f "$dst.kh-new" "$dst"
}
R=$KH_OUT/intree-rig-$SERIES
rm -rf "$R"
mkdir -p "$R"
cp "$O/crypto/Makefile" "$R/Makefile.crypto"
echo 'obj-y += keyedhash-rig/' >> "$R/Makefile.crypto"
echo 'obj-$(CONFIG_KUNIT) += intree_testmgr.o' > "$R/Makefile.rig"
while IFS= read -r f; do
	[ "$f" = crypto/Makefile ] || put "$f" "$O/$f"
done < <(git -C "$O" ls-files)
put crypto/Makefile "$R/Makefile.crypto"
put crypto/keyedhash-rig/Makefile "$R/Makefile.rig"
put crypto/keyedhash-rig/intree_testmgr.c "$RIG/kernel/intree_testmgr.c"
# files the sources no longer have
(cd "$T/crypto/keyedhash" && find . -type f) | while IFS= read -r f; do
	[ -e "$O/crypto/keyedhash/$f" ] || rm -f "$T/crypto/keyedhash/$f"
done
pristine() {
	for f in $TOUCHED; do
		[ -f "$SRC/$f" ] || continue
		! grep -q keyedhash "$SRC/$f" || { echo "$SRC/$f has keyedhash"; return 1; }
	done
	[ ! -e "$SRC/crypto/keyedhash" ] &&
		diff -rq -x keyedhash -x keyedhash-rig -x Kconfig -x Makefile -x 'testmgr.[ch]' \
			-x 'tcrypt.[ch]' "$SRC/crypto" "$T/crypto"
}
check "the series is in the copy of linux-source $SRCVER, the pristine tree untouched" pristine

# ---- build and boot
CFG=$KH_OUT/intree-$SERIES.kunitconfig
# The copy's Kconfig, which has keyedhash's options, decides what is dropped.
kh_kunitconfig "$T" "$SERIES" x86_64 "$RIG/kernel/intree.kunitconfig" > "$CFG" 2> "$LOG.kconfig"
sed 's/^/    /' "$LOG.kconfig" >> "$LOG.detail"
KEY=$( (echo "intree x86_64"; cat "$CFG"; echo "$SRCVER"; gcc --version | head -1;
	cat "$SRC/tools/testing/kunit/qemu_configs/x86_64.py") | sha256sum | cut -c1-16)
B=$KH_CACHE/intree-$SERIES-x86_64-$KEY
for d in "$KH_CACHE"/intree-"$SERIES"-x86_64-*; do
	[ -e "$d" ] && [ "$d" != "$B" ] || continue
	if [ ! -e "$B" ] && [ "$(cat "$d/.kh-srcver" 2>/dev/null)" = "$SRCVER" ]; then
		kh_log "reusing $(basename "$d") for key $KEY: kbuild rebuilds what the configuration changes"
		mv "$d" "$B"
	else
		rm -rf "$d"
	fi
done
# A first build starts from the series' x86_64 KUnit kernel
# (tests/rig/kernel/kunit-kernel.sh, built once, or being built by check.sh in
# the background): its configuration is this one without keyedhash, the
# in-tree suite and testmgr's/tcrypt's options, so kbuild only builds what
# those and the series change, then relinks.  For that, while kunit.py
# runs (a private mount namespace), the patched copy is bound over the
# pristine tree's path and the build directory over the KUnit kernel's
# (recorded in .kh-objtree), so that the commands and dependencies kbuild
# and its host tools (objtool) recorded name the same files.
if [ ! -f "$B/vmlinux" ]; then
	if K=$(KH_KSERIES=$SERIES "$RIG/kernel/kunit-kernel.sh" x86_64 2> "$LOG.kunit-kernel"); then
		kh_log "in-tree kernel (key $KEY): from the KUnit kernel $(basename "$K")"
		rm -rf "$B" && mkdir -p "$B"
		cp -a "$K/." "$B/"
		rm -f "$B/.done"
		echo "$K" > "$B/.kh-objtree"
		echo "in-tree kernel started from the KUnit kernel $(basename "$K")" >> "$LOG.detail"
	else
		sed 's/^/    /' "$LOG.kunit-kernel" >> "$LOG.detail"
		kh_log "cold in-tree kernel build (key $KEY; no KUnit kernel): several minutes"
	fi
fi
mkdir -p "$B"
echo "$SRCVER" > "$B/.kh-srcver"
kh_log "kunit.py run: keyedhash in-tree from the series, Linux $SERIES ($SRCVER), x86_64 -cpu max"
# QEMU TCG: newer kunit.py asks for "-accel kvm -accel hvf -accel tcg"
# itself, and KVM, where there is one, refuses -cpu max.  A wrapper first in
# PATH drops the other accelerators, then runs the QEMU PATH had (make
# check's: tests/rig/kernel/qemu.sh).
QB=$KH_OUT/intree-qemu-$SERIES
QEMU=$(command -v qemu-system-x86_64) || kh_die "no qemu-system-x86_64 in PATH"
mkdir -p "$QB"
cat > "$QB/qemu-system-x86_64" <<'EOF'
#!/bin/sh
# tests/rig/kernel/intree-build.sh: QEMU without the kvm and hvf accelerators
n=$#
while [ "$n" -gt 0 ]; do
	a=$1
	shift
	n=$((n - 1))
	if [ "$a" = -accel ] && { [ "$1" = kvm ] || [ "$1" = hvf ]; }; then
		shift
		n=$((n - 1))
		continue
	fi
	set -- "$@" "$a"
done
EOF
echo "exec '$QEMU' \"\$@\"" >> "$QB/qemu-system-x86_64"
chmod +x "$QB/qemu-system-x86_64"
rc=0
t0=$(date +%s)
# the build directory's path as kbuild knows it (see above)
OBJ=$(cat "$B/.kh-objtree" 2>/dev/null || echo "$B")
mkdir -p "$OBJ"
PATH=$QB:$PATH unshare --mount --fork sh -c 'mount --bind "$1" "$2" && cd "$2" &&
	{ [ "$3" = "$4" ] || mount --bind "$3" "$4"; } && shift 4 &&
	exec nice -n 10 python3 tools/testing/kunit/kunit.py run "$@"' intree "$T" "$SRC" "$B" "$OBJ" \
	--arch=x86_64 --kunitconfig="$CFG" --build_dir="$OBJ" --jobs="$(nproc)" --timeout=900 \
	--qemu_args='-accel tcg -cpu max' \
	--kernel_args=tcrypt.mode=300 --kernel_args=tcrypt.sec=0 \
	$(kh_guest_clock_args x86_64 | sed 's/[^ ]*/--kernel_args=&/g') 'keyedhash-*' \
	> "$LOG.kunit" 2>&1 || rc=$?
echo "kunit.py: exit status $rc after $(( $(date +%s) - t0 ))s; $(grep -o 'Elapsed time:.*' "$LOG.kunit" | tail -1)" >> "$LOG"
if grep -q "CONFIG_CRYPTO_KEYEDHASH=y" "$B/.config" 2>/dev/null &&
	[ -f "$B/crypto/keyedhash/built-in.a" ] &&
	grep -q "keyedhash_mod_init" "$B/System.map" 2>/dev/null; then
	pass "in-tree build ($SERIES): CONFIG_CRYPTO_KEYEDHASH=y, crypto/keyedhash/ linked into vmlinux"
else
	tail -40 "$LOG.kunit" >> "$LOG"
	fail "in-tree build with CONFIG_CRYPTO_KEYEDHASH=y"
	done_
	exit 0
fi
cp "$B/test.log" "$LOG.console"
# The broken cases of the rig's suite provoke testmgr failures (and their
# WARN splats) on purpose, between their begin and end lines: ktap.py reads
# the log without them, intree-check.py checks them.
awk '/keyedhash-intree: broken [a-z]*: begin/ { skip = 1 } !skip { print }
	/keyedhash-intree: broken [a-z]*: end/ { skip = 0 }' "$LOG.console" > "$LOG.ktap"
python3 "$RIG/kernel/ktap.py" "$LOG.ktap" "keyedhash-" "$KH_TOP/tests/kunit/keyedhash_kunit.c" >> "$LOG" 2>&1 || true
python3 "$RIG/kernel/intree-check.py" "$LOG.console" "$B/.config" "$T/crypto/tcrypt.c" >> "$LOG" 2>&1 ||
	fail "intree-check.py ran to its end"
# the guest's clock: kunit.py's VM boots with the TSC frequency given
# (tests/rig/lib.sh, kh_guest_clock_args), so no calibration of its own
# (grep finds nothing when all is well: not a failure under pipefail)
eval "$(grep '^KH_TSC_FAILED=' "$KH_TOP/tests/vm/lib-guest.sh")"
tsc=$(grep -a -E "$KH_TSC_FAILED" "$LOG.console" | head -3 || true)
if [ -z "$tsc" ]; then
	pass "in-tree KUnit VM ($SERIES): no TSC calibration failure, no TSC marked unstable"
else
	fail "in-tree KUnit VM ($SERIES): the kernel reports a TSC calibration failure or an unstable TSC: $tsc"
fi
done_

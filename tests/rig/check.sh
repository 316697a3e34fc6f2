#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check: every test tier, ending with "N passed, N failed".
#
#   host   vector files re-verified (with ../shared when present), generated
#          tables up to date, the module's self-test run natively, checkpatch,
#          x86_64 and arm64 builds with W=1, the userspace tools
#   vm     Debian's own 6.1 kernels under QEMU TCG: x86_64 -cpu max,
#          x86_64 -cpu max,-avx2, arm64 -cpu max
#   kunit  keyedhash_kunit.ko in a cached KUnit kernel, x86_64 and arm64
#
# KH_TIERS selects tiers (default "host vm kunit"); KH_SEED seeds the random
# splits of the AF_ALG test (default: a new seed each run, printed).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
TIERS=${KH_TIERS:-host vm kunit}
SEED=${KH_SEED:-$(date +%s)}
RIG=$KH_TOP/tests/rig
LOGS=$KH_OUT/logs
SHARED=$(cd "$KH_TOP/.." && pwd)/shared
START=$(date +%s)
declare -A TIER_PASS TIER_FAIL

bash "$RIG/deps.sh" || kh_die "could not install the dependencies"
KVER=$(kh_kver)
KDIR=/lib/modules/$KVER/build
mkdir -p "$LOGS"
kh_log "Debian kernel $KVER; AF_ALG split seed $SEED"

tier_begin() { kh_log "tier: $1"; P0=$KH_PASS; F0=$KH_FAIL; }
tier_end() { TIER_PASS[$1]=$((KH_PASS - P0)); TIER_FAIL[$1]=$((KH_FAIL - F0)); }

# Count the PASS:/FAIL: lines a log reports, and require its end marker.
count_log() { # description, log, end-marker
	local p f
	p=$(grep -c '^PASS: ' "$2")
	f=$(grep -c '^FAIL: ' "$2")
	grep '^FAIL: ' "$2" | sed "s|^|    [$1] |"
	KH_PASS=$((KH_PASS + p))
	KH_FAIL=$((KH_FAIL + f))
	echo "    $1: $p passed, $f failed (log: ${2#$KH_TOP/})"
	if ! grep -q "$3" "$2"; then
		kh_fail "$1: run did not complete"
		tail -30 "$2"
	fi
}

# Build with W=1 and fail on any compiler warning.
build_clean() { # name, kdir, make args...
	local name=$1 log=$LOGS/build-$1.log
	shift
	if "$RIG/build-module.sh" "$name" "$@" > "$log" 2>&1 && ! grep -q "warning:" "$log"; then
		return 0
	fi
	cat "$log"
	return 1
}

# Static userspace programs for the VMs: build/tools-ARCH/.
build_tools() { # arch, cc
	local o=$KH_OUT/tools-$1 cc=$2 f="-O2 -Wall -Wextra -static"
	mkdir -p "$o"
	$cc $f -o "$o/finit" "$RIG/finit.c" &&
	$cc $f -I"$KH_TOP/tools" -o "$o/kh-afalg-test" \
		"$KH_TOP/tests/afalg/kh_afalg_test.c" "$KH_TOP/tools/afalg.c" &&
	$cc $f -I"$KH_TOP/tools" -o "$o/khsum" "$KH_TOP/tools/khsum.c" "$KH_TOP/tools/afalg.c"
}

checkpatch() {
	local src cp files
	src=$(ls -d "$KH_CACHE"/linux-source-6.1-*/ 2>/dev/null | head -1)
	if [ -z "$src" ]; then
		bash "$RIG/kunit-kernel.sh" unpack >/dev/null 2>&1
		src=$(ls -d "$KH_CACHE"/linux-source-6.1-*/ | head -1)
	fi
	cp=$src/scripts/checkpatch.pl
	files=$(cd "$KH_TOP" && git ls-files -co --exclude-standard -- '*.c' '*.h' '*.S' \
		| grep -v -e '^tools/' -e '^tests/afalg/' -e '^tests/rig/')
	(cd "$KH_TOP" && perl "$cp" --strict --no-tree --quiet -f $files)
}

# ------------------------------------------------------------------ host
if [[ " $TIERS " == *" host "* ]]; then
	tier_begin host
	if [ -f "$SHARED/reference/check_vectors.py" ]; then
		kh_check "tests/vectors re-verified by the reference models" \
			python3 "$SHARED/reference/check_vectors.py" --stream "$KH_TOP/tests/vectors"
		kh_check "tests/vectors identical to ../shared/vectors" \
			diff -r -x README.md "$SHARED/vectors" "$KH_TOP/tests/vectors"
		kh_check "tests/all-lens.tsv matches the reference models" \
			python3 "$KH_TOP/tools/gen-all-lens.py" --ref "$SHARED/reference" --check
	else
		echo "    (no ../shared: reference re-verification not available here)"
	fi
	kh_check "tests/keyedhash-testvecs.h generated from tests/vectors" \
		python3 "$KH_TOP/tools/gen-testvecs.py" --check
	make -s -C "$KH_TOP" hosttest > "$LOGS/hosttest.log" 2>&1
	count_log "host self-test (generic C)" "$LOGS/hosttest.log" "^hosttest:"
	for t in "$KH_TOP"/tools/hosttest-*.c; do
		[ -e "$t" ] || continue
		n=$(basename "$t" .c)
		make -s -C "$KH_TOP" "$KH_OUT/$n" > "$LOGS/$n.log" 2>&1 &&
			"$KH_OUT/$n" >> "$LOGS/$n.log" 2>&1
		kh_check "$n: $(tail -1 "$LOGS/$n.log")" test $? = 0
	done
	kh_check "checkpatch.pl --strict" checkpatch
	kh_check "x86_64 build, W=1 warning-free ($KVER)" build_clean x86_64 "$KDIR"
	ARM64ROOT=$("$RIG/arm64-root.sh")
	ARMHDR=$(ls -d "$ARM64ROOT"/usr/src/linux-headers-*-arm64 | head -1)
	kh_check "arm64 cross-build, W=1 warning-free ($(basename "$ARMHDR"))" \
		build_clean arm64 "$ARMHDR" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
	kh_check "plain kbuild: make -C <headers> M=\$PWD modules" bash -c \
		"rm -rf '$KH_OUT/plain' && git -C '$KH_TOP' ls-files -co --exclude-standard | \
		 rsync -a --files-from=- '$KH_TOP/' '$KH_OUT/plain/' && \
		 make -s -C '$KDIR' M='$KH_OUT/plain' modules >/dev/null 2>&1 && \
		 test -f '$KH_OUT/plain/keyedhash.ko'"
	kh_check "userspace tools, x86_64 (static)" build_tools x86_64 gcc
	kh_check "userspace tools, arm64 (static)" build_tools arm64 aarch64-linux-gnu-gcc
	tier_end host
fi

# -------------------------------------------------------------------- vm
# The expected drivers per CPU model come from the module's own tables.
expected_drivers() { "$KH_OUT/hosttest" --list; }

vm_run() { # label, arch, cpu, kernel, kver, root, module
	local label=$1 arch=$2 cpu=$3 kernel=$4 kver=$5 root=$6 ko=$7
	local t=$KH_OUT/tools-$arch ird=$KH_OUT/vm-$label.cpio.gz log=$LOGS/vm-$label.log
	local extra=$KH_OUT/vm-$label
	rm -rf "$extra" && mkdir -p "$extra"
	expected_drivers > "$extra/expected.txt"
	"$RIG/samples.sh" "$extra/samples"
	printf 'KH_SEED=%s\n' "$SEED" > "$extra/env"
	"$RIG/mkinitramfs.sh" "$ird" "$arch" "$root" "$kver" "$KH_TOP/tests/vm/debian.sh" \
		"$ko" "$t/finit" "$t/kh-afalg-test" "$t/khsum" \
		"$extra/expected.txt" "$extra/env" "$KH_TOP/tests/vectors:/vectors" \
		"$extra/samples:/samples" "$extra/samples/sample.txt"
	kh_log "  booting $label"
	"$RIG/vm.sh" "$arch" "$cpu" "$kernel" "$ird" "$log"
	count_log "VM $label" "$log" "^=== VM done"
}

if [[ " $TIERS " == *" vm "* ]]; then
	tier_begin vm
	# (re)build what the VMs run; incremental when the host tier just did
	make -s -C "$KH_TOP" "$KH_OUT/hosttest" >/dev/null
	ARM64ROOT=$("$RIG/arm64-root.sh")
	KVER_ARM=${KVER%-amd64}-arm64
	kh_check "x86_64 module and tools for the VMs" eval 'build_clean x86_64 "$KDIR" && build_tools x86_64 gcc'
	kh_check "arm64 module and tools for the VMs" eval 'build_clean arm64 \
		"$ARM64ROOT/usr/src/linux-headers-$KVER_ARM" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- &&
		build_tools arm64 aarch64-linux-gnu-gcc'
	vm_run x86_64-max x86_64 max "/boot/vmlinuz-$KVER" "$KVER" / \
		"$KH_OUT/x86_64/src/keyedhash.ko"
	vm_run x86_64-noavx2 x86_64 max,-avx2 "/boot/vmlinuz-$KVER" "$KVER" / \
		"$KH_OUT/x86_64/src/keyedhash.ko"
	vm_run arm64-max arm64 max,pauth-impdef=on "$ARM64ROOT/boot/vmlinuz-$KVER_ARM" \
		"$KVER_ARM" "$ARM64ROOT" "$KH_OUT/arm64/src/keyedhash.ko"
	tier_end vm
fi

# ----------------------------------------------------------------- kunit
kunit_run() { # arch, cpu
	local arch=$1 cpu=$2 b img root mk=() log=$LOGS/kunit-$1.log t=$KH_OUT/tools-$1
	local w=$KH_OUT/kunit-$arch/src
	[ "$arch" = arm64 ] && mk=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
	if ! b=$("$RIG/kunit-kernel.sh" "$arch" 2> "$LOGS/kunit-kernel-$arch.log"); then
		tail -20 "$LOGS/kunit-kernel-$arch.log"
		kh_fail "KUnit kernel $arch builds"
		return
	fi
	if ! build_clean "kunit-$arch" "$b" "${mk[@]}" || [ ! -f "$w/keyedhash_kunit.ko" ]; then
		kh_fail "keyedhash_kunit.ko builds against the $arch KUnit kernel"
		return
	fi
	img=$b/arch/x86/boot/bzImage root=/
	if [ "$arch" = arm64 ]; then
		img=$b/arch/arm64/boot/Image.gz
		root=$("$RIG/arm64-root.sh")	# for its busybox
	fi
	"$RIG/mkinitramfs.sh" "$KH_OUT/kunit-$arch.cpio.gz" "$arch" "$root" none \
		"$KH_TOP/tests/vm/kunit.sh" "$t/finit" "$w/keyedhash.ko" "$w/keyedhash_kunit.ko"
	kh_log "  booting the $arch KUnit kernel"
	"$RIG/vm.sh" "$arch" "$cpu" "$img" "$KH_OUT/kunit-$arch.cpio.gz" "$log" "kunit.filter_glob=none"
	python3 "$RIG/ktap.py" "$log" "keyedhash-" > "$LOGS/kunit-$arch.summary" 2>&1
	grep -c "^PASS" "$LOGS/kunit-$arch.summary" >/dev/null
	count_log "KUnit $arch" "$LOGS/kunit-$arch.summary" "^ktap: parsed"
	count_log "KUnit $arch VM" "$log" "^=== VM done"
}

if [[ " $TIERS " == *" kunit "* ]]; then
	tier_begin kunit
	build_tools x86_64 gcc && build_tools arm64 aarch64-linux-gnu-gcc
	kunit_run x86_64 max
	kunit_run arm64 max,pauth-impdef=on
	tier_end kunit
fi

echo
echo "================ summary ($(( $(date +%s) - START ))s)"
for t in host vm kunit; do
	[ -n "${TIER_PASS[$t]+x}" ] && printf '  %-6s %4d passed, %d failed\n' "$t" "${TIER_PASS[$t]}" "${TIER_FAIL[$t]}"
done
echo "$KH_PASS passed, $KH_FAIL failed"
[ "$KH_FAIL" = 0 ]

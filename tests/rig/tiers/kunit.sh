# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The kunit tier of make check (sourced by tests/rig/check.sh): run_kunit.

kunit_run() { # series, arch, cpu[, variant]
	local series=$1 arch=$2 cpu=$3 v=${4:-} b img root mk=() t=$KH_OUT/tools-$2
	local name=kunit-$series-$arch${4:+-$4}
	local log=$LOGS/$name.log w=$KH_OUT/$name/src
	[ "$arch" = arm64 ] && mk=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
	# (the label names the variant, e.g. "x86_64 rt")
	arch=$arch${v:+ $v}
	kh_kernel_wait "$series:$2${v:+:$v}"
	if ! b=$(KH_KSERIES=$series "$RIG/kernel/kunit-kernel.sh" $arch 2> "$LOGS/kunit-kernel-${name#kunit-}.log"); then
		tail -20 "$LOGS/kunit-kernel-${name#kunit-}.log"
		kh_fail "KUnit kernel Linux $series $arch builds"
		return
	fi
	kh_slot
	if ! build_clean "$name" "$b" "${mk[@]}" KH_KUNIT=1 || [ ! -f "$w/keyedhash_kunit.ko" ]; then
		kh_fail "keyedhash_kunit.ko builds against the Linux $series $arch KUnit kernel"
		return
	fi
	# The production module (a plain build, as make install and DKMS make
	# it) against a kernel with CONFIG_KUNIT carries no test code; the
	# KUnit build beside it shows that the check finds what it looks for.
	# On 6.1 and on 7.x: the seams differ (kversions.h's static stubs, the
	# kernel's).
	if [ -z "$v" ]; then
		local nm=nm
		[ "$2" = arm64 ] && nm=aarch64-linux-gnu-nm
		kh_check "KUnit build against Linux $series $arch: test code found in it (the check below can fail)" \
			sh -c "! '$RIG/host/no-test-code.sh' '$w/keyedhash.ko' $nm"
		if build_clean "$name-prod" "$b" "${mk[@]}"; then
			kh_check "production build against the Linux $series $arch KUnit kernel: no test code in keyedhash.ko, no keyedhash_kunit.ko" \
				sh -c "'$RIG/host/no-test-code.sh' '$KH_OUT/$name-prod/src/keyedhash.ko' $nm &&
				       [ ! -e '$KH_OUT/$name-prod/src/keyedhash_kunit.ko' ]"
		else
			kh_fail "production build against the Linux $series $arch KUnit kernel"
		fi
	fi
	img=$b/arch/x86/boot/bzImage root=/
	if [ "$2" = arm64 ]; then
		img=$b/arch/arm64/boot/Image.gz
		root=$("$RIG/kernel/arm64-root.sh")	# for its busybox
	fi
	initramfs "$KH_OUT/$name.cpio.gz" "$2" "$root" none \
		"$KH_TOP/tests/vm/kunit-guest.sh" "$t/finit" "$w/keyedhash.ko" "$w/keyedhash_kunit.ko" ||
		return
	kh_log "  booting the Linux $series $arch KUnit kernel ($(make -s -C "$b" kernelversion 2>/dev/null))"
	"$RIG/kernel/vm-boot.sh" "$2" "$cpu" "$img" "$KH_OUT/$name.cpio.gz" "$log" "kunit.filter_glob=keyedhash-*"
	python3 "$RIG/kernel/ktap.py" "$log" "keyedhash-" "$KH_TOP/tests/kunit/keyedhash_kunit.c" > "$LOGS/$name.summary" 2>&1
	count_log "KUnit Linux $series $arch" "$LOGS/$name.summary" "^ktap: parsed"
	vm_done "KUnit Linux $series $arch" "$log"
	# PREEMPT_RT: the SIMD section count (a 64 KiB update in 4 KiB
	# sections) and the hard-IRQ/softirq cases ran and passed, for all
	# seven algorithms
	if [ "$v" = rt ]; then
		kh_check "KUnit Linux $series $arch: simd_sections and irq_context passed for 7 algorithms" \
			sh -c "[ \$(grep -c '^PASS: keyedhash-.*_simd_sections\$' '$LOGS/$name.summary') = 7 ] &&
			       [ \$(grep '^PASS: keyedhash-.*_irq_context\$' '$LOGS/$name.summary' | grep -vc '^PASS: keyedhash-lib\.') = 7 ]"
	fi
	# the threshold by calling context (kh_simd_min()): the kthread path
	# enters a section where the user-task path does not, for the
	# algorithms whose drivers have a lower kthread threshold
	# (Multimixer-128, NHPoly1305 and STHash on every arch: at least 3)
	kh_check "KUnit Linux $series $arch: simd_context passed for at least 3 algorithms" \
		sh -c "[ \$(grep -c '^PASS: keyedhash-.*_simd_context\$' '$LOGS/$name.summary') -ge 3 ]"
	# the clone case (tests/kunit/kversions_kunit.c) is built and passes where
	# the kernel's shash_alg has clone_tfm (Kbuild's probe); anywhere else
	# there is no tfm cloning, and no such suite
	if grep -q KH_HAVE_SHASH_CLONE_TFM "$w/.keyedhash_generic.o.cmd"; then
		kh_check "KUnit Linux $series $arch: crypto_clone_shash() case of kversions.h passed" \
			grep -q '^PASS: keyedhash-compat\.kh_compat_clone$' "$LOGS/$name.summary"
	else
		kh_check "KUnit Linux $series $arch: no crypto_clone_shash(), no compat clone suite" \
			sh -c "! grep -q 'keyedhash-compat' '$LOGS/$name.summary'"
	fi
}

run_kunit() {
	tier_begin kunit
	build_tools x86_64 gcc && build_tools arm64 aarch64-linux-gnu-gcc
	for r in $KH_KUNIT_RUNS; do
		v=${r#*:*:}
		[ "$v" != "$r" ] || v=
		if [[ $r == *:arm64* ]]; then
			kh_job "kunit-${r//:/-}" kunit_run "${r%%:*}" arm64 max,pauth-impdef=on $v
		else
			kh_job "kunit-${r//:/-}" kunit_run "${r%%:*}" x86_64 max $v
		fi
	done
	tier_end kunit
}

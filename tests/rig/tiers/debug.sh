# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The debug tier of make check (sourced by tests/rig/check.sh): run_debug;
# the faults tier boots the same kernel and module.

# The debug KUnit kernel (tests/kunit/debug.kunitconfig, built or found
# cached) into DK, and keyedhash.ko with keyedhash_kunit.ko built against
# it in $KH_OUT/kunit-debug/src; a failure is counted and returns 1.  The
# debug and the faults tier both boot it.
debug_kernel_and_module() {
	local t0
	t0=$(date +%s)
	kh_kernel_wait debug
	if ! DK=$("$RIG/kernel/kunit-kernel.sh" x86_64 debug 2> "$LOGS/kunit-kernel-debug.log"); then
		tail -20 "$LOGS/kunit-kernel-debug.log"
		kh_fail "debug KUnit kernel (x86_64) builds"
		return 1
	fi
	kh_log "  debug kernel ready after $(( $(date +%s) - t0 ))s: $DK"
	kh_slot
	if ! build_clean kunit-debug "$DK" KH_KUNIT=1 || [ ! -f "$KH_OUT/kunit-debug/src/keyedhash_kunit.ko" ]; then
		kh_fail "keyedhash.ko and keyedhash_kunit.ko build against the debug kernel"
		return 1
	fi
}

# The debug and the faults job share the module's build directory: one
# of them at a time builds it and packs its initramfs (the lock goes with
# the job's subshell, so a failed step releases it too).
debug_lock() { exec {DEBUG_LOCK}> "$KH_OUT/kunit-debug.lock" && flock "$DEBUG_LOCK"; }
debug_unlock() { flock -u "$DEBUG_LOCK"; }

# What the debug and faults VMs take besides the kernel and module: in @1
# (emptied) the driver list the VM must find and the AF_ALG abuse test's
# reference digests.
debug_vm_inputs() {
	rm -rf "$1" && mkdir -p "$1"
	make -s -C "$KH_TOP" BUILD="$KH_OUT" "$KH_OUT/hosttest" >/dev/null
	expected_drivers > "$1/expected.txt"
	"$RIG/kernel/abuse-ref.sh" "$1/abuse"
}

# The x86_64 KUnit kernel's debug variant (tests/kunit/debug.kunitconfig:
# KASAN, UBSAN, kmemleak, lockdep, atomic-sleep checks, testmgr's extra
# tests, AF_ALG), 2 vCPUs, running tests/vm/debug-guest.sh: testmgr on our
# nhpoly1305 drivers, the AF_ALG abuse test, load/hash/unload cycles, the
# KUnit suites, then a kmemleak scan; any kernel report fails.
# KH_DEBUG_OPS (abuse operations, default 25000) and KH_DEBUG_CYCLES
# (default 50) scale it.  The abuse run's size is a count chosen for a
# busy host: the issue that measured it saw about 140 operations per
# second of the debug VM beside two other jobs on two cores, so 25,000
# take about 3 minutes there, a tenth of its deadline (tests/vm/debug-guest.sh);
# every scenario of kh-afalg-abuse still runs thousands of times under
# KASAN and lockdep.
debug_run() {
	local b t=$KH_OUT/tools-x86_64 w=$KH_OUT/kunit-debug/src
	local log=$LOGS/debug-x86_64.log extra=$KH_OUT/vm-debug t0
	t0=$(date +%s)
	debug_lock
	debug_kernel_and_module || return
	b=$DK
	debug_vm_inputs "$extra"
	printf 'KH_SEED=%s\nKH_ABUSE_OPS=%s\nKH_CYCLES=%s\n' "$SEED" \
		"${KH_DEBUG_OPS:-25000}" "${KH_DEBUG_CYCLES:-50}" > "$extra/env"
	initramfs "$KH_OUT/debug-x86_64.cpio.gz" x86_64 / none \
		"$KH_TOP/tests/vm/debug-guest.sh" "$t/finit" "$w/keyedhash.ko" \
		"$w/keyedhash_kunit.ko" "$t/kh-afalg-abuse" "$extra/expected.txt" \
		"$extra/env" "$extra/abuse:/abuse" || return
	debug_unlock
	kh_log "  booting the debug KUnit kernel (x86_64, 2 vCPUs)"
	VM_SMP=2 VM_TIMEOUT=${VM_TIMEOUT:-2400} "$RIG/kernel/vm-boot.sh" x86_64 max "$b/arch/x86/boot/bzImage" \
		"$KH_OUT/debug-x86_64.cpio.gz" "$log" "kunit.filter_glob=keyedhash-*"
	python3 "$RIG/kernel/ktap.py" "$log" "keyedhash-" "$KH_TOP/tests/kunit/keyedhash_kunit.c" > "$LOGS/debug-x86_64.summary" 2>&1
	count_log "KUnit x86_64, debug kernel" "$LOGS/debug-x86_64.summary" "^ktap: parsed"
	count_log "debug VM x86_64" "$log" "^=== VM done"
	grep -a "^figures:" "$log" | sed 's/^/    /'
	kh_log "  debug tier took $(( $(date +%s) - t0 ))s"
}

run_debug() {
	tier_begin debug
	build_tools x86_64 gcc
	kh_job debug debug_run
	tier_end debug
}

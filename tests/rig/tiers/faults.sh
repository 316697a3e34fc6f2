# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The faults tier of make check (sourced by tests/rig/check.sh): run_faults.

# make check-faults: the debug kernel of the debug tier (the same build:
# debug.kunitconfig has the fault injection too), booted with
# tests/vm/faults-guest.sh: keyedhash.ko loaded with its Nth allocation failing
# for every N, AF_ALG steps with their Nth allocation failing and with
# probability faults, then kmemleak, the kernel log, a clean load that
# hashes right.  KH_FAULTS_LOADS (at most this many loads, the N spread
# evenly; default 0: every N) and KH_FAULTS_OPS (random scenarios,
# default 2000) scale it.
faults_run() {
	local b t=$KH_OUT/tools-x86_64 w=$KH_OUT/kunit-debug/src
	local log=$LOGS/faults-x86_64.log extra=$KH_OUT/vm-faults t0
	t0=$(date +%s)
	debug_lock
	debug_kernel_and_module || return
	b=$DK
	debug_vm_inputs "$extra"
	printf 'KH_FAULTS_LOADS=%s\nKH_FAULTS_OPS=%s\n' "${KH_FAULTS_LOADS:-0}" \
		"${KH_FAULTS_OPS:-2000}" > "$extra/env"
	initramfs "$KH_OUT/faults-x86_64.cpio.gz" x86_64 / none \
		"$KH_TOP/tests/vm/faults-guest.sh" "$t/finit" "$w/keyedhash.ko" \
		"$t/kh-afalg-abuse" "$t/kh-faults" "$extra/expected.txt" \
		"$extra/env" "$extra/abuse:/abuse" || return
	debug_unlock
	kh_log "  booting the debug KUnit kernel with fault injection (x86_64)"
	VM_TIMEOUT=${VM_TIMEOUT:-2400} "$RIG/kernel/vm-boot.sh" x86_64 max "$b/arch/x86/boot/bzImage" \
		"$KH_OUT/faults-x86_64.cpio.gz" "$log" "kunit.filter_glob=keyedhash-*"
	count_log "fault injection VM x86_64 (debug kernel)" "$log" "^=== VM done"
	grep -a "^figures:" "$log" | sed 's/^/    /'
	kh_log "  faults tier took $(( $(date +%s) - t0 ))s"
}

run_faults() {
	tier_begin faults
	build_tools x86_64 gcc
	kh_job faults faults_run
	tier_end faults
}

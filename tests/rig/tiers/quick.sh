# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The quick tier of make check (sourced by tests/rig/check.sh): run_quick.

# make check-quick: the host tests of the cores and the arch drivers (the
# generic C self-test, hosttest-x86 natively, hosttest-arm64 under
# qemu-user), before the VM tier's one VM per architecture.
run_quick() {
	tier_begin host
	make -s -C "$KH_TOP" BUILD="$KH_OUT" hosttest > "$LOGS/hosttest.log" 2>&1
	count_log "host self-test (generic C)" "$LOGS/hosttest.log" "^hosttest:"
	kh_check "one table of drivers: no second list, no per-ISA adapter (tests/rig/host/one-table.sh)" \
		"$RIG/host/one-table.sh" "$KH_TOP"
	kh_check "arch code by algorithm: arch/<arch>/<alg>.h, no ladder, no function pointer (tests/rig/host/arch-layout.sh)" \
		"$RIG/host/arch-layout.sh" "$KH_TOP"
	host_test hosttest-x86
	host_test hosttest-arm64
	tier_end host
}

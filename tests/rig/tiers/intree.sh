# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The intree tier of make check (sourced by tests/rig/check.sh): run_intree.

# The in-tree build of one series (tests/rig/kernel/intree-build.sh): it extends that
# series' x86_64 KUnit kernel, so it waits for that one's build.
intree_run() { # series
	kh_kernel_wait "$1:x86_64"
	kh_slot
	"$RIG/kernel/intree-build.sh" "$LOGS/intree-$1.log" "$1"
	count_log "in-tree build, Linux $1, KUnit x86_64 (kunit.py)" \
		"$LOGS/intree-$1.log" "^intree: done"
}
run_intree() {
	tier_begin intree
	for s in ${KH_INTREE_SERIES:-6.1 7.x}; do
		kh_job "intree-$s" intree_run "$s"
	done
	tier_end intree
}

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check: every test tier, ending with "N passed, N failed".
#
#   host   vector files re-verified (with ../shared when present), generated
#          tables up to date, the module's self-test run natively, checkpatch,
#          x86_64 and arm64 builds with W=1, the userspace tools
#   vm     Debian's own 6.1 kernels under QEMU TCG: x86_64 -cpu max,
#          x86_64 -cpu max,-avx2, arm64 -cpu max; Debian 13's PREEMPT_RT
#          kernels (KH_RT_SERIES)
#   kunit  keyedhash_kunit.ko in a cached KUnit kernel, x86_64 and arm64
#   debug  the x86_64 KUnit kernel's debug variant (KASAN, kmemleak,
#          lockdep, ...): testmgr's fuzzing, AF_ALG abuse, load/unload
#          cycles, KUnit, kmemleak (make check-debug; not in the default)
#   faults the same debug kernel's fault injection: loads with the Nth
#          allocation failing for every N, AF_ALG under failing
#          allocations, kmemleak (make check-faults; not in the default)
#
#   install  make install/uninstall into staging roots, DKMS add/build/
#          install/remove with private trees (for the Debian kernel, loading
#          nothing), the khsum man page
#   intree the patch series (intree/mkseries.sh) for Debian's linux-source
#          6.1 and the newest 7.x (KH_INTREE_SERIES): checkpatch, git am,
#          then built into a KUnit kernel with testmgr's full self-tests and
#          tcrypt, booted by kunit.py under QEMU (make check-intree; not in
#          the default: cold kernel builds)
#
# KH_TIERS selects tiers (default "host vm kunit install"); KH_SEED seeds the random
# splits of the AF_ALG test (default: a new seed each run, printed).
#
# This file drives the tiers: each is a file of tests/rig/tiers/, sourced
# below.  The scripts they run are in folders by where they run:
#   tests/rig/host/    on the host alone: static checks of the tree and of
#                      the built modules, builds, make install and DKMS
#   tests/rig/kernel/  the kernels, QEMU, and the VMs' images and inputs
#   tests/rig/deb/     the Debian roots and packages; its *-in-root.sh run
#                      chrooted inside a root
#   tests/vm/          inside the VMs
# tests/rig/lib.sh is the library every rig script sources.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
TIERS=${KH_TIERS:-host vm kunit install}
# Kernel series of the VM tier (and the KUnit kernels' KH_KUNIT_SERIES):
# 6.1 is Debian 12's, 6.12 and 7.x (the newest Debian builds for trixie,
# from trixie-backports) Debian 13's.
KH_SERIES=${KH_SERIES:-6.1 6.12 7.x}
KH_NOAVX2_SERIES=${KH_NOAVX2_SERIES-6.1 7.x}
# KUnit kernels, SERIES:ARCH[:VARIANT]: 6.1 and 7.x on both arches, and
# 6.12 on x86_64 for what only it has (crypto_clone_shash(): the compat
# clone suite), built as PREEMPT_RT (tests/kunit/rt.kunitconfig), so that
# the same kernel build also runs the suites on RT: its hard-IRQ/softirq
# cases and the SIMD section count.  6.12:x86_64 (no variant) is the
# plain one; Debian's 6.12 non-RT kernel is still in the VM tier.
KH_KUNIT_RUNS=${KH_KUNIT_RUNS:-6.1:x86_64 6.1:arm64 6.12:x86_64:rt 7.x:x86_64 7.x:arm64}
SEED=${KH_SEED:-$(date +%s)}
RIG=$KH_TOP/tests/rig
LOGS=$KH_OUT/logs
SHARED=$(cd "$KH_TOP/.." && pwd)/shared
START=$(date +%s)
SUMMARY=$KH_OUT/summary.txt	# one line per kernel, architecture and run
: > "$SUMMARY"
: > "$KH_OUT/job-costs"	# one line per job: name, tier, wall and CPU seconds

bash "$RIG/host/deps.sh" || kh_die "could not install the dependencies"
KVER=$(kh_kver)
KDIR=/lib/modules/$KVER/build
mkdir -p "$LOGS"
kh_log "Debian kernel $KVER; AF_ALG split seed $SEED"

# The kernels the tiers boot, built once each and cached
# (tests/rig/kernel/kunit-kernel.sh): the KUnit kernels, the debug one, and for
# the in-tree tier the x86_64 KUnit kernel of its series, which it
# extends.  Cold, they are built one after another in the background
# while the host and VM tiers run, in the order the jobs need them: 6.1
# x86_64 (KUnit and in-tree), the debug kernel (the two longest jobs),
# 7.x x86_64, then the rest.  A job that needs a kernel finds it built or
# waits for the build in progress (kunit-kernel.sh locks each).  Warm,
# this finds everything cached at once.  KH_PREBUILD=0 turns it off.
prebuild_list() {
	local r out=()
	add() { [[ " ${out[*]} " == *" $1 "* ]] || out+=("$1"); }
	if has kunit || has intree; then add 6.1:x86_64; fi
	if has debug || has faults; then add debug; fi
	if has intree; then
		for r in ${KH_INTREE_SERIES:-6.1 7.x}; do add "$r:x86_64"; done
	fi
	if has kunit; then
		for r in $KH_KUNIT_RUNS; do add "$r"; done
	fi
	echo "${out[*]}"
}
has() { [[ " $TIERS " == *" $1 "* ]]; }
PREBUILD_PID=
rm -f "$KH_OUT"/prebuild-*.done
# In a job: wait until the background build has been at kernel R (an
# entry of prebuild_list), so that the job does not build it beside it.
kh_kernel_wait() { # R
	while [ -n "$PREBUILD_PID" ] && [ ! -e "$KH_OUT/prebuild-$1.done" ] &&
		kill -0 "$PREBUILD_PID" 2>/dev/null; do
		sleep 2
	done
}
if [ "${KH_PREBUILD:-1}" != 0 ] && [ -n "$(prebuild_list)" ]; then
	(
		for r in $(prebuild_list); do
			if [ "$r" = debug ]; then
				"$RIG/kernel/kunit-kernel.sh" x86_64 debug > /dev/null || true
			else
				a=${r#*:}	# ARCH[:VARIANT]
				KH_KSERIES=${r%%:*} "$RIG/kernel/kunit-kernel.sh" ${a//:/ } \
					> /dev/null || true
			fi
			: > "$KH_OUT/prebuild-$r.done"
		done
	) > "$LOGS/prebuild.log" 2>&1 &
	PREBUILD_PID=$!
fi

# The VMs' QEMU: Debian 13's, unpacked (tests/rig/kernel/qemu.sh), where the
# Debian 13 root is there or made anyway (cold: beside the kernel builds
# started above; the quick tier of the 6.1 series alone does not make
# it); the host's otherwise or with KH_HOST_QEMU=1.
if [ "${KH_HOST_QEMU:-0}" != 1 ] &&
	{ [ -f "$KH_CACHE/deb13-root/.done" ] || [[ " $TIERS " != *" quick "* ]]; }; then
	QB=$("$RIG/kernel/qemu.sh") || kh_die "Debian 13's QEMU (tests/rig/kernel/qemu.sh; KH_HOST_QEMU=1 takes the host's)"
	export PATH=$QB:$PATH
fi
export KH_QEMU_CHOSEN=1
kh_log "VMs: $(qemu-system-x86_64 --version | head -1)"

# ------------------------------------------------------------------ jobs
# Independent pieces (a VM, a KUnit kernel's run, the in-tree builds, the
# packages) run as jobs, at most KH_JOBS at once (default: one per core),
# beside the main script's own builds and checks.  A job is a function run
# in a subshell, its output in $JOBS/NAME.out (each VM's own log stays
# under build/logs/), its counts in $JOBS/NAME.count and its lines of the
# summary in $JOBS/NAME.summary; the main script adds them up when the job
# ends (kh_reap), prints its output there in one piece and names the job
# in a failure.  Each tier's checks are counted and timed per tier:
# TIER_PASS/TIER_FAIL, TIER_BUSY (seconds of work: the main script's and
# its jobs') and TIER_END (when its last job ended).
KH_JOBS=${KH_JOBS:-$(nproc)}
JOBS=$KH_OUT/jobs
rm -rf "$JOBS" && mkdir -p "$JOBS"
declare -A TIER_PASS=() TIER_FAIL=() TIER_BUSY=() TIER_CPU=() TIER_START=() TIER_END=() JOB_PID=() JOB_TIER=() JOB_T0=()
JOB_ORDER=()
REAPED_PASS=0 REAPED_FAIL=0	# what jobs added to KH_PASS/KH_FAIL
REAPED_CPU=0	# and the CPU time they used (clock ticks)
CUR_TIER=
# CPU time (user + system, clock ticks) of process PID and of the children
# it has waited for (/proc/PID/stat: utime stime cutime cstime).
kh_cpu() { # pid
	local s
	s=$(cat "/proc/$1/stat") && s=${s##*) } && set -- $s &&
		echo $(( ${12} + ${13} + ${14} + ${15} ))
}
TICKS=$(getconf CLK_TCK)
tier_add() { # tier, pass, fail, busy seconds, CPU ticks
	TIER_PASS[$1]=$(( ${TIER_PASS[$1]:-0} + $2 ))
	TIER_FAIL[$1]=$(( ${TIER_FAIL[$1]:-0} + $3 ))
	TIER_BUSY[$1]=$(( ${TIER_BUSY[$1]:-0} + $4 ))
	TIER_CPU[$1]=$(( ${TIER_CPU[$1]:-0} + $5 ))
	local now
	now=$(date +%s)
	[ "${TIER_END[$1]:-0}" -ge "$now" ] || TIER_END[$1]=$now
}
tier_begin() {
	kh_log "tier: $1"
	CUR_TIER=$1
	[ -n "${TIER_START[$1]:-}" ] || TIER_START[$1]=$(date +%s)
	T0=$(date +%s) P0=$((KH_PASS - REAPED_PASS)) F0=$((KH_FAIL - REAPED_FAIL))
	C0=$(( $(kh_cpu $$) - REAPED_CPU ))
}
# The main script's part of the tier: its checks and its CPU time, that of
# the jobs reaped meanwhile taken out (each job's goes to its own tier).
tier_end() {
	tier_add "$1" $((KH_PASS - REAPED_PASS - P0)) $((KH_FAIL - REAPED_FAIL - F0)) \
		$(( $(date +%s) - T0 )) $(( $(kh_cpu $$) - REAPED_CPU - C0 ))
}
# Add up the jobs that have ended; with "all", wait for every job, adding
# each up as it ends.
kh_reap() { # [all]
	local j p f c t0
	if [ "${1:-}" = all ]; then
		while [ ${#JOB_PID[@]} -gt 0 ]; do
			kh_reap
			[ ${#JOB_PID[@]} -gt 0 ] || break
			sleep 2
		done
		return
	fi
	for j in "${JOB_ORDER[@]}"; do
		[ -n "${JOB_PID[$j]:-}" ] || continue
		! kill -0 "${JOB_PID[$j]}" 2>/dev/null || continue
		wait "${JOB_PID[$j]}" 2>/dev/null
		unset "JOB_PID[$j]"
		p=0 f=1 c=0
		[ ! -s "$JOBS/$j.count" ] || read -r p f c < "$JOBS/$j.count"
		echo "##### job $j (${JOB_TIER[$j]}) ended after $(( $(date +%s) - JOB_T0[$j] ))s, CPU $(( c / TICKS ))s:"
		echo "$j ${JOB_TIER[$j]} $(( $(date +%s) - JOB_T0[$j] )) $(( c / TICKS ))" >> "$KH_OUT/job-costs"
		cat "$JOBS/$j.out"
		cat "$JOBS/$j.summary" >> "$SUMMARY" 2>/dev/null
		[ -s "$JOBS/$j.count" ] || echo "FAIL: job $j ended before counting (output: ${JOBS#$KH_TOP/}/$j.out)"
		KH_PASS=$((KH_PASS + p)) KH_FAIL=$((KH_FAIL + f))
		REAPED_PASS=$((REAPED_PASS + p)) REAPED_FAIL=$((REAPED_FAIL + f))
		# busy from when it took its slot (or started, if it took none)
		t0=${JOB_T0[$j]}
		[ ! -s "$JOBS/$j.slot" ] || t0=$(cat "$JOBS/$j.slot")
		REAPED_CPU=$((REAPED_CPU + c))
		tier_add "${JOB_TIER[$j]}" "$p" "$f" $(( $(date +%s) - t0 )) "$c"
	done
}
# Run FUNCTION ARGS... as job NAME of the current tier, in the background
# at once: what a job waits for (a kernel the background build is making)
# takes no slot; the job takes one with kh_slot where its work begins.
# Jobs run at nice 5, so that cold, the kernel builds they wait for come
# first.
JOB_SEQ=0
kh_job() { # name, function, args...
	local name=$1
	shift
	kh_reap
	JOB_SEQ=$((JOB_SEQ + 1))
	JOB_ORDER+=("$name")
	JOB_TIER[$name]=$CUR_TIER
	JOB_T0[$name]=$(date +%s)
	(
		KH_PASS=0 KH_FAIL=0 SUMMARY=$JOBS/$name.summary KH_JOB_SEQ=$JOB_SEQ KH_JOB_NAME=$name
		: > "$SUMMARY"
		KH_JOB_PID=$BASHPID
		trap 'echo "$KH_PASS $KH_FAIL $(kh_cpu $KH_JOB_PID)" > "$JOBS/$name.count"' EXIT
		renice -n 5 -p "$BASHPID" > /dev/null
		"$@"
	) > "$JOBS/$name.out" 2>&1 &
	JOB_PID[$name]=$!
	kh_log "  job $name started"
}
# In a job: take one of the KH_JOBS slots (lock files), the waiting jobs
# served in the order they were started; the slot is the job's until it
# ends.  A waiter whose process is gone is passed over.
kh_slot() {
	local w=$JOBS/wait me first i t0
	[ -z "${KH_SLOT_FD:-}" ] || return 0
	mkdir -p "$w"
	me=$(printf '%05d' "$KH_JOB_SEQ")
	echo "$BASHPID" > "$w/$me"
	t0=$(date +%s)
	while :; do
		for first in $(ls "$w"); do
			kill -0 "$(cat "$w/$first" 2>/dev/null)" 2>/dev/null && break
			rm -f "$w/$first"
		done
		if [ "$first" = "$me" ]; then
			for ((i = 0; i < KH_JOBS; i++)); do
				exec {KH_SLOT_FD}> "$JOBS/slot-$i"
				if flock -n "$KH_SLOT_FD"; then
					rm -f "$w/$me"
					date +%s > "$JOBS/$KH_JOB_NAME.slot"
					kh_log "  slot $i after $(( $(date +%s) - t0 ))s"
					return 0
				fi
				exec {KH_SLOT_FD}>&-
			done
			KH_SLOT_FD=
		fi
		sleep 1
	done
}

# ----------------------------------------------------------------- tiers
# One file per tier (tests/rig/tiers/TIER.sh: run_TIER and what its jobs
# run), after what they share (tests/rig/tiers/common.sh).
. "$RIG/tiers/common.sh"
. "$RIG/tiers/host.sh"
. "$RIG/tiers/vm.sh"
. "$RIG/tiers/kunit.sh"
. "$RIG/tiers/debug.sh"
. "$RIG/tiers/faults.sh"
. "$RIG/tiers/install.sh"
. "$RIG/tiers/intree.sh"
. "$RIG/tiers/quick.sh"
. "$RIG/tiers/deb.sh"

# ------------------------------------------------------------ the order
# The longest jobs first where their inputs allow, so that neither core
# waits at the end: the packages (make deb, then each root, several
# minutes), the debug and faults VMs (each several minutes), all started
# before the host tier; the VM tier's jobs start while the main script
# builds the next series' modules; the KUnit and in-tree jobs last, in the
# order the background build makes their kernels.
! has deb || run_deb
! has debug || run_debug
! has faults || run_faults
! has host || run_host
! has quick || run_quick
! has vm || run_vm
! has install || run_install
! has kunit || run_kunit
! has intree || run_intree
kh_reap all
[ -z "$PREBUILD_PID" ] || wait "$PREBUILD_PID"
echo
echo "================ summary ($(( $(date +%s) - START ))s)"
echo "per kernel and architecture:"
cat "$SUMMARY"
echo "per tier (busy: seconds of work, the main script's and its jobs' from"
echo "when each took its slot, which overlap; cpu: the CPU time (user + system)"
echo "they used; span: from the tier's start to its last job's end, seconds"
echo "since the start of make check):"
printf '  %-8s %7s %7s %7s %7s %12s\n' tier passed failed busy cpu span
cpu_tiers=0
for t in host vm kunit debug faults install intree deb; do
	[ -n "${TIER_PASS[$t]+x}" ] || continue
	cpu_tiers=$((cpu_tiers + TIER_CPU[$t]))
	printf '  %-8s %7d %7d %6ds %6ds %5ds-%5ds\n' "$t" "${TIER_PASS[$t]}" "${TIER_FAIL[$t]}" \
		"${TIER_BUSY[$t]}" $(( TIER_CPU[$t] / TICKS )) \
		$(( TIER_START[$t] - START )) $(( TIER_END[$t] - START ))
done
# the rest: the dependencies, the background kernel builds (cold)
cpu_all=$(kh_cpu $$) wall=$(( $(date +%s) - START ))
printf '  %-8s %7s %7s %7s %6ds\n' other "" "" "" $(( (cpu_all - cpu_tiers) / TICKS ))
printf '  CPU time %ds in %ds on %d cores: %d%% of what they could do\n' \
	$(( cpu_all / TICKS )) "$wall" "$(nproc)" $(( cpu_all * 100 / TICKS / (wall * $(nproc)) ))
if [ -s "$KH_OUT/job-costs" ]; then
	echo "the jobs that cost most CPU (wall from its start, waits included):"
	sort -k4,4nr "$KH_OUT/job-costs" | head -12 |
		awk '{ printf "  %-26s %-8s %6ds CPU %6ds wall\n", $1, $2, $4, $3 }'
fi
echo "$KH_PASS passed, $KH_FAIL failed"
[ "$KH_FAIL" = 0 ]

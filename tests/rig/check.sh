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

bash "$RIG/deps.sh" || kh_die "could not install the dependencies"
KVER=$(kh_kver)
KDIR=/lib/modules/$KVER/build
mkdir -p "$LOGS"
kh_log "Debian kernel $KVER; AF_ALG split seed $SEED"

# The kernels the tiers boot, built once each and cached
# (tests/rig/kunit-kernel.sh): the KUnit kernels, the debug one, and for
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
				"$RIG/kunit-kernel.sh" x86_64 debug > /dev/null || true
			else
				a=${r#*:}	# ARCH[:VARIANT]
				KH_KSERIES=${r%%:*} "$RIG/kunit-kernel.sh" ${a//:/ } \
					> /dev/null || true
			fi
			: > "$KH_OUT/prebuild-$r.done"
		done
	) > "$LOGS/prebuild.log" 2>&1 &
	PREBUILD_PID=$!
fi

# The VMs' QEMU: Debian 13's, unpacked (tests/rig/qemu.sh), where the
# Debian 13 root is there or made anyway (cold: beside the kernel builds
# started above; the quick tier of the 6.1 series alone does not make
# it); the host's otherwise or with KH_HOST_QEMU=1.
if [ "${KH_HOST_QEMU:-0}" != 1 ] &&
	{ [ -f "$KH_CACHE/deb13-root/.done" ] || [[ " $TIERS " != *" quick "* ]]; }; then
	QB=$("$RIG/qemu.sh") || kh_die "Debian 13's QEMU (tests/rig/qemu.sh; KH_HOST_QEMU=1 takes the host's)"
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

# Count the PASS:/FAIL: lines a log reports, and require its end marker
# and at least one result: a log with none checked nothing.
count_log() { # description, log, end-marker
	local p f k skipped=
	p=$(grep -a -c '^PASS: ' "$2")
	f=$(grep -a -c '^FAIL: ' "$2")
	k=$(grep -a -c '^SKIP: ' "$2")
	[ "$k" = 0 ] || skipped=", $k skipped (not counted as passed)"
	grep -a '^FAIL: ' "$2" | sed "s|^|    [$1] |"
	KH_PASS=$((KH_PASS + p))
	KH_FAIL=$((KH_FAIL + f))
	echo "    $1: $p passed, $f failed$skipped (log: ${2#$KH_TOP/})"
	printf '  %-64s %5d passed, %d failed%s\n' "$1" "$p" "$f" "$skipped" >> "$SUMMARY"
	if ! grep -a -q "$3" "$2"; then
		kh_fail "$1: run did not complete"
		tail -30 "$2"
	elif [ $((p + f)) = 0 ]; then
		kh_fail "$1: no check reported a result"
	fi
}

# A VM log whose test script ran to its end (for VMs whose results are
# counted from another file, e.g. ktap.py's summary of the KUnit log).
vm_done() { # description, log
	local l
	kh_check "$1: the VM ran its test script to the end" grep -a -q "^=== VM done" "$2"
	# the guest's clock (tests/vm/lib.sh, kh_clock_end; /init prints it)
	while IFS= read -r l; do
		case "$l" in
		PASS:*) kh_pass "$1: ${l#PASS: }" ;;
		*) kh_fail "$1: ${l#FAIL: }" ;;
		esac
	done < <(grep -a -E '^(PASS|FAIL): guest clock' "$2" | tr -d '\r')
	grep -a -q '^PASS: guest clock: .* s of guest time' "$2" ||
		kh_fail "$1: the guest's clock was not compared with the host's"
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

# A VM's initramfs (tests/rig/mkinitramfs.sh); a failure is counted, and
# no image of an earlier run is left to boot instead.
initramfs() { # out, mkinitramfs.sh arguments...
	rm -f "$1"
	"$RIG/mkinitramfs.sh" "$@" && return
	rm -f "$1"
	kh_fail "initramfs $(basename "$1") built (a file it takes is missing?)"
	return 1
}

# Static userspace programs for the VMs: build/tools-ARCH/.  The raw
# AF_ALG tests on tools/afalg.c; khsum, kh-kcapi-test and the README's
# libkcapi example on Debian's libkcapi.a (arm64: Debian's arm64
# libkcapi-dev, tests/rig/kcapi.sh).  On x86_64 also the example linked
# dynamically, as a user builds it, and README's copy of it compared, and
# integrity-keycheck on libkeyedhash.a (with a broken copy).
build_tools() { # arch, cc
	local o=$KH_OUT/tools-$1 cc=$2 f="-O2 -Wall -Wextra -static" t=$KH_TOP/tools
	local a=$KH_TOP/tests/afalg k=() r
	mkdir -p "$o"
	if [ "$1" = arm64 ]; then
		r=$("$RIG/kcapi.sh" arm64) || return 1
		k=(-I"$r/usr/include" -L"$r/usr/lib/aarch64-linux-gnu")
	fi
	$cc $f -o "$o/finit" "$RIG/finit.c" &&
	$cc $f -I"$t" -o "$o/kh-afalg-test" "$a/kh_afalg_test.c" "$a/kh_vectors.c" "$t/afalg.c" &&
	$cc $f -I"$t" -o "$o/kh-afalg-abuse" "$a/kh_afalg_abuse.c" "$t/afalg.c" &&
	$cc $f -I"$t" -o "$o/kh-afalg-pin" "$a/kh_afalg_pin.c" "$t/afalg.c" &&
	$cc $f -I"$t" -o "$o/kh-faults" "$a/kh_faults.c" "$t/afalg.c" &&
	$cc $f -I"$t" "${k[@]}" -o "$o/khsum" "$t/khsum.c" "$t/afalg.c" -lkcapi &&
	$cc $f -I"$t" "${k[@]}" -o "$o/kh-kcapi-test" "$a/kh_kcapi_test.c" \
		"$a/kh_vectors.c" "$t/afalg.c" -lkcapi &&
	$cc $f "${k[@]}" -o "$o/kcapi-example" "$t/examples/kcapi-example.c" -lkcapi ||
		return 1
	[ "$1" = arm64 ] && return 0
	# integrity-keycheck on libkeyedhash.a (only the x86_64 VM runs the
	# ecosystem checks, tests/vm/keycheck.sh), and a copy that hashes the
	# wrong sector number, which must not accept the right key there
	make -s -C "$KH_TOP" BUILD="$KH_OUT" "$KH_OUT/lib/libkeyedhash.a" > /dev/null &&
	$cc $f -I"$KH_TOP/libkeyedhash/include" -o "$o/integrity-keycheck" "$t/integrity-keycheck.c" \
		"$KH_OUT/lib/libkeyedhash.a" || return 1
	sed 's/put_le64(sector, block << v->log2_spb);/put_le64(sector, (block + 1) << v->log2_spb);/' \
		"$t/integrity-keycheck.c" > "$o/integrity-keycheck-broken.c"
	! cmp -s "$t/integrity-keycheck.c" "$o/integrity-keycheck-broken.c" ||
		{ echo "integrity-keycheck-broken.c: the sector number's line not found"; return 1; }
	$cc $f -I"$KH_TOP/libkeyedhash/include" -o "$o/integrity-keycheck-broken" \
		"$o/integrity-keycheck-broken.c" "$KH_OUT/lib/libkeyedhash.a" || return 1
	$cc -O2 -Wall -Wextra -Werror -o "$o/kcapi-example-dynamic" \
		"$t/examples/kcapi-example.c" -lkcapi || return 1
	# docs/usage.md shows tools/examples/kcapi-example.c verbatim: the ```c
	# block that names that file
	awk '/^```c$/ { b = ""; inb = 1; next }
	     inb && /^```$/ { inb = 0; if (b ~ /tools\/examples\/kcapi-example\.c/) printf "%s", b; next }
	     inb { b = b $0 "\n" }' "$KH_TOP/docs/usage.md" | cmp -s - "$t/examples/kcapi-example.c" || {
		echo "docs/usage.md's copy of tools/examples/kcapi-example.c differs from the file"
		return 1
	}
}

# checkpatch.pl of the newest kernel series (7.x's linux-source).
checkpatch() {
	local src cp files
	src=$("$RIG/deb13.sh" source 7.x) || return 1
	cp=$src/scripts/checkpatch.pl
	files=$(kh_files | grep -E '\.(c|h|S)$' \
		| grep -v -e '^tools/' -e '^tests/host/' -e '^tests/afalg/' -e '^tests/rig/' \
			-e '^libkeyedhash/' -e '^tests/libkeyedhash/' -e '^python/')
	[ -n "$files" ] || { echo "checkpatch: no source files found"; return 1; }
	echo "checkpatch.pl of $(basename "$src")"
	(cd "$KH_TOP" && perl "$cp" --strict --no-tree --quiet -f $files)
}

# Every exported function of the library documented in include/keyedhash/
# (kernel-doc), the headers clean for the newest kernel's kernel-doc.
kdoc_exports() {
	local src
	src=$("$RIG/deb13.sh" source 7.x) || return 1
	python3 "$RIG/kdoc-exports.py" "$KH_TOP" "$src/scripts/kernel-doc"
}

# The files keyedhash-dkms ships (debian/keyedhash-dkms.install: GLOB
# DEST lines, DEST under usr/src/keyedhash-VERSION/) and dkms.conf alone,
# built the way DKMS builds them: a file the module needs but the package
# leaves out shows here, before make check-deb's Debian roots.
dkms_files_kbuild() {
	local d=$KH_OUT/dkms-files glob dest f
	rm -rf "$d" && mkdir -p "$d" || return 1
	cp "$KH_TOP/dkms.conf" "$d/" || return 1
	while read -r glob dest; do
		[ -n "$glob" ] || continue
		dest=${dest#usr/src/keyedhash-\$\{env:KH_DKMS_VERSION\}/}
		mkdir -p "$d/$dest"
		for f in "$KH_TOP"/$glob; do
			[ -f "$f" ] || { echo "no file for $glob"; return 1; }
			cp "$f" "$d/$dest"
		done
	done < "$KH_TOP/debian/keyedhash-dkms.install"
	make -s -C "$KDIR" M="$d" modules > "$d.log" 2>&1 ||
		{ tail -5 "$d.log"; return 1; }
	test -f "$d/keyedhash.ko"
}

# The shipped files alone, built the way a distro user would.
plain_kbuild() {
	rm -rf "$KH_OUT/plain" &&
		kh_files | rsync -a --files-from=- "$KH_TOP/" "$KH_OUT/plain/" &&
		make -s -C "$KDIR" M="$KH_OUT/plain" modules >/dev/null 2>&1 &&
		test -f "$KH_OUT/plain/keyedhash.ko"
}

# make clean in that copy: the module's build output goes, every source
# file stays (Kbuild's clean deletes every *.s below M=, Go assembly too).
plain_clean() {
	local missing
	make -s -C "$KH_OUT/plain" KDIR="$KDIR" BUILD="$KH_OUT/plain/build" clean \
		>/dev/null 2>&1 || return 1
	[ ! -e "$KH_OUT/plain/keyedhash.ko" ] || { echo "keyedhash.ko left after make clean"; return 1; }
	missing=$(kh_files | grep -v '^build/' | while read -r f; do
		[ -e "$KH_OUT/plain/$f" ] || echo "$f"; done)
	[ -z "$missing" ] || { echo "make clean deleted sources:" $missing; return 1; }
}

# ------------------------------------------------------------------ host
# One host test program, build/NAME (tests/host/, the Makefile's rules):
# built, run, checked by its exit status, its last line the description.
host_test() { # name
	local n=$1 rc=0 log last notrun
	log=$LOGS/${n/\//-}.log
	make -s -C "$KH_TOP" BUILD="$KH_OUT" "$KH_OUT/$n" > "$log" 2>&1 &&
		"$KH_OUT/$n" >> "$log" 2>&1 || rc=$?
	last=$(tail -1 "$log")
	# drivers the CPU lacks ("..., N not run (CPU lacks F)") were not
	# tested: a line of their own, neither PASS nor FAIL
	notrun=$(printf '%s\n' "$last" | sed -n 's/^.*, \([^,]* not run (.*)\)$/\1/p')
	kh_check "$n: ${last%", $notrun"}" test "$rc" = 0
	if [ -n "$notrun" ]; then
		echo "NOT RUN: $n: $notrun"
		printf '  %-64s NOT RUN: %s\n' "$n" "$notrun" >> "$SUMMARY"
	fi
}

run_host() {
	tier_begin host
	if [ -f "$SHARED/reference/check_vectors.py" ]; then
		kh_check "tests/vectors re-verified by the reference models" \
			python3 "$SHARED/reference/check_vectors.py" --stream "$KH_TOP/tests/vectors"
		kh_check "tests/vectors identical to ../shared/vectors" \
			diff -r -x README.md "$SHARED/vectors" "$KH_TOP/tests/vectors"
		kh_check "tests/all-lens.tsv matches the reference models" \
			python3 "$KH_TOP/tests/gen-all-lens.py" --ref "$SHARED/reference" --check
	else
		echo "SKIPPED: tests/vectors re-verified by the reference models (no ../shared here)"
		printf '  %-64s skipped: no ../shared\n' "vectors re-verified by the reference models" >> "$SUMMARY"
	fi
	kh_check "tests/keyedhash-testvecs.h generated from tests/vectors" \
		python3 "$KH_TOP/tests/gen-testvecs.py" --check
	kh_check "selftest-vecs.h generated from tests/vectors" \
		python3 "$KH_TOP/tests/gen-testvecs.py" --selftest --check
	kh_check "arch/x86/keccak-avx512.S generated by arch/x86/gen-keccak-avx512.py" \
		bash -c "python3 '$KH_TOP/arch/x86/gen-keccak-avx512.py' | cmp -s - '$KH_TOP/arch/x86/keccak-avx512.S'"
	# make bench's harness: our code in userspace, its kernel-mode copy and
	# the kernel peers of Linux 6.1 (built, nothing run; no Rust or Go)
	kh_check "make bench's harness builds (ours bare and kernel-mode, the kernel peers)" \
		bash -c "KB_BUILD_ONLY=1 KB_NO_RUST=1 KB_NO_GO=1 bash '$KH_TOP/tools/bench/run.sh' > '$LOGS/kbench-build.log' 2>&1 || { tail -20 '$LOGS/kbench-build.log'; exit 1; }"
	kh_check "tools/bench/report.py renders a fixture, refuses malformed TSVs" \
		bash -c "bash '$RIG/bench-report.sh' > '$LOGS/bench-report.log' 2>&1 || { cat '$LOGS/bench-report.log'; exit 1; }"
	# make bench's Go peer against the known answers, where Go is installed
	# (a skip, never a pass, without it or without its module)
	kh_go=$(command -v go || ls /usr/local/go/bin/go 2> /dev/null || true)
	if [ -n "$kh_go" ] && [ "$(uname -m)" = x86_64 ]; then
		bash "$RIG/bench-go.sh" "$kh_go" "$KH_OUT/bench-go" > "$LOGS/bench-go.log" 2>&1
		if grep -q '^SKIP: ' "$LOGS/bench-go.log"; then
			grep '^SKIP: ' "$LOGS/bench-go.log"
			printf '  %-64s skipped: Go module not available\n' "make bench's Go peer against tests/vectors" >> "$SUMMARY"
		else
			count_log "make bench's Go peer (github.com/minio/highwayhash) against tests/vectors" \
				"$LOGS/bench-go.log" "^bench-go: done"
		fi
	else
		echo "SKIPPED: make bench's Go peer against tests/vectors (no go, or not x86_64)"
		printf '  %-64s skipped: no go here\n' "make bench's Go peer against tests/vectors" >> "$SUMMARY"
	fi
	kh_check "README.md and docs/: every relative link and anchor resolves" \
		python3 "$RIG/doc-links.py"
	# the constant-time argument for the assembly (docs/reliability.md),
	# with its self-test: lines breaking each rule must be reported
	kh_check "arch/*/*.S: no secret into a general register, the flags or an address (ct-asm.py)" \
		python3 "$RIG/ct-asm.py" --self-test "$KH_TOP"
	kh_check "README.md is one page: $(wc -l < "$KH_TOP/README.md") lines, at most 200" \
		test "$(wc -l < "$KH_TOP/README.md")" -le 200
	# docs an engineer reads in an afternoon: docs/ at most 2,500 lines,
	# the page of generated benchmark tables (tools/bench/report.py) apart
	kh_check "docs/ is short: $(cat "$KH_TOP"/docs/*.md "$KH_TOP"/docs/*.rst | wc -l) lines, $(wc -l < "$KH_TOP/docs/performance-results.md") of them generated; at most 2500 others" \
		test "$(( $(cat "$KH_TOP"/docs/*.md "$KH_TOP"/docs/*.rst | wc -l) - $(wc -l < "$KH_TOP/docs/performance-results.md") ))" -le 2500
	# a target names what it needs: make repo before make deb
	kh_check "make repo without make deb's packages says to run make deb first" sh -c \
		"d=\$(mktemp -d) && ! '$KH_TOP/tools/dist/repo.sh' \"\$d/deb\" \"\$d/repo\" 2> \"\$d/err\" &&
		 grep -q 'run make deb first' \"\$d/err\" && [ ! -e \"\$d/repo\" ]; rc=\$?; rm -rf \"\$d\"; exit \$rc"
	make -s -C "$KH_TOP" BUILD="$KH_OUT" hosttest > "$LOGS/hosttest.log" 2>&1
	count_log "host self-test (generic C)" "$LOGS/hosttest.log" "^hosttest:"
	kh_check "one table of drivers: no second list, no per-ISA adapter (tests/rig/one-table.sh)" \
		"$RIG/one-table.sh" "$KH_TOP"
	kh_check "arch code by algorithm: arch/<arch>/<alg>.h, no ladder, no function pointer (tests/rig/arch-layout.sh)" \
		"$RIG/arch-layout.sh" "$KH_TOP"
	# the one version (tools/version.sh): dpkg's and PEP 440's order, the
	# module, library and Python package carrying it
	bash "$RIG/version.sh" > "$LOGS/version.log" 2>&1
	count_log "the version: release, snapshots, changes (dpkg, PEP 440)" "$LOGS/version.log" "^version: done"
	# tests/host/hosttest-<name>.c, and hosttest-arch.c built for both arches;
	# then those and the self-test again with ASan and UBSan (asan/: make
	# hosttest-asan; the C instrumented, the x86 assembly linked as it is)
	hosttests=$(cd "$KH_TOP/tests/host" && ls hosttest-*.c | sed 's/\.c$//' | grep -vx hosttest-arch)
	asan="hosttest $hosttests $([ "$(uname -m)" = x86_64 ] && echo hosttest-x86)"
	for n in $hosttests hosttest-x86 hosttest-arm64 $(printf 'asan/%s ' $asan); do
		host_test "$n"
	done
	# libkeyedhash (libkeyedhash/, tests/libkeyedhash/run.sh; make check-lib): the vectors
	# through the library, khsum without the module, khsum's command line
	# and key bound, integrity-keycheck on images made without a kernel, Python; wipes, ASan/UBSan, valgrind, the constant-time
	# check (valgrind, secrets undefined, and its mutants; arm64: valgrind
	# under qemu-aarch64), the fuzzer against independent references for
	# FUZZ_SECONDS (and on arm64 against their recorded answers), the ABI
	# baseline, arm64 under qemu-aarch64, make install-lib and the README's example
	for n in vectors wipe khsum khsum-cli keycheck python asan valgrind ct ct-arm64 fuzz fuzz-arm64 abi arm64 install; do
		host_test "lib/test-$n"
	done
	kh_check "libkeyedhash/libkeyedhash.3: groff -man -ww renders it without warnings" sh -c \
		"[ -z \"\$(groff -man -Tutf8 -ww -z '$KH_TOP/libkeyedhash/libkeyedhash.3' 2>&1)\" ]"
	# the zmm drivers stay unused where zmm code lowers the clock
	# (X86_FEATURE_PREFER_YMM, which the shim takes from the environment)
	if grep -qw avx512f /proc/cpuinfo; then
		kh_check "hosttest-x86: no -avx512 driver where the CPU prefers ymm" \
			bash -c "KH_SHIM_PREFER_YMM=1 '$KH_OUT/hosttest-x86' --list-usable | \
				awk '{ print } \$2 ~ /avx512/ { bad = 1 } END { exit bad }'"
	else
		echo "SKIPPED: hosttest-x86 with X86_FEATURE_PREFER_YMM (this CPU has no AVX-512)"
		printf '  %-64s skipped: no AVX-512 here\n' "-avx512 drivers unused where the CPU prefers ymm" >> "$SUMMARY"
	fi
	kh_check "checkpatch.pl --strict (the newest kernel's)" checkpatch
	kh_check "the library's exported functions: kernel-doc comments, kernel-doc -Wall clean" kdoc_exports
	kh_check "x86_64 build, W=1 warning-free ($KVER)" build_clean x86_64 "$KDIR"
	ARM64ROOT=$("$RIG/arm64-root.sh")
	ARMHDR=$(ls -d "$ARM64ROOT"/usr/src/linux-headers-*-arm64 | head -1)
	kh_check "arm64 cross-build, W=1 warning-free ($(basename "$ARMHDR"))" \
		build_clean arm64 "$ARMHDR" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
	# Kbuild leaves the AVX-512 drivers out only where the assembler lacks
	# AVX-512 (KH_NO_AS_AVX512); binutils here has it, so they must be in
	kh_check "x86_64 module: the AVX-512 assembly is built in" \
		bash -c "nm '$KH_OUT/x86_64/src/keyedhash.ko' | grep -q ' T kh_keccakf1600_avx512$' &&
			nm '$KH_OUT/x86_64/src/keyedhash.ko' | grep -q ' T kh_nh_chunks_avx512$'"
	# Module text (size's "text": code and read-only data) of the x86_64
	# build against Debian 12's 6.1 headers with gcc 12: 90 KiB for what
	# 1.0.0 had (91,500 bytes then, about 700 fewer since the drivers are
	# written once) and 8.5 KiB for HighwayHash of many messages (its AVX2
	# and AVX-512 pair code and dispatcher; 99,929 bytes in all when added)
	kh_check "x86_64 module: text at most 98.5 KB ($(size "$KH_OUT/x86_64/src/keyedhash.ko" 2>/dev/null | awk 'NR == 2 { print $1 }') bytes)" \
		bash -c "[ \$(size '$KH_OUT/x86_64/src/keyedhash.ko' | awk 'NR == 2 { print \$1 }') -le 100864 ]"
	kh_check "x86_64 module: no indirect call below the crypto API's in the data path" \
		"$RIG/indirect-calls.sh" "$KH_OUT/x86_64/src/keyedhash.ko"
	kh_check "arm64 module: no indirect call below the crypto API's in the data path" \
		"$RIG/indirect-calls.sh" "$KH_OUT/arm64/src/keyedhash.ko" aarch64-linux-gnu-objdump
	kh_check "x86_64 module: every global symbol prefixed kh_/keyedhash_" \
		"$RIG/symbols.sh" "$KH_OUT/x86_64/src/keyedhash.ko"
	kh_check "arm64 module: every global symbol prefixed kh_/keyedhash_" \
		"$RIG/symbols.sh" "$KH_OUT/arm64/src/keyedhash.ko" aarch64-linux-gnu-nm
	kh_check "plain kbuild: make -C <headers> M=\$PWD modules" plain_kbuild
	kh_check "plain kbuild: no test code in keyedhash.ko" \
		"$RIG/no-test-code.sh" "$KH_OUT/plain/keyedhash.ko"
	kh_check "make clean: the build output gone, every source file kept" plain_clean
	kh_check "keyedhash-dkms's files (debian/keyedhash-dkms.install) build the module" dkms_files_kbuild
	# the newest kernels Debian has (unstable, experimental): W=1 builds,
	# so that an upstream API change shows the day Debian ships it
	"$RIG/deb-newest.sh" > "$LOGS/deb-newest.log" 2>&1
	count_log "newest Debian kernels (sid, experimental), W=1" "$LOGS/deb-newest.log" "^newest: done"
	kh_check "userspace tools, x86_64 (static)" build_tools x86_64 gcc
	kh_check "userspace tools, arm64 (static)" build_tools arm64 aarch64-linux-gnu-gcc
	tier_end host
}

# -------------------------------------------------------------------- vm
# The expected drivers per CPU model come from the module's own tables.
expected_drivers() { "$KH_OUT/hosttest" --list; }
# "name driver feature" of the arch drivers; the VM requires each present
# or absent by its /proc/cpuinfo (tests/vm/debian.sh).
arch_drivers() { # arch
	if [ "$1" = x86_64 ]; then "$KH_OUT/hosttest-x86" --list-arch; fi
	if [ "$1" = arm64 ]; then "$KH_OUT/hosttest-arm64" --list-arch; fi
}
# CPU flags each VM's QEMU model must (not) have, so that the arch drivers
# are really required present with -cpu max and absent without AVX2.
declare -A KH_VM_FLAGS_PRESENT=([x86_64-max]=avx2 [arm64-max]=asimd)
declare -A KH_VM_FLAGS_ABSENT=([x86_64-noavx2]="avx2 avx512f")
# vCPUs per VM (default 1): the AF_ALG abuse test's processes run truly
# in parallel on x86_64 -cpu max.
declare -A KH_VM_SMP=([x86_64-max]=2)
# VMs that also run the ecosystem checks: autoload by algorithm name before
# debian.sh's modprobe (tests/vm/autoload.sh as /pre.sh), khsum and
# dm-integrity on a virtio disk (tests/vm/ecosystem.sh as /extra.sh).
declare -A KH_VM_ECO=()
for m in ${KH_VM_ECO_MODELS-x86_64-max}; do KH_VM_ECO[$m]=1; done

vm_run() { # series, model, arch, cpu, kernel, kver, root, module
	local series=$1 model=$2 arch=$3 cpu=$4 kernel=$5 kver=$6 root=$7 ko=$8
	local label=$series-$model
	local t=$KH_OUT/tools-$arch ird=$KH_OUT/vm-$label.cpio.gz log=$LOGS/vm-$label.log
	local extra=$KH_OUT/vm-$label
	rm -rf "$extra" && mkdir -p "$extra"
	expected_drivers > "$extra/expected.txt"
	arch_drivers "$arch" > "$extra/arch.txt"
	# an empty list would silently stop requiring the arch drivers
	kh_check "VM $label: arch driver list from the hosttest --list-arch" \
		test -s "$extra/arch.txt"
	"$RIG/samples.sh" "$extra/samples"
	"$RIG/abuse-ref.sh" "$extra/abuse"
	printf 'KH_SEED=%s\n' "$SEED" > "$extra/env"
	local eco=() vmx=
	if [ -n "${KH_VM_ECO[$model]:-}" ]; then
		vmx=$("$RIG/ecosystem.sh" "$extra/eco")
		eco=("$extra/eco/root:/" "$extra/eco/eco:/eco"
			"$KH_TOP/tests/vm/autoload.sh:/pre.sh" "$KH_TOP/tests/vm/ecosystem.sh:/extra.sh"
			"$KH_TOP/tests/vm/keycheck.sh:/keycheck.sh"
			"$t/integrity-keycheck:/usr/lib/keyedhash/integrity-keycheck"
			"$t/integrity-keycheck-broken:/integrity-keycheck-broken"
			"$KH_TOP/debian/keyedhash-integritysetup:/kh-integritysetup"
			"$KH_TOP/debian/initramfs/local-top:/kh-local-top"
			"$KH_TOP/debian/initramfs/functions:/scripts/keyedhash-functions")
	fi
	printf 'KH_CPU_FLAGS_PRESENT="%s"\nKH_CPU_FLAGS_ABSENT="%s"\n' \
		"${KH_VM_FLAGS_PRESENT[$model]:-}" "${KH_VM_FLAGS_ABSENT[$model]:-}" >> "$extra/env"
	# Debian's kcapi-dgst of the VM's arch with its shared libraries
	"$RIG/kcapi.sh" dgst "$arch" "$extra/kcapi"
	initramfs "$ird" "$arch" "$root" "$kver" "$KH_TOP/tests/vm/debian.sh" \
		"$ko" "$t/finit" "$t/kh-afalg-test" "$t/khsum" \
		"$extra/expected.txt" "$extra/arch.txt" "$extra/env" "$KH_TOP/tests/vectors:/vectors" \
		"$extra/samples:/samples" "$extra/samples/sample.txt" \
		"$t/kh-afalg-abuse" "$extra/abuse:/abuse" "${eco[@]}" \
		"$t/kh-afalg-pin" "$KH_TOP/tests/vm/memcg.sh:/memcg.sh" \
		"$t/kh-kcapi-test" "$t/kcapi-example" "$extra/kcapi:/" || return
	kh_job "vm-$label" vm_boot "$label ($kver)" "$vmx" "${KH_VM_SMP[$model]:-${VM_SMP:-1}}" \
		"$arch" "$cpu" "$kernel" "$ird" "$log" "VM Linux $series $model ($kver)"
}
# A VM job: boot, then count what its log reports.
vm_boot() { # what, qemu extra, vcpus, arch, cpu, kernel, initramfs, log, description
	kh_slot
	kh_log "  booting $1"
	VM_EXTRA=$2 VM_SMP=$3 "$RIG/vm.sh" "$4" "$5" "$6" "$7" "$8"
	count_log "$9" "$8" "^=== VM done"
}

# CET IBT (CONFIG_X86_KERNEL_IBT: Debian 13's x86_64 kernels, KH_IBT_SERIES;
# 6.1 has none): tests/rig/ibt.sh requires endbr64 at every function whose
# address the module takes and that none of those is in the seal list, and
# must fail on copies whose kh_highwayhash_shash_setkey starts with a NOP instead, or
# has its endbr64 in the seal list.  (Kbuild runs objtool --ibt on the module
# there too; a warning of it fails the W=1 build check above.)
KH_IBT_SERIES=${KH_IBT_SERIES:-6.12 7.x}
ibt_ok() { # module, log
	"$RIG/ibt.sh" "$1" > "$2" 2>&1 || { grep -v '^  endbr64' "$2"; return 1; }
	tail -1 "$2"
}
ibt_mutant_fails() { # how (--nop-endbr, --seal-endbr), module, mutant, log
	local rc=0
	"$RIG/ibt.sh" "$1" kh_highwayhash_shash_setkey "$2" "$3" || return 1
	"$RIG/ibt.sh" "$3" > "$4" 2>&1 || rc=$?
	[ "$rc" = 1 ] && grep '^FAIL: kh_highwayhash_shash_setkey: ' "$4" | sed 's/^FAIL/    as it should: FAIL/'
}
ibt_series() { # series, kdir, module
	local conf=$2/include/config/auto.conf
	conf=${conf/#deb13:/$("$RIG/deb13.sh" root)}
	if ! grep -qx 'CONFIG_X86_KERNEL_IBT=y' "$conf"; then
		if [[ " $KH_IBT_SERIES " == *" $1 "* ]]; then
			kh_fail "Linux $1 x86_64: kernel built with CONFIG_X86_KERNEL_IBT, as Debian's is"
		else
			echo "    Linux $1 x86_64: no CONFIG_X86_KERNEL_IBT, no IBT check"
		fi
		return
	fi
	kh_check "Linux $1 x86_64 (IBT): every address-taken function starts with endbr64" \
		ibt_ok "$3" "$LOGS/ibt-$1.log"
	kh_check "Linux $1 x86_64 (IBT): ibt.sh fails on a module whose kh_highwayhash_shash_setkey lacks it" \
		ibt_mutant_fails --nop-endbr "$3" "$KH_OUT/ibt-mutant-$1.ko" "$LOGS/ibt-mutant-$1.log"
	kh_check "Linux $1 x86_64 (IBT): ibt.sh fails on one that seals kh_highwayhash_shash_setkey's" \
		ibt_mutant_fails --seal-endbr "$3" "$KH_OUT/ibt-mutant-$1.ko" "$LOGS/ibt-mutant-$1.log"
}

# The CPU models each series boots: x86_64 with and without AVX2 for the
# newest and 6.1 (KH_NOAVX2_SERIES), -cpu max for every series.
vm_series() { # series
	local s=$1 n=$1
	[ "$s" = 6.1 ] && n=
	if ! kh_series_env "$s"; then
		kh_fail "Linux $s: Debian's kernels and headers fetched"
		return
	fi
	kh_log "  Linux $s: $S_KVER, $S_AKVER"
	# shellcheck disable=SC2086
	kh_check "Linux $s x86_64 ($S_KVER): module built, W=1 warning-free" \
		build_clean "x86_64${n:+-$n}" "$S_KDIR" $S_XMAKE
	ibt_series "$s" "$S_KDIR" "$KH_OUT/x86_64${n:+-$n}/src/keyedhash.ko"
	# shellcheck disable=SC2086
	kh_check "Linux $s arm64 ($S_AKVER): module built, W=1 warning-free" \
		build_clean "arm64${n:+-$n}" "$S_AKDIR" $S_AMAKE
	vm_run "$s" x86_64-max x86_64 max "$S_XROOT/boot/vmlinuz-$S_KVER" "$S_KVER" \
		"$S_XROOT" "$KH_OUT/x86_64${n:+-$n}/src/keyedhash.ko"
	if [[ " $KH_NOAVX2_SERIES " == *" $s "* ]]; then
		vm_run "$s" x86_64-noavx2 x86_64 max,-avx2 "$S_XROOT/boot/vmlinuz-$S_KVER" \
			"$S_KVER" "$S_XROOT" "$KH_OUT/x86_64${n:+-$n}/src/keyedhash.ko"
	fi
	vm_run "$s" arm64-max arm64 max,pauth-impdef=on "$S_AROOT/boot/vmlinuz-$S_AKVER" \
		"$S_AKVER" "$S_AROOT" "$KH_OUT/arm64${n:+-$n}/src/keyedhash.ko"
}

# PREEMPT_RT: Debian 13's rt kernels of KH_RT_SERIES (default 6.12;
# tests/rig/rt.sh), x86_64 -cpu max and arm64 -cpu max, the same VM test
# as the standard kernels (debian.sh: every driver's vectors through
# AF_ALG, the abuse test, memcg.sh).
KH_RT_SERIES=${KH_RT_SERIES-6.12}
vm_rt() { # series
	local s=$1 kv akv aroot
	if ! kh_series_env "$s" || ! kv=$("$RIG/rt.sh" amd64 "$s") ||
		! read -r aroot akv < <("$RIG/rt.sh" arm64 "$s"); then
		kh_fail "Linux $s PREEMPT_RT: Debian's rt kernels and headers fetched"
		return
	fi
	kh_log "  Linux $s PREEMPT_RT: $kv, $akv"
	kh_check "Linux $s-rt: the kernels are PREEMPT_RT (CONFIG_PREEMPT_RT=y)" \
		grep -qx CONFIG_PREEMPT_RT=y "$S_XROOT/usr/src/linux-headers-$kv/.config" \
		"$S_XROOT/usr/src/linux-headers-$akv/.config"
	kh_check "Linux $s-rt x86_64 ($kv): module built, W=1 warning-free" \
		build_clean "x86_64-$s-rt" "deb13:/usr/src/linux-headers-$kv"
	ibt_series "$s-rt" "deb13:/usr/src/linux-headers-$kv" "$KH_OUT/x86_64-$s-rt/src/keyedhash.ko"
	kh_check "Linux $s-rt arm64 ($akv): module built, W=1 warning-free" \
		build_clean "arm64-$s-rt" "deb13:/usr/src/linux-headers-$akv" ARCH=arm64
	vm_run "$s-rt" x86_64-max x86_64 max "$S_XROOT/boot/vmlinuz-$kv" "$kv" \
		"$S_XROOT" "$KH_OUT/x86_64-$s-rt/src/keyedhash.ko"
	vm_run "$s-rt" arm64-max arm64 max,pauth-impdef=on "$aroot/boot/vmlinuz-$akv" \
		"$akv" "$aroot" "$KH_OUT/arm64-$s-rt/src/keyedhash.ko"
}

run_vm() {
	tier_begin vm
	# (re)build what the VMs run; incremental when the host tier just did
	make -s -C "$KH_TOP" BUILD="$KH_OUT" "$KH_OUT/hosttest" "$KH_OUT/hosttest-x86" \
		"$KH_OUT/hosttest-arm64" >/dev/null
	kh_check "userspace tools for the VMs (x86_64, arm64)" eval \
		'build_tools x86_64 gcc && build_tools arm64 aarch64-linux-gnu-gcc'
	for s in $KH_SERIES; do
		vm_series "$s"
	done
	for s in $KH_RT_SERIES; do
		vm_rt "$s"
	done
	tier_end vm
}

# ----------------------------------------------------------------- kunit
kunit_run() { # series, arch, cpu[, variant]
	local series=$1 arch=$2 cpu=$3 v=${4:-} b img root mk=() t=$KH_OUT/tools-$2
	local name=kunit-$series-$arch${4:+-$4}
	local log=$LOGS/$name.log w=$KH_OUT/$name/src
	[ "$arch" = arm64 ] && mk=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
	# (the label names the variant, e.g. "x86_64 rt")
	arch=$arch${v:+ $v}
	kh_kernel_wait "$series:$2${v:+:$v}"
	if ! b=$(KH_KSERIES=$series "$RIG/kunit-kernel.sh" $arch 2> "$LOGS/kunit-kernel-${name#kunit-}.log"); then
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
			sh -c "! '$RIG/no-test-code.sh' '$w/keyedhash.ko' $nm"
		if build_clean "$name-prod" "$b" "${mk[@]}"; then
			kh_check "production build against the Linux $series $arch KUnit kernel: no test code in keyedhash.ko, no keyedhash_kunit.ko" \
				sh -c "'$RIG/no-test-code.sh' '$KH_OUT/$name-prod/src/keyedhash.ko' $nm &&
				       [ ! -e '$KH_OUT/$name-prod/src/keyedhash_kunit.ko' ]"
		else
			kh_fail "production build against the Linux $series $arch KUnit kernel"
		fi
	fi
	img=$b/arch/x86/boot/bzImage root=/
	if [ "$2" = arm64 ]; then
		img=$b/arch/arm64/boot/Image.gz
		root=$("$RIG/arm64-root.sh")	# for its busybox
	fi
	initramfs "$KH_OUT/$name.cpio.gz" "$2" "$root" none \
		"$KH_TOP/tests/vm/kunit.sh" "$t/finit" "$w/keyedhash.ko" "$w/keyedhash_kunit.ko" ||
		return
	kh_log "  booting the Linux $series $arch KUnit kernel ($(make -s -C "$b" kernelversion 2>/dev/null))"
	"$RIG/vm.sh" "$2" "$cpu" "$img" "$KH_OUT/$name.cpio.gz" "$log" "kunit.filter_glob=keyedhash-*"
	python3 "$RIG/ktap.py" "$log" "keyedhash-" "$KH_TOP/tests/kunit/keyedhash_kunit.c" > "$LOGS/$name.summary" 2>&1
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

# ----------------------------------------------------------------- debug
# The debug KUnit kernel (tests/kunit/debug.kunitconfig, built or found
# cached) into DK, and keyedhash.ko with keyedhash_kunit.ko built against
# it in $KH_OUT/kunit-debug/src; a failure is counted and returns 1.  The
# debug and the faults tier both boot it.
debug_kernel_and_module() {
	local t0
	t0=$(date +%s)
	kh_kernel_wait debug
	if ! DK=$("$RIG/kunit-kernel.sh" x86_64 debug 2> "$LOGS/kunit-kernel-debug.log"); then
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
	"$RIG/abuse-ref.sh" "$1/abuse"
}

# The x86_64 KUnit kernel's debug variant (tests/kunit/debug.kunitconfig:
# KASAN, UBSAN, kmemleak, lockdep, atomic-sleep checks, testmgr's extra
# tests, AF_ALG), 2 vCPUs, running tests/vm/debug.sh: testmgr on our
# nhpoly1305 drivers, the AF_ALG abuse test, load/hash/unload cycles, the
# KUnit suites, then a kmemleak scan; any kernel report fails.
# KH_DEBUG_OPS (abuse operations, default 25000) and KH_DEBUG_CYCLES
# (default 50) scale it.  The abuse run's size is a count chosen for a
# busy host: the issue that measured it saw about 140 operations per
# second of the debug VM beside two other jobs on two cores, so 25,000
# take about 3 minutes there, a tenth of its deadline (tests/vm/debug.sh);
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
		"$KH_TOP/tests/vm/debug.sh" "$t/finit" "$w/keyedhash.ko" \
		"$w/keyedhash_kunit.ko" "$t/kh-afalg-abuse" "$extra/expected.txt" \
		"$extra/env" "$extra/abuse:/abuse" || return
	debug_unlock
	kh_log "  booting the debug KUnit kernel (x86_64, 2 vCPUs)"
	VM_SMP=2 VM_TIMEOUT=${VM_TIMEOUT:-2400} "$RIG/vm.sh" x86_64 max "$b/arch/x86/boot/bzImage" \
		"$KH_OUT/debug-x86_64.cpio.gz" "$log" "kunit.filter_glob=keyedhash-*"
	python3 "$RIG/ktap.py" "$log" "keyedhash-" "$KH_TOP/tests/kunit/keyedhash_kunit.c" > "$LOGS/debug-x86_64.summary" 2>&1
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

# ---------------------------------------------------------------- faults
# make check-faults: the debug kernel of the debug tier (the same build:
# debug.kunitconfig has the fault injection too), booted with
# tests/vm/faults.sh: keyedhash.ko loaded with its Nth allocation failing
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
		"$KH_TOP/tests/vm/faults.sh" "$t/finit" "$w/keyedhash.ko" \
		"$t/kh-afalg-abuse" "$t/kh-faults" "$extra/expected.txt" \
		"$extra/env" "$extra/abuse:/abuse" || return
	debug_unlock
	kh_log "  booting the debug KUnit kernel with fault injection (x86_64)"
	VM_TIMEOUT=${VM_TIMEOUT:-2400} "$RIG/vm.sh" x86_64 max "$b/arch/x86/boot/bzImage" \
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

# --------------------------------------------------------------- install
# make install/uninstall into staging roots (tests/rig/install.sh), DKMS
# with private trees (tests/rig/dkms.sh), both for the Debian kernel $KVER
# and loading nothing; the khsum man page.
run_install() {
	tier_begin install
	if build_clean x86_64 "$KDIR" && build_tools x86_64 gcc; then
		"$RIG/install.sh" "$KH_OUT/x86_64/src" "$KDIR" W=1 > "$LOGS/install.log" 2>&1
	else
		echo "FAIL: x86_64 module build for make install" > "$LOGS/install.log"
	fi
	count_log "make install/uninstall (staging roots)" "$LOGS/install.log" "^install: done"
	"$RIG/dkms.sh" "$KVER" > "$LOGS/dkms.log" 2>&1
	count_log "DKMS for $KVER (private trees)" "$LOGS/dkms.log" "^dkms: done"
	# Debian 13's kernels, as a Debian 13 user would: inside the root,
	# make install against the series' headers and DKMS with that
	# root's dkms (both with private trees, as above)
	for s in $KH_SERIES; do
		[ "$s" = 6.1 ] && continue
		if ! kh_series_env "$s"; then
			kh_fail "Linux $s: Debian's kernels and headers fetched"
			continue
		fi
		# shellcheck disable=SC2086
		if build_clean "x86_64-$s" "$S_KDIR" $S_XMAKE; then
			# shellcheck disable=SC2086
			"$RIG/deb13.sh" run bash "$RIG/install.sh" "$KH_OUT/x86_64-$s/src" \
				"${S_KDIR#deb13:}" W=1 $S_XMAKE > "$LOGS/install-$s.log" 2>&1
		else
			echo "FAIL: x86_64 module build for make install" > "$LOGS/install-$s.log"
		fi
		count_log "make install/uninstall, Linux $s ($S_KVER, Debian 13 root)" \
			"$LOGS/install-$s.log" "^install: done"
		"$RIG/deb13.sh" run env KH_OUT="$KH_OUT/dkms-$s" bash "$RIG/dkms.sh" "$S_KVER" \
			> "$LOGS/dkms-$s.log" 2>&1
		count_log "DKMS for $S_KVER (Debian 13's dkms, private trees)" \
			"$LOGS/dkms-$s.log" "^dkms: done"
	done
	kh_check "tools/khsum.1: groff -man -ww renders it without warnings" sh -c \
		"[ -z \"\$(groff -man -Tutf8 -ww -z '$KH_TOP/tools/khsum.1' 2>&1)\" ]"
	kh_check "tools/khsum.1 documents every option of khsum --help" sh -c \
		"for o in \$('$KH_OUT/tools-x86_64/khsum' --help | grep -o -- '--[a-z-]*' | sort -u); do
			sed 's/\\\\-/-/g' '$KH_TOP/tools/khsum.1' | grep -q -- \"\$o\" || { echo \"missing \$o\"; exit 1; }
		 done"
	tier_end install
}

# ---------------------------------------------------------------- intree
# The in-tree build of one series (tests/rig/intree.sh): it extends that
# series' x86_64 KUnit kernel, so it waits for that one's build.
intree_run() { # series
	kh_kernel_wait "$1:x86_64"
	kh_slot
	"$RIG/intree.sh" "$LOGS/intree-$1.log" "$1"
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

# ---------------------------------------------------------------- quick
# make check-quick: the host tests of the cores and the arch drivers (the
# generic C self-test, hosttest-x86 natively, hosttest-arm64 under
# qemu-user), before the VM tier's one VM per architecture.
run_quick() {
	tier_begin host
	make -s -C "$KH_TOP" BUILD="$KH_OUT" hosttest > "$LOGS/hosttest.log" 2>&1
	count_log "host self-test (generic C)" "$LOGS/hosttest.log" "^hosttest:"
	kh_check "one table of drivers: no second list, no per-ISA adapter (tests/rig/one-table.sh)" \
		"$RIG/one-table.sh" "$KH_TOP"
	kh_check "arch code by algorithm: arch/<arch>/<alg>.h, no ladder, no function pointer (tests/rig/arch-layout.sh)" \
		"$RIG/arch-layout.sh" "$KH_TOP"
	host_test hosttest-x86
	host_test hosttest-arm64
	tier_end host
}

# ------------------------------------------------------------------ deb
# make check-deb (tests/rig/deb-check.sh) as six jobs: make deb and the
# packages' own checks, then the arm64 root (its package tests under
# qemu-user, the arm64 VM), the Debian 13 and the Debian 12 root (each
# root's package tests and VMs), the Debian 13 and 12 systems booting
# from disk (tests/rig/deb-boot.sh, the longest, so first) and the upgrade
# matrix in each root (tests/rig/deb-upgrade.sh), which wait for the packages without a
# slot.  A copy of the Debian 13 root holds the root's lock (shared), which
# holds off any change to it: deb13_ready first makes the root hold what
# the series need (cold: installs them; warm: finds them, under the shared
# lock), so that the package jobs can start first, the longest with the
# debug kernel's.
deb13_ready() {
	local s
	for s in $KH_SERIES; do
		[ "$s" = 6.1 ] || kh_series_env "$s" > /dev/null 2>&1 ||
			kh_fail "Linux $s: Debian 13's kernels in the Debian 13 root (tests/rig/deb13.sh)"
	done
	for s in $KH_RT_SERIES; do
		"$RIG/rt.sh" amd64 "$s" > /dev/null 2>&1 && "$RIG/rt.sh" arm64 "$s" > /dev/null 2>&1 ||
			kh_fail "Linux $s PREEMPT_RT: Debian's rt kernels in the Debian 13 root (tests/rig/rt.sh)"
	done
}
deb_run() { # part of deb-check.sh: build, arm64, deb12, deb13, boot-deb12/13, upgrade-deb12/13, cryptsetup-deb12/13
	local log=$LOGS/check-deb-$1.log tally
	[ "$1" = build ] || while [ ! -e "$JOBS/deb-build.done" ]; do sleep 2; done
	kh_slot
	bash "$RIG/deb-check.sh" "$1" > "$log" 2>&1
	[ "$1" != build ] || : > "$JOBS/deb-build.done"
	grep -a -e '^PASS: ' -e '^FAIL: ' -e '^    \[' -e '^    lintian' "$log"
	tally=$(grep -a -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
	if [ -z "$tally" ]; then
		tail -20 "$log"
		kh_fail "make check-deb, $1, ran to its end (log: ${log#$KH_TOP/})"
		return
	fi
	set -- "$1" $tally
	KH_PASS=$((KH_PASS + $2)) KH_FAIL=$((KH_FAIL + $4))
	echo "    make check-deb, $1: $2 passed, $4 failed (log: ${log#$KH_TOP/})"
	printf '  %-64s %5d passed, %d failed\n' "Debian packages (make check-deb), $1" "$2" "$4" >> "$SUMMARY"
}
# The release artifacts (tests/rig/release.sh) as two jobs: the userspace
# parts in a Debian 12 root without libkcapi and headers, then make dist's
# tarball built without git (module, lib, khsum, sdist, wheel, make deb);
# and make repo's signed repository in Debian 12 and 13 roots (after make
# deb: its packages).
release_run() { # job name, parts...
	local name=$1 part log
	shift
	[ "$name" != release-repo ] || while [ ! -e "$JOBS/deb-build.done" ]; do sleep 2; done
	kh_slot
	for part in "$@"; do
		log=$LOGS/release-$part.log
		bash "$RIG/release.sh" "$part" > "$log" 2>&1
		count_log "release artifacts: $part (tests/rig/release.sh)" "$log" "^release-$part: done"
	done
}
run_deb() {
	tier_begin deb
	deb13_ready
	kh_job deb-build deb_run build
	kh_job deb-arm64 deb_run arm64
	kh_job deb-deb13 deb_run deb13
	kh_job deb-deb12 deb_run deb12
	kh_job deb-boot-deb13 deb_run boot-deb13
	kh_job deb-boot-deb13-dracut deb_run boot-deb13-dracut
	kh_job deb-boot-deb12 deb_run boot-deb12
	kh_job deb-cryptsetup-deb13 deb_run cryptsetup-deb13
	kh_job deb-cryptsetup-deb12 deb_run cryptsetup-deb12
	kh_job deb-upgrade-deb13 deb_run upgrade-deb13
	kh_job deb-upgrade-deb12 deb_run upgrade-deb12
	kh_job release release_run release userspace dist
	kh_job release-repo release_run release-repo repo-deb12 repo-deb13
	tier_end deb
}

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

# SPDX-License-Identifier: GPL-2.0
# Runs inside the debug KUnit kernel (tests/kunit/debug.kunitconfig, with
# its fault injection: failslab, fail_page_alloc, fail-nth) as /test.sh for
# make check-faults.  Every check prints "PASS: ..." or "FAIL: ...".
#
#  1. keyedhash.ko loaded with the Nth fault point of finit_module()
#     failing, for N = 1, 2, ... past the last point a load reaches: each
#     load fails with ENOMEM and leaves nothing loaded, or succeeds; then a
#     driver that is missing must have said why (its self-test or its
#     registration failed with -ENOMEM), or be registered but untested
#     because the crypto API could not start testmgr (the kernel's
#     WARN_ON_ONCE), and it is unloaded again.
#  2. AF_ALG, every driver: socket, bind (tfm allocation), setkey (with
#     Multimixer-128's 64 KiB key too), accept, send, accept mid-message,
#     read, each with its Nth allocation failing for every N
#     (/kh-faults afalg), then scenarios with failslab and
#     fail_page_alloc failing 10% of this task's allocations (random).
#  3. Unload; kmemleak must find nothing; no kernel report other than the
#     allocator's own "page allocation failure" / "vmalloc error"
#     messages; the module loads again and passes the reference digests.
#
# /env may set KH_FAULTS_LOADS (at most this many loads, N spread evenly
# over the fault points; default 0: every N) and KH_FAULTS_OPS (random
# scenarios, default 2000).
. /lib.sh

[ -f /env ] && . /env
dmesg -n 4
mount -t debugfs none /sys/kernel/debug
D=/sys/kernel/debug
KML=$D/kmemleak
sleep 5
echo scan > $KML
echo scan > $KML
boot_leaks=$(grep -c "^unreferenced" $KML)
echo clear > $KML
echo "kmemleak: $boot_leaks objects from boot set aside"
uname -a
# testmgr's extra tests (fuzzing) at every one of the loads below would
# take hours under TCG; make check-debug runs them
echo 1 > /sys/module/cryptomgr/parameters/noextratests 2>/dev/null
# AF_ALG copies keys with sock_kmalloc() first, which stops keys of
# net.core.optmem_max bytes or more: 64 KiB keys need more than 6.1's
# 20480
echo 131072 > /proc/sys/net/core/optmem_max

echo "--- fault injection: failslab and fail_page_alloc count sleeping allocations"
for f in failslab fail_page_alloc; do
	echo N > $D/$f/ignore-gfp-wait
	echo 0 > $D/$f/verbose
	echo 0 > $D/$f/probability
	echo Y > $D/$f/task-filter
	echo -1 > $D/$f/times
done
echo N > $D/fail_page_alloc/ignore-gfp-highmem
echo 0 > $D/fail_page_alloc/min-order
check "fault injection set up (fail-nth, failslab, fail_page_alloc)" sh -c \
	"[ -w /proc/self/fail-nth ] && [ \"\$(cat $D/failslab/ignore-gfp-wait)\" = N ] &&
	 [ \"\$(cat $D/fail_page_alloc/ignore-gfp-wait)\" = N ]"

echo "--- module load with its Nth allocation failing, for every N"
# A load without faults first: the drivers this CPU gets, and how many
# fault points a load reaches (fail-nth counts them down).
dmesg -c > /tmp/kernel.txt
out=$(/kh-faults load /keyedhash.ko 1000000)
echo "$out"
kh_algs > /tmp/all.txt
total=$((1000000 - $(echo "$out" | awk '{ print $5 }')))
case $out in "load 1000000: ok not-reached "*) clean0=1 ;; *) clean0= ;; esac
check "a load without faults: $(grep -c . /tmp/all.txt) drivers, $total fault points" \
	sh -c "[ -n '$clean0' ] && [ -s /tmp/all.txt ]"
rmmod keyedhash
# KH_FAULTS_LOADS: at most this many loads, N spread evenly over them
loads=${KH_FAULTS_LOADS:-0}
step=1
[ "$loads" -gt 0 ] && step=$(( (total + loads - 1) / loads ))
[ "$step" -ge 1 ] || step=1
# The first N tried is 1, whatever the step: the module loader's own
# allocations come first, and a load they fail must end in ENOMEM with
# nothing left loaded (module init itself allocates only in the
# self-tests, whose failures leave a driver out instead).
n=$((1 - step)) tried=0 loads_ok=0 loads_enomem=0 bad=0 unsaid=0 untested=0 clean=
start=$(date +%s)
# (past the last point one by one: a load may reach a few more points
# than the first, e.g. where a cache is created lazily)
while [ $n -le $((total + 50)) ]; do
	if [ $n -ge "$total" ]; then n=$((n + 1)); else n=$((n + step)); fi
	[ $n -gt "$total" ] && [ $((n - step)) -lt "$total" ] && n=$((total + 1))
	tried=$((tried + 1))
	out=$(/kh-faults load /keyedhash.ko $n)
	case $out in
	"load $n: ok not-reached "*)
		clean=1
		rmmod keyedhash
		break ;;
	"load $n: ok injected 0")
		loads_ok=$((loads_ok + 1))
		kh_algs > /tmp/algs.txt
		dmesg -c > /tmp/load.txt
		cat /tmp/load.txt >> /tmp/kernel.txt
		while read -r name driver result; do
			grep -q " $driver passed$" /tmp/algs.txt && continue
			if grep -q -e "keyedhash: $driver: self-test failed (-12), not registered" \
				-e "keyedhash: $driver: registration failed (-12)" /tmp/load.txt; then
				continue
			fi
			# The crypto API could not start testmgr's test (its
			# allocation in crypto_register_alg() failed; it WARNs
			# once): registered, untested, unusable.  Not ours to say.
			if grep -q "^$name $driver unknown$" /tmp/algs.txt; then
				echo "load $n: $driver registered but never tested by testmgr (selftest: unknown)"
				untested=$((untested + 1))
				continue
			fi
			echo "load $n: $driver missing, and nothing said why"
			unsaid=$((unsaid + 1))
		done < /tmp/all.txt
		if ! rmmod keyedhash; then
			echo "load $n: rmmod failed"
			bad=$((bad + 1))
		fi ;;
	"load $n: ENOMEM injected 0")
		loads_enomem=$((loads_enomem + 1))
		dmesg -c >> /tmp/kernel.txt
		if grep -q '^keyedhash ' /proc/modules; then
			echo "load $n: failed, but keyedhash is loaded"
			bad=$((bad + 1))
			rmmod keyedhash
		fi ;;
	*)
		echo "$out"
		bad=$((bad + 1))
		grep -q '^keyedhash ' /proc/modules && rmmod keyedhash ;;
	esac
	[ $((tried % 25)) = 0 ] && echo "  ... $tried loads, N = $n of $total, $(( $(date +%s) - start )) s"
done
t=$(( $(date +%s) - start ))
echo "$tried loads (N = 1..$total, step $step) in $t s: $loads_enomem ENOMEM, $loads_ok loaded with an allocation failed"
echo "figures: faults load-points=$total loads=$tried step=$step enomem=$loads_enomem loaded-despite-fault=$loads_ok testmgr-not-started=$untested seconds=$t"
check "every load with a failed allocation ended in ENOMEM or loaded ($bad otherwise)" [ $bad = 0 ]
check "every driver missing after such a load said why ($unsaid did not)" [ $unsaid = 0 ]
check "some loads failed with ENOMEM, some loaded without a driver (faults really hit)" \
	sh -c "[ $loads_enomem -gt 0 ] && [ $loads_ok -gt 0 ]"
check "the last load, past every fault point, loaded cleanly" [ -n "$clean" ]
[ "$step" = 1 ] || echo "NOTE: every ${step}th N tried (KH_FAULTS_LOADS=$loads), not every N"
/finit /keyedhash.ko > /dev/null
check "keyedhash loaded without faults after that" grep -q '^keyedhash ' /proc/modules
kh_algs > /tmp/algs.txt
while read -r name driver result; do
	check "$driver registered as $name, selftest passed" \
		grep -qx "$name $driver passed" /tmp/algs.txt
done < /tmp/all.txt
check "the generic drivers among them" sh -c \
	"while read -r name driver; do grep -qx \"\$name \$driver passed\" /tmp/algs.txt || exit 1; done < /expected.txt"
drivers=$(awk '{ printf "%s:%s ", $1, $2 }' /tmp/algs.txt)

echo "--- AF_ALG with the Nth allocation of each step failing, for every N"
/kh-faults afalg /abuse $drivers > /tmp/afalg.txt 2>&1
rc=$?
grep -v '^PASS: ' /tmp/afalg.txt
grep -c '^PASS: ' /tmp/afalg.txt | sed 's/^/kh-faults afalg: PASS lines: /'
grep '^PASS: \|^FAIL: ' /tmp/afalg.txt
check "kh-faults afalg ran to the end (exit status $rc)" [ $rc -le 1 ]

echo "--- AF_ALG with 10% of the client's allocations failing"
for f in failslab fail_page_alloc; do
	echo 10 > $D/$f/probability
	echo 1 > $D/$f/interval
done
/kh-faults random /abuse "${KH_FAULTS_OPS:-2000}" $drivers > /tmp/random.txt 2>&1
rc=$?
for f in failslab fail_page_alloc; do
	echo 0 > $D/$f/probability
done
cat /tmp/random.txt
check "kh-faults random ran to the end (exit status $rc)" [ $rc -le 1 ]

echo "--- unload, kmemleak, and a clean load afterwards"
check "rmmod keyedhash" rmmod keyedhash
kh_kmemleak_scan $KML
check "kmemleak: nothing leaked ($leaks objects)" [ "$leaks" = 0 ]
check "insmod keyedhash.ko" /finit /keyedhash.ko
/kh-afalg-abuse --smoke /abuse $drivers > /tmp/smoke.txt 2>&1
rc=$?
tail -1 /tmp/smoke.txt
check "every driver hashes the reference messages right" [ $rc = 0 ]
check "rmmod keyedhash" rmmod keyedhash

echo "--- kernel log"
# An injected failure makes the allocator itself say "page allocation
# failure" or "vmalloc error" with a stack trace, where the caller did not
# pass __GFP_NOWARN: those are expected, one trace each.  Anything else
# that looks like a report is not.
dmesg >> /tmp/kernel.txt
kh_early_boot_aside /tmp/kernel.txt > /tmp/kernel.kept && mv /tmp/kernel.kept /tmp/kernel.txt
# So is the crypto API's own WARN_ON_ONCE when it cannot allocate what
# starts testmgr's test of an algorithm being registered
# (crypto_wait_for_test() in 6.1, crypto_schedule_test() later).
awk '/page allocation failure|vmalloc error/ { allowed++ }
	/WARN''ING: .* at crypto\/api\.c:[0-9]+ crypto_(wait_for|schedule)_test/ { allowed++; next }
	/Call Trace:/ { if (allowed) allowed--; else bad++ }
	/BUG[:]|WARN''ING[:]|Oo''ps|KA''SAN|UB''SAN[:]|sleeping function|blocked for more/ { bad++ }
	END { exit bad > 0 }' /tmp/kernel.txt
check "kernel log free of reports (other than the allocator's failure messages)" [ $? = 0 ]
grep -c -E 'page allocation failure|vmalloc error' /tmp/kernel.txt | sed 's/^/allocator failure messages: /'
grep -E -B2 -A12 'BUG[:]|WARN''ING[:]|Oo''ps|KA''SAN|UB''SAN[:]|sleeping function' /tmp/kernel.txt | head -80

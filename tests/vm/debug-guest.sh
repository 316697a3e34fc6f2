# SPDX-License-Identifier: GPL-2.0
# Runs inside the debug KUnit kernel (tests/kunit/debug.kunitconfig: the
# address sanitizer, kmemleak, lockdep, atomic-sleep checks, testmgr's
# extra tests) as /test.sh.  Every check prints "PASS: ..." or "FAIL: ...";
# the host counts them and parses the KTAP and any kernel report from the
# console log (tests/rig/kernel/ktap.py).  Nothing printed here may look like a
# kernel report: the host flags those words anywhere in the log.
#
# /keyedhash.ko and /keyedhash_kunit.ko are built against this kernel;
# /abuse holds the reference digests of the AF_ALG abuse test; /env may set
# KH_SEED, KH_ABUSE_OPS (default 25000; tests/rig/check.sh sets it) and
# KH_CYCLES (default 50).
. /lib.sh

[ -f /env ] && . /env
# errors and warnings to the console as they happen (a report is in the
# log even if the VM never finishes); the rest comes with the dump below
dmesg -n 5
mount -t debugfs none /sys/kernel/debug
KML=/sys/kernel/debug/kmemleak
# Only leaks from here on count.  kmemleak reports an object once it is
# older than 5 s and was unreferenced in a scan after an earlier scan, so
# scan twice, then forget what it found (QEMU's ACPI tables make the
# kernel drop a few caches at boot).
sleep 5
check "kmemleak is active (/sys/kernel/debug/kmemleak scans)" \
	sh -c "echo scan > $KML"
echo scan > $KML
boot_leaks=$(grep -c "^unreferenced" $KML)
echo clear > $KML
echo "kmemleak: $boot_leaks objects from boot set aside"
uname -a

echo "--- load: self-test, testmgr (extra tests) on nhpoly1305"
check "testmgr's extra tests are enabled" \
	sh -c "dmesg | grep -q 'alg: extra crypto tests enabled'"
# the boot log, without kmemleak's note on what was just set aside
dmesg -c | grep -v "kmemleak: .* new suspected memory leaks" > /tmp/boot.txt
check "insmod keyedhash.ko" /finit /keyedhash.ko
dmesg | grep "keyedhash:"
kh_algs | tee /tmp/algs.txt
while read -r name driver; do
	check "$driver registered as $name, selftest passed" \
		grep -qx "$name $driver passed" /tmp/algs.txt
done < /expected.txt
check "no keyedhash driver failed a self-test" \
	sh -c "! awk '\$3 != \"passed\"' /tmp/algs.txt | grep -q ."
for drv in $(awk '$1 == "nhpoly1305" { print $2 }' /tmp/algs.txt); do
	check "$drv passed testmgr's nhpoly1305 tests and the fuzzing against nhpoly1305-generic" \
		grep -qx "nhpoly1305 $drv passed" /tmp/algs.txt
done
dmesg | grep "alg: " | grep -v -e "No test for" > /tmp/alg.txt
cat /tmp/alg.txt
check "testmgr logged no failure for keyedhash's drivers" [ ! -s /tmp/alg.txt ]
drivers=$(awk '{ printf "%s:%s ", $1, $2 }' /tmp/algs.txt)

echo "--- AF_ALG abuse under the debug kernel"
/kh-afalg-abuse --seed "${KH_SEED:-1}" --ops "${KH_ABUSE_OPS:-25000}" --time-limit "${KH_ABUSE_LIMIT:-1500}" \
	/abuse $drivers > /tmp/abuse.txt 2>&1
rc=$?
cat /tmp/abuse.txt
check "kh-afalg-abuse ran to completion (exit status $rc)" [ $rc -le 1 ]
check "rmmod keyedhash after the abuse" rmmod keyedhash

n=${KH_CYCLES:-50}
echo "--- $n cycles: insmod keyedhash.ko, hash with every driver, rmmod"
# testmgr fuzzed nhpoly1305 fully at the first load; 10 rounds per load
# from here on halve the time of a cycle.
echo 10 > /sys/module/cryptomgr/parameters/fuzz_iterations
i=0 ok=0
start=$(date +%s)
while [ $i -lt "$n" ]; do
	i=$((i + 1))
	if ! /finit /keyedhash.ko > /dev/null; then
		echo "cycle $i: insmod failed"
		continue
	fi
	if ! /kh-afalg-abuse --smoke /abuse $drivers > /tmp/smoke.txt 2>&1; then
		echo "cycle $i:"
		cat /tmp/smoke.txt
	elif rmmod keyedhash; then
		ok=$((ok + 1))
		continue
	fi
	rmmod keyedhash 2>/dev/null
done
tail -1 /tmp/smoke.txt
echo "$ok of $n cycles in $(( $(date +%s) - start )) s"
check "$n load/hash/unload cycles" [ "$ok" = "$n" ]
check "keyedhash gone after the cycles" sh -c "! grep -q '^keyedhash ' /proc/modules"

echo "--- KUnit suites under the debug kernel"
/finit /keyedhash.ko > /dev/null
/finit /keyedhash_kunit.ko > /dev/null
check "rmmod keyedhash_kunit" rmmod keyedhash_kunit
check "rmmod keyedhash" rmmod keyedhash

echo "--- kmemleak"
kh_kmemleak_scan $KML
echo "figures: debug-vm cycles=$ok/$n leaks=$leaks boot-time-kmemleak-suspects-set-aside=$boot_leaks"
check "kmemleak: nothing leaked ($leaks objects)" [ "$leaks" = 0 ]

echo "--- kernel log"
# Reports of the sanitizers, lockdep and might_sleep() (kmemleak's are
# judged above, from its own report); the host parses them again from the
# full log below.
dmesg > /tmp/dmesg.txt
kh_early_boot_aside /tmp/boot.txt > /tmp/boot.kept
check "kernel log free of reports" sh -c "! grep -q -E \
	'BUG[:]|WARN''ING[:]|Oo''ps|Call Tr''ace|KA''SAN|UB''SAN[:]|sleeping function|blocked for more' \
	/tmp/boot.kept /tmp/dmesg.txt"
cat /tmp/boot.txt /tmp/dmesg.txt

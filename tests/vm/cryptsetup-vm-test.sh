#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Runs inside the VM of tests/rig/deb/deb-vm.sh for tests/rig/deb/cryptsetup-suite.sh,
# in the Debian root with our packages and cryptsetup-bin installed by apt:
# loads keyedhash (DKMS-built), loop and dm-integrity, then runs
# /kh-files/integrity-compat-test (Debian's, patched and wrapped by
# cryptsetup-suite.sh) with the system's integritysetup, in a tmpfs.
# Prints PASS:/FAIL: lines for its own checks; the test's cases print
# "KH-CASE PASS|FAIL|N/A ID", which cryptsetup-suite.sh counts.
K=$(uname -r)
F=/kh-files
check() { local d=$1; shift; if "$@"; then echo "PASS: VM $K: $d"; else echo "FAIL: VM $K: $d"; fi; }
M=/lib/modules/$K/updates/dkms/keyedhash.ko
check "DKMS built keyedhash for $K into updates/dkms" test -f "$M"
check "modprobe keyedhash loads the DKMS-built module" sh -c \
	"modprobe keyedhash && [ \"\$(modinfo -n keyedhash)\" = '$M' ]"
check "modprobe loop dm-integrity" sh -c "modprobe loop && modprobe dm-integrity"
for a in highwayhash128 highwayhash256 sthash; do
	check "$a is registered by keyedhash, self-test passed" sh -c \
		"awk -v a=$a '/^name/ { n = \$3 } /^module/ { m = \$3 } /^selftest/ && n == a && m == \"keyedhash\" && \$3 == \"passed\" { f = 1 } END { exit !f }' /proc/crypto"
done
v=$(dpkg-query -W -f '${Version}' cryptsetup-bin 2>/dev/null)
check "the test is cryptsetup $(cat $F/VERSION)'s, the integritysetup it drives is cryptsetup-bin $v's" \
	[ "$v" = "$(cat $F/VERSION)" ]
echo "cryptsetup-suite: $(integritysetup --version), dm-integrity target $(dmsetup targets | awk '$1 == "integrity" { print $2 }')"
# seen failing on purpose (KH_CS_BREAK=driver): keyedhash unloaded and
# kept from loading again
if [ "$(cat $F/break 2>/dev/null)" = driver ]; then
	rmmod keyedhash
	echo "install keyedhash /bin/false" > /etc/modprobe.d/kh-break.conf
	echo "cryptsetup-suite: KH_CS_BREAK=driver: keyedhash unloaded and blocked"
fi
# libcryptsetup's lock directory; no udev in this VM: libdevmapper makes
# the /dev/mapper nodes itself
mount -t tmpfs run /run && mkdir -p /run/cryptsetup
export DM_DISABLE_UDEV=1
mkdir -p /tmp/cs && cd /tmp/cs || exit 1
cp $F/integrity-compat-test .
t0=$(date +%s)
# the cases this kernel runs (tests/rig/deb/cryptsetup-suite.sh)
export KH_CS_SELECT=$F/select-$K
echo "cryptsetup-suite: $(wc -l < "$KH_CS_SELECT") cases selected for $K"
CRYPTSETUP_PATH=/usr/sbin bash ./integrity-compat-test 2>&1
rc=$?
echo "cryptsetup-suite: integrity-compat-test exit status $rc, $(( $(date +%s) - t0 )) s"
check "integrity-compat-test ran to its end (exit status $rc)" [ "$rc" = 0 ]
check "no dm-integrity device left open" sh -c \
	"[ -z \"\$(dmsetup ls --target integrity 2>/dev/null | grep -v 'No devices')\" ]"
dmesg | grep -a -E 'BUG|WARNING|Oops' | head -5
check "the kernel log has no BUG, WARNING or Oops" sh -c "! dmesg | grep -a -q -E 'BUG|WARNING|Oops'"

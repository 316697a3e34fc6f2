# SPDX-License-Identifier: GPL-2.0
# Runs inside the arm64 VM of make check-deb (tests/rig/deb/deb-check.sh) as
# /test.sh: the module that DKMS built natively when apt installed the
# keyedhash-dkms package in an arm64 Debian 13 root (tests/rig/deb/deb-arm64.sh),
# installed as a module of the booted Debian kernel it was built for.
# modprobe must load it and every driver of /expected.txt
# ("name driver": the generic and the NEON ones) must register with its
# init-time self-test passed.
. /lib.sh
dmesg -n 1
check "modprobe keyedhash (the package's module, built natively by DKMS on arm64)" modprobe keyedhash
dmesg | grep "keyedhash:"
check "no keyedhash driver failed its init-time self-test" \
	sh -c '! dmesg | grep -q "keyedhash: .*self-test failed"'
kh_algs | tee /tmp/algs.txt
n=0
while read -r name driver; do
	n=$((n + 1))
	check "$driver registered as $name, selftest passed" \
		grep -qx "$name $driver passed" /tmp/algs.txt
done < /expected.txt
check "/expected.txt named the generic and the NEON drivers ($n)" [ "$n" -ge 14 ]

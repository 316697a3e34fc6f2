# SPDX-License-Identifier: GPL-2.0
# The "make run" demo, inside the Debian-kernel VM: load keyedhash with
# modprobe, show its /proc/crypto entries and hash a sample file with every
# algorithm through AF_ALG (khsum).
dmesg -n 1
echo "\$ modprobe keyedhash"
modprobe keyedhash && dmesg | grep "keyedhash:" | tail -1
modprobe algif_hash
if [ -f /proc/sys/crypto/af_alg_restrict ]; then
	echo
	echo "\$ sysctl -w crypto.af_alg_restrict=0   # 7.3 on: AF_ALG binds only an allow-list by default"
	echo 0 > /proc/sys/crypto/af_alg_restrict
fi
echo
echo "\$ cat /proc/crypto   # the keyedhash entries: name, driver, priority, selftest, digestsize"
awk 'BEGIN { RS = ""; FS = "\n" } /module *: keyedhash/ {
	for (i = 1; i <= NF; i++)
		if ($i ~ /^(name|driver|priority|selftest|digestsize) /) printf "%s\n", $i
	print "" }' /proc/crypto
echo "\$ ls -l /sample.txt"
ls -l /sample.txt
# /expected.txt: "NAME KEYFILE <hex>  /sample.txt", computed natively on the
# host by the same generic C (build/hosttest --digest).
while read -r name key want; do
	echo "\$ khsum -a $name -k $key /sample.txt"
	got=$(/khsum -a "$name" -k "$key" /sample.txt)
	echo "$got"
	[ "$got" = "$want" ] || echo "   MISMATCH: the host computed $want"
done < /expected.txt
echo
echo "\$ rmmod keyedhash"
rmmod keyedhash && echo "unloaded"

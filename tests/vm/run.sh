# SPDX-License-Identifier: GPL-2.0
# The "make run" demo, inside the Debian-kernel VM: load keyedhash with
# modprobe, show its /proc/crypto entries and hash a sample file with every
# algorithm through AF_ALG (khsum).
dmesg -n 1
echo "\$ modprobe keyedhash"
modprobe keyedhash && dmesg | grep "keyedhash:" | tail -1
modprobe algif_hash
echo
echo "\$ grep -B1 -A7 'module *: keyedhash' /proc/crypto  (name, driver, priority, selftest)"
awk 'BEGIN { RS = ""; FS = "\n" } /module *: keyedhash/ {
	for (i = 1; i <= NF; i++)
		if ($i ~ /^(name|driver|priority|selftest|digestsize) /) printf "%s\n", $i
	print "" }' /proc/crypto
echo "\$ ls -l /sample.txt"
ls -l /sample.txt
for a in highwayhash64 highwayhash128 highwayhash256 nhpoly1305 sthash \
	sthash-personalized multimixer128; do
	grep -q "^name *: $a\$" /proc/crypto || continue
	case $a in
	highwayhash*|sthash) key=/keys/32.bin ;;
	nhpoly1305) key=/keys/1088.bin ;;
	sthash-personalized) key=/keys/personalized.bin ;;
	multimixer128) key=/keys/4096.bin ;;
	esac
	echo "\$ khsum -a $a -k $key /sample.txt"
	/khsum -a "$a" -k "$key" /sample.txt
done
echo
echo "\$ rmmod keyedhash"
rmmod keyedhash && echo "unloaded"

# SPDX-License-Identifier: GPL-2.0
# Runs inside the Debian-kernel VM (busybox sh) as /test.sh.
# Every check prints "PASS: ..." or "FAIL: ..."; the host counts them.
# /expected.txt lists "name driver" for each driver that must be registered
# on this CPU; /absent.txt (optional) lists drivers that must not be.
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
check() { d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }

# "name driver selftest" of every algorithm the keyedhash module registered.
kh_algs() {
	awk 'BEGIN { RS = ""; FS = "\n" }
	{
		n = d = m = s = ""
		for (i = 1; i <= NF; i++) {
			split($i, kv, /[ \t]*: /)
			if (kv[1] == "name") n = kv[2]
			if (kv[1] == "driver") d = kv[2]
			if (kv[1] == "module") m = kv[2]
			if (kv[1] == "selftest") s = kv[2]
		}
		if (m == "keyedhash") print n, d, s
	}' /proc/crypto
}

[ -f /env ] && . /env
dmesg -n 1
check "modprobe keyedhash" modprobe keyedhash
dmesg | grep "keyedhash:"

echo "--- /proc/crypto (keyedhash)"
kh_algs | tee /tmp/algs.txt
while read -r name driver; do
	check "$driver registered as $name, selftest passed" \
		grep -qx "$name $driver passed" /tmp/algs.txt
done < /expected.txt
if [ -f /absent.txt ]; then
	while read -r driver; do
		check "$driver absent on this CPU" sh -c "! grep -q ' $driver ' /tmp/algs.txt"
	done < /absent.txt
fi
check "no keyedhash driver failed its self-test" \
	sh -c "! awk '\$3 != \"passed\"' /tmp/algs.txt | grep -q ."

echo "--- AF_ALG: every vector through every driver"
modprobe algif_hash
drivers=$(awk '{ printf "%s:%s ", $1, $2 }' /tmp/algs.txt)
check "kh-afalg-test ran to completion" sh -c \
	"/kh-afalg-test --seed ${KH_SEED:-1} /vectors $drivers > /tmp/afalg.txt 2>&1"
cat /tmp/afalg.txt

echo "--- khsum: the kernel through AF_ALG against the host's native generic C"
while read -r name key want; do
	got=$(/khsum -a "$name" -k "/samples$key" /sample.txt)
	echo "$got"
	check "khsum -a $name matches the host" [ "$got" = "$want" ]
done < /samples/expected.txt
echo "--- tcrypt"
T=/lib/modules/$(uname -r)/kernel/crypto/tcrypt.ko
dmesg -c > /dev/null
/finit "$T" mode=300 alg=highwayhash256 klen=32 sec=0
dmesg -c > /tmp/tcrypt.txt
head -5 /tmp/tcrypt.txt
check "tcrypt mode=300 alg=highwayhash256 klen=32 sec=0" \
	grep -q "cycles/operation" /tmp/tcrypt.txt

echo "--- Adiantum on keyedhash's nhpoly1305"
# Name our driver as Adiantum's third template argument; tcrypt mode=0
# instantiates it, and testmgr runs the adiantum(xchacha12,aes) vectors
# through it.  The kernel's own drivers stay the default (priority).
modprobe adiantum
dmesg -c > /dev/null
A="adiantum(xchacha12,aes,nhpoly1305-keyedhash-generic)"
/finit "$T" mode=0 "alg=$A" type=5
awk 'BEGIN { RS = ""; FS = "\n" } /driver *: adiantum\(.*nhpoly1305-keyedhash-generic\)/ {
	for (i = 1; i <= NF; i++) if ($i ~ /^(name|driver|selftest) /) print $i }' \
	/proc/crypto > /tmp/adiantum.txt
cat /tmp/adiantum.txt
check "$A instantiated, selftest passed" grep -q "^selftest *: passed" /tmp/adiantum.txt
# Without the explicit argument Adiantum must keep the kernel's own NHPoly1305.
/finit "$T" mode=0 "alg=adiantum(xchacha20,aes)" type=5
grep "driver *: adiantum(xchacha20" /proc/crypto
check "adiantum(xchacha20,aes) uses the kernel's nhpoly1305 by default" sh -c \
	"grep 'driver *: adiantum(xchacha20' /proc/crypto | grep -q 'nhpoly1305-[a-z0-9]*)' &&
	 ! grep 'driver *: adiantum(xchacha20' /proc/crypto | grep -q keyedhash"

if [ -x /extra.sh ]; then
	. /extra.sh
fi

echo "--- rmmod"
check "rmmod keyedhash" rmmod keyedhash
check "keyedhash gone from /proc/crypto" sh -c "! grep -q 'module *: keyedhash' /proc/crypto"
echo "--- kernel log"
check "no BUG/WARNING/Oops in dmesg" \
	sh -c "! dmesg | grep -E 'BUG:|WARNING:|Oops|Call Trace|KASAN'"

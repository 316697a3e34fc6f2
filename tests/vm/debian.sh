# SPDX-License-Identifier: GPL-2.0
# Runs inside the Debian-kernel VM (busybox sh) as /test.sh.
# Every check prints "PASS: ..." or "FAIL: ..."; the host counts them.
# /expected.txt lists "name driver" for each driver that must be registered
# on this CPU; /absent.txt (optional) lists drivers that must not be.
. /lib.sh

[ -f /env ] && . /env
dmesg -n 1
# Linux 7.3 on: AF_ALG hash sockets bind only the kernel's allow-list
# while crypto.af_alg_restrict is 1 (the default).  khsum must say so and
# name the sysctl; 0 then allows every hash (what the tests below need,
# the autoload by name in /pre.sh too).  The sysctl comes with af_alg.ko,
# so load that first where its module has one.
R=/proc/sys/crypto/af_alg_restrict
KH_AF_ALG_PRELOADED=
if grep -q af_alg_restrict "/lib/modules/$(uname -r)/kernel/crypto/af_alg.ko" 2>/dev/null; then
	KH_AF_ALG_PRELOADED=1
	modprobe af_alg
	echo "--- crypto.af_alg_restrict = $(cat $R)"
	check "crypto.af_alg_restrict is 1 by default" [ "$(cat $R)" = 1 ]
	read -r name key want < /samples/expected.txt
	/khsum -a "$name" -k "/samples$key" /sample.txt > /tmp/restrict.out 2>&1
	rc=$?
	cat /tmp/restrict.out
	check "af_alg_restrict=1: khsum -a $name refused (exit status $rc)" [ $rc = 1 ]
	check "af_alg_restrict=1: khsum's message names the sysctl" \
		grep -q "crypto.af_alg_restrict = 1" /tmp/restrict.out
	# (bind() is refused before any lookup: nothing else was loaded)
	echo 0 > $R
	check "crypto.af_alg_restrict set to 0 for the tests" [ "$(cat $R)" = 0 ]
fi
# /pre.sh (optional): checks that must run before keyedhash is loaded
if [ -f /pre.sh ]; then
	. /pre.sh
fi
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
# /arch.txt: "name driver feature" of each arch driver; it must be
# registered exactly when /proc/cpuinfo has the feature's flags.
kh_feature_flags() {
	case $1 in
	avx2) echo avx2 ;;
	avx512) echo avx2 avx512f ;;	# AVX512F instructions only
	neon) echo asimd ;;
	*) echo "$1" ;;
	esac
}
# x86 lists them as "flags", arm64 as "Features"
kh_cpu_has() { grep -m1 -E '^(flags|Features)' /proc/cpuinfo | grep -qw "$1"; }
echo "--- CPU flags: $(grep -m1 -E '^(flags|Features)' /proc/cpuinfo | tr ' ' '\n' | grep -E '^(avx|asimd)' | tr '\n' ' ')"
for f in ${KH_CPU_FLAGS_PRESENT:-}; do
	check "this CPU model has $f" kh_cpu_has "$f"
done
for f in ${KH_CPU_FLAGS_ABSENT:-}; do
	check "this CPU model lacks $f" sh -c "! grep -m1 '^flags' /proc/cpuinfo | grep -qw $f"
done
if [ -f /arch.txt ]; then
	while read -r name driver feature; do
		have=1
		for f in $(kh_feature_flags "$feature"); do
			kh_cpu_has "$f" || have=0
		done
		if [ $have = 1 ]; then
			check "$driver ($feature) registered as $name, selftest passed" \
				grep -qx "$name $driver passed" /tmp/algs.txt
		else
			check "$driver absent without $feature" \
				sh -c "! grep -q ' $driver ' /tmp/algs.txt"
		fi
	done < /arch.txt
fi
check "no keyedhash driver failed its self-test" \
	sh -c "! awk '\$3 != \"passed\"' /tmp/algs.txt | grep -q ."

echo "--- AF_ALG: every vector through every driver"
modprobe algif_hash
drivers=$(awk '{ printf "%s:%s ", $1, $2 }' /tmp/algs.txt)
check "kh-afalg-test ran to completion" sh -c \
	"/kh-afalg-test --seed ${KH_SEED:-1} /vectors $drivers > /tmp/afalg.txt 2>&1"
cat /tmp/afalg.txt

echo "--- libkcapi: every vector through every driver (kh-kcapi-test)"
check "kh-kcapi-test ran to completion" sh -c \
	"/kh-kcapi-test --seed ${KH_SEED:-1} /vectors $drivers > /tmp/kcapi.txt 2>&1"
cat /tmp/kcapi.txt

echo "--- kcapi-dgst (Debian's kcapi-tools): every case with a key of at most 32 bytes"
# --keyfd reads at most 32 bytes; kh-kcapi-test writes those cases' keys
# and messages and lists "NAME KEY MSG DIGEST", the digest from /vectors
D=/tmp/dgst
if /kh-kcapi-test --dump-dgst $D /vectors; then
	for alg in $(cut -d' ' -f1 $D/list.txt | sort -u); do
		n=0
		bad=0
		while read -r a key msg want; do
			[ "$a" = "$alg" ] || continue
			n=$((n + 1))
			got=$(kcapi-dgst -q -c "$a" --keyfd 3 --hex -i "$D/$msg" 3< "$D/$key" 2>&1)
			if [ "$got" != "$want" ]; then
				bad=$((bad + 1))
				echo "    kcapi-dgst -c $a, $D/$key, $D/$msg: '$got', want $want"
			fi
		done < $D/list.txt
		check "kcapi-dgst -c $alg: $n records, $bad wrong" [ $n -gt 0 -a $bad = 0 ]
	done
else
	fail "kh-kcapi-test --dump-dgst: the kcapi-dgst cases written"
fi
rm -rf $D
# kcapi-dgst ignores a refused key (README): no digest, a non-zero exit
head -c 31 /samples/keys/32.bin > /tmp/key31
kcapi-dgst -c highwayhash256 --keyfd 3 --hex -i /sample.txt 3< /tmp/key31 > /tmp/dgst.out 2>&1
rc=$?
cat /tmp/dgst.out; echo
check "kcapi-dgst with a 31-byte highwayhash256 key: no digest, exit status $rc" \
	sh -c "[ $rc != 0 ] && ! grep -q '[0-9a-f]\{64\}' /tmp/dgst.out"

echo "--- README's libkcapi example (tools/examples/kcapi-example.c)"
while read -r name key want; do
	[ "$name" = highwayhash256 ] || continue
	got=$(/kcapi-example "/samples$key" < /sample.txt)
	echo "$got"
	check "kcapi-example: $name of /sample.txt as the host computes it" \
		[ "$got  /sample.txt" = "$want" ]
done < /samples/expected.txt

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
# Up to 6.x Adiantum takes its hash as a third template argument: name our
# driver there; tcrypt mode=0 instantiates it, and testmgr runs the
# adiantum(xchacha12,aes) vectors through it.  The kernel's own drivers
# stay the default (priority).  Every nhpoly1305 driver of ours (generic
# and SIMD) gets its instance.  7.x dropped crypto/nhpoly1305.c: Adiantum
# computes NH and Poly1305 itself (lib/crypto/nh.c) and takes no hash;
# there it must still work with keyedhash loaded, and our nhpoly1305 is
# the kernel's only one.
modprobe adiantum
dmesg -c > /dev/null
M=/lib/modules/$(uname -r)
if grep -q '/nhpoly1305\.ko' $M/modules.dep $M/modules.builtin 2>/dev/null; then
	for drv in $(awk '$1 == "nhpoly1305" { print $2 }' /tmp/algs.txt); do
		A="adiantum(xchacha12,aes,$drv)"
		/finit "$T" mode=0 "alg=$A" type=5
		awk -v d="$drv)" 'BEGIN { RS = ""; FS = "\n" } /driver *: adiantum\(/ && index($0, d) {
			for (i = 1; i <= NF; i++) if ($i ~ /^(name|driver|selftest) /) print $i }' \
			/proc/crypto > /tmp/adiantum.txt
		cat /tmp/adiantum.txt
		check "$A instantiated, selftest passed" grep -q "^selftest *: passed" /tmp/adiantum.txt
	done
	# Without the explicit argument Adiantum keeps the kernel's own NHPoly1305.
	/finit "$T" mode=0 "alg=adiantum(xchacha20,aes)" type=5
	grep "driver *: adiantum(xchacha20" /proc/crypto
	check "adiantum(xchacha20,aes) uses the kernel's nhpoly1305 by default" sh -c \
		"grep 'driver *: adiantum(xchacha20' /proc/crypto | grep -q 'nhpoly1305-[a-z0-9]*)' &&
		 ! grep 'driver *: adiantum(xchacha20' /proc/crypto | grep -q keyedhash"
else
	echo "this kernel has no nhpoly1305 module: Adiantum hashes with lib/crypto's NH"
	/finit "$T" mode=0 "alg=adiantum(xchacha12,aes)" type=5
	awk 'BEGIN { RS = ""; FS = "\n" } /name *: adiantum\(xchacha12,aes\)/ {
		for (i = 1; i <= NF; i++) if ($i ~ /^(name|driver|selftest) /) print $i }' \
		/proc/crypto > /tmp/adiantum.txt
	cat /tmp/adiantum.txt
	check "adiantum(xchacha12,aes) instantiated beside keyedhash, selftest passed" \
		grep -q "^selftest *: passed" /tmp/adiantum.txt
	awk 'BEGIN { RS = ""; FS = "\n" } $1 ~ /^name *: nhpoly1305$/ {
		for (i = 1; i <= NF; i++) if ($i ~ /^driver /) print $i }' /proc/crypto > /tmp/nhp.txt
	cat /tmp/nhp.txt
	check "every nhpoly1305 driver is keyedhash's" sh -c \
		"[ -s /tmp/nhp.txt ] && ! grep -v keyedhash /tmp/nhp.txt"
fi

echo "--- AF_ALG abuse: hostile keys, splits, clones, 1000 sockets, 8 processes, removal attempts"
# tests/afalg/kh_afalg_abuse.c against digests the host computed (/abuse);
# it prints its own PASS:/FAIL: lines and a "figures:" line.
check "the abuse test and its reference digests are in the image" \
	sh -c "[ -x /kh-afalg-abuse ] && [ -s /abuse/ref.txt ]"
/kh-afalg-abuse --seed "${KH_SEED:-1}" --ops "${KH_ABUSE_OPS:-100000}" \
	/abuse $drivers > /tmp/abuse.txt 2>&1
rc=$?
cat /tmp/abuse.txt
check "kh-afalg-abuse ran to completion (exit status $rc)" [ $rc -le 1 ]

# AF_ALG keys are charged to the user's memory cgroup (tests/vm/memcg.sh)
if [ -f /memcg.sh ]; then
	. /memcg.sh
fi

if [ -x /extra.sh ]; then
	. /extra.sh
fi

echo "--- rmmod"
check "rmmod keyedhash" rmmod keyedhash
check "keyedhash gone from /proc/crypto" sh -c "! grep -q 'module *: keyedhash' /proc/crypto"
echo "--- kernel log"
check "no BUG/WARNING/Oops in dmesg" \
	sh -c "! dmesg | grep -E 'BUG:|WARNING:|Oops|Call Trace|KASAN'"

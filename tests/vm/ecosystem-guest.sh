# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/vm/debian.sh as /extra.sh (x86_64 VM, keyedhash loaded):
# the khsum CLI (check mode, stdin, progress, key sizes, error messages),
# dm-integrity with keyedhash's hashes as internal_hash and dm-crypt with
# Adiantum on keyedhash's NHPoly1305; the key checked before opening
# (/keycheck.sh).  Files from tests/rig/kernel/ecosystem.sh: /eco/ (data, keys),
# integritysetup, cryptsetup, gdd, bash, disks as /dev/vda and /dev/vdb.
# Uses check/pass/fail of debian.sh.
K32=/samples/keys/32.bin
KH="/khsum -a highwayhash256 -k $K32"
W=/tmp/eco
rm -rf $W && mkdir -p $W

echo "--- khsum: sums file and -c (uptime $(cut -d' ' -f1 /proc/uptime) s)"
cp /sample.txt $W/a.txt
dd if=/dev/urandom of=$W/b.bin bs=1024 count=100 2>/dev/null
: > $W/empty
nl=$(printf 'new\nline')
echo data > "$W/$nl"
(cd $W && $KH a.txt b.bin empty "$nl") > $W/SUMS
cat $W/SUMS
n=$(grep -c . $W/SUMS)
e=$(grep -c '^\\[0-9a-f]*  new\\nline$' $W/SUMS)
check "khsum wrote 4 lines, the one with a newline in its name escaped" \
	sh -c "[ $n = 4 ] && [ $e = 1 ]"
(cd $W && $KH -c SUMS) > $W/out 2> $W/err
rc=$?
cat $W/out $W/err
check "khsum -c: every file OK, exit 0" sh -c \
	"[ $rc = 0 ] && [ \$(grep -c ': OK\$' $W/out) = 4 ] && [ ! -s $W/err ]"
check "khsum -c: the escaped name is checked and printed escaped" \
	grep -qx '\\new\\nline: OK' $W/out
(cd $W && $KH -c --quiet SUMS) > $W/out 2>&1
check "khsum -c --quiet: no output when all is well" sh -c "[ $? = 0 ] && [ ! -s $W/out ]"
# sha256sum's binary-mode marker, blank lines and comments
(echo "# comment"; echo; sed 's/^\([0-9a-f]*\)  a.txt$/\1 *a.txt/' $W/SUMS) > $W/SUMS.b
(cd $W && $KH -c SUMS.b) > $W/out 2>&1
check "khsum -c: '*' binary marker, blank lines and # comments accepted" sh -c \
	"[ $? = 0 ] && [ \$(grep -c ': OK\$' $W/out) = 4 ]"

printf 'X' | dd of=$W/b.bin bs=1 seek=5000 conv=notrunc 2>/dev/null
(cd $W && $KH -c SUMS) > $W/out 2> $W/err
rc=$?
cat $W/out $W/err
check "khsum -c after corrupting b.bin: 'b.bin: FAILED', the others OK, exit 1" sh -c \
	"[ $rc = 1 ] && grep -qx 'b.bin: FAILED' $W/out && [ \$(grep -c ': OK\$' $W/out) = 3 ]"
check "khsum -c: 'WARNING: 1 computed checksum did NOT match' on stderr" \
	grep -qx 'khsum: WARNING: 1 computed checksum did NOT match' $W/err
(cd $W && $KH -c --quiet SUMS) > $W/out 2>&1
check "khsum -c --quiet: only the failure" sh -c \
	"[ $? = 1 ] && grep -qx 'b.bin: FAILED' $W/out && ! grep -q ': OK' $W/out"
(cd $W && $KH -c --status SUMS) > $W/out 2>&1
check "khsum -c --status: no output, exit 1" sh -c "[ $? = 1 ] && [ ! -s $W/out ]"

rm $W/empty
(cd $W && $KH -c SUMS) > $W/out 2> $W/err
rc=$?
check "khsum -c with a missing file: 'FAILED open or read', warning, exit 1" sh -c \
	"[ $rc = 1 ] && grep -qx 'empty: FAILED open or read' $W/out &&
	 grep -qx 'khsum: WARNING: 1 listed file could not be read' $W/err"
grep -v -e ' b.bin$' $W/SUMS > $W/SUMS.m
(cd $W && $KH -c --ignore-missing SUMS.m) > $W/out 2>&1
check "khsum -c --ignore-missing skips the missing file, exit 0" sh -c \
	"[ $? = 0 ] && ! grep -q empty $W/out && grep -qx 'a.txt: OK' $W/out"

(cat $W/SUMS.m; echo "not a checksum line"; echo "012  odd-length") > $W/SUMS.i
(cd $W && $KH -c --ignore-missing -w SUMS.i) > $W/out 2> $W/err
rc=$?
cat $W/err
check "khsum -c -w: improper lines warned about and counted, exit 0" sh -c \
	"[ $rc = 0 ] && grep -q 'SUMS.i: 4: improperly formatted checksum line' $W/err &&
	 grep -qx 'khsum: WARNING: 2 lines are improperly formatted' $W/err"
(cd $W && $KH -c --ignore-missing --strict SUMS.i) > /dev/null 2>&1
check "khsum -c --strict: improper lines make exit 1" [ $? = 1 ]
(cd $W && /khsum -a highwayhash64 -k $K32 -c SUMS.m) > $W/out 2> $W/err
rc=$?
cat $W/err
check "khsum -c with another algorithm's sums: no properly formatted lines, exit 1" sh -c \
	"[ $rc = 1 ] && grep -q 'no properly formatted checksum lines found' $W/err"

echo "--- khsum: standard input"
want=$(cd $W && $KH a.txt | cut -d' ' -f1)
got=$($KH < $W/a.txt)
echo "$got"
check "khsum reads standard input as '-'" [ "$got" = "$want  -" ]
got=$($KH - < $W/a.txt)
check "khsum - reads standard input" [ "$got" = "$want  -" ]
(cd $W && grep ' a.txt$' SUMS | $KH -c -) > $W/out 2>&1
check "khsum -c - reads the sums from standard input" sh -c \
	"[ $? = 0 ] && grep -qx 'a.txt: OK' $W/out"
got=$(/khsum -a highwayhash256 -k - $W/a.txt < $K32 | cut -d' ' -f1)
check "khsum -k - reads the key from standard input" [ "$got" = "$want" ]
/khsum -a highwayhash256 -k - < $K32 > /dev/null 2> $W/err
check "khsum -k - without a file: usage error, exit 2" sh -c \
	"[ $? = 2 ] && grep -q \"can't be both the key\" $W/err"

echo "--- khsum: progress"
dd if=/dev/zero of=$W/big bs=1M count=8 2>/dev/null
$KH --progress $W/big > $W/out 2> $W/err
rc=$?
cat $W/err
check "khsum --progress: progress on stderr ending at 100%, digest on stdout" sh -c \
	"[ $rc = 0 ] && grep -q '^khsum: $W/big: 100% 8.0 of 8.0 MiB, .* MiB/s\$' $W/err &&
	 grep -q '  $W/big\$' $W/out"
$KH $W/big > /dev/null 2> $W/err
check "khsum: no progress when stderr is not a terminal" [ ! -s $W/err ]
cat $W/big | $KH --progress > /dev/null 2> $W/err
check "khsum --progress on a pipe: MiB done without a percentage" \
	grep -q '^khsum: -: 8.0 MiB' $W/err

echo "--- khsum: messages"
/khsum -a highwayhash256 -k /eco/key31.bin $W/a.txt > /dev/null 2> $W/err
rc=$?
cat $W/err
check "khsum: a 31-byte highwayhash256 key is refused: wrong key size, 32 bytes, exit 1" sh -c \
	"[ $rc = 1 ] && grep -q 'rejected the 31-byte key.*wrong key size; highwayhash keys are exactly 32 bytes' $W/err"
/khsum -a nosuchhash -k $K32 $W/a.txt > /dev/null 2> $W/err
rc=$?
cat $W/err
check "khsum: a missing algorithm is named as such, exit 1" sh -c \
	"[ $rc = 1 ] && grep -q 'algorithm nosuchhash not available' $W/err"
/khsum -a multimixer128 -k /samples/keys/4096.bin $W/b.bin > /dev/null 2> $W/err
rc=$?
cat $W/err
check "khsum: multimixer128 with a message longer than the key: message length unsupported" sh -c \
	"[ $rc = 1 ] && grep -q 'does not support this message length' $W/err"
# the same in check mode: a 64-byte digest line for the too-long b.bin
(cd $W && printf '%0128d  b.bin\n' 0 |
	/khsum -a multimixer128 -k /samples/keys/4096.bin -c) > $W/out 2>&1
rc=$?
cat $W/out
check "khsum -c: a message the algorithm refuses is 'FAILED hashing', exit 1" sh -c \
	"[ $rc = 1 ] && grep -qx 'b.bin: FAILED hashing' $W/out &&
	 grep -qx 'khsum: WARNING: 1 listed file could not be hashed' $W/out"
old=$(cat /proc/sys/net/core/optmem_max)
echo 20480 > /proc/sys/net/core/optmem_max	# 6.1's default (other tests raise it)
/khsum -a multimixer128 -k /eco/key64k.bin /sample.txt > /dev/null 2> $W/err
rc=$?
cat $W/err
check "khsum: a 64 KiB key above optmem_max (20480): ENOMEM explained, sysctl suggested" sh -c \
	"[ $rc = 1 ] && grep -q 'smaller than net.core.optmem_max (now 20480); raise it, e.g. sysctl -w net.core.optmem_max=69632' $W/err"
/khsum -a sthash -k /eco/key2m.bin /sample.txt > /dev/null 2> $W/err
rc=$?
cat $W/err
check "khsum: a 2 MiB sthash key is read to 4097 bytes only, refused with the size rule" sh -c \
	"[ $rc = 1 ] && grep -q 'sthash rejected the key from /eco/key2m.bin: longer than 4096 bytes; sthash keys (seeds) are 16 to 4096 bytes' $W/err"
/khsum -a 'hmac(sha256)' -k /eco/key2m.bin /sample.txt > /dev/null 2> $W/err
rc=$?
cat $W/err
check "khsum: a 2 MiB key for an algorithm khsum does not know: read to optmem_max (20480) + 1, refused" sh -c \
	"[ $rc = 1 ] && grep -q 'hmac(sha256): the key from /eco/key2m.bin is longer than 20480 bytes' $W/err"
echo 131072 > /proc/sys/net/core/optmem_max
got=$(/khsum -a multimixer128 -k /eco/key64k.bin /sample.txt | cut -d' ' -f1)
want=$(awk '$1 == "multimixer128" { print $3 }' /samples/expected.txt)
echo "$got"
check "khsum: multimixer128 with a 64 KiB key after raising optmem_max; as its 4096-byte prefix" \
	sh -c "[ -n '$got' ] && [ '$got' = '$want' ]"
echo "$old" > /proc/sys/net/core/optmem_max
/khsum -a highwayhash256 > /dev/null 2>&1
check "khsum without -k: usage error, exit 2" [ $? = 2 ]
/khsum --help > $W/out
check "khsum --help documents -c and --progress" sh -c \
	"grep -q -- '--check' $W/out && grep -q -- '--progress' $W/out"

echo "--- dm-integrity: keyedhash as internal_hash (uptime $(cut -d' ' -f1 /proc/uptime) s)"
modprobe virtio_pci
modprobe virtio_blk
modprobe dm-integrity
i=0
while [ ! -b /dev/vda ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
check "virtio disk /dev/vda present, dm-integrity loaded" sh -c \
	"[ -b /dev/vda ] && grep -q '^dm_integrity ' /proc/modules"
mkdir -p /run/cryptsetup
SEC=100		# the sector to corrupt; data.img has 512 of them

# dm_integrity_test ALG KEYFILE KEYBYTES TAGBYTES
dm_integrity_test() {
	local alg=$1 key=$2 ks=$3 ts=$4 opts offs o n
	opts="--integrity $alg --integrity-key-file $key --integrity-key-size $ks"
	dd if=/dev/zero of=/dev/vda bs=1M count=1 conv=fsync 2>/dev/null
	echo 3 > /proc/sys/vm/drop_caches
	# libcryptsetup knows digest sizes only of the hashes its crypto
	# backend (OpenSSL) has, and dm-integrity refuses tag size 0: name it
	# shellcheck disable=SC2086
	check "integritysetup format --integrity $alg ($ks-byte key) --tag-size $ts" \
		integritysetup format -q $opts --tag-size $ts /dev/vda
	# shellcheck disable=SC2086
	check "integritysetup open ($alg)" integritysetup open $opts /dev/vda khint
	integritysetup status khint > $W/status
	sed 's/^/    /' $W/status
	check "dm-integrity table: internal_hash $alg" grep -q "integrity: $alg" $W/status
	check "$alg: the keyedhash driver is in use by dm-integrity" sh -c \
		"grep -q '^keyedhash [0-9]* [1-9]' /proc/modules"
	check "$alg: write 512 sectors through dm-integrity" \
		gdd if=/eco/data.img of=/dev/mapper/khint bs=4096 oflag=direct conv=fsync status=none
	check "$alg: read back intact" sh -c \
		"gdd if=/dev/mapper/khint bs=4096 count=64 iflag=direct status=none | cmp - /eco/data.img"
	check "integritysetup close ($alg)" integritysetup close khint
	# corrupt sector $SEC underneath: every copy of it on the raw disk
	# (data area, and the journal if it still holds one)
	echo 3 > /proc/sys/vm/drop_caches	# /dev/vda's cache predates the writes
	offs=$(strings -t d -n 15 /dev/vda |
		awk -v s="$(printf 'KHSEC-%09d' $SEC)" '$2 == s && $1 % 512 == 0 { print $1 }')
	n=0
	for o in $offs; do
		printf 'CORRUPTED-SECTOR' | dd of=/dev/vda bs=1 seek="$o" conv=notrunc,fsync 2>/dev/null
		n=$((n + 1))
	done
	echo "    sector $SEC found and overwritten at raw offset(s): $offs"
	check "$alg: sector $SEC located on the raw disk and overwritten ($n copies)" [ $n -ge 1 ]
	dmesg -c > /dev/null
	# shellcheck disable=SC2086
	check "integritysetup open again ($alg)" integritysetup open $opts /dev/vda khint
	gdd if=/dev/mapper/khint of=$W/sec bs=512 skip=$SEC count=1 iflag=direct 2> $W/err
	rc=$?
	cat $W/err
	check "$alg: reading the corrupted sector fails with EILSEQ" sh -c \
		"[ $rc != 0 ] && grep -q 'Invalid or incomplete multibyte' $W/err"
	dmesg | grep -i integrity | head -3
	check "$alg: kernel log: dm-integrity checksum failure at sector $SEC" sh -c \
		"dmesg | grep -q 'integrity.*Checksum failed at sector 0x$(printf %x $SEC)'"
	# direct I/O (coreutils dd: aligned buffers), sector by sector: the page
	# cache would read sector $SEC along with its neighbours in its page
	gdd if=/dev/mapper/khint of=$W/before bs=512 count=$SEC iflag=direct 2> $W/err
	rc=$?
	[ $rc = 0 ] || cat $W/err
	check "$alg: sectors 0..$((SEC - 1)) read back intact" sh -c \
		"[ $rc = 0 ] && cmp -n $((SEC * 512)) $W/before /eco/data.img"
	gdd if=/dev/mapper/khint of=$W/after bs=512 skip=$((SEC + 1)) count=$((511 - SEC)) \
		iflag=direct 2> $W/err
	rc=$?
	[ $rc = 0 ] || cat $W/err
	check "$alg: sectors $((SEC + 1))..511 read back intact" sh -c \
		"[ $rc = 0 ] && cmp -n $(((511 - SEC) * 512)) $W/after /eco/data.img 0 $(((SEC + 1) * 512))"
	check "integritysetup close ($alg)" integritysetup close khint
	# the tags depend on the key: with another one nothing reads back
	printf '%032d' 7 > $W/otherkey
	if integritysetup open --integrity "$alg" --integrity-key-file $W/otherkey \
		--integrity-key-size "$ks" /dev/vda khint; then
		gdd if=/dev/mapper/khint of=/dev/null bs=512 count=1 iflag=direct status=none 2> $W/err
		rc=$?
		integritysetup close khint
	else
		rc=open
	fi
	cat $W/err
	check "$alg: opened with another key, sector 0 does not read (tags are keyed)" [ "$rc" != 0 ]
}
dm_integrity_test highwayhash256 $K32 32 32
dm_integrity_test sthash $K32 32 32
# the key checked on the raw device before opening (tests/vm/keycheck.sh)
. /keycheck.sh

# Up to 6.x Adiantum takes its hash as a third template argument; 7.x
# computes NH and Poly1305 itself (no crypto/nhpoly1305.c, no argument).
M=/lib/modules/$(uname -r)
if grep -q '/nhpoly1305\.ko' "$M/modules.dep" "$M/modules.builtin" 2>/dev/null; then
	echo "--- dm-crypt: Adiantum on keyedhash's nhpoly1305 (uptime $(cut -d' ' -f1 /proc/uptime) s)"
	# dm-crypt takes a crypto API name after "capi:".  An Adiantum instance is
	# called adiantum(STREAM,BLOCK) (cra_name) and adiantum(<the three driver
	# names>) (cra_driver_name), so naming the hash means naming all three
	# drivers.  The disk written through ours must read back through the
	# kernel's own nhpoly1305-generic: both compute the same function.
	# (cryptsetup cuts cipher names at 31 characters: dmsetup it is.)
	modprobe dm-crypt
	HEX=$(od -An -v -tx1 $K32 | tr -d ' \n')
	crypt_table() { echo "0 $(blockdev --getsz /dev/vda) crypt capi:$1-plain64 $HEX 0 /dev/vda 0"; }
	# without udev, dmsetup leaves /dev/mapper/NAME to "dmsetup mknodes"
	crypt_create() { dmsetup create khcrypt --table "$(crypt_table "$1")" && dmsetup mknodes khcrypt; }
	OURS='adiantum(xchacha12-generic,aes-generic,nhpoly1305-keyedhash-generic)'
	KERNELS='adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)'
	check "dmsetup create: crypt capi:$OURS-plain64" crypt_create "$OURS"
	dmsetup table khcrypt | sed 's/ [0-9a-f]\{64\} / <key> /; s/^/    /'
	if [ -b /dev/mapper/khcrypt ]; then
		check "dm-crypt: write 512 sectors through Adiantum on nhpoly1305-keyedhash-generic" \
			gdd if=/eco/data.img of=/dev/mapper/khcrypt bs=4096 oflag=direct conv=fsync status=none
		check "dm-crypt: read back through it" sh -c \
			"gdd if=/dev/mapper/khcrypt bs=4096 count=64 iflag=direct status=none | cmp - /eco/data.img"
	fi
	dmsetup remove khcrypt
	n=$(gdd if=/dev/vda bs=4096 count=64 iflag=direct status=none | strings -n 15 | grep -c KHSEC-)
	check "dm-crypt: no plaintext on the raw disk" [ "$n" = 0 ]
	check "dmsetup create: crypt capi:$KERNELS-plain64" crypt_create "$KERNELS"
	check "dm-crypt: the kernel's nhpoly1305-generic decrypts what ours encrypted" sh -c \
		"[ -b /dev/mapper/khcrypt ] &&
		 gdd if=/dev/mapper/khcrypt bs=4096 count=64 iflag=direct status=none | cmp - /eco/data.img"
	dmsetup remove khcrypt
	# Three cra_names are no name of any instance: the lookup creates the
	# instance but then finds nothing by that name (6.1: ENOENT).
	dmesg -c > /dev/null
	crypt_create 'adiantum(xchacha12,aes,nhpoly1305-keyedhash-generic)' 2> /tmp/dmerr.txt &&
		dmsetup remove khcrypt
	cat /tmp/dmerr.txt
	dmesg | grep -i crypt | sed 's/^/    /'
	check "dm-crypt: capi:adiantum(xchacha12,aes,nhpoly1305-keyedhash-generic) is refused" \
		sh -c "dmesg | grep -q 'crypt: Error allocating crypto tfm'"
	awk 'BEGIN { RS = ""; FS = "\n" } /driver *: adiantum\(/ {
		for (i = 1; i <= NF; i++) if ($i ~ /^(name|driver) /) print "    " $i }' /proc/crypto
else
	echo "--- dm-crypt: Adiantum on keyedhash's nhpoly1305: not applicable, this kernel's Adiantum takes no hash driver"
fi
echo "--- ecosystem done (uptime $(cut -d' ' -f1 /proc/uptime) s)"

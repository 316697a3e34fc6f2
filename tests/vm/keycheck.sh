# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/vm/ecosystem-guest.sh (x86_64 VM, keyedhash and dm-integrity
# loaded, /dev/vda and /dev/vdb 8 MiB each): the key of a dm-integrity
# volume checked on the raw device before it is opened, by
# integrity-keycheck (tools/integrity-keycheck.c, built static as
# /usr/lib/keyedhash/integrity-keycheck), by keyedhash-integritysetup
# attach (debian/keyedhash-integritysetup as /kh-integritysetup, run by
# Debian's bash) and by the initramfs script
# (debian/initramfs/local-top as /kh-local-top), on volumes formatted by
# Debian's integritysetup on this kernel:
#   A  journal mode, written: right key matches, wrong key refused before
#      any table is loaded; right key opens it, no warning
#   B  allow-discards, the first 4 MiB discarded (0xF6 filler tags, which
#      every key passes): wrong key refused; all of it discarded: nothing
#      can be checked, opened with a warning
#   C  bitmap mode, copied to /dev/vdb while open and written (its
#      superblock's dirty-bitmap flag and dirty bits set, as after a
#      crash): wrong key refused; the right key opens it and every block
#      reads back (dm-integrity recalculated the dirty region under it)
#   D  --no-wipe: never written, nothing can be checked (no false
#      "corrupted"); once a file system is written (mke2fs's blocks) the
#      right key is accepted, the wrong one refused
#   E  the initramfs scripts: one console message naming the volume and
#      WRONG KEY (the panic when / is on it), no table; the right key opens it
#   F  data-device=: the data on /dev/vdb, the tags on /dev/vda: checked
#      with -d; without it "not handled"; a wrong key refused by attach
#      and by the initramfs scripts
# Each refusal is also seen failing: a copy of the opener that ignores
# the verdict loads the table, and a copy of the tool that hashes the
# wrong sector number (/integrity-keycheck-broken, tests/rig/check.sh)
# does not accept the right key.  Uses check/pass/fail of debian.sh, $W,
# $K32 of ecosystem-guest.sh.
KC=/usr/lib/keyedhash/integrity-keycheck
OPENER="bash /kh-integritysetup"
ALG=highwayhash256
# the keys mode 600, as the opener wants them (it warns otherwise)
RK=$W/rightkey
cp $K32 $RK
WK=$W/wrongkey
printf '%032d' 7 > $WK
chmod 600 $RK $WK
FMT="--integrity $ALG --integrity-key-file $RK --integrity-key-size 32"
V=khk
echo "--- dm-integrity: the key checked before opening (uptime $(cut -d' ' -f1 /proc/uptime) s)"
check "integrity-keycheck and the opener's copy present, bash runs it" sh -c \
	"[ -x $KC ] && [ -x /integrity-keycheck-broken ] && $OPENER check > /dev/null 2>&1"
check "/dev/vdb present (the copy of a dirty volume)" [ -b /dev/vdb ]

# kc DEVICE KEY [OPTION...]: integrity-keycheck -v; its verdict line shown,
# status in $kc_rc, stdout in $W/kc.out, stderr (the layout, each block)
# in $W/kc.err
kc() {
	kc_dev=$1 kc_key=$2
	shift 2
	$KC -v -a $ALG -k "$kc_key" "$@" "$kc_dev" > $W/kc.out 2> $W/kc.err
	kc_rc=$?
	sed 's/^/    /' $W/kc.out
	tail -1 $W/kc.err | sed 's/^/    /'
}
# att KEY DEVICE [OPTIONS]: keyedhash-integritysetup attach $V; status in
# $att_rc, output in $W/att.out
att() {
	KEYEDHASH_KEYCHECK=$KC $OPENER attach $V "$2" "$1" \
		"integrity-algorithm=$ALG${3:+,$3}" > $W/att.out 2>&1
	att_rc=$?
	sed 's/^/    /' $W/att.out
}
# the same through a copy of the opener that ignores the check's verdict
att_mutant() {
	sed 's/key_check "\$NAME" || exit 1/key_check "$NAME" || :/' /kh-integritysetup > $W/mutant-opener
	KEYEDHASH_KEYCHECK=$KC bash $W/mutant-opener attach $V "$2" "$1" \
		"integrity-algorithm=$ALG${3:+,$3}" > $W/att.out 2>&1
	att_rc=$?
}
no_table() { dmsetup ls 2>&1 | grep -q 'No devices found'; }
closed() { [ ! -e /dev/mapper/$V ] && no_table; }
fresh() { # device: zeroed, then formatted (format's arguments after it)
	local d=$1
	shift
	gdd if=/dev/zero of="$d" bs=1M count=8 oflag=direct conv=fsync status=none 2> /dev/null
	echo 3 > /proc/sys/vm/drop_caches
	# shellcheck disable=SC2086
	integritysetup format -q $FMT --tag-size 32 "$@" "$d"
}
detach() { integritysetup close $V 2> /dev/null; }

echo "--- A: journal mode, written"
check "A: integritysetup format ($ALG, wiped)" fresh /dev/vda
# shellcheck disable=SC2086
integritysetup open $FMT /dev/vda $V &&
	gdd if=/eco/data.img of=/dev/mapper/$V bs=4096 oflag=direct conv=fsync status=none
detach
kc /dev/vda $RK
check "A: integrity-keycheck, right key: exit 0, 'key right'" sh -c \
	"[ $kc_rc = 0 ] && grep -q ': key right: ' $W/kc.out"
/integrity-keycheck-broken -a $ALG -k $RK /dev/vda > $W/kc.out 2>&1
rc=$?
sed 's/^/    /' $W/kc.out
check "A: a copy hashing the wrong sector number does not accept the right key (exit $rc: the check above can fail)" \
	[ $rc != 0 ]
kc /dev/vda $WK
check "A: integrity-keycheck, wrong key: exit 2, 'WRONG KEY'" sh -c \
	"[ $kc_rc = 2 ] && grep -q ': WRONG KEY: ' $W/kc.out"
att $WK /dev/vda
check "A: attach with the wrong key: exit 1, 'volume $V: WRONG KEY' naming the device and key file" sh -c \
	"[ $att_rc = 1 ] && grep -q 'volume $V: WRONG KEY: .* on /dev/vda .* key in $WK' $W/att.out"
check "A: ... refused before open: no table loaded (dmsetup ls)" closed
att_mutant $WK /dev/vda
no_table
nt=$?
check "A: an opener that ignores the verdict loads the table (the check above can fail)" sh -c \
	"[ $att_rc = 0 ] && [ $nt != 0 ]"
detach
att $RK /dev/vda
check "A: attach with the right key: exit 0, key checked, no warning" sh -c \
	"[ $att_rc = 0 ] && grep -q 'key checked on /dev/vda' $W/att.out &&
	 ! grep -qi -e warning -e corrupted -e 'wrong key' $W/att.out"
check "A: ... and the data reads back" sh -c \
	"gdd if=/dev/mapper/$V bs=4096 count=64 iflag=direct status=none | cmp - /eco/data.img"
KEYEDHASH_KEYCHECK=$KC $OPENER command $V /dev/vda $RK integrity-algorithm=$ALG > $W/cmd.out 2>&1
check "A: the command subcommand prints the key check too" \
	grep -q "^$KC -a $ALG -k $RK /dev/vda" $W/cmd.out
$OPENER detach $V

echo "--- B: allow-discards, discarded blocks"
# shellcheck disable=SC2086
integritysetup open $FMT --allow-discards /dev/vda $V &&
	blkdiscard -o 0 -l 4194304 /dev/mapper/$V
rc=$?
detach
check "B: blkdiscard of the first 4 MiB through dm-integrity (allow-discards)" [ $rc = 0 ]
kc /dev/vda $RK
check "B: right key: exit 0, filler tags of discarded blocks counted and skipped" sh -c \
	"[ $kc_rc = 0 ] && grep -q ', [1-9][0-9]* discarded;' $W/kc.err"
kc /dev/vda $WK
check "B: wrong key: exit 2 (the discarded blocks' filler proves nothing)" [ $kc_rc = 2 ]
att $WK /dev/vda allow-discards
check "B: attach with the wrong key refused, no table loaded" sh -c \
	"[ $att_rc = 1 ] && grep -q 'WRONG KEY' $W/att.out && dmsetup ls 2>&1 | grep -q 'No devices found'"
# shellcheck disable=SC2086
integritysetup open $FMT --allow-discards /dev/vda $V &&
	blkdiscard /dev/mapper/$V
rc=$?
detach
check "B: the whole volume discarded" [ $rc = 0 ]
kc /dev/vda $WK
check "B: all discarded: exit 3, cannot be checked" sh -c \
	"[ $kc_rc = 3 ] && grep -q ': cannot be checked: ' $W/kc.out"
att $WK /dev/vda allow-discards
check "B: attach of a volume that cannot be checked: opened with a warning (the policy)" sh -c \
	"[ $att_rc = 0 ] && grep -q 'WARNING: its key cannot be checked' $W/att.out && [ -b /dev/mapper/$V ]"
$OPENER detach $V

echo "--- C: bitmap mode, copied while open: a dirty bitmap"
check "C: integritysetup format ($ALG, wiped)" fresh /dev/vda
# shellcheck disable=SC2086
integritysetup open $FMT --integrity-bitmap-mode /dev/vda $V &&
	gdd if=/eco/data.img of=/dev/mapper/$V bs=4096 oflag=direct conv=fsync status=none
detach
# open again (the superblock says dirty-bitmap while it is open), write
# 2 MiB in (the bitmap's bit set for it: no flush for 10 minutes), copy
# the raw disk as a crash would leave it, then close
# shellcheck disable=SC2086
integritysetup open $FMT --integrity-bitmap-mode --bitmap-flush-time 600000 /dev/vda $V &&
	gdd if=/eco/data.img of=/dev/mapper/$V bs=4096 seek=512 oflag=direct conv=fsync status=none &&
	gdd if=/dev/vda of=/dev/vdb bs=1M iflag=direct oflag=direct conv=fsync status=none
rc=$?
detach
check "C: the open volume written and copied to /dev/vdb" [ $rc = 0 ]
kc /dev/vdb $RK
check "C: the copy's superblock says dirty-bitmap, dirty blocks sampled; right key: exit 0" sh -c \
	"[ $kc_rc = 0 ] && grep -q 'flags [a-z,-]*dirty-bitmap' $W/kc.err && grep -q ', dirty region: tag matches' $W/kc.err"
kc /dev/vdb $WK
check "C: wrong key: exit 2" sh -c "[ $kc_rc = 2 ] && grep -q ': WRONG KEY: ' $W/kc.out"
att $WK /dev/vdb mode=bitmap
check "C: attach with the wrong key refused before open, no table loaded" sh -c \
	"[ $att_rc = 1 ] && grep -q 'volume $V: WRONG KEY' $W/att.out && dmsetup ls 2>&1 | grep -q 'No devices found'"
dmesg -c > /dev/null
att $RK /dev/vdb mode=bitmap
check "C: attach with the right key: exit 0, key checked" sh -c \
	"[ $att_rc = 0 ] && grep -q 'key checked on /dev/vdb' $W/att.out"
gdd if=/dev/mapper/$V of=$W/all bs=4096 iflag=direct status=none 2> $W/err
rc=$?
cat $W/err
check "C: ... every block reads (no EILSEQ), the data written before and while dirty intact" sh -c \
	"[ $rc = 0 ] && ! dmesg | grep -q 'Checksum failed' &&
	 cmp -n 262144 $W/all /eco/data.img && gdd if=$W/all bs=4096 skip=512 count=64 status=none | cmp - /eco/data.img"
$OPENER detach $V
# what the check prevents: a copy of the dirty volume opened with the
# wrong key (the opener that ignores the verdict) has its dirty region's
# tags recalculated under it, and the right key then fails
# shellcheck disable=SC2086
integritysetup open $FMT --integrity-bitmap-mode --bitmap-flush-time 600000 /dev/vda $V &&
	gdd if=/eco/data.img of=/dev/mapper/$V bs=4096 seek=512 oflag=direct conv=fsync status=none &&
	gdd if=/dev/vda of=/dev/vdb bs=1M iflag=direct oflag=direct conv=fsync status=none
detach
att_mutant $WK /dev/vdb mode=bitmap
sleep 3
detach
# shellcheck disable=SC2086
integritysetup open $FMT --integrity-bitmap-mode /dev/vdb $V
gdd if=/dev/mapper/$V of=/dev/null bs=4096 iflag=direct status=none 2> $W/err
rc=$?
detach
check "C: opened once with the wrong key (no check), the right key no longer reads it (the checks above can fail)" \
	[ $rc != 0 ]

# a finer bitmap (512 sectors a bit): the region written while open is
# dirty, the rest clean; the tool must find the kernel's bits where the
# kernel put them (bit 8: sectors 4096 to 4607)
check "C: integritysetup format again" fresh /dev/vda
# shellcheck disable=SC2086
integritysetup open $FMT --integrity-bitmap-mode --bitmap-sectors-per-bit 512 /dev/vda $V &&
	gdd if=/eco/data.img of=/dev/mapper/$V bs=4096 oflag=direct conv=fsync status=none
detach
# shellcheck disable=SC2086
integritysetup open $FMT --integrity-bitmap-mode --bitmap-sectors-per-bit 512 \
	--bitmap-flush-time 600000 /dev/vda $V &&
	gdd if=/eco/data.img of=/dev/mapper/$V bs=4096 seek=512 oflag=direct conv=fsync status=none &&
	gdd if=/dev/vda of=/dev/vdb bs=1M iflag=direct oflag=direct conv=fsync status=none
rc=$?
detach
check "C: 512 sectors a bitmap bit: written while open at sector 4096 and copied" [ $rc = 0 ]
kc /dev/vdb $RK
grep ': block ' $W/kc.err > $W/blocks
dirty_in=$(awk '/dirty region/ { s = $6 + 0; if (s >= 4096 && s < 4608) n++ } END { print n + 0 }' $W/blocks)
dirty_out=$(awk '/dirty region/ { s = $6 + 0; if (s < 4096 || s >= 4608) n++ } END { print n + 0 }' $W/blocks)
clean_in=$(awk '!/dirty region/ { s = $6 + 0; if (s >= 4096 && s < 4608) n++ } END { print n + 0 }' $W/blocks)
clean_out=$(awk '!/dirty region/ { s = $6 + 0; if (s < 4096 || s >= 4608) n++ } END { print n + 0 }' $W/blocks)
echo "    sampled: $dirty_in dirty in sectors 4096-4607, $dirty_out dirty elsewhere; $clean_in clean there, $clean_out clean elsewhere"
check "C: right key: exit 0; the blocks sampled in sectors 4096-4607 and only those in a dirty region" sh -c \
	"[ $kc_rc = 0 ] && [ $dirty_in -ge 1 ] && [ $dirty_out = 0 ] && [ $clean_in = 0 ] && [ $clean_out -ge 1 ]"
kc /dev/vdb $WK
check "C: wrong key: exit 2, clean regions' tags differ (no dirty-only note)" sh -c \
	"[ $kc_rc = 2 ] && ! grep -q 'dirty regions' $W/kc.out"
att $RK /dev/vdb mode=bitmap
gdd if=/dev/mapper/$V of=$W/all bs=4096 iflag=direct status=none 2> $W/err
rc=$?
cat $W/err
check "C: the right key opens it, every block reads (no EILSEQ)" sh -c \
	"[ $att_rc = 0 ] && [ $rc = 0 ] && gdd if=$W/all bs=4096 skip=512 count=64 status=none | cmp - /eco/data.img"
$OPENER detach $V

echo "--- D: --no-wipe"
check "D: integritysetup format --no-wipe" fresh /dev/vda --no-wipe
kc /dev/vda $RK
check "D: never written: exit 3, cannot be checked (not 'wrong key', not 'corrupted')" sh -c \
	"[ $kc_rc = 3 ] && grep -q ': cannot be checked: ' $W/kc.out"
att $RK /dev/vda
check "D: attach of the never-written volume: opened, with the warning only" sh -c \
	"[ $att_rc = 0 ] && [ -b /dev/mapper/$V ] && grep -q 'WARNING: its key cannot be checked' $W/att.out &&
	 ! grep -q -e corrupted -e 'WRONG KEY' $W/att.out"
# a file system made in memory, its non-zero 4 KiB blocks written through
# dm-integrity (direct I/O: a buffered write of part of a page would read
# the rest of it, never written, and fail)
truncate -s $(( $(blockdev --getsize64 /dev/mapper/$V) / 4096 * 4096 )) $W/fs.img
mke2fs -q -F $W/fs.img > /dev/null 2>&1
check "D: mke2fs's file system written on it (its non-zero blocks)" \
	gdd if=$W/fs.img of=/dev/mapper/$V bs=4096 conv=sparse,fsync oflag=direct status=none
$OPENER detach $V
gdd if=$W/fs.img of=$W/fs1 bs=4096 count=1 status=none
rm -f $W/fs.img
kc /dev/vda $RK
check "D: a file system written: right key accepted (exit 0)" sh -c \
	"[ $kc_rc = 0 ] && grep -q ': key right: ' $W/kc.out"
kc /dev/vda $WK
check "D: wrong key: exit 2" [ $kc_rc = 2 ]
att $RK /dev/vda
check "D: attach with the right key: exit 0, no warning, nothing said corrupted" sh -c \
	"[ $att_rc = 0 ] && grep -q 'key checked on /dev/vda' $W/att.out &&
	 ! grep -qi -e warning -e corrupted -e 'wrong key' $W/att.out"
check "D: ... the file system's superblock reads back" sh -c \
	"gdd if=/dev/mapper/$V bs=4096 count=1 iflag=direct status=none | cmp - $W/fs1"
$OPENER detach $V

echo "--- E: the initramfs scripts (debian/initramfs/local-top and functions)"
mkdir -p /scripts /etc/keyedhash
cat > /scripts/functions <<'EOF'
log_failure_msg() { echo "CONSOLE-FAILURE: $*"; }
log_warning_msg() { echo "CONSOLE-WARNING: $*"; }
log_begin_msg() { echo "CONSOLE-BEGIN: $*"; }
log_end_msg() { echo "CONSOLE-END: $*"; }
panic() { echo "CONSOLE-PANIC: $*"; }
wait_for_udev() { :; }
EOF
initrd_line() { # key: the hook's line (keyedhash-integritysetup initrd-line)
	$OPENER initrd-line $V /dev/vda "$1" integrity-algorithm=$ALG > /etc/keyedhash/initrd-volumes
}
local_top() { # the script, from a fresh boot's state
	rm -rf /run/keyedhash
	sh /kh-local-top > $W/lt.out 2>&1
	sed 's/^/    /' $W/lt.out
}
# the console's lines: initramfs-tools' messages and the functions' own
said() { grep -c -e '^CONSOLE-' -e '^keyedhash: ' $W/lt.out; }
rm -f /etc/keyedhash/initrd-required
initrd_line $WK
local_top
n=$(said)
check "E: wrong key: ONE console message naming the volume and WRONG KEY, nothing opened" sh -c \
	"[ $n = 1 ] && grep -q '^keyedhash: volume $V: WRONG KEY in $WK for /dev/vda' $W/lt.out &&
	 dmsetup ls 2>&1 | grep -q 'No devices found'"
echo $V > /etc/keyedhash/initrd-required
local_top
n=$(said)
check "E: wrong key, / on the volume: the boot stops with that one message (panic), nothing opened" sh -c \
	"[ $n = 1 ] && grep -q '^CONSOLE-PANIC: keyedhash: volume $V: WRONG KEY in $WK for /dev/vda' $W/lt.out &&
	 dmsetup ls 2>&1 | grep -q 'No devices found'"
rm -f /etc/keyedhash/initrd-required
initrd_line $RK
local_top
check "E: right key: opened, no failure or warning" sh -c \
	"[ -b /dev/mapper/$V ] && ! grep -q -e CONSOLE-FAILURE -e CONSOLE-WARNING -e CONSOLE-PANIC -e '^keyedhash: ' $W/lt.out"
detach
rm -rf /etc/keyedhash/initrd-volumes /run/keyedhash

echo "--- F: data-device= (the data on /dev/vdb, the tags on /dev/vda)"
gdd if=/dev/zero of=/dev/vdb bs=1M count=8 oflag=direct conv=fsync status=none 2> /dev/null
check "F: integritysetup format --data-device /dev/vdb ($ALG, wiped)" \
	fresh /dev/vda --data-device /dev/vdb
# shellcheck disable=SC2086
integritysetup open $FMT --data-device /dev/vdb /dev/vda $V &&
	gdd if=/eco/data.img of=/dev/mapper/$V bs=4096 oflag=direct conv=fsync status=none
detach
kc /dev/vda $RK -d /dev/vdb
check "F: right key, -d /dev/vdb: exit 0, 'key right', the data read from /dev/vdb" sh -c \
	"[ $kc_rc = 0 ] && grep -q ': key right: ' $W/kc.out && grep -q 'data sectors on /dev/vdb' $W/kc.err"
/integrity-keycheck-broken -a $ALG -k $RK -d /dev/vdb /dev/vda > $W/kc.out 2>&1
rc=$?
check "F: a copy hashing the wrong sector number does not accept the right key (exit $rc: the check above can fail)" \
	[ $rc != 0 ]
kc /dev/vda $RK
check "F: without -d: exit 4, the data device asked for" sh -c \
	"[ $kc_rc = 4 ] && grep -q 'give that device with -d' $W/kc.err"
kc /dev/vda $WK -d /dev/vdb
check "F: wrong key, -d /dev/vdb: exit 2, 'WRONG KEY'" sh -c \
	"[ $kc_rc = 2 ] && grep -q ': WRONG KEY: ' $W/kc.out"
att $WK /dev/vda data-device=/dev/vdb
check "F: attach with data-device= and the wrong key refused before open, no table loaded" sh -c \
	"[ $att_rc = 1 ] && grep -q 'volume $V: WRONG KEY' $W/att.out && dmsetup ls 2>&1 | grep -q 'No devices found'"
att $RK /dev/vda data-device=/dev/vdb
check "F: attach with the right key: exit 0, key checked, no warning" sh -c \
	"[ $att_rc = 0 ] && grep -q 'key checked on /dev/vda' $W/att.out &&
	 ! grep -qi -e warning -e corrupted -e 'wrong key' $W/att.out"
check "F: ... and the data reads back" sh -c \
	"gdd if=/dev/mapper/$V bs=4096 count=64 iflag=direct status=none | cmp - /eco/data.img"
$OPENER detach $V
# the initramfs scripts of E, on a line with data-device=
$OPENER initrd-line $V /dev/vda $WK integrity-algorithm=$ALG,data-device=/dev/vdb > /etc/keyedhash/initrd-volumes
local_top
check "F: the initramfs, wrong key: WRONG KEY for /dev/vda, nothing opened" sh -c \
	"grep -q '^keyedhash: volume $V: WRONG KEY in $WK for /dev/vda' $W/lt.out &&
	 dmsetup ls 2>&1 | grep -q 'No devices found'"
$OPENER initrd-line $V /dev/vda $RK integrity-algorithm=$ALG,data-device=/dev/vdb > /etc/keyedhash/initrd-volumes
local_top
check "F: the initramfs, right key: opened, no failure or warning" sh -c \
	"[ -b /dev/mapper/$V ] && ! grep -q -e CONSOLE-FAILURE -e CONSOLE-WARNING -e CONSOLE-PANIC -e '^keyedhash: ' $W/lt.out"
detach
rm -rf /etc/keyedhash/initrd-volumes /run/keyedhash

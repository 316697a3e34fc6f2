# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/vm/debian.sh as /memcg.sh (keyedhash loaded; uses its
# check/pass/fail): the kernel memory a local user pins through AF_ALG
# keys is charged to that user's memory cgroup.  /kh-afalg-pin
# (tests/afalg/kh_afalg_pin.c), as uid 65534 in a cgroup v2 with a small
# memory.max, binds multimixer128 sockets and sets a 64 KiB key on each
# until a call fails: that must be ENOMEM, with the keys it held within
# the limit, and the rest of the system must not notice.
echo "--- memory cgroup: AF_ALG keys are charged to the caller's cgroup"
CG=/sys/fs/cgroup
PIN_MAX=$((8 * 1024 * 1024)) PIN_KEY=65536 PIN_SOCKETS=2048
mkdir -p $CG
mountpoint -q $CG || mount -t cgroup2 none $CG
echo +memory > $CG/cgroup.subtree_control
rmdir $CG/kh-pin 2>/dev/null
mkdir $CG/kh-pin && echo $PIN_MAX > $CG/kh-pin/memory.max
check "cgroup v2 kh-pin with memory.max = $PIN_MAX" \
	sh -c "[ \"\$(cat $CG/kh-pin/memory.max)\" = $PIN_MAX ]"
# AF_ALG copies the key with sock_kmalloc() first, which stops keys of
# net.core.optmem_max bytes or more (6.1's default is 20480; 128 KiB from
# 6.9): raise it for this test where it is lower, as an admin would.
O=/proc/sys/net/core/optmem_max
pin_optmem=$(cat $O)
[ "$pin_optmem" -gt $((PIN_KEY * 2)) ] || echo $((PIN_KEY * 2)) > $O
pin_avail() { awk '/^MemAvailable:/ { print $2 * 1024 }' /proc/meminfo; }
pin_avail0=$(pin_avail)
# (the shell moves itself into the cgroup, then becomes the client)
sh -c "echo \$\$ > $CG/kh-pin/cgroup.procs && exec /kh-afalg-pin multimixer128 \
	$PIN_KEY $PIN_SOCKETS 65534" > /tmp/pin.txt 2>&1
pin_rc=$?
cat /tmp/pin.txt
cat $CG/kh-pin/memory.events
pin_keys=$(sed -n 's/^pin: keys \([0-9]*\)$/\1/p' /tmp/pin.txt)
check "kh-afalg-pin ran as uid 65534 in the cgroup (exit status $pin_rc)" \
	sh -c "[ $pin_rc = 0 ] && [ -n '$pin_keys' ]"
pin_keys=${pin_keys:-0}
check "it stopped with ENOMEM, not after $PIN_SOCKETS keys ($((PIN_SOCKETS * PIN_KEY >> 20)) MiB)" \
	grep -Eqx 'pin: stopped (bind|setkey) ENOMEM' /tmp/pin.txt
check "the $pin_keys keys it held ($((pin_keys * PIN_KEY)) bytes) fit in memory.max" \
	[ $((pin_keys * PIN_KEY)) -le $PIN_MAX ]
check "and they took at least half of it (the keys are what is charged)" \
	[ $((pin_keys * PIN_KEY * 2)) -ge $PIN_MAX ]
check "the keys it had set still hashed" grep -qx 'pin: hash ok' /tmp/pin.txt
check "no OOM kill in the cgroup" grep -qx 'oom_kill 0' $CG/kh-pin/memory.events
sleep 1
pin_cur=$(cat $CG/kh-pin/memory.current)
check "after it exited the cgroup holds less than 2 MiB ($pin_cur bytes): keys freed" \
	[ "$pin_cur" -lt $((2 * 1024 * 1024)) ]
# the rest of the system: the same client outside the cgroup sets all the
# keys it asks for, and no memory stays pinned
/kh-afalg-pin multimixer128 $PIN_KEY 64 65534 > /tmp/pin2.txt 2>&1
cat /tmp/pin2.txt
check "outside the cgroup: 64 keys of 64 KiB set, and they hash" sh -c \
	"grep -qx 'pin: keys 64' /tmp/pin2.txt && grep -qx 'pin: stopped max' /tmp/pin2.txt &&
	 grep -qx 'pin: hash ok' /tmp/pin2.txt"
pin_avail1=$(pin_avail)
echo "MemAvailable before $pin_avail0, after $pin_avail1"
check "MemAvailable within 16 MiB of what it was before" \
	[ $((pin_avail0 - pin_avail1)) -lt $((16 * 1024 * 1024)) ]
echo "$pin_optmem" > $O
rmdir $CG/kh-pin

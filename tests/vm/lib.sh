# SPDX-License-Identifier: GPL-2.0
# Helpers for the scripts that run inside the test VMs (busybox sh); every
# initramfs has this file as /lib.sh (tests/rig/mkinitramfs.sh).  Checks
# print "PASS: ..." or "FAIL: ..." and the host counts them.
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

# kmemleak: scan (twice, after the grace period new objects need) through
# the control file $1, keep the report in /tmp/leaks.txt, show its start
# and set $leaks to the objects that count.  An object allocated under
# start_kernel() predates every module: such reports are the kernel's own
# (QEMU's ACPI caches) whenever kmemleak first gets to them, and do not
# count.
kh_kmemleak_scan() {
	sleep 6
	echo scan > "$1"
	echo scan > "$1"
	cat "$1" > /tmp/leaks.txt
	head -60 /tmp/leaks.txt
	leaks=$(awk '/^unreferenced object/ { n += boot ? 0 : seen; seen = 1; boot = 0 }
		/start_kernel/ { boot = 1 }
		END { print n + (seen && !boot) }' /tmp/leaks.txt)
}

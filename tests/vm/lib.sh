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

# A kernel log ($1) without the reports the kernel made of itself in its
# early boot, before any module could load: a report (BUG:, WARNING:,
# KASAN, UBSAN:, Oops) whose block, up to its closing ===== or end-trace
# line, has start_kernel in its stack and none of the later paths
# (rest_init and the idle loop, kernel_init, a kthread, a system call).
# Seen: 6.1's KASAN "wild-memory-access in rcu_is_watching" from a timer
# interrupt during identify_cpu(), when TCG runs slowly on a busy host.
# Each block set aside is said as a NOTE: line on standard error.
kh_early_boot_aside() {
	awk '{ l[NR] = $0 }
	END {
		for (i = 1; i <= NR; i++) {
			if (skip[i] || l[i] !~ /BUG[:]|WARN''ING[:]|Oo''ps|KA''SAN|UB''SAN[:]/)
				continue
			early = 0; later = 0; e = i
			for (j = i + 1; j <= NR && j < i + 80; j++) {
				if (l[j] ~ /start_kernel/) early = 1
				if (l[j] ~ /rest_init|cpu_startup_entry|do_idle|kernel_init|kthread|do_syscall/) later = 1
				e = j
				if (l[j] ~ /====================|---\[ end trace/) break
			}
			if (early && !later) {
				for (j = i; j <= e; j++) skip[j] = 1
				print "NOTE: the kernel'"'"'s own early-boot report (start_kernel, before any module), set aside: " l[i] > "/dev/stderr"
			}
		}
		for (i = 1; i <= NR; i++) if (!skip[i]) print l[i]
	}' "$1"
}

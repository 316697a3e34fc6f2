# SPDX-License-Identifier: GPL-2.0
# Helpers for the scripts that run inside the test VMs (busybox sh); every
# initramfs has this file as /lib.sh (tests/rig/kernel/mkinitramfs.sh).  Checks
# print "PASS: ..." or "FAIL: ..." and the host counts them.
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
check() { d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }

# What an x86_64 kernel logs when it calibrated its TSC itself, and wrong,
# or stopped trusting it (grep -E); the guests' clock checks look for it:
# kh_clock_end below, tests/vm/deb-boot-guest.sh (this file is /kh/lib.sh there)
# and tests/rig/kernel/intree-build.sh, which read it from here.
KH_TSC_FAILED='Using PIT calibration value|HPET/PMTIMER calibration failed|could not calculate TSC|Marking TSC unstable|TSC found unstable|clocksource .*unstable'

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

# The guest's clock against the host's.  QEMU's emulated RTC (CMOS on
# x86_64, PL031 on arm64) reads the host's time whenever it is read, so
# over the VM's run the guest's uptime must advance as the RTC's seconds
# do: a guest whose TSC was calibrated wrong on a busy host (e.g. 229 MHz
# for a 2.1 GHz TSC) runs its timers and timeouts several times too fast.
# kh_clock_start at the start, kh_clock_end at the end (the latter prints
# PASS/FAIL lines); each takes its reading at the edge of an RTC second.
kh_clock_mark() {
	_r=/sys/class/rtc/rtc0/since_epoch
	[ -r $_r ] || { echo none; return; }
	_a=$(cat $_r) _n=0
	while _b=$(cat $_r); [ "$_b" = "$_a" ] && [ $_n -lt 150 ]; do
		usleep 20000
		_n=$((_n + 1))
	done
	[ "$_b" != "$_a" ] || { echo stuck; return; }
	echo "$_b $(cut -d' ' -f1 /proc/uptime)"
}
kh_clock_start() {
	mkdir -p /tmp
	kh_clock_mark > /tmp/kh-clock-start
	dmesg > /tmp/kh-dmesg-start
}
kh_clock_end() {
	_s=$(cat /tmp/kh-clock-start 2>/dev/null) _e=$(kh_clock_mark)
	case "$_s $_e" in
	' '* | *' ') fail "guest clock: no reading at the start or the end (kh_clock_start, kh_clock_end)" ;;
	*none*) fail "guest clock: no RTC (/sys/class/rtc/rtc0) to compare the guest's time with" ;;
	*stuck*) fail "guest clock: the RTC did not advance in 3 s of the guest's time" ;;
	*)	echo "$_s $_e" | awk '{ h = $3 - $1; g = $4 - $2
			ok = h >= 1 && g >= 0.9 * h && g <= 1.1 * h
			printf "%s: guest clock: %.2f s of guest time over %d s of the host'"'"'s (RTC), off by %.1f %% (at most 10 %%)\n",
				ok ? "PASS" : "FAIL", g, h, h ? 100 * (g - h) / h : 100 }' ;;
	esac
	# a TSC the kernel calibrated itself, and calibrated wrong, or one it
	# stopped trusting; with tsc_early_khz= given, a failed fast PIT
	# calibration only concerns cpu_khz, which the given figure replaces
	_p=$KH_TSC_FAILED
	grep -q tsc_early_khz= /proc/cmdline || _p="$_p|Fast TSC calibration failed"
	_t=$( { cat /tmp/kh-dmesg-start; dmesg; } | grep -E "$_p" | sort -u)
	if [ -n "$_t" ]; then
		fail "guest clock: the kernel reports a TSC calibration failure or an unstable TSC: $(echo "$_t" | head -3 | tr '\n' ' ')"
	else
		pass "guest clock: no TSC calibration failure, no TSC marked unstable in the kernel log"
	fi
}

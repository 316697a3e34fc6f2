#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: vm-boot.sh ARCH CPU KERNEL INITRD LOG [extra kernel command line]
# Boots KERNEL with INITRD under QEMU TCG (no KVM here), one CPU model per
# run (e.g. x86_64 "max" or "max,-avx2"; arm64 "max,pauth-impdef=on"), and
# writes the serial console to LOG.  Returns non-zero if the VM did not
# reach the end of its test script.  VM_EXTRA: further QEMU arguments,
# e.g. "-drive file=disk.img,format=raw,if=virtio" for a /dev/vda.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
ARCH=$1 CPU=$2 KERNEL=$3 INITRD=$4 LOG=$5 EXTRA=${6:-}
T=${VM_TIMEOUT:-900}
# A guest must reach its test script ("=== VM up") within VM_UP_TIMEOUT
# seconds (the debug kernel, the slowest, takes about a minute): one that
# hangs in early boot is stopped then rather than after the whole
# VM_TIMEOUT, and booted once more below.  Seen: the debug kernel's
# early-boot KASAN report (an interrupt during identify_cpu() on a busy
# host), after which the guest printed nothing for 40 minutes.
UP_T=${VM_UP_TIMEOUT:-600}
CLOCK=$(kh_guest_clock_args "$ARCH") || exit 1
qemu() {
	if [ "$ARCH" = arm64 ]; then
		timeout "$T" qemu-system-aarch64 -accel tcg -M virt -cpu "$CPU" -m 1G \
			-smp "${VM_SMP:-1}" -kernel "$KERNEL" -initrd "$INITRD" \
			-append "console=ttyAMA0 panic=-1 loglevel=4 $EXTRA" \
			-nographic -no-reboot ${VM_EXTRA:-} > "$LOG" 2>&1 < /dev/null
	else
		timeout "$T" qemu-system-x86_64 -accel tcg -cpu "$CPU" -m 1G \
			-smp "${VM_SMP:-1}" -kernel "$KERNEL" -initrd "$INITRD" \
			-append "console=ttyS0 panic=-1 loglevel=4 $CLOCK $EXTRA" \
			-nographic -no-reboot ${VM_EXTRA:-} > "$LOG" 2>&1 < /dev/null
	fi
}
boot() {
	local pid waited=0
	qemu &
	pid=$!
	while kill -0 "$pid" 2> /dev/null &&
	      ! grep -a -q "=== VM up" "$LOG" 2> /dev/null; do
		if [ "$waited" -ge "$UP_T" ]; then
			echo "vm-boot.sh: $(basename "$KERNEL") printed no '=== VM up' in ${UP_T} s: stopped" >&2
			# the subshell's child is timeout(1), which passes
			# the signal on to QEMU
			pkill -TERM -P "$pid"
			break
		fi
		sleep 2
		waited=$((waited + 2))
	done
	wait "$pid"
}
# A guest kernel that dies before the initramfs' /init prints "=== VM up"
# never ran the test (no module of ours is loaded by then): QEMU's TCG with
# two vCPUs was seen to hit an int3 of the kernel's own boot-time text
# patching (Debian's 7.3.4, once in about thirty such boots, the host
# busy).  Such a boot is tried once more, said on stderr (the job's
# output) with the first console kept as LOG.first-boot; a VM that
# reached its test script is never booted again.
boot
if ! grep -a -q "=== VM up" "$LOG" && [ -z "${VM_NO_RETRY:-}" ]; then
	mv "$LOG" "$LOG.first-boot"
	echo "vm-boot.sh: $(basename "$KERNEL") did not reach the test script (console: $LOG.first-boot:" \
		"$(grep -a -m1 -e 'Oops' -e 'panic' -e 'BUG' "$LOG.first-boot" | tr -d '\r' | cut -c1-100)); booting it again" >&2
	boot
fi
grep -q "^=== VM done" "$LOG"

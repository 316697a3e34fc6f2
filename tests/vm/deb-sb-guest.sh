# SPDX-License-Identifier: GPL-2.0
# Runs as /test.sh in the Secure Boot VM of make check-deb
# (tests/rig/deb/deb-sb.sh): OVMF with Secure Boot on and Microsoft's keys,
# Debian's signed shim, GRUB and kernel, DKMS's key in the MOK list.
# Lockdown must be on; the module DKMS built and signed (installed as
# /lib/modules/KVER/updates/dkms/keyedhash.ko) must load, its drivers register
# with their init-time self-tests over the vectors passed; the same module
# unsigned (/sb/unsigned.ko) and signed with another key (/sb/other.ko)
# must be refused; the package hook's own Secure Boot test and report
# (debian/kernel-hook's sb_on, sb_report, with Debian's mokutil) must see
# Secure Boot on and name the key, enrolled or not.
. /lib.sh
dmesg -n 1
mount -t securityfs securityfs /sys/kernel/security 2> /dev/null
dmesg | grep -i -e 'secure boot' -e 'secureboot' -e 'lockdown' -e 'MOK' -e 'Loaded X.509' | head -20
check "the firmware booted with Secure Boot on (kernel: 'Secure boot enabled')" \
	sh -c 'dmesg | grep -q "Secure boot enabled"'
check "lockdown is active ($(cat /sys/kernel/security/lockdown 2> /dev/null))" \
	sh -c 'grep -q "\[integrity\]\|\[confidentiality\]" /sys/kernel/security/lockdown'
# (efivarfs, mounted where systemd mounts it)
modprobe efivarfs
mount -t efivarfs efivarfs /sys/firmware/efi/efivars
v=/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c
echo "$v: $(od -An -tu1 "$v" 2>&1)"
check "the package's hook sees Secure Boot enforced (sb_on of debian/kernel-hook: EFI SecureBoot = 1)" \
	sh -c '. /sb/sb_on.sh && sb_on'
signer=$(cat /sb/signer)
dmesg > /tmp/dmesg.txt
check "the kernel loaded DKMS's key from the MOK list ('$signer', MokListRT)" \
	grep -q -F "Loaded X.509 cert '$signer" /tmp/dmesg.txt
# (a module whose signature is missing or from a key the kernel does not
# have: "Key was rejected by service", EKEYREJECTED; or EPERM from
# lockdown, "unsigned module loading is restricted")
refused() { # insmod's output
	! grep -q '^keyedhash ' /proc/modules && case $1 in *"can't insert"*) true ;; *) false ;; esac
}
out=$(insmod /sb/unsigned.ko 2>&1)
check "the module unsigned is refused ($out)" refused "$out"
out=$(insmod /sb/other.ko 2>&1)
check "the module signed with another key ($(cat /sb/other-signer)) is refused ($out)" refused "$out"
dmesg | grep -i -e lockdown -e 'rejected' | tail -3
check "modprobe keyedhash: the module DKMS built and signed loads (none loaded before)" \
	sh -c '! grep -q "^keyedhash " /proc/modules && modprobe keyedhash'
check "it is the DKMS-signed one (signer: $(cat /sb/signer))" grep -q "^keyedhash " /proc/modules
# the package hook's Secure Boot line (sb_report of debian/kernel-hook,
# with Debian's mokutil and kmod's modinfo): the key that signed the
# installed module, enrolled; then the module of another key, whose
# certificate is not enrolled
. /sb/sb_on.sh
# (busybox's sh runs its own modinfo applet whatever PATH says, and that
# one does not read signatures)
modinfo() { /kmod/modinfo "$@"; }
out=$(sb_report "$(uname -r)" /dev/null 2>&1)
echo "$out"
check "the hook's Secure Boot line: signed by \"$signer\" (/var/lib/dkms/mok.pub), enrolled (mokutil --test-key)" \
	sh -c 'case $1 in *"is signed by \"$2\" (/var/lib/dkms/mok.pub), a key enrolled in the MOK list: it loads"*) ;; *) exit 1 ;; esac' \
	_ "$out" "$signer"
cp /sb/other.ko "/lib/modules/$(uname -r)/updates/dkms/keyedhash.ko"
echo "Public certificate (MOK): /sb/other.der" > /tmp/dkms.log
out=$(sb_report "$(uname -r)" /tmp/dkms.log 2>&1)
echo "$out"
check "the hook's Secure Boot line for another key: NOT enrolled, and the command to enrol it" \
	sh -c 'case $1 in *"a key NOT enrolled: the kernel refuses the module until you run: sudo mokutil --import /sb/other.der"*) ;; *) exit 1 ;; esac' \
	_ "$out"
kh_algs | tee /tmp/algs.txt
check "no keyedhash driver failed its init-time self-test" \
	sh -c '! dmesg | grep -q "keyedhash: .*self-test failed"'
check "highwayhash256 (generic) registered, its self-test over the vectors passed" \
	grep -q "^highwayhash256 highwayhash256-generic passed" /tmp/algs.txt
check "every keyedhash driver registered passed its self-test ($(wc -l < /tmp/algs.txt))" \
	sh -c '[ -s /tmp/algs.txt ] && ! grep -v " passed$" /tmp/algs.txt | grep -q .'

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dracut module of keyedhash-dkms (/usr/lib/dracut/modules.d/90keyedhash/):
# the keyedhash dm-integrity volumes that have to be open before the root
# file system is mounted (keyedhash-integritysetup volumes --initrd:
# x-initrd.attach in /etc/keyedhash/integritytab, or / or /usr in
# /etc/fstab on /dev/mapper/NAME) are opened in dracut's systemd initramfs
# the way they are after it: keyedhash-integritysetup-generator writes a
# unit for each (required by /dev/mapper/NAME's device unit, so the wait
# for the root device opens it), and the unit runs
# keyedhash-integritysetup attach, which loads keyedhash.ko and checks the
# key before integritysetup opens the volume.  The initramfs gets the
# module DKMS built for the kernel, dm-integrity, integritysetup, the
# opener and generator, those volumes' lines (marked x-initrd.attach: the
# system after the switch finds them open and leaves them so at shutdown)
# and their key files.  Nothing is added where no volume needs it.
# The initramfs-tools counterpart is /usr/share/initramfs-tools/hooks/keyedhash.

# (dracut sets kernel, initdir, systemdutildir and hostonly)
# shellcheck disable=SC2154
OPENER=/usr/sbin/keyedhash-integritysetup
GENERATOR=/usr/lib/systemd/system-generators/keyedhash-integritysetup-generator

kh_volumes() {
	"$OPENER" volumes --initrd 2> /dev/null
}

check() {
	require_binaries "$OPENER" integritysetup || return 1
	[ -n "$(kh_volumes)" ] && return 0
	# included only when another module asks for it
	return 255
}

depends() {
	echo systemd dm
	return 0
}

installkernel() {
	if ! hostonly='' instmods keyedhash; then
		dwarn "keyedhash: Linux $kernel has no keyedhash module: this initramfs cannot open $(kh_volumes | awk '{ printf "%s ", $1 }')(keyedhash-integritysetup status)"
	fi
	hostonly='' instmods dm-integrity dm-mod
	return 0
}

install() {
	local name dev key opts tab=$initdir/etc/keyedhash/integritytab

	inst_multiple "$OPENER" integritysetup systemd-escape bash awk stat readlink \
		blockdev dd dmsetup modprobe sed grep tr head tail sort cat uname ln mkdir
	# (what the opener asks only when it is there)
	inst_multiple -o logger blkid findmnt modinfo find
	# the key check attach runs before opening (keyedhash-tools)
	inst_multiple -o /usr/lib/keyedhash/integrity-keycheck
	inst_simple "$GENERATOR" "$systemdutildir/system-generators/${GENERATOR##*/}"
	mkdir -p "$initdir/etc/keyedhash"
	chmod 700 "$initdir/etc/keyedhash"
	: > "$tab"
	while read -r name dev key opts; do
		[ -n "$name" ] || continue
		if ! "$OPENER" command "$name" "$dev" "$key" "$opts" > /dev/null; then
			dwarn "keyedhash: volume $name is left out of this initramfs (see above)"
			continue
		fi
		case ",$opts," in
		*,x-initrd.attach,*) ;;
		,-,) opts=x-initrd.attach ;;
		*) opts=$opts,x-initrd.attach ;;
		esac
		printf '%s %s %s %s\n' "$name" "$dev" "$key" "$opts" >> "$tab"
		inst_simple "$key" || dwarn "keyedhash: volume $name: cannot copy its key file $key"
	done < <(kh_volumes)
	chmod 600 "$tab"
}

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: qemu.sh
# Prints a directory holding qemu-system-x86_64 and qemu-system-aarch64 for
# the rig's VMs (make check puts it first in PATH): Debian 13's QEMU, whose
# TCG runs the same VM tests, with the same results, in markedly less CPU
# time than Debian 12's 7.2.  Nothing of Debian 13 is installed on the
# host: the packages the Debian 13 root (tests/rig/kernel/deb13.sh) lacks are
# downloaded by that root's apt and unpacked (dpkg-deb -x) into
# $KH_CACHE/qemu-system-deb13-VERSION, and two wrappers run QEMU with that
# root's dynamic loader and libraries (and its own modules, in a private
# mount namespace).
# KH_HOST_QEMU=1: the host's QEMU instead (prints nothing).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
[ "${KH_HOST_QEMU:-0}" != 1 ] || exit 0
R=$("$RIG/kernel/deb13.sh" root)
v=$("$RIG/kernel/deb13.sh" run apt-cache policy qemu-system-x86 2> /dev/null | sed -n 's/^ *Candidate: //p')
[ -n "$v" ] && [ "$v" != "(none)" ] || kh_die "no qemu-system-x86 in the Debian 13 root's apt lists"
Q=$KH_CACHE/qemu-system-deb13-${v//:/_}
exec 8> "$Q.lock"
flock 8
if [ ! -f "$Q/.done" ]; then
	kh_log "fetching Debian 13's QEMU $v (unpacked into the cache, not installed)" >&2
	T=$KH_OUT/qemu-system.tmp
	rm -rf "$Q" "$T"
	mkdir -p "$T" "$Q/root" "$Q/bin"
	"$RIG/kernel/deb13.sh" run apt-get -q -y install --download-only --no-install-recommends \
		-o Dir::Cache::archives="$T" "qemu-system-x86=$v" "qemu-system-arm=$v" > "$Q/fetch.log" 2>&1 ||
		{ tail -5 "$Q/fetch.log" >&2; kh_die "apt-get --download-only qemu-system-x86 qemu-system-arm (Debian 13 root) failed"; }
	for d in "$T"/*.deb; do
		dpkg-deb -x "$d" "$Q/root"
	done
	rm -rf "$T"
	L=$Q/root/usr/lib/x86_64-linux-gnu:$R/usr/lib/x86_64-linux-gnu
	for a in x86_64 aarch64; do
		cat > "$Q/bin/qemu-system-$a" <<EOF
#!/bin/sh
# tests/rig/kernel/qemu.sh: Debian 13's QEMU $v, unpacked, run with the Debian 13
# root's dynamic loader and libraries, its own firmware, and its own
# modules where it looks for them (a private mount namespace: the
# host's QEMU modules are of another build, which it would try and refuse)
M=/usr/lib/x86_64-linux-gnu/qemu
exec unshare --mount sh -c '[ ! -d \$0 ] || mount --bind "\$1" \$0 || exit 1; shift; exec "\$@"' \\
	\$M $Q/root\$M \\
	$R/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --library-path $L \\
	$Q/root/usr/bin/qemu-system-$a -L $Q/root/usr/share/qemu "\$@"
EOF
		chmod +x "$Q/bin/qemu-system-$a"
		"$Q/bin/qemu-system-$a" --version | grep -qF "(Debian $v)" ||
			kh_die "Debian 13's qemu-system-$a ($Q/bin) does not run here"
	done
	touch "$Q/.done"
fi
echo "$Q/bin"

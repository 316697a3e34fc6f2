#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run by tests/rig/deb/release.sh inside a throw-away copy of the Debian 12 or
# 13 root: the apt repository of make repo used as a user would.
# Usage: repo-in-root.sh NAME W VERSION NEXT TAMPERED
#   W/repo         a symlink to the repository the root sees (file://),
#                  repo-v1 (VERSION), then repo-v2 (NEXT too), then
#                  repo-bad (a Release rewritten without the key: TAMPERED)
# Prints one PASS:/FAIL: line per check and "repo NAME: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
NAME=$1 W=$2 VER=$3 N1=$4 N2=$5
ARCH=$(dpkg --print-architecture)
LOG=$W/apt.log N=0
: > "$LOG"
export DEBIAN_FRONTEND=noninteractive
step() { kh_step "$NAME" "$@"; }
said() { grep -q -- "$1" "$W/step-$N.log"; }
# apt update refreshes the keyedhash repository only (the root's Debian
# lists stay as they are: no download of Debian's indexes); install and
# upgrade see every source (keyedhash-tools needs Debian's libkcapi1;
# List-Cleanup=0 keeps the other lists)
L=/etc/apt/sources.list.d/keyedhash.list
KA=(-o "Dir::Etc::SourceList=$L" -o Dir::Etc::SourceParts=/nonexistent -o APT::Get::List-Cleanup=0)
apt() {
	local o=(-o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-unsafe-io -q)
	[ "$1" != update ] || o+=("${KA[@]}")
	apt-get "${o[@]}" "$@"
}
modfile() { echo "/lib/modules/$1/updates/dkms/keyedhash.ko"; }
has() { # kernel, version: module file, MODULE_VERSION and dkms status agree
	local m
	m=$(modfile "$1")
	[ -f "$m" ] && [ "$(modinfo -F version "$m")" = "$2" ] &&
		dkms status -m keyedhash -v "$2" -k "$1" | grep -q ': installed'
}

# the kernels: Debian 12 gets its 6.1 headers from the apt cache; Debian
# 13 keeps 6.12 and 7.x (the rt kernel's headers go: DKMS builds cost)
if [ "$NAME" = deb12 ]; then
	K=$(cd /var/cache/apt/archives && ls linux-headers-*-"$ARCH"_*.deb 2>/dev/null |
		sed -n 's/^linux-headers-\([0-9][^_]*-'"$ARCH"'\)_.*/\1/p' | sort -V | tail -1)
	[ -n "$K" ] && step "apt-get install --no-download linux-headers-$K (Debian's lists)" \
		apt-get -q -y -o Dpkg::Options::=--force-unsafe-io install --no-download "linux-headers-$K"
else
	for h in $(dpkg-query -W -f '${Package}\n' 'linux-headers-*-rt-*' 2>/dev/null); do
		dpkg -r "$h" > /dev/null 2>&1
	done
fi
KERNELS=$(ls -d /lib/modules/*/build 2>/dev/null | sed 's|/lib/modules/||; s|/build$||' | grep -v -- -rt- | sort)
echo "kernels with headers: ${KERNELS:-none}"
kh_check "$NAME: kernels with headers to build for ($(echo $KERNELS))" test -n "$KERNELS"

cp "$W/repo/keyedhash-archive-keyring.gpg" /usr/share/keyrings/
echo "deb [signed-by=/usr/share/keyrings/keyedhash-archive-keyring.gpg] file://$W/repo stable main" > "$L"
step "apt update (the repository, $VER)" apt update
kh_check "$NAME: apt update: no warning, no error" sh -c "! grep -E '^(W|E|Err):' '$W/step-$N.log'"
step "apt install keyedhash-dkms keyedhash-tools (by name)" apt install -y keyedhash-dkms keyedhash-tools
kh_check "$NAME: keyedhash-dkms, keyedhash-tools, libkeyedhash0 $VER installed from the repository" sh -c \
	"for p in keyedhash-dkms keyedhash-tools libkeyedhash0; do
		[ \"\$(dpkg-query -W -f '\${Version}' \$p)\" = '$VER' ] || exit 1
	 done"
for k in $KERNELS; do
	kh_check "$NAME: $k has keyedhash $VER (dkms status, modinfo -F version)" has "$k" "$VER"
done
kh_check "$NAME: khsum from the repository computes" sh -c \
	"head -c 32 /dev/urandom > /tmp/k && echo x | khsum -a highwayhash256 -k /tmp/k | grep -q '^[0-9a-f]\{64\}  -\$'"

# the repository moves to the next version
ln -sfn repo-v2 "$W/repo"
step "apt update (the repository moved to $N1)" apt update
step "apt upgrade" apt upgrade -y
kh_check "$NAME: apt upgrade: keyedhash-dkms and keyedhash-tools are $N1" sh -c \
	"[ \"\$(dpkg-query -W -f '\${Version}' keyedhash-dkms)\" = '$N1' ] &&
	 [ \"\$(dpkg-query -W -f '\${Version}' keyedhash-tools)\" = '$N1' ]"
for k in $KERNELS; do
	kh_check "$NAME: $k moved to keyedhash $N1 (dkms status, modinfo -F version)" has "$k" "$N1"
done
kh_check "$NAME: keyedhash $VER gone from DKMS" sh -c "! dkms status -m keyedhash -v '$VER' | grep -q ."

# a Release rewritten without the key
ln -sfn repo-bad "$W/repo"
kh_step_any "apt update (a tampered Release offering $N2)" apt update
kh_check "$NAME: apt refuses the tampered Release (signature error said)" sh -c \
	"grep -q -E 'BADSIG|signature.*(invalid|verification)|is not signed' '$W/step-$N.log'"
kh_check "$NAME: the candidate stays $N1, nothing of $N2 known" sh -c \
	"apt-cache policy keyedhash-dkms | grep -q 'Candidate: $N1' &&
	 ! apt-cache madison keyedhash-dkms | grep -qF '$N2'"
step "apt upgrade (after the refused update)" apt upgrade -y
kh_check "$NAME: still keyedhash-dkms $N1" sh -c \
	"[ \"\$(dpkg-query -W -f '\${Version}' keyedhash-dkms)\" = '$N1' ]"
for k in $KERNELS; do
	kh_check "$NAME: after the refused update $k still has $N1" has "$k" "$N1"
done
ln -sfn repo-v1 "$W/repo"
echo "repo $NAME: done"

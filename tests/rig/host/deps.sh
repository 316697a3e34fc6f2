#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages the build and the test rig need (idempotent).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
# shellcheck disable=SC2086
if dpkg -s $KH_PKGS >/dev/null 2>&1 && kh_kver >/dev/null; then
	exit 0
fi
[ "$(id -u)" = 0 ] || kh_die "missing packages; run as root: apt-get install $KH_PKGS"
kh_log "installing Debian packages"
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -q
for try in 1 2 3; do
	# shellcheck disable=SC2086
	apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends $KH_PKGS && break
	[ "$try" = 3 ] && kh_die "apt-get install failed"
	sleep 10
done
kh_kver >/dev/null || kh_die "no Debian 6.1 amd64 kernel headers after install"

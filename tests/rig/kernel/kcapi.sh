#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# libkcapi for the rig (Debian's libkcapi-dev and kcapi-tools, KH_PKGS).
#
# Usage: kcapi.sh arm64          fetch Debian's arm64 libkcapi1, libkcapi-dev,
#                                kcapi-tools and libc6 (the host's versions)
#                                with a private apt configuration (no
#                                dpkg --add-architecture), unpack them and
#                                print the root: its usr/include and
#                                usr/lib/aarch64-linux-gnu (libkcapi.a) for
#                                static arm64 builds, its kcapi-dgst for the VMs
#        kcapi.sh dgst ARCH DIR  DIR/usr/bin/kcapi-dgst of ARCH with the
#                                shared libraries and loader it needs, each
#                                at its path, to merge into an initramfs' /
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

arm64_root() {
	local v libc a
	v=$(dpkg-query -W -f='${Version}' libkcapi-dev 2>/dev/null) ||
		kh_die "libkcapi-dev missing (apt-get install libkcapi-dev kcapi-tools)"
	libc=$(dpkg-query -W -f='${Version}' libc6)
	a=$KH_CACHE/kcapi-arm64-$v-$libc
	if [ ! -f "$a/.done" ]; then
		kh_log "fetching arm64 libkcapi $v and libc6 $libc" >&2
		kh_arm64_debs "$a" "libkcapi1=$v" "libkcapi-dev=$v" \
			"kcapi-tools=$v" "libc6=$libc"
		touch "$a/.done"
	fi
	echo "$a/root"
}

# A path inside root R with its symlinks resolved inside R, not the host.
resolve_in() { # root, path
	local r=$1 p=$2 t n=0
	while [ -L "$r$p" ] && [ $n -lt 20 ]; do
		t=$(readlink "$r$p")
		case $t in
		/*) p=$t ;;
		*) p=$(dirname "$p")/$t ;;
		esac
		n=$((n + 1))
	done
	echo "$p"
}

# The shared libraries of an arm64 binary in root R, by its NEEDED entries
# (and theirs) found in R's library directories; ldd cannot run it here.
arm64_needed() { # root, binary
	local r=$1 todo=$2 seen=" " b l d f
	while [ -n "$todo" ]; do
		b=${todo%% *}
		todo=${todo#"$b"}
		todo=${todo# }
		for l in $(readelf -d "$b" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			[[ "$seen" == *" $l "* ]] && continue
			seen="$seen$l "
			f=
			for d in /lib/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu; do
				[ -e "$r$d/$l" ] && { f=$d/$l; break; }
			done
			[ -n "$f" ] || kh_die "$l (needed by $(basename "$b")) not in $r"
			echo "$f"
			todo="$todo ${r}$(resolve_in "$r" "$f")"
			todo=${todo# }
		done
	done
}

dgst() { # arch, dir
	local arch=$1 d=$2 r b l p
	rm -rf "$d"
	mkdir -p "$d/usr/bin"
	if [ "$arch" = arm64 ]; then
		r=$(arm64_root)
		b=$r/usr/bin/kcapi-dgst
		cp "$b" "$d/usr/bin/kcapi-dgst"
		p=$(readelf -l "$b" | sed -n 's/.*interpreter: \([^]]*\)\]/\1/p')
		for l in $p $(arm64_needed "$r" "$b"); do
			mkdir -p "$d$(dirname "$l")"
			cp "$r$(resolve_in "$r" "$l")" "$d$l"
		done
	else
		b=$(command -v kcapi-dgst) || kh_die "kcapi-dgst missing (apt-get install kcapi-tools)"
		cp "$b" "$d/usr/bin/kcapi-dgst"
		for l in $(ldd "$b" | grep -o '/[^ ]*'); do
			mkdir -p "$d$(dirname "$l")"
			cp -L "$l" "$d$l"
		done
	fi
}

case ${1:-} in
arm64) arm64_root ;;
dgst) dgst "$2" "$(realpath -m "$3")" ;;
*) kh_die "usage: kcapi.sh arm64 | dgst ARCH DIR" ;;
esac

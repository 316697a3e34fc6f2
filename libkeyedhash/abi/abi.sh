#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# libkeyedhash's ABI against the releases' (libkeyedhash/abi/VERSION.abi, abidw
# dumps, one per released version of the library; docs/packaging.md).
#
# Usage: abi.sh check SO      SO (build/lib/libkeyedhash.so.*) against the
#                             newest dump of a released version: nothing
#                             removed or changed (abidiff); symbols may be
#                             added.  When the project's version is that
#                             release itself, SO must match it exactly
#                             (the dump is complete).  With no released
#                             dump yet, against the draft of the next one.
#        abi.sh record SO VERSION
#                             write libkeyedhash/abi/VERSION.abi from SO (make
#                             abi-release): only for a version not yet
#                             released, i.e. newer than the project's
#                             version now, or the project's own when no dump
#                             of it exists; a released dump is never
#                             rewritten
# "Released" means: not newer than the project's version (dpkg's order:
# 1.0.0 is released in 1.0.0 and 1.0.0+git3, not in 1.0.0~rc1 or 0.8.0+git9).
set -euo pipefail
A=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$A/../.." && pwd)
cmd=$1 SO=$2
VER=$(sh "$TOP/tools/version.sh")
released() { dpkg --compare-versions "$1" le "$VER"; }
dumps=$(cd "$A" && ls *.abi 2>/dev/null | sed 's/\.abi$//' | sort -V)

case $cmd in
record)
	v=${3:?abi.sh record SO VERSION}
	f=$A/$v.abi
	if [ -e "$f" ] && released "$v"; then
		echo "abi-release: $v is released (the project is at $VER): libkeyedhash/abi/$v.abi is what it shipped and stays as it is" >&2
		exit 1
	fi
	if released "$v" && [ "$v" != "$VER" ]; then
		echo "abi-release: $v is older than the project's version $VER: only the next release's ABI can be recorded" >&2
		exit 1
	fi
	abidw --headers-dir "$TOP/libkeyedhash/include" --drop-private-types --no-corpus-path \
		--out-file "$f" "$SO"
	echo "abi-release: libkeyedhash/abi/$v.abi written; commit it with the release"
	;;
check)
	rel='' draft=''
	for v in $dumps; do
		if released "$v"; then rel=$v; elif [ -z "$draft" ]; then draft=$v; fi
	done
	base=${rel:-$draft}
	[ -n "$base" ] || { echo "abi: no dump in libkeyedhash/abi/ to compare with"; exit 1; }
	what="the released $base"
	[ -n "$rel" ] || what="the draft of the next release, $base (none released yet)"
	# the soname must be the one of that dump; a new soname starts afresh
	want=$(sed -n 's/.*soname=.\([^"'\'']*\).*/\1/p' "$A/$base.abi" | head -1)
	have=$(readelf -d "$SO" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
	if [ "$want" != "$have" ]; then
		echo "abi: $have is a new soname ($base has $want): nothing released to compare with until a dump of it is recorded (make abi-release)"
		exit 1
	fi
	add=(--no-added-syms)
	[ "$base" != "$VER" ] || add=()
	out=$(abidiff "${add[@]}" --headers-dir2 "$TOP/libkeyedhash/include" "$A/$base.abi" "$SO" 2>&1) || {
		printf '%s\n' "$out"
		echo "abi: $(basename "$SO") differs from $what (libkeyedhash/abi/$base.abi): a symbol or type of $have removed or changed${add[*]:+ (added ones are allowed)}: bump the soname or restore it (docs/packaging.md)"
		exit 1
	}
	echo "abi: $have keeps the ABI of $what (libkeyedhash/abi/$base.abi, abidiff${add[*]:+; additions allowed}$([ "$base" = "$VER" ] && echo '; this is that release: an exact match'))"
	;;
*)
	echo "usage: abi.sh check SO | abi.sh record SO VERSION" >&2
	exit 2 ;;
esac

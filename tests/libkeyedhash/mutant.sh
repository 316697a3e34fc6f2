#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A mutant of libkeyedhash, for the checks that must see it fail (make ct,
# make fuzz): one source file copied, changed as below, compiled with the
# library's flags and put in place of its object in a copy of the archive.
# The tree itself is never changed.
#
#   CC=... KH_MUTANT_CFLAGS=... KH_MUTANT_ASFLAGS=... mutant.sh NAME TOP IN.a OUT.a
#
# (run from TOP: the flags' include paths are relative to it)
#
#   ct-key-branch   a branch on a byte of the derived HighwayHash key
#                   (lib/highwayhash.c, kh_highwayhash_setkey): every
#                   highwayhash driver
#   ct-msg-index    a table load indexed by the message's first byte
#                   (lib/nh.c, kh_nh_generic): nhpoly1305 and sthash,
#                   generic C
#   fuzz-tail-bit   one bit of the AVX2 HighwayHash's tail: the remainder
#                   adjustment's rotation count 32 - n becomes 33 - n
#                   (arch/x86/highwayhash-avx2.S, HH_REMAINDER_ADJUST, in
#                   kh_highwayhash_finish_avx2 and kh_highwayhash_oneshot_avx2):
#                   the highwayhash*-avx2 drivers, lengths not a multiple of 32
#   fuzz-packet-bit one bit of the remainder packet of the generic C and the
#                   NEON drivers (lib/highwayhash.c,
#                   highwayhash_remainder_packet): tails of 1..3 mod 4
#                   bytes below 16 mod 32; on arm64 the drivers still agree
#                   with each other, only an independent reference sees it
#   fuzz-neon-tail  the NEON HighwayHash's end of message (arch/arm64/highwayhash.h,
#                   kh_highwayhash_tail_neon, compiled into glue.c) takes
#                   len % 16 for len % 32: one bit of a constant; lengths
#                   16 mod 32 lose their remainder packet
set -euo pipefail
name=$1 TOP=$2 in=$3 out=$4
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
iquote=()
# perl -0777: the whole file; the substitution must apply exactly once
mutate() { # file, perl substitution
	local f=$1
	perl -0777 -pe "\$n = ($2); END { exit(\$n == 1 ? 0 : 1) }" "$TOP/$f" > "$w/$(basename "$f")" ||
		{ echo "mutant.sh: $name no longer applies to $f (update tests/libkeyedhash/mutant.sh)" >&2; exit 1; }
	compile=$f
}
# (perl substitutions: their $1 is perl's)
# shellcheck disable=SC2016
case $name in
ct-key-branch)
	mutate lib/highwayhash.c 's/^(int kh_highwayhash_setkey\(.*?\n)(\treturn 0;\n\}\n)/static volatile int kh_mutant_sink;\n\n$1\tif (key->v0[0] & 1)\n\t\tkh_mutant_sink++;\n$2/ms' ;;
ct-msg-index)
	mutate lib/nh.c 's/^(void kh_nh_generic\([^{]*\{\n.*?\n\n)/static volatile u8 kh_mutant_sink;\nstatic const u8 kh_mutant_tab[256] = { 1 };\n\n$1\tif (len)\n\t\tkh_mutant_sink = kh_mutant_tab[msg[0]];\n/ms' ;;
fuzz-tail-bit)
	mutate arch/x86/highwayhash-avx2.S 's/(\.macro HH_REMAINDER_ADJUST .*?\tmov\t\t)\$32, %eax/$1\$33, %eax/s' ;;
fuzz-neon-tail)
	mutate arch/arm64/highwayhash.h 's/(\tif \(st->len % )KH_HIGHWAYHASH_BLOCK_SIZE\) \{\n(\t\tkh_highwayhash_remainder_prepare\(st, pkt\);\n\t\tkh_highwayhash_blocks_neon)/$1(KH_HIGHWAYHASH_BLOCK_SIZE \/ 2)) {\n$2/'
	# the header is compiled as part of glue.c, which finds it as
	# "arch/arm64/highwayhash.h" (<keyedhash/internal/highwayhash.h>): the copy in a tree
	# of its own, searched first (-iquote)
	mkdir -p "$w/arch/arm64"
	mv "$w/highwayhash.h" "$w/arch/arm64/highwayhash.h"
	iquote=(-iquote "$w")
	cp "$TOP/arch/arm64/glue.c" "$w/glue.c"
	compile=arch/arm64/glue.c ;;
fuzz-packet-bit)
	mutate lib/highwayhash.c 's/(\t\tpkt\[16\] = r\[whole\]);/$1 ^ 0x10;/' ;;
*)
	echo "mutant.sh: unknown mutant $name" >&2; exit 2 ;;
esac
obj=$(basename "$compile").o
# the changed file beside the original's includes: -iquote its directory
case $compile in
*.S)	# shellcheck disable=SC2086
	${CC:-cc} $KH_MUTANT_ASFLAGS -iquote "$TOP/$(dirname "$compile")" -c -o "$w/$obj" "$w/$(basename "$compile")" ;;
*)	# shellcheck disable=SC2086
	${CC:-cc} $KH_MUTANT_CFLAGS "${iquote[@]}" -iquote "$TOP/$(dirname "$compile")" -c -o "$w/$obj" "$w/$(basename "$compile")" ;;
esac
cp "$in" "$out.tmp"
ar t "$out.tmp" | grep -qx "$obj" || { echo "mutant.sh: $obj is not in $in" >&2; exit 1; }
ar r "$out.tmp" "$w/$obj"
mv "$out.tmp" "$out"

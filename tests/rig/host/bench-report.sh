#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tools/bench/report.py on a small fixture: the tables it writes between the
# markers of a document (and nothing else of it changes), a target computed
# from the rows, and an error (exit status 1, the document untouched) for
# each kind of malformed build/bench.tsv.  Prints "PASS:"/"FAIL:" lines;
# exit status 1 if any failed.  No gnuplot needed (--no-chart).
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
R=$TOP/tools/bench/report.py
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fails=0
pass() { echo "PASS: bench-report: $*"; }
fail() { echo "FAIL: bench-report: $*"; fails=$((fails + 1)); }

printf 'algorithm\timplementation\tbytes\tcycles_per_byte\tgb_per_s\n' > "$W/head"
{
	cat "$W/head"
	printf 'highwayhash256\thighwayhash256-avx2\t16\t12.5\t0.29\n'
	printf 'highwayhash256\thighwayhash256-avx2\t1048576\t0.310\t11.92\n'
	printf 'highwayhash256\tpeer:rust-highway-native\t16\t13.0\t0.28\n'
	printf 'highwayhash256\tpeer:rust-highway-native\t1048576\t0.290\t12.74\n'
	printf 'highwayhash256\tpeer:go-minio-highwayhash\t1048576\t0.280\t13.20\n'
	printf 'highwayhash256\thighwayhash256-avx2 [kernel]\t16\t58.0\t0.06\n'
	printf 'highwayhash256\thighwayhash256-avx2 [kernel]\t1048576\t0.285\t12.96\n'
	printf 'nhpoly1305\tnhpoly1305-keyedhash-avx2 [kernel]\t64\t6.04\t0.6\n'
	printf 'nhpoly1305\tpeer:linux-nhpoly1305-avx2 [kernel]\t64\t15.6\t0.2\n'
} > "$W/good.tsv"
doc() { printf '# t\n\nbefore\n<!-- bench:begin -->\nold\n<!-- bench:end -->\nafter\n' > "$W/doc.md"; }

doc
if python3 "$R" --tsv "$W/good.tsv" --doc "$W/doc.md" --no-chart > "$W/out" 2>&1; then
	pass "renders the fixture"
else
	fail "renders the fixture: $(cat "$W/out")"
fi
expect() { # description, fixed string that must be in the document
	if grep -qF -- "$2" "$W/doc.md"; then pass "$1"; else fail "$1 (no '$2')"; fi
}
expect "a table per algorithm" "#### highwayhash256 (key 32 B)"
expect "sizes as column heads" "| implementation | 16 | 1M | GB/s at 1M |"
expect "the medians, three figures" '| `highwayhash256-avx2 [kernel]` | 58.0 | 0.285 | 12.96 |'
expect "a target met, computed from its rows" "| 64 | 6.04 \`nhpoly1305-keyedhash-avx2 [kernel]\` vs 15.6 \`peer:linux-nhpoly1305-avx2 [kernel]\` (61 % faster) | **yes** |"
expect "a target missed, by how much" "| 1M | 0.310 \`highwayhash256-avx2\` vs 0.290 \`peer:rust-highway-native\` (7 % slower) | no |"
expect "the best of every HighwayHash peer (here the Go module's row)" "| 1M | 0.310 \`highwayhash256-avx2\` vs 0.280 \`peer:go-minio-highwayhash\` (11 % slower) | no |"
expect "a target whose rows the run lacks" "not in this run"
expect "no run information: said so" "unknown (no run-info.txt beside good.tsv)"
if [ "$(sed -n '1,3p;$p' "$W/doc.md" | tr '\n' '|')" = "# t||before|after|" ] &&
	! grep -q '^old$' "$W/doc.md"; then
	pass "the text outside the markers is kept, the old block replaced"
else
	fail "the text outside the markers is kept, the old block replaced"
fi

bad() { # description, TSV content
	doc
	printf '%s' "$2" > "$W/bad.tsv"
	cp "$W/doc.md" "$W/doc.before"
	if python3 "$R" --tsv "$W/bad.tsv" --doc "$W/doc.md" --no-chart > "$W/out" 2>&1; then
		fail "refuses $1 (exit status 0)"
	elif ! grep -q '^report.py: ' "$W/out" || ! cmp -s "$W/doc.md" "$W/doc.before"; then
		fail "refuses $1 with a message, the document untouched: $(cat "$W/out")"
	else
		pass "refuses $1: $(head -1 "$W/out")"
	fi
}
H=$(cat "$W/head")
bad "a wrong header" "$(printf 'algorithm\timpl\tbytes\tcpb\tgbs\nx\ty\t16\t1.0\t1.0\n')"
bad "a row of four columns" "$H"$'\n'"$(printf 'x\ty\t16\t1.0\n')"
bad "a number that is not one" "$H"$'\n'"$(printf 'x\ty\t16\tfast\t1.0\n')"
bad "a zero size" "$H"$'\n'"$(printf 'x\ty\t0\t1.0\t1.0\n')"
bad "a row twice" "$H"$'\n'"$(printf 'x\ty\t16\t1.0\t1.0\nx\ty\t16\t2.0\t1.0\n')"
bad "a header without rows" "$H"$'\n'
bad "an empty file" ""
# dm-integrity rows: the answer block at the top (dmi markers), the table
# of cycles per block (cycles_per_byte x block size), the ratios.
{
	cat "$W/head"
	printf 'dm-integrity\thighwayhash128-avx2 [kthread]\t4096\t0.5\t1\n'
	printf 'dm-integrity\thighwayhash128-avx2 [task]\t4096\t0.75\t1\n'
	printf 'dm-integrity\tpeer:hmac(sha256-ni) [kthread]\t4096\t2.5\t1\n'
	printf 'dm-integrity\tpeer:hmac(sha256-ni) [task]\t4096\t2.75\t1\n'
	printf 'dm-integrity\tpeer:crc32c-intel [kthread]\t4096\t0.25\t1\n'
	printf 'dm-integrity\thighwayhash256-avx2 [kthread]\t4096\t0.55\t1\n'
	printf 'dm-integrity\tfloor [kthread]\t4096\t0.1\t1\n'
	printf 'dm-integrity\tfloor-simd [kthread]\t4096\t0.15\t1\n'
} > "$W/dmi.tsv"
printf 'cpu\tIntel(R) Xeon(R) Processor\n' > "$W/dmi-info.txt"
printf '# t\n\n<!-- dmi:begin -->\nold\n<!-- dmi:end -->\nmiddle\n<!-- bench:begin -->\nold\n<!-- bench:end -->\n' > "$W/doc.md"
if python3 "$R" --tsv "$W/dmi.tsv" --info "$W/dmi-info.txt" --doc "$W/doc.md" --no-chart \
	> "$W/out" 2>&1; then
	pass "renders dm-integrity rows"
else
	fail "renders dm-integrity rows: $(cat "$W/out")"
fi
expect "the fastest driver of each MAC, cycles per block" \
	'| **highwayhash128** | `highwayhash128-avx2` | – | – | 2048 | 3072 | 5.00× |'
expect "the ratio to hmac(sha256) and crc32c" \
	'runs at 5.00× the speed of hmac(sha256) (`peer:hmac(sha256-ni)`, 10240 cycles); 0.50× the speed of crc32c'
expect "a per-block cost target met, by our fastest MAC" \
	'| 4K | 0.500 `highwayhash128-avx2 [kthread]` vs 2.50 `peer:hmac(sha256-ni) [kthread]` (0.200× the cycles) | **yes** |'
expect "the 4 KiB cost target against crc32c (1.6×), missed, by how much" \
	'| 4K | 0.500 `highwayhash128-avx2 [kthread]` vs 0.250 `peer:crc32c-intel [kthread]` (2.000× the cycles) | no |'
expect "the table of every dm-integrity row, its cycles above the floor" \
	'| `peer:hmac(sha256-ni)` | hmac(sha256) | – | – | – | 10240 | 9830 | 11264 | 2.50 |'
expect "the floor, and our fastest's cycles above it" \
	'The floor, the same calls into a driver that hashes nothing: 410 cycles (614 with a SIMD driver'"'"'s two sections); `highwayhash128-avx2` costs 1638 above it.'
expect "the least a SIMD HighwayHash driver can cost, against the target" \
	'at its bound of 7 cycles on Intel ([performance.md](performance.md#the-per-packet-latency-limit-of-highwayhash-avx2)): 1559 cycles; the target, 1.6× crc32c, is 1638 cycles: above it.'
if [ "$(grep -c '^old$' "$W/doc.md")" = 0 ] && grep -q '^middle$' "$W/doc.md" &&
	[ "$(sed -n 3p "$W/doc.md")" = "<!-- dmi:begin -->" ]; then
	pass "both marked blocks replaced, the text between kept"
else
	fail "both marked blocks replaced, the text between kept"
fi

doc
printf '# no markers\n' > "$W/doc.md"
if python3 "$R" --tsv "$W/good.tsv" --doc "$W/doc.md" --no-chart > "$W/out" 2>&1; then
	fail "refuses a document without the markers"
else
	pass "refuses a document without the markers"
fi
echo "bench-report: done"
[ "$fails" = 0 ]

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Go peer of make bench (tools/bench/peers-go) against the known
# answers: built with the Go module github.com/minio/highwayhash, it must
# reproduce every digest of tests/vectors/highwayhash.txt, and refuse (exit
# status 1, nothing timed) a copy with one digest and a copy with one key
# changed.  Prints PASS:/FAIL: lines, or one SKIP: line when the module
# cannot be had (no Go module cache and no proxy); ends with "bench-go: done".
#   tests/rig/host/bench-go.sh GO OUTDIR
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
GO=$1
OUT=$2
V=$TOP/tests/vectors/highwayhash.txt
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fails=0
pass() { echo "PASS: bench-go: $*"; }
fail() { echo "FAIL: bench-go: $*"; fails=$((fails + 1)); }

mkdir -p "$OUT"
cd "$TOP/tools/bench/peers-go" || exit 1
# a missing go.mod is the tree's fault, not the network's: never a skip
if [ ! -f go.mod ]; then
	fail "tools/bench/peers-go/go.mod is missing (ignored by .gitignore?)"
	echo "bench-go: done"
	exit 1
fi
if ! GOFLAGS=-mod=readonly "$GO" mod download > "$W/dl" 2>&1; then
	echo "SKIP: bench-go: the Go module is neither cached nor reachable: $(head -1 "$W/dl")"
	echo "bench-go: done"
	exit 0
fi
if ! GOFLAGS=-mod=readonly "$GO" build -trimpath -o "$OUT/kbench-go" . > "$W/build" 2>&1; then
	fail "go build: $(cat "$W/build")"
	echo "bench-go: done"
	exit 1
fi
if "$OUT/kbench-go" --vectors "$V" --check-only > "$W/out" 2>&1 &&
   grep -q ' digests of .* match$' "$W/out"; then
	pass "github.com/minio/highwayhash reproduces tests/vectors/highwayhash.txt ($(grep -o '[0-9]* digests' "$W/out"))"
else
	fail "the known answers: $(cat "$W/out")"
fi
# the same file with one digest, then one key, changed: must be refused
awk 'done == 0 && /^digest128=/ { sub(/=./, "=" (substr($0, 11, 1) == "0" ? "1" : "0")); done = 1 } { print }' "$V" > "$W/bad-digest.txt"
awk 'done == 0 && /^key=/ { sub(/=./, "=" (substr($0, 5, 1) == "0" ? "1" : "0")); done = 1 } { print }' "$V" > "$W/bad-key.txt"
for b in bad-digest bad-key; do
	if cmp -s "$V" "$W/$b.txt"; then
		fail "$b: the mutation changed nothing"
	elif "$OUT/kbench-go" --vectors "$W/$b.txt" --rounds 15 --sizes 16 > "$W/$b.out" 2>&1; then
		fail "$b: accepted (exit status 0)"
	elif grep -q 'not timing a peer that disagrees' "$W/$b.out" &&
	     ! grep -q 'cycles' "$W/$b.out"; then
		pass "$b: refused before any timing"
	else
		fail "$b: $(cat "$W/$b.out")"
	fi
done
echo "bench-go: done"
[ "$fails" = 0 ]

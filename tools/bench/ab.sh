#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-ab BASE=<rev>: the benchmark of an older revision (A, "old")
# and of this working tree (B, "new"), run side by side in one run, and a
# table old vs new per row (tools/bench/ab.py).
#
#   tools/bench/ab.sh <rev> [kbench options]     e.g. --sizes 16,512,4096
#
# The old code is exported with `git archive <rev>` into
# build/bench-ab/<commit>/src and built there by its own tools/bench
# (build.mk), with the same Linux source, Rust peers and KB_RETHUNK as the
# new one (built by run.sh, KB_BUILD_ONLY=1).  Then the two kbench binaries
# run alternately, KB_AB_RUNS times each (default 6), in the order
# A B B A A B B A ..., each run with the given options (default
# --rounds 31), so that drift of the machine falls on both alike.  ab.py
# takes per row and side the median over the runs of each run's least
# sample, each run divided by its pace (tools/bench/ab.py), and writes
# build/bench-ab/ab.txt (printed) and build/bench-ab/ab.tsv.
# The peers' rows are the same code on both sides: their ratios show the
# noise of the run.
#
# Environment: KB_AB_RUNS, KB_NO_RUST, KB_RETHUNK (as run.sh), KB_AB_OUT
# (default build/bench-ab).
set -euo pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
MACH=$(uname -m)
RUNS=${KB_AB_RUNS:-6}
AB=${KB_AB_OUT:-$TOP/build/bench-ab}

log() { printf '##### [%s] bench-ab: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { echo "bench-ab: error: $*" >&2; exit 1; }

[ $# -ge 1 ] && [ -n "$1" ] || die "usage: $0 <base revision> [kbench options] (make bench-ab BASE=<rev>)"
REV=$(git -C "$TOP" rev-parse --verify "$1^{commit}") || die "$1: no such revision"
shift
ARGS=("$@")
[ ${#ARGS[@]} -gt 0 ] || ARGS=(--rounds 31)

# 1. The new code (this tree), the kernel peers' sources, the Rust peers.
KB_BUILD_ONLY=1 bash "$TOP/tools/bench/run.sh"
KB_LINUX=$(cat "$TOP/build/bench/linux-dir")
NEW=$TOP/build/bench/$MACH/kbench

# 2. The old code, built by its own bench build rules.
SRC=$AB/$REV/src
if [ ! -f "$SRC/.kb-ab-complete" ]; then
	log "exporting $REV into $SRC"
	rm -rf "$SRC"
	mkdir -p "$SRC"
	git -C "$TOP" archive "$REV" | tar -x -C "$SRC"
	touch "$SRC/.kb-ab-complete"
fi
log "building the old code's kbench"
MAKEARGS=(KB_LINUX="$KB_LINUX")
[ -n "${KB_RETHUNK:-}" ] && MAKEARGS+=(KB_RETHUNK="$KB_RETHUNK")
make -s -C "$SRC" -f tools/bench/build.mk "${MAKEARGS[@]}" kb-build >/dev/null
OLD=$SRC/build/bench/$MACH/kbench

RUST_ARGS=()
if [ -z "${KB_NO_RUST:-}" ]; then
	RUST_ARGS=(--rust "$TOP/build/bench/peers-rs/base/release/libkbpeers.so::portable"
		   --rust "$TOP/build/bench/peers-rs/native/release/libkbpeers.so:-native")
fi

# 3. Alternate runs: A B B A A B ...
RUNDIR=$AB/runs
rm -rf "$RUNDIR"
mkdir -p "$RUNDIR"
{
	echo "date	$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "old	$REV ($(git -C "$TOP" log -1 --format=%s "$REV"))"
	echo "new	$(git -C "$TOP" rev-parse HEAD) + working tree ($(git -C "$TOP" status --porcelain | wc -l) changed files)"
	echo "cpu	$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "cpus	$(nproc)"
	echo "kernel	$(uname -r)"
	echo "runs	$RUNS per side"
	echo "args	${ARGS[*]}"
	echo "rethunk	${KB_RETHUNK:-1}"
	echo "load_before	$(cut -d' ' -f1-3 /proc/loadavg)"
} > "$AB/run-info.txt"
T0=$(date +%s)
n=0
for ((i = 0; i < RUNS; i++)); do
	if ((i % 2)); then order="new old"; else order="old new"; fi
	for side in $order; do
		n=$((n + 1))
		if [ $side = old ]; then bin=$OLD; else bin=$NEW; fi
		log "run $n of $((2 * RUNS)): $side"
		"$bin" "${RUST_ARGS[@]}" "${ARGS[@]}" \
			--tsv "$RUNDIR/$side-$i.tsv" \
			--detail "$RUNDIR/$side-$i-detail.tsv" \
			> "$RUNDIR/$side-$i.txt"
	done
done
echo "load_after	$(cut -d' ' -f1-3 /proc/loadavg)" >> "$AB/run-info.txt"
log "runs done in $(( $(date +%s) - T0 )) s"

# 4. The table.
python3 "$TOP/tools/bench/ab.py" "$AB" | tee "$AB/ab.txt"
log "table in $AB/ab.txt, TSV in $AB/ab.tsv"

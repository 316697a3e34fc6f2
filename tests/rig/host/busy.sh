#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: busy.sh COMMAND [ARG...]
# Runs COMMAND while every core is kept busy by another process: one
# compiler loop per core (gcc -O2 on the AF_ALG abuse test, again and
# again, niced as little as COMMAND), stopped when COMMAND ends; exits
# with COMMAND's status.  For showing that the rig's results do not
# depend on an idle host (the guests' clocks, the timeouts): e.g.
#   tests/rig/host/busy.sh make check-debug
# KH_BUSY_LOOPS sets the number of loops (default: the number of cores).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
[ $# -ge 1 ] || kh_die "usage: busy.sh COMMAND [ARG...]"
n=${KH_BUSY_LOOPS:-$(nproc)}
src=$KH_TOP/tests/afalg/kh_afalg_abuse.c
pids=()
for _ in $(seq "$n"); do
	( while :; do gcc -O2 -c -o /dev/null "$src" 2> /dev/null; done ) &
	pids+=($!)
done
stop() { kill "${pids[@]}" 2> /dev/null; wait "${pids[@]}" 2> /dev/null; }
trap stop EXIT
kh_log "busy.sh: $n compiler loops on $(nproc) cores while: $*"
t0=$(date +%s)
"$@"
rc=$?
kh_log "busy.sh: '$*' exit status $rc after $(( $(date +%s) - t0 )) s, with $n compiler loops beside it"
exit "$rc"

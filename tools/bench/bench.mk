# SPDX-License-Identifier: GPL-2.0
#
# kbench: cycles per byte of our drivers beside the best peers.  Include
# this file at the end of the top-level Makefile:
#
#   make bench            install what is missing, build every peer and the
#                         harness into build/bench/, run, print the table and
#                         write build/bench.tsv (tools/bench/run.sh);
#                         BENCH_ARGS="--rounds 61 --filter nh ..." passes
#                         options to the harness (kbench --help); then
#                         tools/bench/report.py writes the tables (and with
#                         gnuplot the chart) of docs/performance-results.md
#   make bench-report     only that last step, from an existing build/bench.tsv
#   make bench-ab BASE=<rev>
#                         the bench of revision <rev> (old) and of this
#                         tree (new), alternating runs in one run, and the
#                         table old vs new per row (tools/bench/ab.sh,
#                         build/bench-ab/ab.txt); BENCH_ARGS as above,
#                         KB_AB_RUNS=<runs per side> (default 6)
#   make bench-latency    HighwayHash's AVX2 block function timed alone over
#                         chains of packets, beside the per-packet bound of
#                         its dependency chain (tools/bench/latency.c,
#                         build/bench-latency/x86_64/hh-latency; x86_64 only)
#   make bench-arm64      cross-build the harness for arm64, static, without
#                         peers: build/bench/aarch64/kbench
#
# The build rules are in tools/bench/build.mk.

KB_BENCH_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

.PHONY: bench bench-report bench-ab bench-arm64 bench-latency

bench:
	bash $(KB_BENCH_DIR)/run.sh $(BENCH_ARGS)
	python3 $(KB_BENCH_DIR)/report.py

bench-report:
	python3 $(KB_BENCH_DIR)/report.py

bench-ab:
	@test -n "$(BASE)" || { echo "make bench-ab: set BASE=<revision>" >&2; exit 1; }
	bash $(KB_BENCH_DIR)/ab.sh $(BASE) $(BENCH_ARGS)

# (its own build directory: build.mk's objects rebuild when KB_LINUX changes)
bench-latency:
	$(MAKE) -s -f $(KB_BENCH_DIR)/build.mk KB_LINUX= \
		KB_OUT=$(abspath $(KB_BENCH_DIR)/../..)/build/bench-latency kb-latency
	taskset -c $$(( $$(nproc) - 1 )) \
		$(abspath $(KB_BENCH_DIR)/../..)/build/bench-latency/x86_64/hh-latency

bench-arm64:
	$(MAKE) -f $(KB_BENCH_DIR)/build.mk KB_CC=aarch64-linux-gnu-gcc \
		KB_STATIC=1 KB_LIBS=0 KB_LINUX= kb-build

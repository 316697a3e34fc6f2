#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The library's host tests (make check-lib; tests/rig/check.sh's host tier
# runs each as build/lib/test-NAME).  Each prints one last line, its
# result, and exits 0 on success.  Usage: run.sh NAME BUILD
#   vectors   every vector through every driver this CPU runs + forced generic
#   wipe      every block the library frees was wiped first
#   khsum     every vector through khsum, no module (libkeyedhash)
#   khsum-cli khsum's options as sha256sum/b2sum users type them (--tag, -c
#             on mixed algorithms, -z, --key-hex, --version, "khsum:" on
#             every error) and its bound on key reads (peak memory)
#   keycheck  integrity-keycheck on dm-integrity images made without a
#             kernel (tests/libkeyedhash/keycheck.py): every verdict and exit status
#   python    every vector through the keyedhash Python package, installed
#             with pip into a venv under BUILD (no network: system setuptools)
#   asan      libtest on the library built with ASan and UBSan
#   valgrind  libtest under valgrind memcheck (errors and leaks fail)
#   ct        the constant-time check: tests/libkeyedhash/ct.c under valgrind memcheck,
#             secrets marked undefined (any report fails); then two mutants
#             (tests/libkeyedhash/mutant.sh) that it must report
#   ct-arm64  the same for the arm64 build (generic C and NEON drivers):
#             Debian's arm64 valgrind (tests/rig/host/valgrind-arm64.sh) under
#             qemu-aarch64, natively on an arm64 host
#   fuzz      the libFuzzer target (every driver against the Rust crates
#             and Linux's nhpoly1305) for FUZZ_SECONDS (default 10), then
#             two mutants it must find from nothing in that time
#   fuzz-arm64  the same checks, arm64 build, under qemu-aarch64, against
#             the references' answers recorded on the host
#   abi       abidiff of libkeyedhash.so against the last release's ABI
#             (libkeyedhash/abi/VERSION.abi; libkeyedhash/abi/abi.sh)
#   arm64     the library cross-built for arm64 (NEON drivers), libtest
#             under qemu-aarch64 (natively on an arm64 host)
#   install   make install-lib into a staging root; docs/usage.md's C example
#             (tools/examples/keyedhash-example.c, compared) built with its
#             pkg-config file against it, run, and compared with khsum
set -euo pipefail
name=$1 B=$2
TOP=$(cd "$(dirname "$0")/../.." && pwd)
L=$B/lib
case $name in
vectors)
	exec "$L/libtest" "$L/vectors.tsv" ;;
wipe)
	exec "$L/wipetest" ;;
khsum)
	exec python3 "$TOP/tests/libkeyedhash/khsum-vectors.py" "$B/khsum" ;;
khsum-cli)
	exec python3 "$TOP/tests/libkeyedhash/khsum-cli.py" "$B/khsum" "$TOP" ;;
keycheck)
	exec python3 "$TOP/tests/libkeyedhash/keycheck.py" "$B" ;;
python)
	# Debian's python3 (its setuptools and wheel: python3-setuptools,
	# python3-wheel), as on a fresh Debian 12 machine
	V=$B/pyvenv
	rm -rf "$V"
	/usr/bin/python3 -m venv --system-site-packages "$V"
	# builds the C extension from this checkout ("make lib" into its build dir)
	"$V/bin/pip" install -q --no-build-isolation --no-deps --no-index "$TOP/python" > "$B/pyvenv.log" 2>&1 ||
		{ cat "$B/pyvenv.log"; exit 1; }
	rm -rf "$TOP/python/build" "$TOP"/python/src/*.egg-info
	cd "$B" && exec "$V/bin/python" "$TOP/tests/libkeyedhash/python-vectors.py" ;;
asan)
	"$L/asan/libtest" "$L/vectors.tsv" | sed 's/^libtest:/libtest (ASan, UBSan):/' ;;
valgrind)
	out=$(valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect \
		"$L/libtest" "$L/vectors.tsv" 2>&1) || { printf '%s\n' "$out"; exit 1; }
	# valgrind's virtual CPU has no AVX-512: those drivers ran natively above
	printf '%s\n' "$out" | sed 's/^libtest:/libtest (valgrind):/;
		s/, \([0-9]*\) not run (CPU lacks \(.*\))$/; valgrind'"'"'s CPU lacks \2 (run natively in lib\/test-vectors)/' ;;
ct | ct-arm64)
	# the constant-time check under memcheck (x86_64 natively; arm64 the
	# arm64 valgrind under qemu-aarch64), then each mutant, on the drivers
	# it changes, must be reported
	d=$L label="valgrind memcheck"
	vg=(valgrind -q --error-exitcode=99)
	if [ "$name" = ct-arm64 ]; then
		d=$B/arm64lib/lib label="arm64, valgrind memcheck under qemu-aarch64"
		if [ "$(uname -m)" != aarch64 ]; then
			VR=$(bash "$TOP/tests/rig/host/valgrind-arm64.sh")
			vg=(env VALGRIND_LAUNCHER="$VR/usr/bin/valgrind" VALGRIND_LIB="$VR/usr/libexec/valgrind"
			    qemu-aarch64 -cpu max -L "$VR" "$VR/usr/libexec/valgrind/memcheck-arm64-linux"
			    -q --error-exitcode=99)
		fi
	fi
	out=$("${vg[@]}" "$d/ct" 2>&1) ||
		{ printf '%s\n' "$out" | head -60; echo "$name: memcheck reported a secret-dependent branch or address (above)"; exit 1; }
	last=$(printf '%s\n' "$out" | tail -1)
	for m in ct-key-branch:highwayhash256 ct-msg-index:nhpoly1305-keyedhash-generic; do
		rc=0
		mout=$("${vg[@]}" "$d/mutant/${m%%:*}/ct" -q -d "${m#*:}" 2>&1) || rc=$?
		if [ "$rc" != 99 ] || ! printf '%s\n' "$mout" | grep -q 'depends on uninitialised\|Use of uninitialised'; then
			printf '%s\n' "$mout" | tail -20
			echo "$name: mutant ${m%%:*} was not reported (exit $rc)"
			exit 1
		fi
	done
	printf '%s\n' "$last" | sed "s/^ct:/$name ($label, secrets undefined; mutants ct-key-branch, ct-msg-index reported):/" ;;
fuzz)
	# the libFuzzer target against the references for FUZZ_SECONDS, from
	# the committed seeds (new inputs go to BUILD, not to the tree); then
	# each mutant, from an empty corpus, must be found within FUZZ_SECONDS
	# (at least 30 s)
	s=${FUZZ_SECONDS:-10}
	F=$B/fuzz
	mkdir -p "$F/corpus"
	"$F/kh-fuzz" -max_total_time="$s" -max_len=256 -len_control=0 -print_final_stats=1 \
		-artifact_prefix="$F/" -rss_limit_mb=4096 \
		"$F/corpus" "$TOP/tests/libkeyedhash/fuzz-corpus" > "$F/fuzz.log" 2>&1 ||
		{ tail -40 "$F/fuzz.log"; exit 1; }
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$F/fuzz.log")
	seeds=$(find "$TOP/tests/libkeyedhash/fuzz-corpus" -type f | wc -l)
	if [ "$seeds" = 0 ] || [ "${runs:-0}" -le "$seeds" ]; then
		tail -20 "$F/fuzz.log"
		echo "fuzz: $runs inputs run, $seeds seeds: the fuzzer did not run"
		exit 1
	fi
	found=
	# the mutants stop the fuzzer at the first difference (a few hundred
	# inputs, a few seconds here); at least 30 s to get there, so that a
	# machine loaded by make check's VMs does not run out of time first
	ms=$((s < 30 ? 30 : s))
	simd=fuzz-tail-bit
	[ "$(uname -m)" = aarch64 ] && simd=fuzz-neon-tail
	for m in $simd fuzz-packet-bit; do
		rm -rf "${F:?}/$m"
		mkdir -p "$F/$m/corpus"
		rc=0
		"$F/kh-fuzz-$m" -max_total_time="$ms" -max_len=256 -len_control=0 -print_final_stats=1 \
			-artifact_prefix="$F/$m/" \
			-rss_limit_mb=4096 "$F/$m/corpus" > "$F/$m.log" 2>&1 || rc=$?
		grep -q '^fuzz: .*differs from the reference' "$F/$m.log" ||
			{ tail -20 "$F/$m.log"; echo "fuzz: mutant $m not found in $ms s (exit $rc)"; exit 1; }
		found="$found, $m in $(sed -n 's/^stat::number_of_executed_units: *//p' "$F/$m.log") runs"
	done
	echo "fuzz: $runs inputs in ${s} s from $seeds seeds, every driver = the Rust crates and Linux's nhpoly1305, streamed, copied, API edges; mutants found${found#,}" ;;
fuzz-arm64)
	# the arm64 library (NEON drivers) under qemu-aarch64 against the
	# references' answers recorded on the host: the seeds and N generated inputs
	n=${FUZZ_ARM64_INPUTS:-300}
	run=(qemu-aarch64 -cpu max)
	[ "$(uname -m)" = aarch64 ] && run=()
	"$B/fuzz/kh-fuzz-record" -r "$B/fuzz/arm64.rec" -n "$n" "$TOP"/tests/libkeyedhash/fuzz-corpus/* > "$B/fuzz/record.log" 2>&1 ||
		{ tail -20 "$B/fuzz/record.log"; exit 1; }
	out=$("${run[@]}" "$B/arm64lib/kh-fuzz-replay" -p "$B/fuzz/arm64.rec" -n "$n" "$TOP"/tests/libkeyedhash/fuzz-corpus/* 2>&1) ||
		{ printf '%s\n' "$out" | tail -20; exit 1; }
	# the NEON mutant (tests/libkeyedhash/mutant.sh fuzz-neon-tail) must be caught
	rc=0
	mout=$("${run[@]}" "$B/arm64lib/kh-fuzz-replay-fuzz-neon-tail" -p "$B/fuzz/arm64.rec" -n "$n" \
		"$TOP"/tests/libkeyedhash/fuzz-corpus/* 2>&1) || rc=$?
	if ! printf '%s\n' "$mout" | grep -q '^fuzz: .*differs from the reference: highwayhash[0-9]*-neon'; then
		printf '%s\n' "$mout" | tail -20
		echo "fuzz-arm64: mutant fuzz-neon-tail not caught (exit $rc)"
		exit 1
	fi
	printf '%s\n' "$out" | tail -1 | sed 's/^fuzz-replay:/fuzz-arm64 (NEON and generic, qemu-aarch64):/;
		s/$/; mutant fuzz-neon-tail caught/' ;;
abi)
	[ "$(uname -m)" = x86_64 ] || { echo "abi: the dumps are recorded on x86_64, not checked on $(uname -m)"; exit 0; }
	exec bash "$TOP/libkeyedhash/abi/abi.sh" check "$L/libkeyedhash.so" ;;
arm64)
	run=(qemu-aarch64 -cpu max)
	[ "$(uname -m)" = aarch64 ] && run=()
	"${run[@]}" "$B/arm64lib/libtest" "$L/vectors.tsv" | sed 's/^libtest:/libtest (arm64):/' ;;
install)
	ST=$B/lib/stage
	rm -rf "$ST"
	make -s -C "$TOP" BUILD="$B" DESTDIR="$ST" PREFIX=/usr install-lib > "$B/lib/install.log" 2>&1 ||
		{ cat "$B/lib/install.log"; exit 1; }
	for f in usr/lib/libkeyedhash.so.0.1.0 usr/lib/libkeyedhash.so.0 usr/lib/libkeyedhash.so \
		usr/lib/libkeyedhash.a usr/include/keyedhash.h usr/lib/pkgconfig/keyedhash.pc \
		usr/share/man/man3/libkeyedhash.3; do
		[ -e "$ST/$f" ] || { echo "install: make install-lib left out /$f"; exit 1; }
	done
	[ "$(readlink "$ST/usr/lib/libkeyedhash.so.0")" = libkeyedhash.so.0.1.0 ] ||
		{ echo "install: libkeyedhash.so.0 does not point at libkeyedhash.so.0.1.0"; exit 1; }
	# docs/usage.md shows tools/examples/keyedhash-example.c verbatim
	awk '/^```c$/ { b = ""; inb = 1; next }
	     inb && /^```$/ { inb = 0; if (b ~ /tools\/examples\/keyedhash-example\.c/) printf "%s", b; next }
	     inb { b = b $0 "\n" }' "$TOP/docs/usage.md" | cmp -s - "$TOP/tools/examples/keyedhash-example.c" ||
		{ echo "install: docs/usage.md's copy of tools/examples/keyedhash-example.c differs from the file"; exit 1; }
	flags=$(PKG_CONFIG_PATH=$ST/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$ST \
		pkg-config --cflags --libs keyedhash)
	# shellcheck disable=SC2086
	cc -O2 -Wall -Wextra -Werror -o "$B/lib/keyedhash-example" \
		"$TOP/tools/examples/keyedhash-example.c" $flags
	head -c 32 /dev/urandom > "$B/lib/example.key"
	head -c 100000 /dev/urandom > "$B/lib/example.msg"
	got=$(LD_LIBRARY_PATH=$ST/usr/lib "$B/lib/keyedhash-example" "$B/lib/example.key" < "$B/lib/example.msg")
	want=$("$B/khsum" -a highwayhash256 -k "$B/lib/example.key" < "$B/lib/example.msg" | cut -d' ' -f1)
	[ -n "$got" ] && [ "$got" = "$want" ] ||
		{ echo "install: the example printed '$got', khsum '$want'"; exit 1; }
	# (grep reads all of ldd's output: with pipefail, grep -q's early exit
	# could kill ldd with SIGPIPE and fail the pipeline although it matched)
	ldd "$B/lib/keyedhash-example" | grep -F "libkeyedhash.so.0 => $ST/usr/lib/" > /dev/null ||
		LD_LIBRARY_PATH=$ST/usr/lib ldd "$B/lib/keyedhash-example" |
		grep -F "libkeyedhash.so.0 => $ST/usr/lib/" > /dev/null ||
		{ echo "install: the example is not linked with the installed libkeyedhash.so.0"; LD_LIBRARY_PATH=$ST/usr/lib ldd "$B/lib/keyedhash-example"; exit 1; }
	echo "install: make install-lib staged lib, soname links, header, .pc, man page; the C example of docs/usage.md built with pkg-config against it agrees with khsum" ;;
*)
	echo "run.sh: unknown test $name" >&2; exit 2 ;;
esac

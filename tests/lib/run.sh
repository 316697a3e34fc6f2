#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The library's host tests (make check-lib; tests/rig/check.sh's host tier
# runs each as build/lib/test-NAME).  Each prints one last line, its
# result, and exits 0 on success.  Usage: run.sh NAME BUILD
#   vectors   every vector through every driver this CPU runs + forced generic
#   wipe      every block the library frees was wiped first
#   khsum     every vector through khsum, no module (libkeyedhash)
#   python    every vector through the keyedhash Python package, installed
#             with pip into a venv under BUILD (no network: system setuptools)
#   asan      libtest on the library built with ASan and UBSan
#   valgrind  libtest under valgrind memcheck (errors and leaks fail)
#   fuzz      the libFuzzer target for FUZZ_SECONDS (default 10)
#   abi       abidiff of libkeyedhash.so against the last release's ABI
#             (lib/abi/VERSION.abi; lib/abi/abi.sh)
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
	exec python3 "$TOP/tests/lib/khsum-vectors.py" "$B/khsum" ;;
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
	cd "$B" && exec "$V/bin/python" "$TOP/tests/lib/python-vectors.py" ;;
asan)
	"$L/asan/libtest" "$L/vectors.tsv" | sed 's/^libtest:/libtest (ASan, UBSan):/' ;;
valgrind)
	out=$(valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect \
		"$L/libtest" "$L/vectors.tsv" 2>&1) || { printf '%s\n' "$out"; exit 1; }
	# valgrind's virtual CPU has no AVX-512: those drivers ran natively above
	printf '%s\n' "$out" | sed 's/^libtest:/libtest (valgrind):/;
		s/, \([0-9]*\) not run (CPU lacks \(.*\))$/; valgrind'"'"'s CPU lacks \2 (run natively in lib\/test-vectors)/' ;;
fuzz)
	s=${FUZZ_SECONDS:-10}
	mkdir -p "$B/fuzz/corpus"
	"$B/fuzz/kh-fuzz" -max_total_time="$s" -max_len=2048 -print_final_stats=1 \
		-artifact_prefix="$B/fuzz/" \
		"$B/fuzz/corpus" > "$B/fuzz/fuzz.log" 2>&1 || { tail -40 "$B/fuzz/fuzz.log"; exit 1; }
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/fuzz/fuzz.log")
	echo "fuzz: $runs inputs in ${s} s, streaming = one-shot = copy, SIMD = generic, no sanitizer report" ;;
abi)
	[ "$(uname -m)" = x86_64 ] || { echo "abi: the dumps are recorded on x86_64, not checked on $(uname -m)"; exit 0; }
	exec bash "$TOP/lib/abi/abi.sh" check "$L/libkeyedhash.so" ;;
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
	ldd "$B/lib/keyedhash-example" | grep -q "libkeyedhash.so.0 => $ST/usr/lib/" ||
		LD_LIBRARY_PATH=$ST/usr/lib ldd "$B/lib/keyedhash-example" | grep -q "libkeyedhash.so.0 => $ST/usr/lib/" ||
		{ echo "install: the example is not linked with the installed libkeyedhash.so.0"; LD_LIBRARY_PATH=$ST/usr/lib ldd "$B/lib/keyedhash-example"; exit 1; }
	echo "install: make install-lib staged lib, soname links, header, .pc, man page; the C example of docs/usage.md built with pkg-config against it agrees with khsum" ;;
*)
	echo "run.sh: unknown test $name" >&2; exit 2 ;;
esac

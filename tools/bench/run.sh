#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: install what is missing, build the peers and the harness into
# build/bench/, run kbench, print the table, write build/bench.tsv.
#
#   tools/bench/run.sh [kbench options]     e.g. --rounds 61 --filter nh
#
# Environment:
#   KB_NO_RUST=1        skip the Rust peers
#   KB_NO_GO=1          skip the Go peer (github.com/minio/highwayhash, taken
#                       from the Go module proxy; tools/bench/peers-go)
#   KB_BUILD_ONLY=1     build the harness (our code, its kernel-mode copy,
#                       the kernel peers) and stop: make check's build check
#   KH_GOOGLE_HH=DIR    a google/highwayhash checkout (or a bare clone): adds
#                       Google's portable C HighwayHash and its AVX2 C++ as
#                       peers (skipped, and said so, without)
#   KB_ARCH_SRCS="..."  our arch driver sources to build in (see build.mk)
#   KB_RETHUNK=0        kernel-mode rows with plain returns (see build.mk)
#   KB_BUILD_ONLY=1     build only (tools/bench/ab.sh); the kernel peers'
#                       source directory is written to build/bench/linux-dir
#   KB_LINUX=DIR        a Linux 6.1 source tree to take the kernel peers from
#                       (NHPoly1305, and the dm-integrity peers: SHA-256,
#                       SHA-512, CRC32C, xxHash64, BLAKE2b, Poly1305)
#                       (default: the rig's unpacked linux-source-6.1 in
#                       ~/.cache/keyedhash, else the needed files extracted
#                       from /usr/src/linux-source-6.1.tar.xz)
set -euo pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$TOP/build/bench
CACHE=${KH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keyedhash}
MACH=$(uname -m)
T0=$(date +%s)

log() { printf '##### [%s] bench: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { echo "bench: error: $*" >&2; exit 1; }

mkdir -p "$OUT"

# 1. Debian packages: compiler, OpenSSL and libsodium headers, the kernel
#    source the kernel peers are compiled from.
PKGS="gcc make perl pkg-config xz-utils libssl-dev libsodium-dev linux-source-6.1 gnuplot-nox"
# shellcheck disable=SC2086
if ! dpkg -s $PKGS >/dev/null 2>&1; then
	[ "$(id -u)" = 0 ] || die "missing packages; run as root: apt-get install $PKGS"
	log "installing Debian packages: $PKGS"
	export DEBIAN_FRONTEND=noninteractive
	apt-get -o DPkg::Lock::Timeout=600 update -q >/dev/null
	# shellcheck disable=SC2086
	apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends $PKGS >/dev/null
fi

# 2. The Linux 6.1 files the kernel peers are built from (never copied into
#    the repository; the rig unpacks the whole tree into the cache).
KFILES="crypto/nhpoly1305.c lib/crypto/poly1305-donna64.c
	include/crypto/poly1305.h include/crypto/internal/poly1305.h
	include/crypto/nhpoly1305.h
	arch/x86/crypto/nh-avx2-x86_64.S arch/x86/crypto/nh-sse2-x86_64.S
	arch/x86/crypto/nhpoly1305-avx2-glue.c arch/x86/crypto/nhpoly1305-sse2-glue.c
	arch/x86/crypto/sha256_ssse3_glue.c arch/x86/crypto/sha512_ssse3_glue.c
	arch/x86/crypto/sha256_ni_asm.S arch/x86/crypto/sha256-avx2-asm.S
	arch/x86/crypto/sha256-avx-asm.S arch/x86/crypto/sha256-ssse3-asm.S
	arch/x86/crypto/sha512-avx2-asm.S arch/x86/crypto/sha512-avx-asm.S
	arch/x86/crypto/sha512-ssse3-asm.S arch/x86/crypto/crc32c-intel_glue.c
	arch/x86/crypto/crc32c-pcl-intel-asm_64.S arch/x86/crypto/poly1305_glue.c
	arch/x86/crypto/poly1305-x86_64-cryptogams.pl
	crypto/sha256_generic.c lib/crypto/sha256.c crypto/sha512_generic.c
	crypto/xxhash_generic.c lib/xxhash.c crypto/blake2b_generic.c
	include/crypto/sha2.h include/crypto/sha256_base.h include/crypto/sha512_base.h
	include/crypto/blake2b.h include/crypto/internal/blake2b.h include/linux/xxhash.h"
have_kfiles() {
	local f
	for f in $KFILES; do [ -f "$1/$f" ] || return 1; done
}
SRCVER=$(dpkg-query -W -f='${Version}' linux-source-6.1)
if [ -z "${KB_LINUX:-}" ]; then
	KB_LINUX=$CACHE/linux-source-6.1-$SRCVER
	if ! have_kfiles "$KB_LINUX"; then
		KB_LINUX=$OUT/linux-source-6.1-$SRCVER
		if ! have_kfiles "$KB_LINUX"; then
			log "extracting the kernel peers' files from /usr/src/linux-source-6.1.tar.xz"
			rm -rf "$KB_LINUX.tmp"
			mkdir -p "$KB_LINUX.tmp"
			# shellcheck disable=SC2046
			tar -C "$KB_LINUX.tmp" --strip-components=1 -xaf \
				/usr/src/linux-source-6.1.tar.xz \
				$(for f in $KFILES; do echo "linux-source-6.1/$f"; done)
			rm -rf "$KB_LINUX"
			mv "$KB_LINUX.tmp" "$KB_LINUX"
		fi
	fi
fi
have_kfiles "$KB_LINUX" || die "$KB_LINUX lacks the kernel peer sources"
log "kernel peers from $KB_LINUX"

# 3. The Rust peers: one cdylib, built twice (baseline and native target).
RUST_ARGS=()
if [ -z "${KB_NO_RUST:-}" ]; then
	[ -x "$HOME/.cargo/bin/cargo" ] && PATH=$HOME/.cargo/bin:$PATH
	if ! command -v cargo >/dev/null; then
		die "no cargo: install a Rust toolchain (rustup), or KB_NO_RUST=1 to bench without the Rust peers"
	fi
	log "building the Rust peers ($(cargo --version))"
	MANIFEST=$TOP/tools/bench/peers-rs/Cargo.toml
	env -u RUSTFLAGS cargo build -q --release --locked \
		--manifest-path "$MANIFEST" --target-dir "$OUT/peers-rs/base"
	RUSTFLAGS="-C target-cpu=native" cargo build -q --release --locked \
		--manifest-path "$MANIFEST" --target-dir "$OUT/peers-rs/native"
	RUST_ARGS=(--rust "$OUT/peers-rs/base/release/libkbpeers.so::portable"
		   --rust "$OUT/peers-rs/native/release/libkbpeers.so:-native")
fi

# 4. The harness, our cores with kernel-like flags, the kernel peers.
log "building the harness"
MAKEARGS=(KB_LINUX="$KB_LINUX")
[ -n "${KB_ARCH_SRCS:-}" ] && MAKEARGS+=(KB_ARCH_SRCS="$KB_ARCH_SRCS")
[ -n "${KB_RETHUNK:-}" ] && MAKEARGS+=(KB_RETHUNK="$KB_RETHUNK")
make -s -C "$TOP" -f tools/bench/build.mk "${MAKEARGS[@]}" kb-build >/dev/null
if [ -n "${KB_BUILD_ONLY:-}" ]; then
	echo "$KB_LINUX" > "$OUT/linux-dir"
	log "built $OUT/$MACH/kbench (KB_BUILD_ONLY: no other peer built, nothing run)"
	exit 0
fi
# and libkeyedhash.so, whose rows (lib:ALG, lib:ALG stream) load it with
# dlopen() (tools/bench/peers-lib.c; KB_LIBKEYEDHASH= leaves them out)
if [ -z "${KB_LIBKEYEDHASH+set}" ]; then
	make -s -C "$TOP" lib >/dev/null
	export KB_LIBKEYEDHASH=$TOP/build/lib/libkeyedhash.so.0
fi
# 4b. The Go peer: a harness of ours (tools/bench/peers-go) around the Go
#     module github.com/minio/highwayhash, fetched through the Go module
#     proxy as on a user's machine (go.sum pins it); it checks the module
#     against tests/vectors before it times, with kbench's method, and
#     appends its rows to build/bench.tsv.
GO_BIN=
GO_SKIP=
if [ -n "${KB_NO_GO:-}" ]; then
	GO_SKIP="KB_NO_GO is set"
elif [ "$MACH" != x86_64 ]; then
	GO_SKIP="the harness's timer is x86_64 only"
else
	GO=$(command -v go || true)
	[ -z "$GO" ] && [ -x /usr/local/go/bin/go ] && GO=/usr/local/go/bin/go
	if [ -z "$GO" ]; then
		GO_SKIP="no go command (install Go 1.19 or later)"
	elif [ -z "${KB_BUILD_ONLY:-}" ]; then
		log "building the Go peer ($("$GO" version))"
		if (cd "$TOP/tools/bench/peers-go" && GOFLAGS=-mod=readonly \
		    "$GO" build -trimpath -o "$OUT/kbench-go" .); then
			GO_BIN=$OUT/kbench-go
		else
			GO_SKIP="its build failed (Go module proxy unreachable?)"
		fi
	fi
fi
# 4c. Google's own HighwayHash (in no package registry): its portable C (and
#     below its AVX2 C++), from
#     the checkout KH_GOOGLE_HH names (or a bare clone of it), as a shared
#     object kbench loads (tools/bench/peers-google.c).
unset KB_GOOGLE_HH_LIB KB_GOOGLE_HH_AVX2_LIB
GOOGLE_SKIP="KH_GOOGLE_HH=<google/highwayhash checkout> not given"
if [ -n "${KH_GOOGLE_HH:-}" ]; then
	GSRC=$KH_GOOGLE_HH
	if [ ! -f "$GSRC/c/highwayhash.c" ] &&
	   git --git-dir="$KH_GOOGLE_HH" rev-parse -q --verify HEAD >/dev/null 2>&1; then
		GSRC=$OUT/google-highwayhash
		rm -rf "$GSRC" && mkdir -p "$GSRC"
		git --git-dir="$KH_GOOGLE_HH" archive HEAD c highwayhash | tar -x -C "$GSRC"
	fi
	[ -f "$GSRC/c/highwayhash.c" ] || die "KH_GOOGLE_HH=$KH_GOOGLE_HH: no c/highwayhash.c"
	log "building Google's C HighwayHash from $KH_GOOGLE_HH"
	${KB_CC:-gcc} -O3 -fPIC -shared -I "$GSRC" -o "$OUT/libgooglehh-c.so" "$GSRC/c/highwayhash.c"
	export KB_GOOGLE_HH_LIB=$OUT/libgooglehh-c.so
	export KB_GOOGLE_HH_DESC="c/highwayhash.c, ${KB_CC:-gcc} -O3"
	GOOGLE_SKIP=
	# and its AVX2 C++ (static dispatch), where g++ builds it and the CPU
	# has AVX2
	if [ "$MACH" != x86_64 ] || ! grep -qw avx2 /proc/cpuinfo; then
		GOOGLE_SKIP="its AVX2 C++ needs an x86_64 CPU with AVX2"
	elif ! command -v g++ >/dev/null; then
		GOOGLE_SKIP="its AVX2 C++ needs g++ (apt-get install g++)"
	else
		if g++ -std=c++11 -O3 -mavx2 -fPIC -shared -fvisibility=hidden \
			-I "$GSRC" -o "$OUT/libgooglehh-avx2.so" \
			"$TOP/tools/bench/peers-google-avx2.cc"; then
			export KB_GOOGLE_HH_AVX2_LIB=$OUT/libgooglehh-avx2.so
			export KB_GOOGLE_HH_AVX2_DESC="highwayhash/hh_avx2.h (C++), g++ -O3 -mavx2"
		else
			GOOGLE_SKIP="its AVX2 C++ did not build with $(g++ --version | head -1)"
		fi
	fi
fi
if [ -n "${KB_BUILD_ONLY:-}" ]; then
	echo "$KB_LINUX" > "$OUT/linux-dir"
	log "built $OUT/$MACH/kbench in $(( $(date +%s) - T0 )) s"
	exit 0
fi

# 5. Run.  build/bench/run-info.txt records the machine and the time, for
#    the report (tools/bench/report.py) that goes with build/bench.tsv.
{
	echo "date	$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "cpu	$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "cpus	$(nproc)"
	echo "arch	$MACH"
	echo "kernel	$(uname -r)"
	echo "load_before	$(cut -d' ' -f1-3 /proc/loadavg)"
	echo "args	$*"
	echo "rethunk	${KB_RETHUNK:-1}"
} > "$OUT/run-info.txt"
[ -n "$GOOGLE_SKIP" ] && echo "Google's HighwayHash peer skipped: $GOOGLE_SKIP"
log "running (a few seconds of calibration, then the rounds)"
"$OUT/$MACH/kbench" "${RUST_ARGS[@]}" --tsv "$TOP/build/bench.tsv" \
	--detail "$OUT/detail.tsv" "$@" | tee "$OUT/output.txt"
# The Go peer after kbench, on the CPU kbench pins itself to (the highest
# allowed one), with the options of kbench's that it shares.
if [ -n "$GO_BIN" ]; then
	GO_ARGS=()
	while [ $# -gt 0 ]; do
		case $1 in
		--rounds|--sample-us|--sizes|--filter|--unit)
			GO_ARGS+=("$1" "${2:-}"); shift ;;
		--rounds=*|--sample-us=*|--sizes=*|--filter=*|--unit=*)
			GO_ARGS+=("$1") ;;
		esac
		shift
	done
	CPU=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' | sed 's/.*-//' | sort -n | tail -1)
	log "running the Go peer on CPU $CPU"
	taskset -c "$CPU" "$GO_BIN" --vectors "$TOP/tests/vectors/highwayhash.txt" \
		--tsv "$TOP/build/bench.tsv" "${GO_ARGS[@]}" | tee -a "$OUT/output.txt"
else
	echo "Go peer (github.com/minio/highwayhash) skipped: $GO_SKIP" | tee -a "$OUT/output.txt"
fi
[ -n "$GOOGLE_SKIP" ] && echo "Google's HighwayHash peer skipped: $GOOGLE_SKIP" >> "$OUT/output.txt"
echo "load_after	$(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/run-info.txt"
log "done in $(( $(date +%s) - T0 )) s; table in build/bench/output.txt, TSV in build/bench.tsv"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: intree/mkseries.sh [--break NAME] KERNEL_SRC OUTDIR
#
# Writes to OUTDIR a patch series (git format-patch, numbered 0001-...) that
# applies to the kernel tree KERNEL_SRC with `git am` or `patch -p1`:
#
#   0001 crypto/keyedhash/ with its Kconfig and Makefile hooks and
#        Documentation/crypto/keyedhash.rst with its index entry: exactly
#        what intree/install.sh installs, plus a MAINTAINERS entry
#   0002 crypto/testmgr.h vector tables generated from tests/vectors/ and
#        crypto/testmgr.c alg_test_descs[] entries (intree/gen-testmgr.py)
#   0003 tcrypt speed modes with their keys (intree/gen-testmgr.py tcrypt)
#
# What goes into 0002 and 0003 depends on the tree (its testmgr's fields,
# entries and modes; whether it has its own nhpoly1305): generate a series
# for each tree.  The series is regenerated, never edited by hand; the same
# sources and tree give the same bytes.  KERNEL_SRC is only read.
# OUTDIR's old *.patch files are removed.  The patch names are printed, one
# a line.  --break NAME flips a digest byte of NAME's first testmgr vector:
# a series that testmgr must reject, to show that it does.
set -euo pipefail
die() { echo "mkseries.sh: $*" >&2; exit 1; }

BREAK=()
if [ "${1:-}" = --break ]; then
	[ $# -ge 2 ] || die "--break needs an algorithm name"
	BREAK=(--break "$2")
	shift 2
fi
[ $# = 2 ] || die "usage: $0 [--break NAME] KERNEL_SRC OUTDIR"
S=$(realpath "$1")
OUT=$(realpath -m "$2")
TOP=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$S/crypto/testmgr.c" ] && [ -f "$S/MAINTAINERS" ] ||
	die "$S does not look like a Linux source tree"
command -v git > /dev/null || die "git is needed"

FILES="Kbuild MAINTAINERS crypto/Kconfig crypto/Makefile crypto/testmgr.c
	crypto/testmgr.h crypto/tcrypt.c crypto/tcrypt.h Documentation/crypto/index.rst"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
(cd "$S" && cp --parents $FILES "$W/")

AUTHOR="keyedhash developers <keyedhash@example.invalid>"
# A fixed date: the project's last commit's, so that a series is
# reproducible from the same sources.
DATE=$(git -C "$TOP" log -1 --format=%cI 2>/dev/null || echo 2026-01-01T00:00:00+00:00)
g() {
	GIT_AUTHOR_NAME="keyedhash developers" GIT_AUTHOR_EMAIL=keyedhash@example.invalid \
	GIT_COMMITTER_NAME="keyedhash developers" GIT_COMMITTER_EMAIL=keyedhash@example.invalid \
	GIT_AUTHOR_DATE=$DATE GIT_COMMITTER_DATE=$DATE \
		git -C "$W" -c core.autocrlf=false -c commit.gpgsign=false "$@"
}
commit() { # subject, body file
	g add -A
	{ echo "$1"; echo; cat "$2"; echo; echo "Signed-off-by: $AUTHOR"; } > "$W/.git/msg"
	g commit -q -F "$W/.git/msg"
}
g init -q
g add -A
g commit -q -m base

# 1: the sources and the hooks, by intree-install.sh itself (compat
# resolved by the probes of the tree S, W being only part of it)
"$TOP/intree/install.sh" "$W" "$S" > /dev/null
python3 - "$W/MAINTAINERS" "$AUTHOR" <<'EOF'
# Insert our entry where it sorts among the entries (a title line followed by
# a field line "X:\t") of MAINTAINERS; written to a new file and renamed.
import os, re, sys
path, author = sys.argv[1], sys.argv[2]
title = "KEYEDHASH KEYED HASH ALGORITHMS"
entry = [title, "M:\t" + author, "L:\tlinux-crypto@vger.kernel.org", "S:\tMaintained",
         "F:\tDocumentation/crypto/keyedhash.rst", "F:\tcrypto/keyedhash/", ""]
lines = open(path, encoding="utf-8").read().split("\n")
start = next(i for i, l in enumerate(lines) if l.startswith("Maintainers List"))
for i in range(start, len(lines) - 1):
    if (lines[i] and not lines[i][0].isspace() and re.match(r"[A-Z]:\t", lines[i + 1])
            and lines[i - 1] == "" and lines[i] > title):
        lines[i:i] = entry
        break
else:
    sys.exit("mkseries.sh: no MAINTAINERS entry sorts after ours")
with open(path + ".tmp", "w", encoding="utf-8") as f:
    f.write("\n".join(lines))
os.replace(path + ".tmp", path)
EOF
cat > "$W/.git/body" <<'EOF'
Add keyed hash algorithms as shash drivers under crypto/keyedhash/:

  highwayhash64, highwayhash128, highwayhash256  HighwayHash, 32-byte key
  multimixer128   Multimixer-128 universal hash, key of 32..65536 bytes
  nhpoly1305      Adiantum's NHPoly1305 (driver nhpoly1305-keyedhash-*)
  sthash, sthash-personalized  STHash: NH, Poly1305 and KMAC128

Each algorithm has a generic C driver and, with
CONFIG_CRYPTO_KEYEDHASH_X86 or _ARM64, AVX2, AVX-512 or NEON drivers
that register above it on CPUs that have the instructions.  Before a
driver is registered it checks itself against a few known-answer
vectors (selftest-vecs.h), one-shot and split, and
checks that it refuses invalid keys; a driver that fails stays
unregistered.  Each algorithm is also a library of exported functions
(include/keyedhash/<algorithm>.h: key preparation, init/update/final,
one-shot) that kernel code can call without a tfm; the instruction set
behind them is chosen once, at module init, with static keys.
CONFIG_CRYPTO_KEYEDHASH_KUNIT_TEST adds KUnit suites for every driver
and for the library.

The digests are those of the reference implementations: Go
github.com/minio/highwayhash and Rust highway for HighwayHash, the Rust
multimixer-128 and sthash crates, and Linux 6.1's crypto/nhpoly1305.c.
STHash is a MAC/PRF (NH and Poly1305 finished by KMAC128 under an
independent key); HighwayHash is a keyed PRF as its authors state its
security, without a formal proof (128 or 256 bits for tags).
Multimixer-128 (an epsilon-Delta-universal hash) and NHPoly1305 (an
epsilon-almost-Delta-universal hash, secure only inside a construction
such as Adiantum) are building blocks whose raw output must never be
used as a MAC.  Documentation/crypto/keyedhash.rst says which is which
and how to use them from kernel code.

This is the keyedhash out-of-tree module as intree/install.sh
installs it into a kernel tree; the same sources build out of tree.
EOF
commit "crypto: keyedhash - add HighwayHash, Multimixer-128, NHPoly1305 and STHash" "$W/.git/body"

# 2: testmgr
{
	cat <<'EOF'
Give testmgr known-answer vectors for every keyedhash algorithm, so
that each driver is checked against them when it registers and, with
the full self-tests, fuzzed against the generic driver.  The tables are
generated from keyedhash's tests/vectors/ by its intree/gen-testmgr.py:
every message length at the algorithm's block and chunk boundaries for
the most used key, every key size with its longest message, every
record with an explicit message, and keys (and for Multimixer-128
messages) that the algorithms must refuse with -EINVAL.  Keys and
messages that are a prefix of a longer one share its bytes.

EOF
	python3 "$TOP/intree/gen-testmgr.py" testmgr "$W" "${BREAK[@]}"
} > "$W/.git/body.gen"
commit "crypto: keyedhash - add testmgr vectors for every algorithm" "$W/.git/body.gen"

# 3: tcrypt
{
	cat <<'EOF'
Add a tcrypt speed mode per keyedhash algorithm in the sync hash range,
so that "modprobe tcrypt mode=N" measures it without alg= or klen=.  A
keyed hash needs a key: struct hash_speed gets a key length and key
(tvmem[0] when the template names no key), used instead of the klen=
parameter, which mode 300 cannot give per algorithm and which the ghash
mode sets for the modes after it where there is one.
sthash-personalized needs a well-formed key blob.
Multimixer-128 messages must be a multiple of 32 bytes, no longer than
the key, and are hashed with one digest() each: it refuses an empty
message, and where crypto_ahash_final() sets req->nbytes to 0, the
update rounds of tcrypt after the first one hash nothing.

EOF
	python3 "$TOP/intree/gen-testmgr.py" tcrypt "$W"
} > "$W/.git/body.gen"
commit "crypto: keyedhash - add tcrypt speed modes" "$W/.git/body.gen"

mkdir -p "$OUT"
rm -f "$OUT"/*.patch
g format-patch -q --zero-commit --no-signature -o "$OUT" HEAD~3..HEAD
(cd "$OUT" && ls -1 [0-9][0-9][0-9][0-9]-*.patch)

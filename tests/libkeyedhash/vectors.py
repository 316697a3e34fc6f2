#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The known-answer vectors of tests/vectors/*.txt, flattened for the
library's tests (one line per algorithm name and record), with the
messages either given or generated (also importable: messages()).

Line format (tab-separated):  name  key-hex  msglen  spec  digest-hex
with spec "hex:<bytes>", "affine:A:B" or "splitmix64:S:K" (S hex), the
patterns of tests/vectors/README.md.  It reuses tests/gen-testvecs.py's
parser, so both read the files the same way.

Usage: vectors.py [-o OUT]        (default: standard output)
"""
import argparse
import importlib.util
import os
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location(
    "gen_testvecs", os.path.join(TOP, "tests", "gen-testvecs.py"))
gen_testvecs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_testvecs)

M64 = (1 << 64) - 1


def splitmix64_bytes(state, offset, n):
    """n bytes from offset of the SplitMix64 stream started at state."""
    out = bytearray()
    skip = offset // 8
    state = (state + skip * 0x9E3779B97F4A7C15) & M64
    need = n + offset % 8
    while len(out) < need:
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        z ^= z >> 31
        out += z.to_bytes(8, "little")
    return bytes(out[offset % 8:need])


def message(spec, n):
    pat, a, b, state, offset, explicit = spec
    if pat == "KH_PAT_NONE":
        return explicit
    if pat == "KH_PAT_AFFINE":
        return bytes((a * i + b) % 256 for i in range(n)) if n < 4096 else \
            (bytes((a * i + b) % 256 for i in range(256)) * (n // 256 + 1))[:n]
    return splitmix64_bytes(state, offset, n)


def records():
    """[(name, key, msglen, spec, digest)] of every suite, in file order."""
    out = []
    for name, vecs in gen_testvecs.build_suites().items():
        for key, spec, msglen, digest in vecs:
            out.append((name, key, msglen, spec, digest))
    return out


def spec_text(spec):
    pat, a, b, state, offset, explicit = spec
    if pat == "KH_PAT_NONE":
        return "hex:" + explicit.hex()
    if pat == "KH_PAT_AFFINE":
        return "affine:%d:%d" % (a, b)
    return "splitmix64:%016x:%d" % (state, offset)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    lines = ["%s\t%s\t%d\t%s\t%s\n" % (n, k.hex(), m, spec_text(s), d.hex())
             for n, k, m, s, d in records()]
    if args.output:
        with open(args.output + ".tmp", "w", encoding="ascii") as f:
            f.writelines(lines)
        os.replace(args.output + ".tmp", args.output)
    else:
        sys.stdout.writelines(lines)


if __name__ == "__main__":
    main()

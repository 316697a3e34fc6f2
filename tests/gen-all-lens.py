#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compute tests/all-lens.tsv with the reference models (--ref DIR).

For each algorithm name, under a fixed key: hash every valid length of
data[0:len], len = 0..4096 (Multimixer-128: 32..4096 step 32, key 4096
bytes), where data is bytes 0..4095 of the SplitMix64 stream from state
0x6b65796564686173; the expected value is SHA-256 over the concatenated
digests.  The KUnit case "all_lengths" recomputes it for every driver.

Keys are bytes of the SplitMix64 stream from state 0x6b65796564686b79
(sthash-personalized: that 32-byte seed with personalizations "kunit key"
and "kunit hasher", in the blob format).

Usage: gen-all-lens.py [--ref DIR] [-o OUT] [--check]
"""
import argparse
import copy
import hashlib
import os
import struct
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA_STATE = 0x6B65796564686173
KEY_STATE = 0x6B65796564686B79
MAXLEN = 4096
M64 = (1 << 64) - 1


def splitmix64(state, n):
    out = bytearray()
    while len(out) < n:
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        out += struct.pack("<Q", z ^ (z >> 31))
    return bytes(out[:n])


def prefixes(stream, data, step, digest):
    """Digests of data[0:len] for every valid len, from one running stream."""
    out = []
    pos = 0
    for length in range(0 if step == 1 else step, MAXLEN + 1, step):
        stream.update(data[pos:length])
        pos = length
        out.append(digest(copy.deepcopy(stream)))
    return out


def compute(ref):
    sys.path.insert(0, ref)
    sys.dont_write_bytecode = True
    import highwayhash
    import mm128
    import nhpoly1305
    import sthash

    data = splitmix64(DATA_STATE, MAXLEN)
    key = splitmix64(KEY_STATE, MAXLEN)
    rows = []
    hh = prefixes(highwayhash.HighwayHash(key[:32]), data, 1,
                  lambda h: (h.digest64(), h.digest128(), h.digest256()))
    for i, bits in enumerate((64, 128, 256)):
        rows.append(("highwayhash%d" % bits, key[:32], 1, b"".join(d[i] for d in hh)))
    rows.append(("nhpoly1305", key[:1088], 1,
                 b"".join(prefixes(nhpoly1305.NHPoly1305Stream(key[:1088]), data, 1,
                                   lambda s: s.final()))))
    rows.append(("sthash", key[:32], 1,
                 b"".join(prefixes(sthash.STHashStream(key[:32]), data, 1,
                                   lambda s: s.final()))))
    c1, c2 = b"kunit key", b"kunit hasher"
    blob = b"".join(struct.pack("<H", len(p)) + p for p in (key[:32], c1, c2))
    rows.append(("sthash-personalized", blob, 1,
                 b"".join(prefixes(sthash.STHashStream(key[:32], c1, c2), data, 1,
                                   lambda s: s.final()))))
    rows.append(("multimixer128", key, 32,
                 b"".join(prefixes(mm128.MM128Stream(key), data, 32,
                                   lambda s: s.final()))))
    lines = ["# name\tkey\tstep\tsha256 of the concatenated digests (tests/gen-all-lens.py)"]
    for name, k, step, digests in rows:
        lines.append("\t".join((name, k.hex(), str(step), hashlib.sha256(digests).hexdigest())))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ref", default=os.path.join(TOP, "..", "shared", "reference"))
    ap.add_argument("-o", "--output", default=os.path.join(TOP, "tests", "all-lens.tsv"))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if not os.path.isdir(args.ref):
        print("gen-all-lens: no reference models at %s" % args.ref)
        return 2
    text = compute(os.path.abspath(args.ref))
    if args.check:
        with open(args.output, encoding="ascii") as f:
            ok = f.read() == text
        print("%s %s" % (args.output, "matches the reference models" if ok else "DIFFERS from the reference models"))
        return 0 if ok else 1
    with open(args.output, "w", encoding="ascii") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

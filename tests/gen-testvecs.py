#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Generate tests/keyedhash-testvecs.h from the known-answer vector files.

Reads tests/vectors/*.txt (vector format v1, see tests/vectors/README.md) and
tests/all-lens.tsv, and writes C tables of struct kh_testvec, one suite per
crypto API algorithm name:

  highwayhash.txt   -> highwayhash64, highwayhash128, highwayhash256
  nhpoly1305.txt    -> nhpoly1305
  multimixer128.txt -> multimixer128
  sthash.txt        -> sthash (records without personalizations; key = seed)
                       sthash-personalized (every record; key = the blob
                       le16 len | seed | le16 len | c1 | le16 len | c2)

Explicit messages that follow msg[i] = (a*i + b) mod 256 are stored as that
pattern, and identical byte strings are stored once, to keep the module small.

Usage: gen-testvecs.py [-o OUT] [--check]   (--check: exit 1 if OUT differs)
"""
import argparse
import os
import re
import struct
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECDIR = os.path.join(TOP, "tests", "vectors")
ALL_LENS = os.path.join(TOP, "tests", "all-lens.tsv")
DEFAULT_OUT = os.path.join(TOP, "tests", "keyedhash-testvecs.h")

FIELDS = {
    "highwayhash": ({"key", "msglen", "digest64", "digest128", "digest256"}, set()),
    "nhpoly1305": ({"key", "msglen", "digest"}, set()),
    "multimixer128": ({"key", "msglen", "digest"}, set()),
    "sthash": ({"seed", "msglen", "digest"},
               {"key_personalization", "hasher_personalization"}),
}
DIGEST_LEN = {"digest": None, "digest64": 8, "digest128": 16, "digest256": 32}
ALG_DIGEST_LEN = {"nhpoly1305": 16, "multimixer128": 64, "sthash": 32}


def die(msg):
    sys.exit("gen-testvecs: " + msg)


def parse_file(path):
    """Return (algorithm, [record dict]) of one vector file."""
    alg = None
    records, cur = [], {}
    with open(path, encoding="ascii") as f:
        lines = f.read().split("\n")
    for no, line in enumerate(lines, 1):
        where = "%s:%d" % (os.path.basename(path), no)
        if line.startswith("#"):
            m = re.match(r"#\s*algorithm:\s*(\S+)", line)
            if m:
                alg = m.group(1)
            continue
        if not line.strip():
            if cur:
                records.append(cur)
                cur = {}
            continue
        m = re.fullmatch(r"([a-z0-9_]+)=(.*)", line)
        if not m:
            die("%s: not NAME=VALUE" % where)
        if m.group(1) in cur:
            die("%s: field %s twice" % (where, m.group(1)))
        cur[m.group(1)] = m.group(2)
        cur.setdefault("_where", where)
    if cur:
        records.append(cur)
    alg = alg or os.path.splitext(os.path.basename(path))[0]
    if alg not in FIELDS:
        die("%s: unknown algorithm %s" % (path, alg))
    return alg, records


def unhex(rec, name):
    v = rec[name]
    if not re.fullmatch(r"([0-9a-f]{2})*", v):
        die("%s: %s is not lowercase hex" % (rec["_where"], name))
    return bytes.fromhex(v)


def check_fields(alg, rec):
    required, optional = FIELDS[alg]
    names = set(rec) - {"_where"}
    missing = required - names
    unknown = names - required - optional - {"msg", "pattern"}
    if missing or unknown or len(names & {"msg", "pattern"}) != 1:
        die("%s: bad field set %s" % (rec["_where"], sorted(names)))


def message_spec(rec):
    """(pattern, a, b, state, offset, explicit bytes or None) of a record."""
    n = int(rec["msglen"])
    if "msg" in rec:
        msg = unhex(rec, "msg")
        if len(msg) != n:
            die("%s: msg length %d != msglen %d" % (rec["_where"], len(msg), n))
        if n >= 3:
            a, b = (msg[1] - msg[0]) % 256, msg[0]
            if all(msg[i] == (a * i + b) % 256 for i in range(n)):
                return ("KH_PAT_AFFINE", a, b, 0, 0, None)
        return ("KH_PAT_NONE", 0, 0, 0, 0, msg)
    parts = rec["pattern"].split(":")
    if parts[0] == "affine" and len(parts) == 3:
        a, b = int(parts[1]), int(parts[2])
        if not (0 <= a < 256 and 0 <= b < 256):
            die("%s: affine parameters out of range" % rec["_where"])
        return ("KH_PAT_AFFINE", a, b, 0, 0, None)
    if parts[0] == "splitmix64" and len(parts) == 3 and re.fullmatch(r"[0-9a-f]{16}", parts[1]):
        return ("KH_PAT_SPLITMIX64", 0, 0, int(parts[1], 16), int(parts[2]), None)
    die("%s: unknown pattern %s" % (rec["_where"], rec["pattern"]))
    return None


def sthash_blob(seed, c1, c2):
    out = b""
    for part in (seed, c1 or b"", c2 or b""):
        out += struct.pack("<H", len(part)) + part
    return out


def build_suites():
    """{suite name: [(key, message spec, msglen, digest)]} in file order."""
    suites = {}

    def add(name, key, rec, digest):
        suites.setdefault(name, []).append((key, message_spec(rec), int(rec["msglen"]), digest))

    files = sorted(f for f in os.listdir(VECDIR) if f.endswith(".txt"))
    if not files:
        die("no vector files in %s" % VECDIR)
    for fname in files:
        alg, records = parse_file(os.path.join(VECDIR, fname))
        for rec in records:
            check_fields(alg, rec)
            if alg == "highwayhash":
                key = unhex(rec, "key")
                for bits in (64, 128, 256):
                    d = unhex(rec, "digest%d" % bits)
                    if len(d) != bits // 8:
                        die("%s: digest%d length" % (rec["_where"], bits))
                    add("highwayhash%d" % bits, key, rec, d)
                continue
            d = unhex(rec, "digest")
            if len(d) != ALG_DIGEST_LEN[alg]:
                die("%s: digest length" % rec["_where"])
            if alg != "sthash":
                add(alg, unhex(rec, "key"), rec, d)
                continue
            seed = unhex(rec, "seed")
            c1 = unhex(rec, "key_personalization") if "key_personalization" in rec else None
            c2 = unhex(rec, "hasher_personalization") if "hasher_personalization" in rec else None
            if not c1 and not c2:
                add("sthash", seed, rec, d)
            add("sthash-personalized", sthash_blob(seed, c1, c2), rec, d)
    return suites


def read_all_lens():
    """[(name, key bytes, step, sha256 bytes)] from tests/all-lens.tsv."""
    out = []
    if not os.path.exists(ALL_LENS):
        return out
    with open(ALL_LENS, encoding="ascii") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, key, step, digest = line.rstrip("\n").split("\t")
            out.append((name, bytes.fromhex(key), int(step), bytes.fromhex(digest)))
    return out


class Blobs:
    """Identical byte strings stored once, as kh_tv_bytes_N arrays."""

    def __init__(self):
        self.index = {}
        self.order = []

    def ref(self, data):
        if data not in self.index:
            self.index[data] = "kh_tv_bytes_%d" % len(self.order)
            self.order.append(data)
        return self.index[data]

    def emit(self):
        out = []
        for data in self.order:
            out.append("static const u8 %s[%d] = {" % (self.index[data], max(len(data), 1)))
            for i in range(0, len(data), 12):
                out.append("\t" + " ".join("0x%02x," % b for b in data[i:i + 12]))
            out.append("};")
            out.append("")
        return out


def cname(name):
    return re.sub(r"[^a-z0-9]", "_", name)


def generate():
    suites = build_suites()
    all_lens = read_all_lens()
    blobs = Blobs()
    body = []
    for name, vecs in suites.items():
        body.append("static const struct kh_testvec kh_tv_%s[] = {" % cname(name))
        for key, (pat, a, b, state, off, msg), msglen, digest in vecs:
            fields = [".key = %s" % blobs.ref(key), ".keylen = %d" % len(key),
                      ".msglen = %d" % msglen, ".digest = %s" % blobs.ref(digest)]
            if msg is not None:
                fields.append(".msg = %s" % blobs.ref(msg))
            else:
                fields.append(".pattern = %s" % pat)
                if pat == "KH_PAT_AFFINE":
                    fields += [".pat_a = %d" % a, ".pat_b = %d" % b]
                else:
                    fields += [".pat_state = 0x%016xULL" % state, ".pat_offset = %d" % off]
            body.append("\t{")
            body += ["\t\t%s," % f for f in fields]
            body.append("\t},")
        body.append("};")
        body.append("")
    body.append("static const struct kh_testvec_suite kh_testvec_suites[] = {")
    for name in suites:
        body.append('\t{ "%s", kh_tv_%s, ARRAY_SIZE(kh_tv_%s) },' % (name, cname(name), cname(name)))
    body.append("};")
    body.append("")
    body.append("static const struct kh_all_lens kh_all_lens[] __maybe_unused = {")
    for name, key, step, digest in all_lens:
        body.append("\t{")
        body.append('\t\t.name = "%s", .key = %s, .keylen = %d, .step = %d,' %
                    (name, blobs.ref(key), len(key), step))
        body.append("\t\t.sha256 = {")
        for i in range(0, 32, 8):
            body.append("\t\t\t" + " ".join("0x%02x," % x for x in digest[i:i + 8]))
        body.append("\t\t},")
        body.append("\t},")
    body.append("};")

    head = [
        "/* SPDX-License-Identifier: GPL-2.0 */",
        "/*",
        " * Generated by tests/gen-testvecs.py from the files in tests/vectors/",
        " * and tests/all-lens.tsv.  Do not edit; run `make testvecs` instead.",
        " */",
        "#ifndef _KEYEDHASH_TESTVECS_H",
        "#define _KEYEDHASH_TESTVECS_H",
        "",
        "#include <keyedhash/testvec.h>",
        "",
    ]
    return "\n".join(head + blobs.emit() + body + ["", "#endif /* _KEYEDHASH_TESTVECS_H */", ""])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true",
                    help="compare with OUTPUT instead of writing it")
    args = ap.parse_args()
    text = generate()
    if args.check:
        try:
            with open(args.output, encoding="ascii") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            print("%s is out of date: run `make testvecs`" % args.output)
            return 1
        print("%s is up to date" % os.path.relpath(args.output, TOP))
        return 0
    with open(args.output, "w", encoding="ascii") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

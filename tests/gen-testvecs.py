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

With --selftest it writes selftest-vecs.h instead: the
module's lean init-time self-test table, a few vectors per algorithm chosen
from the same files by the rules of SELFTEST_RULES below, and the invalid
keys of BAD_KEYS.

Usage: gen-testvecs.py [--selftest] [-o OUT] [--check]
       (--check: exit 1 if OUT differs)
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
SELFTEST_OUT = os.path.join(TOP, "selftest-vecs.h")

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
        "#include <keyedhash/internal/testvec.h>",
        "",
    ]
    return "\n".join(head + blobs.emit() + body + ["", "#endif /* _KEYEDHASH_TESTVECS_H */", ""])


# ---------------------------------------------------------------------------
# The init-time self-test's table (--selftest).
#
# Every load of the module runs it, so it holds only what reaches each code
# path of each driver once; the full sets stay with the KUnit suites, the
# host tests, testmgr and the VM tier.  The vectors are chosen from the files
# by rule, per suite:
#   empty       msglen 0 (else the shortest message)
#   partial     the longest message shorter than one block
#   tail        the shortest message of whole blocks and a partial one
#   below, at, above   the longest message below the largest SIMD threshold
#               (struct kh_simd_min) of any driver of the algorithm, the
#               shortest at or above it and the next longer one: the generic
#               fallback and the SIMD path, one-shot
#   sections    the shortest message longer than two SIMD sections
#               (KH_SIMD_CHUNK), else the longest there is
#   key         (where key handling differs by key) per distinct key layout
#               of at most SELFTEST_KEY_MAX bytes the shortest message with
#               it: sthash's seed lengths, sthash-personalized's
#               personalization lengths
# Among the records that meet a rule the one with the suite's most common key
# wins, then the one whose key and message cost the fewest bytes, then file
# order.  Keys and messages that follow a pattern (affine, or the SplitMix64
# stream of a state the vector file names, from offset 0 or right after the
# key) are stored as that pattern.

SIMD_CHUNK = 4096                # KH_SIMD_CHUNK, include/keyedhash/internal/simd.h
# per suite: block size, largest simd_min of its drivers
# (arch/<arch>/<alg>.h; tests/host/hosttest-arch.c fails a driver above it), whether key
# handling differs by key layout (the "key" rule)
SELFTEST_RULES = {
    "highwayhash64": (32, 128, False),
    "highwayhash128": (32, 0, False),
    "highwayhash256": (32, 0, False),
    "multimixer128": (32, 2048, False),
    "nhpoly1305": (16, 768, False),
    "sthash": (16, 768, True),
    "sthash-personalized": (16, 768, True),
}
# keys the "key" rule leaves to the full sets: longer ones cost their bytes
SELFTEST_KEY_MAX = 256


def _bad(n, prefix=b""):
    return (prefix, n)


# Keys setkey() must refuse with -EINVAL (lib/*.c), as (prefix, length):
# the prefix, then zeros up to the length.
_PBLOB_SEED16 = struct.pack("<H", 16) + bytes(16)
BAD_KEYS = {
    # hh_setkey(): exactly HH_KEY_SIZE (32) bytes
    "highwayhash": [_bad(0), _bad(31), _bad(33)],
    # mm128_setkey(): a non-zero multiple of 32, at most MM128_MAX_KEY_SIZE
    "multimixer128": [_bad(0), _bad(16), _bad(33), _bad(65536 + 32)],
    # nhpoly1305_setkey(): exactly NHPOLY1305_KEY_SIZE (1088) bytes
    "nhpoly1305": [_bad(0), _bad(1087), _bad(1089)],
    # sthash_setkey(): a seed of STHASH_MIN/MAX_SEED_SIZE (16..4096) bytes
    "sthash": [_bad(0), _bad(15), _bad(4097)],
    # sthash_personalized_setkey(): exactly le16 len | seed | le16 len | c1 |
    # le16 len | c2, at most STHASH_PERSONALIZED_MAX_KEY_SIZE (16384) bytes
    "sthash-personalized": [
        _bad(0),
        _bad(21, struct.pack("<H", 15)),          # seed too short
        _bad(4103, struct.pack("<H", 4097)),      # seed too long
        _bad(21, _PBLOB_SEED16),                  # no room for c2's length
        _bad(23, _PBLOB_SEED16),                  # a byte after c2
        _bad(24, _PBLOB_SEED16 + struct.pack("<H", 5)),   # c1 past the end
        # well formed but one byte over the limit: c2 of 16385 - 22 bytes
        _bad(16385, _PBLOB_SEED16 + struct.pack("<HH", 0, 16385 - 22)),
    ],
}


def bad_keys(name):
    return BAD_KEYS["highwayhash" if name.startswith("highwayhash") else name]


def splitmix_states():
    """The SplitMix64 states the vector files name (patterns, comments)."""
    states = set()
    for fname in sorted(os.listdir(VECDIR)):
        if fname.endswith(".txt"):
            with open(os.path.join(VECDIR, fname), encoding="ascii") as f:
                for m in re.finditer(r"splitmix64(?::|\s+seed=0x)([0-9a-f]{16})", f.read()):
                    states.add(int(m.group(1), 16))
    return sorted(states)


def splitmix_bytes(state, off, n):
    out = bytearray()
    for w in range(off // 8, (off + n + 7) // 8):
        z = (state + (w + 1) * 0x9e3779b97f4a7c15) & (2**64 - 1)
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & (2**64 - 1)
        out += struct.pack("<Q", z ^ (z >> 31))
    return bytes(out[off % 8:off % 8 + n])


def compress(data, offsets, states):
    """A byte string as ("KH_PAT_AFFINE", a, b) or ("KH_PAT_SPLITMIX64",
    state, offset) when it follows one, else ("KH_PAT_NONE", data)."""
    n = len(data)
    if n >= 3:
        a, b = (data[1] - data[0]) % 256, data[0]
        if all(data[i] == (a * i + b) % 256 for i in range(n)):
            return ("KH_PAT_AFFINE", a, b)
    if n:
        for state in states:
            for off in offsets:
                if splitmix_bytes(state, off, n) == data:
                    return ("KH_PAT_SPLITMIX64", state, off)
    return ("KH_PAT_NONE", data)


def pattern_cost(p):
    return len(p[1]) if p[0] == "KH_PAT_NONE" else 0


def pblob_layout(key):
    """(seed, c1, c2 lengths) of an sthash-personalized key blob."""
    out, off = [], 0
    for _ in range(3):
        n = struct.unpack_from("<H", key, off)[0]
        out.append(n)
        off += 2 + n
    return tuple(out)


def select_selftest(name, vecs, states):
    """[(rule, candidate)] of a suite: a candidate is a dict of the record
    index i, msglen n, key, key and message patterns kp and mp, digest."""
    bs, simd_min, by_key = SELFTEST_RULES[name]
    keys = {}
    for key, _, _, _ in vecs:
        keys[key] = keys.get(key, 0) + 1
    common = max(keys, key=lambda k: keys[k])
    cands = []
    for i, (key, spec, n, digest) in enumerate(vecs):
        kp = compress(key, [0], states)
        # the message may follow the key (the seed, in a blob) in the stream
        follows = pblob_layout(key)[0] if name == "sthash-personalized" else len(key)
        if spec[0] == "KH_PAT_NONE":
            mp = compress(spec[5], [0, follows], states)
        elif spec[0] == "KH_PAT_AFFINE":
            mp = ("KH_PAT_AFFINE", spec[1], spec[2])
        else:
            mp = ("KH_PAT_SPLITMIX64", spec[3], spec[4])
        cands.append({"i": i, "n": n, "key": key, "kp": kp, "mp": mp,
                      "digest": digest,
                      "rank": (key != common, pattern_cost(kp) + pattern_cost(mp), i)})
    lens = sorted({c["n"] for c in cands})

    def best(n):
        return min((c for c in cands if c["n"] == n), key=lambda c: c["rank"])

    chosen = []

    def take(rule, n):
        if n is None:
            return
        c = best(n)
        if all(c["i"] != d["i"] for _, d in chosen):
            chosen.append((rule, c))

    def first(cond, last=False):
        sel = [n for n in lens if cond(n)]
        return (sel[-1] if last else sel[0]) if sel else None

    take("empty message" if 0 in lens else "shortest message (none is empty)", lens[0])
    take("partial block", first(lambda n: 0 < n < bs, last=True))
    take("whole blocks and a partial one", first(lambda n: n > bs and n % bs))
    if simd_min:
        below = first(lambda n: n < simd_min, last=True)
        take("longest below the SIMD threshold %d" % simd_min, below)
    at = first(lambda n: n >= simd_min)
    take("shortest at or above the SIMD threshold %d" % simd_min, at)
    if at is not None:
        take("next above the SIMD threshold %d" % simd_min, first(lambda n: n > at))
    over = first(lambda n: n > 2 * SIMD_CHUNK)
    take("longer than two SIMD sections" if over is not None else
         "longest message (none is longer than two SIMD sections)",
         over if over is not None else lens[-1])
    if by_key:
        # sthash: the seed length; sthash-personalized: the personalization
        # lengths (its seeds go the same way as sthash's)
        if name == "sthash-personalized":
            seed = pblob_layout(common)[0]
            pool = [c for c in cands if pblob_layout(c["key"])[0] == seed]
            layout, what = (lambda k: pblob_layout(k)[1:]), "personalization lengths"
        else:
            pool, layout, what = cands, len, "seed length"
        seen = {layout(d["key"]) for _, d in chosen}
        for c in sorted(pool, key=lambda c: (c["n"], c["rank"])):
            lay = layout(c["key"])
            if lay in seen or len(c["key"]) > SELFTEST_KEY_MAX:
                continue
            seen.add(lay)
            chosen.append(("%s %s" % (what, lay), c))
    return chosen


class StData:
    """All byte strings of the self-test table in one array, each once."""

    def __init__(self):
        self.data = bytearray()
        self.index = {}

    def ref(self, b):
        if b not in self.index:
            self.index[b] = len(self.data)
            self.data += b
        return self.index[b]

    def emit(self):
        out = ["static const u8 kh_st_data[%d] = {" % max(len(self.data), 1)]
        for i in range(0, len(self.data), 12):
            out.append("\t" + " ".join("0x%02x," % b for b in self.data[i:i + 12]))
        out += ["};", ""]
        return out


def st_bytes(data, p, n):
    """The initializer of a struct kh_st_bytes."""
    if p[0] == "KH_PAT_NONE":
        return "{ .len = %d, .off = %d }" % (n, data.ref(p[1]))
    if p[0] == "KH_PAT_AFFINE":
        return "{ .len = %d, .pattern = KH_PAT_AFFINE, .pat_a = %d, .pat_b = %d }" % (n, p[1], p[2])
    return ("{ .len = %d, .off = %d, .pattern = KH_PAT_SPLITMIX64 }" %
            (n, data.ref(struct.pack("<QI", p[1], p[2]))))


def generate_selftest():
    suites = build_suites()
    states = splitmix_states()
    data = StData()
    body = []
    table = []
    for name, vecs in suites.items():
        if name not in SELFTEST_RULES:
            die("no self-test rules for %s" % name)
        chosen = select_selftest(name, vecs, states)
        keymax = 0
        body.append("static const struct kh_st_vec kh_st_%s[] = {" % cname(name))
        for rule, c in chosen:
            if c["kp"][0] != "KH_PAT_NONE":
                keymax = max(keymax, len(c["key"]))
            body.append("\t/* %s: record %d, message %d bytes */" % (rule, c["i"], c["n"]))
            body.append("\t{")
            body.append("\t\t.key = %s," % st_bytes(data, c["kp"], len(c["key"])))
            body.append("\t\t.msg = %s," % st_bytes(data, c["mp"], c["n"]))
            body.append("\t\t.digest = %d," % data.ref(c["digest"]))
            body.append("\t},")
        body.append("};")
        body.append("")
        body.append("static const struct kh_st_badkey kh_st_bad_%s[] = {" % cname(name))
        for prefix, n in bad_keys(name):
            keymax = max(keymax, n)
            if prefix:
                body.append("\t{ .keylen = %d, .prefix = %d, .prefixlen = %d }," %
                            (n, data.ref(prefix), len(prefix)))
            else:
                body.append("\t{ .keylen = %d }," % n)
        body.append("};")
        body.append("")
        table.append("\t{\n"
                     '\t\t.name = "%s", .data = kh_st_data,\n'
                     "\t\t.vecs = kh_st_%s,\n"
                     "\t\t.count = ARRAY_SIZE(kh_st_%s),\n"
                     "\t\t.badkeys = kh_st_bad_%s,\n"
                     "\t\t.nbad = ARRAY_SIZE(kh_st_bad_%s),\n"
                     "\t\t.keymax = %d, .simd_min = %d,\n"
                     "\t}," %
                     (name, cname(name), cname(name), cname(name), cname(name), keymax,
                      SELFTEST_RULES[name][1]))
    if len(data.data) >= 2**32:
        die("self-test data too long")
    body.append("static const struct kh_st_suite kh_st_suites[] = {")
    body += table
    body.append("};")
    head = [
        "/* SPDX-License-Identifier: GPL-2.0 */",
        "/*",
        " * Generated by tests/gen-testvecs.py --selftest from the files in",
        " * tests/vectors/: the module's init-time self-test (selftest.c), a few",
        " * vectors per algorithm chosen by rule and the keys setkey() must refuse.",
        " * Do not edit; run `make testvecs` instead.",
        " */",
        "#ifndef _KEYEDHASH_SELFTEST_VECS_H",
        "#define _KEYEDHASH_SELFTEST_VECS_H",
        "",
        "#include <keyedhash/internal/testvec.h>",
        "",
    ]
    return "\n".join(head + data.emit() + body + ["", "#endif /* _KEYEDHASH_SELFTEST_VECS_H */", ""])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output")
    ap.add_argument("--check", action="store_true",
                    help="compare with OUTPUT instead of writing it")
    ap.add_argument("--selftest", action="store_true",
                    help="the init-time self-test's table (%s)" %
                    os.path.relpath(SELFTEST_OUT, TOP))
    args = ap.parse_args()
    if args.selftest:
        args.output = args.output or SELFTEST_OUT
        text = generate_selftest()
    else:
        args.output = args.output or DEFAULT_OUT
        text = generate()
    if args.check:
        try:
            with open(args.output, encoding="ascii") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            print("%s is out of date: run `make testvecs`" % os.path.relpath(args.output, TOP))
            return 1
        print("%s is up to date" % os.path.relpath(args.output, TOP))
        return 0
    with open(args.output, "w", encoding="ascii") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

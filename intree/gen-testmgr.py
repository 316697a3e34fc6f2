#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Edit a Linux tree's testmgr and tcrypt for keyedhash's algorithms.

  gen-testmgr.py testmgr TREE [--break NAME]
      crypto/testmgr.h: hash_testvec tables generated from tests/vectors/
      (the parsing of tests/gen-testvecs.py); crypto/testmgr.c: one entry per
      algorithm in the sorted alg_test_descs[], with .generic_driver where
      the generic driver is not "<name>-generic".  An algorithm the tree's
      testmgr already tests (nhpoly1305 up to 6.12) keeps the kernel's entry
      and vectors.  --break NAME flips the first digest byte of NAME's first
      vector (to show that a wrong table is caught; never for a real series).
  gen-testmgr.py tcrypt TREE
      crypto/tcrypt.h: a key length and key in struct hash_speed and speed
      templates for the keyed hashes; crypto/tcrypt.c: one speed mode per
      algorithm in the 3xx range (sync hash), after the highest one in use.

What the tree offers is read from it, not from its version: the fields of
struct hash_testvec (ksize's width bounds the keys), the test buffer size
(2 pages less TESTMGR_POISON_LEN bounds the messages), the entries and
modes already there.  Files are replaced, never written in place (the tree
may share its files with another one through hard links).
Prints what it did, one line each, on stdout.
"""
import argparse
import importlib.util
import os
import re
import struct
import sys
import textwrap

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location(
    "gen_testvecs", os.path.join(TOP, "tests", "gen-testvecs.py"))
gtv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gtv)

MARK = "keyedhash"	# our tables and comments say so; used to refuse a second run
PAGE_SIZE = 4096	# the smallest page size: testmgr's buffers are 2 pages each

# Lengths around these boundaries (block, NH unit, NH chunk) are kept.
BOUNDARIES = {
    "highwayhash64": (32,), "highwayhash128": (32,), "highwayhash256": (32,),
    "multimixer128": (32,), "nhpoly1305": (16, 1024),
    "sthash": (16, 1024), "sthash-personalized": (16, 1024),
}
# Keys every algorithm must refuse (README "Errors"): (name, how to make one
# from the algorithm's most used key).  Never longer than the valid keys, so
# that testmgr's fuzzing (keys of the longest vector's size) is not wasted.
BAD_KEYS = {
    "highwayhash64": ("31 bytes", lambda k: k[:31]),
    "highwayhash128": ("31 bytes", lambda k: k[:31]),
    "highwayhash256": ("31 bytes", lambda k: k[:31]),
    "multimixer128": ("48 bytes, not a multiple of 32", lambda k: (k * 2)[:48]),
    "nhpoly1305": ("1087 bytes", lambda k: k[:1087]),
    "sthash": ("15 bytes (the seed)", lambda k: k[:15]),
    "sthash-personalized": ("21 bytes (a 15-byte seed)",
                            lambda k: b"\x0f\x00" + k[2:17] + b"\x00\x00\x00\x00"),
}
# Messages Multimixer-128 must refuse (README "Errors"): longer than the key,
# or not a multiple of 32 bytes.  (key length, message length) of an affine
# message, as digest_error vectors.
BAD_MESSAGES = {"multimixer128": ((32, 64), (64, 48))}

# The tcrypt speed modes: (name, speed template, key length).
# tcrypt's own key is tvmem[0], 0xff bytes: fine for every key but
# sthash-personalized's, which must be a well-formed blob (here a 32-byte
# seed and no personalizations); Multimixer-128 messages must be a multiple
# of 32 bytes and no longer than its key (one page of tvmem at most), each
# hashed with one digest().
SPEED = [
    ("highwayhash64", "keyedhash_speed_template_32", 32),
    ("highwayhash128", "keyedhash_speed_template_32", 32),
    ("highwayhash256", "keyedhash_speed_template_32", 32),
    ("multimixer128", "multimixer128_speed_template", 4096),
    ("nhpoly1305", "nhpoly1305_keyedhash_speed_template", 1088),
    ("sthash", "keyedhash_speed_template_32", 32),
    ("sthash-personalized", "sthash_personalized_speed_template", 38),
]


def die(msg):
    sys.exit("gen-testmgr: " + msg)


def say(text):
    """One fact, wrapped for a commit message."""
    print(textwrap.fill(text, 72, subsequent_indent="  ", break_on_hyphens=False,
                        break_long_words=False))


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def replace_file(path, text):
    """Write @text to a new file and rename it over @path."""
    tmp = path + ".gen-testmgr.tmp"
    with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def generic_drivers():
    """{cra_name: generic driver name} from the one table of drivers
    (include/keyedhash/internal/drivers.h: the KH_DRIVER_*_generic rows,
    whose first two fields are the algorithm's and the driver's name)."""
    path = "include/keyedhash/internal/drivers.h"
    text = read(os.path.join(TOP, path))
    pairs = re.findall(r'#define KH_DRIVER_\w+_generic\(X\)\s*\\\s*X\("([^"]+)", "([^"]+)",', text)
    if len(pairs) != len(BOUNDARIES):
        die("%s: expected %d generic drivers, found %d"
            % (path, len(BOUNDARIES), len(pairs)))
    return dict(pairs)


def splitmix64_bytes(state, offset, n):
    out = bytearray()
    mask = (1 << 64) - 1
    while len(out) < offset + n:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out += struct.pack("<Q", z ^ (z >> 31))
    return bytes(out[offset:offset + n])


def message(spec, n):
    pat, a, b, state, off, msg = spec
    if msg is not None:
        return msg
    if pat == "KH_PAT_AFFINE":
        return bytes((a * i + b) % 256 for i in range(n))
    return splitmix64_bytes(state, off, n)


# ------------------------------------------------------------ the tree's testmgr

def hash_testvec_fields(testmgr_h):
    """{field: C type} of the tree's struct hash_testvec."""
    m = re.search(r"struct hash_testvec \{(.*?)\};", testmgr_h, re.S)
    if not m:
        die("crypto/testmgr.h has no struct hash_testvec")
    fields = {}
    for decl in m.group(1).split(";"):
        decl = re.sub(r"/\*.*?\*/", "", decl, flags=re.S).strip()
        d = re.fullmatch(r"(.*?)[\s*]*\b(\w+)(\[[^\]]*\])?", decl)
        if d and decl:
            fields[d.group(2)] = d.group(1).strip()
    for need in ("key", "plaintext", "digest", "psize", "ksize"):
        if need not in fields:
            die("this tree's struct hash_testvec has no .%s: not supported" % need)
    if "np" in fields or "tap" in fields:
        die("this tree's struct hash_testvec splits messages with .np/.tap: "
            "not supported (testmgr's testvec_configs split them since 5.1)")
    return fields


def ksize_limit(ctype):
    bits = {"u8": 8, "unsigned char": 8, "u16": 16, "unsigned short": 16,
            "u32": 32, "unsigned int": 32}.get(ctype)
    if not bits:
        die("unknown type %r of hash_testvec.ksize" % ctype)
    return (1 << bits) - 1


def psize_limit(testmgr_c):
    m = re.search(r"#define\s+TESTMGR_POISON_LEN\s+(\d+)", testmgr_c)
    if not m or "2 * PAGE_SIZE" not in testmgr_c:
        die("crypto/testmgr.c: no TESTMGR_POISON_LEN or 2-page test buffers")
    return 2 * PAGE_SIZE - int(m.group(1))


def desc_names(testmgr_c):
    """The .alg names of alg_test_descs[], in order."""
    start = testmgr_c.find("alg_test_descs[] = {")
    if start < 0:
        die("crypto/testmgr.c has no alg_test_descs[]")
    return re.findall(r'^\t\t\.alg = "([^"]+)",$', testmgr_c[start:], re.M)


# --------------------------------------------------------- choosing the vectors

def select(name, vecs, kmax, pmax):
    """The subset of @vecs for testmgr (see the module docstring)."""
    fit = [v for v in vecs if len(v[0]) <= kmax and v[2] <= pmax]
    if not fit:
        die("%s: no vector fits this tree's limits" % name)
    keys = {}
    for v in fit:
        keys[v[0]] = keys.get(v[0], 0) + 1
    main = max(keys, key=lambda k: (keys[k], -fit.index(next(v for v in fit if v[0] == k))))
    chosen = []

    def take(v):
        if v not in chosen:
            chosen.append(v)

    # the most used key: every length at a boundary (0, 1, B-1, B, B+1 mod B)
    for v in fit:
        n = v[2]
        if v[0] == main and (n <= 1 or any(n % b in (0, 1, b - 1) for b in BOUNDARIES[name])):
            take(v)
    # every key length, with its longest message (the limits among them)
    for klen in sorted({len(v[0]) for v in fit}):
        take(max((v for v in fit if len(v[0]) == klen), key=lambda v: v[2]))
    # every explicit message: the cross-implementation and imported records
    for v in fit:
        if v[1][5] is not None:
            take(v)
    return sorted(chosen, key=fit.index), main


class Blobs:
    """Byte strings stored once; one that is a prefix of another uses its array."""

    def __init__(self):
        self.data = []

    def add(self, b):
        if b:
            self.data.append(b)

    def finish(self):
        longest = sorted(set(self.data), key=len, reverse=True)
        self.arrays = []	# maximal strings, in order of first use
        self.where = {}
        for b in longest:
            home = next((a for a in self.arrays if a.startswith(b)), None)
            if home is None:
                self.arrays.append(b)
                home = b
            self.where[b] = home
        first = {}
        for i, b in enumerate(self.data):
            first.setdefault(self.where[b], i)
        self.arrays.sort(key=lambda a: first[a])
        self.names = {a: "keyedhash_tv_data%d" % i for i, a in enumerate(self.arrays)}

    def ref(self, b):
        return self.names[self.where[b]]


def c_string(b, indent, per_line=8):
    lines = []
    for i in range(0, len(b), per_line):
        lines.append(indent + '"' + "".join("\\x%02x" % x for x in b[i:i + per_line]) + '"')
    return lines


def testmgr_block(tables, blobs, breaks):
    out = ["", "/*",
           " * keyedhash: HighwayHash, Multimixer-128, NHPoly1305 and STHash test",
           " * vectors, generated by the keyedhash project's intree/gen-testmgr.py from",
           " * its tests/vectors/ (do not edit; regenerate).  Keys and messages that",
           " * are a prefix of a longer one point into its array.",
           " */"]
    for a in blobs.arrays:
        out.append("static const char %s[] =" % blobs.names[a])
        body = c_string(a, "\t", 16)
        body[-1] += ";"
        out += body
        out.append("")
    for name, rows in tables:
        out.append("static const struct hash_testvec %s_tv_template[] = {" % cname(name))
        for i, r in enumerate(rows):
            out.append("\t{" if i == 0 else "\t}, {")
            out.append("\t\t.key\t= %s," % blobs.ref(r["key"]))
            out.append("\t\t.ksize\t= %d," % len(r["key"]))
            if r["psize"]:
                out.append("\t\t.plaintext = %s," % blobs.ref(r["msg"]))
            out.append("\t\t.psize\t= %d," % r["psize"])
            if "setkey_error" in r:
                out.append("\t\t.setkey_error = %s," % r["setkey_error"])
            elif "digest_error" in r:
                out.append("\t\t.digest_error = %s," % r["digest_error"])
            else:
                d = r["digest"]
                if breaks == name and i == 0:
                    d = bytes([d[0] ^ 0x01]) + d[1:]
                lines = c_string(d, "\t\t\t  ")
                lines[0] = "\t\t.digest\t= " + lines[0].lstrip()
                lines[-1] += ","
                out += lines
        out.append("\t}")
        out.append("};")
        out.append("")
    return out


def cname(name):
    return re.sub(r"[^a-z0-9]", "_", name)


def desc_entry(name, generic):
    e = ['\t}, {', '\t\t.alg = "%s",' % name]
    if generic != name + "-generic":
        e.append('\t\t.generic_driver = "%s",' % generic)
    e += ["\t\t.test = alg_test_hash,", "\t\t.suite = {",
          "\t\t\t.hash = __VECS(%s_tv_template)" % cname(name), "\t\t}"]
    return e


def do_testmgr(tree, breaks):
    hp, cp = os.path.join(tree, "crypto", "testmgr.h"), os.path.join(tree, "crypto", "testmgr.c")
    th, tc = read(hp), read(cp)
    if MARK in th or MARK in tc:
        die("%s already has keyedhash's vectors" % tree)
    fields = hash_testvec_fields(th)
    kmax, pmax = ksize_limit(fields["ksize"]), psize_limit(tc)
    have = desc_names(tc)
    if have != sorted(have):
        die("crypto/testmgr.c: alg_test_descs[] is not sorted; cannot insert")
    generics = generic_drivers()
    suites = gtv.build_suites()
    say("Limits of this tree: keys up to %d bytes (hash_testvec.ksize is %s), messages up to %d bytes (two pages of test buffer less the poison)."
        % (kmax, fields["ksize"], pmax))

    tables, blobs = [], Blobs()
    for name in sorted(suites):
        if name in have:
            say("%s: testmgr has its own entry and vectors; kept, none added" % name)
            continue
        chosen, main = select(name, suites[name], kmax, pmax)
        rows = []
        for key, spec, n, digest in chosen:
            rows.append({"key": key, "msg": message(spec, n), "psize": n, "digest": digest})
        what, make = BAD_KEYS[name]
        rows.append({"key": make(main), "msg": b"", "psize": 0, "setkey_error": "-EINVAL"})
        for klen, mlen in BAD_MESSAGES.get(name, ()):
            rows.append({"key": (main * (klen // len(main) + 1))[:klen],
                         "msg": message(("KH_PAT_AFFINE", 1, 0, 0, 0, None), mlen),
                         "psize": mlen, "digest_error": "-EINVAL"})
        for r in rows:
            blobs.add(r["key"])
            blobs.add(r["msg"][:r["psize"]])
        good = [r for r in rows if "digest" in r]
        say("%s: %d vectors, message lengths %s; key sizes %s; refused: a key of %s%s%s"
            % (name, len(good), ", ".join(str(x) for x in sorted({r["psize"] for r in good})),
               ", ".join(str(x) for x in sorted({len(r["key"]) for r in good})), what,
               ", messages longer than the key or not a multiple of 32 bytes"
               if name in BAD_MESSAGES else "",
               "" if generics[name] == name + "-generic"
               else "; generic driver %s" % generics[name]))
        tables.append((name, rows))
    if breaks and breaks not in [t[0] for t in tables]:
        die("--break %s: no such table" % breaks)
    if not tables:
        die("nothing to add")
    blobs.finish()
    for name, rows in tables:
        for r in rows:
            r["msg"] = r["msg"][:r["psize"]]

    # testmgr.h: before the header guard's #endif
    end = th.rstrip().rfind("\n#endif")
    if end < 0:
        die("crypto/testmgr.h does not end with #endif")
    th = th[:end] + "\n".join(testmgr_block(tables, blobs, breaks)).rstrip("\n") + "\n" + th[end:]

    # testmgr.c: each entry before the first name that sorts after it
    lines = tc.split("\n")
    for name, _ in tables:
        after = next((n for n in desc_names("\n".join(lines)) if n > name), None)
        if after is None:
            die("no alg_test_descs[] entry sorts after %s" % name)
        i = lines.index('\t\t.alg = "%s",' % after)
        if lines[i - 1] != "\t}, {":
            die("unexpected layout before alg_test_descs[] entry %s" % after)
        lines[i - 1:i - 1] = desc_entry(name, generics[name])
    tc = "\n".join(lines)
    names = desc_names(tc)
    if names != sorted(names) or len(names) != len(set(names)):
        die("alg_test_descs[] would not be sorted")
    replace_file(hp, th)
    replace_file(cp, tc)
    say("crypto/testmgr.h: %d tables, %d shared data arrays (%d bytes)%s"
        % (len(tables), len(blobs.arrays), sum(len(a) for a in blobs.arrays),
           "; BROKEN on purpose: %s vector 0's digest" % breaks if breaks else ""))
    say("crypto/testmgr.c: alg_test_descs[] entries for %s"
        % ", ".join(t[0] for t in tables))


# ------------------------------------------------------------------- tcrypt

def speed_templates():
    def entries(sizes, klen, key):
        rows = []
        for blen, plen in sizes:
            e = "\t{ .blen = %d,\t.plen = %d,\t.klen = %d," % (blen, plen, klen)
            rows.append(e + (" .key = %s, }," % key if key else " },"))
        return rows

    std = [(16, 16), (64, 16), (64, 64), (256, 16), (256, 64), (256, 256),
           (1024, 16), (1024, 256), (1024, 1024), (4096, 16), (4096, 256),
           (4096, 1024), (4096, 4096), (8192, 256), (8192, 4096), (8192, 8192)]
    # Multimixer-128: one digest() per message.  It refuses an empty
    # message, and where crypto_ahash_final() sets req->nbytes to 0 (7.x)
    # tcrypt's update rounds after the first hash nothing.
    mm = [(32, 32), (64, 64), (256, 256), (1024, 1024), (2048, 2048), (4096, 4096)]
    seed = bytes(range(32))
    blob = b"\x20\x00" + seed + b"\x00\x00\x00\x00"
    out = ["", "/*",
           " * Keyed hashes (keyedhash): @klen bytes of key, from @key or else from",
           " * tvmem[0] (0xff bytes), whatever the klen= parameter says.",
           " */"]
    for name, sizes, klen, key in (
            ("keyedhash_speed_template_32", std, 32, None),
            ("nhpoly1305_keyedhash_speed_template", std, 1088, None),
            ("multimixer128_speed_template", mm, 4096, None),
            ("sthash_personalized_speed_template", std, len(blob), "sthash_pers_speed_key")):
        if key:
            out.append("/* le16 32, a 32-byte seed, no key or hasher personalization */")
            out.append("static const char %s[] =" % key)
            body = c_string(blob, "\t")
            body[-1] += ";"
            out += body
            out.append("")
        out.append("static struct hash_speed %s[] = {" % name)
        out += entries(sizes, klen, key)
        out += ["", "\t/* End marker */", "\t{  .blen = 0,\t.plen = 0, }", "};", ""]
    return out


def do_tcrypt(tree):
    hp, cp = os.path.join(tree, "crypto", "tcrypt.h"), os.path.join(tree, "crypto", "tcrypt.c")
    th, tc = read(hp), read(cp)
    if MARK in th or MARK in tc:
        die("%s already has keyedhash's speed modes" % tree)

    # struct hash_speed: a key length and a key of its own
    old = ("struct hash_speed {\n\tunsigned int blen;\t/* buffer length */\n"
           "\tunsigned int plen;\t/* per-update length */\n};")
    if old not in th:
        die("crypto/tcrypt.h: struct hash_speed is not {blen, plen}")
    th = th.replace(old, old[:-2] + "\tunsigned int klen;\t/* key length, 0: the klen= parameter's */\n"
                    "\tconst char *key;\t/* the key, NULL: tvmem[0] */\n};")
    end = th.rstrip().rfind("\n#endif")
    if end < 0:
        die("crypto/tcrypt.h does not end with #endif")
    th = th[:end] + "\n".join(speed_templates()).rstrip("\n") + "\n" + th[end:]

    # tcrypt.c: the template's key where the klen= parameter gives none
    m = re.search(r"\nstatic void test_ahash_speed_common\(.*?\n}\n", tc, re.S)
    if not m:
        die("crypto/tcrypt.c: no test_ahash_speed_common()")
    body = m.group(0)
    if body.count("if (klen)") != 1 or body.count("crypto_ahash_setkey(tfm, tvmem[0], klen)") != 1:
        die("crypto/tcrypt.c: test_ahash_speed_common() does not set the key as expected")
    body = body.replace("if (klen)", "if (klen || speed[i].klen)")
    body = body.replace("crypto_ahash_setkey(tfm, tvmem[0], klen)", "hash_speed_setkey(tfm, &speed[i])")
    helper = ("\n/* The key of a hash speed test: the template's, else the klen= parameter's */\n"
              "static int hash_speed_setkey(struct crypto_ahash *tfm,\n"
              "\t\t\t     const struct hash_speed *speed)\n{\n"
              "\tif (!speed->klen)\n\t\treturn crypto_ahash_setkey(tfm, tvmem[0], klen);\n"
              "\treturn crypto_ahash_setkey(tfm, speed->key ? speed->key : tvmem[0],\n"
              "\t\t\t\t   speed->klen);\n}\n")
    tc = tc[:m.start()] + helper + body + tc[m.end():]

    # the modes: unused numbers after the highest 3xx one, before "case 399:"
    used = sorted(int(x) for x in re.findall(r"^\tcase (3\d\d):$", tc, re.M))
    if 399 not in used:
        die("crypto/tcrypt.c: no \"case 399:\" ending the sync hash speed modes")
    first = max(n for n in used if n < 399) + 1
    if first + len(SPEED) > 399:
        die("crypto/tcrypt.c: no %d free 3xx modes" % len(SPEED))
    cases = []
    for i, (name, template, _) in enumerate(SPEED):
        call = '\t\ttest_hash_speed("%s", sec, %s);' % (name, template)
        if len(call.expandtabs()) > 80:
            call = '\t\ttest_hash_speed("%s", sec,\n\t\t\t\t%s);' % (name, template)
        cases += ["\tcase %d:" % (first + i), call,
                  "\t\tif (mode > 300 && mode < 400)", "\t\t\tbreak;", "\t\tfallthrough;"]
    if tc.count("\tcase 399:\n") != 1:
        die("crypto/tcrypt.c: \"case 399:\" twice")
    tc = tc.replace("\tcase 399:\n", "\n".join(cases) + "\n\tcase 399:\n")
    replace_file(hp, th)
    replace_file(cp, tc)
    say("crypto/tcrypt.c: speed modes %s" % ", ".join(
        "%d %s (klen %d)" % (first + i, s[0], s[2]) for i, s in enumerate(SPEED)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("testmgr", "tcrypt"))
    ap.add_argument("tree")
    ap.add_argument("--break", dest="breaks", metavar="NAME")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.tree, "crypto", "testmgr.c")):
        die("%s is not a kernel tree" % args.tree)
    if args.what == "testmgr":
        do_testmgr(args.tree, args.breaks)
    else:
        do_tcrypt(args.tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())

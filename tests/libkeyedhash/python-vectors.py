#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The keyedhash Python package against every known-answer vector: by
algorithm name, through every driver this CPU runs, with the generic C
forced, in one piece and streamed, with copy(); then the hashlib-shaped
interface and its ValueErrors.  Run with the package importable.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vectors  # noqa: E402

import keyedhash  # noqa: E402

fails = checks = 0
NOT_RUN = []


def check(cond, what):
    global fails, checks
    checks += 1
    if not cond:
        fails += 1
        if fails <= 20:
            print("FAIL", what)


def run_one(n, name, key, msg, digest, rnd):
    """One vector through one name or driver: in one piece, streamed, copied."""
    h = keyedhash.new(n, key, msg)
    check(h.digest() == digest and h.name == name and
          h.digest_size == len(digest), "%s len %d one-shot" % (n, len(msg)))
    h = keyedhash.new(n, key)
    pos = 0
    while pos < len(msg):
        step = rnd.randrange(1, 3000)
        h.update(memoryview(msg)[pos:pos + step])
        pos += step
    c = h.copy()
    check(c.hexdigest() == digest.hex() and h.digest() == digest,
          "%s len %d streamed" % (n, len(msg)))
    many = keyedhash.digest_many(n, key, [msg, memoryview(msg), bytearray(msg)])
    check(many == [digest] * 3, "%s len %d digest_many" % (n, len(msg)))


def run_vectors():
    rnd = random.Random(33)
    drivers = keyedhash.drivers()
    recs = vectors.records()
    for name, key, msglen, spec, digest in recs:
        msg = vectors.message(spec, msglen)
        names = [name] + [d for d in drivers
                          if d.startswith(name + "-") and
                          not d.startswith(name + "-personalized")]
        for n in names:
            try:
                run_one(n, name, key, msg, digest, rnd)
            except ValueError as e:
                check(False, "%s len %d: %s" % (n, msglen, e))
        keyedhash.force_generic(True)
        try:
            h = keyedhash.new(name, key, msg)
            check(h.digest() == digest and h.driver.endswith("-generic"),
                  "%s forced generic" % name)
        except ValueError as e:
            check(False, "%s forced generic: %s" % (name, e))
        keyedhash.force_generic(False)
    return len(recs)


def expect_value_error(fn, needle, what):
    try:
        fn()
    except ValueError as e:
        check(needle in str(e), "%s: %s" % (what, e))
        return
    check(False, what + ": no ValueError")


def run_api():
    k = bytes(range(32))
    check(keyedhash.algorithms_available == {
        "highwayhash64", "highwayhash128", "highwayhash256", "sthash",
        "sthash-personalized", "multimixer128", "nhpoly1305"}, "algorithms_available")
    h = keyedhash.highwayhash128(b"abc", key=k)
    check(h.hexdigest() == keyedhash.new("highwayhash128", k, b"abc").hexdigest(), "constructor")
    check((h.digest_size, h.block_size) == (16, 32), "sizes")
    d = h.digest()
    h.update(b"d")
    check(h.digest() == keyedhash.new("highwayhash128", k, b"abcd").digest() and d != h.digest(),
          "digest() leaves the message open")
    expect_value_error(lambda: keyedhash.new("md5", k), "unsupported hash type", "unknown name")
    expect_value_error(lambda: keyedhash.new("highwayhash64", k[:31]), "31-byte key", "short key")
    expect_value_error(lambda: keyedhash.new("sthash", bytes(4097)), "16 to 4096", "long seed")
    expect_value_error(lambda: keyedhash.new("nhpoly1305", bytes(1)), "1088 bytes", "nhpoly key")
    expect_value_error(lambda: keyedhash.new("multimixer128", bytes(33)), "multiple of 32", "mm key")
    expect_value_error(lambda: keyedhash.new("multimixer128", bytes(32), bytes(64)),
                       "no longer than the key", "mm message past the key")
    expect_value_error(lambda: keyedhash.new("multimixer128", bytes(64), bytes(16)).digest(),
                       "multiple of 32", "mm partial block")
    try:
        keyedhash.new("highwayhash64", k, "text")
        check(False, "str accepted")
    except TypeError:
        check(True, "str refused")
    check("MAC" in keyedhash.__doc__ and "NOT MACs" in keyedhash.__doc__, "docstring")


def expect_type_error(fn, needle, what):
    try:
        fn()
    except TypeError as e:
        check(needle in str(e), "%s: %s" % (what, e))
        return
    check(False, what + ": no TypeError")


def run_hashlib_like():
    """Item by item what a hashlib user expects (issue 39, item 6)."""
    import importlib.metadata
    k = bytes(range(32))
    msg = bytes(range(200))
    # __version__: the installed distribution's version
    check(keyedhash.__version__ == importlib.metadata.version("keyedhash") and
          keyedhash.__version__[0].isdigit(), "__version__ %r" % keyedhash.__version__)
    # names in any case, as hashlib.new("SHA256"); name is the lower-case one
    want = keyedhash.new("highwayhash256", k, msg).digest()
    for n in ("HighwayHash256", "HIGHWAYHASH256", "highwayHash256-GENERIC"):
        try:
            h = keyedhash.new(n, k, msg)
            check(h.digest() == want and h.name == "highwayhash256", "new(%r)" % n)
        except ValueError as e:
            check(False, "new(%r): %s" % (n, e))
    expect_value_error(lambda: keyedhash.new("SHA256", k), "unsupported hash type", "new('SHA256')")
    # constructors: data first, key= keyword, as hashlib.blake2b(data, key=)
    for a in sorted(keyedhash.algorithms_available):
        f = getattr(keyedhash, a.replace("-", "_"))
        key = {"nhpoly1305": bytes(1088),
               "sthash-personalized": b"\x10\x00" + bytes(16) + b"\x00\x00\x00\x00",
               "multimixer128": bytes(256)}.get(a, k)
        data = msg[:192]
        ref = keyedhash.new(a, key, data).digest()
        check(f(data, key=key).digest() == ref and f(data=data, key=key).digest() == ref and
              f(key=key).digest() == keyedhash.new(a, key).digest()
              if a != "multimixer128" else f(data, key=key).digest() == ref,
              "%s(data, key=key)" % f.__name__)
        import inspect
        check(str(inspect.signature(f)) == "(data=b'', *, key)", "%s%s" % (a, inspect.signature(f)))
        expect_type_error(lambda: f(key, data), "key=", "%s(key, data): the old order" % a)
        expect_type_error(lambda: f(data), "key=", "%s(data) without key=" % a)
        expect_type_error(lambda: f(data, key=key, digest_size=8), "digest_size",
                          "%s(..., digest_size=8)" % a)
    # compare_digest(): equal, each single-bit change, other lengths, types
    a = keyedhash.new("highwayhash256", k, msg).digest()
    bad = 0
    for i in range(len(a)):
        for bit in range(8):
            b = bytearray(a)
            b[i] ^= 1 << bit
            bad += keyedhash.compare_digest(a, bytes(b)) is not False
    check(not bad, "compare_digest: %d of %d one-bit changes taken" % (bad, 8 * len(a)))
    check(keyedhash.compare_digest(a, bytearray(a)) is True and
          keyedhash.compare_digest(memoryview(a), a) is True and
          keyedhash.compare_digest(b"", b"") is True and
          keyedhash.compare_digest(a, a[:-1]) is False, "compare_digest: equal, lengths")
    expect_type_error(lambda: keyedhash.compare_digest(a.hex(), a.hex()), "not str",
                      "compare_digest(str, str)")
    # Hasher.verify(): the digest so far, in constant time; the message stays open
    h = keyedhash.highwayhash128(msg, key=k)
    d = h.digest()
    check(h.verify(d) is True and h.verify(bytearray(d)) is True and
          h.verify(d[:-1]) is False and h.verify(d[:-1] + bytes([d[-1] ^ 0x80])) is False,
          "verify(): right, short, last bit changed")
    h.update(b"x")
    check(h.verify(keyedhash.new("highwayhash128", k, msg + b"x").digest()) and not h.verify(d),
          "verify() leaves the message open")
    expect_type_error(lambda: h.verify(d.hex()), "bytes", "verify(hex str)")


def run_stubs():
    """py.typed and the stubs installed; every public name has a stub;
    mypy --strict takes a usage file and refuses a wrong one."""
    import ast
    import subprocess
    import tempfile
    pkg = os.path.dirname(keyedhash.__file__)
    check(os.path.exists(os.path.join(pkg, "py.typed")), "py.typed installed")
    stubs = {}
    for f in ("__init__.pyi", "_keyedhash.pyi"):
        p = os.path.join(pkg, f)
        check(os.path.exists(p), f + " installed")
        if os.path.exists(p):
            stubs[f] = ast.parse(open(p).read())

    def names(tree, cls=None):
        out = set()
        body = tree.body
        if cls:
            body = [n for n in body if isinstance(n, ast.ClassDef) and n.name == cls][0].body
        for n in body:
            if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
                out.add(n.name)
            elif isinstance(n, ast.AnnAssign):
                out.add(n.target.id)
            elif isinstance(n, ast.ImportFrom):
                out |= {a.asname or a.name for a in n.names}
        return out
    if len(stubs) == 2:
        public = set(keyedhash.__all__) | {"__version__"}
        missing = public - names(stubs["__init__.pyi"])
        check(not missing, "a stub for every public name of keyedhash (missing: %s)" % sorted(missing))
        from keyedhash import _keyedhash
        ext = {n for n in dir(_keyedhash) if not n.startswith("_")}
        missing = ext - names(stubs["_keyedhash.pyi"])
        check(not missing, "a stub for every name of keyedhash._keyedhash (missing: %s)" % sorted(missing))
        attrs = {n for n in dir(keyedhash.Hasher) if not n.startswith("_")}
        missing = attrs - names(stubs["_keyedhash.pyi"], "Hasher")
        check(not missing, "a stub for every attribute of Hasher (missing: %s)" % sorted(missing))
    good = """import keyedhash
key: bytes = bytes(32)
h: keyedhash.Hasher = keyedhash.highwayhash256(b"data", key=key)
h.update(memoryview(b"more"))
tag: bytes = h.digest()
ok: bool = h.verify(tag) and keyedhash.compare_digest(tag, h.digest())
n: int = keyedhash.new("HighwayHash256", key, b"x").digest_size
v: str = keyedhash.__version__ + keyedhash.library_version + h.hexdigest() + h.name
names: frozenset[str] = keyedhash.algorithms_available
"""
    bad = """import keyedhash
h = keyedhash.highwayhash256(bytes(32), b"data")
"""
    if os.environ.get("KH_NO_MYPY"):
        # a plain venv (tests/rig/deb/release.sh's wheel) has no mypy: said in
        # the last line, not counted; lib/test-python runs these checks
        NOT_RUN.append("mypy --strict (KH_NO_MYPY: no mypy in this venv)")
        return
    with tempfile.TemporaryDirectory() as d:
        for what, src, want_ok in (("usage", good, True), ("the old (key, data) order", bad, False)):
            p = os.path.join(d, "use.py")
            with open(p, "w") as f:
                f.write(src)
            r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                                "--cache-dir", os.path.join(d, "cache"), p],
                               capture_output=True, text=True)
            out = (r.stdout + r.stderr).strip()
            if want_ok:
                check(r.returncode == 0 and not out, "mypy --strict takes the %s file: %s" % (what, out))
            else:
                check(r.returncode == 1 and "use.py:2: error:" in out,
                      "mypy --strict refuses %s: %s" % (what, out))


def run_many():
    """digest_many(): every length 0..1024 in batches of mixed lengths
    against new().digest() per message, by name and through every
    HighwayHash driver this CPU runs (and forced generic); the other
    algorithms in a batch; its errors."""
    rnd = random.Random(51)
    key = bytes(rnd.randrange(256) for _ in range(32))
    data = [bytes(rnd.randrange(256) for _ in range(1024)) for _ in range(4)]
    drivers = keyedhash.drivers()
    bad = runs = 0
    for name in ("highwayhash64", "highwayhash128", "highwayhash256"):
        for n in [name, name.upper()] + [d for d in drivers if d.startswith(name + "-")]:
            runs += 1
            for ln in range(1025):
                lens = (ln, (ln * 7 + 13) % 1025, ln // 3, 1024 - ln)
                msgs = [data[j][:lens[j]] for j in range(4)]
                got = keyedhash.digest_many(n, key, msgs)
                bad += got != [keyedhash.new(n, key, m).digest() for m in msgs]
    check(not bad and runs >= 6, "digest_many: every length 0..1024, %d names and drivers: %d bad" % (runs, bad))
    for name, k, msgs in (("sthash", key, [b"", b"abc", bytes(5000)]),
                          ("nhpoly1305", bytes(1088), [b"x" * 17, b""]),
                          ("multimixer128", bytes(range(256)) * 2, [bytes(64), bytes(96)])):
        check(keyedhash.digest_many(name, k, msgs) ==
              [keyedhash.new(name, k, m).digest() for m in msgs], "digest_many %s" % name)
    check(keyedhash.digest_many("highwayhash64", key, []) == [] and
          keyedhash.digest_many("highwayhash64", key, (b"a", b"b")) ==
          [keyedhash.new("highwayhash64", key, m).digest() for m in (b"a", b"b")],
          "digest_many: none, a tuple")
    expect_value_error(lambda: keyedhash.digest_many("multimixer128", bytes(64), [bytes(32), bytes(33)]),
                       "multiple of 32", "digest_many: a message multimixer128 refuses")
    expect_value_error(lambda: keyedhash.digest_many("md5", key, [b""]), "unsupported hash type",
                       "digest_many: unknown name")
    expect_type_error(lambda: keyedhash.digest_many("highwayhash64", key, [b"a", "text"]),
                      "encoded", "digest_many: a str message")
    return runs


def run_gil():
    """update() of a large buffer lets another thread run meanwhile: the
    main thread must have run in the middle of the worker's update()
    (with the GIL held it could run only before it or once it returned)."""
    import threading
    data = bytes(64 << 20)
    keyedhash.force_generic(True)          # slower: a longer window
    h = keyedhash.new("highwayhash256", bytes(32))
    keyedhash.force_generic(False)
    started = threading.Event()
    span = []

    def work():
        started.set()
        t0 = time.perf_counter()
        h.update(data)
        span.extend((t0, time.perf_counter()))
    old = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    t = threading.Thread(target=work)
    t.start()
    started.wait()
    stamps = []
    while t.is_alive():
        stamps.append(time.perf_counter())
    t.join()
    sys.setswitchinterval(old)
    t0, t1 = span
    lo, hi = t0 + 0.2 * (t1 - t0), t0 + 0.8 * (t1 - t0)
    inside = sum(lo <= x <= hi for x in stamps)
    check(inside >= 100, "GIL released during update(): the main thread ran %d times "
          "in the middle of a %.0f ms update()" % (inside, 1e3 * (t1 - t0)))
    check(h.digest() == keyedhash.new("highwayhash256", bytes(32), data).digest(),
          "threaded update digest")
    return inside


def main():
    n = run_vectors()
    run_api()
    run_hashlib_like()
    run_stubs()
    many = run_many()
    loops = run_gil()
    if fails:
        print("python-vectors: %d of %d checks failed" % (fails, checks))
        return 1
    stubs = "stubs" if NOT_RUN else "stubs (mypy --strict)"
    print("python-vectors: %d vectors through the keyedhash package (by name, %d drivers, forced generic, streamed, copy), hashlib-like names, constructors, __version__, verify/compare_digest, digest_many (%d names and drivers), %s, %d checks passed, GIL released in update() (the main thread ran %d times meanwhile)%s"
          % (n, len(keyedhash.drivers()), many, stubs, checks, loops,
             "".join("; not run: " + w for w in NOT_RUN)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

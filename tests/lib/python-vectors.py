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
    h = keyedhash.highwayhash128(k, b"abc")
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
    loops = run_gil()
    if fails:
        print("python-vectors: %d of %d checks failed" % (fails, checks))
        return 1
    print("python-vectors: %d vectors through the keyedhash package (by name, %d drivers, forced generic, streamed, copy), %d checks passed, GIL released in update() (the main thread ran %d times meanwhile)"
          % (n, len(keyedhash.drivers()), checks, loops))
    return 0


if __name__ == "__main__":
    sys.exit(main())

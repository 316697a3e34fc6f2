#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""One 1 MiB digest from Python (keyedhash.new(name, key, data).digest(),
and update() + digest() on a made object) against the C library's own time
(tests/libkeyedhash/speed.c), the minimum of several rounds each.

Usage: pyspeed.py SPEED-PROGRAM [ALG...]   (with the package importable)
"""
import subprocess
import sys
import time

import keyedhash

SIZE = 1 << 20


def best(fn, n, rounds):
    b = 1e9
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        b = min(b, (time.perf_counter() - t) / n)
    return b * 1e6


def main():
    prog, algs = sys.argv[1], sys.argv[2:] or ["highwayhash256", "sthash", "nhpoly1305"]
    data = bytes(SIZE)
    worst = 0.0
    for alg in algs:
        key = bytes(1088 if alg == "nhpoly1305" else 32)
        c_digest, c_new, drv = subprocess.run(
            [prog, alg, str(SIZE), "20", "15"], capture_output=True, text=True,
            check=True).stdout.split()
        c_digest, c_new = float(c_digest), float(c_new)
        h = keyedhash.new(alg, key)
        py_new = best(lambda: keyedhash.new(alg, key, data).digest(), 20, 15)

        def upd():
            c = h.copy()
            c.update(data)
            c.digest()
        py_upd = best(upd, 20, 15)
        r = py_new / c_new - 1
        worst = max(worst, r)
        print("%-16s %-24s C %8.1f us (with key setup %8.1f)  Python new().digest() %8.1f us (%+.1f %%), copy+update+digest %8.1f us (%+.1f %%)"
              % (alg, drv, c_digest, c_new, py_new, 100 * r, py_upd, 100 * (py_upd / c_digest - 1)))
    print("pyspeed: worst Python/C difference for a 1 MiB digest: %+.1f %%" % (100 * worst))


if __name__ == "__main__":
    main()

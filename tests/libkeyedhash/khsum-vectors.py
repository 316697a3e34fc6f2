#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every known-answer vector of tests/vectors through khsum with no module
(libkeyedhash, its default): the digests khsum prints, and khsum -c on a
sums file of them, with the SIMD drivers and with KEYEDHASH_FORCE_GENERIC=1.

Usage: khsum-vectors.py KHSUM
"""
import collections
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vectors  # noqa: E402


def main():
    khsum = sys.argv[1]
    groups = collections.OrderedDict()
    for name, key, msglen, spec, digest in vectors.records():
        groups.setdefault((name, key), []).append(
            (vectors.message(spec, msglen), digest))
    fails = runs = 0
    with tempfile.TemporaryDirectory() as d:
        for mode, env in (("SIMD", {}), ("generic", {"KEYEDHASH_FORCE_GENERIC": "1"})):
            e = dict(os.environ, **env)
            for g, ((name, key), recs) in enumerate(groups.items()):
                kf = os.path.join(d, "key")
                with open(kf, "wb") as f:
                    f.write(key)
                files, sums = [], []
                for i, (msg, digest) in enumerate(recs):
                    mf = os.path.join(d, "m%d" % i)
                    with open(mf, "wb") as f:
                        f.write(msg)
                    files.append(mf)
                    sums.append("%s  %s\n" % (digest.hex(), mf))
                want = "".join(sums)
                r = subprocess.run([khsum, "-a", name, "-k", kf] + files,
                                   capture_output=True, text=True, env=e)
                runs += 1
                if r.returncode or r.stdout != want:
                    fails += 1
                    print("FAIL %s %s key %d bytes: khsum printed\n%s%s" %
                          (mode, name, len(key), r.stdout, r.stderr))
                sf = os.path.join(d, "SUMS")
                with open(sf, "w") as f:
                    f.write(want)
                r = subprocess.run([khsum, "-a", name, "-k", kf, "-c", "--quiet", sf],
                                   capture_output=True, text=True, env=e)
                runs += 1
                if r.returncode or r.stdout:
                    fails += 1
                    print("FAIL %s %s -c: %s%s" % (mode, name, r.stdout, r.stderr))
        # --verbose names libkeyedhash and its driver
        with open(kf, "wb") as f:
            f.write(bytes(32))
        r = subprocess.run([khsum, "--verbose", "-a", "highwayhash256", "-k", kf, kf],
                           capture_output=True, text=True,
                           env=dict(os.environ, KEYEDHASH_FORCE_GENERIC="1"))
        runs += 1
        if "libkeyedhash" not in r.stderr or "highwayhash256-generic" not in r.stderr:
            fails += 1
            print("FAIL --verbose: %r" % r.stderr)
    n = sum(len(v) for v in groups.values())
    if fails:
        print("khsum-vectors: %d of %d khsum runs failed" % (fails, runs))
        return 1
    print("khsum-vectors: %d vectors through khsum without the module (libkeyedhash, SIMD and forced generic), print and -c, %d runs passed" % (n, runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

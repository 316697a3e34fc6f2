#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every function the module exports has a kernel-doc comment.

Usage: kdoc-exports.py TOP [KERNEL_DOC]

Each EXPORT_SYMBOL_GPL(name) of TOP's C files (outside tests/ and tools/)
must be declared in a header of include/keyedhash/ with a kernel-doc
comment "/**\\n * name() - ..." right above it, the headers must have no
kernel-doc warnings (KERNEL_DOC -none -Wall, the newest kernel's
scripts/kernel-doc, where given) and no exported symbol may be left out.
Prints what it checked; exits 1 on the first kind of problem found.
"""
import glob
import os
import re
import subprocess
import sys


def main():
    top = sys.argv[1]
    kdoc = sys.argv[2] if len(sys.argv) > 2 else None
    exported = set()
    for path in glob.glob(os.path.join(top, "**", "*.c"), recursive=True):
        rel = os.path.relpath(path, top)
        if rel.split(os.sep)[0] in ("tests", "tools", "build", "libkeyedhash", "python"):
            continue
        exported |= set(re.findall(r"^EXPORT_SYMBOL_GPL\((\w+)\);",
                                   open(path).read(), re.M))
    headers = sorted(glob.glob(os.path.join(top, "include", "keyedhash", "*.h")))
    documented = set()
    for h in headers:
        documented |= set(re.findall(r"^/\*\*\n \* (\w+)\(\) - ", open(h).read(), re.M))
    missing = sorted(exported - documented)
    if not exported:
        print("FAIL: no EXPORT_SYMBOL_GPL found at all")
        return 1
    if missing:
        for name in missing:
            print("FAIL: %s is exported without a kernel-doc comment in include/keyedhash/" % name)
        return 1
    if kdoc:
        r = subprocess.run([kdoc, "-none", "-Wall"] + headers,
                           capture_output=True, text=True)
        out = (r.stdout + r.stderr).strip()
        if r.returncode or out:
            print("FAIL: kernel-doc -none -Wall on include/keyedhash/*.h:")
            print(out)
            return 1
    print("%d exported functions, each with a kernel-doc comment%s" %
          (len(exported), ", kernel-doc -Wall clean" if kdoc else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Summarise the KTAP of keyedhash's KUnit suites from a VM console log.

Usage: ktap.py LOG SUITE_PREFIX
Prints "PASS: suite.case", "FAIL: suite.case" or "SKIP: suite.case reason"
(a skip is neither), any kernel splat as a FAIL, the failed expectations,
and "ktap: parsed N suites" at the end.
"""
import re
import sys


def main():
    log, prefix = sys.argv[1], sys.argv[2]
    text = open(log, errors="replace").read()
    # strip the "[   1.234] " printk time stamps
    lines = [re.sub(r"^\[\s*[0-9.]+\]\s?", "", l) for l in text.splitlines()]
    suites = 0
    suite = None
    for line in lines:
        s = line.strip()
        m = re.match(r"# Subtest: (\S+)", s)
        if m:
            suite = m.group(1)
            continue
        m = re.match(r"(not ok|ok) \d+ (\S+)(.*)", s)
        if not m or suite is None:
            continue
        ok, name, rest = m.group(1) == "ok", m.group(2), m.group(3)
        if name == suite:
            if suite.startswith(prefix):
                suites += 1
            suite = None
            continue
        if not suite.startswith(prefix):
            continue
        if "# SKIP" in rest:
            print("SKIP: %s.%s%s" % (suite, name, rest.split("# SKIP", 1)[1]))
        elif ok:
            print("PASS: %s.%s" % (suite, name))
        else:
            print("FAIL: %s.%s" % (suite, name))
    for i, line in enumerate(lines):
        if re.search(r"BUG:|WARNING:|Oops|Call Trace|KASAN|kernel panic"
                     r"|UBSAN:|blocked for more than", line):
            print("FAIL: kernel log: %s" % line.strip())
        elif "unreferenced object" in line:
            # kmemleak: an object allocated under start_kernel() predates
            # every module (the kernel's own boot caches); others count
            report = []
            for nxt in lines[i + 1:i + 40]:
                if "unreferenced object" in nxt:
                    break
                report.append(nxt)
            if not any("start_kernel" in r for r in report):
                print("FAIL: kernel log: %s" % line.strip())
    for line in lines:
        if re.search(r"Expected .* but|ASSERTION FAILED|EXPECTATION FAILED|self-test failed", line):
            print("  " + line.strip())
    if suites == 0:
        print("FAIL: no %s* suite reported a result" % prefix)
    print("ktap: parsed %d suites" % suites)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Summarise the KTAP of keyedhash's KUnit suites from a VM console log.

Usage: ktap.py LOG SUITE_PREFIX [SUITES_SOURCE]
Prints "PASS: suite.case", "FAIL: suite.case" or "SKIP: suite.case reason"
(a skip is neither), any kernel splat as a FAIL, the failed expectations,
and "ktap: parsed N suites" at the end.  Every suite must report as many
results as its plan line (1..N) announced.  With SUITES_SOURCE (the
suites' C file, tests/kunit/keyedhash_kunit.c) every suite it defines
with KH_HASH_SUITE() must have reported, with the cases of the template
(tests/kunit/hash_test_template.h beside it) plus its own extra ones:
a suite that vanished or lost cases fails.
"""
import os
import re
import sys


def expected_suites(source):
    """{suite name: case count} from KH_HASH_SUITE() invocations."""
    text = open(source).read()
    template = open(os.path.join(os.path.dirname(source),
                                 "hash_test_template.h")).read()
    shared = len(re.findall(r"KUNIT_CASE\(prefix##_\w+\)", template))
    want = {}
    for m in re.finditer(r'^KH_HASH_SUITE\((\w+),\s*"([^"]+)"(.*?)\);',
                         text, re.S | re.M):
        want[m.group(2)] = shared + len(re.findall(r"KUNIT_CASE\(", m.group(3)))
    # the library's suite (lib_kunit.c): its cases array and its name
    lib = os.path.join(os.path.dirname(source), "lib_kunit.c")
    if os.path.exists(lib):
        text = open(lib).read()
        cases = re.search(r"kunit_case kh_lib_cases\[\] = \{(.*?)\};", text, re.S)
        name = re.search(r'\.name = "([^"]+)"', text)
        if cases and name:
            want[name.group(1)] = len(re.findall(r"KUNIT_CASE\(", cases.group(1)))
    return want


def early_boot_reports(lines):
    """{line index: its report's first line} of the reports the kernel made
    of itself in its early boot, before any module could load: a report
    whose block (to its closing ===== or end-trace line) has start_kernel in
    its stack and none of the later paths (rest_init and the idle loop,
    kernel_init, a kthread, a system call).  tests/vm/lib-guest.sh's
    kh_early_boot_aside() sets the same aside in the VMs."""
    aside = {}
    for i, line in enumerate(lines):
        if i in aside or not re.search(r"BUG:|WARNING:|Oops|KASAN|UBSAN:", line):
            continue
        block = [i]
        for j in range(i + 1, min(len(lines), i + 80)):
            block.append(j)
            if re.search(r"={20}|---\[ end trace", lines[j]):
                break
        text = "\n".join(lines[j] for j in block)
        if "start_kernel" in text and not re.search(
                r"rest_init|cpu_startup_entry|do_idle|kernel_init|kthread|do_syscall", text):
            for j in block:
                aside[j] = i
    return aside


def main():
    log, prefix = sys.argv[1], sys.argv[2]
    want = expected_suites(sys.argv[3]) if len(sys.argv) > 3 else {}
    results = {}     # suite -> number of case results
    plans = {}       # suite -> N of its "1..N"
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
            results[suite] = 0
            continue
        m = re.match(r"1\.\.(\d+)$", s)
        if m and suite is not None and suite not in plans:
            plans[suite] = int(m.group(1))
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
        results[suite] += 1
        if "# SKIP" in rest:
            print("SKIP: %s.%s%s" % (suite, name, rest.split("# SKIP", 1)[1]))
        elif ok:
            print("PASS: %s.%s" % (suite, name))
        else:
            print("FAIL: %s.%s" % (suite, name))
    early = early_boot_reports(lines)
    for i, line in enumerate(lines):
        if i in early:
            if i == early[i]:
                print("NOTE: kernel log, the kernel's own early-boot report"
                      " (start_kernel, before any module), set aside: %s"
                      % line.strip())
        elif re.search(r"BUG:|WARNING:|Oops|Call Trace|KASAN|kernel panic"
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
    for name, n in sorted(results.items()):
        if name.startswith(prefix) and plans.get(name) != n:
            print("FAIL: %s: %d results, its plan said %s" % (name, n, plans.get(name)))
    for name, n in sorted(want.items()):
        if name not in results:
            print("FAIL: %s: suite missing from the log" % name)
        elif results[name] != n:
            print("FAIL: %s: %d cases reported, %d defined" % (name, results[name], n))
        else:
            print("PASS: %s: all %d cases reported" % (name, n))
    print("ktap: parsed %d suites" % suites)
    return 0


if __name__ == "__main__":
    sys.exit(main())

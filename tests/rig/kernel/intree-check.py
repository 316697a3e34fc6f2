#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check testmgr's and tcrypt's results in the in-tree kernel's console log.

Usage: intree-check.py CONSOLE_LOG DOT_CONFIG TCRYPT_C
Prints "PASS: ..."/"FAIL: ..." lines.  Reads the lines of the rig's suite
(tests/rig/kernel/intree_testmgr.c, "keyedhash-intree: ..."), testmgr's own
("alg: ...") and tcrypt's ("tcrypt: ...") from the console log of a boot
with tcrypt.mode=300; DOT_CONFIG is the kernel's .config, TCRYPT_C the
tree's crypto/tcrypt.c (for the speed modes the series added).

  * testmgr's full self-tests are configured and announced themselves
  * every keyedhash driver the module registered passed testmgr at
    registration ("selftest : passed"), each algorithm has a testmgr entry
    (no "alg: No test for" naming ours), and alg_test() passes it again
  * each algorithm has its generic and its AVX2 driver (-cpu max)
  * for every SIMD driver, testmgr called another driver of the algorithm
    (the generic one) while testing it: the fuzzing ran
  * no "alg:" failure line, outside the windows in which the rig's suite
    breaks a vector and a SIMD driver on purpose; inside them, the same
    failure detection must find testmgr's failure (a wrong vector; a SIMD
    driver wrong only on random keys, caught on a "random:" vector)
  * every keyedhash speed mode of tcrypt ran: "testing speed of" the
    algorithm, cycle counts for each block size, no failure
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
results = []


def report(ok, text):
    results.append(("PASS: " if ok else "FAIL: ") + text)


def generic_drivers():
    """{algorithm: generic driver} from the one table of drivers
    (include/keyedhash/internal/drivers.h, the KH_DRIVER_*_generic rows)."""
    text = open(os.path.join(TOP, "include/keyedhash/internal/drivers.h")).read()
    return dict(re.findall(r'#define KH_DRIVER_\w+_generic\(X\)\s*\\\s*X\("([^"]+)", "([^"]+)",', text))


def failures(lines, ours):
    """testmgr's failure lines among @lines (see the module docstring)."""
    bad = []
    for line in lines:
        if not re.search(r"(^|\s)(alg|testmgr): ", line):
            continue
        m = re.search(r"alg: No test for (\S+) \((\S+)\)", line)
        if m:
            if m.group(1) in ours or m.group(2) in ours:
                bad.append(line)
            continue
        if re.search(r"alg: (extra|full) crypto tests enabled", line):
            continue
        bad.append(line)
    return bad


def main():
    log, config, tcrypt_c = sys.argv[1:4]
    text = open(log, errors="replace").read()
    lines = [re.sub(r"^\[\s*[0-9.]+\]\s?", "", l) for l in text.splitlines()]
    cfg = open(config).read()
    generics = generic_drivers()
    report(len(generics) == 7, "the one table of drivers names the 7 generic drivers (%d found)"
           % len(generics))

    # full self-tests
    full = re.search(r"^CONFIG_(CRYPTO_MANAGER_EXTRA_TESTS|CRYPTO_SELFTESTS_FULL)=y$", cfg, re.M)
    banner = [l for l in lines if re.search(r"alg: (extra|full) crypto tests enabled", l)]
    report(full and banner, "testmgr's full self-tests: %s=y, and the log says \"%s\""
           % (full.group(1) if full else "none of CRYPTO_MANAGER_EXTRA_TESTS/SELFTESTS_FULL",
              banner[0].strip() if banner else "(no banner)"))

    # the drivers and their verdicts
    reg = [re.search(r"keyedhash: registered (\d+) drivers", l) for l in lines]
    reg = [m for m in reg if m]
    drivers = {}
    for l in lines:
        m = re.search(r"keyedhash-intree: (\S+) \((\S+), priority (-?\d+)\): selftest : (\S+)", l)
        if m:
            drivers[m.group(1)] = {"name": m.group(2), "prio": m.group(3), "selftest": m.group(4)}
    ours = set(generics) | set(drivers) | set(generics.values())
    report(reg and int(reg[0].group(1)) == len(drivers) and drivers,
           "the rig's suite found the %d drivers keyedhash registered (%s)"
           % (len(drivers), reg[0].group(0) if reg else "no \"keyedhash: registered\" line"))
    notest = [l for l in lines if "alg: No test for" in l and l in failures([l], ours)]
    report(not notest, "testmgr has an entry for every keyedhash algorithm (no \"alg: No test for\" of ours)%s"
           % "".join("\n    " + l for l in notest))
    for name, gen in sorted(generics.items()):
        have = sorted(d for d, v in drivers.items() if v["name"] == name)
        simd = [d for d in have if d != gen]
        report(gen in have and any(d.endswith("-avx2") for d in simd),
               "%s: drivers %s (the generic one and AVX2 on -cpu max; AVX-512 is absent under TCG)"
               % (name, ", ".join(have) or "none"))

    rerun = {}
    for l in lines:
        m = re.search(r"keyedhash-intree: (\S+): alg_test\(\) = (-?\d+); other drivers testmgr called: (.*)", l)
        if m:
            rerun[m.group(1)] = (int(m.group(2)), m.group(3).strip())
    for d, v in sorted(drivers.items()):
        rc, others = rerun.get(d, (None, ""))
        report(v["selftest"] == "passed" and rc == 0,
               "%s (%s, priority %s): testmgr passed it at registration (selftest : %s) and alg_test() again returns %s"
               % (d, v["name"], v["prio"], v["selftest"], rc))
        if d == generics.get(v["name"]):
            continue
        calls = re.findall(r"(\S+) \((\d+) setkey, (\d+) final/finup/digest\)", others)
        report(any(int(s) > 0 for _, s, _ in calls),
               "%s: testmgr's fuzzing ran, comparing it with %s%s" % (d, "; ".join(
                   "%s (%s random-key setkey, %s final/finup/digest calls)" % c for c in calls) or "nothing",
                   "; no random key was valid, so only setkey's errors were compared"
                   if calls and not any(int(o) for _, _, o in calls) else ""))

    # failures outside the windows; testmgr's failures inside them
    outside, windows, cur = [], {}, None
    for l in lines:
        m = re.search(r"keyedhash-intree: broken (\w+): (begin|end)", l)
        if m and m.group(2) == "begin":
            cur = m.group(1)
            windows[cur] = [l]
            continue
        if m:
            windows[cur].append(l)
            cur = None
            continue
        (windows[cur] if cur else outside).append(l)
    bad = failures(outside, ours)
    report(not bad, "no testmgr failure (\"alg:\" line) outside the deliberately broken cases%s"
           % "".join("\n    " + l for l in bad[:20]))
    w = windows.get("vector", [])
    caught = [l for l in failures(w, ours) if "wrong result" in l and "-generic" in l]
    report(caught and w and re.search(r"= -\d+$", w[-1]),
           "a flipped digest byte in testmgr's table is caught by the same check: %s"
           % (caught[0].strip() if caught else "NOT caught (%d lines)" % len(w)))
    w = windows.get("simd", [])
    m = re.search(r"begin \((\S+) wrong", w[0]) if w else None
    caught = [l for l in failures(w, ours) if m and m.group(1) in l and "random:" in l]
    report(caught and re.search(r"= -\d+ after", w[-1]),
           "a SIMD driver wrong only on random keys is caught by testmgr's fuzzing: %s"
           % (caught[0].strip() if caught else "NOT caught (%d lines)" % len(w)))

    # tcrypt
    src = open(tcrypt_c).read()
    modes = re.findall(r'\tcase (\d+):\n\t\ttest_hash_speed\("([^"]+)"', src)
    modes = [(int(n), a) for n, a in modes if a in generics]
    report(len(modes) == len(generics), "tcrypt.c has a speed mode for each keyedhash algorithm: %s"
           % ", ".join("%d %s" % m for m in modes))
    blocks, cur = {}, None
    for l in lines:
        m = re.search(r"testing speed of (?:async )?(\S+) \((\S+)\)", l)
        if m:
            cur = m.group(1)
            blocks[cur] = {"driver": m.group(2), "lines": []}
            continue
        if cur and "tcrypt:" in l:
            blocks[cur]["lines"].append(l)
    for n, a in modes:
        b = blocks.get(a)
        if not b:
            report(False, "tcrypt mode %d (%s) ran: no \"testing speed of %s\"" % (n, a, a))
            continue
        ok = [l for l in b["lines"] if re.search(r"test\s*\d+ \(.*\d+ cycles/operation", l)]
        err = [l for l in b["lines"] if re.search(r"fail|error", l, re.I)]
        report(ok and not err, "tcrypt mode %d: %s (%s), %d block sizes, e.g. \"%s\"%s"
               % (n, a, b["driver"], len(ok), ok[-1].split("tcrypt: ", 1)[-1].strip() if ok else "-",
                  "".join("\n    " + l for l in err)))

    print("\n".join(results))
    print("intree-check: %d checks" % len(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

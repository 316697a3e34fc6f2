#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the measured tables of docs/performance-results.md from build/bench.tsv.

    tools/bench/report.py [--tsv build/bench.tsv] [--doc docs/performance-results.md]
                          [--info FILE] [--output FILE] [--detail FILE]
                          [--chart-dir build/bench] [--img-dir docs/img]
                          [--no-chart] [--stdout]

make bench runs it after tools/bench/run.sh; make bench-report runs it
alone on an existing build/bench.tsv.  The figures live in their own page,
docs/performance-results.md, which only this script writes; the method
and the reading of the figures are in docs/performance.md, which links to
it.  It replaces what lies between the lines "<!-- bench:begin -->" and
"<!-- bench:end -->" of the document (nothing else of it changes) with:

  * the machine and the date of the run (build/bench/run-info.txt, which
    run.sh writes) and kbench's clock and FPU-cost lines (its output,
    build/bench/output.txt);
  * one table per algorithm, median core cycles per byte per message size;
  * the targets of the speed work, each computed from the rows it names;
  * the SIMD sections per message of the kernel-mode rows
    (build/bench/detail.tsv);
  * the dm-integrity rows (algorithm "dm-integrity", bytes = the block
    size, implementation = the driver and its context, " [kthread]" or
    " [task]") as cycles per block;
  * with gnuplot installed, a chart (cycles per byte against message size,
    log-log, ours and the peers, one panel per algorithm and one of the
    keyed hashes a dm-integrity user picks from): build/bench/bench.svg,
    copied to docs/img/bench.svg, which the document shows; and a bar chart
    of cycles per dm-integrity block per driver and context,
    build/bench/dm-integrity.svg, copied to docs/img/dm-integrity.svg.

Between the lines "<!-- dmi:begin -->" and "<!-- dmi:end -->", where the
document has them (at its top), it writes the answer to "which keyed hash
for dm-integrity, and what does it cost per block": the fastest driver of
each MAC per block size and context, and the ratios of ours to
hmac(sha256), hmac(sha512) and crc32c.

With --tsv given, the other inputs are read only when named.  A malformed
TSV (header, column count, numbers, duplicate rows, no rows) is an error:
exit status 1 and the line that is wrong.  Python 3 standard library only.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = ["algorithm", "implementation", "bytes", "cycles_per_byte", "gb_per_s"]
BEGIN = "<!-- bench:begin -->"
END = "<!-- bench:end -->"
KSUFFIX = " [kernel]"
DMI = "dm-integrity"
DMI_BEGIN = "<!-- dmi:begin -->"
DMI_END = "<!-- dmi:end -->"
CONTEXTS = (" [kthread]", " [task]")
# The MACs a dm-integrity user picks from, by the driver names of the rows
# (ours: every driver of these; the peers: Linux 6.1's drivers).
OURS_DMI = ("highwayhash128", "highwayhash256", "sthash")
HMAC256 = ("peer:hmac(sha256-ni)", "peer:hmac(sha256-avx2)")
HMAC512 = ("peer:hmac(sha512-avx2)",)
CRC32C = ("peer:crc32c-intel",)
# The dm-integrity rows of drivers that hash nothing (tools/bench/dmint-ours.c)
FLOOR = "floor"
FLOOR_SIMD = "floor-simd"
FLOORS = (FLOOR, FLOOR_SIMD)

# What each algorithm's rows measure (kbench's setup, tools/bench/README.md).
NOTES = {
    "highwayhash64": "key 32 B",
    "highwayhash128": "key 32 B",
    "highwayhash256": "key 32 B",
    "multimixer128": "key as long as the message; 32 B instead of 16; at most 64 KiB",
    "nhpoly1305": "key 1088 B",
    "nh": "NH alone over 1 KiB chunks, sums added; no Poly1305",
    "sthash": "seed 32 B, no personalization",
    "sthash-personalized": "seed 32 B and both personalizations",
    "hmac-sha256": "for scale; key 32 B",
    "poly1305": "for scale; one-time key taken per message",
    "blake2b-256": "for scale; keyed, 32 B digest, key 32 B",
    "siphash-2-4": "for scale; key 16 B, 8 B digest",
    "hmac-sha512": "for scale; key 32 B",
    "crc32c": "unkeyed (seed ~0), dm-integrity's default",
    "xxhash64": "unkeyed (seed 0)",
}

# The targets of the speed work (issue "speed where kernel users choose").
# Each: description, our implementation(s), the peer(s) (the fastest of them
# at each size counts), sizes, and the rule: ("faster", p) wants
# 1 - ours/peer >= p, ("cost", r) wants ours/peer <= r (cycles), ("level", 0)
# wants ours <= peer, ("report", 0) only reports the ratio.
K = KSUFFIX
D = " [kthread]"
OURS_BEST_MAC = [d + D for d in ("highwayhash128-avx2", "highwayhash256-avx2", "sthash-avx2",
                                  "sthash-avx512")]
HH_CRATE = ["peer:rust-highway", "peer:rust-highway-native"]
# Every HighwayHash peer: the crate's builds, the Go module (its own harness,
# tools/bench/peers-go) and Google's C and AVX2 C++ (with KH_GOOGLE_HH).
HH_PEERS = HH_CRATE + ["peer:go-minio-highwayhash", "peer:google-highwayhash-c",
                       "peer:google-highwayhash-avx2"]
TARGETS = [
    ("dm-integrity, 4 KiB `[kthread]`: our best MAC (`highwayhash128`, `highwayhash256` or `sthash`) at most "
     "0.2× the cycles of the kernel's `hmac(sha256)` on SHA-NI", DMI,
     OURS_BEST_MAC, ["peer:hmac(sha256-ni)" + D], [4096], ("cost", 0.2)),
    ("dm-integrity, 4 KiB `[kthread]`: our best MAC at most 0.1× the cycles of `hmac(sha512)`",
     DMI, OURS_BEST_MAC, ["peer:hmac(sha512-avx2)" + D], [4096], ("cost", 0.1)),
    ("dm-integrity, 4 KiB `[kthread]`: our best MAC at most 1.6× the cycles of `crc32c`", DMI,
     OURS_BEST_MAC, ["peer:crc32c-intel" + D], [4096], ("cost", 1.6)),
    ("dm-integrity, 512 B `[kthread]`: our best MAC at most 0.25× the cycles of `hmac(sha256)`",
     DMI, OURS_BEST_MAC, ["peer:hmac(sha256-ni)" + D], [512], ("cost", 0.25)),
    ("`nhpoly1305-keyedhash-avx2` at least 10 % faster than the kernel's `nhpoly1305-avx2`",
     "nhpoly1305", ["nhpoly1305-keyedhash-avx2" + K], ["peer:linux-nhpoly1305-avx2" + K],
     [16, 64, 256, 1024, 4096, 1048576], ("faster", 0.10)),
] + [
    ("bare `%s-avx2` at most 1.0× the cycles of the `highway` crate's best build" % a, a,
     [a + "-avx2"], HH_CRATE, [16, 1024, 1048576], ("level", 0))
    for a in ("highwayhash64", "highwayhash128", "highwayhash256")
] + [
    ("bare `%s-avx2` at most %s× the cycles of the best HighwayHash peer (the crate's builds, "
     "Go's `minio/highwayhash`, Google's C and AVX2 C++ where built)" % (a, r), a,
     [a + "-avx2"], HH_PEERS, sizes, rule)
    for a in ("highwayhash64", "highwayhash128", "highwayhash256")
    for r, sizes, rule in (("0.9", [16, 64, 256, 1024], ("cost", 0.9)),
                           ("1.0", [4096, 1048576], ("level", 0)))
] + [
    ("libkeyedhash's `%s` (%s) at most %s× the cycles of the best HighwayHash peer"
     % (a, "streaming: init, update, final" if st else "one-shot", r), a,
     ["lib:%s%s" % (a, " stream" if st else "")], HH_PEERS, sizes, rule)
    for a in ("highwayhash64", "highwayhash128", "highwayhash256")
    for st in (False, True)
    for r, sizes, rule in (("0.9", [16, 64, 256, 1024], ("cost", 0.9)),
                           ("1.0", [4096, 1048576], ("level", 0)))
] + [
    ("bare `%s` (our fastest driver) at most 1.0× the cycles of the `sthash` crate's best build"
     % a, a, [a + "-avx2", a + "-avx512"], ["peer:rust-sthash", "peer:rust-sthash-native"],
     [16, 1024, 1048576], ("level", 0))
    for a in ("sthash",)
] + [
    ("bare `multimixer128` (our fastest driver) at most 1.0× the cycles of the "
     "`multimixer-128` crate's best build", "multimixer128",
     ["multimixer128-avx2", "multimixer128-avx512"],
     ["peer:rust-multimixer-128", "peer:rust-multimixer-128-native"],
     [32, 1024, 65536], ("level", 0)),
]

# Line colours of a panel, in row order (more distinct than gnuplot's 8).
COLOURS = ["#9400d3", "#009e73", "#56b4e9", "#e69f00", "#1f3fbf", "#e51e10",
           "#000000", "#8c564b", "#ff69b4", "#7f7f7f", "#17becf", "#bcbd22"]

# The chart: these algorithms, one panel each, then the panel of the MACs a
# dm-integrity user picks from, as in the kernel (MAC_PANEL).
CHART_ALGS = ["highwayhash64", "highwayhash256", "multimixer128", "nhpoly1305", "sthash", "nh"]
MAC_PANEL = "keyed hashes for dm-integrity, as in the kernel"
MAC_PANEL_ROWS = [("highwayhash128", "highwayhash128-avx2 [kernel]"),
                  ("highwayhash256", "highwayhash256-avx2 [kernel]"),
                  ("sthash", "sthash-avx2 [kernel]"),
                  ("sthash", "sthash-avx512 [kernel]"),
                  ("hmac-sha256", "peer:linux-hmac(sha256-ni) [kernel]"),
                  ("hmac-sha256", "peer:linux-hmac(sha256-avx2) [kernel]"),
                  ("hmac-sha512", "peer:linux-hmac(sha512-avx2) [kernel]"),
                  ("crc32c", "peer:linux-crc32c-intel [kernel]"),
                  ("xxhash64", "peer:linux-xxhash64-generic [kernel]"),
                  ("blake2b-256", "peer:linux-blake2b-256-generic [kernel]"),
                  ("poly1305", "peer:linux-poly1305-x86_64 [kernel]")]


class BadInput(Exception):
    pass


def read_tsv(path):
    """[(alg, impl, bytes, cpb, gbs)] in file order; BadInput if malformed."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise BadInput("%s: %s" % (path, e.strerror))
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].split("\t") != HEADER:
        raise BadInput("%s line 1: header is not %s" % (path, "\\t".join(HEADER)))
    rows, seen = [], set()
    for n, line in enumerate(lines[1:], 2):
        f = line.split("\t")
        if len(f) != len(HEADER):
            raise BadInput("%s line %d: %d columns, not %d" % (path, n, len(f), len(HEADER)))
        alg, impl = f[0], f[1]
        if not alg or not impl:
            raise BadInput("%s line %d: empty algorithm or implementation" % (path, n))
        try:
            size, cpb, gbs = int(f[2]), float(f[3]), float(f[4])
        except ValueError:
            raise BadInput("%s line %d: bytes, cycles_per_byte or gb_per_s is not a number"
                           % (path, n))
        if size <= 0 or not cpb > 0 or not gbs >= 0 or cpb == float("inf"):
            raise BadInput("%s line %d: bytes and cycles_per_byte must be positive" % (path, n))
        if (alg, impl, size) in seen:
            raise BadInput("%s line %d: %s / %s / %d twice" % (path, n, alg, impl, size))
        seen.add((alg, impl, size))
        rows.append((alg, impl, size, cpb, gbs))
    if not rows:
        raise BadInput("%s: no rows" % path)
    return rows


def read_kv(path):
    """Tab-separated "key value" lines (run-info.txt); {} when absent."""
    kv = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                k, _, v = line.rstrip("\n").partition("\t")
                if k:
                    kv[k] = v
    return kv


def read_sections(path):
    """{(alg, impl, bytes): sections} of the kernel-mode rows of detail.tsv."""
    sec = {}
    if not path or not os.path.exists(path):
        return sec
    with open(path, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        try:
            ia, ii, ib, isec = (head.index(c) for c in
                                ("algorithm", "implementation", "bytes",
                                 "simd_sections_per_message"))
        except ValueError:
            return sec
        for line in f:
            c = line.rstrip("\n").split("\t")
            if len(c) == len(head) and c[isec] != "-":
                sec[(c[ia], c[ii], int(c[ib]))] = c[isec]
    return sec


def size_name(n):
    for unit, div in (("M", 1 << 20), ("K", 1 << 10)):
        if n >= div and n % div == 0:
            return "%d%s" % (n // div, unit)
    return str(n)


def num(x):
    """Three significant figures, as kbench prints them."""
    if x >= 100:
        return "%.0f" % x
    if x >= 10:
        return "%.1f" % x
    if x >= 1:
        return "%.2f" % x
    return "%.3f" % x


def group(rows):
    """{alg: {impl: {bytes: (cpb, gbs)}}}, with the order of first appearance."""
    algs = {}
    for alg, impl, size, cpb, gbs in rows:
        algs.setdefault(alg, {}).setdefault(impl, {})[size] = (cpb, gbs)
    return algs


def alg_table(alg, impls):
    sizes = sorted({s for cells in impls.values() for s in cells})
    out = ["#### %s" % alg + (" (%s)" % NOTES[alg] if alg in NOTES else ""), ""]
    out.append("| implementation | " + " | ".join(size_name(s) for s in sizes)
               + " | GB/s at %s |" % size_name(sizes[-1]))
    out.append("|---|" + "---:|" * (len(sizes) + 1))
    for impl, cells in impls.items():
        r = [num(cells[s][0]) if s in cells else "–" for s in sizes]
        g = "%.2f" % cells[sizes[-1]][1] if sizes[-1] in cells else "–"
        out.append("| `%s` | %s | %s |" % (impl, " | ".join(r), g))
    out.append("")
    return out


def best(table, names, size):
    """The fastest of names at size: (cpb, name), or None."""
    c = [(table[n][size][0], n) for n in names if n in table and size in table[n]]
    return min(c) if c else None


def compare(o, p):
    """How ours (o) compares with the peer (p), in cycles per byte."""
    if o <= p:
        return "%.0f %% faster" % (100 * (1 - o / p))
    if o < 2 * p:
        return "%.0f %% slower" % (100 * (o / p - 1))
    return "%.1f× the cycles" % (o / p)


def verdict(rule, o, p):
    """(met: True, False or None for a reported ratio, how)"""
    kind, v = rule
    if kind == "faster":
        return 1 - o / p >= v, compare(o, p)
    if kind == "ratio":
        return p / o >= v, "%.2f× the speed" % (p / o)
    if kind in ("cost", "report"):
        how = "%.3f× the cycles" % (o / p)
        return (o / p <= v if kind == "cost" else None), how
    return o <= p, compare(o, p)


def targets_table(algs):
    out = ["| target | size | measured (core c/B): ours vs peer | met |",
           "|---|---:|---|---|"]
    for desc, alg, ours, peers, sizes, rule in TARGETS:
        table = algs.get(alg, {})
        for first, size in enumerate(sizes):
            desc = desc if first == 0 else "″"
            o, p = best(table, ours, size), best(table, peers, size)
            if not o or not p:
                missing = ", ".join("`%s`" % n for n in ours + peers
                                    if n not in table or size not in table[n])
                out.append("| %s | %s | not in this run (%s) | – |"
                           % (desc, size_name(size), missing))
                continue
            ok, how = verdict(rule, o[0], p[0])
            out.append("| %s | %s | %s `%s` vs %s `%s` (%s) | %s |"
                       % (desc, size_name(size), num(o[0]), o[1], num(p[0]), p[1], how,
                          "–" if ok is None else "**yes**" if ok else "no"))
    out.append("")
    return out


def sections_table(algs, sec):
    if not sec:
        return []
    out = ["SIMD sections per message in the kernel-mode rows (the kernel's own "
           "nhpoly1305 drivers enter one per 4 KiB and none below 64 bytes):", ""]
    for alg, impls in algs.items():
        rows = [(impl, cells) for impl, cells in impls.items()
                if any((alg, impl, s) in sec for s in cells)]
        if not rows:
            continue
        sizes = sorted({s for _, cells in rows for s in cells})
        out.append("| %s | " % alg + " | ".join(size_name(s) for s in sizes) + " |")
        out.append("|---|" + "---:|" * len(sizes))
        for impl, cells in rows:
            out.append("| `%s` | " % impl + " | ".join(sec.get((alg, impl, s), "–")
                                                       for s in sizes) + " |")
        out.append("")
    return out


def busy(info):
    try:
        return float(info.get("load_before", "0").split()[0]) >= 0.5 * float(info.get("cpus", "1"))
    except ValueError:
        return False


def header(info, output_lines, tsv):
    out = []
    when = info.get("date") or "unknown (no run-info.txt beside %s)" % os.path.basename(tsv)
    out.append("Run of %s on %s (%s CPUs, %s, Linux %s)%s." % (
        when, info.get("cpu", "an unrecorded CPU"), info.get("cpus", "?"),
        info.get("arch", "?"), info.get("kernel", "?"),
        "; kbench options: `%s`" % info["args"] if info.get("args") else ""))
    if info.get("rethunk") == "0":
        out.append("Built with `KB_RETHUNK=0`: the kernel-mode rows return with a plain "
                   "`ret`, as a kernel that needs no return thunk on its CPU runs.")
    if info.get("load_before") or info.get("load_after"):
        out.append("Load average (1, 5, 15 min) before the run %s, after it %s: "
                   "other work on the machine shows as noise in the figures%s."
                   % (info.get("load_before", "?"), info.get("load_after", "?"),
                      "; with a load near or above the CPU count, as here, they are only "
                      "indicative" if busy(info) else ""))
    if output_lines:
        out.append("")
        out.append("```")
        out.extend(output_lines)
        out.append("```")
    out.append("")
    return out


def kbench_header(path):
    """kbench's clock and FPU-cost lines from its output (run.sh's copy)."""
    if not path or not os.path.exists(path):
        return []
    keep = ("counter:", "core/", "kernel mode FPU cost")
    with open(path, encoding="utf-8", errors="replace") as f:
        return [l.rstrip("\n") for l in f if l.startswith(keep)]


def gp_text(t):
    return t.replace("'", "''")


def chart_panels(algs):
    """[(title, {impl: cells})]: CHART_ALGS, then the dm-integrity MACs."""
    panels = [("%s: core cycles per byte by message size" % a, algs[a])
              for a in CHART_ALGS if a in algs]
    macs = {}
    for alg, impl in MAC_PANEL_ROWS:
        if alg in algs and impl in algs[alg]:
            macs[impl] = algs[alg][impl]
    if len(macs) > 1:
        panels.append((MAC_PANEL, macs))
    return panels


def plot(gp, script, chart_dir, img_dir, name):
    """Run gnuplot on script (which writes chart_dir/name.svg), copy the SVG to
    img_dir; the relative path the doc shows, or None if gnuplot failed."""
    gpf = os.path.join(chart_dir, name + ".gp")
    svg = os.path.join(chart_dir, name + ".svg")
    with open(gpf, "w", encoding="utf-8") as f:
        f.write("\n".join(script) + "\n")
    r = subprocess.run([gp, gpf], capture_output=True, text=True)
    if r.returncode or not os.path.exists(svg):
        print("report.py: gnuplot failed: %s" % r.stderr.strip(), file=sys.stderr)
        return None
    os.makedirs(img_dir, exist_ok=True)
    shutil.copyfile(svg, os.path.join(img_dir, name + ".svg"))
    return "img/%s.svg" % name


def chart(algs, chart_dir, img_dir):
    """build/bench/bench.svg by gnuplot; the relative path the doc shows, or None."""
    gp = shutil.which("gnuplot")
    if not gp:
        print("report.py: no gnuplot (apt-get install gnuplot-nox): no chart drawn",
              file=sys.stderr)
        return None
    panels = chart_panels(algs)
    if not panels:
        return None
    os.makedirs(chart_dir, exist_ok=True)
    svg = os.path.join(chart_dir, "bench.svg")
    cols = 2
    rows_n = (len(panels) + cols - 1) // cols
    sizes = sorted({s for _, impls in panels for cells in impls.values() for s in cells})
    tics = ", ".join('"%s" %d' % (size_name(s), s) for s in sizes)
    script = ["set terminal svg size 1200,%d font 'sans,11' background '#ffffff'" % (560 * rows_n),
              "set termoption noenhanced",
              "set output '%s'" % svg,
              "set datafile separator '\\t'",
              "set logscale xy",
              "set grid",
              "set xrange [%g:%g]" % (sizes[0] / 1.3, sizes[-1] * 1.3),
              "set xtics (%s)" % tics,
              "set ylabel 'core cycles per byte (median)'",
              "set key outside below left Left reverse maxcols 2 font 'sans,9' spacing 0.9",
              "set multiplot layout %d,%d" % (rows_n, cols)]
    for n, (title, impls) in enumerate(panels):
        plots = []
        for i, (impl, cells) in enumerate(impls.items()):
            dat = os.path.join(chart_dir, "chart-%d-%d.dat" % (n, i))
            with open(dat, "w", encoding="utf-8") as f:
                for s in sorted(cells):
                    f.write("%d\t%.4f\n" % (s, cells[s][0]))
            kernel = " [kernel" in impl
            peer = impl.startswith("peer:")
            plots.append("'%s' using 1:2 with linespoints lw %s dt %d pt %d lc rgb '%s' "
                         "title '%s'"
                         % (dat, "1.2" if peer else "2", 2 if kernel else 1,
                            6 if peer else 7, COLOURS[i % len(COLOURS)], gp_text(impl)))
        script.append("set title '%s' font 'sans,11'" % gp_text(title))
        script.append("plot " + ", \\\n     ".join(plots))
    script.append("unset multiplot")
    return plot(gp, script, chart_dir, img_dir, "bench")


# ---- dm-integrity ----

def dmi_blocks(algs):
    """{driver: {(size, context): cycles per block}} of the dm-integrity rows,
    in row order; context is "kthread" or "task"."""
    out = {}
    for impl, cells in algs.get(DMI, {}).items():
        for ctx in CONTEXTS:
            if impl.endswith(ctx):
                d = out.setdefault(impl[:-len(ctx)], {})
                for size, (cpb, _) in cells.items():
                    d[(size, ctx.strip(" []"))] = cpb * size
    return out


def dmi_mac(driver):
    """The MAC a dm-integrity row's driver computes (its table line)."""
    d = driver[len("peer:"):] if driver.startswith("peer:") else driver
    for m in OURS_DMI:
        if d == m or d.startswith(m + "-"):
            return m
    if d.startswith("hmac(sha256"):
        return "hmac(sha256)"
    if d.startswith("hmac(sha512"):
        return "hmac(sha512)"
    return d.split("-generic")[0].split("-intel")[0].split("-simd")[0]


def dmi_best(blocks, pred, size, ctx="kthread"):
    c = [(v[(size, ctx)], d) for d, v in blocks.items() if pred(d) and (size, ctx) in v]
    return min(c) if c else None


def cyc(x):
    return "%.0f" % x


def dmi_question(blocks, cpu=None):
    """The answer block at the top of the page."""
    if not blocks:
        return ["No dm-integrity rows in this run (they need the kernel peers: "
                "`make bench` on x86_64).", ""]
    macs = []
    for d in blocks:
        if d not in FLOORS and dmi_mac(d) not in macs:
            macs.append(dmi_mac(d))
    ref = {s: dmi_best(blocks, lambda d: d in HMAC256, s) for s in (512, 4096)}
    out = ["Core cycles per dm-integrity block (one `integrity_sector_checksum()`: "
           "init, the 16-byte superblock salt for a keyed MAC, the 8-byte sector "
           "number, the block, final), median, for the driver of each MAC that is "
           "fastest at 4 KiB `[kthread]` on "
           "this CPU; `[kthread]` is dm-integrity's own workers (reads, and "
           "writes in modes D and B), `[task]` a user task's system call "
           "(mode J hashes a write in the context that submits it: a user task "
           "for direct I/O, where one system call may carry several blocks, "
           "so one block per call is the worst case). "
           "Lower is better.", "",
           "| MAC | fastest driver | 512 B [kthread] | 512 B [task] | 4 KiB [kthread] "
           "| 4 KiB [task] | speed vs hmac(sha256), 4 KiB [kthread] |",
           "|---|---|---:|---:|---:|---:|---:|"]
    for m in macs:
        best = dmi_best(blocks, lambda d: dmi_mac(d) == m, 4096)
        if not best:
            continue
        d = best[1]
        v = blocks[d]
        vs = "%.2f×" % (ref[4096][0] / best[0]) if ref[4096] else "–"
        out.append("| %s%s | `%s` | %s | %s | %s | %s | %s |" % (
            "**%s**" % m if m in OURS_DMI else m,
            "" if m in OURS_DMI else " (kernel)", d,
            *(cyc(v[k]) if k in v else "–" for k in
              ((512, "kthread"), (512, "task"), (4096, "kthread"), (4096, "task"))),
            vs))
    out.append("")
    ours = lambda d: dmi_mac(d) in OURS_DMI
    lines = []
    for size in (4096, 512):
        o = dmi_best(blocks, ours, size)
        if not o:
            continue
        parts = []
        for name, names in (("hmac(sha256)", HMAC256), ("hmac(sha512)", HMAC512),
                            ("crc32c", CRC32C)):
            p = dmi_best(blocks, lambda d, names=names: d in names, size)
            if p:
                parts.append("%.2f× the speed of %s (`%s`, %s cycles)"
                             % (p[0] / o[0], name, p[1], cyc(p[0])))
        lines.append("* %s blocks, `[kthread]`: our fastest, `%s` at %s cycles per block, "
                     "runs at %s."
                     % ("4 KiB" if size == 4096 else "512-byte", o[1], cyc(o[0]),
                        "; ".join(parts)))
        f = blocks.get(FLOOR, {}).get((size, "kthread"))
        fs = blocks.get(FLOOR_SIMD, {}).get((size, "kthread"))
        if f is not None:
            lines.append("  The floor, the same calls into a driver that hashes nothing: "
                         "%s cycles%s; `%s` costs %s above it."
                         % (cyc(f), " (%s with a SIMD driver's two sections)" % cyc(fs)
                            if fs is not None else "", o[1],
                            cyc(dmi_above(blocks, o[1], size))))
        bound = HH_BOUND.get(cpu_vendor(cpu))
        rounds = HH_ROUNDS.get(dmi_mac(o[1]))
        if fs is not None and bound and rounds:
            # salt and sector (24 bytes) and the block: its packets, the
            # remainder's, then the permute rounds of the fastest's size
            steps = (24 + size) // 32 + 1 + rounds
            least = fs + steps * bound
            # this size's cost target (TARGETS): against hmac(sha256) at
            # 512 B, against crc32c at 4 KiB
            name, names = ("hmac(sha256)", HMAC256) if size == 512 else ("crc32c", CRC32C)
            p = dmi_best(blocks, lambda d, names=names: d in names, size)
            r = dmi_cost_target(size, names[0])
            vs = ""
            if p and r:
                t = p[0] * r
                vs = "; the target, %s× %s, is %s cycles: %s" % (
                    r, name, cyc(t), "below that" if t < least else "above it")
            lines.append("  The least a SIMD `%s` driver can cost here: `floor-simd` "
                         "plus %d steps of HighwayHash's dependency chain (%d packets, the "
                         "remainder's, %d permute rounds) at its bound of %d cycles on %s "
                         "([performance.md](performance.md#the-per-packet-latency-limit-of-"
                         "highwayhash-avx2)): %s cycles%s."
                         % (dmi_mac(o[1]), steps, (24 + size) // 32, rounds, bound,
                            cpu_vendor(cpu), cyc(least), vs))
    out += lines + [""]
    return out


# HighwayHash's per-packet bound in cycles (docs/performance.md, its table)
HH_BOUND = {"Intel": 7, "AMD": 6}
# and the permute rounds of each digest size
HH_ROUNDS = {"highwayhash128": 6, "highwayhash256": 10}


def dmi_cost_target(size, peer):
    """The ratio of the dm-integrity cost target (TARGETS) at @size against
    @peer's [kthread] row, or None."""
    for _, alg, _, peers, sizes, (rule, ratio) in TARGETS:
        if alg == DMI and size in sizes and peer + D in peers and rule == "cost":
            return ratio
    return None


def cpu_vendor(cpu):
    return "Intel" if "Intel" in (cpu or "") else "AMD" if "AMD" in (cpu or "") else None


def dmi_above(blocks, d, size, ctx="kthread"):
    """Cycles of row @d above the floor (FLOOR: the driver that hashes nothing)."""
    f = blocks.get(FLOOR, {}).get((size, ctx))
    v = blocks[d].get((size, ctx))
    return None if f is None or v is None else v - f


def dmi_table(blocks):
    if not blocks:
        return []
    out = ["#### dm-integrity (core cycles per block; c/B = cycles / block size)", "",
           "`floor` and `floor-simd` hash nothing: the first is the crypto API's call "
           "sequence alone, the second adds the two SIMD sections (block and final) "
           "of a SIMD driver. \"above floor\": a row's cycles less `floor`'s, the "
           "driver's own cost.", "",
           "| driver | MAC | 512 B [kthread] | above floor | 512 B [task] | 4 KiB [kthread] "
           "| above floor | 4 KiB [task] | c/B at 4 KiB [kthread] |",
           "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for d, v in blocks.items():
        r = []
        for size in (512, 4096):
            r.append(cyc(v[(size, "kthread")]) if (size, "kthread") in v else "–")
            a = dmi_above(blocks, d, size)
            r.append("–" if a is None or d == FLOOR else cyc(a))
            r.append(cyc(v[(size, "task")]) if (size, "task") in v else "–")
        cpb = num(v[(4096, "kthread")] / 4096) if (4096, "kthread") in v else "–"
        out.append("| `%s` | %s | %s | %s |" % (d, dmi_mac(d), " | ".join(r), cpb))
    out.append("")
    return out


def dmi_chart(blocks, chart_dir, img_dir):
    """build/bench/dm-integrity.svg: cycles per block, per driver and context."""
    gp = shutil.which("gnuplot")
    if not gp or not blocks:
        return None
    os.makedirs(chart_dir, exist_ok=True)
    svg = os.path.join(chart_dir, "dm-integrity.svg")
    dat = os.path.join(chart_dir, "dm-integrity.dat")
    with open(dat, "w", encoding="utf-8") as f:
        for d, v in blocks.items():
            f.write("%s\t%s\n" % (d.replace("peer:", "kernel "), "\t".join(
                "%.0f" % v.get(k, 0) for k in ((512, "kthread"), (512, "task"),
                                                (4096, "kthread"), (4096, "task")))))
    script = ["set terminal svg size 1200,1100 font 'sans,11' background '#ffffff'",
              "set termoption noenhanced",
              "set output '%s'" % svg,
              "set datafile separator '\\t'",
              "set style data histogram",
              "set style histogram cluster gap 1",
              "set style fill solid 0.8 border -1",
              "set boxwidth 0.9",
              "set grid ytics",
              "set xtics rotate by -40 font 'sans,9' nomirror",
              "set ylabel 'core cycles per block (median)'",
              "set key top left",
              "set yrange [0:*]",
              "set rmargin 10",
              "set multiplot layout 2,1"]
    for n, size in ((2, "512 B"), (4, "4 KiB")):
        script.append("set title 'dm-integrity: core cycles per %s block, as in the kernel' "
                      "font 'sans,12'" % size)
        script.append("plot '%s' using %d:xtic(1) title '[kthread]' lc rgb '#3b75af', "
                      "'' using %d title '[task]' lc rgb '#ef8636'" % (dat, n, n + 1))
    script.append("unset multiplot")
    return plot(gp, script, chart_dir, img_dir, "dm-integrity")


def render(rows, info, output_lines, sec, tsv, img, dmi_img=None):
    algs = group(rows)
    out = [BEGIN,
           "<!-- written by tools/bench/report.py from build/bench.tsv: "
           "do not edit by hand, run make bench-report -->", ""]
    out += header(info, output_lines, tsv)
    if img:
        out += ["![cycles per byte against message size, ours and the peers](%s)" % img, ""]
    if dmi_img:
        out += ["![cycles per dm-integrity block, per MAC driver and context](%s)" % dmi_img, ""]
    out += ["### Targets", ""]
    out += targets_table(algs)
    out += ["### Every row", "",
            "Median core cycles per byte (lower is better); rows ending in `[kernel]` "
            "are built and run as in the kernel (see [\"Method\"](performance.md#method)); `peer:` rows are the "
            "other implementations.", ""]
    for alg, impls in algs.items():
        if alg != DMI:
            out += alg_table(alg, impls)
    out += dmi_table(dmi_blocks(algs))
    out += sections_table(algs, sec)
    out.append(END)
    return "\n".join(out) + "\n"


def render_question(rows, info, dmi_img):
    """The block between the dmi markers, at the top of the page."""
    out = [DMI_BEGIN,
           "<!-- written by tools/bench/report.py from build/bench.tsv: "
           "do not edit by hand, run make bench-report -->", ""]
    out += dmi_question(dmi_blocks(group(rows)), info.get("cpu"))
    if dmi_img:
        out += ["![cycles per dm-integrity block, per MAC driver and context](%s)" % dmi_img, ""]
    out.append("Run of %s on %s%s; the full tables are below, the method in "
               "[performance.md](performance.md#method)."
               % (info.get("date", "an unrecorded date"), info.get("cpu", "an unrecorded CPU"),
                  ", load average %s before the run: indicative figures" % info["load_before"]
                  if info.get("load_before") else ""))
    out.append(DMI_END)
    return "\n".join(out) + "\n"


def replace_block(text, begin, end, block, doc, optional=False):
    b, e = text.find(begin + "\n"), text.find(end + "\n")
    if b < 0 or e < b:
        if optional and b < 0 and e < 0:
            return text
        raise BadInput("%s: no \"%s\" ... \"%s\" lines" % (doc, begin, end))
    return text[:b] + block + text[e + len(end) + 1:]


def splice(doc, block, qblock=None):
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    new = replace_block(text, BEGIN, END, block, doc)
    if qblock is not None:
        new = replace_block(new, DMI_BEGIN, DMI_END, qblock, doc, optional=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(doc)))
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(new)
    os.chmod(tmp, 0o644)
    os.replace(tmp, doc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tsv")
    ap.add_argument("--doc", default=os.path.join(TOP, "docs", "performance-results.md"))
    ap.add_argument("--info")
    ap.add_argument("--output")
    ap.add_argument("--detail")
    ap.add_argument("--chart-dir", default=os.path.join(TOP, "build", "bench"))
    ap.add_argument("--img-dir", default=os.path.join(TOP, "docs", "img"))
    ap.add_argument("--no-chart", action="store_true")
    ap.add_argument("--stdout", action="store_true", help="print the block, write nothing")
    a = ap.parse_args()
    if a.tsv is None:
        a.tsv = os.path.join(TOP, "build", "bench.tsv")
        d = os.path.join(TOP, "build", "bench")
        a.info = a.info or os.path.join(d, "run-info.txt")
        a.output = a.output or os.path.join(d, "output.txt")
        a.detail = a.detail or os.path.join(d, "detail.tsv")
    try:
        rows = read_tsv(a.tsv)
        img = dmi_img = None
        if not a.no_chart and not a.stdout:
            img = chart(group(rows), a.chart_dir, a.img_dir)
            dmi_img = dmi_chart(dmi_blocks(group(rows)), a.chart_dir, a.img_dir)
        info = read_kv(a.info)
        block = render(rows, info, kbench_header(a.output),
                       read_sections(a.detail), a.tsv, img)
        qblock = render_question(rows, info, dmi_img)
        if a.stdout:
            sys.stdout.write(qblock + block)
        else:
            splice(a.doc, block, qblock)
            print("report.py: %d rows of %s into %s%s%s" % (
                len(rows), os.path.relpath(a.tsv), os.path.relpath(a.doc),
                ", chart %s" % os.path.join(os.path.relpath(a.img_dir), "bench.svg") if img else "",
                ", chart %s" % os.path.join(os.path.relpath(a.img_dir), "dm-integrity.svg")
                if dmi_img else ""))
    except BadInput as e:
        print("report.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

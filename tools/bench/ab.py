#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The A/B table of tools/bench/ab.sh: old vs new per row.

    tools/bench/ab.py [DIR]      (default build/bench-ab)

Reads DIR/runs/{old,new}-<i>[-detail].tsv (kbench's --tsv and --detail
files of one run) and DIR/run-info.txt; writes DIR/ab.tsv and prints the table.

A run's value of a row is the least cycles per byte of its samples (from
DIR/runs/<side>-<i>-detail.tsv; without it the run's median).  Each run is
then divided by its pace: the median over the peers' rows of the run's
value against the row's median over all runs (a run the machine slowed as
a whole counts as the others).  Per row (algorithm, implementation, bytes)
and side, the value is the median over the runs; ratio = new / old (below
1: the new code is faster).  The spread of a side is half the
range of its runs' medians relative to their median.  The peers' rows run
the same code on both sides, so their ratios measure the noise: the table
gives their 95th percentile of |ratio - 1| ("noise").  A row of ours is
marked "slower" when its ratio exceeds 1 + max(noise, its own spread) and
every new run of it was slower than every old one, "faster" likewise the
other way; "new" marks rows the old code does not have.
"""
import csv
import glob
import os
import statistics
import sys


def read_tsv(path):
    """A run's cycles per byte per row: from its detail file (kbench
    --detail) the minimum over the run's samples, which interference (that
    only ever adds time) moves least; else the median (kbench --tsv)."""
    rows = {}
    order = []
    detail = path[:-len(".tsv")] + "-detail.tsv"
    col = 3
    if os.path.exists(detail):
        path = detail
    with open(path, newline="") as f:
        for r in csv.reader(f, delimiter="\t"):
            if not r:
                continue
            if r[0] == "algorithm":
                col = r.index("min_cpb") if "min_cpb" in r else 3
                continue
            key = (r[0], r[1], int(r[2]))
            rows[key] = float(r[col])
            order.append(key)
    return rows, order


def spread(vals):
    m = statistics.median(vals)
    return (max(vals) - min(vals)) / 2 / m if m else 0.0


def is_peer(name):
    return name.startswith("peer:") or name.startswith("ref:")


def main():
    top = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top, "build", "bench-ab")
    runs = {}
    order = []
    for side in ("old", "new"):
        runs[side] = []
        for p in sorted(glob.glob(os.path.join(d, "runs", side + "-*.tsv"))):
            if p.endswith("-detail.tsv"):
                continue
            rows, o = read_tsv(p)
            runs[side].append(rows)
            if side == "new" and not order:
                order = o
    if not runs["old"] or not runs["new"]:
        sys.exit("ab.py: no runs of both sides in %s/runs" % d)
    # Each run's pace: the median over the peers' rows (the same code in
    # every run) of the run's value against that row's median over all
    # runs.  A run the machine slowed as a whole (another tenant, the
    # clock, the core/TSC ratio measured at its start) is divided by it.
    allruns = runs["old"] + runs["new"]
    peers = [k for k in allruns[0] if is_peer(k[1]) and all(k in r for r in allruns)]
    pace = []
    if peers:
        mid = {k: statistics.median(r[k] for r in allruns) for k in peers}
        for r in allruns:
            f = statistics.median(r[k] / mid[k] for k in peers)
            pace.append(f)
            for k in r:
                r[k] /= f
    # rows of the old code the new one lacks go last
    for r in runs["old"][0]:
        if r not in order:
            order.append(r)

    res = []
    for key in order:
        o = [r[key] for r in runs["old"] if key in r]
        n = [r[key] for r in runs["new"] if key in r]
        res.append((key, o, n))

    peer_dev = sorted(abs(statistics.median(n) / statistics.median(o) - 1)
                      for key, o, n in res if o and n and is_peer(key[1]))
    noise = peer_dev[int(0.95 * (len(peer_dev) - 1))] if peer_dev else 0.0
    noise50 = statistics.median(peer_dev) if peer_dev else 0.0

    out = []
    tsv = [["algorithm", "implementation", "bytes", "old_cycles_per_byte",
            "new_cycles_per_byte", "ratio", "old_spread", "new_spread",
            "verdict"]]
    info = os.path.join(d, "run-info.txt")
    if os.path.exists(info):
        with open(info) as f:
            out += ["  " + line.rstrip("\n").replace("\t", ": ") for line in f]
    out.append("  runs: %d old, %d new (alternating)" % (len(runs["old"]), len(runs["new"])))
    if pace:
        out.append("  pace of each run against all (from the peers' rows; each run divided by it): "
                   "old %s, new %s" % (" ".join("%.3f" % f for f in pace[:len(runs["old"])]),
                                       " ".join("%.3f" % f for f in pace[len(runs["old"]):])))
    if peer_dev:
        out.append("  noise (the peers' rows, same code on both sides): |ratio - 1| "
                   "median %.1f%%, 95th percentile %.1f%% over %d rows"
                   % (100 * noise50, 100 * noise, len(peer_dev)))
    else:
        out.append("  noise: no peers' rows in this run (--filter?); only the "
                   "spreads of the runs mark a row")
    out.append("")
    out.append("%-44s %8s %9s %9s %11s %11s %6s  %s"
               % ("row (ours)", "bytes", "old c/B", "new c/B", "old c/msg",
                  "new c/msg", "new/old", "verdict (spread old/new)"))
    counts = {"slower": 0, "faster": 0, "": 0, "new": 0, "gone": 0}
    alg = None
    for key, o, n in res:
        if is_peer(key[1]):
            if o and n:
                tsv.append([key[0], key[1], key[2], "%.4f" % statistics.median(o),
                            "%.4f" % statistics.median(n),
                            "%.4f" % (statistics.median(n) / statistics.median(o)),
                            "%.4f" % spread(o), "%.4f" % spread(n), "peer"])
            continue
        if key[0] != alg:
            alg = key[0]
            out.append(alg)
        if not o or not n:
            verdict = "new" if n else "gone"
            counts[verdict] += 1
            v = statistics.median(n or o)
            out.append("  %-42s %8d %9s %9s %11s %11s %6s  %s"
                       % (key[1][:42], key[2],
                          "%.3f" % v if o else "-", "%.3f" % v if n else "-",
                          "%.0f" % (v * key[2]) if o else "-",
                          "%.0f" % (v * key[2]) if n else "-", "", verdict))
            tsv.append([key[0], key[1], key[2], "%.4f" % v if o else "",
                        "%.4f" % v if n else "", "", "", "", verdict])
            continue
        mo, mn = statistics.median(o), statistics.median(n)
        ratio = mn / mo
        so, sn = spread(o), spread(n)
        thr = max(noise, so, sn)
        verdict = ""
        if ratio > 1 + thr and min(n) > max(o):
            verdict = "slower"
        elif ratio < 1 - thr and max(n) < min(o):
            verdict = "faster"
        counts[verdict] += 1
        out.append("  %-42s %8d %9.3f %9.3f %11.0f %11.0f %6.3f  %-6s (%.1f%%/%.1f%%)"
                   % (key[1][:42], key[2], mo, mn, mo * key[2], mn * key[2],
                      ratio, verdict, 100 * so, 100 * sn))
        tsv.append([key[0], key[1], key[2], "%.4f" % mo, "%.4f" % mn,
                    "%.4f" % ratio, "%.4f" % so, "%.4f" % sn, verdict or "same"])
    out.append("")
    out.append("rows of ours: %d within noise, %d faster, %d slower, %d new only, %d old only"
               % (counts[""], counts["faster"], counts["slower"], counts["new"],
                  counts["gone"]))
    print("\n".join(out))
    with open(os.path.join(d, "ab.tsv"), "w", newline="") as f:
        w = csv.writer(f, delimiter="\t", lineterminator="\n")
        w.writerows(tsv)


if __name__ == "__main__":
    main()

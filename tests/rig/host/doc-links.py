#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the relative links of the project's Markdown documentation.

    tests/rig/host/doc-links.py [FILE.md ...]

Default: README.md, docs/*.md, tests/vectors/README.md and
tools/bench/README.md.  Every link [text](target) whose target is not a
URL must name a file or directory of the tree, relative to the page; a
"#anchor" (alone or after a .md file) must be a heading of that page, as
GitHub forms anchors.  The pages must not cite the specifications or
vectors by paths beside the repository (shared/specs, shared/vectors,
shared/reference): they cite shipped files or public documents.  Prints
each problem and exits 1 if there is any; prints the count of links
checked, which must not be zero.
"""

import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
FORBIDDEN = re.compile(r"shared/(specs|vectors|reference)\b")


def prose_lines(path):
    """(line number, line) outside fenced code blocks."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.match(r"^\s*(```+|~~~+)", line)
            if m:
                if fence is None:
                    fence = m.group(1)[:3]
                elif m.group(1).startswith(fence):
                    fence = None
                continue
            if fence is None:
                yield n, line


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, out = {}, set()
        for _, line in prose_lines(path):
            m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if not m:
                continue
            s = slug(m.group(1))
            k = seen.get(s, 0)
            seen[s] = k + 1
            out.add(s if k == 0 else "%s-%d" % (s, k))
        cache[path] = out
    return cache[path]


def check(page):
    problems, count = [], 0
    rel = os.path.relpath(page, TOP)
    for n, line in prose_lines(page):
        if FORBIDDEN.search(line):
            problems.append("%s:%d: cites a path beside the repository: %s"
                            % (rel, n, FORBIDDEN.search(line).group(0)))
        for m in LINK.finditer(re.sub(r"`[^`]*`", "``", line)):
            target = m.group(1) or m.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue
            count += 1
            path, _, frag = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not os.path.exists(dest):
                problems.append("%s:%d: %s: no such file" % (rel, n, target))
            elif not dest.startswith(TOP + os.sep):
                problems.append("%s:%d: %s: outside the repository" % (rel, n, target))
            elif frag:
                if not dest.endswith(".md"):
                    problems.append("%s:%d: %s: an anchor into a non-Markdown file" % (rel, n, target))
                elif frag not in anchors(dest):
                    problems.append("%s:%d: %s: no heading #%s in %s"
                                    % (rel, n, target, frag, os.path.relpath(dest, TOP)))
    return problems, count


def main(argv):
    pages = [os.path.abspath(p) for p in argv[1:]]
    if not pages:
        d = os.path.join(TOP, "docs")
        pages = [os.path.join(TOP, "README.md")]
        pages += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".md"))
        pages += [os.path.join(TOP, "tests", "vectors", "README.md"),
                  os.path.join(TOP, "tools", "bench", "README.md")]
    problems, count = [], 0
    for p in pages:
        pr, c = check(p)
        problems += pr
        count += c
    for p in problems:
        print(p)
    print("doc-links: %d relative links in %d pages, %d problems" % (count, len(pages), len(problems)))
    return 1 if problems or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

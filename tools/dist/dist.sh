#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make dist: the release tarball, from a git checkout.
#
# Usage: dist.sh OUTDIR
# Writes OUTDIR/keyedhash-VERSION.tar.gz: "git archive" of the checkout's
# tracked files as they are (uncommitted changes included: git stash create;
# the version then says .dirty), in a directory keyedhash-VERSION/, with the
# version stamped in (tools/version.sh --stamp: .version, dkms.conf), so that the tarball builds every
# artifact without git: the module, make deb, make lib/khsum, make
# sdist/wheel.  Beside it:
#   keyedhash-VERSION.tar.gz.sha256    sha256sum's format (and khsum's: the
#                                      same line), sha256sum -c checks it
#   keyedhash-VERSION.tar.gz.khsum     only with DIST_KEY=FILE: a keyed
#                                      digest (DIST_ALG, default
#                                      highwayhash256) under that secret
#                                      key, for whoever shares it:
#                                      khsum -a ALG -k FILE -c checks it
# There is no khsum digest under a published key: anyone could forge it, so
# it would only pretend to be a MAC.  The tarball's authenticity comes from
# where the .sha256 is read (the signed apt repository, an HTTPS page, a
# signed tag), not from the .sha256 itself.
# The tarball is reproducible: file order, owners and times are fixed (the
# commit's time), gzip stores no name or time.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$(mkdir -p "$1" && cd "$1" && pwd)
cd "$TOP"
git rev-parse --is-inside-work-tree > /dev/null 2>&1 ||
	{ echo "make dist: needs the git checkout (git archive); an unpacked tarball is already one" >&2; exit 1; }
VER=$(sh tools/version.sh)
N=keyedhash-$VER
when=$(git log -1 --format=%ct)
W=$(mktemp -d "${TMPDIR:-/tmp}/kh-dist.XXXXXX")
trap 'rm -rf "$W"' EXIT
tree=$(git stash create)
git archive --format=tar --prefix="$N/" "${tree:-HEAD}" | tar -x -C "$W"
sh tools/version.sh --stamp "$W/$N" "$VER" > /dev/null
tar -C "$W" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$when" \
	--format=gnu -cf - "$N" | gzip -9n > "$OUT/$N.tar.gz"
(cd "$OUT" && sha256sum "$N.tar.gz" > "$N.tar.gz.sha256")
rm -f "$OUT/$N.tar.gz.khsum"
if [ -n "${DIST_KEY:-}" ]; then
	make -s -C "$TOP" khsum
	(cd "$OUT" && "$TOP/build/khsum" -a "${DIST_ALG:-highwayhash256}" -k "$DIST_KEY" \
		"$N.tar.gz" > "$N.tar.gz.khsum")
fi
ls -1 "$OUT/$N".tar.gz*

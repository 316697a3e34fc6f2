#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Stamp VERSION into a tree without git (make dist's copy), so that its
# version script (tools/dist/version.sh) prints it there: today dkms.conf's
# PACKAGE_VERSION, which debian/mkchangelog sets (and writes
# debian/changelog).  Run from the tree's top directory.
# Usage: stamp.sh VERSION
set -eu
[ -n "${1:-}" ] || { echo "usage: stamp.sh VERSION" >&2; exit 2; }
sh debian/mkchangelog "$1"

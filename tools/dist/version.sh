#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The project's one version, for make dist, make sdist/wheel and make repo:
# what the packages, DKMS and the module get (debian/mkversion, run in this
# script's tree).  One place to change when the version scheme does.
set -eu
cd "$(dirname "$0")/../.."
exec sh debian/mkversion

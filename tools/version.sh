#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The project's one version number: the module's MODULE_VERSION, DKMS's
# PACKAGE_VERSION, every Debian package, libkeyedhash (keyedhash_version(),
# keyedhash.pc) and the Python package all carry what this prints.  The
# same string is a valid Debian version and a valid PEP 440 version, and
# both orders agree (tests/rig/host/version.sh checks them with dpkg and with
# Python's packaging):
#
#   X.Y.Z                        a release: the commit that last changed the
#                                file VERSION (which holds X.Y.Z) and
#                                nothing changed since
#   X.Y.Z.postN+gHASH            a snapshot: N commits in the history
#                                (git rev-list --count HEAD), HASH the
#                                commit; above X.Y.Z, below any later release
#   ....dirty.YYYYMMDDHHMMSS     a tree with changes not committed (tracked
#                                files changed, or files git does not ignore
#                                added), stamped with the time of its latest
#                                change (UTC, the newest modification time
#                                of those files): a tree changed again is a
#                                new, higher version, below the next
#                                commit's; builds of one unchanged tree
#                                agree (pip's steps, Kbuild's passes)
#
#   (X.Y.Z+gHASH.dirty.TIME for changes on top of the release commit)
#
# Where the version comes from:
#   a git checkout (this directory is the top of a git work tree): from
#       git, as above; a shallow clone stops (N needs the whole history)
#   a tree with a .version file, not a checkout (make dist's tarball, make
#       deb's copy, tools/version.sh --stamp): that file, as it is
#   anything else: stops and says what to do
#
# Usage: tools/version.sh            print the version
#        tools/version.sh --stamp DIR [VERSION]
#                                   stamp the copy of the tree in DIR with
#                                   VERSION (default: this tree's):
#                                   DIR/.version, DIR/dkms.conf's
#                                   PACKAGE_VERSION (what make dist, make deb
#                                   and make dkms-source do in their copies)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd -P)
me=tools/version.sh
die() {
	echo "$me: $*" >&2
	exit 1
}
# a version this scheme writes (no epoch, no revision, nothing pip or
# dpkg would read differently)
valid() {
	printf '%s\n' "$1" | grep -Eqx \
		'[0-9]+\.[0-9]+\.[0-9]+(\.post[0-9]+)?(\+[a-z0-9]+(\.[a-z0-9]+)*)?'
}

# When the tree last changed from its commit: the newest modification time
# (seconds) of the files that differ from it or that git does not know
# (for a file deleted, of its directory); nothing when none differs
changed_at() {
	{
		git -C "$top" --no-optional-locks diff --name-only HEAD --
		git -C "$top" --no-optional-locks ls-files --others --exclude-standard
	} | while IFS= read -r f; do
		f=$top/$f
		while [ ! -e "$f" ]; do f=$(dirname "$f"); done
		stat -c %Y "$f"
	done | sort -n | tail -1
}

version() {
	local rel release head n t dirty=
	if [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$top" ]; then
		[ -f "$top/VERSION" ] || die "no file VERSION in $top"
		rel=$(cat "$top/VERSION")
		printf '%s\n' "$rel" | grep -Eqx '[0-9]+\.[0-9]+\.[0-9]+' ||
			die "VERSION must hold one release number X.Y.Z, not '$rel'"
		if [ "$(git -C "$top" rev-parse --is-shallow-repository)" = true ]; then
			die "this is a shallow clone (git clone --depth): the version counts
the commits of the whole history.  Fetch it (git fetch --unshallow), or
build from a release tarball (make dist), which carries its version."
		fi
		head=$(git -C "$top" rev-parse HEAD) ||
			die "no commit in this git work tree"
		n=$(git -C "$top" rev-list --count HEAD)
		# the release: the commit that last changed VERSION (not the one
		# that created it: that file came after the release of 0.8.0)
		release=$(git -C "$top" log -1 --format=%H -- VERSION)
		t=$(changed_at)
		[ -z "$t" ] || dirty=.dirty.$(date -u -d "@$t" +%Y%m%d%H%M%S)
		if [ "$head" = "$release" ] && git -C "$top" cat-file -e "$head^:VERSION" 2>/dev/null; then
			if [ -z "$dirty" ]; then
				echo "$rel"
			else
				echo "$rel+g$(git -C "$top" rev-parse --short=7 HEAD)$dirty"
			fi
		else
			echo "$rel.post$n+g$(git -C "$top" rev-parse --short=7 HEAD)$dirty"
		fi
		return
	fi
	if [ -f "$top/.version" ]; then
		rel=$(cat "$top/.version")
		valid "$rel" || die "$top/.version holds '$rel', not a version of this project"
		echo "$rel"
		return
	fi
	die "no version for $top: it is neither a git checkout nor a tree
stamped with its version (.version).  Build from a git clone with its
history (git clone, not --depth), or from a release tarball (make dist in
a checkout writes one), or stamp this copy from the checkout it came from:
tools/version.sh --stamp DIR."
}

case ${1:-} in
'')
	version
	;;
--stamp)
	d=${2:?usage: $me --stamp DIR [VERSION]}
	v=${3:-$(version)}
	valid "$v" || die "'$v' is not a version of this project"
	[ -f "$d/dkms.conf" ] || die "$d has no dkms.conf: not a copy of the tree"
	echo "$v" > "$d/.version"
	sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$v\"/" "$d/dkms.conf"
	echo "$v"
	;;
*)
	die "usage: $me [--stamp DIR [VERSION]]"
	;;
esac

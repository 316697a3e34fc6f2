#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make repo: a signed apt repository of make deb's packages.
#
# Usage: repo.sh DEBDIR REPODIR
# Adds every .deb of DEBDIR (make deb's build/deb: keyedhash-dkms for all,
# keyedhash-tools, libkeyedhash0 and libkeyedhash-dev for amd64 and arm64)
# to REPODIR/pool/main/ (what is there already stays, so older versions can
# still be installed), then writes dists/stable/ with apt-ftparchive
# (Debian's apt-utils): Packages for binary-amd64 and binary-arm64,
# Release (Suite stable, Codename keyedhash) and its signatures InRelease
# and Release.gpg, and the public key as REPODIR/keyedhash-archive-keyring.gpg
# (a binary keyring for signed-by=).  One suite serves Debian 12 and 13:
# the module is built on the target by DKMS; khsum and the library are
# built on Debian 12 and run on 13.
#
# The signing key: REPO_KEY=<fingerprint or user id> in REPO_GNUPGHOME (or
# gpg's default home), e.g. the project's release key; without REPO_KEY, a
# key made once for this machine and kept in $KH_CACHE/repo-gnupg (a test
# key with no passphrase: fine for a local repository, not for publishing).
#
# A user adds it so (docs/installing.md):
#   sudo cp keyedhash-archive-keyring.gpg /usr/share/keyrings/
#   echo "deb [signed-by=/usr/share/keyrings/keyedhash-archive-keyring.gpg] URL stable main" |
#     sudo tee /etc/apt/sources.list.d/keyedhash.list
set -euo pipefail
# what it needs, named before anything is done (make deb's packages first)
ls "$1"/*.deb > /dev/null 2>&1 || { echo "make repo: no packages in $1 (run make deb first)" >&2; exit 1; }
command -v apt-ftparchive > /dev/null ||
	{ echo "make repo: apt-ftparchive missing (Debian: apt-get install apt-utils)" >&2; exit 1; }
command -v gpg > /dev/null || { echo "make repo: gpg missing (apt-get install gpg)" >&2; exit 1; }
D=$(cd "$1" && pwd)
R=$(mkdir -p "$2" && cd "$2" && pwd)

if [ -n "${REPO_KEY:-}" ]; then
	[ -z "${REPO_GNUPGHOME:-}" ] || export GNUPGHOME=$REPO_GNUPGHOME
	KEY=$REPO_KEY
else
	export GNUPGHOME=${KH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keyedhash}/repo-gnupg
	mkdir -p "$GNUPGHOME"
	chmod 700 "$GNUPGHOME"
	(
		flock 9
		if ! gpg --batch --list-secret-keys "keyedhash local repository" > /dev/null 2>&1; then
			echo "make repo: making a signing key in $GNUPGHOME (once; a local test key, no passphrase)" >&2
			gpg --batch --quiet --passphrase '' --quick-gen-key \
				"keyedhash local repository <repo@keyedhash.invalid>" ed25519 sign never
		fi
	) 9> "$GNUPGHOME/.lock"
	KEY="keyedhash local repository"
fi
gpg --batch --list-secret-keys "$KEY" > /dev/null 2>&1 ||
	{ echo "make repo: no secret key '$KEY' in ${GNUPGHOME:-~/.gnupg}" >&2; exit 1; }

mkdir -p "$R/pool/main"
cp "$D"/*.deb "$R/pool/main/"
rm -rf "$R/dists"
for a in amd64 arm64; do
	B=$R/dists/stable/main/binary-$a
	mkdir -p "$B"
	(cd "$R" && apt-ftparchive --arch "$a" packages pool/main) > "$B/Packages"
	grep -q "^Architecture: $a" "$B/Packages" ||
		{ echo "make repo: no $a packages in $D (make deb builds amd64 and arm64)" >&2; exit 1; }
	gzip -9n < "$B/Packages" > "$B/Packages.gz"
done
(cd "$R/dists/stable" && apt-ftparchive \
	-o APT::FTPArchive::Release::Origin=keyedhash \
	-o APT::FTPArchive::Release::Label=keyedhash \
	-o APT::FTPArchive::Release::Suite=stable \
	-o APT::FTPArchive::Release::Codename=keyedhash \
	-o APT::FTPArchive::Release::Architectures="amd64 arm64" \
	-o APT::FTPArchive::Release::Components=main \
	-o APT::FTPArchive::Release::Description="keyedhash: keyed hashes for the Linux crypto API (DKMS), khsum, libkeyedhash" \
	release . > "$R/Release.tmp")
mv "$R/Release.tmp" "$R/dists/stable/Release"
gpg --batch --yes --local-user "$KEY" --clearsign -o "$R/dists/stable/InRelease" "$R/dists/stable/Release"
gpg --batch --yes --local-user "$KEY" --detach-sign --armor -o "$R/dists/stable/Release.gpg" "$R/dists/stable/Release"
gpg --batch --yes --export "$KEY" > "$R/keyedhash-archive-keyring.gpg"
echo "$R: $(ls "$R/pool/main" | wc -l) packages, signed by $(gpg --batch --with-colons --list-keys "$KEY" | awk -F: '/^fpr/ { print $10; exit }')"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The release artifacts tried as someone without the checkout would.
# Usage: release.sh userspace|dist|repo-deb12|repo-deb13
#   userspace  make lib, make khsum, make install-tools, make install-lib in
#              a copy (overlay) of the Debian 12 root without libkcapi-dev
#              and without kernel headers: they build and install, the
#              module alone asks for headers, khsum --kernel says why it
#              is not there, and that khsum agrees with every vector
#   dist       make dist (and its keyed .khsum with DIST_KEY); the tarball unpacked in an empty directory with
#              no git around: its version, the module against the host's
#              Debian 6.1 headers, lib + khsum, make sdist + make wheel;
#              the wheel and the sdist installed offline (pip --no-index
#              --find-links) into fresh venvs outside any checkout, every
#              vector through them and their digests against khsum's;
#              make deb from the tarball (versions = the tarball's)
#   repo-ROOT  make repo from make deb's packages (build/deb/); a copy of
#              the Debian 12 or 13 root adds it by a file:// URL with
#              signed-by=, installs keyedhash-dkms keyedhash-tools by name;
#              the repository moves to the next version (make repo again,
#              the packages of make deb repacked as VERSION+r1): apt update
#              && apt upgrade moves every kernel to it (dkms status,
#              modinfo -F version); a Release rewritten without the key
#              (offering VERSION+r2) is refused by apt, nothing changes
# Prints one PASS:/FAIL: line per check and "release-PART: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
part=$1
W=$KH_OUT/release-$part
rm -rf "$W"
mkdir -p "$W"

# every algorithm once through PYTHON (the installed package) and KHSUM,
# random key and message of the sizes each takes: same digests
py_vs_khsum() { # python khsum
	local py=$1 khsum=$2 a klen mlen got want bad=
	for a in highwayhash64:32:1000 highwayhash128:32:1 highwayhash256:32:4099 sthash:48:777 \
		nhpoly1305:1088:333 multimixer128:128:96; do
		IFS=: read -r a klen mlen <<< "$a"
		head -c "$klen" /dev/urandom > "$W/k"
		head -c "$mlen" /dev/urandom > "$W/m"
		got=$(cd "$W" && "$py" -c 'import keyedhash, sys
print(keyedhash.new(sys.argv[1], open("k", "rb").read(), open("m", "rb").read()).hexdigest())' "$a")
		want=$("$khsum" -a "$a" -k "$W/k" "$W/m" | cut -d' ' -f1)
		[ -n "$want" ] && [ "$got" = "$want" ] || bad="$bad $a"
	done
	[ -z "$bad" ] || { echo "    differ:$bad"; return 1; }
}

case $part in
userspace)
	S=$W/src
	mkdir -p "$S"
	kh_files | grep -v '^build/' | rsync -a --files-from=- "$KH_TOP/" "$S/"
	sh "$KH_TOP/tools/version.sh" --stamp "$S" > /dev/null	# no git in the copy
	cat > "$W/in-root.sh" <<'EOS'
set -u
S=$1 ST=$2
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; }
check() { d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }
apt-get -q purge -y 'libkcapi-dev:*' libkcapi1 > /tmp/purge.log 2>&1 || cat /tmp/purge.log
check "the root has no libkcapi (no kcapi.h, pkg-config knows none)" \
	sh -c '[ ! -e /usr/include/kcapi.h ] && ! pkg-config --exists libkcapi'
check "the root has no kernel headers (no /usr/src/linux-headers-*, no /lib/modules/*/build)" \
	sh -c '! ls -d /usr/src/linux-headers-* /lib/modules/*/build 2>/dev/null | grep -q .'
out=$(make -C "$S" lib khsum 2>&1); rc=$?
printf '%s\n' "$out" | tail -5
check "make lib khsum: built" test "$rc" = 0
check "make khsum said it leaves out --kernel (no libkcapi)" \
	sh -c 'printf "%s\n" "$1" | grep -q "built without --kernel"' sh "$out"
check "khsum links no libkcapi" sh -c "readelf -d '$S/build/khsum' > /tmp/dyn && ! grep -q libkcapi /tmp/dyn"
out=$(echo data | "$S/build/khsum" -a highwayhash256 -k /dev/null --kernel 2>&1); rc=$?
check "khsum --kernel: exit 2, says it was built without libkcapi" \
	sh -c '[ "$1" = 2 ] && printf "%s\n" "$2" | grep -q "built without libkcapi"' sh "$rc" "$out"
out=$(make -C "$S" 2>&1); rc=$?
check "plain make: fails at the module only, naming the targets that need no headers" \
	sh -c '[ "$1" != 0 ] && printf "%s\n" "$2" | grep -q "no kernel headers found.*make install-tools"' sh "$rc" "$out"
check "make install-tools DESTDIR PREFIX=/usr: khsum, khsum.1 and integrity-keycheck, no module" sh -c \
	"make -s -C '$S' DESTDIR='$ST' PREFIX=/usr install-tools &&
	 cmp '$S/build/khsum' '$ST/usr/bin/khsum' && cmp '$S/tools/khsum.1' '$ST/usr/share/man/man1/khsum.1' &&
	 cmp '$S/build/integrity-keycheck' '$ST/usr/lib/keyedhash/integrity-keycheck' &&
	 ! find '$ST' -name '*.ko' | grep -q ."
check "make install-lib DESTDIR PREFIX=/usr: library, header, .pc, every man page" sh -c \
	"make -s -C '$S' DESTDIR='$ST' PREFIX=/usr install-lib &&
	 [ -e '$ST/usr/lib/libkeyedhash.so.0' ] && [ -e '$ST/usr/include/keyedhash.h' ] &&
	 [ -e '$ST/usr/lib/pkgconfig/keyedhash.pc' ] &&
	 for m in '$S'/libkeyedhash/*.3; do cmp \"\$m\" '$ST/usr/share/man/man3/'\"\$(basename \"\$m\")\" || exit 1; done"
check "man finds the installed pages (khsum.1 formats)" \
	sh -c "man -l '$ST/usr/share/man/man1/khsum.1' > /dev/null 2>&1 || groff -man -Tutf8 '$ST/usr/share/man/man1/khsum.1' > /dev/null"
echo "in-root: done"
EOS
	"$RIG/deb/debroot.sh" overlay deb12 "$W/ov" bash "$W/in-root.sh" "$S" "$W/stage" > "$W/root.log" 2>&1
	cat "$W/root.log"
	grep -q '^in-root: done' "$W/root.log" || kh_fail "the steps in the Debian 12 root ran to their end"
	# the root has no Python: the root's khsum checked here (glibc is the host's)
	if [ -x "$S/build/khsum" ]; then
		out=$(python3 "$KH_TOP/tests/libkeyedhash/khsum-vectors.py" "$S/build/khsum" 2>&1)
		rc=$?
		kh_check "the khsum built without libkcapi, every vector: $(printf '%s\n' "$out" | tail -1)" \
			test "$rc" = 0
	else
		kh_fail "the khsum built without libkcapi, every vector: no khsum"
	fi
	;;
dist)
	# auditwheel first, from PyPI the first time (the rig's cache keeps
	# it): the builds below are offline
	AUDITWHEEL=$("$KH_TOP/tools/dist/python.sh" auditwheel) && export AUDITWHEEL || unset AUDITWHEEL
	# a plain machine's pip: no find-links, no index (offline)
	unset PIP_FIND_LINKS PIP_INDEX_URL PIP_EXTRA_INDEX_URL
	export PIP_NO_INDEX=1
	out=$(make -s -C "$KH_TOP" BUILD="$KH_OUT" dist 2>&1)
	kh_check "make dist" test $? = 0
	VER=$(sh "$KH_TOP/tools/version.sh")
	D=$KH_OUT/dist T=keyedhash-$VER
	kh_check "build/dist/$T.tar.gz and its .sha256, which sha256sum -c accepts" \
		sh -c "cd '$D' && [ -s '$T.tar.gz' ] && grep -q '  $T.tar.gz\$' '$T.tar.gz.sha256' && sha256sum --quiet -c '$T.tar.gz.sha256'"
	cp "$D/$T.tar.gz" "$D/$T.tar.gz.sha256" "$W/"
	printf 'x' | dd of="$W/$T.tar.gz" bs=1 seek=1000 conv=notrunc status=none
	kh_check "a changed tarball fails sha256sum -c" sh -c "cd '$W' && ! sha256sum --quiet -c '$T.tar.gz.sha256' > /dev/null 2>&1"
	kh_check "make dist again: the same bytes (reproducible)" sh -c \
		"cp '$D/$T.tar.gz' '$W/first.tar.gz' && make -s -C '$KH_TOP' BUILD='$KH_OUT' dist > /dev/null && cmp '$W/first.tar.gz' '$D/$T.tar.gz'"
	head -c 32 /dev/urandom > "$W/dist.key"
	kh_check "make dist DIST_KEY=<secret key>: a .khsum beside it, khsum -c accepts it, and refuses the changed tarball" sh -c \
		"make -s -C '$KH_TOP' BUILD='$KH_OUT' dist DIST_KEY='$W/dist.key' > /dev/null &&
		 cd '$D' && '$KH_TOP/build/khsum' -a highwayhash256 -k '$W/dist.key' --quiet -c '$T.tar.gz.khsum' &&
		 cp '$T.tar.gz.khsum' '$W/' && cd '$W' &&
		 ! '$KH_TOP/build/khsum' -a highwayhash256 -k '$W/dist.key' --status -c '$T.tar.gz.khsum'"
	make -s -C "$KH_TOP" BUILD="$KH_OUT" dist > /dev/null
	# unpacked where no git repository is around
	U=$(mktemp -d /var/tmp/kh-dist-test.XXXXXX)
	tar -xzf "$D/$T.tar.gz" -C "$U"
	X=$U/$T
	kh_check "unpacked: no .git, git sees no repository" sh -c \
		"[ ! -e '$X/.git' ] && ! git -C '$X' rev-parse --git-dir > /dev/null 2>&1"
	kh_check "the unpacked tree's version is the tarball's ($VER)" \
		test "$(sh "$X/tools/version.sh" 2>&1)" = "$VER"
	if KVER=$(kh_kver); then
		kh_check "the module builds against Debian's $KVER headers, MODULE_VERSION $VER" sh -c \
			"make -s -C '$X' KDIR=/lib/modules/$KVER/build modules > '$W/module.log' 2>&1 &&
			 [ \"\$(modinfo -F version '$X/keyedhash.ko')\" = '$VER' ]"
	else
		kh_fail "the module from the tarball: no Debian 6.1 headers on the host (tests/rig/host/deps.sh)"
	fi
	kh_check "make lib khsum in the unpacked tree" sh -c "make -s -C '$X' lib khsum > '$W/lib.log' 2>&1"
	out=$(make -s -C "$X" wheel PYTHON=/usr/bin/python3 2>&1)
	kh_check "make wheel (and its sdist) in the unpacked tree" test $? = 0
	P=$X/build/dist/python
	whl=$(ls "$P"/*.whl 2>/dev/null) sd=$(ls "$P"/*.tar.gz 2>/dev/null)
	kh_check "the wheel's and the sdist's version is the tarball's (PEP 440)" sh -c \
		"case '$whl' in */keyedhash-$VER-cp3*.whl) ;; *) exit 1;; esac && [ '$sd' = '$P/$T.tar.gz' ]"
	case $(uname -m) in
	x86_64|aarch64)
		kh_check "auditwheel gave the wheel a manylinux tag ($(basename "$whl"))" \
			sh -c "case '$whl' in *-manylinux_*) ;; *) exit 1;; esac" ;;
	esac
	kh_check "the sdist holds the library's sources (libkeyedhash/lib.mk, lib/, arch/) and no build output" sh -c \
		"tar -tzf '$sd' | grep -q '^$T/libkeyedhash/lib.mk\$' && tar -tzf '$sd' | grep -q '^$T/lib/' &&
		 ! tar -tzf '$sd' | grep -E '\\.(o|a|so|ko)\$'"
	# the wheel, in a plain venv (no setuptools or wheel needed), offline
	E=$W/empty
	mkdir -p "$E/wheels" "$E/sdists"
	cp "$whl" "$E/wheels/"
	cp "$sd" "$E/sdists/"
	kh_check "plain venv: pip install --no-index --find-links DIR keyedhash (the wheel), outside any checkout" \
		sh -c "cd '$E' && /usr/bin/python3 -m venv v1 > /dev/null && v1/bin/pip install -q --no-index --find-links wheels keyedhash"
	kh_check "the installed package is the wheel's version, not the checkout's" sh -c \
		"cd '$E' && [ \"\$(v1/bin/python -c 'import importlib.metadata as m; print(m.version(\"keyedhash\"))')\" = '$VER' ] &&
		 v1/bin/python -c 'import keyedhash; print(keyedhash.__file__)' | grep -q '^$E/v1/'"
	# (a plain venv has no mypy: lib/test-python runs those two checks)
	out=$(cd "$E" && KH_NO_MYPY=1 v1/bin/python "$KH_TOP/tests/libkeyedhash/python-vectors.py" 2>&1)
	rc=$?
	kh_check "the wheel, every vector: $(printf '%s\n' "$out" | tail -1)" test "$rc" = 0
	kh_check "the wheel's digests are khsum's, every algorithm" py_vs_khsum "$E/v1/bin/python" "$X/build/khsum"
	# the sdist, offline: setuptools and wheel from Debian (python3-setuptools,
	# python3-wheel), no build isolation
	kh_check "venv with Debian's setuptools+wheel: pip install --no-build-isolation --no-index --find-links DIR keyedhash (the sdist)" \
		sh -c "cd '$E' && /usr/bin/python3 -m venv --system-site-packages v2 > /dev/null &&
		 v2/bin/pip install -q --no-build-isolation --no-index --find-links sdists keyedhash > '$W/sdist-install.log' 2>&1"
	kh_check "the sdist's build: every algorithm's digests are khsum's" py_vs_khsum "$E/v2/bin/python" "$X/build/khsum"
	# make deb from the tarball: the packages carry its version
	out=$(bash "$X/tests/rig/deb/deb-build.sh" 2>&1)
	rc=$?
	[ "$rc" = 0 ] || printf '%s\n' "$out" | tail -20
	kh_check "make deb in the unpacked tree (Debian 12 root; lintian)" test "$rc" = 0
	dv=$(echo "$VER" | sed 's/-/~/g')
	bad=
	for deb in "$X"/build/deb/*.deb; do
		[ "$(dpkg-deb -f "$deb" Version)" = "$dv" ] || bad="$bad $(basename "$deb")"
	done
	kh_check "every .deb from the tarball ($(ls "$X"/build/deb/*.deb 2>/dev/null | wc -l)) has its version ($dv)${bad:+; not:$bad}" \
		sh -c "[ -z '$bad' ] && ls '$X'/build/deb/keyedhash-dkms_*_all.deb > /dev/null"
	rm -rf "$U"
	;;
repo-deb12|repo-deb13)
	ROOT=${part#repo-}
	VER=$(cat "$KH_OUT/deb/version" 2>/dev/null)
	if [ -z "$VER" ] || [ ! -f "$KH_OUT/deb/keyedhash-dkms_${VER}_all.deb" ]; then
		kh_fail "$part: make deb's packages in $KH_OUT/deb (run make deb)"
		echo "release-$part: done"
		exit 0
	fi
	N1=$VER+r1 N2=$VER+r2
	# make deb's packages at another version: keyedhash-dkms (its sources'
	# dkms.conf and hook say it too) and keyedhash-tools (its Recommends)
	repack() { # deb, new version, outdir
		local d=$W/pk v=$2 p
		rm -rf "$d"
		dpkg-deb -R "$1" "$d"
		p=$(sed -n 's/^Package: //p' "$d/DEBIAN/control")
		if [ "$p" = keyedhash-dkms ]; then
			mv "$d/usr/src/keyedhash-$VER" "$d/usr/src/keyedhash-$v"
			sed -i "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$v\"/" "$d/usr/src/keyedhash-$v/dkms.conf"
			sed -i "s/^VER=.*/VER=$v/" "$d/usr/lib/keyedhash-dkms/kernel-hook"
		fi
		sed -i "s/^Version: .*/Version: $v/; s/(= $VER)/(= $v)/g" "$d/DEBIAN/control"
		(cd "$d" && find usr -type f -exec md5sum {} + > DEBIAN/md5sums)
		dpkg-deb -Zgzip -b "$d" "$3/" > /dev/null
	}
	mkdir -p "$W/next" "$W/next2"
	for f in "$KH_OUT"/deb/keyedhash-dkms_*.deb "$KH_OUT"/deb/keyedhash-tools_*.deb; do
		repack "$f" "$N1" "$W/next"
	done
	repack "$KH_OUT/deb/keyedhash-dkms_${VER}_all.deb" "$N2" "$W/next2"
	kh_check "make repo REPO=<dir> (make deb's packages, the cached key)" \
		make -s -C "$KH_TOP" BUILD="$KH_OUT" repo REPO="$W/repo-v1"
	for a in amd64 arm64; do
		kh_check "the repository's $a index lists keyedhash-dkms (all), keyedhash-tools, libkeyedhash0, libkeyedhash-dev ($a)" sh -c \
			"P='$W/repo-v1/dists/stable/main/binary-$a/Packages' &&
			 grep -q -A3 '^Package: keyedhash-dkms\$' \$P &&
			 for p in keyedhash-tools libkeyedhash0 libkeyedhash-dev; do
				awk -v p=\$p '/^Package: /{ n = \$2 } /^Architecture: /{ if (n == p && \$2 == \"$a\") f = 1 } END { exit !f }' \$P || exit 1
			 done"
	done
	kh_check "InRelease verifies with the exported keyring (gpgv)" \
		gpgv --keyring "$W/repo-v1/keyedhash-archive-keyring.gpg" "$W/repo-v1/dists/stable/InRelease"
	# the next version: the same repository, make repo again
	cp -a "$W/repo-v1" "$W/repo-v2"
	kh_check "make repo again with the next version's packages ($N1): the older stay in the pool" sh -c \
		"'$KH_TOP/tools/dist/repo.sh' '$W/next' '$W/repo-v2' > /dev/null &&
		 ls '$W/repo-v2/pool/main/keyedhash-dkms_${VER}_all.deb' '$W/repo-v2/pool/main/keyedhash-dkms_${N1}_all.deb' > /dev/null"
	# tampered: N2 added, Packages and Release rewritten, the signatures
	# left as they were (whoever did it lacks the key)
	cp -a "$W/repo-v2" "$W/repo-bad"
	G=$W/gnupg-other
	mkdir -p "$G" && chmod 700 "$G"
	gpg --homedir "$G" --batch --quiet --passphrase '' --quick-gen-key other ed25519 sign never 2> /dev/null
	REPO_KEY=other REPO_GNUPGHOME=$G "$KH_TOP/tools/dist/repo.sh" "$W/next2" "$W/repo-bad" > /dev/null
	# (the agent gpg started for that throw-away home: not left running)
	gpgconf --homedir "$G" --kill gpg-agent 2> /dev/null || true
	B=$W/repo-bad/dists/stable
	awk -v rel="$B/Release" '
		/^-----BEGIN PGP SIGNATURE-----/ { sig = 1 }
		!sig && !body { print; if ($0 == "") { body = 1; while ((getline l < rel) > 0) print l } ; next }
		sig { print }' "$W/repo-v2/dists/stable/InRelease" > "$B/InRelease"
	cp "$W/repo-v2/dists/stable/Release.gpg" "$B/Release.gpg"
	cp "$W/repo-v2/keyedhash-archive-keyring.gpg" "$W/repo-bad/"
	kh_check "the tampered InRelease offers $N2 and fails gpgv" sh -c \
		"grep -q keyedhash-dkms_${N2}_all.deb '$W/repo-bad/dists/stable/main/binary-amd64/Packages' &&
		 ! gpgv --keyring '$W/repo-v2/keyedhash-archive-keyring.gpg' '$B/InRelease' 2> /dev/null"
	ln -sfn repo-v1 "$W/repo"
	"$RIG/deb/debroot.sh" overlay "$ROOT" "$W/ov" bash "$RIG/deb/repo-in-root.sh" "$ROOT" "$W" "$VER" "$N1" "$N2" \
		> "$W/root.log" 2>&1
	cat "$W/root.log"
	grep -q "^repo $ROOT: done" "$W/root.log" || kh_fail "$part: the steps in the root ran to their end"
	rm -rf "$W/ov"
	;;
*)
	kh_die "release.sh: unknown part $part" ;;
esac
echo "release-$part: done"

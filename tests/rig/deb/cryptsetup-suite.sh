#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: cryptsetup-suite.sh deb12|deb13 KVER...
# cryptsetup's own dm-integrity test, integrity-compat-test, from Debian's
# cryptsetup source package of the version the root's apt installs (fetched
# from Debian's archive into ~/.cache/keyedhash/cryptsetup-VERSION/, never
# kept in this tree), patched at run time with tests/rig/deb/cryptsetup-suite.patch
# (highwayhash128, highwayhash256 and sthash added to its keyed cases), run
# with the system's integritysetup in the root with our packages booting
# each KVER (tests/rig/deb/deb-vm.sh with tests/vm/cryptsetup-vm-test.sh).
# Each case of the test runs in a subshell of its own (wrap.awk below), so
# one failing case ends only itself.  Prints a PASS:/FAIL: line per check
# and per case, every case left out with why, how many cases ran, each
# VM's CPU seconds and "cryptsetup-suite: done".  To keep TCG's cost down
# each kernel runs only cases with our algorithms (select_for below);
# KH_CS_ALL=1 runs every case on every kernel.
# KH_CS_BREAK=keysize|name|driver breaks it on purpose (the check must
# fail): highwayhash256's 32-byte keys given as 31 bytes; highwayhash128's
# expected name in the status misspelt; keyedhash unloaded in the VM.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
RIG=$KH_TOP/tests/rig
R=${1:?deb12 or deb13}
shift
W=$KH_OUT/cryptsetup-suite-$R
LOGS=$KH_OUT/logs
mkdir -p "$LOGS"
done_() { echo "cryptsetup-suite: done"; exit 0; }

# ---------------------------------------------- the source package
# The version the root's apt installs (cryptsetup-bin): the test must be
# the integritysetup's own (its options and output change between versions)
V=$("$RIG/deb/debroot.sh" run "$R" apt-cache policy cryptsetup-bin 2>/dev/null |
	sed -n 's/^ *Candidate: //p')
if [ -z "$V" ] || [ "$V" = "(none)" ]; then
	kh_fail "$R: cryptsetup-bin in the root's apt lists"
	done_
fi
C=$KH_CACHE/cryptsetup-${V#*:}
fetch() {
	local a=$KH_OUT/cryptsetup-apt-$R root
	[ -f "$C/.done" ] && return 0
	kh_log "fetching Debian's cryptsetup $V source package" >&2
	rm -rf "$a" "$C.tmp"
	mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/src" "$C.tmp"
	touch "$a/status"
	# the root's own archive, as deb-src lines, with a private apt state
	# (run in the root: its apt and keyring know its suites)
	root=$("$RIG/deb/debroot.sh" root "$R")
	sed -n 's/^deb /deb-src /p' "$root/etc/apt/sources.list" > "$a/sources.list"
	cat > "$a/apt.conf" <<EOC
Dir::Etc::SourceList "$a/sources.list";
Dir::Etc::SourceParts "/nonexistent";
Dir::State::Lists "$a/lists";
Dir::State::status "$a/status";
Dir::Cache "$a/cache";
EOC
	"$RIG/deb/debroot.sh" run "$R" sh -c "APT_CONFIG=$a/apt.conf apt-get -q update &&
		cd $a/src && APT_CONFIG=$a/apt.conf apt-get -q source --download-only cryptsetup=$V" >&2 ||
		return 1
	# unpacked with Debian's patches (dpkg-source; apt checked the files'
	# hashes against the signed Sources): only tests/ is kept
	(cd "$a/src" && dpkg-source -q -x ./*.dsc x) >&2 || return 1
	mv "$a/src/x/tests" "$C.tmp/tests"
	cp "$a/src"/*.dsc "$C.tmp/"
	rm -rf "$a" "$C"
	touch "$C.tmp/.done"
	mv "$C.tmp" "$C"
}
(
	flock 9
	fetch
) 9> "$C.lock"
kh_check "$R: Debian's cryptsetup $V source package (${C#"$KH_CACHE"/})" \
	test -f "$C/tests/integrity-compat-test"
[ -f "$C/.done" ] || done_

# ---------------------------------------------- patched, then wrapped
rm -rf "$W"
mkdir -p "$W/src/tests" "$W/files"
cp "$C/tests/integrity-compat-test" "$W/src/tests/"
(cd "$W/src" && patch -p1 --no-backup-if-mismatch < "$RIG/deb/cryptsetup-suite.patch") > "$W/patch.log" 2>&1
kh_check "$R: tests/rig/deb/cryptsetup-suite.patch applies to cryptsetup $V's integrity-compat-test" \
	test "$(grep -c '^Hunk .* FAILED' "$W/patch.log")" = 0 -a -s "$W/src/tests/integrity-compat-test"
case ${KH_CS_BREAK:-} in
keysize) sed -i '/^intformat highwayhash256 /s/ 32$/ 31/' "$W/src/tests/integrity-compat-test" ;;
name) sed -i '/^intformat highwayhash128 /s/^intformat highwayhash128 highwayhash128 /intformat highwayhash128 highwayhahs128 /' \
	"$W/src/tests/integrity-compat-test" ;;
driver) echo driver > "$W/files/break" ;;
'') ;;
*) kh_die "KH_CS_BREAK: keysize, name or driver" ;;
esac
[ -z "${KH_CS_BREAK:-}" ] || echo "cryptsetup-suite: broken on purpose: KH_CS_BREAK=$KH_CS_BREAK"

# Each case in a subshell of its own (kh_case): every call of the test's
# case functions (and of ours, kh_*), and every titled block of its main
# part ('echo -n "Title:"' or 'echo -n "[INTEGRITY ...]"' at the left
# margin, up to the next case, title or the final cleanup; the test's
# other 'echo -n "[STEP]"' lines are steps of a block), made a function.  The manifest: "ID<TAB>case<TAB>
# guard<TAB>block", the guard being the if at the left margin a case is
# under, the block the titled block it is in (or 0).
cat > "$W/wrap.awk" <<'EOA'
function close_blk() {
	if (!blk)
		return
	print "}"
	print "kh_case " blk " kh_blk_" blk
	blk = 0
	guard = ""
}
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); gsub(/[ \t]+/, " ", s); return s }
BEGIN { calls = "^[ \t]*(intformat|int_error_detection|int_journal|int_journal_crypt|int_mode|test_resize|kh_[a-z_]+) " }
NR == 1 { print; while ((getline l < KHCASE) > 0) print l; next }
!main { print; if ($0 ~ /^dm_integrity_features$/) main = 1; next }
function title(s) { return s ~ /^echo -n "([^"]*:|\[INTEGRITY[^"]*)"$/ }
title($0) || /^echo "/ || /^cleanup$/ || ($0 ~ calls && $0 ~ /^[^ \t]/) { close_blk() }
/^if / { guard = trim($0) }
/^fi$/ { guard = "" }
title($0) {
	n++; blk = n
	t = $0; sub(/^echo -n "/, "", t); sub(/:?"$/, "", t)
	printf "%d\t%s\t\t0\n", n, t > MANIFEST
	print "kh_blk_" n "() {"
	print
	next
}
$0 ~ calls {
	n++
	match($0, /^[ \t]*/)
	printf "%d\t%s\t%s\t%d\n", n, trim($0), guard, blk > MANIFEST
	print substr($0, 1, RLENGTH) "kh_case " n " " substr($0, RLENGTH + 1)
	next
}
{ print }
END { close_blk() }
EOA
cat > "$W/kh_case.sh" <<'EOC'
# keyedhash (tests/rig/deb/cryptsetup-suite.sh): one case in a subshell; its
# outcome as "KH-CASE PASS|FAIL|N/A ID [why]"; N/A when the case itself
# printed [N/A] (the test's own feature checks); a case not in the file
# $KH_CS_SELECT (one ID a line) is left out: "KH-CASE OUT ID"
kh_case() # id function args...
{
	local id=$1 out rc why a dmi
	shift
	if [ -n "$KH_CS_SELECT" ] && ! grep -qx "$id" "$KH_CS_SELECT"; then
		echo "KH-CASE OUT $id"
		return 0
	fi
	echo "KH-CASE BEGIN $id"
	out=$( ("$@") 2>&1 )
	rc=$?
	printf '%s\n' "$out"
	dmi=$(dmsetup targets | awk '$1 == "integrity" { print $2 }')
	if [ $rc -ne 0 ]; then
		echo "KH-CASE FAIL $id (exit status $rc)"
		add_device > /dev/null 2>&1
	elif printf '%s\n' "$out" | awk '/^KH-CASE/ { exit } /\[N\/A\]/ { f = 1 } END { exit !f }'; then
		case $1 in
		intformat | int_error_detection)
			a=$3
			if grep -q "^name *: $a\$" /proc/crypto; then
				why="integritysetup format refused $a (the kernel has it)"
			else
				why="this kernel has no $a (not in /proc/crypto after the format tried it)"
			fi ;;
		test_resize) why="dm-integrity target $dmi: no resize (needs 1.6)" ;;
		*) why="the test's own feature check said N/A (dm-integrity target $dmi)" ;;
		esac
		echo "KH-CASE N/A $id $why"
	else
		echo "KH-CASE PASS $id"
	fi
}
EOC
awk -v MANIFEST="$W/manifest" -v KHCASE="$W/kh_case.sh" -f "$W/wrap.awk" \
	"$W/src/tests/integrity-compat-test" > "$W/files/integrity-compat-test"
kh_check "$R: the test wrapped case by case ($(wc -l < "$W/manifest") cases), bash -n" \
	bash -n "$W/files/integrity-compat-test"
echo "$V" > "$W/files/VERSION"

# Which cases each kernel runs (KH_CS_ALL=1: all of them, on every
# kernel).  Under TCG a case costs several CPU seconds (each formats and
# reads 32 MiB devices), so by default only the cases with our algorithms
# run: refusing bad keys on every kernel, and of each other kind (intformat
# triples, journal and bitmap error detection, journal MAC, modes,
# recalculation, discards, resize) the one meant for the kernel's series
# (the patch lists them in the order 6.1, 6.12, 7.x), with the titled
# blocks they are in.  The test's own cases (no algorithm of ours) are
# left out and listed.
select_for() { # kver -> the IDs, one a line
	local k=2
	case $1 in 6.1.*) k=0 ;; 6.12.*) k=1 ;; esac
	awk -F '\t' -v k="$k" -v all="${KH_CS_ALL:-0}" '
		{ id[NR] = $1; name[NR] = $2; blk[NR] = $4
		  split($2, w, " "); g = w[1] (w[1] == "int_error_detection" ? " " w[2] : "")
		  ours[NR] = ($2 ~ /highwayhash|sthash/ || w[1] ~ /^kh_/); grp[NR] = g
		  if (ours[NR]) gn[g]++ }
		END {
			for (i = 1; i <= NR; i++) {
				if (!ours[i] && !all) continue
				if (!all && grp[i] != "kh_refused" && int(gi[grp[i]]++ * 3 / gn[grp[i]]) != k) continue
				sel[id[i]] = 1
				if (blk[i]) sel[blk[i]] = 1
			}
			for (i = 1; i <= NR; i++) if (sel[id[i]]) print id[i]
		}' "$W/manifest"
}
for kv in "$@"; do
	select_for "$kv" > "$W/files/select-$kv"
done

# ---------------------------------------------- the VMs
KH_DEB_VM_NAME=cryptsetup-vm KH_DEB_VM_APT="cryptsetup-bin dmsetup xxd bsdextrautils" \
	KH_DEB_VM_TEST=$KH_TOP/tests/vm/cryptsetup-vm-test.sh KH_DEB_VM_FILES=$W/files \
	VM_TIMEOUT=${VM_TIMEOUT:-1800} "$RIG/deb/deb-vm.sh" "$R" "$@" > "$W/deb-vm.out" 2>&1
grep -a -v '^#####' "$W/deb-vm.out"
for kv in "$@"; do
	log=$LOGS/cryptsetup-vm-$R-$kv.log
	if [ ! -f "$log" ]; then
		kh_fail "VM $kv: integrity-compat-test: no console log, no case ran"
		continue
	fi
	# the cases: each ran (PASS, FAIL), was N/A by the test's own check,
	# was left out (not selected), or never ran (its guard false); every
	# one not passed is listed
	tr -d '\r' < "$log" | awk -F '\t' -v K="$kv" -v V="$V" '
		FNR == NR { name[$1] = $2; guard[$1] = $3; ids[++n] = $1; next }
		/^KH-CASE OUT / { split($0, w, " "); res[w[3]] = "OUT" }
		/^KH-CASE (PASS|FAIL|N\/A) / {
			id = $0; sub(/^KH-CASE [^ ]* /, "", id); why = id
			sub(/ .*/, "", id); sub(/^[^ ]* ?/, "", why)
			split($0, w, " "); res[id] = w[2]; reason[id] = why
		}
		END {
			for (i = 1; i <= n; i++) {
				id = ids[i]
				if (res[id] == "PASS") { p++; print "PASS: VM " K ": integrity-compat-test (cryptsetup " V "): " name[id] }
				else if (res[id] == "FAIL") { f++; print "FAIL: VM " K ": integrity-compat-test (cryptsetup " V "): " name[id] " " reason[id] }
				else if (res[id] == "N/A") { l++; out = out "    left out: " name[id] ": " reason[id] "\n" }
				else if (res[id] == "OUT") { l++; out = out "    left out: " name[id] ": " \
					(name[id] ~ /highwayhash|sthash|^kh_/ ? "meant for another series (each kind once per kernel, our algorithms rotating)" : \
					"no algorithm of ours (cryptsetup alone)") ", to keep the TCG run short (KH_CS_ALL=1 runs it)\n" }
				else { l++; out = out "    left out: " name[id] ": not run (" (guard[id] == "" ? "the test ended before it" : "its guard was false: " guard[id]) ")\n" }
			}
			printf "cryptsetup-suite: Linux %s, cryptsetup %s: %d cases in the test, %d ran (%d passed, %d failed), %d left out:\n", K, V, n, p + f, p, f, l
			printf "%s", out
			if (p + f == 0) print "FAIL: VM " K ": integrity-compat-test: no case ran"
		}' "$W/manifest" -
	grep -a -h '^cryptsetup-suite: ' "$log" | tr -d '\r' | sed 's/^/    /'
done
done_

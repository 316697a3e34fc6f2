# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the tiers of make check share (sourced by tests/rig/check.sh, which
# defines the job pool and the per-tier accounts used here): counting a
# log's results, a VM's end, a warning-free build, an initramfs, the VMs'
# userspace tools, the driver list the VMs require.

# Count the PASS:/FAIL: lines a log reports, and require its end marker
# and at least one result: a log with none checked nothing.
count_log() { # description, log, end-marker
	local p f k skipped=
	p=$(grep -a -c '^PASS: ' "$2")
	f=$(grep -a -c '^FAIL: ' "$2")
	k=$(grep -a -c '^SKIP: ' "$2")
	[ "$k" = 0 ] || skipped=", $k skipped (not counted as passed)"
	grep -a '^FAIL: ' "$2" | sed "s|^|    [$1] |"
	KH_PASS=$((KH_PASS + p))
	KH_FAIL=$((KH_FAIL + f))
	echo "    $1: $p passed, $f failed$skipped (log: ${2#$KH_TOP/})"
	printf '  %-64s %5d passed, %d failed%s\n' "$1" "$p" "$f" "$skipped" >> "$SUMMARY"
	if ! grep -a -q "$3" "$2"; then
		kh_fail "$1: run did not complete"
		tail -30 "$2"
	elif [ $((p + f)) = 0 ]; then
		kh_fail "$1: no check reported a result"
	fi
}

# A VM log whose test script ran to its end (for VMs whose results are
# counted from another file, e.g. ktap.py's summary of the KUnit log).
vm_done() { # description, log
	local l
	kh_check "$1: the VM ran its test script to the end" grep -a -q "^=== VM done" "$2"
	# the guest's clock (tests/vm/lib-guest.sh, kh_clock_end; /init prints it)
	while IFS= read -r l; do
		case "$l" in
		PASS:*) kh_pass "$1: ${l#PASS: }" ;;
		*) kh_fail "$1: ${l#FAIL: }" ;;
		esac
	done < <(grep -a -E '^(PASS|FAIL): guest clock' "$2" | tr -d '\r')
	grep -a -q '^PASS: guest clock: .* s of guest time' "$2" ||
		kh_fail "$1: the guest's clock was not compared with the host's"
}

# Build with W=1 and fail on any compiler warning.
build_clean() { # name, kdir, make args...
	local name=$1 log=$LOGS/build-$1.log
	shift
	if "$RIG/host/build-module.sh" "$name" "$@" > "$log" 2>&1 && ! grep -q "warning:" "$log"; then
		return 0
	fi
	cat "$log"
	return 1
}

# A VM's initramfs (tests/rig/kernel/mkinitramfs.sh); a failure is counted, and
# no image of an earlier run is left to boot instead.
initramfs() { # out, mkinitramfs.sh arguments...
	rm -f "$1"
	"$RIG/kernel/mkinitramfs.sh" "$@" && return
	rm -f "$1"
	kh_fail "initramfs $(basename "$1") built (a file it takes is missing?)"
	return 1
}

# Static userspace programs for the VMs: build/tools-ARCH/.  The raw
# AF_ALG tests on tools/afalg.c; khsum, kh-kcapi-test and the README's
# libkcapi example on Debian's libkcapi.a (arm64: Debian's arm64
# libkcapi-dev, tests/rig/kernel/kcapi.sh).  On x86_64 also the example linked
# dynamically, as a user builds it, and README's copy of it compared, and
# integrity-keycheck on libkeyedhash.a (with a broken copy).
build_tools() { # arch, cc
	local o=$KH_OUT/tools-$1 cc=$2 f="-O2 -Wall -Wextra -static" t=$KH_TOP/tools
	local a=$KH_TOP/tests/afalg k=() r
	mkdir -p "$o"
	if [ "$1" = arm64 ]; then
		r=$("$RIG/kernel/kcapi.sh" arm64) || return 1
		k=(-I"$r/usr/include" -L"$r/usr/lib/aarch64-linux-gnu")
	fi
	$cc $f -o "$o/finit" "$RIG/kernel/finit.c" &&
	$cc $f -I"$t" -o "$o/kh-afalg-test" "$a/kh_afalg_test.c" "$a/kh_vectors.c" "$t/afalg.c" &&
	$cc $f -I"$t" -o "$o/kh-afalg-abuse" "$a/kh_afalg_abuse.c" "$t/afalg.c" &&
	$cc $f -I"$t" -o "$o/kh-afalg-pin" "$a/kh_afalg_pin.c" "$t/afalg.c" &&
	$cc $f -I"$t" -o "$o/kh-faults" "$a/kh_faults.c" "$t/afalg.c" &&
	$cc $f -I"$t" "${k[@]}" -o "$o/khsum" "$t/khsum.c" "$t/afalg.c" -lkcapi &&
	$cc $f -I"$t" "${k[@]}" -o "$o/kh-kcapi-test" "$a/kh_kcapi_test.c" \
		"$a/kh_vectors.c" "$t/afalg.c" -lkcapi &&
	$cc $f "${k[@]}" -o "$o/kcapi-example" "$t/examples/kcapi-example.c" -lkcapi ||
		return 1
	[ "$1" = arm64 ] && return 0
	# integrity-keycheck on libkeyedhash.a (only the x86_64 VM runs the
	# ecosystem checks, tests/vm/keycheck.sh), and a copy that hashes the
	# wrong sector number, which must not accept the right key there
	make -s -C "$KH_TOP" BUILD="$KH_OUT" "$KH_OUT/lib/libkeyedhash.a" > /dev/null &&
	$cc $f -I"$KH_TOP/libkeyedhash/include" -o "$o/integrity-keycheck" "$t/integrity-keycheck.c" \
		"$KH_OUT/lib/libkeyedhash.a" || return 1
	sed 's/put_le64(sector, block << v->log2_spb);/put_le64(sector, (block + 1) << v->log2_spb);/' \
		"$t/integrity-keycheck.c" > "$o/integrity-keycheck-broken.c"
	! cmp -s "$t/integrity-keycheck.c" "$o/integrity-keycheck-broken.c" ||
		{ echo "integrity-keycheck-broken.c: the sector number's line not found"; return 1; }
	$cc $f -I"$KH_TOP/libkeyedhash/include" -o "$o/integrity-keycheck-broken" \
		"$o/integrity-keycheck-broken.c" "$KH_OUT/lib/libkeyedhash.a" || return 1
	$cc -O2 -Wall -Wextra -Werror -o "$o/kcapi-example-dynamic" \
		"$t/examples/kcapi-example.c" -lkcapi || return 1
	# docs/usage.md shows tools/examples/kcapi-example.c verbatim: the ```c
	# block that names that file
	awk '/^```c$/ { b = ""; inb = 1; next }
	     inb && /^```$/ { inb = 0; if (b ~ /tools\/examples\/kcapi-example\.c/) printf "%s", b; next }
	     inb { b = b $0 "\n" }' "$KH_TOP/docs/usage.md" | cmp -s - "$t/examples/kcapi-example.c" || {
		echo "docs/usage.md's copy of tools/examples/kcapi-example.c differs from the file"
		return 1
	}
}

# The expected drivers per CPU model come from the module's own tables.
expected_drivers() { "$KH_OUT/hosttest" --list; }

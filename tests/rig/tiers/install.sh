# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The install tier of make check (sourced by tests/rig/check.sh): run_install.

# make install/uninstall into staging roots (tests/rig/host/make-install.sh), DKMS
# with private trees (tests/rig/host/dkms.sh), both for the Debian kernel $KVER
# and loading nothing; the khsum man page.
run_install() {
	tier_begin install
	if build_clean x86_64 "$KDIR" && build_tools x86_64 gcc; then
		"$RIG/host/make-install.sh" "$KH_OUT/x86_64/src" "$KDIR" W=1 > "$LOGS/install.log" 2>&1
	else
		echo "FAIL: x86_64 module build for make install" > "$LOGS/install.log"
	fi
	count_log "make install/uninstall (staging roots)" "$LOGS/install.log" "^install: done"
	"$RIG/host/dkms.sh" "$KVER" > "$LOGS/dkms.log" 2>&1
	count_log "DKMS for $KVER (private trees)" "$LOGS/dkms.log" "^dkms: done"
	# Debian 13's kernels, as a Debian 13 user would: inside the root,
	# make install against the series' headers and DKMS with that
	# root's dkms (both with private trees, as above)
	for s in $KH_SERIES; do
		[ "$s" = 6.1 ] && continue
		if ! kh_series_env "$s"; then
			kh_fail "Linux $s: Debian's kernels and headers fetched"
			continue
		fi
		# shellcheck disable=SC2086
		if build_clean "x86_64-$s" "$S_KDIR" $S_XMAKE; then
			# shellcheck disable=SC2086
			"$RIG/kernel/deb13.sh" run bash "$RIG/host/make-install.sh" "$KH_OUT/x86_64-$s/src" \
				"${S_KDIR#deb13:}" W=1 $S_XMAKE > "$LOGS/install-$s.log" 2>&1
		else
			echo "FAIL: x86_64 module build for make install" > "$LOGS/install-$s.log"
		fi
		count_log "make install/uninstall, Linux $s ($S_KVER, Debian 13 root)" \
			"$LOGS/install-$s.log" "^install: done"
		"$RIG/kernel/deb13.sh" run env KH_OUT="$KH_OUT/dkms-$s" bash "$RIG/host/dkms.sh" "$S_KVER" \
			> "$LOGS/dkms-$s.log" 2>&1
		count_log "DKMS for $S_KVER (Debian 13's dkms, private trees)" \
			"$LOGS/dkms-$s.log" "^dkms: done"
	done
	kh_check "tools/khsum.1: groff -man -ww renders it without warnings" sh -c \
		"[ -z \"\$(groff -man -Tutf8 -ww -z '$KH_TOP/tools/khsum.1' 2>&1)\" ]"
	kh_check "tools/khsum.1 documents every option of khsum --help" sh -c \
		"for o in \$('$KH_OUT/tools-x86_64/khsum' --help | grep -o -- '--[a-z-]*' | sort -u); do
			sed 's/\\\\-/-/g' '$KH_TOP/tools/khsum.1' | grep -q -- \"\$o\" || { echo \"missing \$o\"; exit 1; }
		 done"
	tier_end install
}

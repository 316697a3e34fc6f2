# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The vm tier of make check (sourced by tests/rig/check.sh): run_vm.

# "name driver feature" of the arch drivers; the VM requires each present
# or absent by its /proc/cpuinfo (tests/vm/debian.sh).
arch_drivers() { # arch
	if [ "$1" = x86_64 ]; then "$KH_OUT/hosttest-x86" --list-arch; fi
	if [ "$1" = arm64 ]; then "$KH_OUT/hosttest-arm64" --list-arch; fi
}
# CPU flags each VM's QEMU model must (not) have, so that the arch drivers
# are really required present with -cpu max and absent without AVX2.
declare -A KH_VM_FLAGS_PRESENT=([x86_64-max]=avx2 [arm64-max]=asimd)
declare -A KH_VM_FLAGS_ABSENT=([x86_64-noavx2]="avx2 avx512f")
# vCPUs per VM (default 1): the AF_ALG abuse test's processes run truly
# in parallel on x86_64 -cpu max.
declare -A KH_VM_SMP=([x86_64-max]=2)
# VMs that also run the ecosystem checks: autoload by algorithm name before
# debian.sh's modprobe (tests/vm/autoload.sh as /pre.sh), khsum and
# dm-integrity on a virtio disk (tests/vm/ecosystem-guest.sh as /extra.sh).
declare -A KH_VM_ECO=()
for m in ${KH_VM_ECO_MODELS-x86_64-max}; do KH_VM_ECO[$m]=1; done

vm_run() { # series, model, arch, cpu, kernel, kver, root, module
	local series=$1 model=$2 arch=$3 cpu=$4 kernel=$5 kver=$6 root=$7 ko=$8
	local label=$series-$model
	local t=$KH_OUT/tools-$arch ird=$KH_OUT/vm-$label.cpio.gz log=$LOGS/vm-$label.log
	local extra=$KH_OUT/vm-$label
	rm -rf "$extra" && mkdir -p "$extra"
	expected_drivers > "$extra/expected.txt"
	arch_drivers "$arch" > "$extra/arch.txt"
	# an empty list would silently stop requiring the arch drivers
	kh_check "VM $label: arch driver list from the hosttest --list-arch" \
		test -s "$extra/arch.txt"
	"$RIG/kernel/samples.sh" "$extra/samples"
	"$RIG/kernel/abuse-ref.sh" "$extra/abuse"
	printf 'KH_SEED=%s\n' "$SEED" > "$extra/env"
	local eco=() vmx=
	if [ -n "${KH_VM_ECO[$model]:-}" ]; then
		vmx=$("$RIG/kernel/ecosystem.sh" "$extra/eco")
		eco=("$extra/eco/root:/" "$extra/eco/eco:/eco"
			"$KH_TOP/tests/vm/autoload.sh:/pre.sh" "$KH_TOP/tests/vm/ecosystem-guest.sh:/extra.sh"
			"$KH_TOP/tests/vm/keycheck.sh:/keycheck.sh"
			"$t/integrity-keycheck:/usr/lib/keyedhash/integrity-keycheck"
			"$t/integrity-keycheck-broken:/integrity-keycheck-broken"
			"$KH_TOP/debian/keyedhash-integritysetup:/kh-integritysetup"
			"$KH_TOP/debian/initramfs/local-top:/kh-local-top"
			"$KH_TOP/debian/initramfs/functions:/scripts/keyedhash-functions")
	fi
	printf 'KH_CPU_FLAGS_PRESENT="%s"\nKH_CPU_FLAGS_ABSENT="%s"\n' \
		"${KH_VM_FLAGS_PRESENT[$model]:-}" "${KH_VM_FLAGS_ABSENT[$model]:-}" >> "$extra/env"
	# Debian's kcapi-dgst of the VM's arch with its shared libraries
	"$RIG/kernel/kcapi.sh" dgst "$arch" "$extra/kcapi"
	initramfs "$ird" "$arch" "$root" "$kver" "$KH_TOP/tests/vm/debian.sh" \
		"$ko" "$t/finit" "$t/kh-afalg-test" "$t/khsum" \
		"$extra/expected.txt" "$extra/arch.txt" "$extra/env" "$KH_TOP/tests/vectors:/vectors" \
		"$extra/samples:/samples" "$extra/samples/sample.txt" \
		"$t/kh-afalg-abuse" "$extra/abuse:/abuse" "${eco[@]}" \
		"$t/kh-afalg-pin" "$KH_TOP/tests/vm/memcg.sh:/memcg.sh" \
		"$t/kh-kcapi-test" "$t/kcapi-example" "$extra/kcapi:/" || return
	kh_job "vm-$label" vm_boot "$label ($kver)" "$vmx" "${KH_VM_SMP[$model]:-${VM_SMP:-1}}" \
		"$arch" "$cpu" "$kernel" "$ird" "$log" "VM Linux $series $model ($kver)"
}
# A VM job: boot, then count what its log reports.
vm_boot() { # what, qemu extra, vcpus, arch, cpu, kernel, initramfs, log, description
	kh_slot
	kh_log "  booting $1"
	VM_EXTRA=$2 VM_SMP=$3 "$RIG/kernel/vm-boot.sh" "$4" "$5" "$6" "$7" "$8"
	count_log "$9" "$8" "^=== VM done"
}

# CET IBT (CONFIG_X86_KERNEL_IBT: Debian 13's x86_64 kernels, KH_IBT_SERIES;
# 6.1 has none): tests/rig/host/ibt.sh requires endbr64 at every function whose
# address the module takes and that none of those is in the seal list, and
# must fail on copies whose kh_highwayhash_shash_setkey starts with a NOP instead, or
# has its endbr64 in the seal list.  (Kbuild runs objtool --ibt on the module
# there too; a warning of it fails the W=1 build check above.)
KH_IBT_SERIES=${KH_IBT_SERIES:-6.12 7.x}
ibt_ok() { # module, log
	"$RIG/host/ibt.sh" "$1" > "$2" 2>&1 || { grep -v '^  endbr64' "$2"; return 1; }
	tail -1 "$2"
}
ibt_mutant_fails() { # how (--nop-endbr, --seal-endbr), module, mutant, log
	local rc=0
	"$RIG/host/ibt.sh" "$1" kh_highwayhash_shash_setkey "$2" "$3" || return 1
	"$RIG/host/ibt.sh" "$3" > "$4" 2>&1 || rc=$?
	[ "$rc" = 1 ] && grep '^FAIL: kh_highwayhash_shash_setkey: ' "$4" | sed 's/^FAIL/    as it should: FAIL/'
}
ibt_series() { # series, kdir, module
	local conf=$2/include/config/auto.conf
	conf=${conf/#deb13:/$("$RIG/kernel/deb13.sh" root)}
	if ! grep -qx 'CONFIG_X86_KERNEL_IBT=y' "$conf"; then
		if [[ " $KH_IBT_SERIES " == *" $1 "* ]]; then
			kh_fail "Linux $1 x86_64: kernel built with CONFIG_X86_KERNEL_IBT, as Debian's is"
		else
			echo "    Linux $1 x86_64: no CONFIG_X86_KERNEL_IBT, no IBT check"
		fi
		return
	fi
	kh_check "Linux $1 x86_64 (IBT): every address-taken function starts with endbr64" \
		ibt_ok "$3" "$LOGS/ibt-$1.log"
	kh_check "Linux $1 x86_64 (IBT): ibt.sh fails on a module whose kh_highwayhash_shash_setkey lacks it" \
		ibt_mutant_fails --nop-endbr "$3" "$KH_OUT/ibt-mutant-$1.ko" "$LOGS/ibt-mutant-$1.log"
	kh_check "Linux $1 x86_64 (IBT): ibt.sh fails on one that seals kh_highwayhash_shash_setkey's" \
		ibt_mutant_fails --seal-endbr "$3" "$KH_OUT/ibt-mutant-$1.ko" "$LOGS/ibt-mutant-$1.log"
}

# The CPU models each series boots: x86_64 with and without AVX2 for the
# newest and 6.1 (KH_NOAVX2_SERIES), -cpu max for every series.
vm_series() { # series
	local s=$1 n=$1
	[ "$s" = 6.1 ] && n=
	if ! kh_series_env "$s"; then
		kh_fail "Linux $s: Debian's kernels and headers fetched"
		return
	fi
	kh_log "  Linux $s: $S_KVER, $S_AKVER"
	# shellcheck disable=SC2086
	kh_check "Linux $s x86_64 ($S_KVER): module built, W=1 warning-free" \
		build_clean "x86_64${n:+-$n}" "$S_KDIR" $S_XMAKE
	ibt_series "$s" "$S_KDIR" "$KH_OUT/x86_64${n:+-$n}/src/keyedhash.ko"
	# shellcheck disable=SC2086
	kh_check "Linux $s arm64 ($S_AKVER): module built, W=1 warning-free" \
		build_clean "arm64${n:+-$n}" "$S_AKDIR" $S_AMAKE
	vm_run "$s" x86_64-max x86_64 max "$S_XROOT/boot/vmlinuz-$S_KVER" "$S_KVER" \
		"$S_XROOT" "$KH_OUT/x86_64${n:+-$n}/src/keyedhash.ko"
	if [[ " $KH_NOAVX2_SERIES " == *" $s "* ]]; then
		vm_run "$s" x86_64-noavx2 x86_64 max,-avx2 "$S_XROOT/boot/vmlinuz-$S_KVER" \
			"$S_KVER" "$S_XROOT" "$KH_OUT/x86_64${n:+-$n}/src/keyedhash.ko"
	fi
	vm_run "$s" arm64-max arm64 max,pauth-impdef=on "$S_AROOT/boot/vmlinuz-$S_AKVER" \
		"$S_AKVER" "$S_AROOT" "$KH_OUT/arm64${n:+-$n}/src/keyedhash.ko"
}

# PREEMPT_RT: Debian 13's rt kernels of KH_RT_SERIES (default 6.12;
# tests/rig/kernel/rt.sh), x86_64 -cpu max and arm64 -cpu max, the same VM test
# as the standard kernels (debian.sh: every driver's vectors through
# AF_ALG, the abuse test, memcg.sh).
KH_RT_SERIES=${KH_RT_SERIES-6.12}
vm_rt() { # series
	local s=$1 kv akv aroot
	if ! kh_series_env "$s" || ! kv=$("$RIG/kernel/rt.sh" amd64 "$s") ||
		! read -r aroot akv < <("$RIG/kernel/rt.sh" arm64 "$s"); then
		kh_fail "Linux $s PREEMPT_RT: Debian's rt kernels and headers fetched"
		return
	fi
	kh_log "  Linux $s PREEMPT_RT: $kv, $akv"
	kh_check "Linux $s-rt: the kernels are PREEMPT_RT (CONFIG_PREEMPT_RT=y)" \
		grep -qx CONFIG_PREEMPT_RT=y "$S_XROOT/usr/src/linux-headers-$kv/.config" \
		"$S_XROOT/usr/src/linux-headers-$akv/.config"
	kh_check "Linux $s-rt x86_64 ($kv): module built, W=1 warning-free" \
		build_clean "x86_64-$s-rt" "deb13:/usr/src/linux-headers-$kv"
	ibt_series "$s-rt" "deb13:/usr/src/linux-headers-$kv" "$KH_OUT/x86_64-$s-rt/src/keyedhash.ko"
	kh_check "Linux $s-rt arm64 ($akv): module built, W=1 warning-free" \
		build_clean "arm64-$s-rt" "deb13:/usr/src/linux-headers-$akv" ARCH=arm64
	vm_run "$s-rt" x86_64-max x86_64 max "$S_XROOT/boot/vmlinuz-$kv" "$kv" \
		"$S_XROOT" "$KH_OUT/x86_64-$s-rt/src/keyedhash.ko"
	vm_run "$s-rt" arm64-max arm64 max,pauth-impdef=on "$aroot/boot/vmlinuz-$akv" \
		"$akv" "$aroot" "$KH_OUT/arm64-$s-rt/src/keyedhash.ko"
}

run_vm() {
	tier_begin vm
	# (re)build what the VMs run; incremental when the host tier just did
	make -s -C "$KH_TOP" BUILD="$KH_OUT" "$KH_OUT/hosttest" "$KH_OUT/hosttest-x86" \
		"$KH_OUT/hosttest-arm64" >/dev/null
	kh_check "userspace tools for the VMs (x86_64, arm64)" eval \
		'build_tools x86_64 gcc && build_tools arm64 aarch64-linux-gnu-gcc'
	for s in $KH_SERIES; do
		vm_series "$s"
	done
	for s in $KH_RT_SERIES; do
		vm_rt "$s"
	done
	tier_end vm
}

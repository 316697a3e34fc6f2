# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/vm/debian.sh as /pre.sh, before it loads keyedhash
# itself: the module must load on demand, through its crypto-<name>
# aliases (modules.alias, written by depmod in mkinitramfs.sh) and the
# kernel's request_module() running /sbin/modprobe, when an AF_ALG socket
# is bound to an algorithm or driver name.  No modprobe of keyedhash here.
# Uses check/pass/fail of debian.sh; /samples/expected.txt gives each
# algorithm's key and digest of /sample.txt (computed on the host).
echo "--- autoload: AF_ALG bind by name loads keyedhash (no modprobe) (uptime $(cut -d' ' -f1 /proc/uptime) s)"
kh_loaded() { grep -q "^$1 " /proc/modules; }
M=/lib/modules/$(uname -r)
check "the kernel runs /sbin/modprobe for request_module, and it exists" \
	sh -c "[ \"\$(cat /proc/sys/kernel/modprobe)\" = /sbin/modprobe ] && [ -x /sbin/modprobe ]"
check "modules.alias maps crypto-highwayhash256 to keyedhash" \
	grep -qx "alias crypto-highwayhash256 keyedhash" "$M/modules.alias"
# (where af_alg has the af_alg_restrict sysctl, debian.sh loaded it to set
# that, and its check of khsum's refusal loaded algif_hash)
AF="af_alg|algif_hash"
[ -n "${KH_AF_ALG_PRELOADED:-}" ] && AF=
check "fresh boot: keyedhash${AF:+, $AF} not loaded" \
	sh -c "! grep -qE '^(keyedhash${AF:+|$AF}) ' /proc/modules"

# autoload_one NAME ALG: rmmod keyedhash if loaded, hash /sample.txt with
# NAME (an algorithm or driver name of ALG), require the module loaded
# again and the digest the host computed for ALG.
autoload_one() {
	local name=$1 alg=$2 key want got
	read -r key want <<-EOF
	$(awk -v a="$alg" '$1 == a { print $2, $3 }' /samples/expected.txt)
	EOF
	! kh_loaded keyedhash || rmmod keyedhash || fail "rmmod keyedhash before $name"
	got=$(/khsum -a "$name" -k "/samples$key" /sample.txt 2>/tmp/autoload.err | cut -d' ' -f1)
	if kh_loaded keyedhash && [ -n "$got" ] && [ "$got" = "$want" ]; then
		pass "bind to $name loaded keyedhash; digest matches the host"
	else
		cat /tmp/autoload.err
		fail "bind to $name loaded keyedhash (loaded: $(kh_loaded keyedhash && echo yes || echo no); digest ${got:-none}, want $want)"
	fi
}

# The first bind on a fresh boot: socket(AF_ALG) autoloads af_alg
# (net-pf-38, unless loaded already), bind(type "hash") algif_hash, the
# name keyedhash.
autoload_one highwayhash256 highwayhash256
check "fresh boot: socket(AF_ALG) and bind autoloaded af_alg and algif_hash too" \
	sh -c "grep -q '^af_alg ' /proc/modules && grep -q '^algif_hash ' /proc/modules"

# Every algorithm name and every driver the module registered on this
# CPU (kh_algs of lib-guest.sh: /proc/crypto, now that it is loaded), each
# after an rmmod.
drivers=$(kh_algs | awk '{ print $1, $2 }')
echo "$drivers" | sed 's/^/    /'
check "the autoloaded module registered drivers" [ -n "$drivers" ]
for name in $(echo "$drivers" | awk 'NF { print $1 }' | sort -u); do
	if [ "$name" = nhpoly1305 ] && grep -q '/nhpoly1305\.ko' "$M/modules.dep"; then
		# Once keyedhash has loaded the kernel's own nhpoly1305 (it does
		# so on purpose, to stay out of Adiantum's default; 7.x has
		# none, and the name autoloads keyedhash there), the name
		# resolves without a module load: check the alias resolution
		# instead, and the digest through whichever driver serves it.
		check "modprobe resolves crypto-nhpoly1305 to keyedhash too" \
			sh -c "grep -qx 'alias crypto-nhpoly1305 keyedhash' $M/modules.alias"
		continue
	fi
	autoload_one "$name" "$name"
done
echo "$drivers" | while read -r name driver; do
	[ -n "$driver" ] && autoload_one "$driver" "$name"
done
check "rmmod keyedhash after the autoload tests" sh -c "rmmod keyedhash && ! grep -q '^keyedhash ' /proc/modules"
echo "--- autoload done (uptime $(cut -d' ' -f1 /proc/uptime) s)"

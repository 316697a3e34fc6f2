#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The boot path's configuration, on the tree's files, without a kernel:
# debian/keyedhash-integritysetup-generator run on sample integritytab
# files into temporary directories (the units, their ordering, the
# target links of nofail, noauto, x-initrd.attach given or implied, _netdev;
# x-systemd.device-timeout='s drop-in; RequiresMountsFor= the key; $, %,
# quotes and backslashes escaped as systemd reads them, checked by
# systemd-analyze where it is installed; lines it ignores, options it
# warns about), debian/keyedhash-integritysetup's parsing (the
# integritysetup commands it builds, its refusals: nhpoly1305,
# multimixer128, other algorithms, tag sizes, key sizes, no key, names
# beginning with "-"; which volumes the initramfs opens; check saying what
# the generator does), the initramfs hook's volume list read by local-top
# under dash and busybox sh (PARTLABEL=root(1), a key file with $ and
# quotes in its name), and keyedhash-dkms's prerm refusing a removal that
# would leave the system unbootable.  Run by tests/rig/deb/deb-check.sh (make
# check's deb tier); prints one PASS:/FAIL: line per check and
# "integritytab: done".
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
GEN=$KH_TOP/debian/keyedhash-integritysetup-generator
OPENER=$KH_TOP/debian/keyedhash-integritysetup
T=$KH_OUT/integritytab-test
rm -rf "$T" && mkdir -p "$T"
# (key files: root's only, as they should be)
(umask 077
 head -c 32 /dev/urandom > "$T/k32"
 head -c 16 /dev/urandom > "$T/k16"
 head -c 8 /dev/urandom > "$T/k8")
export KEYEDHASH_INTEGRITYTAB=$T/tab KEYEDHASH_FSTAB=$T/fstab KEYEDHASH_ALLOW_FILE=$T/allow-removal
unset KEYEDHASH_ALLOW_REMOVAL
# (the generator as in the running system, but where said)
export SYSTEMD_IN_INITRD=0
# the generator runs the opener to read the file: the tree's
printf '#!/bin/sh\nexec bash %s "$@"\n' "$OPENER" > "$T/opener"
chmod 755 "$T/opener"
export KEYEDHASH_OPENER=$T/opener
cat > "$T/tab" <<EOF
# a comment, and a blank line

data	/dev/vdb $T/k32 integrity-algorithm=highwayhash256,nofail
root PARTUUID=0fc63daf-8483 $T/k32 integrity-algorithm=sthash,x-initrd.attach,tag-size=16,mode=bitmap,allow-discards
usr-vol /dev/disk/by-id/virtio-usr $T/k16 integrity-algorithm=sthash
spare UUID=1234-abcd $T/k32 integrity-algorithm=highwayhash128,noauto
plain /dev/vdc $T/k32 integrity-algorithm=sthash
EOF
printf '/dev/mapper/usr-vol /usr ext4 defaults 0 2\n/dev/mapper/data /srv ext4 nofail 0 2\n' > "$T/fstab"

G=$T/gen
mkdir -p "$G" "$T/units-none" "$T/units"
# systemd's integritysetup.target installed (Debian 12, or systemd-cryptsetup)
touch "$T/units/integritysetup.target"
export KEYEDHASH_UNIT_DIRS=$T/units
sh "$GEN" "$G" 2> "$T/gen.err"
kh_check "generator: one unit per line (5), nothing said" sh -c \
	"[ \$(ls '$G' | grep -c '^keyedhash-integritysetup@.*\\.service\$') = 5 ] && [ ! -s '$T/gen.err' ]"
u() { echo "$G/keyedhash-integritysetup@$1.service"; }
has() { grep -qxF -- "$2" "$(u "$1")"; }
kh_check "generator: units ordered as systemd-integritysetup's (DefaultDependencies=no, BindsTo/After the device, blockdev@ target)" sh -c \
	"for n in data root usr\\\\x2dvol spare; do f='$G/keyedhash-integritysetup@'\$n.service
		grep -qxF DefaultDependencies=no \"\$f\" && grep -qxF 'After=integritysetup-pre.target systemd-udevd-kernel.socket systemd-modules-load.service' \"\$f\" &&
		grep -qxF \"Before=blockdev@dev-mapper-%i.target\" \"\$f\" && grep -qxF Type=oneshot \"\$f\" &&
		grep -qxF RemainAfterExit=yes \"\$f\" || exit 1; done"
kh_check "generator: the device units (path, PARTUUID=, UUID=, an escaped /dev/disk/by-id path)" sh -c \
	"grep -qxF 'BindsTo=dev-vdb.device' '$(u data)' && grep -qxF 'After=dev-vdb.device' '$(u data)' &&
	 grep -qxF 'BindsTo=dev-disk-by\\x2dpartuuid-0fc63daf\\x2d8483.device' '$(u root)' &&
	 grep -qxF 'BindsTo=dev-disk-by\\x2duuid-1234\\x2dabcd.device' '$(u spare)' &&
	 grep -qxF 'BindsTo=dev-disk-by\\x2did-virtio\\x2dusr.device' '$G/keyedhash-integritysetup@usr\\x2dvol.service'"
kh_check "generator: ExecStart runs the opener with the line's four fields, each in double quotes" \
	has root "ExecStart=/usr/sbin/keyedhash-integritysetup attach \"root\" \"PARTUUID=0fc63daf-8483\" \"$T/k32\" \"integrity-algorithm=sthash,x-initrd.attach,tag-size=16,mode=bitmap,allow-discards\""
kh_check "generator: a plain volume is required by integritysetup.target, ordered before it, closed at shutdown" sh -c \
	"[ -L '$G/integritysetup.target.requires/keyedhash-integritysetup@plain.service' ] &&
	 grep -qxF Before=integritysetup.target '$(u plain)' && grep -qxF Conflicts=umount.target '$(u plain)' &&
	 grep -qxF 'ExecStop=/usr/sbin/keyedhash-integritysetup detach \"plain\"' '$(u plain)'"
kh_check "generator: after the mounts of the key file (RequiresMountsFor=)" \
	has plain "RequiresMountsFor=\"$T/k32\""
kh_check "generator: x-initrd.attach implied for the volume /usr is on (fstab): never closed at shutdown, required by integritysetup.target" sh -c \
	"! grep -q -e umount.target -e ExecStop '$G/keyedhash-integritysetup@usr\\x2dvol.service' &&
	 [ -L '$G/integritysetup.target.requires/keyedhash-integritysetup@usr\\x2dvol.service' ]"
kh_check "generator: nofail: wanted (not required) by integritysetup.target, not ordered before it" sh -c \
	"[ -L '$G/integritysetup.target.wants/keyedhash-integritysetup@data.service' ] &&
	 [ ! -e '$G/integritysetup.target.requires/keyedhash-integritysetup@data.service' ] &&
	 ! grep -q '^Before=integritysetup.target' '$(u data)'"
kh_check "generator: noauto: pulled in by no target, only by its /dev/mapper device" sh -c \
	"! ls '$G'/*.target.*/keyedhash-integritysetup@spare.service 2> /dev/null | grep -q . &&
	 [ -L '$G/dev-mapper-spare.device.requires/keyedhash-integritysetup@spare.service' ]"
kh_check "generator: x-initrd.attach: never closed at shutdown (no umount.target conflict, no ExecStop)" sh -c \
	"! grep -q -e umount.target -e ExecStop '$(u root)' && [ -L '$G/integritysetup.target.requires/keyedhash-integritysetup@root.service' ]"
kh_check "generator: every link points at a unit it wrote" sh -c \
	"for l in '$G'/*.requires/* '$G'/*.wants/*; do [ -f \"\$(dirname \"\$l\")/\$(readlink \"\$l\")\" ] || exit 1; done"
kh_check "generator: integritysetup.target installed: none written, sysinit.target left alone" sh -c \
	"[ ! -e '$G/integritysetup.target' ] && [ ! -e '$G/sysinit.target.wants' ]"
# Debian 13 without systemd-cryptsetup: no integritysetup.target anywhere
rm -rf "$G" && mkdir -p "$G"
KEYEDHASH_UNIT_DIRS=$T/units-none sh "$GEN" "$G" 2> "$T/gen.err"
kh_check "generator: no integritysetup.target installed: a minimal one written, wanted by sysinit.target, the volumes still hang off it" sh -c \
	"grep -qxF '[Unit]' '$G/integritysetup.target' && ! grep -q '^\\[Install\\]' '$G/integritysetup.target' &&
	 [ \"\$(readlink '$G/sysinit.target.wants/integritysetup.target')\" = ../integritysetup.target ] &&
	 [ -L '$G/integritysetup.target.requires/keyedhash-integritysetup@root.service' ] && [ ! -s '$T/gen.err' ]"
# lines it ignores, saying why; no file: nothing
printf "a/b /dev/vdc %s integrity-algorithm=sthash\nx vdc %s -\n-x /dev/vdc %s integrity-algorithm=sthash\n" "$T/k32" "$T/k32" "$T/k32" > "$T/tab2"
printf "d /dev/vdd %s integrity-algorithm=sthash\nd /dev/vde %s integrity-algorithm=sthash\n" "$T/k32" "$T/k32" >> "$T/tab2"
rm -rf "$G" && mkdir -p "$G"
KEYEDHASH_INTEGRITYTAB=$T/tab2 sh "$GEN" "$G" 2> "$T/gen.err"
kh_check "generator: a name with /, a device that is no path, a name beginning with -, a second line of a name: lines ignored, each said" sh -c \
	"[ \"\$(ls '$G' | grep '@')\" = 'keyedhash-integritysetup@d.service' ] && grep -qxF BindsTo=dev-vdd.device '$G/keyedhash-integritysetup@d.service' &&
	 grep -q 'volume d: a second line for this name' '$T/gen.err' && grep -q 'tab2:5: line ignored' '$T/gen.err' && grep -q 'volume a/b: the name' '$T/gen.err' && grep -q 'tab2:1: line ignored' '$T/gen.err' &&
	 grep -q 'volume x: device \"vdc\"' '$T/gen.err' && grep -q 'tab2:2: line ignored' '$T/gen.err' &&
	 grep -q 'volume -x: a name beginning with \"-\"' '$T/gen.err' && grep -q 'tab2:3: line ignored' '$T/gen.err'"
kh_check "opener: check says the same of those lines, exit status 1" sh -c \
	"! KEYEDHASH_INTEGRITYTAB='$T/tab2' bash '$OPENER' check 2> '$T/check.err' &&
	 grep -q 'tab2:1: line ignored' '$T/check.err' && grep -q 'tab2:2: line ignored' '$T/check.err' && grep -q 'tab2:3: line ignored' '$T/check.err' &&
	 grep -q 'tab2:5: line ignored' '$T/check.err' && ! grep -q 'tab2:4:' '$T/check.err'"
rm -rf "$G" && mkdir -p "$G"
KEYEDHASH_INTEGRITYTAB=$T/none sh "$GEN" "$G"
kh_check "generator: no integritytab, no unit" sh -c "[ \$? = 0 ] && [ -z \"\$(ls '$G')\" ]"
# only noauto volumes: nothing pulls integritysetup.target in, none written
printf 'spare /dev/vdb %s integrity-algorithm=sthash,noauto\n' "$T/k32" > "$T/tab3"
rm -rf "$G" && mkdir -p "$G"
KEYEDHASH_INTEGRITYTAB=$T/tab3 KEYEDHASH_UNIT_DIRS=$T/units-none sh "$GEN" "$G"
kh_check "generator: only noauto volumes: no integritysetup.target written" test ! -e "$G/integritysetup.target"

# the opener's parsing
op() { bash "$OPENER" "$@"; }
kh_check "opener: check accepts the sample file" sh -c "bash '$OPENER' check 2> '$T/check.err' | grep -q '5 volume(s), each line correct' && [ ! -s '$T/check.err' ]"
kh_check "opener: the open command of a line (algorithm, key file and size, bitmap mode, discards, device; no --tag-size, which Debian 13's integritysetup refuses at open)" sh -c \
	"[ \"\$(bash '$OPENER' command root PARTUUID=0fc63daf-8483 '$T/k32' integrity-algorithm=sthash,x-initrd.attach,tag-size=16,mode=bitmap,allow-discards | head -1)\" = \
	  'integritysetup open --integrity sthash --integrity-key-file $T/k32 --integrity-key-size 32 --integrity-bitmap-mode --allow-discards /dev/disk/by-partuuid/0fc63daf-8483 root ' ]"
for a in highwayhash64:8 highwayhash128:16 highwayhash256:32 sthash:32; do
	kh_check "opener: ${a%:*}: the tag size is its digest size, ${a#*:}, unless tag-size= says otherwise" sh -c \
		"bash '$OPENER' command v /dev/vdb '$T/k32' integrity-algorithm=${a%:*} | sed -n 2p | grep -q -- '--tag-size ${a#*:} /dev/vdb \$'"
done
kh_check "opener: mode=direct is --integrity-no-journal; the format command has the same algorithm, key and tag size" sh -c \
	"bash '$OPENER' command v /dev/vdb '$T/k32' integrity-algorithm=highwayhash256,mode=direct,journal-watermark=50%,journal-commit-time=1000 > '$T/cmd' &&
	 head -1 '$T/cmd' | grep -q -- '--integrity-key-size 32 --integrity-no-journal --journal-watermark 50 --journal-commit-time 1000 /dev/vdb v \$' &&
	 sed -n 2p '$T/cmd' | grep -qxF 'integritysetup format --integrity highwayhash256 --integrity-key-file $T/k32 --integrity-key-size 32 --tag-size 32 /dev/vdb '"
refused() { # description, expected message, key file, options
	kh_check "opener refuses $1" sh -c \
		"! bash '$OPENER' command v /dev/vdb '$3' '$4' > /dev/null 2> '$T/err' && grep -q -- '$2' '$T/err'"
}
refused "nhpoly1305 (not a MAC)" "nhpoly1305 is not a MAC" "$T/k32" integrity-algorithm=nhpoly1305
refused "multimixer128 (not a MAC)" "multimixer128 is not a MAC" "$T/k32" integrity-algorithm=multimixer128
refused "hmac-sha256 (systemd's integritytab's)" "belong in /etc/integritytab" "$T/k32" integrity-algorithm=hmac-sha256
refused "a line without integrity-algorithm=" "no integrity-algorithm=" "$T/k32" allow-discards
refused "tag-size= above the digest size" "tags are 4 to 16 bytes" "$T/k32" integrity-algorithm=highwayhash128,tag-size=17
refused "tag-size=0x10" "tag-size=0x10 is not a number" "$T/k32" integrity-algorithm=sthash,tag-size=0x10
refused "a 16-byte key for HighwayHash" "has 16 bytes; highwayhash256.s key is 32 bytes" "$T/k16" integrity-algorithm=highwayhash256
refused "an 8-byte sthash seed" "has 8 bytes; sthash.s key is 16 to 4096 bytes" "$T/k8" integrity-algorithm=sthash
refused "no key file (-)" "no key file: sthash is keyed" - integrity-algorithm=sthash
refused "a relative key file" "is not an absolute path" k32 integrity-algorithm=sthash
refused "mode=fast" "mode=fast: journal, bitmap or direct" "$T/k32" integrity-algorithm=sthash,mode=fast
kh_check "opener refuses a device that is no path" sh -c \
	"! bash '$OPENER' command v vdb '$T/k32' integrity-algorithm=sthash 2> '$T/err' && grep -q 'neither a path nor UUID=' '$T/err'"
printf 'x /dev/vdb %s integrity-algorithm=nhpoly1305\n' "$T/k32" >> "$T/tab"
kh_check "opener: check fails on a file with one wrong line, naming it" sh -c \
	"! bash '$OPENER' check > /dev/null 2> '$T/err' && grep -q 'volume x: nhpoly1305 is not a MAC' '$T/err'"
kh_check "opener: volumes lists every line" sh -c \
	"[ \"\$(bash '$OPENER' volumes | cut -d' ' -f1 | tr '\\n' ' ')\" = 'data root usr-vol spare plain x ' ]"
kh_check "opener: the initramfs opens root (x-initrd.attach) and usr-vol (/usr in fstab), not data (/srv) nor spare" sh -c \
	"[ \"\$(bash '$OPENER' volumes --initrd | cut -d' ' -f1 | tr '\\n' ' ')\" = 'root usr-vol ' ]"
# the running system's / and /usr (findmnt, stubbed: what it prints for
# one --mountpoint; it takes two paths as a source and a target)
mkdir -p "$T/fm"
printf '#!/bin/sh\ncase "$*" in *"--mountpoint /") echo /dev/mapper/spare ;; esac\n' > "$T/fm/findmnt"
chmod 755 "$T/fm/findmnt"
# (without KEYEDHASH_FSTAB the file is /etc/fstab, which names none of
# these volumes: usr-vol is no longer /usr's)
kh_check "opener: the initramfs also opens the volume the running system's / is mounted from (findmnt --mountpoint /)" sh -c \
	"[ \"\$(env -u KEYEDHASH_FSTAB PATH='$T/fm':\$PATH bash '$OPENER' volumes --initrd | cut -d' ' -f1 | tr '\\n' ' ')\" = 'root spare ' ]"
kh_check "opener: attach refuses a wrong line before touching anything" sh -c \
	"! bash '$OPENER' attach v /dev/vdb - integrity-algorithm=sthash 2> '$T/err' && grep -q 'no key file' '$T/err'"

# ---- systemd's conventions: escaping, _netdev, device timeouts, key files
# (file names with $, %, quotes, a backslash, ; and *; a key others can read)
K1="$T/k\$ey%x"
K2="$T/q'k\"e\\y;*"
NQ="q'x\"y\\z%n"
(umask 077; cp "$T/k32" "$K1"; cp "$T/k32" "$K2"; cp "$T/k32" "$T/q'k\"ey;X")
(umask 022; head -c 32 /dev/urandom > "$T/kpub")
{
	printf '%s\n' "dollar /dev/vdb $K1 integrity-algorithm=sthash"
	printf '%s\n' "$NQ PARTLABEL=root(1) $K2 integrity-algorithm=sthash,discard,bogus-opt"
	printf '%s\n' "net /dev/disk/by-id/net-disk $T/k32 integrity-algorithm=sthash,_netdev"
	printf '%s\n' "netnf /dev/vdd $T/k32 integrity-algorithm=sthash,_netdev,nofail"
	printf '%s\n' "slow /dev/vde $T/k32 integrity-algorithm=sthash,x-systemd.device-timeout=1min30s"
	printf '%s\n' "slowbad /dev/vdf $T/k32 integrity-algorithm=sthash,x-systemd.device-timeout=forever"
	printf '%s\n' "rootvol UUID=0fc6-root $T/k32 integrity-algorithm=sthash"
	printf '%s\n' "pub /dev/vdg $T/kpub integrity-algorithm=sthash"
	printf '%s\n' "dd /dev/vdh $T/k32 integrity-algorithm=sthash,data-device=/dev/vdi"
} > "$T/tab3"
printf '/dev/mapper/rootvol / ext4 defaults 0 1\n' > "$T/fstab3"
G3=$T/gen3
rm -rf "$G3" && mkdir -p "$G3"
KEYEDHASH_INTEGRITYTAB=$T/tab3 KEYEDHASH_FSTAB=$T/fstab3 KEYEDHASH_UNIT_DIRS=$T/units sh "$GEN" "$G3" 2> "$T/gen3.err"
KEYEDHASH_INTEGRITYTAB=$T/tab3 KEYEDHASH_FSTAB=$T/fstab3 bash "$OPENER" check > "$T/check3.out" 2> "$T/check3.err"
CHECK3=$?
u3() { echo "$G3/keyedhash-integritysetup@$(systemd-escape -- "$1").service"; }
has3() { grep -qxF -- "$2" "$(u3 "$1")"; }
kh_check "generator: \$ in a key path is \$\$ in ExecStart= (a variable otherwise), % is %% (a specifier otherwise)" \
	has3 dollar "ExecStart=/usr/sbin/keyedhash-integritysetup attach \"dollar\" \"/dev/vdb\" \"$T/k\$\$ey%%x\" \"integrity-algorithm=sthash\""
kh_check "generator: RequiresMountsFor= the key file, % as %%, \$ as it is" \
	has3 dollar "RequiresMountsFor=\"$T/k\$ey%%x\""
kh_check "generator: quotes, a backslash and % in a name and a key path: each argument in double quotes, \\\" and \\\\ escaped" sh -c \
	"grep -qxF -- 'ExecStart=/usr/sbin/keyedhash-integritysetup attach \"q'\\''x\\\"y\\\\z%%n\" \"PARTLABEL=root(1)\" \"$T/q'\\''k\\\"e\\\\y;*\" \"integrity-algorithm=sthash,discard,bogus-opt\"' '$(u3 "$NQ")' &&
	 grep -qxF -- 'ExecStop=/usr/sbin/keyedhash-integritysetup detach \"q'\\''x\\\"y\\\\z%%n\"' '$(u3 "$NQ")' &&
	 grep -qxF -- 'RequiresMountsFor=\"$T/q'\\''k\\\"e\\\\y;*\"' '$(u3 "$NQ")'"
# systemd itself reads a word back: an executable path it cannot run is
# named in systemd-analyze verify's message as it parsed it
reads_back() { # unit word, the value
	printf '[Service]\nType=oneshot\nExecStart=%s\n' "$1" > "$T/probe.service"
	SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no "$T/probe.service" > "$T/probe.out" 2>&1
	grep -qxF -e "$T/probe.service:3: Executable name contains special characters: $2" \
		-e "probe.service: Command $2 is not executable: No such file or directory" \
		-e "probe.service: Command $2 is not executable: Permission denied" "$T/probe.out"
}
word() { # unit, setting: its first word as written
	sed -n "s/^$2=\\(\"\\([^\"\\\\]\\|\\\\.\\)*\"\\).*/\\1/p" "$1"
}
probe_words() {
	reads_back "$(word "$(u3 dollar)" RequiresMountsFor)" "$K1" &&
		reads_back "$(word "$(u3 "$NQ")" RequiresMountsFor)" "$K2" &&
		reads_back "$(sed -n 's/^ExecStop=[^ ]* detach //p' "$(u3 "$NQ")")" "$NQ"
}
if command -v systemd-analyze > /dev/null; then
	kh_check "systemd reads the key paths and the name back as they are (systemd-analyze verify of a probe unit)" probe_words
	verify_units() { # directory: systemd-analyze verify finds nothing but the opener missing here
		SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no "$1"/keyedhash-integritysetup@*.service > "$T/verify" 2>&1
		! grep -v 'Command /usr/sbin/keyedhash-integritysetup is not executable' "$T/verify" | grep -q .
	}
	kh_check "systemd-analyze verify finds nothing wrong in the units (but the opener, not installed here)" verify_units "$G3"
	if [ -x /lib/systemd/system-generators/systemd-cryptsetup-generator ]; then
		rm -rf "$T/sdgen" && mkdir -p "$T/sdgen"
		printf 'c PARTLABEL=root(1) none\n' > "$T/crypttab"
		SYSTEMD_CRYPTTAB=$T/crypttab /lib/systemd/system-generators/systemd-cryptsetup-generator \
			"$T/sdgen" "$T/sdgen" "$T/sdgen" 2> /dev/null
		kh_check "generator: PARTLABEL=root(1)'s device unit is the one systemd's own generators name (dev-disk-by\\x2dpartlabel-root\\x5cx281\\x5cx29.device)" sh -c \
			"b=\$(grep '^BindsTo=' '$T/sdgen/systemd-cryptsetup@c.service') && [ \"\$b\" = 'BindsTo=dev-disk-by\\x2dpartlabel-root\\x5cx281\\x5cx29.device' ] &&
			 grep -qxF \"\$b\" '$(u3 "$NQ")'"
	fi
else
	echo "integritytab: systemd-analyze not installed: its checks left out"
fi
unknown_said() {
	grep -qxF "keyedhash-integritysetup: volume $NQ: unknown option \"bogus-opt\" ignored" "$T/gen3.err" &&
		grep -qxF "keyedhash-integritysetup: volume $NQ: unknown option \"discard\" ignored (integritytab's is allow-discards)" "$T/gen3.err" &&
		[ -f "$(u3 "$NQ")" ]
}
kh_check "generator: unknown options said and ignored (discard with integritytab's allow-discards), the unit written" unknown_said
kh_check "opener: an unknown option is said and ignored, not refused (command and attach go on)" sh -c \
	"bash '$OPENER' command v /dev/vdb '$T/k32' integrity-algorithm=sthash,bogus-opt > '$T/cmd' 2> '$T/err' &&
	 grep -q '^integritysetup open ' '$T/cmd' && grep -qF 'volume v: unknown option \"bogus-opt\" ignored' '$T/err'"
kh_check "generator: _netdev: after the network and remote-fs-pre.target, required by and before remote-fs.target, not integritysetup.target" sh -c \
	"grep -qxF 'After=remote-fs-pre.target network-online.target' '$(u3 net)' && grep -qxF Wants=network-online.target '$(u3 net)' &&
	 grep -qxF Before=remote-fs.target '$(u3 net)' && ! grep -q integritysetup.target '$(u3 net)' &&
	 [ -L '$G3/remote-fs.target.requires/keyedhash-integritysetup@net.service' ] &&
	 ! ls '$G3'/integritysetup.target.*/keyedhash-integritysetup@net.service 2> /dev/null | grep -q ."
kh_check "generator: _netdev,nofail: wanted by remote-fs.target, not ordered before it" sh -c \
	"[ -L '$G3/remote-fs.target.wants/keyedhash-integritysetup@netnf.service' ] && ! grep -q '^Before=remote-fs.target' '$(u3 netnf)'"
kh_check "generator: x-systemd.device-timeout=1min30s: JobRunningTimeoutSec=1min30s in a drop-in of the device's unit" sh -c \
	"grep -qxF JobRunningTimeoutSec=1min30s '$G3/dev-vde.device.d/50-keyedhash-device-timeout.conf' &&
	 grep -qxF '[Unit]' '$G3/dev-vde.device.d/50-keyedhash-device-timeout.conf'"
kh_check "generator: x-systemd.device-timeout=forever: said and ignored (no drop-in)" sh -c \
	"[ ! -e '$G3/dev-vdf.device.d' ] && grep -qF 'volume slowbad: x-systemd.device-timeout=forever is no time span' '$T/gen3.err' && [ -f '$(u3 slowbad)' ]"
# in a systemd initramfs (dracut's): the devices of the volumes opened
# there wait as the root's does (rd.timeout=, else no limit), not
# systemd's 90 s; x-systemd.device-timeout= given wins
{
	printf '%s\n' "iroot /dev/vdj $T/k32 integrity-algorithm=sthash,x-initrd.attach"
	printf '%s\n' "idata /dev/vdk $T/k32 integrity-algorithm=sthash,x-initrd.attach,data-device=/dev/vdl"
	printf '%s\n' "islow /dev/vdm $T/k32 integrity-algorithm=sthash,x-initrd.attach,x-systemd.device-timeout=2min"
	printf '%s\n' "ilater /dev/vdn $T/k32 integrity-algorithm=sthash"
} > "$T/tab4"
printf 'BOOT_IMAGE=/vmlinuz root=/dev/mapper/root ro quiet\n' > "$T/cmdline4"
printf 'root=/dev/mapper/root rd.timeout=120 ro\n' > "$T/cmdline5"
for g in 4i 4n 5i; do
	rm -rf "$T/gen$g" && mkdir -p "$T/gen$g"
	SYSTEMD_IN_INITRD=$([ "${g#?}" = i ] && echo 1 || echo 0) KEYEDHASH_CMDLINE=$T/cmdline${g%?} \
		KEYEDHASH_INTEGRITYTAB=$T/tab4 KEYEDHASH_UNIT_DIRS=$T/units sh "$GEN" "$T/gen$g" 2> "$T/gen$g.err"
done
waits() { # generator's directory, device unit, timeout
	f=$1/$2.d/50-keyedhash-device-timeout.conf
	grep -qxF "JobTimeoutSec=$3" "$f" && grep -qxF "JobRunningTimeoutSec=$3" "$f"
}
kh_check "generator, in the initramfs: an x-initrd.attach volume's device (and data-device='s) waits without limit, not systemd's 90 s" sh -c \
	"$(declare -f waits); waits '$T/gen4i' dev-vdj.device infinity && waits '$T/gen4i' dev-vdk.device infinity &&
	 waits '$T/gen4i' dev-vdl.device infinity && [ ! -e '$T/gen4i/dev-vdn.device.d' ] && [ ! -s '$T/gen4i.err' ]"
kh_check "generator, in the initramfs: rd.timeout=120 is the wait; x-systemd.device-timeout=2min given wins" sh -c \
	"$(declare -f waits); waits '$T/gen5i' dev-vdj.device 120 && waits '$T/gen5i' dev-vdl.device 120 &&
	 [ \"\$(grep Sec= '$T/gen5i/dev-vdm.device.d/50-keyedhash-device-timeout.conf')\" = JobRunningTimeoutSec=2min ]"
kh_check "generator, after the initramfs: no wait of its own (systemd's default)" sh -c \
	"[ ! -e '$T/gen4n/dev-vdj.device.d' ] && [ ! -e '$T/gen4n/dev-vdl.device.d' ] && [ -f '$T/gen4n/keyedhash-integritysetup@iroot.service' ]"
kh_check "generator: x-initrd.attach implied for the volume / is on (fstab): never closed at shutdown" sh -c \
	"[ -f '$(u3 rootvol)' ] && ! grep -q -e umount.target -e ExecStop '$(u3 rootvol)'"
kh_check "check: says x-initrd.attach is implied for the / volume, and _netdev's ordering" sh -c \
	"grep -qF 'volume rootvol: x-initrd.attach implied (/ on /dev/mapper/rootvol)' '$T/check3.out' &&
	 grep -qF 'volume net: _netdev: opened after the network' '$T/check3.out'"
kh_check "check: a key file others can read is said (not refused); the generator reads no key" sh -c \
	"grep -qF 'volume pub: warning: the key file $T/kpub can be read by others than its owner (mode 644)' '$T/check3.err' &&
	 ! grep -q 'volume pub' '$T/gen3.err' && bash '$OPENER' command pub /dev/vdg '$T/kpub' integrity-algorithm=sthash > /dev/null 2>&1"
kh_check "data-device= (systemd's): check takes the file (exit status $CHECK3), nothing said of it; the unit binds to and follows both devices" sh -c \
	"[ $CHECK3 = 0 ] && ! grep -q 'volume dd' '$T/check3.err' '$T/gen3.err' &&
	 grep -qxF BindsTo=dev-vdh.device '$(u3 dd)' && grep -qxF After=dev-vdh.device '$(u3 dd)' &&
	 grep -qxF BindsTo=dev-vdi.device '$(u3 dd)' && grep -qxF After=dev-vdi.device '$(u3 dd)'"
said_by_check() { # each thing the generator said, check said too
	local l
	[ -s "$T/gen3.err" ] || return 1
	while IFS= read -r l; do
		grep -qxF -- "$l" "$T/check3.err" || { echo "check did not say: $l"; return 1; }
	done < "$T/gen3.err"
}
kh_check "check says each thing the generator says of the file ($(wc -l < "$T/gen3.err") lines)" said_by_check
kh_check "opener refuses a name beginning with - (integritysetup would read it as an option)" sh -c \
	"! bash '$OPENER' command -x /dev/vdb '$T/k32' integrity-algorithm=sthash 2> '$T/err' && grep -q 'beginning with \"-\"' '$T/err'"

# ---- the initramfs: the hook's volume list, read by local-top
TABC=$(printf '\t')
ARGS_NQ="--integrity${TABC}sthash${TABC}--integrity-key-file${TABC}$K2${TABC}--integrity-key-size${TABC}32${TABC}/dev/disk/by-partlabel/root\\x281\\x29${TABC}$NQ"
kh_check "opener: initrd-line: the name, then integritysetup open's arguments, tab-separated, as they are (PARTLABEL=root(1) as udev's link names it)" sh -c \
	"[ \"\$(bash '$OPENER' initrd-line '$(printf '%s' "$NQ" | sed "s/'/'\\\\''/g")' 'PARTLABEL=root(1)' '$(printf '%s' "$K2" | sed "s/'/'\\\\''/g")' integrity-algorithm=sthash 2> /dev/null)\" = '$(printf '%s' "$NQ$TABC$ARGS_NQ" | sed "s/'/'\\\\''/g")' ]"
# the hook, with initramfs-tools' functions and the module's absence
# stubbed: it writes the list from the integritytab
mkdir -p "$T/bin" "$T/dest"
printf '#!/bin/sh\nexit 1\n' > "$T/bin/modinfo"
printf '#!/bin/sh\necho "$*" >> %s/logger.log\n' "$T" > "$T/bin/logger"
chmod 755 "$T/bin/modinfo" "$T/bin/logger"
cat > "$T/hook-functions" <<EOF
manual_add_modules() { echo "module \$*" >> '$T/hook.log'; }
copy_exec() { echo "exec \$1" >> '$T/hook.log'; }
copy_file() { printf 'file %s\\n' "\$3" >> '$T/hook.log'; }
EOF
sed -e "s|^\\. /usr/share/initramfs-tools/hook-functions\$|. '$T/hook-functions'|" \
	-e "s|^OPENER=/usr/sbin/keyedhash-integritysetup\$|OPENER='$T/opener'|" \
	-e "s|^FUNCTIONS=.*|FUNCTIONS='$KH_TOP/debian/initramfs/functions'|" \
	-e "s|^HOOKS=.*|HOOKS='$T/hooks'|" -e "s|^CRYPTTAB=.*|CRYPTTAB='$T/crypttab'|" \
	"$KH_TOP/debian/initramfs/hook" > "$T/hook"
mkdir -p "$T/hooks"
{
	printf '%s\n' "$NQ PARTLABEL=root(1) $K2 integrity-algorithm=sthash,x-initrd.attach"
	printf '%s\n' "other /dev/vdc $T/k32 integrity-algorithm=sthash"
} > "$T/tab4"
: > "$T/hook.log"
KEYEDHASH_INTEGRITYTAB=$T/tab4 PATH=$T/bin:$PATH DESTDIR=$T/dest version=6.1.0-kh sh "$T/hook" > "$T/hook.out" 2>&1
kh_check "initramfs hook: the list holds the volume's line as initrd-line writes it, mode 600; its key file copied; no module: said with the volume" sh -c \
	"[ \"\$(cat '$T/dest/etc/keyedhash/initrd-volumes')\" = '$(printf '%s' "$NQ$TABC$ARGS_NQ" | sed "s/'/'\\\\''/g")' ] &&
	 [ \$(stat -c %a '$T/dest/etc/keyedhash/initrd-volumes') = 600 ] &&
	 grep -qxF 'file $(printf '%s' "$K2" | sed "s/'/'\\\\''/g")' '$T/hook.log' && ! grep -q 'file $T/k32' '$T/hook.log' &&
	 grep -qF 'Linux 6.1.0-kh has no keyedhash module: this initramfs cannot open $(printf '%s' "$NQ" | sed "s/'/'\\\\''/g")' '$T/hook.out'"
kh_check "initramfs hook: the functions local-top and local-block share copied in as /scripts/keyedhash-functions; no volume / or /usr is on: initrd-required empty, mode 600" sh -c \
	"cmp -s '$T/dest/scripts/keyedhash-functions' '$KH_TOP/debian/initramfs/functions' &&
	 [ -f '$T/dest/etc/keyedhash/initrd-required' ] && [ ! -s '$T/dest/etc/keyedhash/initrd-required' ] &&
	 [ \$(stat -c %a '$T/dest/etc/keyedhash/initrd-required') = 600 ]"
# volumes on an md array, LVM's volume (on that array) and a LUKS mapping:
# sysfs (its holders: slaves/, dm/uuid, dm/name, md/) and /dev here
S=$T/sys/class/block
mkdir -p "$S/md0/md" "$S/dm-1/dm" "$S/dm-1/slaves" "$S/dm-2/dm" "$S/dm-2/slaves" "$T/sd"
echo LVM-abc > "$S/dm-1/dm/uuid" && echo vg-lv > "$S/dm-1/dm/name" && ln -sfn ../../md0 "$S/dm-1/slaves/md0"
echo CRYPT-LUKS2-abc-cr > "$S/dm-2/dm/uuid" && echo cr > "$S/dm-2/dm/name"
: > "$T/sd/md0" && : > "$T/sd/dm-1" && : > "$T/sd/dm-2" && ln -sfn dm-1 "$T/sd/vg-lv" && ln -sfn dm-2 "$T/sd/cr"
{
	printf '%s\n' "mdv $T/sd/md0 $T/k32 integrity-algorithm=sthash,x-initrd.attach"
	printf '%s\n' "lvv $T/sd/vg-lv $T/k32 integrity-algorithm=sthash,x-initrd.attach"
	printf '%s\n' "cv $T/sd/cr $T/k32 integrity-algorithm=sthash,x-initrd.attach"
} > "$T/tab-stack"
printf '/dev/mapper/lvv / ext4 defaults 0 1\n' > "$T/fstab-stack"
export KEYEDHASH_SYSFS=$T/sys
kh_check "opener: lower: the layers under a device, nearest first (LVM's volume, then the md array under it)" sh -c \
	"[ \"\$(bash '$OPENER' lower '$T/sd/vg-lv' | tr '\\n' ' ')\" = 'lvm vg-lv md md0 ' ] && [ \"\$(bash '$OPENER' lower '$T/sd/cr')\" = 'crypt cr' ] &&
	 [ -z \"\$(bash '$OPENER' lower '$T/k32')\" ]"
hook_stack() {
	rm -rf "$T/dest-stack" && KEYEDHASH_INTEGRITYTAB=$T/tab-stack KEYEDHASH_FSTAB=$T/fstab-stack PATH=$T/bin:$PATH \
		DESTDIR=$T/dest-stack version=6.1.0-kh sh "$T/hook" > "$T/hook.out" 2>&1
}
hook_stack
kh_check "initramfs hook: volumes on md, LVM, LUKS without mdadm, lvm2, cryptsetup-initramfs installed: each said; the / volume in initrd-required" sh -c \
	"grep -qF 'volume mdv is on the md array md0: install mdadm' '$T/hook.out' && grep -q 'volume lvv is on LVM.s vg-lv: install lvm2' '$T/hook.out' &&
	 grep -qF 'volume lvv is on the md array md0: install mdadm' '$T/hook.out' &&
	 grep -qF 'volume cv is on the dm-crypt mapping cr: install cryptsetup-initramfs' '$T/hook.out' &&
	 [ \"\$(cat '$T/dest-stack/etc/keyedhash/initrd-required')\" = lvv ]"
touch "$T/hooks/mdadm" "$T/hooks/lvm2" "$T/hooks/cryptroot"
printf 'cr UUID=abc none luks\n' > "$T/crypttab"
hook_stack
kh_check "initramfs hook: with their hooks installed only the LUKS mapping without crypttab's initramfs option is said (cryptroot adds only the root's)" sh -c \
	"! grep -q -e 'volume mdv' -e 'volume lvv' '$T/hook.out' && grep -qF 'volume cv is on the dm-crypt mapping cr, which cryptsetup-initramfs adds only with the option initramfs' '$T/hook.out'"
printf 'cr UUID=abc none luks,initramfs\n' > "$T/crypttab"
hook_stack
kh_check "initramfs hook: crypttab's initramfs option on that mapping: nothing said" sh -c "! grep -q 'is on' '$T/hook.out'"
mkdir -p "$T/sd/disk"
ln -sfn ../dm-1 "$T/sd/disk/dm-name-vg-lv"
printf '%s\n' "lvd $T/sd/disk/dm-name-vg-lv $T/k32 integrity-algorithm=sthash,x-initrd.attach" > "$T/tab-stack"
hook_stack
kh_check "initramfs hook: LVM's volume given by another name than /dev/mapper/VG-LV: said (lvm2's script activates it by that name only)" \
	grep -qF "volume lvd is on LVM's vg-lv: give its DEVICE as /dev/mapper/vg-lv" "$T/hook.out"
# / on LVM's volume on a keyedhash volume, /usr on an md array of two:
# opened in the initramfs without x-initrd.attach; only the first stops
# the boot when it fails (the array may run without one of its two)
mkdir -p "$S/dm-5/dm" "$S/dm-5/slaves" "$S/dm-6/dm" "$S/md1/md" "$S/md1/slaves" "$S/dm-7/dm" "$S/dm-8/dm"
echo LVM-root > "$S/dm-5/dm/uuid" && echo vg-root > "$S/dm-5/dm/name" && ln -sfn ../../dm-6 "$S/dm-5/slaves/dm-6"
echo CRYPT-INTEGRITY-khroot > "$S/dm-6/dm/uuid" && echo khroot > "$S/dm-6/dm/name"
ln -sfn ../../dm-7 "$S/md1/slaves/dm-7" && ln -sfn ../../dm-8 "$S/md1/slaves/dm-8"
echo CRYPT-INTEGRITY-leg1 > "$S/dm-7/dm/uuid" && echo leg1 > "$S/dm-7/dm/name"
echo CRYPT-INTEGRITY-leg2 > "$S/dm-8/dm/uuid" && echo leg2 > "$S/dm-8/dm/name"
: > "$T/sd/dm-5" && : > "$T/sd/md1" && ln -sfn dm-5 "$T/sd/vg-root"
{
	printf '%s\n' "khroot /dev/vdb $T/k32 integrity-algorithm=sthash"
	printf '%s\n' "leg1 /dev/vdc $T/k32 integrity-algorithm=sthash"
	printf '%s\n' "leg2 /dev/vdd $T/k32 integrity-algorithm=sthash"
	printf '%s\n' "other /dev/vde $T/k32 integrity-algorithm=sthash"
} > "$T/tab-over"
printf '%s/sd/vg-root / ext4 defaults 0 1\n%s/sd/md1 /usr ext4 defaults 0 2\n' "$T" "$T" > "$T/fstab-over"
# shellcheck disable=SC2016 # (the checks' eval expands its own $)
{
over() { KEYEDHASH_INTEGRITYTAB=$T/tab-over KEYEDHASH_FSTAB=$T/fstab-over bash "$OPENER" "$@" 2>&1; }
kh_check "opener: lower names integritysetup's own volumes (CRYPT-INTEGRITY-) integrity, not crypt" \
	eval '[ "$(bash "$OPENER" lower "$T/sd/vg-root" | tr "\n" " ")" = "lvm vg-root integrity khroot " ]'
kh_check "opener: the volumes under / (LVM on it) and /usr (md over two) are opened in the initramfs without x-initrd.attach" \
	eval '[ "$(over volumes --initrd | cut -d" " -f1 | tr "\n" " ")" = "khroot leg1 leg2 " ]'
kh_check "opener: volumes --root: the one under /, not the md array's legs (the array may run without one)" \
	eval '[ "$(over volumes --root | cut -d" " -f1 | tr "\n" " ")" = "khroot " ]'
kh_check "opener: check says so, removal-check refuses for all three" \
	eval 'over check > "$T/check-over"; grep -qF "volume khroot: x-initrd.attach implied (/ on /dev/mapper/khroot)" "$T/check-over" &&
		grep -qF "volume leg1: x-initrd.attach implied (/usr(md) on /dev/mapper/leg1)" "$T/check-over" &&
		over removal-check > "$T/rc-over"; [ $? = 1 ] && grep -c "^  \(khroot\|leg1\|leg2\) " "$T/rc-over" | grep -qx 3'
}
unset KEYEDHASH_SYSFS
# local-top and local-block under dash and busybox sh, with
# keyedhash-functions; integritysetup, modprobe, lvm2's local-block and
# initramfs-tools' functions stubbed (panic says "panic:" and returns, as
# the real one does once its shell is left); the device a file here (its
# name as udev's link), /dev/mapper a directory here
mkdir -p "$T/dev" "$T/mapper"
DEV_NQ="$T/dev/root\\x281\\x29"
: > "$DEV_NQ"
sed "s|/dev/disk/by-partlabel/|$T/dev/|" "$T/dest/etc/keyedhash/initrd-volumes" > "$T/iv"
cat > "$T/functions" <<'EOF'
log_begin_msg() { echo "begin: $*"; }
log_end_msg() { echo "end: $*"; }
log_failure_msg() { echo "failure: $*"; }
panic() { echo "panic: $*"; }
wait_for_udev() { :; }
time_elapsed() { echo "${KH_ELAPSED:-0}"; }
EOF
# integritysetup open: its arguments in argv (one call a line in calls),
# the mapping made, or with KH_OPEN_FAIL a failure as integritysetup's
# shellcheck disable=SC2016 # (the stubs' own $)
printf '#!/bin/sh\necho "$*" >> %s/calls\nfor a; do printf "[%%s]\\n" "$a"; done > %s/argv\nif [ -n "${KH_OPEN_FAIL:-}" ]; then echo "integritysetup: stub failure" >&2; exit 1; fi\nfor a; do l=$a; done\n: > "%s/mapper/$l"\n' "$T" "$T" "$T" > "$T/bin/integritysetup"
# shellcheck disable=SC2016
printf '#!/bin/sh\n[ "$2" != keyedhash ] || [ -z "${KH_NO_MODULE:-}" ]\n' > "$T/bin/modprobe"
# shellcheck disable=SC2016
printf '#!/bin/sh\necho "lvm2 $*" >> %s/calls\n' "$T" > "$T/lvm2"
chmod 755 "$T/bin/integritysetup" "$T/bin/modprobe" "$T/lvm2"
# (modprobe by its path: busybox sh runs its own applet before PATH's,
# and nothing is loaded on this machine)
initrd_paths() { # an initramfs script or the functions, on this directory's files
	sed -e "s|modprobe -q |$T/bin/modprobe -q |" -e "s|/etc/keyedhash/initrd-volumes|$T/iv|" -e "s|/etc/keyedhash/initrd-required|$T/ireq|" \
		-e "s|^\\. /scripts/functions\$|. '$T/functions'|" -e "s|/scripts/keyedhash-functions|$T/khf|" \
		-e "s|/run/keyedhash|$T/run/keyedhash|" -e "s|/run/cryptsetup|$T/run/cryptsetup|" \
		-e "s|\\[ -b \"/dev/mapper/|[ -e \"$T/mapper/|" -e "s|/scripts/local-block/lvm2|$T/lvm2|g" "$1"
}
initrd_paths "$KH_TOP/debian/initramfs/local-top" > "$T/local-top"
initrd_paths "$KH_TOP/debian/initramfs/local-block" > "$T/local-block"
initrd_paths "$KH_TOP/debian/initramfs/functions" > "$T/khf"
expected_argv() {
	local a
	printf '[open]\n'
	while IFS= read -r a; do printf '[%s]\n' "$a"; done <<EOF
$(printf '%s\n' "$ARGS_NQ" | tr '\t' '\n' | sed "s|/dev/disk/by-partlabel/|$T/dev/|")
EOF
}
expected_argv > "$T/argv.expected"
# a fresh boot: nothing open, nothing failed, no local-block run yet
boot() { rm -rf "$T/run" "$T/argv" "$T/calls" "$T/mapper" && mkdir -p "$T/mapper" && : > "$T/calls"; }
# run an initramfs script: the console (stdout and stderr) in $T/con
run() { # shell, script, environment...
	local sh=$1 s=$2
	shift 2
	# shellcheck disable=SC2086 # ("busybox sh")
	env PATH="$T/bin:$PATH" starttime=1 "$@" $sh "$T/$s" > "$T/con" 2>&1
}
panics() { grep -c '^panic: ' "$T/con"; }
said() { grep -qxF -- "$1" "$T/con"; }
opens() { grep -c '^open ' "$T/calls"; }
quiet() { [ ! -s "$T/con" ]; }
# (dash's and busybox's words for a failed test or arithmetic)
no_shell_error() { ! grep -qi -e arithmetic -e 'illegal number' -e 'bad number' -e 'syntax error' -e 'not found' "$T/con"; }
# (the console's messages; the checks' eval reads them)
# shellcheck disable=SC2034
{
NOMOD="no keyedhash module for Linux $(uname -r) in this initramfs (keyedhash-integritysetup status; update-initramfs -u)"
STOP="(the root file system is on it: the boot cannot go on)"
OPENFAIL="integritysetup open of $DEV_NQ failed (exit status 1: a wrong key, tag size or format, see above)"
}
# shellcheck disable=SC2016 # (each check's eval expands its own $)
for sh in dash "busybox sh"; do
	command -v "${sh%% *}" > /dev/null || continue
	: > "$T/ireq"
	boot
	run "$sh" local-top ROOTDELAY=0
	kh_check "initramfs local-top ($sh): integritysetup open gets each argument as the hook wrote it (no splitting at blanks, no quotes read, no globbing)" \
		cmp -s "$T/argv" "$T/argv.expected"
	run "$sh" local-block
	kh_check "initramfs local-block ($sh): a volume open already is left alone" eval '[ "$(opens)" = 1 ] && quiet'
	boot
	run "$sh" local-top KH_NO_MODULE=1
	kh_check "initramfs local-top ($sh): no keyedhash module: the console names the volume that cannot open (not / nor /usr's: no panic), nothing opened" \
		eval 'said "keyedhash: volume $NQ: $NOMOD: not opened" && [ "$(panics)" = 0 ] && [ ! -e "$T/argv" ]'
	printf '%s\n' "$NQ" > "$T/ireq"
	boot
	run "$sh" local-top KH_NO_MODULE=1
	kh_check "initramfs local-top ($sh): no keyedhash module, / on the volume: one panic naming the volume and the cause, nothing else said" \
		eval 'said "panic: keyedhash: volume $NQ: $NOMOD $STOP" && [ "$(wc -l < "$T/con")" = 1 ]'
	run "$sh" local-block KH_NO_MODULE=1 KH_ELAPSED=99
	kh_check "initramfs local-block ($sh): after that, nothing more said, nothing tried" eval 'quiet && [ ! -e "$T/argv" ]'
	# the open fails (a wrong key, as the key check before the open will
	# say it, or a format integritysetup refuses)
	boot
	run "$sh" local-top KH_OPEN_FAIL=1
	kh_check "initramfs local-top ($sh): the root's volume does not open: one panic naming the volume and why, integritysetup's own message before it" \
		eval '[ "$(panics)" = 1 ] && said "panic: keyedhash: volume $NQ: $OPENFAIL $STOP" && said "integritysetup: stub failure"'
	run "$sh" local-block KH_OPEN_FAIL=1
	kh_check "initramfs local-block ($sh): a volume that failed is not tried again, nor said again" eval '[ "$(opens)" = 1 ] && quiet'
	# the key check before the open (another change): the place kh_open
	# keeps for it, here a line that fails as it will on a wrong key
	cp "$T/khf" "$T/khf.orig"
	sed -i 's/^\tif integritysetup open "\$@"; then$/\tKH_WHY="wrong key (keyfile X)"; return 1\n&/' "$T/khf"
	boot
	run "$sh" local-top
	kh_check "initramfs local-top ($sh): a key check before the open that fails (simulated): the one message is \"volume NAME: wrong key\", nothing opened" \
		eval '! cmp -s "$T/khf" "$T/khf.orig" && said "panic: keyedhash: volume $NQ: wrong key (keyfile X) $STOP" && [ "$(wc -l < "$T/con")" = 2 ] && [ "$(opens)" = 0 ]'
	mv "$T/khf.orig" "$T/khf"
	: > "$T/ireq"
	boot
	run "$sh" local-top KH_OPEN_FAIL=1
	kh_check "initramfs local-top ($sh): a volume / is not on does not open: said on the console (even with quiet), no panic" \
		eval '[ "$(panics)" = 0 ] && said "keyedhash: volume $NQ: $OPENFAIL: not opened"'
	# a device that appears after local-top (USB, SAN, md, LVM, LUKS)
	printf '%s\n' "$NQ" > "$T/ireq"
	rm "$DEV_NQ"
	boot
	run "$sh" local-top ROOTDELAY=1.5
	kh_check "initramfs local-top ($sh): the device not there yet: said, not opened, no panic, no shell error (rootdelay=1.5)" \
		eval 'said "keyedhash: volume $NQ: waiting for $DEV_NQ" && [ "$(wc -l < "$T/con")" = 1 ] && [ ! -e "$T/argv" ]'
	run "$sh" local-block ROOTDELAY=1.5 KH_ELAPSED=5
	kh_check "initramfs local-block ($sh): still no device after 5 s: nothing said, nothing opened" eval 'quiet && [ ! -e "$T/argv" ]'
	: > "$DEV_NQ"
	run "$sh" local-block ROOTDELAY=1.5 KH_ELAPSED=6
	kh_check "initramfs local-block ($sh): the device appeared: local-block opens it (PARTLABEL=root(1): each argument as the hook wrote it)" \
		eval 'cmp -s "$T/argv" "$T/argv.expected" && [ "$(panics)" = 0 ]'
	# the device never comes: given up after max(30, rootdelay=) seconds,
	# rootdelay= of any form
	rm "$DEV_NQ"
	for d in 1.5:30 '':30 0:30 .:30 .5:30 08:30 1.2.3:30 9999999:30 12x:30 45:45 45.5:46 090:90 44.0:44; do
		s=${d#*:}
		boot
		run "$sh" local-top "ROOTDELAY=${d%:*}"
		run "$sh" local-block "ROOTDELAY=${d%:*}" KH_ELAPSED=$((s - 1))
		cp "$T/con" "$T/con.before"
		run "$sh" local-block "ROOTDELAY=${d%:*}" KH_ELAPSED="$s"
		kh_check "initramfs local-block ($sh): rootdelay=${d%:*}: no device after $s s (not $((s - 1))): one panic naming the volume and its device, no shell error" \
			eval '[ ! -s "$T/con.before" ] && [ "$(wc -l < "$T/con")" = 1 ] && no_shell_error &&
				said "panic: keyedhash: volume $NQ: no device $DEV_NQ (waited $s s: max(30, rootdelay=)) $STOP"'
	done
	run "$sh" local-block ROOTDELAY=1.5 KH_ELAPSED=40
	kh_check "initramfs local-block ($sh): a volume given up is not said again" quiet
	: > "$DEV_NQ"
done
# LVM's logical volume under a volume: activated by lvm2's local-block
# script with the device (as cryptroot does); then waited for
printf 'lv\t--integrity\tsthash\t--integrity-key-file\t%s\t--integrity-key-size\t32\t/dev/mapper/khtestvg-lv\tlv\n' "$T/k32" > "$T/iv.lv"
sed "s|$T/iv|$T/iv.lv|" "$T/khf" > "$T/khf.lv"
sed "s|$T/iv|$T/iv.lv|; s|$T/khf|$T/khf.lv|" "$T/local-top" > "$T/local-top.lv"
# shellcheck disable=SC2016
for sh in dash "busybox sh"; do
	boot
	run "$sh" local-top.lv
	kh_check "initramfs local-top ($sh): a volume on /dev/mapper/VG-LV: lvm2's local-block script activates it, then the volume waits for it" \
		eval 'grep -qxF "lvm2 /dev/mapper/khtestvg-lv" "$T/calls" && said "keyedhash: volume lv: waiting for /dev/mapper/khtestvg-lv"'
done
# the scripts' order, as mkinitramfs writes it (initramfs-tools'
# cache_run_scripts, here on stubs of the scripts of mdadm, lvm2 and
# cryptsetup-initramfs with their prereqs)
if [ -f /usr/share/initramfs-tools/hook-functions ]; then
	O=$T/order
	rm -rf "$O" && mkdir -p "$O/scripts/local-top" "$O/scripts/local-block"
	stub_script() { # path, prereqs
		# shellcheck disable=SC2016
		printf '#!/bin/sh\ncase $1 in prereqs) echo "%s"; exit 0 ;; esac\n' "$2" > "$O/scripts/$1"
		chmod 755 "$O/scripts/$1"
	}
	install -m 755 "$KH_TOP/debian/initramfs/local-top" "$O/scripts/local-top/keyedhash"
	install -m 755 "$KH_TOP/debian/initramfs/local-block" "$O/scripts/local-block/keyedhash"
	# (cryptroot's local-top: every other script is its prereq)
	stub_script local-top/lvm2 "mdadm mdrun multipath"
	stub_script local-top/cryptroot "iscsi keyedhash lvm2"
	stub_script local-top/iscsi ""
	stub_script local-block/lvm2 "mdadm mdrun multipath"
	stub_script local-block/mdadm "multipath"
	stub_script local-block/cryptroot ""
	for d in local-top local-block; do
		# shellcheck disable=SC2016
		CONFDIR=$O sh -c '. /usr/share/initramfs-tools/hook-functions; verbose=n; cache_run_scripts "$1" "/scripts/$2"' - "$O" "$d" 2> "$T/order.err"
	done
	order() { grep -o "/scripts/$1/[a-z0-9]*" "$O/scripts/$1/ORDER" | sed 's|.*/||' | tr '\n' ' '; }
	in_order() { # scripts directory, pattern
		# shellcheck disable=SC2254
		case " $(order "$1")" in $2) return 0 ;; esac
		return 1
	}
	kh_check "initramfs-tools' order of local-top: keyedhash after lvm2, before cryptroot (last): $(order local-top)" \
		in_order local-top '* lvm2 *keyedhash *cryptroot '
	kh_check "initramfs-tools' order of local-block: keyedhash after mdadm, lvm2 and cryptroot: $(order local-block)" \
		in_order local-block '* mdadm *lvm2 *keyedhash '
	kh_check "initramfs-tools' order of local-block: keyedhash after cryptroot" in_order local-block '* cryptroot *keyedhash '
fi
# (whatever order tsort gives unrelated scripts: the prereqs themselves)
has_prereqs() { # script, the prereqs it must name
	local p s=$1
	shift
	p=" $(sh "$KH_TOP/debian/initramfs/$s" prereqs) "
	for x; do case $p in *" $x "*) ;; *) return 1 ;; esac; done
}
kh_check "local-top's prereqs: mdadm, mdrun, multipath, lvm2 (and not cryptroot, which runs last)" sh -c \
	"$(declare -f has_prereqs); KH_TOP='$KH_TOP'; has_prereqs local-top mdadm mdrun multipath lvm2 && ! has_prereqs local-top cryptroot"
kh_check "local-block's prereqs: mdadm, mdrun, multipath, lvm2, cryptroot" has_prereqs local-block mdadm mdrun multipath lvm2 cryptroot

# ---- the admin's commands: format, status, data-device=, sector-size=
# (each check's eval expands its own $)
# shellcheck disable=SC2016,SC2034,SC2129
{
# (integritysetup, dmsetup, blkid and modprobe stubbed: each call a line
# in admin.log; dmsetup knows the volumes named in $T/open-vols as open)
A=$T/admin
mkdir -p "$A/bin" "$A/dev"
: > "$A/dev/meta" && : > "$A/dev/data" && : > "$A/dev/plain"
# shellcheck disable=SC2016 # (the stubs' own $)
{
	printf '#!/bin/sh\necho "integritysetup $*" >> %s/admin.log\n' "$T" > "$A/bin/integritysetup"
	printf '#!/bin/sh\necho "dmsetup $*" >> %s/admin.log\n' "$T" > "$A/bin/dmsetup"
	printf 'grep -qxF -- "$2" %s/open-vols 2> /dev/null || exit 1\n' "$T" >> "$A/bin/dmsetup"
	printf 'case $1 in\n' >> "$A/bin/dmsetup"
	printf 'table) echo "0 2097152 integrity 254:3 0 12 J 6 journal_sectors:130944 interleave_sectors:32768 buffer_sectors:128 block_size:4096 internal_hash:sthash:0123 sectors_per_bit:65536" ;;\n' >> "$A/bin/dmsetup"
	printf 'status) echo "0 2097152 integrity 3 2097152 -" ;;\nesac\n' >> "$A/bin/dmsetup"
	printf '#!/bin/sh\necho "blkid $*" >> %s/admin.log\nexit 2\n' "$T" > "$A/bin/blkid"
	printf '#!/bin/sh\nexit 0\n' > "$A/bin/modprobe"
}
chmod 755 "$A/bin/"*
cp "$T/bin/modinfo" "$A/bin/modinfo"
{
	printf '%s\n' "split $A/dev/meta $T/k32 integrity-algorithm=sthash,tag-size=16,sector-size=4096,data-device=$A/dev/data,mode=bitmap"
	printf '%s\n' "plain $A/dev/plain $T/k32 integrity-algorithm=highwayhash128"
	printf '%s\n' "bad $A/dev/plain $T/k32 integrity-algorithm=sthash,sector-size=1000"
} > "$T/tab-admin"
adm() { # the opener on that file, the stubs first in PATH; stdin as given
	: > "$T/admin.log"
	KEYEDHASH_INTEGRITYTAB=$T/tab-admin PATH=$A/bin:$PATH bash "$OPENER" "$@" > "$T/adm.out" 2> "$T/adm.err"
}
logged() { grep -qxF -- "$1" "$T/admin.log"; }
FMT_SPLIT="integritysetup format --batch-mode --integrity sthash --integrity-key-file $T/k32 --integrity-key-size 32 --tag-size 16 --sector-size 4096 --data-device $A/dev/data $A/dev/meta"
: > "$T/open-vols"
adm format split --yes < /dev/null
kh_check "format NAME --yes: integritysetup format with the line's algorithm, key, key size, tag size, sector-size=, data-device= and --batch-mode; said before it runs; no question" \
	eval 'logged "$FMT_SPLIT" && grep -qxF "keyedhash-integritysetup: running: $FMT_SPLIT " "$T/adm.out" && ! grep -q "Are you sure" "$T/adm.err"'
adm format plain --yes < /dev/null
kh_check "format NAME: the tag size is the algorithm's digest size (highwayhash128: 16), no --sector-size nor --data-device without them" \
	logged "integritysetup format --batch-mode --integrity highwayhash128 --integrity-key-file $T/k32 --integrity-key-size 32 --tag-size 16 $A/dev/plain"
adm format split <<< YES
kh_check "format NAME without --yes: asks, as cryptsetup does (Type 'yes' in capital letters), naming the devices; YES formats" \
	eval 'logged "$FMT_SPLIT" && grep -qF "This will overwrite data on $A/dev/meta and $A/dev/data irrevocably" "$T/adm.err" &&
		grep -qF "Are you sure? (Type '"'"'yes'"'"' in capital letters): " "$T/adm.err"'
for answer in yes y '' 'YES please'; do
	adm format split <<< "$answer"
	RC=$?
	kh_check "format NAME without --yes: the answer \"$answer\" formats nothing (exit status $RC)" \
		eval '[ "$RC" = 1 ] && ! grep -q "^integritysetup" "$T/admin.log" && grep -qF "volume split: not formatted (the answer was not YES): nothing written" "$T/adm.err"'
done
adm format split < /dev/null
kh_check "format NAME without --yes and no answer (stdin at its end): nothing formatted" eval '! grep -q "^integritysetup" "$T/admin.log"'
printf 'split\n' > "$T/open-vols"
adm format split --yes < /dev/null
RC=$?
kh_check "format of an open volume: refused even with --yes (exit status $RC), nothing formatted" \
	eval '[ "$RC" = 1 ] && ! grep -q "^integritysetup" "$T/admin.log" && grep -qF "volume split is open (/dev/mapper/split): refusing to format it" "$T/adm.err"'
adm format nosuch --yes < /dev/null
kh_check "format of a name not in the file: refused" eval '! grep -q "^integritysetup" "$T/admin.log" && grep -qF "no volume nosuch in $T/tab-admin" "$T/adm.err"'
adm format bad --yes < /dev/null
kh_check "sector-size=1000: refused (512, 1024, 2048 or 4096)" \
	eval '! grep -q "^integritysetup" "$T/admin.log" && grep -qF "volume bad: sector-size=1000: 512, 1024, 2048 or 4096 bytes" "$T/adm.err"'
for v in 512 1024 2048 4096 256 8192 4k; do
	bash "$OPENER" command v /dev/vdb "$T/k32" "integrity-algorithm=sthash,sector-size=$v" > "$T/cmd" 2> /dev/null
	RC=$?
	case $v in 512 | 1024 | 2048 | 4096)
		kh_check "command: sector-size=$v goes to the format command only (open reads it from the superblock)" \
			eval '[ "$RC" = 0 ] && sed -n 2p "$T/cmd" | grep -q -- "--tag-size 32 --sector-size $v /dev/vdb \$" && ! head -1 "$T/cmd" | grep -q sector' ;;
	*) kh_check "command: sector-size=$v refused" test "$RC" = 1 ;;
	esac
done
kh_check "command: data-device= is --data-device at open and at format, DEVICE the metadata device" sh -c \
	"bash '$OPENER' command v /dev/vdb '$T/k32' integrity-algorithm=sthash,data-device=PARTUUID=12-ab > '$T/cmd' &&
	 head -1 '$T/cmd' | grep -q -- '--integrity-key-size 32 --data-device /dev/disk/by-partuuid/12-ab /dev/vdb v \$' &&
	 sed -n 2p '$T/cmd' | grep -q -- '--tag-size 32 --data-device /dev/disk/by-partuuid/12-ab /dev/vdb \$'"
printf 'ss /dev/vdb %s integrity-algorithm=sthash,sector-size=4096\n' "$T/k32" > "$T/tab-ss"
kh_check "sector-size=: no unknown option to the generator's reading (plan) nor to check" sh -c \
	"KEYEDHASH_INTEGRITYTAB='$T/tab-ss' bash '$OPENER' plan 2> '$T/err' > /dev/null && [ ! -s '$T/err' ] &&
	 KEYEDHASH_INTEGRITYTAB='$T/tab-ss' bash '$OPENER' check 2> '$T/err' > /dev/null && [ ! -s '$T/err' ]"
kh_check "data-device= that is no device: refused" sh -c \
	"! bash '$OPENER' command v /dev/vdb '$T/k32' integrity-algorithm=sthash,data-device=vdc 2> '$T/err' && grep -qF 'data-device=vdc is neither a path' '$T/err'"
kh_check "initrd-line: --data-device among integritysetup open's arguments (the device still last but one)" sh -c \
	"[ \"\$(bash '$OPENER' initrd-line v /dev/vdb '$T/k32' integrity-algorithm=sthash,data-device=/dev/vdc | tr '\\t' ' ')\" = 'v --integrity sthash --integrity-key-file $T/k32 --integrity-key-size 32 --data-device /dev/vdc /dev/vdb v' ]"
# the initramfs waits for the data device too
printf 'dv\t--integrity\tsthash\t--integrity-key-file\t%s\t--integrity-key-size\t32\t--data-device\t%s\t%s\tdv\n' "$T/k32" "$A/dev/nodata" "$A/dev/meta" > "$T/iv.dv"
sed "s|$T/iv|$T/iv.dv|" "$T/khf" > "$T/khf.dv"
sed "s|$T/iv|$T/iv.dv|; s|$T/khf|$T/khf.dv|" "$T/local-top" > "$T/local-top.dv"
sed "s|$T/iv|$T/iv.dv|; s|$T/khf|$T/khf.dv|" "$T/local-block" > "$T/local-block.dv"
for sh in dash "busybox sh"; do
	rm -f "$A/dev/nodata"
	boot
	run "$sh" local-top.dv
	kh_check "initramfs local-top ($sh): data-device='s device missing: waited for, not opened" \
		eval 'said "keyedhash: volume dv: waiting for $A/dev/nodata" && [ "$(opens)" = 0 ]'
	: > "$A/dev/nodata"
	run "$sh" local-block.dv
	kh_check "initramfs local-block ($sh): once it appears the volume opens, --data-device passed on" \
		grep -qxF -- "open --integrity sthash --integrity-key-file $T/k32 --integrity-key-size 32 --data-device $A/dev/nodata $A/dev/meta dv" "$T/calls"
done
# status: each configured volume, open or not (/dev/mapper: $A/mapper)
mkdir -p "$A/mapper" && : > "$A/mapper/split"
export KEYEDHASH_MAPPER=$A/mapper
adm status
status_line() { # name: its line of the volume table, blanks squeezed
	awk -v n="$1" '$1 == n { $1 = $1; print; exit }' "$T/adm.out"
}
kh_check "status: a header for the volumes (VOLUME STATE MODE TAG MISMATCHES DEVICE)" \
	grep -qE '^VOLUME +STATE +MODE +TAG +MISMATCHES +DEVICE$' "$T/adm.out"
kh_check "status: an open volume: its mode and tag size from dmsetup table (J: journal, 12; the line says bitmap, 16), mismatches from dmsetup status (3), both devices" \
	eval '[ "$(status_line split)" = "split open journal 12 3 $A/dev/meta (data: $A/dev/data)" ] && logged "dmsetup table split" && logged "dmsetup status split"'
kh_check "status: a closed volume: the line's mode (journal) and tag size (16), no mismatch count, dmsetup asked nothing else of it" \
	eval '[ "$(status_line plain)" = "plain closed journal 16 - $A/dev/plain" ] && ! logged "dmsetup table plain" && ! logged "dmsetup status plain"'
kh_check "status: a wrong line is named as such; the kernels' table still follows" \
	eval 'grep -qE "^bad +\(a wrong line: keyedhash-integritysetup check\)$" "$T/adm.out" && grep -qE "^KERNEL +KEYEDHASH +INITRAMFS" "$T/adm.out"'
rm "$A/mapper/split" && : > "$A/mapper/other"
printf 'split\n' > "$T/open-vols"
adm status
kh_check "status: a volume not in /dev/mapper (another one is): closed, dmsetup not asked of it" \
	eval '[ "$(status_line split)" = "split closed bitmap 16 - $A/dev/meta (data: $A/dev/data)" ] && ! grep -q "^dmsetup" "$T/admin.log"'
unset KEYEDHASH_MAPPER
}

# ---- keyedhash-dkms's prerm: no removal that leaves the system unbootable
refused_both() {
	KEYEDHASH_INTEGRITYTAB=$T/tab bash "$OPENER" removal-check > "$T/rc.out" 2>&1
	[ $? = 1 ] &&
		grep -qxF '  root (PARTUUID=0fc63daf-8483; x-initrd.attach): needs the keyedhash module (sthash) in the initramfs' "$T/rc.out" &&
		grep -qxF '  usr-vol (/dev/disk/by-id/virtio-usr; /usr): needs the keyedhash module (sthash) in the initramfs' "$T/rc.out" &&
		! grep -q -e '  data' -e '  spare' -e '  plain' "$T/rc.out" && grep -qF "touch $T/allow-removal" "$T/rc.out" &&
		grep -qF 'KEYEDHASH_ALLOW_REMOVAL=1 apt remove keyedhash-dkms' "$T/rc.out"
}
kh_check "removal-check: refused (exit 1) while root (x-initrd.attach) and usr-vol (/usr) are configured, naming both, why, and how to go on" \
	refused_both
kh_check "removal-check: refused for the volume / is on (fstab), none configured x-initrd.attach" sh -c \
	"KEYEDHASH_INTEGRITYTAB='$T/tab3' KEYEDHASH_FSTAB='$T/fstab3' bash '$OPENER' removal-check 2> '$T/err'; [ \$? = 1 ] &&
	 grep -qF '  rootvol (UUID=0fc6-root; /)' '$T/err'"
printf 'data /dev/vdb %s integrity-algorithm=sthash,nofail\n' "$T/k32" > "$T/tab5"
kh_check "removal-check: no volume in the initramfs: exit 0, nothing said" sh -c \
	"KEYEDHASH_INTEGRITYTAB='$T/tab5' bash '$OPENER' removal-check > '$T/out' 2>&1 && [ ! -s '$T/out' ]"
kh_check "removal-check: KEYEDHASH_ALLOW_REMOVAL=1, or the file $T/allow-removal: exit 0, the volumes named" sh -c \
	"KEYEDHASH_ALLOW_REMOVAL=1 bash '$OPENER' removal-check 2> '$T/err' && grep -qF '  root (' '$T/err' &&
	 touch '$T/allow-removal' && bash '$OPENER' removal-check 2> /dev/null && rm '$T/allow-removal'"
# the prerm itself, its kernel hook, logger and /etc/initramfs-tools stubbed
printf '#!/bin/sh\necho "kernel-hook $*" >> %s/prerm.log\n' "$T" > "$T/kernel-hook"
chmod 755 "$T/kernel-hook"
cp "$T/opener" "$T/bin/keyedhash-integritysetup"
sed -e "s|/usr/lib/keyedhash-dkms/kernel-hook|'$T/kernel-hook'|" -e "s|^LT=.*|LT='$T/lt'|" \
	"$KH_TOP/debian/keyedhash-dkms.prerm" > "$T/prerm"
: > "$T/prerm.log"
PATH=$T/bin:$PATH sh "$T/prerm" remove > "$T/prerm.out" 2>&1
RC=$?
kh_check "prerm remove with the root's volume configured: exit status $RC (not 0), REFUSING said, nothing removed (no kernel hook run)" sh -c \
	"[ $RC != 0 ] && grep -q 'REFUSING to remove keyedhash' '$T/prerm.out' && [ ! -s '$T/prerm.log' ] && [ ! -e '$T/lt' ]"
: > "$T/prerm.log"
PATH=$T/bin:$PATH sh "$T/prerm" upgrade 1.0.1 > "$T/prerm.out" 2>&1
RC=$?
kh_check "prerm upgrade: not refused (exit status $RC), nothing removed" sh -c \
	"[ $RC = 0 ] && ! grep -q REFUSING '$T/prerm.out' && [ ! -s '$T/prerm.log' ]"
touch "$T/allow-removal"
PATH=$T/bin:$PATH sh "$T/prerm" remove > "$T/prerm.out" 2>&1
RC=$?
kh_check "prerm remove with $T/allow-removal: goes on (exit status $RC), the kernel hook removes the module, the file is deleted (used once)" sh -c \
	"[ $RC = 0 ] && grep -qxF 'kernel-hook --remove' '$T/prerm.log' && [ ! -e '$T/allow-removal' ]"
# (run as initramfs-tools runs it, with "quiet": its messages on the
# console, stderr, all the same; nothing on stdout)
kh_check "that forced removal leaves an initramfs script (/etc/initramfs-tools/scripts/local-top) saying at boot, even with quiet, which volume needs which module" sh -c \
	"[ -x '$T/lt/keyedhash-removed' ] && quiet=y sh '$T/lt/keyedhash-removed' > '$T/out' 2> '$T/err' && [ ! -s '$T/out' ] &&
	 grep -qxF 'keyedhash: keyedhash-dkms was removed: volume root (PARTUUID=0fc63daf-8483; x-initrd.attach): needs the keyedhash module (sthash) in the initramfs' '$T/err' &&
	 grep -qF 'keyedhash: keyedhash-dkms was removed: volume usr-vol (' '$T/err' && [ \"\$(sh '$T/lt/keyedhash-removed' prereqs)\" = '' ]"
if command -v shellcheck > /dev/null; then
	kh_check "that script passes shellcheck" shellcheck -e SC1091 "$T/lt/keyedhash-removed"
fi
rm -rf "$T/lt"
: > "$T/prerm.log"
KEYEDHASH_ALLOW_REMOVAL=1 PATH=$T/bin:$PATH sh "$T/prerm" remove > "$T/prerm.out" 2>&1
RC=$?
kh_check "prerm remove with KEYEDHASH_ALLOW_REMOVAL=1: goes on (exit status $RC)" sh -c \
	"[ $RC = 0 ] && grep -qxF 'kernel-hook --remove' '$T/prerm.log'"
[ -n "${KH_KEEP:-}" ] || rm -rf "$T"
echo "integritytab: done"

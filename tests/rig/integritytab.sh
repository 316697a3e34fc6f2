#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The boot path's configuration, on the tree's files, without a kernel:
# debian/keyedhash-integritysetup-generator run on sample integritytab
# files into temporary directories (the units, their ordering, the
# target links of nofail, noauto, x-initrd.attach; lines it ignores), and
# debian/keyedhash-integritysetup's parsing (the integritysetup commands
# it builds, its refusals: nhpoly1305, multimixer128, other algorithms,
# tag sizes, key sizes, no key, unknown options; which volumes the
# initramfs opens).  Run by tests/rig/deb-check.sh (make check's deb
# tier); prints one PASS:/FAIL: line per check and "integritytab: done".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
GEN=$KH_TOP/debian/keyedhash-integritysetup-generator
OPENER=$KH_TOP/debian/keyedhash-integritysetup
T=$KH_OUT/integritytab-test
rm -rf "$T" && mkdir -p "$T"
head -c 32 /dev/urandom > "$T/k32"
head -c 16 /dev/urandom > "$T/k16"
head -c 8 /dev/urandom > "$T/k8"
export KEYEDHASH_INTEGRITYTAB=$T/tab KEYEDHASH_FSTAB=$T/fstab
cat > "$T/tab" <<EOF
# a comment, and a blank line

data	/dev/vdb $T/k32 integrity-algorithm=highwayhash256,nofail
root PARTUUID=0fc63daf-8483 $T/k32 integrity-algorithm=sthash,x-initrd.attach,tag-size=16,mode=bitmap,allow-discards
usr-vol /dev/disk/by-id/virtio-usr $T/k16 integrity-algorithm=sthash
spare UUID=1234-abcd $T/k32 integrity-algorithm=highwayhash128,noauto
EOF
printf '/dev/mapper/usr-vol /usr ext4 defaults 0 2\n/dev/mapper/data /srv ext4 nofail 0 2\n' > "$T/fstab"

G=$T/gen
mkdir -p "$G" "$T/units-none" "$T/units"
# systemd's integritysetup.target installed (Debian 12, or systemd-cryptsetup)
touch "$T/units/integritysetup.target"
export KEYEDHASH_UNIT_DIRS=$T/units
sh "$GEN" "$G" 2> "$T/gen.err"
kh_check "generator: one unit per line (4), nothing said" sh -c \
	"[ \$(ls '$G' | grep -c '^keyedhash-integritysetup@.*\\.service\$') = 4 ] && [ ! -s '$T/gen.err' ]"
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
kh_check "generator: ExecStart runs the opener with the line's four fields" \
	has root "ExecStart=/usr/sbin/keyedhash-integritysetup attach 'root' 'PARTUUID=0fc63daf-8483' '$T/k32' 'integrity-algorithm=sthash,x-initrd.attach,tag-size=16,mode=bitmap,allow-discards'"
kh_check "generator: a plain volume is required by integritysetup.target, ordered before it, closed at shutdown" sh -c \
	"[ -L '$G/integritysetup.target.requires/keyedhash-integritysetup@usr\\x2dvol.service' ] &&
	 grep -qxF Before=integritysetup.target '$G/keyedhash-integritysetup@usr\\x2dvol.service' &&
	 grep -qxF Conflicts=umount.target '$G/keyedhash-integritysetup@usr\\x2dvol.service' &&
	 grep -q '^ExecStop=/usr/sbin/keyedhash-integritysetup detach .usr-vol.\$' '$G/keyedhash-integritysetup@usr\\x2dvol.service'"
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
printf "bad\\\\name /dev/vdc %s integrity-algorithm=sthash\nx vdc %s -\n" "$T/k32" "$T/k32" > "$T/tab2"
rm -rf "$G" && mkdir -p "$G"
KEYEDHASH_INTEGRITYTAB=$T/tab2 sh "$GEN" "$G" 2> "$T/gen.err"
kh_check "generator: a backslash and a device that is no path: lines ignored, each said" sh -c \
	"[ -z \"\$(ls '$G')\" ] && grep -q 'tab2:1: quotes, backslashes' '$T/gen.err' && grep -q 'tab2:2: device \"vdc\"' '$T/gen.err'"
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
kh_check "opener: check accepts the sample file" sh -c "bash '$OPENER' check | grep -q '4 volume(s), each line correct'"
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
refused "an unknown option" 'unknown option "discard"' "$T/k32" integrity-algorithm=sthash,discard
refused "mode=fast" "mode=fast: journal, bitmap or direct" "$T/k32" integrity-algorithm=sthash,mode=fast
kh_check "opener refuses a device that is no path" sh -c \
	"! bash '$OPENER' command v vdb '$T/k32' integrity-algorithm=sthash 2> '$T/err' && grep -q 'neither a path nor UUID=' '$T/err'"
printf 'x /dev/vdb %s integrity-algorithm=nhpoly1305\n' "$T/k32" >> "$T/tab"
kh_check "opener: check fails on a file with one wrong line, naming it" sh -c \
	"! bash '$OPENER' check 2> '$T/err' && grep -q 'volume x: nhpoly1305 is not a MAC' '$T/err'"
kh_check "opener: volumes lists every line" sh -c \
	"[ \"\$(bash '$OPENER' volumes | cut -d' ' -f1 | tr '\\n' ' ')\" = 'data root usr-vol spare x ' ]"
kh_check "opener: the initramfs opens root (x-initrd.attach) and usr-vol (/usr in fstab), not data (/srv) nor spare" sh -c \
	"[ \"\$(bash '$OPENER' volumes --initrd | cut -d' ' -f1 | tr '\\n' ' ')\" = 'root usr-vol ' ]"
kh_check "opener: attach refuses a wrong line before touching anything" sh -c \
	"! bash '$OPENER' attach v /dev/vdb - integrity-algorithm=sthash 2> '$T/err' && grep -q 'no key file' '$T/err'"
rm -rf "$T"
echo "integritytab: done"

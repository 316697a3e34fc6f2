#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: samples.sh DIR
# Writes the sample file, one key per algorithm (fixed bytes, so output is
# reproducible) and DIR/expected.txt: "NAME KEYFILE <hex>  /sample.txt" as
# the generic C computes it natively (build/hosttest --digest), for the VMs
# to compare with what the kernel returns through AF_ALG.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
D=$1
mkdir -p "$D/keys"
python3 - "$D/keys" <<'PY'
import struct, sys
d = sys.argv[1]
k = bytes((7 * i + 1) % 256 for i in range(4096))
for n in (32, 1088, 4096):
    open("%s/%d.bin" % (d, n), "wb").write(k[:n])
blob = b"".join(struct.pack("<H", len(p)) + p for p in (k[:32], b"demo", b"make run"))
open("%s/personalized.bin" % d, "wb").write(blob)
PY
printf 'keyedhash: fast keyed hashes for the Linux crypto API\n%.0s' $(seq 64) > "$D/sample.txt"
make -s -C "$KH_TOP" "$KH_OUT/hosttest" >/dev/null
: > "$D/expected.txt"
while read -r name key; do
	(cd "$D" && printf '%s /keys/%s %s\n' "$name" "$key" \
		"$("$KH_OUT/hosttest" --digest "$name" "keys/$key" sample.txt | sed 's|  sample.txt$|  /sample.txt|')") \
		>> "$D/expected.txt"
done <<'LIST'
highwayhash64 32.bin
highwayhash128 32.bin
highwayhash256 32.bin
nhpoly1305 1088.bin
sthash 32.bin
sthash-personalized personalized.bin
multimixer128 4096.bin
LIST

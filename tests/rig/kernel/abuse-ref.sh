#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: abuse-ref.sh DIR
# Reference digests for the AF_ALG abuse test (tests/afalg/kh_afalg_abuse.c):
# one key per algorithm and messages of edge lengths in DIR/keys and
# DIR/msgs, and DIR/ref.txt with one line per (algorithm, message):
#   NAME keys/KEYFILE msgs/MSGFILE HEXDIGEST
# computed on the host by the generic C natively (build/hosttest --digest),
# so what the kernel returns under load is compared with answers that do
# not come from the kernel.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
D=$1
rm -rf "$D" && mkdir -p "$D/keys" "$D/msgs"
python3 - "$D" <<'PY'
import struct, sys
d = sys.argv[1]

def stream(seed, n):
    """SplitMix64 bytes, each output word little-endian."""
    out, s = bytearray(), seed
    while len(out) < n:
        s = (s + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        out += struct.pack("<Q", z ^ (z >> 31))
    return bytes(out[:n])

k = stream(0xAB05E, 4096)
keys = {"32.bin": k[:32], "1088.bin": k[:1088], "48.bin": k[:48],
        "4096.bin": k[:4096]}
blob = b"".join(struct.pack("<H", len(p)) + p
                for p in (k[100:140], b"kh-afalg-abuse", b"hasher"))
keys["personalized.bin"] = blob
for name, key in keys.items():
    open("%s/keys/%s" % (d, name), "wb").write(key)
lens = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 257, 1000,
        1023, 1024, 1025, 2047, 2048, 4095, 4096, 4097, 8192, 16383, 65537]
mm = [32, 64, 96, 256, 1024, 2048, 4064, 4096]
for n in sorted(set(lens + mm)):
    open("%s/msgs/%d.bin" % (d, n), "wb").write(stream(n + 1, n))
with open("%s/list" % d, "w") as f:
    for name, key in (("highwayhash64", "32.bin"), ("highwayhash128", "32.bin"),
                      ("highwayhash256", "32.bin"), ("nhpoly1305", "1088.bin"),
                      ("sthash", "48.bin"),
                      ("sthash-personalized", "personalized.bin")):
        for n in lens:
            f.write("%s %s %d\n" % (name, key, n))
    for n in mm:
        f.write("multimixer128 4096.bin %d\n" % n)
PY
make -s -C "$KH_TOP" BUILD="$KH_OUT" "$KH_OUT/hosttest" >/dev/null
while read -r name key n; do
	h=$(cd "$D" && "$KH_OUT/hosttest" --digest "$name" "keys/$key" "msgs/$n.bin")
	echo "$name keys/$key msgs/$n.bin ${h%% *}"
done < "$D/list" > "$D/ref.txt"
rm "$D/list"

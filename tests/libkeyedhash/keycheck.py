#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""integrity-keycheck on dm-integrity images made here, without a kernel.

Usage: keycheck.py BUILD

Each image is laid out as drivers/md/dm-integrity.c lays a volume out
(superblock, journal or bitmap, areas of tags then data; the padding
rules of both superblock flags) with tags computed through
libkeyedhash.so (ctypes), and build/integrity-keycheck must give the
verdict it should: right key (0), wrong key (2), nothing to check (3),
unsupported (4), error (1); filler tags of discarded blocks and all-zero
tags of never-written blocks skipped, a dirty bitmap's regions and the
blocks beyond recalc_sector not taken as proof of a wrong key by
themselves.  The kernel's own volumes are checked in the VM
(tests/vm/keycheck.sh); this covers the cases a VM makes slowly or not
at all (several areas, 4 KiB blocks, 16-byte tags, old padding, journal
MAC, a partial bitmap, recalculation, a data device of its own (-d),
odd superblocks).
"""
import ctypes
import re
import os
import struct
import subprocess
import sys
import tempfile

B = sys.argv[1]
TOOL = os.path.join(B, "integrity-keycheck")
lib = ctypes.CDLL(os.path.join(B, "lib", "libkeyedhash.so"))
lib.keyedhash_hash.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                               ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                               ctypes.c_size_t]
lib.keyedhash_digest_size.argtypes = [ctypes.c_char_p]
lib.keyedhash_digest_size.restype = ctypes.c_size_t

FIXED_PADDING, FIXED_HMAC, DIRTY_BITMAP, RECALC, JMAC, INLINE = 8, 16, 4, 2, 1, 32


def digest(alg, key, msg):
    n = lib.keyedhash_digest_size(alg.encode())
    out = ctypes.create_string_buffer(64)
    r = lib.keyedhash_hash(alg.encode(), key, len(key), msg, len(msg), out, 64)
    assert r == 0, r
    return out.raw[:n]


class Volume:
    """A dm-integrity image: geometry from the superblock's fields."""

    def __init__(self, path, alg, key, tag=32, log2_il=10, log2_spb=0,
                 sections=2, flags=FIXED_PADDING | FIXED_HMAC, data_sectors=None,
                 version=5, log2_bpbb=3, recalc=0, datadev=None):
        self.path, self.alg, self.key, self.tag = path, alg, key, tag
        self.datadev = datadev
        if datadev:
            # the data on a device of its own: no interleave, one area
            log2_il = 0
        self.l, self.lspb, self.flags, self.spb = log2_il, log2_spb, flags, 1 << log2_spb
        entry = -(-(8 + 8 * self.spb + tag) // 8) * 8
        per_sector = (504 - (8 if flags & JMAC else 0)) // entry
        section = (per_sector * 8 << log2_spb) + 8
        self.initial = 8 + section * sections
        pad = 4096 if flags & FIXED_PADDING else 512 << 8
        self.run = -(-(tag << max(log2_il - log2_spb, 0)) // pad) * pad // 512
        self.area = (1 << log2_il) + self.run
        self.data_sectors = data_sectors or 3 * (1 << log2_il) + (1 << log2_il) // 2
        self.bpa = 1 << max(log2_il - log2_spb, 0)
        self.blocks = self.data_sectors >> log2_spb
        last = self.data_sectors - 1
        self.size = (self.initial + (last >> log2_il) * self.area + self.run +
                     (last & ((1 << log2_il) - 1)) + 1) * 512
        if datadev:
            self.data_sectors = data_sectors or 4096
            self.blocks = self.data_sectors >> log2_spb
            self.bpa, self.run, self.area = self.blocks, 0, 0
            self.size = (self.initial + -(-self.blocks * tag // 512)) * 512
            with open(datadev, "wb") as f:
                f.truncate(self.data_sectors * 512)
        self.salt = bytes(range(16, 32))
        self.bpbb = log2_bpbb
        sb = struct.pack("<8sBBHIQIBBxxQ8x16s", b"integrt\0", version, log2_il, tag,
                         sections, self.data_sectors, flags, log2_spb, log2_bpbb,
                         recalc, self.salt)
        with open(path, "wb") as f:
            f.truncate(self.size)
            f.write(sb)

    def tag_off(self, b):
        return (self.initial + b // self.bpa * self.area) * 512 + b % self.bpa * self.tag

    def data_off(self, b):
        if self.datadev:
            return b * self.spb * 512
        return (self.initial + b // self.bpa * self.area + self.run +
                ((b % self.bpa) << self.lspb)) * 512

    def tag_of(self, b, data, key=None):
        m = (self.salt if self.flags & FIXED_HMAC else b"") + struct.pack("<Q", b << self.lspb) + data
        d = digest(self.alg, key or self.key, m)[:self.tag]
        return d + bytes(self.tag - len(d))

    def write(self, blocks, key=None, tag=None, data=None):
        with open(self.path, "r+b") as f, open(self.datadev or self.path, "r+b") as fd:
            for b in blocks:
                d = data if data is not None else struct.pack("<Q", b ^ 0x5A5A5A5A5A5A5A5A) * (self.spb * 64)
                fd.seek(self.data_off(b))
                fd.write(d)
                fd.flush()
                f.seek(self.tag_off(b))
                f.write(tag if tag is not None else self.tag_of(b, d, key))

    def dirty(self, bits):
        with open(self.path, "r+b") as f:
            for bit in bits:
                f.seek(4096 + bit // 8)
                c = f.read(1)[0]
                f.seek(4096 + bit // 8)
                f.write(bytes([c | 1 << bit % 8]))


fails = 0
passes = 0


def expect(desc, vol, key, want, grep=None, alg=None, intact=True, data=None):
    global fails, passes
    with tempfile.NamedTemporaryFile(dir=T, delete=False) as k:
        k.write(key)
    d = ["-d", data] if data else []
    p = subprocess.run([TOOL, "-v", "-a", alg or vol.alg, "-k", k.name] + d + [vol.path],
                       capture_output=True, text=True)
    ok = p.returncode == want and (grep is None or grep in p.stdout + p.stderr)
    # an intact image and the right key: every sampled tag matches
    m = re.search(r"key right: (\d+) of (\d+) ", p.stdout)
    if want == 0 and intact and not (m and m.group(1) == m.group(2)):
        ok = False
    if ok:
        passes += 1
        print("PASS: " + desc)
    else:
        fails += 1
        print("FAIL: %s: exit %d, wanted %d%s\n%s%s" % (desc, p.returncode, want,
              ", and %r said" % grep if grep else "", p.stdout, p.stderr[-2000:]))


T = tempfile.mkdtemp(prefix="keycheck-")
K = bytes(range(32))
WK = bytes(range(1, 33))
img = os.path.join(T, "vol.img")

# several areas; written blocks spread over them, the rest never written
v = Volume(img, "highwayhash256", K)
v.write(range(0, v.blocks, 97))
expect("written blocks in 4 areas: right key, exit 0", v, K, 0, "key right")
expect("wrong key: exit 2", v, WK, 2, "WRONG KEY")
expect("another algorithm with the right key: exit 2", v, K, 2, "WRONG KEY", alg="sthash")
# the last block alone written: found by the window ending there
v = Volume(img, "sthash", K)
v.write([v.blocks - 1])
expect("only the last block written: right key, exit 0", v, K, 0, "1 of 1")
expect("only the last block written: wrong key, exit 2", v, WK, 2)
v = Volume(img, "highwayhash256", K)
expect("never written (--no-wipe): exit 3, never written counted", v, K, 3, "cannot be checked")
expect("never written: wrong key also 3", v, WK, 3)

# discards: filler tags, which every key would "pass"
v = Volume(img, "highwayhash256", K)
v.write(range(v.blocks), tag=b"\xf6" * 32)
expect("all discarded: exit 3", v, WK, 3, "discarded")
v.write(range(v.blocks // 2, v.blocks // 2 + 3))
expect("discarded but three: right key 0", v, K, 0)
expect("discarded but three: wrong key 2", v, WK, 2)

# 4 KiB blocks, 16-byte tags of a 32-byte digest, the old padding, a
# journal MAC, no salt: another geometry
v = Volume(img, "sthash", K, tag=16, log2_il=12, log2_spb=3,
           flags=JMAC, version=3, sections=3)
v.write(range(0, v.blocks, 5))
expect("4 KiB blocks, 16-byte tags, old padding, journal MAC, no salt: right 0", v, K, 0)
expect("... wrong key 2", v, WK, 2)
# fixed padding where an area's tags are no multiple of 4 KiB (128 tags
# of 20 bytes: 2560, padded to 4096)
v = Volume(img, "highwayhash256", K, tag=20, log2_il=7)
v.write(range(0, v.blocks, 3))
expect("20-byte tags, 128-sector areas (padding to 4 KiB): right 0", v, K, 0)
expect("... wrong key 2", v, WK, 2)
# highwayhash64 with 16-byte tags: the digest zero-padded
v = Volume(img, "highwayhash64", K, tag=16, flags=FIXED_PADDING)
v.write(range(0, v.blocks, 31))
expect("8-byte digest in 16-byte tags (zero-padded): right 0", v, K, 0)
expect("... wrong key 2", v, WK, 2)
# a corrupted block among good ones: still the right key, said
v = Volume(img, "highwayhash256", K)
v.write(range(v.blocks))
v.write([10], data=b"\x55" * 512, tag=v.tag_of(10, b"\x00" * 512))
expect("every block written, one corrupted: right key 0", v, K, 0, intact=False)

# dirty bitmap: bits of 8 blocks (log2_bpbb 3)
v = Volume(img, "highwayhash256", K, flags=FIXED_PADDING | FIXED_HMAC | DIRTY_BITMAP)
v.write(range(v.blocks))
v.dirty(range(0, v.blocks // 8))
expect("dirty bitmap, all of it dirty, right key: exit 0 (matches prove it)", v, K, 0, "dirty region: tag matches")
expect("dirty bitmap, all dirty, wrong key: exit 2 (8 or more dirty blocks, none matching)", v, WK, 2)
v = Volume(img, "highwayhash256", K, flags=FIXED_PADDING | FIXED_HMAC | DIRTY_BITMAP)
v.write([0, 1])
v.dirty([0])
expect("dirty bitmap, two blocks written, both dirty, wrong key: fewer than 8, exit 3", v, WK, 3)
# a crash tore the dirty region's blocks (new data, old tags): the clean
# regions still prove the right key, and the wrong one is refused
v = Volume(img, "highwayhash256", K, flags=FIXED_PADDING | FIXED_HMAC | DIRTY_BITMAP)
v.write(range(v.blocks))
v.write(range(0, 64), key=WK)
v.dirty(range(0, 8))
expect("dirty region torn (tags of another key there), right key: exit 0", v, K, 0, intact=False)

# recalculation: beyond recalc_sector tags may be garbage (a --no-wipe
# format being recalculated): never proof of a wrong key
v = Volume(img, "highwayhash256", K, flags=FIXED_PADDING | FIXED_HMAC | RECALC, recalc=0)
v.write(range(v.blocks), tag=b"\x42" * 32)
expect("recalculating from sector 0, garbage tags: exit 3, not wrong key", v, K, 3)
v = Volume(img, "highwayhash256", K, flags=FIXED_PADDING | FIXED_HMAC | RECALC, recalc=1024)
v.write(range(v.blocks), tag=b"\x42" * 32)
v.write(range(0, 1024))
expect("recalculated up to sector 1024: right key 0", v, K, 0, intact=False)
expect("recalculated up to sector 1024: wrong key 2", v, WK, 2)

# data-device=: the tags on the image, the data on another (-d), 4 KiB
# blocks of 16-byte tags too
dimg = os.path.join(T, "data.img")
v = Volume(img, "highwayhash256", K, datadev=dimg)
v.write(range(0, v.blocks, 37))
expect("data-device: right key with -d, exit 0", v, K, 0, "data sectors on", data=dimg)
expect("data-device: wrong key with -d, exit 2", v, WK, 2, "WRONG KEY", data=dimg)
v = Volume(img, "sthash", K, tag=16, log2_spb=3, datadev=dimg, data_sectors=8192)
v.write(range(0, v.blocks, 9))
expect("data-device, 4 KiB blocks, 16-byte tags: right 0", v, K, 0, data=dimg)
expect("... wrong key 2", v, WK, 2, data=dimg)
with open(dimg, "r+b") as f:
    f.truncate(4096 * 512 - 4096)
expect("data device shorter than the superblock says: exit 1", v, K, 1, "needs", data=dimg)
v = Volume(img, "highwayhash256", K)
v.write(range(0, v.blocks, 97))
expect("-d given for a volume that interleaves its data: exit 1", v, K, 1, "interleaves", data=dimg)

# superblocks the tool refuses
v = Volume(img, "highwayhash256", K, version=6, flags=INLINE)
expect("inline mode (version 6): exit 4", v, K, 4, "inline")
v = Volume(img, "highwayhash256", K, version=9)
expect("unknown version: exit 4", v, K, 4)
v = Volume(img, "highwayhash256", K, log2_il=0)
expect("data on a device of its own (interleave 0), no -d: exit 4", v, K, 4, "give that device with -d")
with open(img, "wb") as f:
    f.write(b"\0" * 65536)
expect("no superblock: exit 1", v, K, 1, "no dm-integrity superblock")
v = Volume(img, "highwayhash256", K)
with open(img, "r+b") as f:
    f.truncate(v.size - 4096)
expect("device shorter than its superblock says: exit 1", v, K, 1, "needs")
v = Volume(img, "highwayhash256", K)
expect("a key highwayhash refuses (31 bytes): exit 1", v, K[:31], 1, "32 bytes")

# nothing written to the image: the tool opens it read-only
v = Volume(img, "highwayhash256", K)
v.write(range(0, v.blocks, 50))
before = open(img, "rb").read()
os.chmod(img, 0o444)
expect("a read-only image: right key 0", v, K, 0)
os.chmod(img, 0o644)
if open(img, "rb").read() == before:
    passes += 1
    print("PASS: the image is unchanged")
else:
    fails += 1
    print("FAIL: the image changed")

subprocess.run(["rm", "-rf", T])
print("keycheck: %d passed, %d failed" % (passes, fails))
sys.exit(1 if fails else 0)

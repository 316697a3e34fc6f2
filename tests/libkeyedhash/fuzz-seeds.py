#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the fuzz target's seed corpus, tests/libkeyedhash/fuzz-corpus/ (committed).

Per algorithm (tests/libkeyedhash/fuzz.c's input format): a short message in small
pieces with the API's edges, a long one (towards 1 MiB; Multimixer-128 to
its 64 KiB key) in large pieces, a key not meant to be valid, and 4099
zero bytes.  Usage: fuzz-seeds.py [DIR]
"""
import os
import struct
import sys

ALGS = ['highwayhash64', 'highwayhash128', 'highwayhash256', 'sthash',
        'sthash-personalized', 'multimixer128', 'nhpoly1305']


def seed(alg, flags, length, keyp, prng, pieces):
    return (bytes([alg, flags]) + struct.pack('<I', length)[:3] +
            struct.pack('<HI', keyp, prng) + bytes(pieces))


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), 'fuzz-corpus')
    os.makedirs(d, exist_ok=True)
    for i, name in enumerate(ALGS):
        kinds = {
            'short': seed(i, 0x40, 37 + 11 * i, 100 + i, 0x1234 + i, [1, 15, 31, 129]),
            'long': seed(i, 0x44 | (2 if i == 5 else 0), 0xfff00 + i, 3000 + i,
                         0x9876 + i, [200, 5, 130, 255]),
            'badkey': seed(i, 0x43, 64 + i, 0x8123 + 77 * i, 0x55 + i, [7]),
            'zeros': seed(i, 0x50, 4099, 200 + i, 0x77 + i, [64, 64, 150]),
        }
        for kind, data in kinds.items():
            with open(os.path.join(d, f'{name}-{kind}'), 'wb') as f:
                f.write(data)


if __name__ == '__main__':
    main()

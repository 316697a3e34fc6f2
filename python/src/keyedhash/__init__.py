# SPDX-License-Identifier: GPL-2.0
"""Keyed hashes of the keyedhash Linux kernel module, in userspace.

The interface is hashlib's::

    import keyedhash
    h = keyedhash.new("highwayhash256", key, b"some data")
    h.update(b"more data")
    tag = h.hexdigest()

The code is the module's own C and SIMD assembly (libkeyedhash), with the
fastest driver this CPU runs (AVX2, AVX-512, NEON), or the generic C after
``force_generic(True)`` or with KEYEDHASH_FORCE_GENERIC=1 in the
environment.  No kernel module, AF_ALG socket or sysctl is involved.

Algorithms (``algorithms_available``), their keys and digest sizes:

=====================  ==============================================  ======
name                   key                                             digest
=====================  ==============================================  ======
highwayhash64          32 bytes                                        8
highwayhash128         32 bytes                                        16
highwayhash256         32 bytes                                        32
sthash                 the seed, 16..4096 bytes                        32
sthash-personalized    le16 n | seed | le16 n | c1 | le16 n | c2       32
multimixer128          32..65536 bytes, a multiple of 32, at least     64
                       as long as the message (a non-empty multiple
                       of 32 bytes)
nhpoly1305             1088 bytes                                      16
=====================  ==============================================  ======

Security: ``sthash`` and ``sthash-personalized`` are MACs/PRFs on their
own.  ``highwayhash64/128/256`` are PRFs as their authors state their
security (no formal proof; prefer 128 or 256 bits for tags).
``multimixer128`` and ``nhpoly1305`` are NOT MACs: they are
(almost-)Delta-universal hashes, building blocks whose raw digests must
never authenticate anything or be shown to anyone who can choose messages
(a multimixer128 digest leaks its key; nhpoly1305 hashes the empty message
to zero under every key).  Keys must be secret and uniformly random.

Unknown names, refused keys and refused messages raise ValueError with the
reason.  update() releases the GIL for buffers of 2 KiB and more.
"""
from ._keyedhash import Hasher, drivers, force_generic, library_version
from ._keyedhash import algorithms as _algorithms
from ._keyedhash import new as _new

__all__ = ["new", "algorithms_available", "algorithms_guaranteed",
           "drivers", "force_generic", "Hasher", "library_version"] + \
    [n.replace("-", "_") for n in _algorithms]

#: The algorithm names new() takes (driver names such as
#: "highwayhash256-generic" are accepted too: see drivers()).
algorithms_available = frozenset(_algorithms)
#: The same: every build has every algorithm.
algorithms_guaranteed = frozenset(_algorithms)


def new(name, key, data=b""):
    """A new hash object of algorithm (or driver) ``name`` under ``key``.

    ``data``, if given, is hashed first, as by update().  Raises ValueError
    with the reason for an unknown name or a key the algorithm refuses.
    See the module's documentation for which algorithms are MACs.
    """
    return _new(name, key, data)


def _constructor(name):
    def construct(key, data=b""):
        return _new(name, key, data)
    construct.__name__ = name.replace("-", "_")
    construct.__qualname__ = construct.__name__
    construct.__doc__ = "new(%r, key, data): a %s hash object." % (name, name)
    return construct


for _n in _algorithms:
    globals()[_n.replace("-", "_")] = _constructor(_n)
del _n

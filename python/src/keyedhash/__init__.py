# SPDX-License-Identifier: GPL-2.0
"""Keyed hashes of the keyedhash Linux kernel module, in userspace.

The interface is hashlib's::

    import keyedhash
    h = keyedhash.highwayhash256(b"some data", key=key)   # as hashlib.blake2b
    h.update(b"more data")
    tag = h.digest()
    ok = h.verify(received_tag)        # constant time, never ==
    h = keyedhash.new("HighwayHash256", key, b"some data")  # any case

Each algorithm has a constructor, ``data`` first and the key as the
keyword ``key=`` (as ``hashlib.blake2b(data, key=...)``; before 1.0 they
took ``(key, data)``: see NEWS); ``new(name, key, data)`` keeps its order.
Names are taken in any case, as ``hashlib.new`` takes them; ``name`` is
always the lower-case one.  Check a received tag with ``Hasher.verify()``
or ``compare_digest()`` (libkeyedhash's constant-time keyedhash_verify()),
never with ``==``, which stops at the first differing byte.

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

Many messages under one key: ``digest_many(name, key, messages)``, a list
of digests in one call (HighwayHash with AVX2 hashes two messages at once).

Unknown names, refused keys and refused messages raise ValueError with the
reason.  update() releases the GIL for buffers of 2 KiB and more.
"""
import inspect as _inspect

from ._keyedhash import Hasher, compare_digest, drivers, force_generic, library_version
from ._keyedhash import algorithms as _algorithms
from ._keyedhash import digest_many as _digest_many
from ._keyedhash import new as _new


def _version():
    """The package's version, as its build (python/setup.py) recorded it."""
    try:
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("keyedhash")
        except PackageNotFoundError:
            pass
    except ImportError:
        pass
    return library_version      # not installed (run from the tree)


#: The version of this package (the distribution's metadata).
__version__ = _version()

__all__ = ["new", "digest_many", "algorithms_available", "algorithms_guaranteed",
           "drivers", "force_generic", "Hasher", "library_version",
           "compare_digest"] + \
    [n.replace("-", "_") for n in _algorithms]

#: The algorithm names new() takes (driver names such as
#: "highwayhash256-generic" are accepted too: see drivers()).
algorithms_available = frozenset(_algorithms)
#: The same: every build has every algorithm.
algorithms_guaranteed = frozenset(_algorithms)


def new(name, key, data=b""):
    """A new hash object of algorithm (or driver) ``name`` under ``key``.

    ``name`` in any case ("HighwayHash256"), as hashlib.new() takes it.
    ``data``, if given, is hashed first, as by update().  Raises ValueError
    with the reason for an unknown name or a key the algorithm refuses.
    See the module's documentation for which algorithms are MACs.
    """
    if isinstance(name, str):
        name = name.lower()
    return _new(name, key, data)


def digest_many(name, key, messages):
    """The digests of many messages under one key, as a list of bytes.

    ``messages`` is a sequence of bytes-like objects; the result's item i
    is ``new(name, key, messages[i]).digest()``, computed in one call of
    libkeyedhash's keyedhash_digest_many(): for HighwayHash on a CPU with
    AVX2 two messages' chains run at once, more messages per second than
    one at a time.  ``name`` in any case, as for new().  Raises ValueError
    as new() does, or for a message the algorithm refuses.
    """
    if isinstance(name, str):
        name = name.lower()
    return _digest_many(name, key, messages)


_NOKEY = object()


def _constructor(name):
    def construct(*args, key=_NOKEY, **kwargs):
        for k in kwargs:
            if k != "data":
                raise TypeError("%s() got an unexpected keyword argument %r" %
                                (construct.__name__, k))
        if len(args) + len(kwargs) > 1 or key is _NOKEY:
            raise TypeError("%s(data=b'', *, key): pass the key as key= (as "
                            "hashlib.blake2b); before 1.0 these took (key, data), "
                            "as new(%r, key, data) still does"
                            % (construct.__name__, name))
        return _new(name, key, args[0] if args else kwargs.get("data", b""))
    construct.__name__ = name.replace("-", "_")
    construct.__qualname__ = construct.__name__
    # help() and inspect show the signature it takes
    construct.__signature__ = _inspect.Signature([
        _inspect.Parameter("data", _inspect.Parameter.POSITIONAL_OR_KEYWORD, default=b""),
        _inspect.Parameter("key", _inspect.Parameter.KEYWORD_ONLY)])
    construct.__doc__ = ("%s(data=b'', *, key): a %s hash object under key, "
                         "fed data (as hashlib.blake2b(data, key=key))."
                         % (construct.__name__, name))
    return construct


for _n in _algorithms:
    globals()[_n.replace("-", "_")] = _constructor(_n)
del _n

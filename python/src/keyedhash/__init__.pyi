# SPDX-License-Identifier: GPL-2.0
# Type stubs of the keyedhash package (python/src/keyedhash/__init__.py):
# its per-algorithm constructors are made at import time, so they are
# spelled out here.
from typing import FrozenSet

from _typeshed import ReadableBuffer as _Buffer

from ._keyedhash import Hasher as Hasher
from ._keyedhash import compare_digest as compare_digest
from ._keyedhash import drivers as drivers
from ._keyedhash import force_generic as force_generic
from ._keyedhash import library_version as library_version

__version__: str
algorithms_available: FrozenSet[str]
algorithms_guaranteed: FrozenSet[str]

def new(name: str, key: _Buffer, data: _Buffer | None = ...) -> Hasher: ...

def highwayhash64(data: _Buffer = ..., *, key: _Buffer) -> Hasher: ...
def highwayhash128(data: _Buffer = ..., *, key: _Buffer) -> Hasher: ...
def highwayhash256(data: _Buffer = ..., *, key: _Buffer) -> Hasher: ...
def sthash(data: _Buffer = ..., *, key: _Buffer) -> Hasher: ...
def sthash_personalized(data: _Buffer = ..., *, key: _Buffer) -> Hasher: ...
def multimixer128(data: _Buffer = ..., *, key: _Buffer) -> Hasher: ...
def nhpoly1305(data: _Buffer = ..., *, key: _Buffer) -> Hasher: ...

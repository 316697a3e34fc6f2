# SPDX-License-Identifier: GPL-2.0
"""Build of the keyedhash Python package.

The C extension links libkeyedhash.a, which "make lib" builds from the
module's own core/ and arch/ sources one directory up (the checkout this
directory belongs to): install from the checkout, e.g. pip install ./python.
Needs gcc, make and the Python headers (Debian: build-essential python3-dev).
"""
import os
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


class BuildWithLib(build_ext):
    """Run "make lib" in the checkout first, into this build's own directory."""

    def run(self):
        if not os.path.exists(os.path.join(TOP, "lib", "lib.mk")):
            raise SystemExit("keyedhash: build from the keyedhash checkout "
                             "(pip install ./python): %s has no lib/lib.mk" % TOP)
        out = os.path.abspath(os.path.join(self.build_temp, "kh"))
        os.makedirs(out, exist_ok=True)
        subprocess.check_call(["make", "-C", TOP, "-s", "BUILD=" + out,
                               os.path.join(out, "lib", "libkeyedhash.a")])
        for ext in self.extensions:
            ext.extra_objects = [os.path.join(out, "lib", "libkeyedhash.a")]
        super().run()


setup(
    name="keyedhash",
    version="0.1.0",
    description="Keyed hashes of the keyedhash kernel module (HighwayHash, "
                "STHash, Multimixer-128, NHPoly1305) in userspace, hashlib-style",
    license="GPL-2.0-only",
    package_dir={"": "src"},
    packages=["keyedhash"],
    # PEP 561: the package is typed; the stubs describe the C extension
    # and the constructors made at import time
    package_data={"keyedhash": ["py.typed", "*.pyi"]},
    ext_modules=[Extension(
        "keyedhash._keyedhash",
        sources=["src/keyedhash/_keyedhash.c"],
        include_dirs=[os.path.join(TOP, "lib", "include")],
        extra_compile_args=["-Wall", "-Wextra", "-Wno-missing-field-initializers",
                            "-Wno-unused-parameter"],  # the CPython method signatures
        # only PyInit__keyedhash leaves the extension, none of the library's symbols
        extra_link_args=["-Wl,--exclude-libs,ALL"],
    )],
    cmdclass={"build_ext": BuildWithLib},
    python_requires=">=3.9",
)

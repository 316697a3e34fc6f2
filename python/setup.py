# SPDX-License-Identifier: GPL-2.0
"""Build of the keyedhash Python package.

The C extension links libkeyedhash.a, which libkeyedhash/lib.mk builds from the
module's own lib/ and arch/ sources: one directory up in the keyedhash
checkout (pip install ./python), or beside this file in the sdist (make
sdist copies them in, with the file .version), which so builds on its own.
Needs gcc, make and the Python headers (Debian: build-essential python3-dev).
"""
import os
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
# the sdist holds the library's sources itself; the checkout one level up
TOP = HERE if os.path.exists(os.path.join(HERE, "libkeyedhash", "lib.mk")) else os.path.dirname(HERE)


def kh_version():
    """The project's one version (tools/version.sh in the checkout; an
    sdist carries it in .version): a release's X.Y.Z, a snapshot's
    X.Y.Z.postN+gHASH, PEP 440 and Debian alike (docs/packaging.md)."""
    script = os.path.join(TOP, "tools", "version.sh")
    if os.path.exists(script):
        try:
            return subprocess.check_output(["sh", script], text=True).strip()
        except subprocess.CalledProcessError:
            raise SystemExit("keyedhash: no version (tools/version.sh said why, above)")
    stamp = os.path.join(HERE, ".version")
    if os.path.exists(stamp):
        with open(stamp) as f:
            return f.read().strip()
    raise SystemExit("keyedhash: no version: build from the keyedhash checkout "
                     "(pip install ./python) or from its sdist")


VERSION = kh_version()


class BuildPyVersion(build_py):
    """keyedhash/_version.py in the build: version, the package's version."""

    def run(self):
        super().run()
        if not self.dry_run:
            d = os.path.join(self.build_lib, "keyedhash")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "_version.py"), "w") as f:
                f.write("# written by setup.py (the project's tools/version.sh)\n"
                        "version = %r\n" % VERSION)


class SdistVersion(sdist):
    """The sdist carries its version (.version), having no tools/version.sh."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        with open(os.path.join(base_dir, ".version"), "w") as f:
            f.write(VERSION + "\n")


class SelfContainedSdist(SdistVersion):
    """An sdist only from a tree that holds the library's sources (make sdist)."""

    def run(self):
        if TOP != HERE:
            raise SystemExit("keyedhash: an sdist from the checkout would lack the "
                             "library's sources: run make sdist in the checkout")
        super().run()


class BuildWithLib(build_ext):
    """Build libkeyedhash.a (libkeyedhash/lib.mk) first, into this build's own directory."""

    def run(self):
        if not os.path.exists(os.path.join(TOP, "libkeyedhash", "lib.mk")):
            raise SystemExit("keyedhash: build from the keyedhash checkout "
                             "(pip install ./python) or from its sdist (make sdist): "
                             "%s has no libkeyedhash/lib.mk" % TOP)
        out = os.path.abspath(os.path.join(self.build_temp, "kh"))
        os.makedirs(out, exist_ok=True)
        subprocess.check_call(["make", "-C", TOP, "-f", "libkeyedhash/lib.mk", "-s", "BUILD=" + out,
                               os.path.join(out, "lib", "libkeyedhash.a")])
        for ext in self.extensions:
            ext.extra_objects = [os.path.join(out, "lib", "libkeyedhash.a")]
        super().run()


setup(
    name="keyedhash",
    version=VERSION,
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
        include_dirs=[os.path.join(TOP, "libkeyedhash", "include")],
        extra_compile_args=["-Wall", "-Wextra", "-Wno-missing-field-initializers",
                            "-Wno-unused-parameter"],  # the CPython method signatures
        # only PyInit__keyedhash leaves the extension, none of the library's symbols
        extra_link_args=["-Wl,--exclude-libs,ALL"],
    )],
    cmdclass={"build_ext": BuildWithLib, "build_py": BuildPyVersion,
              "sdist": SelfContainedSdist},
    python_requires=">=3.9",
)

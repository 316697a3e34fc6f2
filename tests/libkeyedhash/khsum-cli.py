#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""khsum's command line as sha256sum/b2sum users type it, and its bounds:

* a key (-k FILE, -k -, --key-hex FILE) is read up to one byte past the
  longest key of the algorithm, then refused with the size rule: /dev/zero,
  an 8 GiB sparse file, endless standard input, endless hex; khsum's peak
  memory (wait4's ru_maxrss) stays small, under an address-space cap;
* the longest key of each algorithm is taken, one byte more refused;
* --key-hex gives the digests of the same key raw; bad hex is refused;
* --tag lines (BSD: "ALGORITHM (file) = hex") written and read back by -c,
  one sums file mixing algorithms and untagged lines, escaped names, a name
  holding ") = "; a changed digest fails, an algorithm refusing the key
  fails; -z lines end in NUL, unescaped; --version; every error line
  starts "khsum:" (getopt's too), never with the binary's path.

Usage: khsum-cli.py KHSUM TOP
"""
import os
import resource
import subprocess
import sys
import tempfile

KHSUM, TOP = os.path.abspath(sys.argv[1]), sys.argv[2]
fails = checks = 0
MAXRSS_KIB = 32 << 10          # khsum needs a few MiB; the old code 4 GiB
AS_CAP = 1 << 30               # address space: the old code failed under it


def check(cond, what, detail=""):
    global fails, checks
    checks += 1
    if not cond:
        fails += 1
        print("FAIL", what, detail)


def run(args, stdin=None, input=None, env=None):
    """khsum ARGS: (returncode, stdout bytes, stderr text, None)."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (AS_CAP, AS_CAP))
    p = subprocess.Popen([KHSUM] + args, stdin=stdin if input is None else subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=cap, env=env)
    out, err = p.communicate(input)
    return p.returncode, out, err.decode(errors="replace"), None


def run_rss(args, stdin=None):
    """khsum ARGS with its own peak RSS (wait4), output discarded."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (AS_CAP, AS_CAP))
    with tempfile.TemporaryFile() as e:
        p = subprocess.Popen([KHSUM] + args, stdin=stdin, stdout=subprocess.DEVNULL,
                             stderr=e, preexec_fn=cap)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        e.seek(0)
        return p.returncode, e.read().decode(errors="replace"), ru.ru_maxrss


def key_refused(alg, src, longest):
    return "khsum: %s rejected the key from %s: longer than %d bytes; its keys are " % (
        alg, src, longest)


def main():
    d = tempfile.mkdtemp(prefix="khsum-cli.")
    os.chdir(d)
    with open("k32", "wb") as f:
        f.write(os.urandom(32))
    with open("f1", "wb") as f:
        f.write(os.urandom(1000))
    with open("f2", "wb") as f:
        f.write(b"")
    with open("big", "wb") as f:
        f.truncate(8 << 30)     # 8 GiB, sparse

    # ---- item 3: keys read only up to one byte past the longest
    hh = key_refused("highwayhash256", "%s", 32)
    for what, args, stdin in (
            ("-k /dev/zero", ["-k", "/dev/zero"], None),
            ("-k an 8 GiB sparse file", ["-k", "big"], None),
            ("-k - from /dev/zero", ["-k", "-"], "/dev/zero"),
            ("--key-hex - from endless '00' lines", ["--key-hex", "-"], "yes")):
        src = args[1]
        if stdin == "yes":
            y = subprocess.Popen(["yes", "00"], stdout=subprocess.PIPE)
            rc, err, rss = run_rss(["-a", "highwayhash256"] + args + ["f1"], stdin=y.stdout)
            y.stdout.close()
            y.kill()
            y.wait()
        elif stdin:
            with open(stdin, "rb") as i:
                rc, err, rss = run_rss(["-a", "highwayhash256"] + args + ["f1"], stdin=i)
        else:
            rc, err, rss = run_rss(["-a", "highwayhash256"] + args + ["f1"])
        check(rc == 1 and err == hh % src + "32 bytes\n",
              "%s: refused with the size rule" % what, "rc %d: %r" % (rc, err))
        check(rss < MAXRSS_KIB, "%s: peak memory %d KiB < %d KiB" % (what, rss, MAXRSS_KIB))
    # -c with no -a: the longest key of any algorithm
    rc, err, rss = run_rss(["-c", "-k", "/dev/zero", "f1"])
    check(rc == 1 and err == "khsum: the key from /dev/zero is longer than 65536 bytes, the longest key any algorithm takes\n",
          "-c without -a: /dev/zero refused", repr(err))
    check(rss < MAXRSS_KIB, "-c -k /dev/zero: peak memory %d KiB" % rss)
    rc, err, rss = run_rss(["-a", "multimixer128", "-k", "big", "f1"])
    check(rc == 1 and err.startswith(key_refused("multimixer128", "big", 65536)) and
          rss < MAXRSS_KIB, "multimixer128 -k 8 GiB: refused past 65536 bytes", repr(err))

    # the longest key of each algorithm taken, one byte more refused
    blob = (16).to_bytes(2, "little") + os.urandom(16) + (16362).to_bytes(2, "little") + \
        os.urandom(16362) + (0).to_bytes(2, "little")
    assert len(blob) == 16384
    with open("m64", "wb") as f:
        f.write(os.urandom(64))
    for alg, longest, key in (("highwayhash64", 32, None), ("highwayhash128-generic", 32, None),
                              ("sthash", 4096, None), ("sthash-personalized", 16384, blob),
                              ("multimixer128", 65536, None), ("nhpoly1305", 1088, None)):
        key = key or os.urandom(longest)
        with open("kmax", "wb") as f:
            f.write(key)
        with open("kmax1", "wb") as f:
            f.write(key + b"\0")
        rc, out, err, _ = run(["-a", alg, "-k", "kmax", "m64"])
        check(rc == 0 and out.endswith(b"  m64\n"), "%s: a %d-byte key taken" % (alg, longest), err)
        rc, out, err, _ = run(["-a", alg, "-k", "kmax1", "m64"])
        check(rc == 1 and err.startswith(key_refused(alg, "kmax1", longest)) and
              not out, "%s: a %d-byte key refused" % (alg, longest + 1), repr(err))

    # ---- --key-hex: the same digests as the raw key; bad hex refused
    k = open("k32", "rb").read()
    h = k.hex()
    variants = {"plain": h + "\n", "upper, no newline": h.upper(),
                "xxd -p lines": h[:20] + "\n" + h[20:44] + "\r\n" + h[44:] + "\n\n",
                "spaced pairs": " ".join(h[i:i + 2] for i in range(0, 64, 2)) + "\n"}
    _, want, _, _ = run(["-a", "highwayhash128", "-k", "k32", "f1", "f2"])
    for what, text in variants.items():
        with open("k.hex", "w") as f:
            f.write(text)
        rc, out, err, _ = run(["-a", "highwayhash128", "--key-hex", "k.hex", "f1", "f2"])
        check(rc == 0 and out == want and want, "--key-hex (%s) = -k" % what, err)
    rc, out, err, _ = run(["-a", "highwayhash128", "--key-hex", "-", "f1", "f2"],
                          input=h.encode())
    check(rc == 0 and out == want, "--key-hex - = -k", err)
    for what, text in (("odd digit count", h[:-1]), ("not hex", h[:-2] + "zz"),
                       ("digits split by space", h[:-1] + " " + h[-1])):
        with open("k.hex", "w") as f:
            f.write(text)
        rc, out, err, _ = run(["-a", "highwayhash128", "--key-hex", "k.hex", "f1"])
        check(rc == 1 and err.startswith("khsum: key file k.hex: not a hex key"),
              "--key-hex refuses %s" % what, repr(err))
    with open("k.hex", "w") as f:
        f.write("00" * 33)
    rc, out, err, _ = run(["-a", "highwayhash128", "--key-hex", "k.hex", "f1"])
    check(rc == 1 and err.startswith(key_refused("highwayhash128", "k.hex", 32)),
          "--key-hex: a 33-byte hex key refused", repr(err))

    # ---- --tag, written and read back; a file mixing algorithms
    odd = "a ) = b\nc\\d"     # ") = " inside, newline and backslash: escaped
    with open(odd, "wb") as f:
        f.write(b"odd")
    files = ["f1", "f2", odd]
    tagged = b""
    for alg, tag in (("highwayhash64", "HIGHWAYHASH64"), ("highwayhash256-generic", "HIGHWAYHASH256"),
                     ("sthash", "STHASH")):
        rc, plain, err, _ = run(["-a", alg, "-k", "k32"] + files)
        rc2, out, err2, _ = run(["-a", alg, "-k", "k32", "--tag"] + files)
        want = b""
        for line in plain.decode().splitlines(keepends=True):
            digest, name = line.rstrip("\n").split("  ", 1)
            esc = digest.startswith("\\")
            want += ("%s%s (%s) = %s\n" % ("\\" if esc else "", tag, name,
                                           digest.lstrip("\\"))).encode()
        check(rc == 0 and rc2 == 0 and out == want and plain.count(b"\n") == 3,
              "--tag -a %s: BSD lines" % alg, "%r vs %r %s" % (out, want, err2))
        tagged += out
    rc, untagged, _, _ = run(["-a", "highwayhash128", "-k", "k32", "f1"])
    with open("SUMS", "wb") as f:
        f.write(tagged + untagged)
    rc, out, err, _ = run(["-c", "-a", "highwayhash128", "-k", "k32", "SUMS"])
    oks = out.decode().count(": OK\n")
    check(rc == 0 and oks == 10 and not err, "-c: mixed tagged algorithms and -a's lines all OK",
          "%d OK, rc %d %r" % (oks, rc, err))
    rc, out, err, _ = run(["-c", "--warn", "-k", "k32", "SUMS"])
    check(rc == 0 and out.decode().count(": OK\n") == 9 and
          "SUMS: 10: improperly formatted" in err,
          "-c without -a: tagged lines OK, the untagged one improper", err)
    rc, out, err, _ = run(["-c", "--strict", "-k", "k32", "SUMS"])
    check(rc == 1, "-c --strict without -a: the untagged line fails")
    # a digest changed in its last bit: that line fails, the others pass
    lines = tagged.splitlines(keepends=True)
    bad = lines[4]
    last = bad.rstrip(b"\n")[-1:]
    lines[4] = bad.rstrip(b"\n")[:-1] + b"%x" % (int(last, 16) ^ 1) + b"\n"
    with open("SUMS2", "wb") as f:
        f.write(b"".join(lines))
    rc, out, err, _ = run(["-c", "-k", "k32", "SUMS2"])
    check(rc == 1 and out.decode().count(": OK\n") == 8 and out.count(b": FAILED\n") == 1 and
          "1 computed checksum did NOT match" in err, "-c: one changed bit fails its line", out)
    # an algorithm that refuses the run's key: its lines fail, said once
    with open("SUMS3", "wb") as f:
        f.write(tagged + b"NHPOLY1305 (f1) = " + b"00" * 16 + b"\n")
    rc, out, err, _ = run(["-c", "-k", "k32", "SUMS3"])
    check(rc == 1 and out.endswith(b"f1: FAILED hashing\n") and
          err.count("nhpoly1305 rejected the 32-byte key from k32") == 1,
          "-c: a line whose algorithm refuses the key fails", err)
    # tags are case-insensitive; a driver name or an unknown name is no tag
    low = tagged.replace(b"HIGHWAYHASH64 (", b"highwayhash64 (")
    for what, text, ok in (("lower-case tag", low, True),
                           ("driver name as tag", lines[0].replace(b"HIGHWAYHASH64", b"HIGHWAYHASH64-GENERIC"), False),
                           ("unknown tag", lines[0].replace(b"HIGHWAYHASH64", b"SHA256"), False)):
        with open("SUMS4", "wb") as f:
            f.write(text)
        rc, out, err, _ = run(["-c", "-k", "k32", "SUMS4"])
        check((rc == 0) == ok, "-c: %s %s" % (what, "taken" if ok else "improper"), err)

    # ---- -z: NUL-terminated, names unescaped (sha256sum -z)
    rc, plain, _, _ = run(["-a", "highwayhash64", "-k", "k32", "f1"])
    rc, out, err, _ = run(["-a", "highwayhash64", "-k", "k32", "-z", "f1", odd])
    parts = out.split(b"\0")
    check(rc == 0 and len(parts) == 3 and parts[2] == b"" and
          parts[0] + b"\n" == plain and parts[1].endswith(b"  " + odd.encode()) and
          out.count(b"\n") == 1, "-z: NUL-terminated lines, names as they are", out)
    rc, out, err, _ = run(["-a", "highwayhash64", "-k", "k32", "-z", "--tag", odd])
    check(rc == 0 and out.startswith(b"HIGHWAYHASH64 (" + odd.encode() + b") = ") and
          out.endswith(b"\0") and out.count(b"\0") == 1, "-z --tag", out)
    for opt in ("-z", "--tag"):
        rc, out, err, _ = run(["-c", opt, "-k", "k32", "SUMS"])
        check(rc == 2 and err.startswith("khsum: "), "-c %s: a usage error" % opt, err)

    # ---- --version: the project's version (tools/version.sh)
    ver = subprocess.run(["sh", os.path.join(TOP, "tools/version.sh")], cwd=TOP,
                         check=True, capture_output=True, text=True).stdout.strip()
    rc, out, err, _ = run(["--version"])
    check(rc == 0 and out.decode().splitlines()[0] == "khsum (keyedhash) " + ver,
          "--version: khsum (keyedhash) %s" % ver, out)

    # ---- many files in one run (small ones hashed together by
    # keyedhash_digest_many()): the same lines, in the same order, as one
    # file per run; a missing file, standard input and files too long for
    # a batch between them; multimixer128 refusing some lengths
    names = []
    for i in range(40):
        n = "m%02d" % i
        with open(n, "wb") as f:
            f.write(os.urandom(i * 97 % 3000 if i % 5 else 32 * i))
        names.append(n)
    with open("m-long", "wb") as f:
        f.write(os.urandom(70000))
    with open("k64k", "wb") as f:
        f.write(os.urandom(65536))
    args = names[:13] + ["m-long", "nosuchfile", "-"] + names[13:] + ["f1", "f2"]
    for alg, key in (("highwayhash64", "k32"), ("highwayhash128", "k32"),
                     ("highwayhash256", "k32"), ("sthash", "k32"), ("multimixer128", "k64k")):
        with open("m07", "rb") as i:
            rc, out, err, _ = run(["-a", alg, "-k", key] + args, stdin=i)
        want_out, want_err, want_rc = b"", "", 0
        for n in args:
            with open("m07" if n == "-" else os.devnull, "rb") as i:
                r1, o1, e1, _ = run(["-a", alg, "-k", key, n], stdin=i)
            want_out += o1
            want_err += e1
            want_rc |= r1
        check(rc == want_rc and out == want_out and err == want_err and
              len(out.splitlines()) + len(err.splitlines()) == len(args),
              "%s: %d files in one run as one per run" % (alg, len(args)),
              "rc %d/%d, out %s, err %s" % (rc, want_rc, out == want_out, err == want_err))

    # ---- every error line says khsum:, never the binary's path
    path = os.path.abspath(KHSUM)
    for args in (["--nosuch"], ["-x"], ["-k"], ["-a"], ["-a", "sthash"],
                 ["-a", "sthash", "-k", "k32", "-k", "k32"], ["-k", "k32", "f1"],
                 ["-a", "nosuch", "-k", "k32", "f1"], ["-a", "sthash", "-k", "nosuchkey"],
                 ["-a", "sthash", "-k", "k32", "nosuchfile"], ["--quiet", "-a", "sthash", "-k", "k32"],
                 ["-c", "-a", "sthash", "-k", "k32", "nosuchsums"]):
        rc, out, err, _ = run(args)
        lines = err.splitlines()
        check(rc != 0 and lines and path not in err and
              all(ln.startswith("khsum: ") or ln == "Try 'khsum --help'." for ln in lines),
              "errors of khsum %s start with khsum:" % " ".join(args), repr(err))

    os.chdir("/")
    subprocess.run(["rm", "-rf", d])
    if fails:
        print("khsum-cli: %d of %d checks failed" % (fails, checks))
        return 1
    print("khsum-cli: %d checks passed: keys read only to one byte past the longest "
          "(/dev/zero, 8 GiB, endless stdin and hex, peak RSS < %d MiB), --key-hex, --tag "
          "and -c on mixed algorithms, -z, --version, khsum: on every error" %
          (checks, MAXRSS_KIB >> 10))
    return 0


if __name__ == "__main__":
    sys.exit(main())

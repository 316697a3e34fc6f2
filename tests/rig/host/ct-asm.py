#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The constant-time argument for the assembly, checked (docs/reliability.md).

In every arch/x86/*.S and arch/arm64/*.S, secret bytes (key, state,
message) may only ever be in vector (and x86 mask) registers and memory:
no instruction may bring a byte from memory or from a vector/mask register
into a general-purpose register or into the flags.  Then every general
register holds what the caller passed (pointers, lengths, counts),
constants, or arithmetic on those, and so every branch condition and every
load or store address is public.  Also refused: instructions whose timing
or addresses depend on vector data (gathers, scatters, compress/expand,
division, square roots).  Loads of constants (x86 %rip-relative) are
allowed.

    ct-asm.py [--self-test] [TOP]

--self-test: first feeds it lines that break each rule, which must all be
reported.  Prints one line per architecture, exit status 1 on a finding.
"""
import os
import re
import sys

X86_GPR = re.compile(r'^%(r[a-z0-9]+|e[a-z]{2}|[a-d][xlh]|[sd]il?|[sb]pl?)$')
X86_FORBIDDEN = re.compile(
    r'^(v?p?gather|v?p?scatter|vpcompress|vcompress|vpexpand|vexpand|i?div|'
    r'vdiv|vsqrt|sqrt|kortest|ktest|v?ptest|vtestp|v?u?comis|v?pmovmsk|'
    r'v?movmsk|v?pextr|v?extractps|vpmov[a-z0-9]*2m|vcvt[a-z0-9]*2si|'
    r'v?cvtt?s[sd]2si)')
A64_FORBIDDEN = re.compile(r'^(umov|smov|fcmpe?|fccmpe?|sdiv|udiv|fdiv|fsqrt)\b')
A64_GPR = re.compile(r'^[xw]([0-9]+|zr)$|^sp$')
A64_LOAD = re.compile(r'^ld(r|ur|p|nr|xr|axr|ar|apr)[a-z]*$')


def strip_comments(text, arch):
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
    out = []
    for line in text.split('\n'):
        if arch == 'arm64':
            line = line.split('//')[0]
        out.append(line)
    return out


def split_operands(s):
    ops, depth, cur = [], 0, ''
    for ch in s:
        if ch in '([{':
            depth += 1
        elif ch in ')]}':
            depth -= 1
        if ch == ',' and depth == 0:
            ops.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def defines(lines):
    d = {}
    for line in lines:
        m = re.match(r'^\s*#\s*define\s+(\w+)\s+(\S+)\s*$', line)
        if m:
            d[m.group(1)] = m.group(2)
    return d


def resolve(op, d):
    for _ in range(4):
        op = re.sub(r'\b([A-Z_][A-Z0-9_]*)\b', lambda m: d.get(m.group(1), m.group(1)), op)
    return op


def instructions(lines):
    """(line number, mnemonic, operand string) of each instruction line."""
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if not s or s.startswith('#') or s.startswith('.'):
            continue
        s = re.sub(r'^([\w.]+:\s*)+', '', s)        # labels (also "1:")
        if not s or s.startswith('.'):
            continue
        parts = s.split(None, 1)
        mn = parts[0].lower()
        if mn.isupper() or re.match(r'^[A-Z_]+$', parts[0]):
            continue                                # a macro use (checked where defined)
        if mn.endswith(')') or '(' in mn:
            continue                                # SYM_FUNC_START(...) and the like
        yield n, mn, parts[1] if len(parts) > 1 else ''


def check_x86(lines):
    d = defines(lines)
    bad = []
    count = 0
    for n, mn, rest in instructions(lines):
        count += 1
        ops = [resolve(o, d) for o in split_operands(rest)]
        gpr = [X86_GPR.match(o.split('{')[0]) is not None for o in ops]
        mem = ['(' in o and '%rip' not in o and not o.startswith('$') for o in ops]
        if X86_FORBIDDEN.match(mn):
            bad.append((n, mn, 'data-dependent instruction or vector data into flags/GPR'))
        elif mn.startswith('kmov') and ops and gpr[-1]:
            bad.append((n, mn, 'mask register into a general register'))
        elif re.match(r'^v?mov[dq]$', mn) and ops and gpr[-1] and not gpr[0]:
            bad.append((n, mn, 'vector register or memory into a general register'))
        elif not mn.startswith(('v', 'k')) and mn != 'lea' and any(mem):
            # a plain store of a general register is fine (mov %reg, mem)
            store = mn.startswith('mov') and len(ops) == 2 and mem[1] and not mem[0]
            if not store:
                bad.append((n, mn, 'memory read into a general register or the flags'))
    return count, bad


def check_arm64(lines):
    d = defines(lines)
    bad = []
    count = 0
    for n, mn, rest in instructions(lines):
        count += 1
        ops = [resolve(o, d) for o in split_operands(rest)]
        if A64_FORBIDDEN.match(mn):
            bad.append((n, mn, 'vector data into a general register/flags, or variable time'))
        elif mn in ('mov', 'fmov') and len(ops) == 2 and A64_GPR.match(ops[0]) and \
                not A64_GPR.match(ops[1]) and not ops[1].startswith('#'):
            bad.append((n, mn, 'vector/FP register into a general register'))
        elif A64_LOAD.match(mn) and ops and A64_GPR.match(ops[0]) and \
                not (len(ops) > 1 and ops[1].startswith('=')):
            bad.append((n, mn, 'memory read into a general register'))
    return count, bad


def self_test():
    x86_bad = ['vmovq %xmm0, %rax', 'vmovd %xmm1, %eax', 'mov (%rsi), %rax',
               'add 8(%rdi), %rcx', 'cmpb $0, (%rdx)', 'kmovw %k1, %eax',
               'vpgatherdd %ymm1, (%rsi,%ymm2,4), %ymm0', 'vptest %ymm0, %ymm0',
               'vpextrq $1, %xmm0, %rax', 'vpmovmskb %ymm0, %eax', 'div %rcx']
    a64_bad = ['umov w0, v1.s[0]', 'mov x0, v1.d[1]', 'fmov x0, d1', 'ldr x3, [x1]',
               'ldrb w2, [x1, #4]', 'ldp x2, x3, [x0]', 'fcmp d0, d1', 'udiv x0, x1, x2']
    x86_ok = ['vmovdqu (%rsi), %ymm0', 'vmovd %r8d, %xmm2', 'kmovw %eax, %k1',
              'mov %rax, 8(%rdi)', 'lea .Lrc(%rip), %rsi', 'vpaddq 0x20(%rdi), %ymm1, %ymm1',
              'cmp $0x40, %rdx', 'vmovdqa .Lp(%rip), %ymm3', 'sub $4, %rcx']
    a64_ok = ['ld1 {v0.16b}, [x1], #16', 'fmov d24, x9', 'mov v24.d[1], x10',
              'mov x8, #16', 'subs x2, x2, #64', 'tbl v0.16b, {v1.16b}, v2.16b']
    ok = True
    for snippets, fn, want in ((x86_bad, check_x86, 1), (a64_bad, check_arm64, 1),
                               (x86_ok, check_x86, 0), (a64_ok, check_arm64, 0)):
        for s in snippets:
            got = len(fn(['\t' + s])[1])
            if got != want:
                print(f'ct-asm: self-test: {s!r}: {got} findings, {want} expected')
                ok = False
    return ok, len(x86_bad) + len(a64_bad)


def main():
    args = sys.argv[1:]
    st = '--self-test' in args
    args = [a for a in args if a != '--self-test']
    top = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..')
    fail = False
    prefix = ''
    if st:
        ok, n = self_test()
        if not ok:
            print('ct-asm: the self-test failed: the checker misses a rule')
            return 1
        prefix = f' (self-test: all {n} rule-breaking lines reported)'
    summary = []
    for arch, fn, comment in (('x86', check_x86, 'x86'), ('arm64', check_arm64, 'arm64')):
        d = os.path.join(top, 'arch', arch)
        files = sorted(f for f in os.listdir(d) if f.endswith('.S'))
        total = 0
        for f in files:
            with open(os.path.join(d, f)) as fh:
                lines = strip_comments(fh.read(), comment)
            count, bad = fn(lines)
            total += count
            for n, mn, why in bad:
                print(f'ct-asm: arch/{arch}/{f}:{n}: {mn}: {why}')
                fail = True
        if not files or not total:
            print(f'ct-asm: no instructions found in arch/{arch}/*.S')
            fail = True
        summary.append(f'{arch} {len(files)} files, {total} instructions')
    if fail:
        print('ct-asm: a secret may reach a general register, the flags or an address (above)')
        return 1
    print('ct-asm: ' + '; '.join(summary) +
          ': no memory or vector data into a general register or the flags, '
          'no gather/scatter/division' + prefix)
    return 0


if __name__ == '__main__':
    sys.exit(main())

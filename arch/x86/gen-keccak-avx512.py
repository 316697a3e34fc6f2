#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Generate arch/x86/keccak-avx512.S (Keccak-f[1600], AVX-512F).

The state is kept in one of five "layouts" c = 0, 3, 2, 4, 1: logical
register r, qword p holds lane (x = p, y = r + c*p mod 5).  Layout 0 is
plain rows.  Theta (column parities) and chi (x + 1, x + 2 neighbours, in
register r - c, r - 2c) work in every layout; pi maps layout c != 0 to
layout c' = 3 + 2/c with each output register a lane permutation of one
input register, so pi and chi together are three vpermq per register.
From layout 0 pi needs a transposition (every fifth round).  24 rounds end
in layout 1, which is turned back into rows by masked blends.

  arch/x86/gen-keccak-avx512.py > arch/x86/keccak-avx512.S
"""
import sys

INV = {1: 1, 2: 3, 3: 2, 4: 4}
RHO_ROWS = [[0, 1, 62, 28, 27], [36, 44, 6, 55, 20], [3, 10, 43, 25, 39],
            [41, 45, 15, 21, 8], [18, 2, 61, 56, 14]]
RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808a,
      0x8000000080008000, 0x000000000000808b, 0x0000000080000001,
      0x8000000080008081, 0x8000000000008009, 0x000000000000008a,
      0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
      0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
      0x8000000000008003, 0x8000000000008002, 0x8000000000000080,
      0x000000000000800a, 0x800000008000000a, 0x8000000080008081,
      0x8000000000008080, 0x0000000080000001, 0x8000000080008008]

out = []


def emit(s=''):
    out.append(s)


def next_layout(c):
    return 3 if c == 0 else (3 + 2 * INV[c]) % 5


SET = {'A': ['%%zmm%d' % i for i in range(0, 5)],
       'B': ['%%zmm%d' % i for i in range(5, 10)]}
C, T1, T2 = '%zmm10', '%zmm11', '%zmm12'
R = {1: '%zmm16', 2: '%zmm17', 3: '%zmm18', 4: '%zmm19'}
BC = ['%%zmm%d' % i for i in range(20, 25)]
POOL = ['%%zmm%d' % i for i in range(25, 32)]
LANE_K = ['%k1', '%k2', '%k3', '%k4', '%k5']   # single lane 0..4

idx_tables = {}     # name -> 8 qwords


def idx_name(c, Rr, k):
    return '.Lidx_%d_%d_%d' % (c, Rr, k)


def theta_rho(S, c):
    emit('\t/* theta */')
    emit('\tvmovdqa64\t%s, %s' % (S[0], C))
    emit('\tvpternlogq\t$0x96, %s, %s, %s' % (S[2], S[1], C))
    emit('\tvpternlogq\t$0x96, %s, %s, %s' % (S[4], S[3], C))
    emit('\tvpermq\t\t%s, %s, %s\t\t/* C[x - 1] */' % (C, R[4], T1))
    emit('\tvpermq\t\t%s, %s, %s\t\t/* C[x + 1] */' % (C, R[1], T2))
    emit('\tvprolq\t\t$1, %s, %s' % (T2, T2))
    for r in range(5):
        emit('\tvpternlogq\t$0x96, %s, %s, %s' % (T2, T1, S[r]))
    emit('\t/* rho */')
    for r in range(5):
        emit('\tvprolvq\t\t.Lrho_%d + %d(%%rip), %s, %s' % (c, 64 * r, S[r], S[r]))


def iota(T0):
    emit('\t/* iota */')
    emit('\tvpxorq\t\t(RC){1to8}, %s, %s{%%k1}' % (T0, T0))
    emit('\tadd\t\t$8, RC')


def cheap_round(S, T, c):
    cn = next_layout(c)
    emit('\t/* round from layout %d to layout %d */' % (c, cn))
    theta_rho(S, c)
    emit('\t/* pi and chi: three lane permutations per output register */')
    pool = 0
    for Rr in range(5):
        regs = []
        for k in range(3):
            r = (k * (1 - c) - 3 * c * Rr) % 5
            idx = [(3 * Rr + k + (1 + 3 * cn) * P) % 5 for P in range(5)] + [5, 6, 7]
            dst = [T[Rr], T1, T2][k]
            if idx == list(range(8)):
                if k == 0:
                    emit('\tvmovdqa64\t%s, %s' % (S[r], dst))
                    regs.append(dst)
                else:
                    regs.append(S[r])
                continue
            name = idx_name(c, Rr, k)
            idx_tables[name] = idx
            ireg = POOL[pool % len(POOL)]
            pool += 1
            emit('\tvmovdqa64\t%s(%%rip), %s' % (name, ireg))
            emit('\tvpermq\t\t%s, %s, %s' % (S[r], ireg, dst))
            regs.append(dst)
        emit('\tvpternlogq\t$0xd2, %s, %s, %s' % (regs[2], regs[1], regs[0]))


def transpose_round(S, T):
    emit('\t/* round from layout 0 (rows) to layout 3 */')
    theta_rho(S, 0)
    emit('\t/*')
    emit('\t * pi: column j of the rows is output register 2j.  Skew row P')
    emit('\t * down by P lanes, blend the diagonals: B_d, lane L = row L - d,')
    emit('\t * lane d, i.e. column d rotated up by d lanes.')
    emit('\t */')
    for P in range(1, 5):
        emit('\tvpermq\t\t%s, %s, %s' % (S[P], R[5 - P], S[P]))
    Bd = [C, T1, T2, POOL[0], POOL[1]]
    for d in range(5):
        src = [S[(L - d) % 5] for L in range(5)]
        emit('\tvpblendmq\t%s, %s, %s{%%k2}' % (src[1], src[0], Bd[d]))
        for L in range(2, 5):
            emit('\tvmovdqa64\t%s, %s{%s}' % (src[L], Bd[d], LANE_K[L]))
    emit('\t/* chi: operand k of output R is B[3R + k] rotated by 3R + 2k */')
    tmp = [S[0], S[1], S[2], S[3], S[4], POOL[2], POOL[3], POOL[4], POOL[5],
           POOL[6]]
    t = 0
    for Rr in range(5):
        regs = []
        for k in range(3):
            j = (3 * Rr + k) % 5
            rot = (3 * Rr + 2 * k) % 5
            if k == 0:
                dst = T[Rr]
                if rot == 0:
                    emit('\tvmovdqa64\t%s, %s' % (Bd[j], dst))
                else:
                    emit('\tvpermq\t\t%s, %s, %s' % (Bd[j], R[rot], dst))
                regs.append(dst)
            elif rot == 0:
                regs.append(Bd[j])
            else:
                dst = tmp[t]
                t += 1
                emit('\tvpermq\t\t%s, %s, %s' % (Bd[j], R[rot], dst))
                regs.append(dst)
        emit('\tvpternlogq\t$0xd2, %s, %s, %s' % (regs[2], regs[1], regs[0]))


def round_(S, T, c):
    if c == 0:
        transpose_round(S, T)
    else:
        cheap_round(S, T, c)
    iota(T[0])


def q(vals):
    return '\t.quad\t' + ', '.join(str(v) for v in vals)


def main():
    emit('/* SPDX-License-Identifier: GPL-2.0 */')
    emit('/*')
    emit(' * Keccak-f[1600], x86_64 AVX-512F: STHash\'s one permutation per')
    emit(' * message (its KMAC128 output step).  Generated by')
    emit(' * arch/x86/gen-keccak-avx512.py, which explains the layouts: register r,')
    emit(' * qword p holds lane (x = p, y = r + c*p mod 5) in layout c.  Theta,')
    emit(' * rho and chi work in any layout; from layout c != 0, pi leads to')
    emit(' * layout 3 + 2/c and pi with chi takes three vpermq per output')
    emit(' * register (about 42 instructions a round); every fifth round starts')
    emit(' * from rows (layout 0), where pi is a transposition (skew, blends).')
    emit(' */')
    emit()
    emit('#include <linux/linkage.h>')
    emit()
    emit('#define STATE\t%rdi')
    emit('#define RC\t%rsi')
    emit('#define GROUPS\t%ecx')
    emit()
    emit('.text')
    emit()
    body = []
    emit('/* void kh_keccakf1600_avx512(u64 st[25]) */')
    emit('SYM_FUNC_START(kh_keccakf1600_avx512)')
    for i, m in enumerate([0x1f, 1, 2, 4, 8, 16]):
        k = '%%k%d' % (6 if i == 0 else i)
        emit('\tmov\t\t$0x%02x, %%eax' % m)
        emit('\tkmovw\t\t%%eax, %s' % k)
    A = SET['A']
    B = SET['B']
    for y in range(5):
        emit('\tvmovdqu64\t0x%02x(STATE), %s{%%k6}{z}' % (40 * y, A[y]))
    for k in range(1, 5):
        emit('\tvmovdqa64\t.Lrot + %d(%%rip), %s' % (64 * (k - 1), R[k]))
    emit('\tlea\t\t.Lrc(%rip), RC')
    emit('\tmov\t\t$4, GROUPS')
    emit('.Lgroup:')
    # five rounds: layouts 0 -> 3 -> 2 -> 4 -> 1 -> 0, A B A B A B
    c = 0
    sets = [A, B]
    for i in range(5):
        round_(sets[i % 2], sets[(i + 1) % 2], c)
        c = next_layout(c)
    assert c == 0
    emit('\t/* the group ends in B: back to A */')
    for r in range(5):
        emit('\tvmovdqa64\t%s, %s' % (B[r], A[r]))
    emit('\tdec\t\tGROUPS')
    emit('\tjnz\t\t.Lgroup')
    emit()
    emit('\t/* rounds 20..23: layouts 0 -> 3 -> 2 -> 4 -> 1 */')
    for i in range(4):
        round_(sets[i % 2], sets[(i + 1) % 2], c)
        c = next_layout(c)
    assert c == 1
    emit('\t/* layout 1 back to rows: row y, lane x is register y - x, lane x */')
    for y in range(5):
        src = [A[(y - x) % 5] for x in range(5)]
        emit('\tvpblendmq\t%s, %s, %s{%%k2}' % (src[1], src[0], B[y]))
        for x in range(2, 5):
            emit('\tvmovdqa64\t%s, %s{%s}' % (src[x], B[y], LANE_K[x]))
    for y in range(5):
        emit('\tvmovdqu64\t%s, 0x%02x(STATE){%%k6}' % (B[y], 40 * y))
    emit('\tvzeroupper')
    emit('\tRET')
    emit('SYM_FUNC_END(kh_keccakf1600_avx512)')
    emit()
    emit('.section .rodata, "a"')
    emit('.align 64')
    emit('/* lane rotations: qword p <- p + k (mod 5), k = 1..4 */')
    emit('.Lrot:')
    for k in range(1, 5):
        emit(q([(p + k) % 5 for p in range(5)] + [5, 6, 7]))
    emit('/* rho rotation counts per layout and register */')
    for c in range(5):
        emit('.Lrho_%d:' % c)
        for r in range(5):
            emit(q([RHO_ROWS[(r + c * p) % 5][p] for p in range(5)] + [0, 0, 0]))
    emit('/* pi and chi: source qword of each output qword */')
    for name in sorted(idx_tables):
        emit('%s:' % name)
        emit(q(idx_tables[name]))
    emit('.align 8')
    emit('.Lrc:')
    for i in range(0, 24, 2):
        emit('\t.quad\t0x%016x, 0x%016x' % (RC[i], RC[i + 1]))
    sys.stdout.write('\n'.join(out) + '\n')


main()

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Usage: ibt.sh MODULE.ko [OBJDUMP]
#        ibt.sh --nop-endbr FUNC MODULE.ko OUT.ko    (write a mutant)
#        ibt.sh --seal-endbr FUNC MODULE.ko OUT.ko   (write a mutant)
#
# Indirect branch tracking (CET IBT, CONFIG_X86_KERNEL_IBT: Debian's 6.12
# and 7.x x86_64 kernels): an indirect call or jump that lands anywhere but
# on an ENDBR64 is a fatal control-protection fault.  This reads the built
# x86_64 module and finds every text address that the code could reach
# indirectly, i.e. whose address is taken:
#
#  - relocations from data sections (the shash_alg tables
#    tables in .rodata and .data, init_module/cleanup_module in
#    .gnu.linkonce.this_module, __ksymtab, ...) that point into text,
#    except the kernel's metadata sections, which list code locations
#    without ever branching to them (ORC, __mcount_loc, __bug_table, the
#    objtool site lists, ...);
#  - relocations in text that are not the target of a direct call, jmp or
#    jcc (lea func(%rip), mov $func, ...);
#
# and requires an endbr64 at each.  It also requires that none of them is
# in .ibt_endbr_seal: objtool lists there the ENDBRs it found unused, and
# the kernel overwrites those with a NOP when it loads the module.
# Prints each address-taken function; exits 1 if one lacks ENDBR64 (or is
# sealed), 2 if the module has no address-taken function at all (then it
# is not this module, or the parsing broke) or cannot be read.
set -euo pipefail
mutate=() objdump=${2:-objdump}
case $1 in
--nop-endbr|--seal-endbr)	# the check's own tests: a copy of the module
	# whose FUNC has a NOP where its endbr64 was, or whose endbr64 is
	# listed in .ibt_endbr_seal
	mutate=("$1" "$2" "$4")
	set -- "$3"
	objdump=objdump ;;
esac
ko=$1
[ -f "$ko" ] || { echo "ibt.sh: no such file: $ko"; exit 2; }
dis=$(mktemp)
trap 'rm -f "$dis"' EXIT
# every executable section, one instruction a line (--insn-width: never
# wrapped), with section headers
"$objdump" -d --insn-width=16 "$ko" > "$dis" || { echo "ibt.sh: $objdump cannot read $ko"; exit 2; }
python3 - "$ko" "$dis" "${mutate[@]}" <<'EOF'
import bisect
import re
import struct
import sys

ko, dis = sys.argv[1], sys.argv[2]
data = open(ko, 'rb').read()
if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
    print(f'ibt.sh: {ko}: not a little-endian ELF64 file')
    sys.exit(2)
if struct.unpack_from('<H', data, 18)[0] != 62:
    print(f'ibt.sh: {ko}: not x86_64')
    sys.exit(2)

shoff, = struct.unpack_from('<Q', data, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
secs = []
for i in range(shnum):
    (name, typ, flags, addr, off, size, link, info, align,
     entsize) = struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
    secs.append(dict(name=name, type=typ, flags=flags, off=off, size=size,
                     link=link, info=info, entsize=entsize))


def cstr(off):
    return data[off:data.index(b'\0', off)].decode()


strtab_off = secs[shstrndx]['off']
for s in secs:
    s['name'] = cstr(strtab_off + s['name'])

SHF_EXECINSTR = 4
SHT_SYMTAB, SHT_RELA = 2, 4
symtab = next(s for s in secs if s['type'] == SHT_SYMTAB)
symstr = secs[symtab['link']]['off']
syms = []
for i in range(symtab['size'] // 24):
    name, info, other, shndx, value, size = struct.unpack_from(
        '<IBBHQQ', data, symtab['off'] + 24 * i)
    syms.append(dict(name=cstr(symstr + name), type=info & 15, shndx=shndx,
                     value=value, size=size))


def is_text(idx):
    return 0 < idx < len(secs) and secs[idx]['flags'] & SHF_EXECINSTR


# the functions, to name what an address belongs to
# (STT_FUNC, or STT_NOTYPE as assembly's SYM_CODE_START() leaves them)
funcs = {}
for s in syms:
    if s['type'] in (0, 2) and s['name'] and is_text(s['shndx']):
        funcs.setdefault(s['shndx'], []).append((s['value'], s['size'], s['name'], s['type']))
for v in funcs.values():
    v.sort(key=lambda f: (f[0], -f[3]))


def where(sec, off):
    for start, size, name, _ in funcs.get(sec, []):
        if start <= off < start + max(size, 1):
            return name + (f'+{off - start:#x}' if off != start else '')
    return f'{secs[sec]["name"]}+{off:#x}'


if len(sys.argv) > 3:	# the mutants: --nop-endbr/--seal-endbr FUNC OUT
    how, func, out = sys.argv[3:6]
    hits = [(i, f[0]) for i, v in funcs.items() for f in v if f[2] == func]
    if len(hits) != 1:
        print(f'ibt.sh: {func}: {len(hits)} symbols of that name')
        sys.exit(2)
    fsec, fval = hits[0]
    pos = secs[fsec]['off'] + fval
    if data[pos:pos + 4] != b'\xf3\x0f\x1e\xfa':
        print(f'ibt.sh: {func} does not start with endbr64 to begin with')
        sys.exit(2)
    if how == '--nop-endbr':
        open(out, 'wb').write(data[:pos] + b'\x0f\x1f\x40\x00' + data[pos + 4:])
        print(f'ibt.sh: {out}: {func} starts with a 4-byte NOP instead of endbr64')
        sys.exit(0)
    # --seal-endbr: the first seal list entry against FUNC's section now
    # names FUNC's endbr64, as if objtool had found it unused
    for rs in secs:
        if rs['type'] != SHT_RELA or secs[rs['info']]['name'] != '.ibt_endbr_seal':
            continue
        for i in range(rs['size'] // 24):
            at = rs['off'] + 24 * i
            r_off, r_info, addend = struct.unpack_from('<QQq', data, at)
            sym = syms[r_info >> 32]
            if sym['type'] == 3 and sym['shndx'] == fsec:	# STT_SECTION
                new = struct.pack('<QQq', r_off, r_info, fval)
                open(out, 'wb').write(data[:at] + new + data[at + 24:])
                print(f'ibt.sh: {out}: {func}\'s endbr64 listed in .ibt_endbr_seal')
                sys.exit(0)
    print(f'ibt.sh: {ko}: no .ibt_endbr_seal entry against the section of {func}')
    sys.exit(2)


# instructions of each text section: offset -> (length, mnemonic)
insns = {}
byname = {s['name']: i for i, s in enumerate(secs)}
cur = None
PREFIX = re.compile(r'^(notrack|bnd|cs|ds|es|ss|data16|addr32|lock|rep\w*|rex\S*)$')
for line in open(dis):
    m = re.match(r'^Disassembly of section (\S+):$', line)
    if m:
        cur = insns.setdefault(byname[m.group(1)], {})
        continue
    f = line.rstrip('\n').split('\t')
    m = re.match(r'^\s*([0-9a-f]+):$', f[0])
    if not m or cur is None or len(f) < 2:
        continue
    words = f[2].split() if len(f) > 2 else []
    while len(words) > 1 and PREFIX.match(words[0]):
        words.pop(0)
    cur[int(m.group(1), 16)] = (len(f[1].split()), words[0] if words else '')
starts = {k: sorted(v) for k, v in insns.items()}


def insn_at(sec, off):
    """The instruction of text section @sec that contains byte @off."""
    st = starts.get(sec, [])
    i = bisect.bisect_right(st, off) - 1
    if i < 0:
        return None
    length, mnem = insns[sec][st[i]]
    return (st[i], length, mnem) if off < st[i] + length else None


# Sections whose references to code are locations, not branch targets:
# unwind data, tracing and patching site lists, bug/exception tables,
# debug info, and the seal list itself (checked separately below).
META = re.compile(r'^(\.debug_.*|\.discard\..*|\.orc_unwind_ip|\.orc_unwind'
                  r'|__mcount_loc|__patchable_function_entries'
                  r'|\.(retpoline|return|call|static_call)_sites'
                  r'|\.ibt_endbr_seal|__bug_table|__ex_table|__jump_table'
                  r'|\.altinstructions|\.smp_locks|\.kcfi_traps'
                  r'|_error_injection_whitelist|_kprobe_blacklist'
                  r'|__tracepoints|\.BTF.*)$')
ABS = {1: 'R_X86_64_64', 10: 'R_X86_64_32', 11: 'R_X86_64_32S'}
PCREL = {2: 'R_X86_64_PC32', 4: 'R_X86_64_PLT32', 24: 'R_X86_64_PC64'}
BRANCH = re.compile(r'^(call|jmp|j[a-z]{1,3})[lqw]?$')
ENDBR64 = b'\xf3\x0f\x1e\xfa'

taken = {}	# (section, offset) -> the first place that takes it
sealed = set()
for rs in secs:
    if rs['type'] != SHT_RELA:
        continue
    tsec = rs['info']
    src = secs[tsec]['name']
    for i in range(rs['size'] // 24):
        r_off, r_info, addend = struct.unpack_from('<QQq', data, rs['off'] + 24 * i)
        sym = syms[r_info >> 32]
        rtype = r_info & 0xffffffff
        if not is_text(sym['shndx']):
            continue
        target = sym['value'] + addend
        if src == '.ibt_endbr_seal':
            sealed.add((sym['shndx'], target))
            continue
        if META.match(src):
            continue
        if rtype not in ABS and rtype not in PCREL:
            print(f'FAIL: {src}+{r_off:#x}: relocation type {rtype} to code not understood')
            taken.setdefault((sym['shndx'], None), f'{src}+{r_off:#x}')
            continue
        if is_text(tsec):
            ins = insn_at(tsec, r_off)
            if ins is None:
                print(f'FAIL: {where(tsec, r_off)}: relocation outside any instruction')
                taken.setdefault((sym['shndx'], None), where(tsec, r_off))
                continue
            start, length, mnem = ins
            # a direct call/jmp/jcc: its rel32 ends the instruction
            if BRANCH.match(mnem) and rtype in PCREL and r_off + 4 == start + length:
                continue
            if rtype in PCREL:	# relative to the end of the instruction
                target += start + length - r_off
            taken.setdefault((sym['shndx'], target), where(tsec, r_off))
        else:
            taken.setdefault((sym['shndx'], target), f'{src}+{r_off:#x}')

if not taken:
    print(f'ibt.sh: {ko}: no address-taken code found (not the module? parsing broken?)')
    sys.exit(2)
bad = 0
for (sec, off), by in sorted(taken.items(), key=lambda t: (t[0][0], t[0][1] or 0)):
    if off is None:
        bad += 1
        continue
    s = secs[sec]
    head = data[s['off'] + off:s['off'] + off + 4] if 0 <= off <= s['size'] - 4 else b''
    name = where(sec, off)
    if head != ENDBR64:
        print(f'FAIL: {name}: address taken ({by}) but it does not start with endbr64')
        bad += 1
    elif (sec, off) in sealed:
        print(f'FAIL: {name}: address taken ({by}) but its endbr64 is in .ibt_endbr_seal')
        bad += 1
    else:
        print(f'  endbr64: {name} (address taken by {by})')
print(f'ibt.sh: {len(taken)} address-taken code locations, {bad} without a usable endbr64')
sys.exit(1 if bad else 0)
EOF

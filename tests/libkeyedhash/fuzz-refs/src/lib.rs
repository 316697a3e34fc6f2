// SPDX-License-Identifier: GPL-2.0
//! The fuzz target's references: C entry points over the `highway`,
//! `sthash` and `multimixer-128` crates (tests/libkeyedhash/fuzz.c).  Each computes
//! one digest in one call; a return of -1 means the crate refuses the
//! input (the caller then expects keyedhash to refuse it too, or knows why
//! not).

use highway::{HighwayHash, Key, PortableHash};
use std::slice;

unsafe fn bytes<'a>(p: *const u8, n: usize) -> &'a [u8] {
    if n == 0 {
        &[]
    } else {
        slice::from_raw_parts(p, n)
    }
}

/// HighwayHash-64/128/256 (`bits`) of `msg` under the 32-byte `key`, with
/// the crate's portable implementation, fed in pieces of the sizes in
/// `cuts` (`ncuts` of them, then the rest): its own streaming.
#[no_mangle]
pub unsafe extern "C" fn khref_highwayhash(
    bits: u32,
    key: *const u8,
    msg: *const u8,
    len: usize,
    cuts: *const usize,
    ncuts: usize,
    out: *mut u8,
) -> i32 {
    let k = bytes(key, 32);
    let mut w = [0u64; 4];
    for (i, x) in w.iter_mut().enumerate() {
        *x = u64::from_le_bytes(k[8 * i..8 * i + 8].try_into().unwrap());
    }
    let mut h = PortableHash::new(Key(w));
    let m = bytes(msg, len);
    let mut pos = 0usize;
    let cuts: &[usize] = if ncuts == 0 {
        &[]
    } else {
        slice::from_raw_parts(cuts, ncuts)
    };
    for &c in cuts {
        let n = c.min(len - pos);
        h.append(&m[pos..pos + n]);
        pos += n;
    }
    h.append(&m[pos..]);
    let (words, n): ([u64; 4], usize) = match bits {
        64 => ([h.finalize64(), 0, 0, 0], 1),
        128 => {
            let r = h.finalize128();
            ([r[0], r[1], 0, 0], 2)
        }
        256 => (h.finalize256(), 4),
        _ => return -1,
    };
    let o = slice::from_raw_parts_mut(out, 8 * n);
    for i in 0..n {
        o[8 * i..8 * i + 8].copy_from_slice(&words[i].to_le_bytes());
    }
    0
}

/// STHash of `msg`: `Hasher::new(Key::from_seed(seed, c1), c2)`, an empty
/// personalization passed as None.  -1 for a seed the crate refuses.
#[no_mangle]
pub unsafe extern "C" fn khref_sthash(
    seed: *const u8,
    seed_len: usize,
    c1: *const u8,
    c1_len: usize,
    c2: *const u8,
    c2_len: usize,
    msg: *const u8,
    len: usize,
    out: *mut u8,
) -> i32 {
    if seed_len < sthash::MIN_SEED_BYTES {
        return -1;
    }
    let c1 = if c1_len > 0 { Some(bytes(c1, c1_len)) } else { None };
    let c2 = if c2_len > 0 { Some(bytes(c2, c2_len)) } else { None };
    let key = sthash::Key::from_seed(bytes(seed, seed_len), c1);
    let h = sthash::Hasher::new(key, c2);
    let d = h.hash(bytes(msg, len));
    slice::from_raw_parts_mut(out, sthash::OUTPUT_BYTES).copy_from_slice(&d);
    0
}

/// Multimixer-128 of `msg` (`len` bytes, a non-zero multiple of 32) under
/// the first `len` bytes of `key` (the crate takes key and message of
/// the same length).  -1 for a length the crate cannot take.
#[no_mangle]
pub unsafe extern "C" fn khref_multimixer128(
    key: *const u8,
    msg: *const u8,
    len: usize,
    out: *mut u8,
) -> i32 {
    if len == 0 || len % multimixer_128::BLOCK_SIZE != 0 {
        return -1;
    }
    let o = &mut *(out as *mut [u8; multimixer_128::DIGEST_SIZE]);
    multimixer_128::multimixer_128(bytes(key, len), bytes(msg, len), o);
    0
}

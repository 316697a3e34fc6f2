// SPDX-License-Identifier: GPL-2.0
//! kbench Rust peers: C entry points over the `highway`, `sthash` and
//! `multimixer-128` crates.  Each algorithm has a `*_new` that does all key
//! work once (outside the timed loop) and returns an opaque handle, a
//! `*_hash` that computes one digest, and a `*_free`.

use std::ffi::{c_char, c_void};
use std::slice;

use highway::{HighwayHash, HighwayHasher, Key, PortableHash};

#[no_mangle]
pub extern "C" fn kbrs_abi_version() -> u32 {
    1
}

/// The build's target features, for the legend.
#[no_mangle]
pub extern "C" fn kbrs_target_desc() -> *const c_char {
    if cfg!(target_feature = "avx512f") {
        b"avx512f\0".as_ptr() as *const c_char
    } else if cfg!(target_feature = "avx2") {
        b"avx2\0".as_ptr() as *const c_char
    } else if cfg!(target_feature = "sse4.1") {
        b"sse4.1\0".as_ptr() as *const c_char
    } else if cfg!(target_arch = "aarch64") {
        b"aarch64\0".as_ptr() as *const c_char
    } else {
        b"baseline\0".as_ptr() as *const c_char
    }
}

unsafe fn bytes<'a>(p: *const u8, n: usize) -> &'a [u8] {
    if n == 0 {
        &[]
    } else {
        slice::from_raw_parts(p, n)
    }
}

// ---------------------------------------------------------------- HighwayHash

enum Hh {
    #[cfg(target_arch = "x86_64")]
    Avx(highway::AvxHash),
    Dispatch(HighwayHasher),
    Portable(PortableHash),
}

fn hh_run<H: HighwayHash>(h: H, bits: u32, msg: &[u8], out: &mut [u8]) {
    let words: ([u64; 4], usize) = match bits {
        64 => ([h.hash64(msg), 0, 0, 0], 1),
        128 => {
            let r = h.hash128(msg);
            ([r[0], r[1], 0, 0], 2)
        }
        _ => (h.hash256(msg), 4),
    };
    for i in 0..words.1 {
        out[8 * i..8 * i + 8].copy_from_slice(&words.0[i].to_le_bytes());
    }
}

/// kind 0: the fastest the CPU allows (`AvxHash` when AVX2 is detected at
/// run time, else the crate's `HighwayHasher` dispatch); kind 1:
/// `PortableHash` (scalar).  The keyed initial state is built here once and
/// cloned per message.  Returns NULL for an unknown kind.
#[no_mangle]
pub unsafe extern "C" fn kbrs_hh_new(kind: u32, key: *const u8) -> *mut c_void {
    let k = bytes(key, 32);
    let mut w = [0u64; 4];
    for (i, x) in w.iter_mut().enumerate() {
        *x = u64::from_le_bytes(k[8 * i..8 * i + 8].try_into().unwrap());
    }
    let key = Key(w);
    let h = match kind {
        0 => {
            #[cfg(target_arch = "x86_64")]
            {
                match highway::AvxHash::new(key) {
                    Some(a) => Hh::Avx(a),
                    None => Hh::Dispatch(HighwayHasher::new(key)),
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                Hh::Dispatch(HighwayHasher::new(key))
            }
        }
        1 => Hh::Portable(PortableHash::new(key)),
        _ => return std::ptr::null_mut(),
    };
    Box::into_raw(Box::new(h)) as *mut c_void
}

/// Which code path kbrs_hh_new() chose.
#[no_mangle]
pub unsafe extern "C" fn kbrs_hh_desc(h: *const c_void) -> *const c_char {
    match &*(h as *const Hh) {
        #[cfg(target_arch = "x86_64")]
        Hh::Avx(_) => b"AvxHash\0".as_ptr() as *const c_char,
        Hh::Dispatch(_) => b"HighwayHasher\0".as_ptr() as *const c_char,
        Hh::Portable(_) => b"PortableHash\0".as_ptr() as *const c_char,
    }
}

#[no_mangle]
pub unsafe extern "C" fn kbrs_hh_hash(
    h: *const c_void,
    bits: u32,
    msg: *const u8,
    len: usize,
    out: *mut u8,
) {
    let m = bytes(msg, len);
    let o = slice::from_raw_parts_mut(out, (bits / 8) as usize);
    match &*(h as *const Hh) {
        #[cfg(target_arch = "x86_64")]
        Hh::Avx(a) => hh_run(a.clone(), bits, m, o),
        Hh::Dispatch(d) => hh_run(d.clone(), bits, m, o),
        Hh::Portable(p) => hh_run(p.clone(), bits, m, o),
    }
}

#[no_mangle]
pub unsafe extern "C" fn kbrs_hh_free(h: *mut c_void) {
    drop(Box::from_raw(h as *mut Hh));
}

// --------------------------------------------------------------------- STHash

/// `Hasher::new(Key::from_seed(seed, c1), c2)`, once per key; an empty
/// personalization is passed as None (the crate treats both alike).
#[no_mangle]
pub unsafe extern "C" fn kbrs_sthash_new(
    seed: *const u8,
    seed_len: usize,
    c1: *const u8,
    c1_len: usize,
    c2: *const u8,
    c2_len: usize,
) -> *mut c_void {
    if seed_len < sthash::MIN_SEED_BYTES {
        return std::ptr::null_mut();
    }
    let c1 = if c1_len > 0 { Some(bytes(c1, c1_len)) } else { None };
    let c2 = if c2_len > 0 { Some(bytes(c2, c2_len)) } else { None };
    let key = sthash::Key::from_seed(bytes(seed, seed_len), c1);
    let h = sthash::Hasher::new(key, c2);
    Box::into_raw(Box::new(h)) as *mut c_void
}

#[no_mangle]
pub unsafe extern "C" fn kbrs_sthash_hash(
    h: *const c_void,
    msg: *const u8,
    len: usize,
    out: *mut u8,
) {
    let h = &*(h as *const sthash::Hasher);
    let d = h.hash(bytes(msg, len));
    slice::from_raw_parts_mut(out, sthash::OUTPUT_BYTES).copy_from_slice(&d);
}

#[no_mangle]
pub unsafe extern "C" fn kbrs_sthash_free(h: *mut c_void) {
    drop(Box::from_raw(h as *mut sthash::Hasher));
}

// ------------------------------------------------------------- Multimixer-128

/// The crate takes the key with every call; setup only keeps a copy of it.
/// Returns NULL unless the key is a non-empty multiple of 32 bytes.
#[no_mangle]
pub unsafe extern "C" fn kbrs_mm128_new(key: *const u8, key_len: usize) -> *mut c_void {
    if key_len == 0 || key_len % multimixer_128::BLOCK_SIZE != 0 {
        return std::ptr::null_mut();
    }
    let k: Vec<u8> = bytes(key, key_len).to_vec();
    Box::into_raw(Box::new(k)) as *mut c_void
}

/// The message must be exactly as long as the key (the crate's contract).
#[no_mangle]
pub unsafe extern "C" fn kbrs_mm128_hash(
    h: *const c_void,
    msg: *const u8,
    len: usize,
    out: *mut u8,
) {
    let key = &*(h as *const Vec<u8>);
    let o = &mut *(out as *mut [u8; multimixer_128::DIGEST_SIZE]);
    multimixer_128::multimixer_128(&key[..len], bytes(msg, len), o);
}

#[no_mangle]
pub unsafe extern "C" fn kbrs_mm128_free(h: *mut c_void) {
    drop(Box::from_raw(h as *mut Vec<u8>));
}

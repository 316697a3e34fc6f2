// SPDX-License-Identifier: GPL-2.0
/*
 * Google's AVX2 HighwayHash (the C++ of a google/highwayhash checkout,
 * highwayhash/hh_avx2.h, statically dispatched: built with -mavx2, so
 * HH_TARGET is HH_TARGET_AVX2) behind the C signatures of its portable C
 * (c/highwayhash.h), so that peers-google.c loads either.  Built by run.sh
 * when KH_GOOGLE_HH is given and g++ builds it.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "highwayhash/highwayhash.h"

using namespace highwayhash;

#if HH_TARGET != HH_TARGET_AVX2
#error "build with -mavx2"
#endif

template <typename Result>
static void kb_hh(const uint8_t *data, size_t size, const uint64_t key[4],
		  Result *out)
{
	HH_ALIGNAS(32) HHKey k;

	memcpy(k, key, sizeof(k));
	HHStateT<HH_TARGET> state(k);
	HighwayHashT(&state, reinterpret_cast<const char *>(data), size, out);
}

extern "C" {

__attribute__((visibility("default")))
uint64_t HighwayHash64(const uint8_t *data, size_t size, const uint64_t key[4])
{
	HHResult64 r;

	kb_hh(data, size, key, &r);
	return r;
}

__attribute__((visibility("default")))
void HighwayHash128(const uint8_t *data, size_t size, const uint64_t key[4],
		    uint64_t hash[2])
{
	HHResult128 r;

	kb_hh(data, size, key, &r);
	memcpy(hash, r, sizeof(r));
}

__attribute__((visibility("default")))
void HighwayHash256(const uint8_t *data, size_t size, const uint64_t key[4],
		    uint64_t hash[4])
{
	HHResult256 r;

	kb_hh(data, size, key, &r);
	memcpy(hash, r, sizeof(r));
}

}

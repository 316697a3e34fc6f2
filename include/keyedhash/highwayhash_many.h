/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HighwayHash of many messages under one key in one call (part of the
 * library API of <keyedhash/highwayhash.h>, which includes this file).
 *
 * One message is one dependency chain, which no single-message code can
 * run faster than its multiply latency allows; these functions run the
 * chains of two messages interleaved where the CPU has the code for it
 * (x86_64 AVX2), so that one chain's latency is hidden by the other's
 * work.  The digests are exactly those of kh_highwayhash64/128/256() of
 * each message on its own, whatever the lengths and their mix.
 */
#ifndef _KEYEDHASH_HIGHWAYHASH_MANY_H
#define _KEYEDHASH_HIGHWAYHASH_MANY_H

#include <keyedhash/highwayhash.h>

/**
 * kh_highwayhash64_digest_many() - HighwayHash-64 of many messages
 * @key:	a key prepared by kh_highwayhash_setkey()
 * @data:	@n pointers, to the messages (any of them NULL if its length is 0)
 * @len:	@n lengths, in bytes, each any value
 * @n:		number of messages (0: nothing is done)
 * @out:	@n digests of 8 bytes, one after another: message i's at
 *		@out + 8 * i
 *
 * The digest of each message as kh_highwayhash64() gives it.  SIMD
 * sections cover at most 4 KiB of message bytes each, as the rest of the
 * library's, and the generic C runs where SIMD may not be used; the state
 * is on the stack and small whatever @n.
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 * Time grows with the total length; callers in process context with very
 * many or long messages may split the batch and reschedule in between.
 */
void kh_highwayhash64_digest_many(const struct kh_highwayhash_key *key,
				  const u8 *const data[], const size_t len[],
				  size_t n, u8 *out);

/**
 * kh_highwayhash128_digest_many() - HighwayHash-128 of many messages
 * @key:	a key prepared by kh_highwayhash_setkey()
 * @data:	@n pointers, to the messages (any of them NULL if its length is 0)
 * @len:	@n lengths, in bytes, each any value
 * @n:		number of messages (0: nothing is done)
 * @out:	@n digests of 16 bytes, one after another: message i's at
 *		@out + 16 * i
 *
 * As kh_highwayhash64_digest_many(), each digest as kh_highwayhash128()
 * gives it.
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash128_digest_many(const struct kh_highwayhash_key *key,
				   const u8 *const data[], const size_t len[],
				   size_t n, u8 *out);

/**
 * kh_highwayhash256_digest_many() - HighwayHash-256 of many messages
 * @key:	a key prepared by kh_highwayhash_setkey()
 * @data:	@n pointers, to the messages (any of them NULL if its length is 0)
 * @len:	@n lengths, in bytes, each any value
 * @n:		number of messages (0: nothing is done)
 * @out:	@n digests of 32 bytes, one after another: message i's at
 *		@out + 32 * i
 *
 * As kh_highwayhash64_digest_many(), each digest as kh_highwayhash256()
 * gives it.
 *
 * Context: Any context, hard IRQ included: does not sleep or allocate.
 */
void kh_highwayhash256_digest_many(const struct kh_highwayhash_key *key,
				   const u8 *const data[], const size_t len[],
				   size_t n, u8 *out);

#endif /* _KEYEDHASH_HIGHWAYHASH_MANY_H */

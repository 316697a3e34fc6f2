/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libkeyedhash: the keyedhash module's keyed hashes in userspace.
 *
 *   #include <keyedhash.h>        cc ... $(pkg-config --cflags --libs keyedhash)
 *
 * The same C and assembly as the kernel module (lib/, arch/), with the
 * SIMD driver chosen at run time from the CPU (AVX2, AVX-512 where the
 * module would use it, NEON), or the generic C when the environment has
 * KEYEDHASH_FORCE_GENERIC=1 or after keyedhash_force_generic(1).
 * Manual: libkeyedhash(3).
 *
 * Algorithms (names as the kernel registers them; docs/algorithms.md):
 *
 *   name                 key                                  digest
 *   highwayhash64        32 bytes                             8
 *   highwayhash128       32 bytes                             16
 *   highwayhash256       32 bytes                             32
 *   sthash               the seed, 16..4096 bytes             32
 *   sthash-personalized  le16 n | seed | le16 n | c1 | le16 n | c2,
 *                        at most 16384 bytes                  32
 *   multimixer128        32..65536 bytes, a multiple of 32,   64
 *                        at least as long as the message (which must be
 *                        a non-zero multiple of 32 bytes)
 *   nhpoly1305           1088 bytes                           16
 *
 * Security: sthash and sthash-personalized are MACs/PRFs on their own;
 * highwayhash64/128/256 are PRFs as their authors state (prefer 128 or 256
 * bits for tags).  multimixer128 and nhpoly1305 are NOT MACs: they are
 * (almost-)Delta-universal hashes, building blocks whose raw digests must
 * never authenticate anything or be shown to anyone who can choose
 * messages (multimixer128's digests leak its key).  Keys must be secret
 * and uniformly random.
 *
 * Every int function returns 0 or a negative KEYEDHASH_E* code; no function
 * aborts or prints.  A key object is immutable once made: any number of
 * threads may use one at a time.  A state belongs to one thread at a time.
 * Keys, key contexts and states are wiped (explicit_bzero) when freed.
 */
#ifndef KEYEDHASH_H
#define KEYEDHASH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The release this header belongs to (the project's file VERSION); a
 * snapshot's library says more: keyedhash_version().
 */
#define KEYEDHASH_VERSION_MAJOR	1
#define KEYEDHASH_VERSION_MINOR	0
#define KEYEDHASH_VERSION_PATCH	0
#define KEYEDHASH_VERSION_STRING	"1.0.0"

/* The longest digest of any algorithm. */
#define KEYEDHASH_MAX_DIGEST	64

/* Error codes: always negative. */
#define KEYEDHASH_OK		0
#define KEYEDHASH_EALG		(-1)	/* unknown algorithm or driver name */
#define KEYEDHASH_EKEY		(-2)	/* key of a length or form the algorithm refuses */
#define KEYEDHASH_ENOMEM	(-3)	/* out of memory */
#define KEYEDHASH_EMSG		(-4)	/* message the algorithm refuses (multimixer128:
					   longer than the key, empty, or not whole blocks) */
#define KEYEDHASH_ENOTSUP	(-5)	/* driver that this CPU cannot run */
#define KEYEDHASH_EINVAL	(-6)	/* NULL or bad argument, output buffer too short */
#define KEYEDHASH_ESTATE	(-7)	/* state finished or failed: keyedhash_reset() it */
#define KEYEDHASH_EMISMATCH	(-8)	/* keyedhash_verify(): the bytes differ */

/* A key: an algorithm (one driver of it) and the material derived from a key. */
typedef struct keyedhash_key keyedhash_key;
/* A message in progress under a key. */
typedef struct keyedhash_state keyedhash_state;

/*
 * The library's version: the project's, "1.0.0" for a release, e.g.
 * "1.0.0.post250+g1a2b3c4" for a snapshot after it (docs/packaging.md).
 */
const char *keyedhash_version(void);

/* A static English message for an error code ("unknown algorithm", ...). */
const char *keyedhash_strerror(int err);

/*
 * The algorithm names, for i = 0, 1, ... until NULL; in the order of the
 * table above.
 */
const char *keyedhash_algorithm(unsigned int i);

/*
 * Facts of algorithm (or driver) @name; 0 if unknown.  The block size is the
 * module's cra_blocksize (0 for nhpoly1305).
 */
size_t keyedhash_digest_size(const char *name);
size_t keyedhash_block_size(const char *name);

/*
 * What keys @name accepts, in words ("32 bytes", ...), for error messages;
 * NULL if unknown.
 */
const char *keyedhash_key_rule(const char *name);

/*
 * The drivers built in, for i = 0, 1, ... until NULL: driver names such as
 * "highwayhash256-avx2", usable on this CPU or not (keyedhash_driver_usable()).
 */
const char *keyedhash_driver_name(unsigned int i);

/* 1 if this CPU can run driver @driver, 0 if not or unknown. */
int keyedhash_driver_usable(const char *driver);

/*
 * keyedhash_force_generic(1): keys made from now on by algorithm name use
 * the generic C driver (0: the fastest usable one again).  The environment
 * variable KEYEDHASH_FORCE_GENERIC=1 (any value but "" and "0") does the
 * same for the whole process.  Keys made by driver name are unaffected.
 */
void keyedhash_force_generic(int on);

/*
 * Make a key for @name: an algorithm name (the fastest driver this CPU
 * runs, or the generic one when forced) or a driver name (that driver).
 * Returns 0 and *@out, or KEYEDHASH_EALG, KEYEDHASH_ENOTSUP,
 * KEYEDHASH_EKEY, KEYEDHASH_ENOMEM, KEYEDHASH_EINVAL (*@out is then NULL).
 * The caller's @key buffer is not kept.
 */
int keyedhash_key_new(keyedhash_key **out, const char *name,
		      const void *key, size_t keylen);

/* Wipe and free a key (NULL is allowed).  Its states must be freed first. */
void keyedhash_key_free(keyedhash_key *key);

/* The algorithm name, driver name and digest size of a key. */
const char *keyedhash_key_algorithm(const keyedhash_key *key);
const char *keyedhash_key_driver(const keyedhash_key *key);
size_t keyedhash_key_digest_size(const keyedhash_key *key);

/*
 * One-shot: the digest of @msg (@len bytes) under @key into @out, which
 * has room for @outlen >= the digest size bytes (exactly the digest size
 * is written).  0, KEYEDHASH_EMSG, KEYEDHASH_EINVAL.
 */
int keyedhash_digest(const keyedhash_key *key, const void *msg, size_t len,
		     void *out, size_t outlen);

/*
 * Many messages under one key in one call: message i is the @lens[i] bytes
 * at @msgs[i] (NULL allowed where @lens[i] is 0), its digest written at
 * @out + i * the digest size; @out has room for @outlen >= @n * the digest
 * size bytes.  The digests are those keyedhash_digest() gives message by
 * message.  HighwayHash runs two messages' chains interleaved where the
 * CPU has the code for it (AVX2): more throughput than one message at a
 * time, for short messages above all; the other algorithms take the
 * messages one after another.  0, KEYEDHASH_EMSG (a message the algorithm
 * refuses: all @n digests are then zeroed), KEYEDHASH_ENOMEM,
 * KEYEDHASH_EINVAL.  Since 1.1.0.
 */
int keyedhash_digest_many(const keyedhash_key *key, size_t n,
			  const void *const msgs[], const size_t lens[],
			  void *out, size_t outlen);

/*
 * One call for everything: make the key, hash, wipe the key.  Any error of
 * keyedhash_key_new() or keyedhash_digest().
 */
int keyedhash_hash(const char *name, const void *key, size_t keylen,
		   const void *msg, size_t len, void *out, size_t outlen);

/*
 * Streaming: a new state for a message under @key (which must outlive it).
 * 0, KEYEDHASH_ENOMEM, KEYEDHASH_EINVAL.
 */
int keyedhash_state_new(keyedhash_state **out, const keyedhash_key *key);

/* Wipe and free a state (NULL is allowed). */
void keyedhash_state_free(keyedhash_state *state);

/* Start a new message in @state, whatever it held. */
int keyedhash_reset(keyedhash_state *state);

/*
 * Absorb @len more bytes (any split gives the same digest).
 * 0, KEYEDHASH_EMSG (the state is then failed), KEYEDHASH_ESTATE,
 * KEYEDHASH_EINVAL.
 */
int keyedhash_update(keyedhash_state *state, const void *data, size_t len);

/*
 * Finish the message: its digest into @out (@outlen >= the digest size).
 * The state is then finished until keyedhash_reset().  0, KEYEDHASH_EMSG,
 * KEYEDHASH_ESTATE, KEYEDHASH_EINVAL.
 */
int keyedhash_final(keyedhash_state *state, void *out, size_t outlen);

/*
 * Copy a message in progress: keyedhash_state_dup() makes a new state,
 * keyedhash_state_copy() overwrites @dst, a state of the same key.
 * 0, KEYEDHASH_ENOMEM, KEYEDHASH_EINVAL.
 */
int keyedhash_state_dup(keyedhash_state **out, const keyedhash_state *src);
int keyedhash_state_copy(keyedhash_state *dst, const keyedhash_state *src);

/*
 * Compare two digests (tags) in constant time: 0 if the @len bytes at @a
 * and @b are equal, KEYEDHASH_EMISMATCH if not, KEYEDHASH_EINVAL for NULL
 * with @len > 0.  Every byte is read and the time taken depends on @len
 * only, never on where or whether the bytes differ: check a received tag
 * with it, never with memcmp(), which returns at the first difference and
 * so tells an attacker how many leading bytes of a forged tag are right.
 * @len is public: compare a whole digest (or a fixed truncation of it).
 * Since 1.0.0.
 */
int keyedhash_verify(const void *a, const void *b, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* KEYEDHASH_H */

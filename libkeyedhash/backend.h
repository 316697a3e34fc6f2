/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libkeyedhash: the private interface between the public API (keyedhash.c)
 * and the module's algorithm code.  backend.c is the only file of libkeyedhash/
 * that includes the module's internal headers (include/keyedhash/); everything
 * else sees the drivers through the functions below.
 *
 * A driver is an algorithm on one instruction set ("generic", "avx2",
 * "avx512", "neon"): a row of the module's table of drivers
 * (<keyedhash/internal/drivers.h>), numbered 0..khb_driver_count()-1 in
 * its order.
 * Contexts and states are plain memory of the sizes given, allocated by the
 * caller (aligned to KHB_ALIGN), holding no pointers into themselves, so a
 * state is copied with memcpy().  A context may hold a pointer to memory
 * that khb_wipe_key() releases (Multimixer-128's key).
 */
#ifndef KEYEDHASH_LIB_BACKEND_H
#define KEYEDHASH_LIB_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KHB_ALIGN	64

struct khb_driver {
	const char *name;	/* algorithm name, as the module registers it */
	const char *driver;	/* driver name: algorithm-isa, as the module's */
	const char *isa;	/* "generic", "avx2", "avx512", "neon" */
	int priority;		/* the module's; the highest usable one wins */
	unsigned int digestsize;
	unsigned int blocksize;
	size_t ctxsize;		/* key context */
	size_t statesize;	/* message state */
};

/* Number of drivers built in (usable on this CPU or not). */
unsigned int khb_driver_count(void);

/* Driver @i's description, or NULL past the end. */
const struct khb_driver *khb_driver(unsigned int i);

/* Whether this CPU (and OS) can run driver @i. */
bool khb_driver_usable(unsigned int i);

/*
 * The driver the module runs for algorithm @name on this CPU, as its
 * library chooses the instruction set (its static keys), or its generic
 * driver if @generic; -1 for an unknown algorithm.
 */
int khb_choose(const char *name, bool generic);

/*
 * Derive the key context of driver @i from @key.  0, -EINVAL (the key is
 * not valid for the algorithm) or -ENOMEM.  On error @ctx holds nothing to
 * release (it may still be wiped).
 */
int khb_setkey(unsigned int i, void *ctx, const uint8_t *key, size_t keylen);

/* Release what khb_setkey() allocated and wipe the context. */
void khb_wipe_key(unsigned int i, void *ctx);

/* Start a message. */
void khb_init(unsigned int i, const void *ctx, void *state);

/*
 * Absorb @len bytes.  0, or -EINVAL where the algorithm refuses the
 * message (Multimixer-128 past the end of its key); the state is then
 * unusable.
 */
int khb_update(unsigned int i, const void *ctx, void *state,
	       const uint8_t *src, size_t len);

/* Write digestsize bytes to @out.  0 or -EINVAL, as khb_update(). */
int khb_final(unsigned int i, const void *ctx, void *state, uint8_t *out);

/*
 * A whole message, as khb_init(), khb_update() and khb_final() (@state is
 * scratch space for them); HighwayHash's SIMD code takes a short one in a
 * single call that keeps its state in registers.
 */
int khb_digest(unsigned int i, const void *ctx, void *state,
	       const uint8_t *src, size_t len, uint8_t *out);

/*
 * @n whole messages (@msgs[i], @lens[i] bytes), their digests one after
 * another at @out (digestsize bytes each).  HighwayHash runs the library's
 * many-message code, which interleaves two messages' chains where the
 * instruction set has code for it (the driver the module would run: the
 * module's choice, with AVX-512 pairs where it uses zmm code; any other
 * driver pinned); the other algorithms run khb_digest()
 * per message, @state scratch space for it.  0, or the first error of a
 * message (the digests from that message on are then not written).
 */
int khb_digest_many(unsigned int i, const void *ctx, void *state,
		    const uint8_t *const *msgs, const size_t *lens, size_t n,
		    uint8_t *out);

/* Wipe a message state. */
void khb_wipe_state(unsigned int i, void *state);

#endif /* KEYEDHASH_LIB_BACKEND_H */

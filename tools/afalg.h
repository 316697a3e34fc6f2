/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg: a tiny helper for keyed hashes through the kernel's AF_ALG
 * "hash" sockets (algif_hash), with no library dependency, so that the
 * programs using it can be linked statically for a busybox initramfs.
 *
 * Programs that just hash use libkcapi (khsum, tests/afalg/kh_kcapi_test.c,
 * the README's example).  This file stays for what libkcapi does not do:
 *  - the raw socket calls for the tests of the kernel interface itself
 *    (tests/afalg/): libkcapi hides which call an error comes from, keeps
 *    one op socket per handle and cannot accept() a clone of it mid-message;
 *  - sends of at most 16 pages (afalg_send(), below): libkcapi's
 *    kcapi_md_update() splices or sends longer input whole, and 6.12 and
 *    7.x then lose the errors of its later pieces;
 *  - the errno names and the sysctls that explain AF_ALG errors
 *    (net.core.optmem_max, crypto.af_alg_restrict), for khsum's messages.
 *
 * The model is the kernel's: a "tfm" socket is bound to an algorithm or
 * driver name and holds the key; accept() on it gives an "op" socket that
 * hashes one message at a time.  Data is sent with MSG_MORE until the
 * last piece; the digest is then read from the op socket.  accept() on an
 * op socket in the middle of a message clones its state.
 *
 * Every function returns a negative errno on failure and never prints.
 *
 * Behaviour of Linux 6.1 (crypto/af_alg.c, crypto/algif_hash.c) that
 * callers must know:
 *  - ALG_SET_KEY fails with -EBUSY while an op socket accepted with the
 *    key set is still open: close op sockets before changing the key.
 *  - The key is copied with sock_kmalloc(), so a key of
 *    net.core.optmem_max bytes or more fails with -ENOMEM before the
 *    algorithm sees it (the 6.1 default is 20480 on 64-bit), and the
 *    previous key, if any, stays in force.
 *  - Without a key, accept() succeeds; -ENOKEY comes from the first
 *    send() or read() on the op socket (and from accept() on it).
 *  - An error in update() comes from send(); an error in final() comes
 *    from the call that runs final(): send() without MSG_MORE, or read()
 *    after a MSG_MORE send or with nothing sent.
 *  - After a send() without MSG_MORE failed in final(), a read() on the
 *    same op socket "succeeds" with an all-zero digest (algif_hash
 *    allocates the result buffer before final() and trusts it later):
 *    never read a digest after a failed send().
 *  - A short send() means the kernel dropped the message state; it is
 *    reported as -EIO.
 */
#ifndef _KEYEDHASH_AFALG_H
#define _KEYEDHASH_AFALG_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* HASH_MAX_DIGESTSIZE of the crypto API: no hash digest is longer. */
#define AFALG_MAX_DIGEST	64

/* Longest name that fits struct sockaddr_alg's salg_name, without NUL. */
#define AFALG_MAX_NAME		63

/**
 * afalg_open() - open a tfm socket for a hash algorithm
 * @name: crypto API algorithm name (cra_name) or driver name
 *
 * Return: the tfm socket, or -EAFNOSUPPORT (no AF_ALG in the kernel),
 * -ENOENT (no such hash algorithm, or no algif_hash), -ENAMETOOLONG, ...
 */
int afalg_open(const char *name);

/**
 * afalg_setkey() - set the key of a tfm socket
 * @tfm: tfm socket from afalg_open()
 * @key: key bytes (may be NULL if @keylen is 0)
 * @keylen: key length, any size up to UINT_MAX
 *
 * Return: 0, or -EINVAL (rejected by the algorithm), -ENOMEM (larger than
 * net.core.optmem_max allows), -EBUSY (an op socket with a key is open).
 */
int afalg_setkey(int tfm, const void *key, size_t keylen);

/**
 * afalg_accept() - new op socket from a tfm socket, or clone of an op socket
 * @fd: tfm socket (fresh op socket) or op socket (copy of its state)
 *
 * Return: the new socket, or a negative errno.
 */
int afalg_accept(int fd);

/**
 * afalg_send() - hash @len bytes of @buf
 * @op: op socket
 * @buf: data (may be NULL if @len is 0)
 * @len: data length; 0 is allowed (starts or ends a message)
 * @more: true if more data of the same message follows (MSG_MORE); false
 *	to finish the message, after which afalg_read_digest() gets the digest
 *
 * Return: 0 or a negative errno.
 */
int afalg_send(int op, const void *buf, size_t len, bool more);

/**
 * afalg_read_digest() - finish the message (if still open) and read its digest
 * @op: op socket
 * @out: buffer
 * @outlen: its size; AFALG_MAX_DIGEST is always enough
 *
 * Return: the digest length (the algorithm's digest size, at most @outlen),
 * or a negative errno.
 */
ssize_t afalg_read_digest(int op, void *out, size_t outlen);

/**
 * afalg_digest() - one-shot: one send() without MSG_MORE, then read
 *
 * Return: as afalg_read_digest().  If @where is not NULL, it is set to
 * "send" or "read", the call that failed.
 */
ssize_t afalg_digest(int op, const void *msg, size_t len, void *out,
		     size_t outlen, const char **where);

/**
 * afalg_digest_pieces() - hash @msg sent as @npieces pieces with MSG_MORE
 * @pieces: the piece lengths; they must add up to @len.  Zero lengths are
 *	allowed.  Every piece is sent with MSG_MORE; read() finishes.
 *
 * Return: as afalg_digest().
 */
ssize_t afalg_digest_pieces(int op, const void *msg, size_t len,
			    const size_t *pieces, size_t npieces, void *out,
			    size_t outlen, const char **where);

/**
 * afalg_optmem_max() - net.core.optmem_max, the bound on AF_ALG key sizes
 *
 * Return: its value from /proc/sys/net/core/optmem_max, or -1 if that
 * cannot be read.
 */
long afalg_optmem_max(void);

/**
 * afalg_restrict() - the crypto.af_alg_restrict sysctl (Linux 7.3 and later)
 *
 * 0: every hash may be bound; 1 (the default): only the kernel's
 * allow-list, and bind() fails with ENOENT for any other name, even for
 * root; 2: no AF_ALG sockets at all (socket() fails with EAFNOSUPPORT).
 * Return: the value, or -1 where the kernel has no such sysctl.
 */
long afalg_restrict(void);

/**
 * afalg_errname() - symbolic name of an errno value ("ENOKEY", ...)
 * @err: errno value, either sign
 *
 * Return: a static string; "errno N" in a static buffer if unknown.
 */
const char *afalg_errname(int err);

#endif /* _KEYEDHASH_AFALG_H */

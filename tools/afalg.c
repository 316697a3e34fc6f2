// SPDX-License-Identifier: GPL-2.0
/*
 * afalg: a tiny AF_ALG hash helper (see afalg.h).
 *
 * Built into each program that uses it, e.g.
 *   gcc -O2 -Wall -Wextra -static -Itools -o build/khsum tools/khsum.c tools/afalg.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/*
 * hash_sendmsg() hashes what one send() gives it in pieces of at most
 * ALG_MAX_PAGES (16) pages.  From 7.x on, when a later piece fails it
 * returns the short count of the pieces before and the error is lost (and
 * a retry of the rest would start a new message).  So every send() here
 * covers at most 16 pages of the buffer: an error then always comes back
 * from the send() that caused it, on every kernel.
 */
#define AFALG_SEND_PAGES	16

static size_t afalg_send_max(const char *p)
{
	static size_t page;

	if (!page) {
		long v = sysconf(_SC_PAGESIZE);

		page = v > 0 ? (size_t)v : 4096;
	}
	return AFALG_SEND_PAGES * page - (uintptr_t)p % page;
}

int afalg_open(const char *name)
{
	struct sockaddr_alg sa;
	size_t n = strlen(name);
	int fd, err;

	if (!n)
		return -ENOENT;
	if (n > AFALG_MAX_NAME)
		return -ENAMETOOLONG;

	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	memcpy(sa.salg_type, "hash", 5);
	memcpy(sa.salg_name, name, n + 1);

	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}

int afalg_setkey(int tfm, const void *key, size_t keylen)
{
	static const char empty;

	if (keylen > UINT_MAX)
		return -EINVAL;
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key ? key : &empty,
		       (socklen_t)keylen) < 0)
		return -errno;
	return 0;
}

int afalg_accept(int fd)
{
	int op;

	do {
		op = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
	} while (op < 0 && errno == EINTR);
	return op < 0 ? -errno : op;
}

/* One send() call; any short count means the kernel lost the message. */
static int afalg_send_once(int op, const char *p, size_t n, int flags)
{
	ssize_t r;

	do {
		r = send(op, p, n, flags);
	} while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	if ((size_t)r != n)
		return -EIO;
	return 0;
}

int afalg_send(int op, const void *buf, size_t len, bool more)
{
	static const char empty;
	const char *p = buf ? buf : &empty;
	int err;

	while (len > afalg_send_max(p)) {
		size_t n = afalg_send_max(p);

		err = afalg_send_once(op, p, n, MSG_MORE);
		if (err)
			return err;
		p += n;
		len -= n;
	}
	return afalg_send_once(op, p, len, more ? MSG_MORE : 0);
}

ssize_t afalg_read_digest(int op, void *out, size_t outlen)
{
	ssize_t r;

	do {
		r = read(op, out, outlen);
	} while (r < 0 && errno == EINTR);
	return r < 0 ? -errno : r;
}

ssize_t afalg_digest(int op, const void *msg, size_t len, void *out,
		     size_t outlen, const char **where)
{
	ssize_t r;

	r = afalg_send(op, msg, len, false);
	if (r) {
		if (where)
			*where = "send";
		return r;
	}
	r = afalg_read_digest(op, out, outlen);
	if (r < 0 && where)
		*where = "read";
	return r;
}

ssize_t afalg_digest_pieces(int op, const void *msg, size_t len,
			    const size_t *pieces, size_t npieces, void *out,
			    size_t outlen, const char **where)
{
	const char *p = msg;
	size_t i, done = 0;
	ssize_t r;

	for (i = 0; i < npieces; i++) {
		if (pieces[i] > len - done)
			return -EINVAL;
		r = afalg_send(op, p + done, pieces[i], true);
		if (r) {
			if (where)
				*where = "send";
			return r;
		}
		done += pieces[i];
	}
	if (done != len)
		return -EINVAL;
	r = afalg_read_digest(op, out, outlen);
	if (r < 0 && where)
		*where = "read";
	return r;
}

static long afalg_sysctl(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[32];
	long v = -1;

	if (!f)
		return -1;
	if (fgets(line, sizeof(line), f))
		v = strtol(line, NULL, 10);
	fclose(f);
	return v;
}

long afalg_optmem_max(void)
{
	return afalg_sysctl("/proc/sys/net/core/optmem_max");
}

long afalg_restrict(void)
{
	return afalg_sysctl("/proc/sys/crypto/af_alg_restrict");
}

const char *afalg_errname(int err)
{
	static char buf[24];

	switch (err < 0 ? -err : err) {
	case 0:			return "success";
	case EPERM:		return "EPERM";
	case ENOENT:		return "ENOENT";
	case EINTR:		return "EINTR";
	case EIO:		return "EIO";
	case EBADF:		return "EBADF";
	case ENOMEM:		return "ENOMEM";
	case EACCES:		return "EACCES";
	case EFAULT:		return "EFAULT";
	case EBUSY:		return "EBUSY";
	case EINVAL:		return "EINVAL";
	case ENOSPC:		return "ENOSPC";
	case ERANGE:		return "ERANGE";
	case ENAMETOOLONG:	return "ENAMETOOLONG";
	case ENOSYS:		return "ENOSYS";
	case EBADMSG:		return "EBADMSG";
	case EOVERFLOW:		return "EOVERFLOW";
	case EMSGSIZE:		return "EMSGSIZE";
	case ENOPROTOOPT:	return "ENOPROTOOPT";
	case EOPNOTSUPP:	return "EOPNOTSUPP";
	case EAFNOSUPPORT:	return "EAFNOSUPPORT";
	case ENOKEY:		return "ENOKEY";
	case EKEYREJECTED:	return "EKEYREJECTED";
	case ELIBBAD:		return "ELIBBAD";
	case ENODEV:		return "ENODEV";
	case EAGAIN:		return "EAGAIN";
	default:
		snprintf(buf, sizeof(buf), "errno %d", err < 0 ? -err : err);
		return buf;
	}
}

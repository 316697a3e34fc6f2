/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kcapi-none.h: what khsum.c uses of <kcapi.h>, for a khsum built without
 * libkcapi ("make khsum" where libkcapi-dev is not installed; the build
 * passes -DKHSUM_NO_KCAPI).  Such a khsum computes with libkeyedhash only:
 * main() refuses --kernel with a message before any of these is reached,
 * so each only fails, with -EOPNOTSUPP, and nothing here talks to AF_ALG.
 */
#ifndef _KEYEDHASH_KCAPI_NONE_H
#define _KEYEDHASH_KCAPI_NONE_H

#ifndef KHSUM_LIBKEYEDHASH
#error "khsum without libkcapi computes with libkeyedhash: build it with -DKHSUM_LIBKEYEDHASH"
#endif

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct kcapi_handle;

#define KCAPI_LOG_NONE	0

static inline void kcapi_set_verbosity(int level)
{
	(void)level;
}

static inline int kcapi_md_init(struct kcapi_handle **h, const char *name,
				uint32_t flags)
{
	(void)name;
	(void)flags;
	*h = NULL;
	return -EOPNOTSUPP;
}

static inline int kcapi_md_setkey(struct kcapi_handle *h,
				  const unsigned char *key, uint32_t keylen)
{
	(void)h;
	(void)key;
	(void)keylen;
	return -EOPNOTSUPP;
}

static inline int kcapi_handle_reinit(struct kcapi_handle **newh,
				      struct kcapi_handle *h, uint32_t flags)
{
	(void)h;
	(void)flags;
	*newh = NULL;
	return -EOPNOTSUPP;
}

static inline ssize_t kcapi_md_update(struct kcapi_handle *h,
				      const uint8_t *buf, size_t len)
{
	(void)h;
	(void)buf;
	(void)len;
	return -EOPNOTSUPP;
}

static inline ssize_t kcapi_md_final(struct kcapi_handle *h,
				     uint8_t *buf, size_t len)
{
	(void)h;
	(void)buf;
	(void)len;
	return -EOPNOTSUPP;
}

static inline uint32_t kcapi_md_digestsize(struct kcapi_handle *h)
{
	(void)h;
	return 0;
}

static inline void kcapi_md_destroy(struct kcapi_handle *h)
{
	(void)h;
}

#endif /* _KEYEDHASH_KCAPI_NONE_H */

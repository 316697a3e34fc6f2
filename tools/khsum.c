// SPDX-License-Identifier: GPL-2.0
/*
 * khsum: print keyed-hash digests of files, sha256sum style, computed by
 * the kernel through AF_ALG (so by the keyedhash module's drivers).
 *
 * Build (static, so that it runs in a busybox initramfs):
 *   gcc -O2 -Wall -Wextra -static -Itools -o build/khsum tools/khsum.c tools/afalg.c
 *   aarch64-linux-gnu-gcc -O2 -Wall -Wextra -static -Itools \
 *	-o build/arm64/khsum tools/khsum.c tools/afalg.c
 *
 * Usage: khsum -a ALGORITHM -k KEYFILE [FILE...]   (see usage() below)
 *
 * Files are streamed in 64 KiB pieces sent with MSG_MORE; each file gets
 * its own op socket, so an error in one file leaves no state behind for
 * the next.  The per-file work is hash_file(), which a later --check mode
 * and a progress display can call as they are.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afalg.h"

#define KHSUM_MAX_KEY	(1U << 20)	/* largest key file accepted */
#define KHSUM_CHUNK	(64U << 10)	/* bytes per read()/send() */

struct khsum {
	const char *alg;	/* -a argument, as given */
	const char *keyfile;	/* -k argument */
	int tfm;		/* tfm socket with the key set */
	size_t keylen;
	unsigned char *buf;	/* KHSUM_CHUNK bytes */
};

/* Result of hashing one input. */
struct khsum_result {
	unsigned char digest[AFALG_MAX_DIGEST];
	size_t len;			/* digest length */
	unsigned long long bytes;	/* message length */
};

static const char *prog = "khsum";

static void usage(FILE *f)
{
	fprintf(f,
"Usage: %s -a ALGORITHM -k KEYFILE [FILE...]\n"
"Print the keyed-hash digest of each FILE, computed by the kernel crypto API\n"
"through AF_ALG, as \"<hex digest>  <file name>\" (sha256sum style).\n"
"With no FILE, or when FILE is -, read standard input.\n"
"\n"
"  -a, --algorithm NAME  crypto API algorithm or driver name, as in\n"
"                        /proc/crypto: highwayhash64, highwayhash128,\n"
"                        highwayhash256, nhpoly1305, sthash,\n"
"                        sthash-personalized, multimixer128, or a driver\n"
"                        such as highwayhash256-generic\n"
"  -k, --key-file FILE   read the key from FILE, raw bytes, up to 1 MiB;\n"
"                        \"-\" reads it from standard input (then every\n"
"                        FILE must be named)\n"
"  -h, --help            show this help and exit\n"
"\n"
"Key sizes: highwayhash* 32 bytes; nhpoly1305 1088 bytes; sthash 16 to\n"
"4096 bytes (the seed); sthash-personalized the blob\n"
"  le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2\n"
"(length 0 = no personalization); multimixer128 32 to 65536 bytes, a\n"
"multiple of 32, and at least as long as the message, which must be a\n"
"non-empty multiple of 32 bytes.\n"
"\n"
"The kernel needs AF_ALG hash sockets (algif_hash) and the keyedhash\n"
"module.  AF_ALG copies the key with sock_kmalloc(), so a key must be\n"
"smaller than net.core.optmem_max (20480 by default on Linux 6.1).\n"
"\n"
"Exit status: 0 if every FILE was hashed, 1 on any error, 2 on bad usage.\n",
		prog);
}

/* What a user should know about an algorithm's key and message sizes. */
static const char *size_hint(const char *alg)
{
	if (!strncmp(alg, "highwayhash", 11))
		return "highwayhash keys are exactly 32 bytes";
	if (!strncmp(alg, "nhpoly1305", 10))
		return "nhpoly1305 keys are exactly 1088 bytes";
	if (!strncmp(alg, "sthash-personalized", 19))
		return "sthash-personalized keys are the blob le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2 with a seed of 16 bytes or more, and nothing after it";
	if (!strncmp(alg, "sthash", 6))
		return "sthash keys (seeds) are 16 to 4096 bytes";
	if (!strncmp(alg, "multimixer128", 13))
		return "multimixer128 keys are 32 to 65536 bytes, a multiple of 32; messages are a non-empty multiple of 32 bytes no longer than the key";
	return NULL;
}

static long optmem_max(void)
{
	char line[32];
	FILE *f = fopen("/proc/sys/net/core/optmem_max", "r");
	long v = -1;

	if (!f)
		return -1;
	if (fgets(line, sizeof(line), f))
		v = strtol(line, NULL, 10);
	fclose(f);
	return v;
}

/* Read all of @fd into a new buffer of at most @max bytes. */
static int read_all(int fd, unsigned char **out, size_t *outlen, size_t max)
{
	size_t cap = 4096, len = 0;
	unsigned char *buf = malloc(cap), *nbuf;
	ssize_t r;

	if (!buf)
		return -ENOMEM;
	for (;;) {
		if (len == cap) {
			if (cap > max) {
				free(buf);
				return -EFBIG;
			}
			cap *= 2;
			nbuf = realloc(buf, cap);
			if (!nbuf) {
				free(buf);
				return -ENOMEM;
			}
			buf = nbuf;
		}
		r = read(fd, buf + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			r = -errno;
			free(buf);
			return r;
		}
		if (!r)
			break;
		len += r;
	}
	if (len > max) {
		free(buf);
		return -EFBIG;
	}
	*out = buf;
	*outlen = len;
	return 0;
}

static int load_key(const char *path, unsigned char **key, size_t *keylen)
{
	int fd, err;

	if (!strcmp(path, "-"))
		return read_all(STDIN_FILENO, key, keylen, KHSUM_MAX_KEY);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = read_all(fd, key, keylen, KHSUM_MAX_KEY);
	close(fd);
	return err;
}

/* Open the algorithm and set the key; print why not and return 1. */
static int khsum_setup(struct khsum *ks)
{
	unsigned char *key = NULL;
	const char *hint;
	int err;

	err = load_key(ks->keyfile, &key, &ks->keylen);
	if (err == -EFBIG) {
		fprintf(stderr, "%s: key file %s is larger than 1 MiB\n",
			prog, ks->keyfile);
		return 1;
	}
	if (err) {
		fprintf(stderr, "%s: key file %s: %s\n", prog, ks->keyfile,
			strerror(-err));
		return 1;
	}

	ks->tfm = afalg_open(ks->alg);
	if (ks->tfm < 0) {
		err = ks->tfm;
		if (err == -ENOENT)
			fprintf(stderr, "%s: algorithm %s not available: is the keyedhash module loaded?\n",
				prog, ks->alg);
		else if (err == -EAFNOSUPPORT)
			fprintf(stderr, "%s: this kernel has no AF_ALG sockets (CONFIG_CRYPTO_USER_API_HASH)\n",
				prog);
		else if (err == -ENAMETOOLONG)
			fprintf(stderr, "%s: algorithm name %s is longer than %d characters\n",
				prog, ks->alg, AFALG_MAX_NAME);
		else
			fprintf(stderr, "%s: cannot open algorithm %s: %s (%s)\n",
				prog, ks->alg, afalg_errname(err), strerror(-err));
		goto fail;
	}

	err = afalg_setkey(ks->tfm, key, ks->keylen);
	if (err == -EINVAL) {
		hint = size_hint(ks->alg);
		fprintf(stderr, "%s: %s rejected the %zu-byte key from %s (EINVAL): wrong key size%s%s\n",
			prog, ks->alg, ks->keylen, ks->keyfile,
			hint ? "; " : "", hint ? hint : "");
		goto fail;
	}
	if (err == -ENOMEM) {
		fprintf(stderr, "%s: the kernel refused the %zu-byte key (ENOMEM): AF_ALG keys must be smaller than net.core.optmem_max (now %ld); raise it, e.g. sysctl -w net.core.optmem_max=%zu\n",
			prog, ks->keylen, optmem_max(),
			(ks->keylen + 4096) & ~(size_t)4095);
		goto fail;
	}
	if (err) {
		fprintf(stderr, "%s: %s: setting the %zu-byte key failed: %s (%s)\n",
			prog, ks->alg, ks->keylen, afalg_errname(err),
			strerror(-err));
		goto fail;
	}
	memset(key, 0, ks->keylen);
	free(key);
	return 0;

fail:
	if (key)
		memset(key, 0, ks->keylen);
	free(key);
	return 1;
}

/* Explain a failure of the kernel while hashing @name; @at_end: in final(). */
static void hash_error(const struct khsum *ks, const char *name, int err,
		       bool at_end, unsigned long long bytes)
{
	const char *hint;

	if (err == -EINVAL) {
		hint = size_hint(ks->alg);
		if (at_end)
			fprintf(stderr, "%s: %s: %s does not support this message length (EINVAL at the end of the %llu-byte message)%s%s\n",
				prog, name, ks->alg, bytes,
				hint ? "; " : "", hint ? hint : "");
		else
			fprintf(stderr, "%s: %s: %s does not support this message length (EINVAL after %llu bytes)%s%s\n",
				prog, name, ks->alg, bytes,
				hint ? "; " : "", hint ? hint : "");
		return;
	}
	fprintf(stderr, "%s: %s: hashing with %s failed after %llu bytes: %s (%s)\n",
		prog, name, ks->alg, bytes, afalg_errname(err), strerror(-err));
}

/*
 * Hash everything readable from @fd into @res.  @name is for messages.
 * Return: 0, or 1 after printing why not.
 */
static int hash_file(struct khsum *ks, int fd, const char *name,
		     struct khsum_result *res)
{
	ssize_t r;
	int op, err;

	res->bytes = 0;
	op = afalg_accept(ks->tfm);
	if (op < 0) {
		hash_error(ks, name, op, false, 0);
		return 1;
	}
	for (;;) {
		r = read(fd, ks->buf, KHSUM_CHUNK);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fprintf(stderr, "%s: %s: %s\n", prog, name,
				strerror(errno));
			close(op);
			return 1;
		}
		if (!r)
			break;
		err = afalg_send(op, ks->buf, r, true);
		if (err) {
			hash_error(ks, name, err, false, res->bytes);
			close(op);
			return 1;
		}
		res->bytes += r;
	}
	r = afalg_read_digest(op, res->digest, sizeof(res->digest));
	close(op);
	if (r < 0) {
		hash_error(ks, name, r, true, res->bytes);
		return 1;
	}
	res->len = r;
	return 0;
}

/* "<hex>  <name>", with sha256sum's escaping of '\\', '\n' and '\r'. */
static void print_result(const char *name, const struct khsum_result *res)
{
	bool esc = strpbrk(name, "\\\n\r") != NULL;
	const char *p;
	size_t i;

	if (esc)
		putchar('\\');
	for (i = 0; i < res->len; i++)
		printf("%02x", res->digest[i]);
	fputs("  ", stdout);
	for (p = name; *p; p++) {
		if (esc && *p == '\\')
			fputs("\\\\", stdout);
		else if (esc && *p == '\n')
			fputs("\\n", stdout);
		else if (esc && *p == '\r')
			fputs("\\r", stdout);
		else
			putchar(*p);
	}
	putchar('\n');
}

static int do_one(struct khsum *ks, const char *name)
{
	struct khsum_result res;
	int fd, ret;

	if (!strcmp(name, "-")) {
		fd = STDIN_FILENO;
	} else {
		fd = open(name, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			fprintf(stderr, "%s: %s: %s\n", prog, name,
				strerror(errno));
			return 1;
		}
	}
	ret = hash_file(ks, fd, name, &res);
	if (fd != STDIN_FILENO)
		close(fd);
	if (!ret)
		print_result(name, &res);
	return ret;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "algorithm",	required_argument,	NULL, 'a' },
		{ "key-file",	required_argument,	NULL, 'k' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct khsum ks = { .tfm = -1 };
	int c, i, ret = 0;

	while ((c = getopt_long(argc, argv, "a:k:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			ks.alg = optarg;
			break;
		case 'k':
			ks.keyfile = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			fprintf(stderr, "Try '%s --help'.\n", prog);
			return 2;
		}
	}
	if (!ks.alg || !ks.keyfile) {
		fprintf(stderr, "%s: %s is required\nTry '%s --help'.\n", prog,
			ks.alg ? "-k KEYFILE" : "-a ALGORITHM", prog);
		return 2;
	}
	if (!strcmp(ks.keyfile, "-")) {
		bool stdin_data = optind == argc;

		for (i = optind; i < argc; i++)
			stdin_data |= !strcmp(argv[i], "-");
		if (stdin_data) {
			fprintf(stderr, "%s: standard input can't be both the key (-k -) and data\n",
				prog);
			return 2;
		}
	}

	ks.buf = malloc(KHSUM_CHUNK);
	if (!ks.buf) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	if (khsum_setup(&ks)) {
		ret = 1;
		goto out;
	}
	if (optind == argc)
		ret |= do_one(&ks, "-");
	for (i = optind; i < argc; i++)
		ret |= do_one(&ks, argv[i]);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		ret = 1;
	}
out:
	if (ks.tfm >= 0)
		close(ks.tfm);
	free(ks.buf);
	return ret;
}

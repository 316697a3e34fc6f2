// SPDX-License-Identifier: GPL-2.0
/*
 * khsum: print or check keyed-hash digests of files, sha256sum style,
 * computed by libkeyedhash in the process (the module's own code, on any
 * kernel, with or without the module), or with --kernel by the kernel
 * through AF_ALG (so by the keyedhash module's drivers), with libkcapi's
 * message-digest API.  Manual: tools/khsum.1.
 *
 * Build ("make khsum" does this, with libkeyedhash, build/lib/):
 *   gcc -O2 -Wall -Wextra -Itools -Ilibkeyedhash/include -DKHSUM_LIBKEYEDHASH \
 *	-o build/khsum tools/khsum.c tools/afalg.c build/lib/libkeyedhash.a -lkcapi
 * Without -DKHSUM_LIBKEYEDHASH it computes through the kernel only, as the
 * test rig builds it, static, for its busybox initramfs (the arm64
 * libkcapi.a from Debian's arm64 libkcapi-dev, tests/rig/kernel/kcapi.sh):
 *   gcc -O2 -Wall -Wextra -static -Itools -o build/khsum tools/khsum.c \
 *	tools/afalg.c -lkcapi
 * Where libkcapi is not installed, "make khsum" builds it with
 * -DKHSUM_NO_KCAPI and without -lkcapi: libkeyedhash computes, and
 * --kernel is refused with a message saying why (tools/kcapi-none.h).
 *
 * Usage: khsum -a ALGORITHM -k KEYFILE [-c] [FILE...]   (see usage() below)
 *
 * One libkcapi handle holds the algorithm and the key (the tfm socket);
 * each file gets its own handle from kcapi_handle_reinit(), so its own op
 * socket, and an error in one file leaves no state behind for the next.
 * hash_file() does the per-file work for both modes, and reports progress
 * on long inputs when standard error is a terminal.  tools/afalg.c is
 * still linked for what libkcapi does not do: the errno names and the
 * sysctls behind the error messages.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifdef KHSUM_NO_KCAPI
#include "kcapi-none.h"	/* built without libkcapi: no --kernel */
#else
#include <kcapi.h>
#endif

#include "afalg.h"
#ifdef KHSUM_LIBKEYEDHASH
#include <keyedhash.h>
#endif

/*
 * Bytes per read() and per kcapi_md_update().  libkcapi 1.4.0 sends an
 * update of less than 32 KiB with one send(); a longer one goes through
 * vmsplice()/splice(), falling back to one sendmsg() of the whole rest
 * once it exceeds the pipe or after 16 updates.  Linux 6.12 and 7.x take
 * a long splice or send in 16-page pieces and return a short count when a
 * later piece fails, and libkcapi then sends the rest as if nothing had
 * happened: the error is lost and the digest is of a different message
 * (6.1 returns the error).  Below 32 KiB
 * every send() covers at most 9 pages, so the kernel's error (e.g.
 * Multimixer-128's EINVAL for a message longer than the key) comes back
 * from the update that caused it, on every kernel.
 */
#define KHSUM_CHUNK	(16U << 10)
/* Bytes per read() for libkeyedhash, which takes any length. */
#define KHSUM_LIB_CHUNK	(256U << 10)
#define KHSUM_PROGRESS_DELAY	1.0	/* s before a progress line appears */
#define KHSUM_PROGRESS_EVERY	0.2	/* s between updates */

enum progress_mode { PROGRESS_AUTO, PROGRESS_ON, PROGRESS_OFF };

struct khsum {
	const char *alg;	/* -a argument, as given; NULL: -c takes it from tags */
	const char *keyfile;	/* -k or --key-hex argument */
	bool keyhex;		/* --key-hex: the key file holds hex digits */
	unsigned char *key;	/* the key, kept (wiped at the end) for -c's algorithms */
	size_t keycap;		/* bytes allocated at key */
	const char *cur;	/* the algorithm the handles below are for; NULL: none */
	char failed[AFALG_MAX_NAME + 1];	/* the last algorithm refused (said once) */
	struct kcapi_handle *tfm;	/* --kernel: the algorithm with the key set */
#ifdef KHSUM_LIBKEYEDHASH
	keyedhash_key *lkey;	/* otherwise: libkeyedhash's key */
	keyedhash_state *lstate;	/* and a message state for it */
#endif
	bool kernel;		/* compute through AF_ALG (--kernel) */
	bool verbose;
	size_t chunk;		/* bytes per read() */
	size_t keylen;
	unsigned char *buf;	/* KHSUM_CHUNK bytes */
	enum progress_mode progress;
	bool tty;		/* standard error is a terminal */
	bool tag;		/* --tag: BSD lines "ALGORITHM (file) = hex" */
	bool zero;		/* -z: lines end with NUL, names unescaped */
	/* --check options */
	bool quiet, status, strict, warn, ignore_missing;
	size_t digestsize;	/* of the algorithm, once known; 0 before */
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
"Usage: %s -a ALGORITHM -k KEYFILE [OPTION]... [FILE]...\n"
"  or:  %s [-a ALGORITHM] -k KEYFILE -c [OPTION]... [SUMFILE]...\n"
"Print or check keyed-hash digests, computed by libkeyedhash (the\n"
"keyedhash module's code, in this process: no module, no AF_ALG needed),\n"
"or with --kernel by the kernel crypto API through AF_ALG.\n"
"Output lines are \"<hex digest>  <file name>\", as sha256sum writes them\n"
"(with --tag \"<ALGORITHM> (<file name>) = <hex digest>\").\n"
"With no FILE, or when FILE is -, read standard input.\n"
"\n"
"  -a, --algorithm NAME  crypto API algorithm or driver name, as in\n"
"                        /proc/crypto: highwayhash64, highwayhash128,\n"
"                        highwayhash256, nhpoly1305, sthash,\n"
"                        sthash-personalized, multimixer128, or a driver\n"
"                        such as highwayhash256-generic\n"
"  -k, --key-file FILE   read the key from FILE, raw bytes; \"-\" reads it\n"
"                        from standard input (then every FILE or SUMFILE\n"
"                        must be named).  Read up to one byte past the\n"
"                        algorithm's longest key, then refused\n"
"      --key-hex FILE    the same, with the key as hex digits in FILE\n"
"                        (white space between pairs allowed)\n"
"      --tag             print BSD-style lines naming the algorithm,\n"
"                        \"HIGHWAYHASH256 (file) = <hex>\"\n"
"  -z, --zero            end each output line with NUL, not newline, and\n"
"                        print file names as they are (no escaping)\n"
"  -c, --check           read digests from the SUMFILEs (lines as this\n"
"                        program prints them, with or without --tag, mixed)\n"
"                        and check them: print \"<file>: OK\" or\n"
"                        \"<file>: FAILED\" for each.  A --tag line is\n"
"                        checked with the algorithm it names (with -a's\n"
"                        driver if -a names the same algorithm), an\n"
"                        untagged line with -a; every line under the one\n"
"                        key.  Digests are compared in constant time\n"
"                        (keyedhash_verify)\n"
"      --kernel          compute through the kernel (AF_ALG, libkcapi):\n"
"                        the keyedhash module's drivers, or the kernel's\n"
"      --verbose         say on standard error which code computes\n"
"                        (libkeyedhash and its driver, or the kernel)\n"
"      --progress        show progress on standard error for every input\n"
"      --no-progress     never show progress (default: shown when standard\n"
"                        error is a terminal and an input takes over 1 s)\n"
"  -h, --help            show this help and exit\n"
"      --version         show the version and exit\n"
"\n"
"With --check only:\n"
"      --ignore-missing  skip files that do not exist\n"
"      --quiet           do not print OK for each verified file\n"
"      --status          print nothing; the exit status tells\n"
"      --strict          exit non-zero on improperly formatted lines\n"
"  -w, --warn            warn about each improperly formatted line\n"
"\n"
"Key sizes: highwayhash* 32 bytes; nhpoly1305 1088 bytes; sthash 16 to\n"
"4096 bytes (the seed); sthash-personalized the blob\n"
"  le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2\n"
"(length 0 = no personalization); multimixer128 32 to 65536 bytes, a\n"
"multiple of 32, and at least as long as the message, which must be a\n"
"non-empty multiple of 32 bytes.\n"
"\n"
"Security: sthash, sthash-personalized and highwayhash* (as its authors\n"
"state its security; prefer 128 or 256 bits) are MACs/PRFs on their own:\n"
"use them for tags.  nhpoly1305 and multimixer128 are unmasked universal\n"
"hashes, building blocks only: their digests are no MAC (nhpoly1305 hashes\n"
"the empty message to zero under every key; multimixer128 digests leak\n"
"the key) and must never authenticate anything on their own.\n"
"\n"
"By default libkeyedhash computes, with the SIMD code this CPU runs\n"
"(KEYEDHASH_FORCE_GENERIC=1 in the environment: the generic C); -a then\n"
"takes its algorithm and driver names (the same as the module's).\n"
"With --kernel, the kernel needs AF_ALG hash sockets (algif_hash) and the\n"
"keyedhash module; once installed (make install, DKMS) it loads on first use.\n"
"AF_ALG copies the key with sock_kmalloc(), so a key must be smaller\n"
"than net.core.optmem_max (20480 by default on Linux 6.1).  From Linux\n"
"7.3 AF_ALG binds only an allow-list while crypto.af_alg_restrict is 1\n"
"(the default); khsum then says so.\n"
"\n"
"Exit status: 0 if every FILE was hashed (with -c: every listed file\n"
"matched), 1 on any error or mismatch, 2 on bad usage.\n",
		prog, prog);
}

/*
 * The project's version: make passes dkms.conf's PACKAGE_VERSION; a build
 * without it (the test rig's static khsum) says so.
 */
#ifndef KHSUM_VERSION
#define KHSUM_VERSION	"(version not recorded in this build)"
#endif

static void version(void)
{
	printf("khsum (keyedhash) %s\n", KHSUM_VERSION);
#ifdef KHSUM_LIBKEYEDHASH
	printf("libkeyedhash %s\n", keyedhash_version());
#endif
	printf("License GPL-2.0-only.\n");
}

/*
 * The algorithms khsum knows and the longest key each takes: a key is read
 * up to one byte past that, never more (a key file that is a disk image or
 * /dev/zero costs one buffer of this size, then the size rule).  A driver
 * name is its algorithm's name, "-" and the instruction set's.
 */
static const struct {
	const char *name;
	size_t key_max;
} algs[] = {
	{ "highwayhash64", 32 },
	{ "highwayhash128", 32 },
	{ "highwayhash256", 32 },
	{ "sthash-personalized", 16384 },	/* before sthash: its prefix */
	{ "sthash", 4096 },
	{ "multimixer128", 65536 },
	{ "nhpoly1305", 1088 },
};

#define NALGS	(sizeof(algs) / sizeof(algs[0]))
/* The longest key of all (-c with no -a: the algorithms come from tags). */
#define KEY_MAX_ANY	65536

/* The index in algs[] of the algorithm (or driver) @name; -1 if unknown. */
static int alg_index(const char *name)
{
	size_t i, n;

	for (i = 0; name && i < NALGS; i++) {
		n = strlen(algs[i].name);
		if (!strncasecmp(name, algs[i].name, n) &&
		    (name[n] == '\0' || name[n] == '-'))
			return (int)i;
	}
	return -1;
}

/*
 * The most key bytes to read for algorithm @alg (NULL: any of them).  An
 * algorithm the kernel has and khsum does not know (--kernel): AF_ALG's
 * bound, net.core.optmem_max (KEY_MAX_ANY if unreadable).  With
 * libkeyedhash an unknown name is refused after one byte.
 */
static size_t key_max(const struct khsum *ks, const char *alg)
{
	int i = alg_index(alg);
	long optmem;

	if (!alg)
		return KEY_MAX_ANY;
	if (i >= 0)
		return algs[i].key_max;
	if (!ks->kernel)
		return 0;
	optmem = afalg_optmem_max();
	return optmem > 0 && optmem < (long)(INT_MAX / 4) ? (size_t)optmem : KEY_MAX_ANY;
}

/* What a user should know about an algorithm's key and message sizes. */
static const char *size_hint(const char *alg)
{
	switch (alg_index(alg)) {
	case 0: case 1: case 2:
		return "highwayhash keys are exactly 32 bytes";
	case 3:
		return "sthash-personalized keys are the blob le16 seed_len | seed | le16 c1_len | c1 | le16 c2_len | c2 with a seed of 16 to 4096 bytes, at most 16384 bytes in all, and nothing after it";
	case 4:
		return "sthash keys (seeds) are 16 to 4096 bytes";
	case 5:
		return "multimixer128 keys are 32 to 65536 bytes, a multiple of 32; messages are a non-empty multiple of 32 bytes no longer than the key";
	case 6:
		return "nhpoly1305 keys are exactly 1088 bytes";
	}
	return NULL;
}

static bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int hexval(int c);

/*
 * Read at most @max + 1 key bytes from @fd into @buf (room for @max + 1):
 * raw, or with @hex as hex digits (pairs, white space anywhere between
 * them).  Return the length (@max + 1: too long), -errno, or -EILSEQ for a
 * hex file with anything else in it or an odd number of digits.
 */
static ssize_t read_key(int fd, unsigned char *buf, size_t max, bool hex)
{
	unsigned char chunk[512];
	size_t len = 0, i;
	int hi = -1, v;
	ssize_t r;

	while (len <= max) {
		if (hex)
			r = read(fd, chunk, sizeof(chunk));
		else
			r = read(fd, buf + len, max + 1 - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			break;
		if (!hex) {
			len += r;
			continue;
		}
		for (i = 0; i < (size_t)r && len <= max; i++) {
			if (is_space(chunk[i]) && hi < 0)
				continue;
			v = hexval(chunk[i]);
			if (v < 0) {
				explicit_bzero(chunk, sizeof(chunk));
				return -EILSEQ;
			}
			if (hi < 0) {
				hi = v;
			} else {
				buf[len++] = hi << 4 | v;
				hi = -1;
			}
		}
	}
	explicit_bzero(chunk, sizeof(chunk));
	return hi >= 0 && len <= max ? -EILSEQ : (ssize_t)len;
}

/*
 * Read the key (-k or --key-hex) for @alg (NULL: -c with the algorithms in
 * the sums files) into ks->key; print why not and return 1.
 */
static int load_key(struct khsum *ks, const char *alg)
{
	size_t max = key_max(ks, alg);
	const char *rule = NULL, *pre = "; its keys are ";
	ssize_t n;
	int fd = STDIN_FILENO;

	ks->keycap = max + 1;
	ks->key = malloc(ks->keycap);
	if (!ks->key) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	/* libkeyedhash has no such algorithm: it says so, no key read */
	if (!max)
		return 0;
	if (strcmp(ks->keyfile, "-")) {
		fd = open(ks->keyfile, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			fprintf(stderr, "%s: key file %s: %s\n", prog, ks->keyfile,
				strerror(errno));
			return 1;
		}
	}
	n = read_key(fd, ks->key, max, ks->keyhex);
	if (fd != STDIN_FILENO)
		close(fd);
	if (n == -EILSEQ) {
		fprintf(stderr, "%s: key file %s: not a hex key (--key-hex: pairs of hex digits, white space between them allowed)\n",
			prog, ks->keyfile);
		return 1;
	}
	if (n < 0) {
		fprintf(stderr, "%s: key file %s: %s\n", prog, ks->keyfile,
			strerror((int)-n));
		return 1;
	}
	ks->keylen = n;
	if (ks->keylen <= max)
		return 0;
	/* the size rule: libkeyedhash's words, else khsum's own sentence */
#ifdef KHSUM_LIBKEYEDHASH
	rule = keyedhash_key_rule(alg);
#endif
	if (!rule) {
		rule = size_hint(alg);
		pre = "; ";
	}
	if (!alg)
		fprintf(stderr, "%s: the key from %s is longer than %zu bytes, the longest key any algorithm takes\n",
			prog, ks->keyfile, max);
	else if (alg_index(alg) >= 0)
		fprintf(stderr, "%s: %s rejected the key from %s: longer than %zu bytes%s%s\n",
			prog, alg, ks->keyfile, max, rule ? pre : "",
			rule ? rule : "");
	else
		fprintf(stderr, "%s: %s: the key from %s is longer than %zu bytes: AF_ALG takes keys smaller than net.core.optmem_max (%zu)\n",
			prog, alg, ks->keyfile, max, max);
	return 1;
}

#ifdef KHSUM_LIBKEYEDHASH
/* libkeyedhash's key and state for @alg; print why not and return 1. */
static int lib_open(struct khsum *ks, const char *alg)
{
	const char *rule;
	int err;

	err = keyedhash_key_new(&ks->lkey, alg, ks->key, ks->keylen);
	if (!err)
		err = keyedhash_state_new(&ks->lstate, ks->lkey);
	if (!err) {
		ks->digestsize = keyedhash_key_digest_size(ks->lkey);
		if (ks->verbose)
			fprintf(stderr, "%s: %s computed by libkeyedhash %s in this process, driver %s (--kernel: by the kernel)\n",
				prog, alg, keyedhash_version(),
				keyedhash_key_driver(ks->lkey));
		return 0;
	}
	if (err == KEYEDHASH_EALG) {
		fprintf(stderr, "%s: algorithm %s not known to libkeyedhash (it has highwayhash64, highwayhash128, highwayhash256, sthash, sthash-personalized, multimixer128, nhpoly1305 and their drivers); --kernel asks the kernel's crypto API instead\n",
			prog, alg);
	} else if (err == KEYEDHASH_EKEY) {
		rule = keyedhash_key_rule(alg);
		fprintf(stderr, "%s: %s rejected the %zu-byte key from %s: wrong key size%s%s\n",
			prog, alg, ks->keylen, ks->keyfile,
			rule ? "; its keys are " : "", rule ? rule : "");
	} else if (err == KEYEDHASH_ENOTSUP) {
		fprintf(stderr, "%s: driver %s needs an instruction set this CPU lacks; name the algorithm to get the fastest driver it runs\n",
			prog, alg);
	} else {
		fprintf(stderr, "%s: %s: %s\n", prog, alg, keyedhash_strerror(err));
	}
	return 1;
}

static void lib_close(struct khsum *ks)
{
	keyedhash_state_free(ks->lstate);
	keyedhash_key_free(ks->lkey);
	ks->lstate = NULL;
	ks->lkey = NULL;
}
#endif

/*
 * --kernel: open @alg through AF_ALG (libkcapi) and set the key; print why
 * not and return 1.
 */
static int kernel_open(struct khsum *ks, const char *alg)
{
	const char *hint;
	int err;

	if (ks->verbose)
		fprintf(stderr, "%s: %s computed by the kernel through AF_ALG (libkcapi)\n",
			prog, alg);

	/* libkcapi would cut a longer name short and bind to that */
	if (strlen(alg) > AFALG_MAX_NAME)
		err = -ENAMETOOLONG;
	else
		err = kcapi_md_init(&ks->tfm, alg, 0);
	if (err) {
		ks->tfm = NULL;
		if ((err == -ENOENT && afalg_restrict() == 1) ||
		    (err == -EAFNOSUPPORT && afalg_restrict() == 2))
			fprintf(stderr, "%s: algorithm %s refused: this kernel restricts AF_ALG (sysctl crypto.af_alg_restrict = %ld: %s); to allow it, as root: sysctl -w crypto.af_alg_restrict=0 (lets every local user bind every kernel hash through AF_ALG, as before Linux 7.3)\n",
				prog, alg, afalg_restrict(),
				err == -ENOENT ? "only the kernel's allow-list of hashes, which keyedhash's are not on" :
				"no AF_ALG sockets at all");
		else if (err == -ENOENT)
			fprintf(stderr, "%s: algorithm %s not available: the kernel has no hash of that name; is the keyedhash module installed (it then loads on demand) or loaded (modprobe keyedhash)?\n",
				prog, alg);
		else if (err == -EAFNOSUPPORT)
			fprintf(stderr, "%s: this kernel has no AF_ALG sockets (CONFIG_CRYPTO_USER_API_HASH)\n",
				prog);
		else if (err == -ENAMETOOLONG)
			fprintf(stderr, "%s: algorithm name %s is longer than %d characters\n",
				prog, alg, AFALG_MAX_NAME);
		else if (err == -EPROTONOSUPPORT)
			fprintf(stderr, "%s: cannot open algorithm %s: libkcapi asks the kernel about it through the crypto netlink interface, which this kernel lacks (CONFIG_CRYPTO_USER, module crypto_user)\n",
				prog, alg);
		else
			fprintf(stderr, "%s: cannot open algorithm %s: %s (%s)\n",
				prog, alg, afalg_errname(err), strerror(-err));
		return 1;
	}

	err = kcapi_md_setkey(ks->tfm, ks->key, ks->keylen);
	if (err == -EINVAL) {
		hint = size_hint(alg);
		fprintf(stderr, "%s: %s rejected the %zu-byte key from %s (EINVAL): wrong key size%s%s\n",
			prog, alg, ks->keylen, ks->keyfile,
			hint ? "; " : "", hint ? hint : "");
	} else if (err == -ENOMEM) {
		fprintf(stderr, "%s: the kernel refused the %zu-byte key (ENOMEM): AF_ALG keys must be smaller than net.core.optmem_max (now %ld); raise it, e.g. sysctl -w net.core.optmem_max=%zu\n",
			prog, ks->keylen, afalg_optmem_max(),
			(ks->keylen + 4096) & ~(size_t)4095);
	} else if (err) {
		fprintf(stderr, "%s: %s: setting the %zu-byte key failed: %s (%s)\n",
			prog, alg, ks->keylen, afalg_errname(err),
			strerror(-err));
	}
	if (!err) {
		/* 0 if libkcapi could not learn it: then from the first digest */
		ks->digestsize = kcapi_md_digestsize(ks->tfm);
		return 0;
	}
	kcapi_md_destroy(ks->tfm);
	ks->tfm = NULL;
	return 1;
}

static void kernel_close(struct khsum *ks)
{
	if (ks->tfm)
		kcapi_md_destroy(ks->tfm);
	ks->tfm = NULL;
}

/* Close what khsum_use() opened. */
static void khsum_close(struct khsum *ks)
{
	kernel_close(ks);
#ifdef KHSUM_LIBKEYEDHASH
	lib_close(ks);
#endif
	ks->cur = NULL;
	ks->digestsize = 0;
}

/*
 * Make @alg the algorithm hash_file() computes, with the key read before
 * (a no-op if it is already).  Print why not, once per algorithm in a
 * row, and return 1.
 */
static int khsum_use(struct khsum *ks, const char *alg)
{
	int err;

	if (ks->cur && !strcmp(ks->cur, alg))
		return 0;
	if (ks->failed[0] && !strcmp(ks->failed, alg))
		return 1;
	khsum_close(ks);
#ifdef KHSUM_LIBKEYEDHASH
	if (!ks->kernel)
		err = lib_open(ks, alg);
	else
#endif
		err = kernel_open(ks, alg);
	if (err) {
		khsum_close(ks);
		snprintf(ks->failed, sizeof(ks->failed), "%s", alg);
		return 1;
	}
	ks->cur = alg;
	ks->failed[0] = '\0';
	return 0;
}

/*
 * kcapi_md_update() as a negative errno.  libkcapi 1.4.0 returns send()'s
 * -1 itself, not -errno, when the kernel refuses an input under 32 KiB
 * (the only size khsum sends); errno then says why.
 */
static int md_update(struct kcapi_handle *op, const unsigned char *p, size_t n)
{
	ssize_t r = kcapi_md_update(op, p, n);

	return r == -1 ? -errno : (int)r;
}

/* Explain a failure of the kernel while hashing @name; @at_end: in final(). */
static void hash_error(const struct khsum *ks, const char *name, int err,
		       bool at_end, unsigned long long bytes)
{
	const char *hint;

	if (err == -EINVAL) {
		hint = size_hint(ks->cur);
		if (at_end)
			fprintf(stderr, "%s: %s: %s does not support this message length (EINVAL at the end of the %llu-byte message)%s%s\n",
				prog, name, ks->cur, bytes,
				hint ? "; " : "", hint ? hint : "");
		else
			fprintf(stderr, "%s: %s: %s does not support this message length (EINVAL after %llu bytes)%s%s\n",
				prog, name, ks->cur, bytes,
				hint ? "; " : "", hint ? hint : "");
		return;
	}
	fprintf(stderr, "%s: %s: hashing with %s failed after %llu bytes: %s (%s)\n",
		prog, name, ks->cur, bytes, afalg_errname(err), strerror(-err));
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Progress of one input on standard error. */
struct progress {
	bool on;		/* may be shown for this input */
	bool shown;		/* a line is on the screen (or in the log) */
	const char *name;
	unsigned long long total;	/* 0 if unknown (not a regular file) */
	double start, last;
};

static void progress_begin(const struct khsum *ks, struct progress *pg,
			   int fd, const char *name)
{
	struct stat st;

	memset(pg, 0, sizeof(*pg));
	pg->on = ks->progress == PROGRESS_ON ||
		 (ks->progress == PROGRESS_AUTO && ks->tty);
	pg->name = name;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0)
		pg->total = st.st_size;
	pg->start = now();
	pg->last = pg->start;
}

static void progress_print(const struct khsum *ks, struct progress *pg,
			   unsigned long long bytes, double t)
{
	double mib = bytes / 1048576.0, dt = t - pg->start;

	fprintf(stderr, "%s%s: %s: ", ks->tty ? "\r\033[K" : "", prog, pg->name);
	if (pg->total)
		fprintf(stderr, "%3u%% %.1f of %.1f MiB", (unsigned int)(bytes * 100 / pg->total),
			mib, pg->total / 1048576.0);
	else
		fprintf(stderr, "%.1f MiB", mib);
	if (dt > 0)
		fprintf(stderr, ", %.1f MiB/s", mib / dt);
	/* on a terminal the line is rewritten in place; elsewhere one per update */
	if (!ks->tty)
		fputc('\n', stderr);
	pg->shown = true;
}

static void progress_update(const struct khsum *ks, struct progress *pg,
			    unsigned long long bytes)
{
	double t;

	if (!pg->on)
		return;
	t = now();
	if (ks->progress != PROGRESS_ON && t - pg->start < KHSUM_PROGRESS_DELAY)
		return;
	if (pg->shown && t - pg->last < KHSUM_PROGRESS_EVERY)
		return;
	pg->last = t;
	progress_print(ks, pg, bytes, t);
}

/* Final state for --progress; on a terminal the line is erased. */
static void progress_end(const struct khsum *ks, struct progress *pg,
			 unsigned long long bytes)
{
	if (ks->progress == PROGRESS_ON && !ks->tty)
		progress_print(ks, pg, bytes, now());
	else if (pg->shown && ks->tty)
		fputs("\r\033[K", stderr);
}

#ifdef KHSUM_LIBKEYEDHASH
/* Explain libkeyedhash's refusal of the message @name. */
static void lib_hash_error(const struct khsum *ks, const char *name, int err,
			   bool at_end, unsigned long long bytes)
{
	const char *hint = size_hint(ks->cur);

	if (err == KEYEDHASH_EMSG)
		fprintf(stderr, at_end ?
			"%s: %s: %s does not support this message length (refused at the end of the %llu-byte message)%s%s\n" :
			"%s: %s: %s does not support this message length (refused after %llu bytes)%s%s\n",
			prog, name, ks->cur, bytes, hint ? "; " : "", hint ? hint : "");
	else
		fprintf(stderr, "%s: %s: hashing with %s failed after %llu bytes: %s\n",
			prog, name, ks->cur, bytes, keyedhash_strerror(err));
}

/* hash_file() with libkeyedhash. */
static int lib_hash_file(struct khsum *ks, int fd, const char *name,
			 struct khsum_result *res)
{
	struct progress pg;
	ssize_t r;
	int err;

	keyedhash_reset(ks->lstate);
	progress_begin(ks, &pg, fd, name);
	for (;;) {
		r = read(fd, ks->buf, ks->chunk);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = errno;
			progress_end(ks, &pg, res->bytes);
			fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(err));
			return 2;
		}
		if (!r)
			break;
		err = keyedhash_update(ks->lstate, ks->buf, r);
		if (err) {
			progress_end(ks, &pg, res->bytes);
			lib_hash_error(ks, name, err, false, res->bytes);
			return 1;
		}
		res->bytes += r;
		progress_update(ks, &pg, res->bytes);
	}
	err = keyedhash_final(ks->lstate, res->digest, sizeof(res->digest));
	progress_end(ks, &pg, res->bytes);
	if (err) {
		lib_hash_error(ks, name, err, true, res->bytes);
		return 1;
	}
	res->len = keyedhash_key_digest_size(ks->lkey);
	return 0;
}
#endif

/* hash_file() through the kernel (--kernel). */
static int kernel_hash_file(struct khsum *ks, int fd, const char *name,
			    struct khsum_result *res)
{
	struct kcapi_handle *op;
	struct progress pg;
	ssize_t r;
	int err;

	err = kcapi_handle_reinit(&op, ks->tfm, 0);
	if (err) {
		hash_error(ks, name, err, false, 0);
		return 1;
	}
	progress_begin(ks, &pg, fd, name);
	for (;;) {
		r = read(fd, ks->buf, KHSUM_CHUNK);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = errno;
			progress_end(ks, &pg, res->bytes);
			fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(err));
			kcapi_md_destroy(op);
			return 2;
		}
		if (!r)
			break;
		err = md_update(op, ks->buf, r);
		if (err) {
			progress_end(ks, &pg, res->bytes);
			hash_error(ks, name, err, false, res->bytes);
			kcapi_md_destroy(op);
			return 1;
		}
		res->bytes += r;
		progress_update(ks, &pg, res->bytes);
	}
	r = kcapi_md_final(op, res->digest, sizeof(res->digest));
	kcapi_md_destroy(op);
	progress_end(ks, &pg, res->bytes);
	if (r < 0) {
		hash_error(ks, name, r, true, res->bytes);
		return 1;
	}
	res->len = r;
	return 0;
}

/*
 * Hash everything readable from @fd into @res with the algorithm of the
 * last khsum_use().  @name is for messages.  Return: 0, 1 after printing
 * why the kernel (or libkeyedhash) failed, or 2 after printing why @fd
 * could not be read.
 */
static int hash_file(struct khsum *ks, int fd, const char *name,
		     struct khsum_result *res)
{
	res->bytes = 0;
#ifdef KHSUM_LIBKEYEDHASH
	if (!ks->kernel)
		return lib_hash_file(ks, fd, name, res);
#endif
	return kernel_hash_file(ks, fd, name, res);
}

/*
 * The name of @alg's tag in --tag lines: its algorithm's name (a driver's
 * too), upper case, as sha256sum --tag writes SHA256; khsum -c takes it in
 * any case.  An algorithm only the kernel has: its name as given.
 */
static void tag_name(const char *alg, char *out, size_t size)
{
	int i = alg_index(alg);
	size_t n;

	snprintf(out, size, "%s", i >= 0 ? algs[i].name : alg);
	for (n = 0; out[n]; n++)
		if (out[n] >= 'a' && out[n] <= 'z')
			out[n] -= 'a' - 'A';
}

/* True if @name must be printed escaped, as sha256sum does. */
static bool needs_escape(const char *name)
{
	return strpbrk(name, "\\\n\r") != NULL;
}

/* @name with '\\', '\n' and '\r' escaped if @esc. */
static void print_name(const char *name, bool esc)
{
	const char *p;

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
}

/*
 * "<hex>  <name>", or with --tag "<ALGORITHM> (<name>) = <hex>", with a
 * leading '\\' when the name is escaped; with -z ending in NUL, never
 * escaped (as sha256sum -z).
 */
static void print_result(const struct khsum *ks, const char *name,
			 const struct khsum_result *res)
{
	bool esc = !ks->zero && needs_escape(name);
	char tag[AFALG_MAX_NAME + 1];
	size_t i;

	if (esc)
		putchar('\\');
	if (ks->tag) {
		tag_name(ks->cur, tag, sizeof(tag));
		printf("%s (", tag);
		print_name(name, esc);
		fputs(") = ", stdout);
	}
	for (i = 0; i < res->len; i++)
		printf("%02x", res->digest[i]);
	if (!ks->tag) {
		fputs("  ", stdout);
		print_name(name, esc);
	}
	putchar(ks->zero ? '\0' : '\n');
}

/* Open @name ("-": standard input) for reading; -errno on failure. */
static int open_input(const char *name)
{
	int fd;

	if (!strcmp(name, "-"))
		return STDIN_FILENO;
	fd = open(name, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static int do_one(struct khsum *ks, const char *name)
{
	struct khsum_result res;
	int fd, ret;

	fd = open_input(name);
	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(-fd));
		return 1;
	}
	ret = hash_file(ks, fd, name, &res);
	if (fd != STDIN_FILENO)
		close(fd);
	if (!ret)
		print_result(ks, name, &res);
	return ret ? 1 : 0;
}

#ifdef KHSUM_LIBKEYEDHASH
/*
 * Many small files with libkeyedhash: regular files of at most
 * KHSUM_BATCH_FILE bytes are read whole and hashed together, up to
 * KHSUM_BATCH_FILES of them or KHSUM_BATCH_BYTES, by
 * keyedhash_digest_many() (HighwayHash runs two files' chains at once);
 * anything else (standard input, a longer file, an error) first prints the
 * batch so far, so the lines keep the order of the arguments.
 */
#define KHSUM_BATCH_FILE	(64U << 10)
#define KHSUM_BATCH_BYTES	(1U << 20)
#define KHSUM_BATCH_FILES	256

struct khsum_batch {
	unsigned char *buf;	/* KHSUM_BATCH_BYTES */
	size_t used;
	size_t n;
	const char *name[KHSUM_BATCH_FILES];
	const void *msg[KHSUM_BATCH_FILES];
	size_t len[KHSUM_BATCH_FILES];
	unsigned char out[KHSUM_BATCH_FILES * AFALG_MAX_DIGEST];
};

/* Print the digests of the files in @b (each on its own where one fails). */
static int batch_flush(struct khsum *ks, struct khsum_batch *b)
{
	size_t ds = keyedhash_key_digest_size(ks->lkey), i;
	struct khsum_result res;
	int err, ret = 0;

	if (!b->n)
		return 0;
	err = keyedhash_digest_many(ks->lkey, b->n, b->msg, b->len, b->out,
				    sizeof(b->out));
	for (i = 0; i < b->n; i++) {
		res.len = ds;
		res.bytes = b->len[i];
		if (err) {
			int e = keyedhash_digest(ks->lkey, b->msg[i], b->len[i],
						 res.digest, sizeof(res.digest));

			if (e) {
				lib_hash_error(ks, b->name[i], e, true, res.bytes);
				ret = 1;
				continue;
			}
		} else {
			memcpy(res.digest, b->out + i * ds, ds);
		}
		print_result(ks, b->name[i], &res);
	}
	explicit_bzero(b->buf, b->used);
	b->used = 0;
	b->n = 0;
	return ret;
}

/*
 * Read the @size bytes of the regular file open at @fd into @b, which has
 * room for them and one more; true if it is now in the batch, false after
 * a read error or if the file's length was not @size (it is then hashed
 * on its own).
 */
static bool batch_read(struct khsum_batch *b, int fd, const char *name,
		       size_t size)
{
	size_t got = 0;
	ssize_t r = 0;

	/* one byte more than its size, to see its end */
	while (got <= size) {
		r = read(fd, b->buf + b->used + got, size + 1 - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += r;
	}
	if (r < 0 || got != size)
		return false;
	b->name[b->n] = name;
	b->msg[b->n] = b->buf + b->used;
	b->len[b->n] = size;
	b->used += size;
	b->n++;
	return true;
}

/* do_one() for every name of @names, small regular files in batches. */
static int do_many(struct khsum *ks, char **names, int count)
{
	struct khsum_batch *b = calloc(1, sizeof(*b));
	int i, fd, ret = 0;
	struct stat stb;

	if (b)
		b->buf = malloc(KHSUM_BATCH_BYTES);
	if (!b || !b->buf) {
		free(b);
		for (i = 0; i < count; i++)
			ret |= do_one(ks, names[i]);
		return ret;
	}
	for (i = 0; i < count; i++) {
		fd = strcmp(names[i], "-") ? open_input(names[i]) : -1;
		if (fd >= 0 && !fstat(fd, &stb) && S_ISREG(stb.st_mode) &&
		    stb.st_size <= KHSUM_BATCH_FILE) {
			if (b->n == KHSUM_BATCH_FILES ||
			    (size_t)stb.st_size + 1 > KHSUM_BATCH_BYTES - b->used)
				ret |= batch_flush(ks, b);
			if (batch_read(b, fd, names[i], stb.st_size)) {
				close(fd);
				continue;
			}
		}
		if (fd >= 0)
			close(fd);
		/* the batch's lines first; then this one as before, opened anew */
		ret |= batch_flush(ks, b);
		ret |= do_one(ks, names[i]);
	}
	ret |= batch_flush(ks, b);
	free(b->buf);
	free(b);
	return ret;
}
#endif

/* ---------------------------------------------------------------- --check */

struct check_counts {
	unsigned long lines;		/* properly formatted lines */
	unsigned long improper;
	unsigned long mismatched;
	unsigned long unreadable;	/* could not be opened or read */
	unsigned long unhashable;	/* the kernel refused the message */
	unsigned long verified;		/* files checked, OK or not */
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Undo print_name()'s escaping in place; false if @s is not escaped right. */
static bool unescape(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		if (*r != '\\') {
			*w++ = *r++;
			continue;
		}
		r++;
		if (*r == '\\')
			*w++ = '\\';
		else if (*r == 'n')
			*w++ = '\n';
		else if (*r == 'r')
			*w++ = '\r';
		else
			return false;
		r++;
	}
	*w = '\0';
	return true;
}

/* Hex digits at @p into @digest; the count of bytes, 0 if none or too many. */
static size_t parse_hex(const char *p, unsigned char *digest, const char **end)
{
	size_t n = 0;

	while (hexval(p[0]) >= 0 && hexval(p[1]) >= 0) {
		if (n == AFALG_MAX_DIGEST)
			return 0;
		digest[n++] = hexval(p[0]) << 4 | hexval(p[1]);
		p += 2;
	}
	*end = p;
	return n;
}

/*
 * Parse "[\\]<hex>  <name>" or "[\\]<hex> *<name>" (binary-mode marker,
 * as sha256sum -b writes), or a --tag line "[\\]<ALGORITHM> (<name>) =
 * <hex>" (the name up to the last ") = ").  @line has no newline.  Return:
 * true and @digest, @dlen, @name and @tag (NULL for an untagged line)
 * filled in, or false for an improper line.
 */
static bool parse_line(char *line, unsigned char *digest, size_t *dlen,
		       char **name, char **tag)
{
	const char *end;
	bool esc = false;
	char *p = line, *q, *last = NULL;
	size_t n;

	if (*p == '\\') {
		esc = true;
		p++;
	}
	*tag = NULL;
	n = parse_hex(p, digest, &end);
	if (n && end[0] == ' ' && (end[1] == ' ' || end[1] == '*') && end[2]) {
		*name = (char *)end + 2;
		*dlen = n;
		return !esc || unescape(*name);
	}
	/*
	 * a tag: letters, digits and "-_(),", as in the kernel's algorithm
	 * names ("HMAC(SHA256)" with --kernel), then " ("
	 */
	for (q = p; *q && (isalnum((unsigned char)*q) || strchr("-_(),", *q)); q++)
		;
	if (q == p || q - p > AFALG_MAX_NAME || q[0] != ' ' || q[1] != '(')
		return false;
	for (end = q + 2; (end = strstr(end, ") = ")); end++)
		last = (char *)end;
	if (!last || last == q + 2)
		return false;
	n = parse_hex(last + 4, digest, &end);
	if (!n || *end)
		return false;
	*q = '\0';
	*last = '\0';
	*tag = p;
	*name = q + 2;
	*dlen = n;
	return !esc || unescape(*name);
}

/*
 * The algorithm of a sums line: -a for an untagged line; for a tagged one
 * the tag's algorithm, or -a when -a names it or one of its drivers (or is
 * the kernel's algorithm of that name).  NULL: none (improper line).
 */
static const char *line_alg(const struct khsum *ks, const char *tag)
{
	int i;

	if (!tag)
		return ks->alg;
	i = alg_index(tag);
	if (i >= 0 && strlen(tag) != strlen(algs[i].name))
		return NULL;		/* a driver name is no tag */
	if (ks->alg && (i >= 0 ? alg_index(ks->alg) == i : !strcasecmp(tag, ks->alg)))
		return ks->alg;
	return i >= 0 ? algs[i].name : NULL;
}

/* "<name>: <what>" on standard output, the name escaped like print_result. */
static void check_report(const struct khsum *ks, const char *name,
			 const char *what, bool ok)
{
	bool esc = needs_escape(name);

	if (ks->status || (ok && ks->quiet))
		return;
	if (esc)
		putchar('\\');
	print_name(name, esc);
	printf(": %s\n", what);
}

/*
 * -c's comparison, in constant time: libkeyedhash's keyedhash_verify(); the
 * kernel-only build (the test rig's static khsum) has the same loop.
 */
static bool digest_equal(const unsigned char *a, const unsigned char *b,
			 size_t len)
{
#ifdef KHSUM_LIBKEYEDHASH
	return !keyedhash_verify(a, b, len);
#else
	const volatile unsigned char *x = a, *y = b;
	unsigned int acc = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		acc |= x[i] ^ y[i];
		__asm__ __volatile__("" : "+r"(acc));
	}
	return acc == 0;
#endif
}

static void check_one(struct khsum *ks, struct check_counts *cc,
		      const char *sumfile, unsigned long lineno, char *line)
{
	unsigned char want[AFALG_MAX_DIGEST];
	struct khsum_result res;
	const char *alg = NULL;
	char *name, *tag;
	size_t wlen;
	int fd, ret;

	if (parse_line(line, want, &wlen, &name, &tag))
		alg = line_alg(ks, tag);
	if (alg && khsum_use(ks, alg)) {
		/* said why once (khsum_use()); the file stays unverified */
		cc->lines++;
		cc->unhashable++;
		check_report(ks, name, "FAILED hashing", false);
		return;
	}
	if (!alg || (ks->digestsize && wlen != ks->digestsize)) {
		cc->improper++;
		if (ks->warn)
			fprintf(stderr, "%s: %s: %lu: improperly formatted checksum line\n",
				prog, sumfile, lineno);
		return;
	}
	if (!strcmp(name, "-") && !strcmp(sumfile, "-")) {
		cc->lines++;
		cc->unreadable++;
		if (!ks->status)
			fprintf(stderr, "%s: standard input can't be both the sums file and a listed file\n",
				prog);
		check_report(ks, name, "FAILED open or read", false);
		return;
	}
	fd = open_input(name);
	if (fd == -ENOENT && ks->ignore_missing) {
		cc->lines++;
		return;
	}
	if (fd < 0) {
		cc->lines++;
		cc->unreadable++;
		if (!ks->status)
			fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(-fd));
		check_report(ks, name, "FAILED open or read", false);
		return;
	}
	ret = hash_file(ks, fd, name, &res);
	if (fd != STDIN_FILENO)
		close(fd);
	if (!ret && !ks->digestsize)
		ks->digestsize = res.len;
	if (!ret && res.len != wlen) {
		/* a digest of another algorithm: not a line for this one */
		cc->improper++;
		if (ks->warn)
			fprintf(stderr, "%s: %s: %lu: improperly formatted checksum line\n",
				prog, sumfile, lineno);
		return;
	}
	cc->lines++;
	cc->verified++;
	if (ret == 2) {
		cc->unreadable++;
		check_report(ks, name, "FAILED open or read", false);
	} else if (ret) {
		cc->unhashable++;
		check_report(ks, name, "FAILED hashing", false);
	} else if (!digest_equal(res.digest, want, wlen)) {
		cc->mismatched++;
		check_report(ks, name, "FAILED", false);
	} else {
		check_report(ks, name, "OK", true);
	}
}

static void warn_count(unsigned long n, const char *one, const char *many)
{
	if (n)
		fprintf(stderr, "%s: WARNING: %lu %s\n", prog, n, n == 1 ? one : many);
}

/* Check every line of @sumfile; return 0 if all is well, else 1. */
static int check_sums(struct khsum *ks, const char *sumfile)
{
	struct check_counts cc = { 0 };
	unsigned long lineno = 0;
	size_t cap = 0;
	char *line = NULL;
	ssize_t len;
	FILE *f;
	int ret = 0;

	if (!strcmp(sumfile, "-")) {
		f = stdin;
	} else {
		f = fopen(sumfile, "re");
		if (!f) {
			fprintf(stderr, "%s: %s: %s\n", prog, sumfile, strerror(errno));
			return 1;
		}
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (!len || line[0] == '#')
			continue;	/* blank lines and comments */
		if (memchr(line, '\0', len)) {
			cc.improper++;
			continue;
		}
		check_one(ks, &cc, sumfile, lineno, line);
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", prog, sumfile);
		ret = 1;
	}
	free(line);
	if (f != stdin)
		fclose(f);

	if (!cc.lines) {
		if (!ks->status)
			fprintf(stderr, "%s: %s: no properly formatted checksum lines found\n",
				prog, sumfile);
		return 1;
	}
	if (!ks->status) {
		warn_count(cc.improper, "line is improperly formatted",
			   "lines are improperly formatted");
		warn_count(cc.unreadable, "listed file could not be read",
			   "listed files could not be read");
		warn_count(cc.unhashable, "listed file could not be hashed",
			   "listed files could not be hashed");
		warn_count(cc.mismatched, "computed checksum did NOT match",
			   "computed checksums did NOT match");
	}
	if (ks->ignore_missing && !cc.verified) {
		if (!ks->status)
			fprintf(stderr, "%s: %s: no file was verified\n", prog, sumfile);
		ret = 1;
	}
	if (cc.mismatched || cc.unreadable || cc.unhashable ||
	    (ks->strict && cc.improper))
		ret = 1;
	return ret;
}

int main(int argc, char **argv)
{
	enum {
		OPT_PROGRESS = 256, OPT_NO_PROGRESS, OPT_IGNORE_MISSING,
		OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_KERNEL, OPT_VERBOSE,
		OPT_KEY_HEX, OPT_TAG, OPT_VERSION,
	};
	static const struct option longopts[] = {
		{ "algorithm",	required_argument,	NULL, 'a' },
		{ "key-file",	required_argument,	NULL, 'k' },
		{ "key-hex",	required_argument,	NULL, OPT_KEY_HEX },
		{ "tag",	no_argument,		NULL, OPT_TAG },
		{ "zero",	no_argument,		NULL, 'z' },
		{ "check",	no_argument,		NULL, 'c' },
		{ "kernel",	no_argument,		NULL, OPT_KERNEL },
		{ "verbose",	no_argument,		NULL, OPT_VERBOSE },
		{ "progress",	no_argument,		NULL, OPT_PROGRESS },
		{ "no-progress", no_argument,		NULL, OPT_NO_PROGRESS },
		{ "ignore-missing", no_argument,	NULL, OPT_IGNORE_MISSING },
		{ "quiet",	no_argument,		NULL, OPT_QUIET },
		{ "status",	no_argument,		NULL, OPT_STATUS },
		{ "strict",	no_argument,		NULL, OPT_STRICT },
		{ "warn",	no_argument,		NULL, 'w' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "version",	no_argument,		NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	struct khsum ks = { .progress = PROGRESS_AUTO };
#ifndef KHSUM_LIBKEYEDHASH
	/* built without libkeyedhash: the kernel computes (--kernel or not) */
	ks.kernel = true;
#endif
	bool check = false, check_opt = false;
	int c, i, ret = 0, nkeys = 0;

	/* getopt's own messages then start "khsum:", not the binary's path */
	if (argc > 0)
		argv[0] = (char *)prog;
	while ((c = getopt_long(argc, argv, "a:k:cwhz", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			ks.alg = optarg;
			break;
		case 'k':
		case OPT_KEY_HEX:
			ks.keyfile = optarg;
			ks.keyhex = c == OPT_KEY_HEX;
			nkeys++;
			break;
		case OPT_TAG:
			ks.tag = true;
			break;
		case 'z':
			ks.zero = true;
			break;
		case OPT_VERSION:
			version();
			return 0;
		case 'c':
			check = true;
			break;
		case OPT_KERNEL:
			ks.kernel = true;
			break;
		case OPT_VERBOSE:
			ks.verbose = true;
			break;
		case OPT_PROGRESS:
			ks.progress = PROGRESS_ON;
			break;
		case OPT_NO_PROGRESS:
			ks.progress = PROGRESS_OFF;
			break;
		case OPT_IGNORE_MISSING:
			ks.ignore_missing = check_opt = true;
			break;
		case OPT_QUIET:
			ks.quiet = check_opt = true;
			break;
		case OPT_STATUS:
			ks.status = check_opt = true;
			break;
		case OPT_STRICT:
			ks.strict = check_opt = true;
			break;
		case 'w':
			ks.warn = check_opt = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			fprintf(stderr, "Try '%s --help'.\n", prog);
			return 2;
		}
	}
	if ((!ks.alg && !check) || !ks.keyfile) {
		fprintf(stderr, "%s: %s is required\nTry '%s --help'.\n", prog,
			ks.keyfile ? "-a ALGORITHM" : "-k KEYFILE (or --key-hex HEXFILE)", prog);
		return 2;
	}
	if (nkeys > 1) {
		fprintf(stderr, "%s: one key: -k KEYFILE or --key-hex HEXFILE, once\nTry '%s --help'.\n",
			prog, prog);
		return 2;
	}
	if (check && (ks.tag || ks.zero)) {
		fprintf(stderr, "%s: %s goes with printing digests, not with --check (which reads both kinds of line, newline-terminated)\nTry '%s --help'.\n",
			prog, ks.tag ? "--tag" : "-z (--zero)", prog);
		return 2;
	}
	if (check_opt && !check) {
		fprintf(stderr, "%s: --ignore-missing, --quiet, --status, --strict and --warn go with --check\nTry '%s --help'.\n",
			prog, prog);
		return 2;
	}
	if (!strcmp(ks.keyfile, "-")) {
		bool stdin_data = optind == argc;

		for (i = optind; i < argc; i++)
			stdin_data |= !strcmp(argv[i], "-");
		if (stdin_data) {
			fprintf(stderr, "%s: standard input can't be both the key (%s -) and %s\n",
				prog, ks.keyhex ? "--key-hex" : "-k",
				check ? "the sums file" : "data");
			return 2;
		}
	}
#ifdef KHSUM_NO_KCAPI
	if (ks.kernel) {
		fprintf(stderr, "%s: --kernel is not available in this khsum: it was built without libkcapi (libkcapi-dev was not installed when it was built), so it cannot reach the kernel through AF_ALG; without --kernel it computes with libkeyedhash (the same digests); for --kernel, rebuild it where libkcapi-dev is installed (Debian: apt-get install libkcapi-dev; make khsum) or install the keyedhash-tools package\n",
			prog);
		return 2;
	}
#endif
	ks.tty = isatty(STDERR_FILENO);
	/* every error is explained below, once, by khsum itself */
	kcapi_set_verbosity(KCAPI_LOG_NONE);

	ks.chunk = ks.kernel ? KHSUM_CHUNK : KHSUM_LIB_CHUNK;
	ks.buf = malloc(ks.chunk);
	if (!ks.buf) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	/* with -c and no -a each line's tag names its algorithm, under this key */
	if (load_key(&ks, ks.alg) || (ks.alg && khsum_use(&ks, ks.alg))) {
		ret = 1;
		goto out;
	}
	if (check) {
		if (optind == argc)
			ret |= check_sums(&ks, "-");
		for (i = optind; i < argc; i++)
			ret |= check_sums(&ks, argv[i]);
	} else {
		if (optind == argc)
			ret |= do_one(&ks, "-");
#ifdef KHSUM_LIBKEYEDHASH
		else if (!ks.kernel)
			ret |= do_many(&ks, argv + optind, argc - optind);
#endif
		else
			for (i = optind; i < argc; i++)
				ret |= do_one(&ks, argv[i]);
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		ret = 1;
	}
out:
	khsum_close(&ks);
	if (ks.key)
		explicit_bzero(ks.key, ks.keycap);
	free(ks.key);
	free(ks.buf);
	return ret;
}

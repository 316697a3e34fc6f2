// SPDX-License-Identifier: GPL-2.0
/*
 * kh-faults: keyedhash when the kernel's allocations fail, for the debug
 * kernel's fault injection (CONFIG_FAULT_INJECTION, CONFIG_FAILSLAB,
 * CONFIG_FAIL_PAGE_ALLOC; tests/vm/faults-guest.sh sets failslab and
 * fail_page_alloc up to count sleeping allocations too).  The Nth fault
 * point of one system call is made to fail through
 * /proc/thread-self/fail-nth, which counts only the calling task's
 * allocations.
 *
 * Build (static, for the busybox initramfs of the debug VM):
 *   gcc -O2 -Wall -Wextra -static -Itools -o kh-faults \
 *	tests/afalg/kh_faults.c tools/afalg.c
 *
 * kh-faults load MODULE.ko N
 *	finit_module() with its Nth fault point failing.  Prints
 *	"load N: RESULT injected|not-reached LEFT" (RESULT "ok" or an errno
 *	name; LEFT: fail-nth afterwards, N less the points the load reached).
 *
 * kh-faults afalg REFDIR NAME:DRIVER...
 *	For each driver, an AF_ALG hash of one reference message (the key
 *	and digest from REFDIR/ref.txt, tests/rig/kernel/abuse-ref.sh; for
 *	multimixer128 also a 64 KiB key, its digest the driver's own without
 *	faults) in steps: socket, bind (the tfm allocation), setkey, accept,
 *	send of the first half with MSG_MORE, accept on the op socket (a
 *	copy of the state mid-message), send of the rest, read of the
 *	digest, and the copy finished too.  For every step and every N from
 *	1 until the step no longer reaches an Nth fault point, the scenario
 *	runs with that step's Nth allocation failing.  Each step must succeed
 *	or fail with ENOMEM (socket() and accept() also ENFILE: see
 *	expected_errno()); a digest read must be right; a socket whose
 *	setkey failed must refuse to hash (ENOKEY: no key kept); after a
 *	failure the whole scenario must work again without faults.  Prints
 *	PASS:/FAIL: lines (one per driver and step) and a "figures:" line.
 *
 * kh-faults random REFDIR OPS NAME:DRIVER...
 *	The same scenarios, OPS in all, with this task marked for the
 *	probability faults (/proc/self/make-it-fail; faults-guest.sh sets the
 *	probability): every step must succeed or fail as above, every digest
 *	read must be right.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if_alg.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "afalg.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define MAX_KEY		65536
#define MAX_MSG		4096
#define MAX_N		5000	/* fault points of one step, at most */

static int fail_nth = -1;

/* Arm the Nth fault point of this thread's next calls (0: disarm). */
static void arm(unsigned int n)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%u", n);

	if (pwrite(fail_nth, buf, len, 0) != len) {
		perror("fail-nth");
		exit(2);
	}
}

/* Disarm; true if the armed fault was injected (fail-nth read 0). */
static bool disarm(void)
{
	char buf[16] = "";
	ssize_t n = pread(fail_nth, buf, sizeof(buf) - 1, 0);
	bool injected = n > 0 && strtoul(buf, NULL, 10) == 0;

	arm(0);
	return injected;
}

static void open_fail_nth(void)
{
	fail_nth = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC);
	if (fail_nth < 0) {
		perror("/proc/thread-self/fail-nth (CONFIG_FAULT_INJECTION?)");
		exit(2);
	}
}

static unsigned char *read_file(const char *path, size_t *len, size_t max)
{
	FILE *f = fopen(path, "rb");
	unsigned char *p = malloc(max + 1);

	if (!f || !p) {
		fprintf(stderr, "kh-faults: cannot read %s\n", path);
		exit(2);
	}
	*len = fread(p, 1, max + 1, f);
	fclose(f);
	if (*len > max) {
		fprintf(stderr, "kh-faults: %s is longer than %zu bytes\n", path, max);
		exit(2);
	}
	return p;
}

/* ------------------------------------------------------------ load */

static int do_load(const char *path, unsigned int n)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret, err;
	char left[16] = "";

	if (fd < 0) {
		perror(path);
		return 2;
	}
	open_fail_nth();
	arm(n);
	ret = (int)syscall(SYS_finit_module, fd, "", 0);
	err = errno;
	if (pread(fail_nth, left, sizeof(left) - 1, 0) <= 0)
		strcpy(left, "?");
	left[strcspn(left, "\n")] = 0;
	disarm();
	/* fail-nth reads 0 once the fault was injected */
	printf("load %u: %s %s %s\n", n, ret ? afalg_errname(err) : "ok",
	       strcmp(left, "0") ? "not-reached" : "injected", left);
	close(fd);
	return 0;
}

/* ------------------------------------------------------------ afalg */

struct job {
	char name[64], driver[64];
	const unsigned char *key;
	size_t keylen;
	const unsigned char *msg;
	size_t msglen;
	unsigned char want[AFALG_MAX_DIGEST];
	size_t wantlen;
};

enum step { S_SOCKET, S_BIND, S_SETKEY, S_ACCEPT, S_SEND1, S_CLONE, S_SEND2,
	    S_READ, S_CLONE_FINISH, S_COUNT };
static const char *const step_name[S_COUNT] = {
	"socket", "bind", "setkey", "accept", "send(MSG_MORE)",
	"accept(op) mid-message", "send(final)", "read", "the copy finished",
};

struct outcome {
	int failed_step;	/* -1: all went through */
	int err;		/* its errno */
	bool injected;		/* the armed fault point was reached */
	bool bad_digest, bad_copy;
	bool enokey;		/* after a failed setkey: hashing refused */
};

static void close_all(int *fds, int n)
{
	while (n--)
		if (fds[n] >= 0)
			close(fds[n]);
}

/*
 * One scenario; @armed: the step whose system call runs with its @n-th
 * fault point failing (-1: none).  Steps in order; the first failing one
 * ends it.
 */
static void scenario(const struct job *j, int armed, unsigned int n,
		     struct outcome *o)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash" };
	int tfm = -1, op = -1, cp = -1, s, ret = 0;
	unsigned char got[AFALG_MAX_DIGEST];
	size_t half = j->msglen / 2;
	ssize_t r = 0;

	memset(o, 0, sizeof(*o));
	o->failed_step = -1;
	memcpy(sa.salg_name, j->driver, sizeof(j->driver));
	for (s = 0; s < S_COUNT; s++) {
		if (s == armed)
			arm(n);
		errno = 0;
		switch (s) {
		case S_SOCKET:
			ret = tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
			break;
		case S_BIND:
			ret = bind(tfm, (struct sockaddr *)&sa, sizeof(sa));
			break;
		case S_SETKEY:
			ret = setsockopt(tfm, SOL_ALG, ALG_SET_KEY, j->key, j->keylen);
			break;
		case S_ACCEPT:
			ret = op = accept4(tfm, NULL, NULL, SOCK_CLOEXEC);
			break;
		case S_SEND1:
			r = send(op, j->msg, half, MSG_MORE);
			ret = r == (ssize_t)half ? 0 : -1;
			break;
		case S_CLONE:
			ret = cp = accept4(op, NULL, NULL, SOCK_CLOEXEC);
			break;
		case S_SEND2:
			r = send(op, j->msg + half, j->msglen - half, 0);
			ret = r == (ssize_t)(j->msglen - half) ? 0 : -1;
			break;
		case S_READ:
			r = read(op, got, sizeof(got));
			ret = r < 0 ? -1 : 0;
			if (!ret && ((size_t)r != j->wantlen || memcmp(got, j->want, r)))
				o->bad_digest = true;
			break;
		case S_CLONE_FINISH:
			r = send(cp, j->msg + half, j->msglen - half, 0);
			if (r == (ssize_t)(j->msglen - half))
				r = read(cp, got, sizeof(got));
			else if (r >= 0)
				errno = EIO;
			ret = r < 0 ? -1 : 0;
			if (!ret && ((size_t)r != j->wantlen || memcmp(got, j->want, r)))
				o->bad_copy = true;
			break;
		}
		if (ret < 0 && !errno)
			errno = EIO;	/* a short send */
		if (s == armed)
			o->injected = disarm();
		if (ret < 0) {
			o->failed_step = s;
			o->err = errno;
			break;
		}
	}
	/* a key that could not be set must not be half-kept */
	if (o->failed_step == S_SETKEY) {
		op = accept4(tfm, NULL, NULL, SOCK_CLOEXEC);
		r = op < 0 ? -errno : 0;
		if (!r && send(op, j->msg, j->msglen, 0) < 0)
			r = -errno;
		if (!r && read(op, got, sizeof(got)) < 0)
			r = -errno;
		o->enokey = r == -ENOKEY;
	}
	close_all((int[]){ cp, op, tfm }, 3);
}

static unsigned long checks_failed, checks_passed;

/*
 * The errno a step may fail with when an allocation fails: ENOMEM, and
 * for the calls that make a socket (socket(), accept()) also ENFILE,
 * which the kernel's socket layer returns when it cannot allocate the
 * socket's inode ("not exactly a match, but the closest").
 */
static bool expected_errno(int step, int err)
{
	if (err == ENOMEM)
		return true;
	return err == ENFILE &&
	       (step == S_SOCKET || step == S_ACCEPT || step == S_CLONE);
}

static void result(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void result(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf(ok ? "PASS: " : "FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (ok)
		checks_passed++;
	else
		checks_failed++;
}

/* Append to the list of what went wrong (cut short when full). */
static void note(char *bad, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void note(char *bad, size_t size, const char *fmt, ...)
{
	size_t used = strlen(bad);
	va_list ap;

	if (used + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(bad + used, size - used, fmt, ap);
	va_end(ap);
}

/* Every step of @j with each of its fault points failing in turn. */
static void afalg_job(const struct job *j, unsigned long *points)
{
	struct outcome o, again;
	int s;

	scenario(j, -1, 0, &o);
	result(o.failed_step < 0 && !o.bad_digest && !o.bad_copy,
	       "%s: %zu-byte key, %zu-byte message: digest right without faults",
	       j->driver, j->keylen, j->msglen);
	if (o.failed_step >= 0)
		return;
	for (s = 0; s < S_COUNT; s++) {
		unsigned int n, failed = 0, enomem = 0, absorbed = 0;
		char bad[300] = "";

		for (n = 1; n <= MAX_N; n++) {
			scenario(j, s, n, &o);
			if (o.failed_step < 0 && !o.bad_digest && !o.bad_copy) {
				if (!o.injected)
					break;	/* no Nth fault point in this step */
				absorbed++;	/* e.g. kvmalloc's vmalloc fallback */
				continue;
			}
			if (o.bad_digest || o.bad_copy) {
				note(bad, sizeof(bad), " n=%u: wrong %s;", n,
				     o.bad_digest ? "digest" : "digest of the copy");
				failed++;
			} else if (expected_errno(o.failed_step, o.err) && o.failed_step == s) {
				enomem++;
			} else {
				note(bad, sizeof(bad), " n=%u: %s %s%s;", n,
				     step_name[o.failed_step], afalg_errname(o.err),
				     o.injected ? "" : " (nothing injected)");
				failed++;
			}
			if (o.failed_step == S_SETKEY && !o.enokey) {
				note(bad, sizeof(bad), " n=%u: hashed after a failed setkey;", n);
				failed++;
			}
			scenario(j, -1, 0, &again);
			if (again.failed_step >= 0 || again.bad_digest || again.bad_copy) {
				note(bad, sizeof(bad), " n=%u: broken without faults afterwards;", n);
				failed++;
			}
		}
		if (n > MAX_N) {
			note(bad, sizeof(bad), " more than %d fault points;", MAX_N);
			failed++;
		}
		*points += n - 1;
		result(!failed, "%s: %s: %u fault points, %u gave ENOMEM/ENFILE, %u absorbed%s%s",
		       j->driver, step_name[s], n - 1, enomem, absorbed,
		       failed ? ", wrong:" : "", bad);
	}
}

/* @j's digest as the driver computes it without faults. */
static void own_digest(struct job *j)
{
	int t = afalg_open(j->driver), op = -1;
	ssize_t r = t;

	if (t >= 0)
		r = afalg_setkey(t, j->key, j->keylen);
	if (!r)
		r = op = afalg_accept(t);
	if (op >= 0)
		r = afalg_digest(op, j->msg, j->msglen, j->want, sizeof(j->want), NULL);
	if (r <= 0) {
		fprintf(stderr, "kh-faults: %s, %zu-byte key: %s\n", j->driver,
			j->keylen, afalg_errname(r ? (int)r : EIO));
		exit(2);
	}
	j->wantlen = (size_t)r;
	close_all((int[]){ op, t }, 2);
}

/* Jobs from REFDIR/ref.txt for the NAME:DRIVER arguments. */
static int make_jobs(const char *refdir, char **specs, int nspecs, struct job **out)
{
	static unsigned char bigkey[MAX_KEY];
	struct job *jobs = calloc(2 * nspecs, sizeof(*jobs));
	char path[512], line[1024], name[64], keyf[128], msgf[128], hex[200];
	int i, nj = 0;
	FILE *f;

	for (i = 0; i < MAX_KEY; i++)
		bigkey[i] = (unsigned char)(i * 167 + 3);
	for (i = 0; i < nspecs; i++) {
		char *colon = strchr(specs[i], ':');
		struct job *j = &jobs[nj];
		size_t best = 0, k;

		if (!colon || colon - specs[i] >= (int)sizeof(j->name) ||
		    strlen(colon + 1) >= sizeof(j->driver)) {
			fprintf(stderr, "kh-faults: bad NAME:DRIVER '%s'\n", specs[i]);
			exit(2);
		}
		memcpy(j->name, specs[i], colon - specs[i]);
		strcpy(j->driver, colon + 1);
		snprintf(path, sizeof(path), "%s/ref.txt", refdir);
		f = fopen(path, "r");
		if (!f) {
			perror(path);
			exit(2);
		}
		/* the longest reference message up to 1 KiB: several blocks */
		while (fgets(line, sizeof(line), f)) {
			size_t ml;

			if (sscanf(line, "%63s %127s %127s %199s", name, keyf, msgf, hex) != 4 ||
			    strcmp(name, j->name))
				continue;
			snprintf(path, sizeof(path), "%s/%s", refdir, msgf);
			free(read_file(path, &ml, 1 << 20));
			if (ml > 1024 || (best && ml <= best))
				continue;
			best = ml;
			snprintf(path, sizeof(path), "%s/%s", refdir, keyf);
			j->key = read_file(path, &j->keylen, MAX_KEY);
			snprintf(path, sizeof(path), "%s/%s", refdir, msgf);
			j->msg = read_file(path, &j->msglen, MAX_MSG);
			j->wantlen = strlen(hex) / 2;
			for (k = 0; k < j->wantlen; k++)
				sscanf(hex + 2 * k, "%2hhx", &j->want[k]);
		}
		fclose(f);
		if (!best) {
			fprintf(stderr, "kh-faults: no reference message for %s\n", j->name);
			exit(2);
		}
		nj++;
		/* Multimixer-128's largest key, the kvmalloc() in its setkey */
		if (!strcmp(j->name, "multimixer128")) {
			jobs[nj] = *j;
			jobs[nj].key = bigkey;
			jobs[nj].keylen = MAX_KEY;
			own_digest(&jobs[nj]);
			nj++;
		}
	}
	*out = jobs;
	return nj;
}

static int do_afalg(const char *refdir, char **specs, int nspecs)
{
	unsigned long points = 0;
	struct job *jobs;
	int nj, i;

	nj = make_jobs(refdir, specs, nspecs, &jobs);
	open_fail_nth();
	/* no page fault of ours may meet an injected failure */
	mlockall(MCL_CURRENT | MCL_FUTURE);
	for (i = 0; i < nj; i++)
		afalg_job(&jobs[i], &points);
	printf("figures: kh-faults afalg jobs=%d fault-points=%lu\n", nj, points);
	printf("kh-faults: %lu passed, %lu failed\n", checks_passed, checks_failed);
	return checks_failed ? 1 : 0;
}

static int do_random(const char *refdir, unsigned long ops, char **specs, int nspecs)
{
	unsigned long i, ok = 0, enomem = 0, other = 0, wrong = 0;
	struct outcome o;
	struct job *jobs;
	char first[128] = "";
	int nj, f;

	nj = make_jobs(refdir, specs, nspecs, &jobs);
	mlockall(MCL_CURRENT | MCL_FUTURE);
	f = open("/proc/self/make-it-fail", O_WRONLY | O_CLOEXEC);
	if (f < 0 || write(f, "1", 1) != 1) {
		perror("/proc/self/make-it-fail");
		return 2;
	}
	for (i = 0; i < ops; i++) {
		scenario(&jobs[i % nj], -1, 0, &o);
		if (o.bad_digest || o.bad_copy)
			wrong++;
		else if (o.failed_step < 0)
			ok++;
		else if (expected_errno(o.failed_step, o.err))
			enomem++;
		else if (!other++)
			snprintf(first, sizeof(first), "%s: %s %s", jobs[i % nj].driver,
				 step_name[o.failed_step], afalg_errname(o.err));
	}
	if (write(f, "0", 1) != 1)
		perror("/proc/self/make-it-fail");
	close(f);
	result(!wrong, "probability faults: %lu scenarios, no wrong digest (%lu wrong)",
	       ops, wrong);
	result(!other, "probability faults: every failure ENOMEM or ENFILE (%lu ok, %lu ENOMEM/ENFILE, %lu other%s%s)",
	       ok, enomem, other, other ? ", first: " : "", first);
	result(enomem > 0, "probability faults: some failed (the faults were on)");
	printf("figures: kh-faults random scenarios=%lu ok=%lu enomem=%lu\n", ops, ok, enomem);
	printf("kh-faults: %lu passed, %lu failed\n", checks_passed, checks_failed);
	return checks_failed ? 1 : 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "load"))
		return do_load(argv[2], (unsigned int)strtoul(argv[3], NULL, 0));
	if (argc >= 4 && !strcmp(argv[1], "afalg"))
		return do_afalg(argv[2], argv + 3, argc - 3);
	if (argc >= 5 && !strcmp(argv[1], "random"))
		return do_random(argv[2], strtoul(argv[3], NULL, 0), argv + 4, argc - 4);
	fprintf(stderr, "usage: kh-faults load MODULE.ko N\n"
		"       kh-faults afalg REFDIR NAME:DRIVER...\n"
		"       kh-faults random REFDIR OPS NAME:DRIVER...\n");
	return 2;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * kh-afalg-pin: how much kernel memory can a local user pin through AF_ALG
 * with keyedhash's keys?  Each bound hash socket holds a tfm, and
 * setsockopt(ALG_SET_KEY) makes the algorithm keep its own copy of the key
 * (Multimixer-128: up to 64 KiB, kvmalloc()ed by lib/multimixer128.c).
 *
 * Build (static, for the busybox initramfs of the VM tests):
 *   gcc -O2 -Wall -Wextra -static -Itools -o kh-afalg-pin \
 *	tests/afalg/kh_afalg_pin.c tools/afalg.c
 *
 * Usage: kh-afalg-pin ALG KEYLEN MAX [UID]
 *
 * Raises RLIMIT_NOFILE to MAX + 16 (as root), drops to UID (and GID UID)
 * if given, then opens tfm sockets bound to ALG and sets a KEYLEN-byte key
 * on each until one call fails or MAX keys are set, keeping them all
 * open.  Then it closes the last keyed socket (room for an op socket
 * where the cgroup is full), prints its memory cgroup's memory.current,
 * hashes one block on the socket keyed before (the keys are real), and exits
 * (which frees everything).  Its own memory is touched before the loop,
 * so that no page fault of its own meets a full cgroup.  Output, one line
 * each:
 *   pin: ALG, KEYLEN-byte keys, at most MAX
 *   pin: memory.current BYTES        (in a cgroup v2 other than the root)
 *   pin: keys N
 *   pin: stopped CALL ERRNO-NAME     (or "pin: stopped max")
 *   pin: memory.current BYTES        (with one key less)
 *   pin: hash ok                     (or "pin: hash failed ERRNO-NAME")
 * Exit status 0 if it ran (whatever stopped it), 2 on a usage or setup
 * error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "afalg.h"

/*
 * memory.current of our cgroup v2, opened while we are still root (as
 * uid 65534 neither /proc/self/cgroup nor the file is ours to open).
 */
static int cg_current = -1;

static void find_cgroup(void)
{
	char line[512], path[600];
	FILE *f = fopen("/proc/self/cgroup", "r");

	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (strncmp(line, "0::/", 4) || !line[4])
			continue;
		snprintf(path, sizeof(path), "/sys/fs/cgroup%s/memory.current",
			 line + 3);
		cg_current = open(path, O_RDONLY | O_CLOEXEC);
	}
	if (f)
		fclose(f);
}

static void print_cgroup_current(void)
{
	char buf[32];
	ssize_t n;

	if (cg_current < 0)
		return;		/* the root cgroup, or no cgroup v2 */
	n = pread(cg_current, buf, sizeof(buf) - 1, 0);
	if (n <= 0) {
		printf("pin: memory.current unreadable: %s\n",
		       afalg_errname(n < 0 ? errno : EIO));
		return;
	}
	buf[n] = 0;
	printf("pin: memory.current %s", buf);
}

int main(int argc, char **argv)
{
	static unsigned char key[65536 + 4096];
	static char outbuf[4096];
	unsigned char buf[32] = { 0 }, digest[AFALG_MAX_DIGEST];
	unsigned long keylen, max, n = 0, i;
	const char *stopped = "max";
	struct rlimit rl;
	int last = -1, prev = -1, err = 0, op;
	volatile unsigned char stack[32768];

	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: kh-afalg-pin ALG KEYLEN MAX [UID]\n");
		return 2;
	}
	keylen = strtoul(argv[2], NULL, 0);
	max = strtoul(argv[3], NULL, 0);
	if (keylen > sizeof(key) || !max)
		return 2;
	for (i = 0; i < sizeof(key); i++)
		key[i] = (unsigned char)(i * 131 + 7);
	for (i = 0; i < sizeof(stack); i++)
		stack[i] = 0;
	setvbuf(stdout, outbuf, _IOLBF, sizeof(outbuf));
	find_cgroup();
	printf("pin: %s, %lu-byte keys, at most %lu\n", argv[1], keylen, max);
	print_cgroup_current();	/* (stdio's buffers allocated now) */
	rl.rlim_cur = rl.rlim_max = max + 16;
	if (setrlimit(RLIMIT_NOFILE, &rl)) {
		perror("setrlimit(RLIMIT_NOFILE)");
		return 2;
	}
	if (argc == 5) {
		uid_t uid = (uid_t)strtoul(argv[4], NULL, 0);

		if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
			perror("dropping privileges");
			return 2;
		}
	}
	while (n < max) {
		int tfm = afalg_open(argv[1]);

		if (tfm < 0) {
			stopped = "bind";
			err = -tfm;
			break;
		}
		err = -afalg_setkey(tfm, key, keylen);
		if (err) {
			stopped = "setkey";
			close(tfm);
			break;
		}
		prev = last;
		last = tfm;
		n++;
	}
	printf("pin: keys %lu\n", n);
	if (err)
		printf("pin: stopped %s %s\n", stopped, afalg_errname(err));
	else
		printf("pin: stopped max\n");
	if (prev >= 0) {
		ssize_t r;

		close(last);
		print_cgroup_current();
		op = afalg_accept(prev);
		r = op < 0 ? op : afalg_digest(op, buf, sizeof(buf), digest,
					       AFALG_MAX_DIGEST, NULL);
		if (r < 0)
			printf("pin: hash failed %s\n", afalg_errname((int)r));
		else
			printf("pin: hash ok\n");
	}
	fflush(stdout);
	return 0;
}

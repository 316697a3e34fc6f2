// SPDX-License-Identifier: GPL-2.0
/*
 * finit: load one kernel module with finit_module(2), exactly once.
 * busybox insmod falls back to init_module(2) when finit_module fails, which
 * runs a module such as tcrypt (that always fails its init) twice.
 *
 * Usage: finit MODULE.ko [param=value ...]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char params[4096];
	size_t used = 0;
	int fd, i, ret;

	if (argc < 2) {
		fprintf(stderr, "usage: finit MODULE.ko [param=value ...]\n");
		return 2;
	}
	params[0] = '\0';
	for (i = 2; i < argc; i++) {
		size_t n = strlen(argv[i]);

		if (used + n + 2 > sizeof(params)) {
			fprintf(stderr, "finit: parameters too long\n");
			return 2;
		}
		memcpy(params + used, argv[i], n);
		used += n;
		params[used++] = ' ';
		params[used] = '\0';
	}
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	ret = syscall(SYS_finit_module, fd, params, 0);
	if (ret)
		printf("finit %s: %s\n", argv[1], strerror(errno));
	else
		printf("finit %s: loaded\n", argv[1]);
	return ret ? 1 : 0;
}

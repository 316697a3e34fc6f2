// SPDX-License-Identifier: GPL-2.0
/*
 * HighwayHash-256 of standard input with a 32-byte key file, by the kernel
 * through libkcapi (tools/examples/kcapi-example.c):
 *   cc -o kcapi-example kcapi-example.c -lkcapi
 *   ./kcapi-example key32.bin < file
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <kcapi.h>

int main(int argc, char **argv)
{
	struct kcapi_handle *h = NULL;
	uint8_t key[32], buf[16384], digest[32];
	ssize_t ret;
	size_t n, i;
	FILE *k;

	if (argc != 2 || !(k = fopen(argv[1], "rb")))
		return 2;
	n = fread(key, 1, sizeof(key), k);
	fclose(k);
	ret = kcapi_md_init(&h, "highwayhash256", 0);
	if (!ret)
		ret = kcapi_md_setkey(h, key, n);
	/* pieces under 32 KiB: libkcapi sends each with one send() */
	while (!ret && (n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		ret = kcapi_md_update(h, buf, n);
	if (ret == -1)		/* libkcapi 1.4.0: send()'s -1, errno says why */
		ret = -errno;
	if (!ret && ferror(stdin))
		ret = -EIO;
	if (!ret)
		ret = kcapi_md_final(h, digest, sizeof(digest));
	kcapi_md_destroy(h);
	if (ret < 0) {
		fprintf(stderr, "kcapi-example: %s\n", strerror(-ret));
		return 1;
	}
	for (i = 0; i < (size_t)ret; i++)
		printf("%02x", digest[i]);
	printf("\n");
	return 0;
}

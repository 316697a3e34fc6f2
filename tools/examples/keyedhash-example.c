// SPDX-License-Identifier: GPL-2.0
/*
 * HighwayHash-256 of standard input with a 32-byte key file, in this
 * process with libkeyedhash, no module needed (tools/examples/keyedhash-example.c):
 *   cc -o keyedhash-example keyedhash-example.c $(pkg-config --cflags --libs keyedhash)
 *   ./keyedhash-example key32.bin < file
 */
#include <stdio.h>
#include <keyedhash.h>

int main(int argc, char **argv)
{
	unsigned char key[32], buf[65536], digest[32];
	keyedhash_key *k = NULL;
	keyedhash_state *s = NULL;
	size_t n, i;
	FILE *f;
	int err;

	if (argc != 2 || !(f = fopen(argv[1], "rb")))
		return 2;
	n = fread(key, 1, sizeof(key), f);
	fclose(f);
	err = keyedhash_key_new(&k, "highwayhash256", key, n);
	if (!err)
		err = keyedhash_state_new(&s, k);
	while (!err && (n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		err = keyedhash_update(s, buf, n);
	if (!err)
		err = keyedhash_final(s, digest, sizeof(digest));
	keyedhash_state_free(s);
	keyedhash_key_free(k);
	if (err || ferror(stdin)) {
		fprintf(stderr, "keyedhash-example: %s\n",
			err ? keyedhash_strerror(err) : "read error");
		return 1;
	}
	for (i = 0; i < sizeof(digest); i++)
		printf("%02x", digest[i]);
	printf("\n");
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hosttest: run the module's own init-time self-test (selftest.c) over the
 * generic C drivers in userspace, through tools/shim.  It checks the very
 * source files the module compiles, in seconds, before any VM boots.
 */
#include <stdio.h>
#include <string.h>
#include <keyedhash/keyedhash.h>

int main(int argc, char **argv)
{
	unsigned int i, failed = 0;

	/* --list: "name driver" of every generic driver, for the VM checks */
	if (argc > 1 && !strcmp(argv[1], "--list")) {
		for (i = 0; i < kh_generic_impl_count; i++)
			printf("%s %s\n", kh_generic_impls[i].name,
			       kh_generic_impls[i].driver);
		return 0;
	}

	for (i = 0; i < kh_generic_impl_count; i++) {
		const struct kh_impl *impl = &kh_generic_impls[i];
		int err = kh_selftest(impl);

		printf("%s: %s %s\n", err ? "FAIL" : "PASS", impl->driver,
		       err ? "self-test failed" : "self-test passed");
		failed += !!err;
	}
	printf("hosttest: %u passed, %u failed\n", kh_generic_impl_count - failed,
	       failed);
	return failed ? 1 : 0;
}

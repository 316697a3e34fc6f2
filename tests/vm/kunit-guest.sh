# SPDX-License-Identifier: GPL-2.0
# Runs inside the KUnit kernel VM as /test.sh: load keyedhash.ko, then the
# KUnit module, whose suites run at load and print KTAP to the kernel log.
dmesg -n 1
/finit /keyedhash.ko
/finit /keyedhash_kunit.ko
echo "----- kernel log -----"
dmesg

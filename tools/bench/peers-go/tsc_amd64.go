// SPDX-License-Identifier: GPL-2.0

package main

func ticksBegin() uint64
func ticksEnd() uint64
func addChain(iters uint64)

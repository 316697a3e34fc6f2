// SPDX-License-Identifier: GPL-2.0
/*
 * The "as in the kernel" build of the benchmark (x86_64 only; see
 * build.mk and README.md).  This file is linked, with a second copy of our
 * objects and of the kernel peers, into one relocatable object whose only
 * global symbol is kb_register_kmode(); everything here is built like the
 * rest of that copy, with the kernel-like flags plus Debian's retpoline and
 * return-thunk flags.
 *
 * What it emulates is the cost of a SIMD section in a Linux x86_64 kernel
 * from 5.2 on (arch/x86/kernel/fpu/core.c, asm/fpu/sched.h), for a user
 * task in a system call:
 *
 * kernel_fpu_begin():  preempt_disable(); this CPU's in_kernel_fpu = true;
 *			if the task's user FPU registers are not saved yet
 *			(TIF_NEED_FPU_LOAD clear): set TIF_NEED_FPU_LOAD and
 *			save them (XSAVES there, XSAVEOPT here: XSAVES is
 *			privileged); forget this CPU's register owner;
 *			ldmxcsr(MXCSR_DEFAULT)  (KFPU_MXCSR; 64-bit kernels
 *			do not fninit)
 * kernel_fpu_end():	in_kernel_fpu = false; preempt_enable()
 * return to user:	if TIF_NEED_FPU_LOAD: restore the registers (XRSTORS
 *			there, XRSTOR here), make the task the owner again,
 *			clear TIF_NEED_FPU_LOAD
 *
 * The harness calls the return to user after every message, so the first
 * section of a message pays the save and the restore, any further section
 * only the light part.  A kernel thread (PF_KTHREAD in current->flags: a
 * dm-integrity worker) never saves and never returns to user space: rows
 * run as one (kb_impl.kthread, set_kthread()) pay only the light part,
 * every section.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define KB_MXCSR_DEFAULT	0x1f80
#define KB_TIF_NEED_FPU_LOAD	14	/* the bit number Linux 6.1 uses */
#define KB_PF_KTHREAD		0x00200000	/* include/linux/sched.h */
/* x86 folds "no reschedule needed" into the preempt count as a set bit */
#define KB_PREEMPT_ENABLED	0x80000000u

/* "Per-CPU" and "per-task" state: one thread pinned to one CPU. */
static unsigned int kb_preempt_count = KB_PREEMPT_ENABLED;
static bool kb_in_kernel_fpu;
static const void *kb_fpregs_owner_ctx;		/* this CPU's register owner */
/*
 * The task's thread flags and current->flags: the shim's hooks'
 * (tests/host/kh_shim_hooks.h through kb_shim_hooks.h, weak there), which
 * our drivers' kh_simd_min() reads.
 */
struct kh_shim_task {
	unsigned int flags;
};

struct kh_shim_task kh_shim_task;
unsigned long kh_shim_thread_flags;
#define kb_ti_flags	kh_shim_thread_flags
#define kb_task_flags	kh_shim_task.flags
static struct {
	void *buf;		/* the task's xsave area, 64-byte aligned */
	unsigned int size;
	u64 xfeatures;		/* XCR0 */
} kb_fpstate;
static unsigned long kb_kfpu_sections;

static u64 kb_xgetbv(unsigned int index)
{
	unsigned int lo, hi;

	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(index));
	return lo | (u64)hi << 32;
}

static void kb_cpuid(unsigned int leaf, unsigned int sub, unsigned int r[4])
{
	__asm__ __volatile__("cpuid"
			     : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			     : "a"(leaf), "c"(sub));
}

/* Allocate the task's xsave area: all XCR0 features, standard format. */
static void kb_fpstate_init(void)
{
	unsigned int r[4];

	kb_cpuid(1, 0, r);
	if (!(r[2] & (1u << 27)))		/* OSXSAVE */
		kb_fatal("kernel mode: no XSAVE enabled by the OS");
	kb_cpuid(0xd, 1, r);
	if (!(r[0] & 1))
		kb_fatal("kernel mode: no XSAVEOPT on this CPU");
	kb_cpuid(0xd, 0, r);
	kb_fpstate.size = r[1];		/* EBX: size for the XCR0 features */
	kb_fpstate.xfeatures = kb_xgetbv(0);
	kb_fpstate.buf = kb_zalloc(kb_fpstate.size);	/* zeroed header */
}

static void kb_os_xsave(void)
{
	__asm__ __volatile__("xsaveopt64 (%0)"
			     :
			     : "r"(kb_fpstate.buf), "a"((unsigned int)kb_fpstate.xfeatures),
			       "d"((unsigned int)(kb_fpstate.xfeatures >> 32))
			     : "memory");
}

static void kb_os_xrstor(void)
{
	__asm__ __volatile__("xrstor64 (%0)"
			     :
			     : "r"(kb_fpstate.buf), "a"((unsigned int)kb_fpstate.xfeatures),
			       "d"((unsigned int)(kb_fpstate.xfeatures >> 32))
			     : "memory");
}

static __attribute__((__noinline__)) void kb_preempt_schedule(void)
{
	/* never reached: nothing here ever asks for a reschedule */
	__asm__ __volatile__("" ::: "memory");
}

static inline void kb_preempt_disable(void)
{
	__asm__ __volatile__("incl %0" : "+m"(kb_preempt_count) : : "memory");
}

static inline void kb_preempt_enable(void)
{
	bool zero;

	__asm__ __volatile__("decl %0" : "+m"(kb_preempt_count), "=@ccz"(zero)
			     : : "memory");
	if (__builtin_expect(zero, 0))
		kb_preempt_schedule();
}

static inline bool kb_test_tif(unsigned int bit)
{
	return __atomic_load_n(&kb_ti_flags, __ATOMIC_RELAXED) & (1ul << bit);
}

/* set_thread_flag()/clear_thread_flag(): locked bit operations */
static inline void kb_set_tif(unsigned int bit)
{
	__atomic_fetch_or(&kb_ti_flags, 1ul << bit, __ATOMIC_RELAXED);
}

static inline void kb_clear_tif(unsigned int bit)
{
	__atomic_fetch_and(&kb_ti_flags, ~(1ul << bit), __ATOMIC_RELAXED);
}

void kb_kfpu_begin(void)
{
	kb_preempt_disable();
	if (kb_in_kernel_fpu)
		kb_fatal("kernel mode: nested SIMD section");
	kb_in_kernel_fpu = true;
	kb_kfpu_sections++;
	if (!(__atomic_load_n(&kb_task_flags, __ATOMIC_RELAXED) & KB_PF_KTHREAD) &&
	    !kb_test_tif(KB_TIF_NEED_FPU_LOAD)) {
		kb_set_tif(KB_TIF_NEED_FPU_LOAD);
		kb_os_xsave();
	}
	/* __cpu_invalidate_fpregs_state() */
	__atomic_store_n(&kb_fpregs_owner_ctx, NULL, __ATOMIC_RELAXED);
	__asm__ __volatile__("ldmxcsr %0" : : "m"((unsigned int){
						   KB_MXCSR_DEFAULT }));
}

void kb_kfpu_end(void)
{
	if (!kb_in_kernel_fpu)
		kb_fatal("kernel mode: unbalanced SIMD section");
	kb_in_kernel_fpu = false;
	kb_preempt_enable();
}

/* switch_fpu_return() on the way out of the system call */
static __attribute__((__noinline__)) void kb_switch_fpu_return(void)
{
	if (kb_fpregs_owner_ctx != &kb_fpstate) {
		kb_os_xrstor();
		kb_fpregs_owner_ctx = &kb_fpstate;
	}
	kb_clear_tif(KB_TIF_NEED_FPU_LOAD);
}

/* exit_to_user_mode_prepare(): the harness calls it after every message. */
static void kb_kfpu_user_return(void)
{
	if (__builtin_expect(kb_test_tif(KB_TIF_NEED_FPU_LOAD), 0))
		kb_switch_fpu_return();
}

/* Run as a kernel thread, or as a user task (the default). */
static void kb_kfpu_set_kthread(bool kthread)
{
	kb_kfpu_user_return();
	if (kthread)
		kb_task_flags |= KB_PF_KTHREAD;
	else
		kb_task_flags &= ~KB_PF_KTHREAD;
}

/*
 * Dirty every vector and mask register, as user code that uses AVX-512
 * would: XSAVEOPT then writes all components (none is unmodified since the
 * last XRSTOR, none is in its init state).
 */
static __attribute__((__noinline__)) void kb_dirty_vregs(void)
{
	/* caller-saved in the SysV ABI; this file itself uses no SIMD */
	if (__builtin_cpu_supports("avx512f"))
		__asm__ __volatile__(
			".irp r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
			"vpternlogd $0xff, %%zmm\\r, %%zmm\\r, %%zmm\\r\n"
			".endr\n"
			".irp r,1,2,3,4,5,6,7\n"
			"kxnorw %%k0, %%k0, %%k\\r\n"
			".endr\n" ::: "memory");
	else if (__builtin_cpu_supports("avx2"))
		__asm__ __volatile__(
			".irp r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n"
			"vpcmpeqd %%ymm\\r, %%ymm\\r, %%ymm\\r\n"
			".endr\n" ::: "memory");
}

#define KB_COST_ITERS	4096
#define KB_COST_REPS	41

static int kb_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return (x > y) - (x < y);
}

/* Median over KB_COST_REPS samples of KB_COST_ITERS runs of @what. */
static u64 kb_cost_of(int what)
{
	u64 t[KB_COST_REPS], t0;
	unsigned int r, i;

	for (r = 0; r < KB_COST_REPS; r++) {
		t0 = kb_ticks_begin();
		for (i = 0; i < KB_COST_ITERS; i++) {
			switch (what) {
			case 0:		/* a message with one section */
				kb_kfpu_begin();
				kb_kfpu_end();
				kb_kfpu_user_return();
				break;
			case 1:		/* a further section of a message */
				kb_kfpu_begin();
				kb_kfpu_end();
				break;
			case 2:		/* a message without a section */
				kb_kfpu_user_return();
				break;
			case 3:		/* dirty registers, one section */
				kb_dirty_vregs();
				kb_kfpu_begin();
				kb_kfpu_end();
				kb_kfpu_user_return();
				break;
			case 4:		/* dirtying alone */
				kb_dirty_vregs();
				break;
			case 5:		/* a section in a kernel thread */
				kb_kfpu_begin();
				kb_kfpu_end();
				break;
			}
		}
		t[r] = kb_ticks_end() - t0;
		kb_kfpu_user_return();
	}
	qsort(t, KB_COST_REPS, sizeof(t[0]), kb_cmp_u64);
	return t[KB_COST_REPS / 2];
}

static void kb_kfpu_cost(struct kb_kfpu_cost *c)
{
	unsigned long sections = kb_kfpu_sections;

	u64 dirty, dirtying;

	c->iters = KB_COST_ITERS;
	c->first = kb_cost_of(0);
	c->light = kb_cost_of(1);
	c->none = kb_cost_of(2);
	dirty = kb_cost_of(3);
	dirtying = kb_cost_of(4);
	kb_kfpu_set_kthread(true);
	c->kthread = kb_cost_of(5);
	kb_kfpu_set_kthread(false);
	c->first_dirty = dirty > dirtying ? dirty - dirtying : 0;
	kb_kfpu_sections = sections;
}

static const struct kb_kmode kb_kmode = {
	.user_return = kb_kfpu_user_return,
	.set_kthread = kb_kfpu_set_kthread,
	.sections = &kb_kfpu_sections,
	.cost = kb_kfpu_cost,
};

/*
 * The only global symbol of the kernel-mode object: registers this copy's
 * drivers (our own and the kernel peers), which the harness then renames.
 */
const struct kb_kmode *kb_register_kmode(void)
{
	kb_fpstate_init();
	kb_register_ours();
#ifdef KB_HAVE_LINUX
	kb_register_linux();
#endif
#ifdef KB_HAVE_KPEERS
	kb_register_kpeers();
	kb_register_dmi_ours();
#endif
	/* the init-time self-tests ran SIMD sections: back to user space */
	kb_kfpu_user_return();
	return &kb_kmode;
}

/* Extra macros for spatch --macro-file: kernel constructs that the
 * builtin standard.h does not know and that otherwise make spatch skip
 * whole functions. */
#define COMPAT_SYSCALL_DEFINE0(func) long func(void)
#define COMPAT_SYSCALL_DEFINE1(func, t1, a1) long func(t1 a1)
#define COMPAT_SYSCALL_DEFINE2(func, t1, a1, t2, a2) long func(t1 a1, t2 a2)
#define COMPAT_SYSCALL_DEFINE3(func, t1, a1, t2, a2, t3, a3) long func(t1 a1, t2 a2, t3 a3)
#define COMPAT_SYSCALL_DEFINE4(func, t1, a1, t2, a2, t3, a3, t4, a4) long func(t1 a1, t2 a2, t3 a3, t4 a4)
#define COMPAT_SYSCALL_DEFINE5(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) long func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)
#define COMPAT_SYSCALL_DEFINE6(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6) long func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)
#define SYSCALL_DEFINE0(func) long func(void)

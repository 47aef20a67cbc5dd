/* Extra macros for spatch (--macro-file): kernel constructs standard.h lacks. */
#define COMPAT_SYSCALL_DEFINE0(name) long compat_sys_##name(void)
#define COMPAT_SYSCALL_DEFINE1(name, t1, a1) long compat_sys_##name(t1 a1)
#define COMPAT_SYSCALL_DEFINE2(name, t1, a1, t2, a2) long compat_sys_##name(t1 a1, t2 a2)
#define COMPAT_SYSCALL_DEFINE3(name, t1, a1, t2, a2, t3, a3) long compat_sys_##name(t1 a1, t2 a2, t3 a3)
#define COMPAT_SYSCALL_DEFINE4(name, t1, a1, t2, a2, t3, a3, t4, a4) long compat_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4)
#define COMPAT_SYSCALL_DEFINE5(name, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) long compat_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)
#define COMPAT_SYSCALL_DEFINE6(name, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6) long compat_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)

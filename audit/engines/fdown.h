/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fdown.h: the fd-lifetime ownership model of audit/engines/clang-sa,
 * given to clang --analyze with -include after the kernel's own -includes.
 *
 * The acquirers of a reference (fget(), sockfd_lookup(), dma_buf_get(),
 * filp_open() and the other openers, ...) become allocators and the releases (fput(), sockfd_put(),
 * dma_buf_put(), ...) their deallocators, for the malloc checker
 * (unix.Malloc) in its Optimistic mode, which reads the ownership
 * attributes:
 *   ownership_returns(malloc)   the result is a new allocation
 *   ownership_takes(malloc, 1)  the first argument is freed
 *   ownership_holds(malloc, 1)  the first argument is no longer solely ours
 * so that the checker reports a double put ("Attempt to free released
 * memory"), a use after put ("Use of memory after it is freed") and a
 * reference not put on some path ("Potential leak"), path-sensitively and
 * through the static functions of the file it inlines.
 *
 * - Releases: the attribute goes on a declaration that precedes the
 *   header's own (a later redeclaration does not reach the calls already
 *   parsed in the header's inline functions, e.g. fput() in fdput());
 *   releases that are inline functions (dma_fence_put()) become macros.
 * - Acquirers become macros around the real call, (name)(args) (a
 *   function-like macro does not expand there): the checker's allocation
 *   has uninitialized contents and may be an error pointer, so the result
 *   goes through __fdown_acq_null() / __fdown_acq_err(): a failure (NULL,
 *   or IS_ERR()) is passed through untracked, a success becomes a fresh
 *   allocation that is neither NULL nor IS_ERR() and whose contents are
 *   unknown (__fdown_init(), fdown-sys.h).  A file that defines one of the
 *   wrapped functions gets -DFDOWN_NOWRAP_<name> from the engine.
 * - struct fd (fdget()/fdput()): passed by value, so no ownership attribute
 *   can name it.  fdget*() are wrapped to acquire f.file exactly when the
 *   real result has FDPUT_FPUT (the only case where fdput() puts); fdput()
 *   is the header's own, whose fput() is the annotated one.  The model is
 *   then the real semantics: no finding on the borrowed (flags 0) path, and
 *   a flags change (f.flags = 0 before fdput()) is seen.
 * - get_file() (and get_dma_buf(), dma_fence_get()) return their argument
 *   with one more reference.  A single-owner model cannot count, so the
 *   argument is "held" (ownership_holds): no leak and no use-after-put
 *   finding for it afterwards, and a later put is reported as "Attempt to
 *   free non-owned memory", which the engine drops.  Sound (no false double
 *   put after a get), at the price of not tracking that pointer further.
 */
#ifndef _FDOWN_H
#define _FDOWN_H

/*
 * The analyzer (clang 14) ends a path at an "asm goto" (its CFG has the
 * label edges, its engine does not follow them), and every tracepoint,
 * static_branch_*() and unsafe_get_user() is one: the rest of the function
 * would go unseen.  Without these two options the headers take their plain
 * C forms (static keys read with atomic_read(); no asm goto with outputs).
 * Remaining asm goto: static_cpu_has(), unsafe_put_user() (x86).
 */
#undef CONFIG_JUMP_LABEL
#undef CONFIG_CC_HAS_ASM_GOTO_OUTPUT

#include "fdown-sys.h"

struct file;
struct socket;
struct dma_buf;
struct eventfd_ctx;

/* releases, before the headers declare them */
extern void fput(struct file *) __attribute__((ownership_takes(malloc, 1)));
extern void dma_buf_put(struct dma_buf *) __attribute__((ownership_takes(malloc, 1)));
#ifdef CONFIG_EVENTFD
extern void eventfd_ctx_put(struct eventfd_ctx *) __attribute__((ownership_takes(malloc, 1)));
#endif

void *__fdown_own(const void *) __attribute__((ownership_returns(malloc)));
void __fdown_release(const void *) __attribute__((ownership_takes(malloc, 1)));
void __fdown_hold(const void *) __attribute__((ownership_holds(malloc, 1)));

#include <linux/err.h>
#include <linux/file.h>
#include <linux/fs.h>
#if __has_include(<linux/net.h>)
#include <linux/net.h>
#endif
#if __has_include(<linux/anon_inodes.h>)
#include <linux/anon_inodes.h>
#endif
#if __has_include(<linux/shmem_fs.h>)
#include <linux/shmem_fs.h>
#endif
#if __has_include(<linux/dma-buf.h>)
#include <linux/dma-buf.h>
#endif
#if __has_include(<linux/eventfd.h>)
#include <linux/eventfd.h>
#endif
#if __has_include(<linux/sync_file.h>)
#include <linux/sync_file.h>
#endif

/*
 * p, a successful result, as a fresh allocation that is neither NULL nor an
 * error pointer, with unknown contents.  Written out in each wrapper (not a
 * function of its own, nor IS_ERR()): each inlined call is a level of the
 * analyzer's inlining depth (-analyzer-inline-max-stack-depth, 5), which a
 * syscall's wrappers (__x64_sys_X, __se_sys_X, __do_sys_X) already use up.
 */
#define __FDOWN_FRESH(h, p) do {						\
	(h) = __fdown_own(p);							\
	if (!(h) || (unsigned long)(h) >= (unsigned long)-MAX_ERRNO)		\
		__builtin_unreachable();					\
	__fdown_init((char *)(h));						\
} while (0)

/* an acquirer that returns NULL on failure */
static inline __attribute__((unused)) void *__fdown_acq_null(const void *p)
{
	void *h;

	if (!p)
		return NULL;
	__FDOWN_FRESH(h, p);
	return h;
}

/* an acquirer that returns an ERR_PTR() on failure */
static inline __attribute__((unused)) void *__fdown_acq_err(const void *p)
{
	void *h;

	if ((unsigned long)p >= (unsigned long)-MAX_ERRNO)
		return (void *)p;
	__FDOWN_FRESH(h, p);
	return h;
}

static inline __attribute__((unused)) const void *__fdown_held(const void *p)
{
	__fdown_hold(p);
	return p;
}

#define __FDOWN_NULL(type, call) ((type *)__fdown_acq_null(call))
#define __FDOWN_ERR(type, call) ((type *)__fdown_acq_err(call))

/* fget() family: NULL on failure */
#ifndef FDOWN_NOWRAP_fget
#define fget(fd) __FDOWN_NULL(struct file, (fget)(fd))
#endif
#ifndef FDOWN_NOWRAP_fget_raw
#define fget_raw(fd) __FDOWN_NULL(struct file, (fget_raw)(fd))
#endif
#ifndef FDOWN_NOWRAP_fget_task
#define fget_task(task, fd) __FDOWN_NULL(struct file, (fget_task)(task, fd))
#endif

/* struct fd: f.file is ours exactly when FDPUT_FPUT is set.  Only where
 * struct fd has a file member (the engine defines FDOWN_FD_FILE then; in a
 * tree where it is one word, file and flags bits, the analyzer cannot follow
 * the file through the integer, and fdget() is not modelled) */
#ifdef FDOWN_FD_FILE
static inline __attribute__((unused)) struct fd __fdown_fd(struct fd f)
{
	void *h;

	if (f.file && (f.flags & FDPUT_FPUT)) {
		__FDOWN_FRESH(h, f.file);
		f.file = (struct file *)h;
	}
	return f;
}
#ifndef FDOWN_NOWRAP_fdget
#define fdget(fd) __fdown_fd((fdget)(fd))
#endif
#ifndef FDOWN_NOWRAP_fdget_raw
#define fdget_raw(fd) __fdown_fd((fdget_raw)(fd))
#endif
#ifndef FDOWN_NOWRAP_fdget_pos
#define fdget_pos(fd) __fdown_fd((fdget_pos)(fd))
#endif
#endif

/* openers (those of summary.py's seeds that a header fdown.h includes
 * declares): a new file, ERR_PTR() on failure */
#define __FDOWN_OPENER(name, ...) __FDOWN_ERR(struct file, (name)(__VA_ARGS__))
#ifndef FDOWN_NOWRAP_anon_inode_getfile
#define anon_inode_getfile(...) __FDOWN_OPENER(anon_inode_getfile, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_anon_inode_getfile_secure
#define anon_inode_getfile_secure(...) __FDOWN_OPENER(anon_inode_getfile_secure, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_filp_open
#define filp_open(...) __FDOWN_OPENER(filp_open, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_file_open_name
#define file_open_name(...) __FDOWN_OPENER(file_open_name, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_file_open_root
#define file_open_root(...) __FDOWN_OPENER(file_open_root, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_dentry_open
#define dentry_open(...) __FDOWN_OPENER(dentry_open, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_dentry_create
#define dentry_create(...) __FDOWN_OPENER(dentry_create, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_open_with_fake_path
#define open_with_fake_path(...) __FDOWN_OPENER(open_with_fake_path, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_vfs_tmpfile_open
#define vfs_tmpfile_open(...) __FDOWN_OPENER(vfs_tmpfile_open, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_open_exec
#define open_exec(...) __FDOWN_OPENER(open_exec, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_alloc_file_pseudo
#define alloc_file_pseudo(...) __FDOWN_OPENER(alloc_file_pseudo, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_alloc_file_clone
#define alloc_file_clone(...) __FDOWN_OPENER(alloc_file_clone, __VA_ARGS__)
#endif
#if __has_include(<linux/shmem_fs.h>)
#ifndef FDOWN_NOWRAP_shmem_file_setup
#define shmem_file_setup(...) __FDOWN_OPENER(shmem_file_setup, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_shmem_kernel_file_setup
#define shmem_kernel_file_setup(...) __FDOWN_OPENER(shmem_kernel_file_setup, __VA_ARGS__)
#endif
#ifndef FDOWN_NOWRAP_shmem_file_setup_with_mnt
#define shmem_file_setup_with_mnt(...) __FDOWN_OPENER(shmem_file_setup_with_mnt, __VA_ARGS__)
#endif
#endif

/* sockets: sockfd_lookup() NULL on failure, sockfd_put(sock) puts sock->file */
#ifdef sockfd_put
#ifndef FDOWN_NOWRAP_sockfd_lookup
#define sockfd_lookup(fd, err) __FDOWN_NULL(struct socket, (sockfd_lookup)(fd, err))
#endif
#undef sockfd_put
#define sockfd_put(sock) __fdown_release(sock)
#endif

/* dma-buf */
#ifndef FDOWN_NOWRAP_dma_buf_get
#define dma_buf_get(fd) __FDOWN_ERR(struct dma_buf, (dma_buf_get)(fd))
#endif
#ifndef FDOWN_NOWRAP_get_dma_buf
#define get_dma_buf(b) ((get_dma_buf)((struct dma_buf *)__fdown_held(b)))
#endif

/* eventfd */
#ifdef CONFIG_EVENTFD
#ifndef FDOWN_NOWRAP_eventfd_ctx_fdget
#define eventfd_ctx_fdget(fd) __FDOWN_ERR(struct eventfd_ctx, (eventfd_ctx_fdget)(fd))
#endif
#ifndef FDOWN_NOWRAP_eventfd_ctx_fileget
#define eventfd_ctx_fileget(file) __FDOWN_ERR(struct eventfd_ctx, (eventfd_ctx_fileget)(file))
#endif
#ifndef FDOWN_NOWRAP_eventfd_fget
#define eventfd_fget(fd) __FDOWN_ERR(struct file, (eventfd_fget)(fd))
#endif
#endif

/* sync_file fences: NULL on failure, released by dma_fence_put() */
#if __has_include(<linux/sync_file.h>)
#ifndef FDOWN_NOWRAP_sync_file_get_fence
#define sync_file_get_fence(fd) __FDOWN_NULL(struct dma_fence, (sync_file_get_fence)(fd))
#endif
#ifndef FDOWN_NOWRAP_dma_fence_put
#define dma_fence_put(fence) __fdown_release(fence)
#endif
#ifndef FDOWN_NOWRAP_dma_fence_get
#define dma_fence_get(fence) ((struct dma_fence *)__fdown_held((dma_fence_get)(fence)))
#endif
#endif

/* get_file(): one more reference on its argument, which it returns */
#ifndef FDOWN_NOWRAP_get_file
#define get_file(f) ((get_file)((struct file *)__fdown_held(f)))
#endif

#endif /* _FDOWN_H */

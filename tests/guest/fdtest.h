/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared helpers for the fdsafe guest tests.  Tests use the kernel's own
 * kselftest_harness.h (TEST(), ASSERT_*(), EXPECT_*(), TAP output); this
 * header only adds what several tests need: a raw bpf() wrapper and the
 * classes of "bad" file descriptors every fd path is checked against.
 *
 * Naming: a test whose name starts with "bugfix_" demonstrates a bug the
 * series fixes; it is expected to fail on the baseline kernel and to pass
 * on the patched one.  Every other test must pass on both.  Such tests go
 * in a program named bugfix_*.c: it boots on its own, since on the
 * baseline the bug may also show as a kernel report (kmemleak).
 */
#ifndef FDTEST_H
#define FDTEST_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "kselftest_harness.h"

#define ptr_to_u64(p) ((__u64)(unsigned long)(p))

static inline long sys_bpf(int cmd, union bpf_attr *attr, unsigned int size)
{
	return syscall(__NR_bpf, cmd, attr, size);
}

/* bpf() with a zeroed attr of full size: attr fields set by the caller. */
#define BPF(cmd, attr) sys_bpf((cmd), (attr), sizeof(*(attr)))

static inline int map_create_flags(enum bpf_map_type type, __u32 key_size,
				   __u32 value_size, __u32 max_entries,
				   __u32 flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = type;
	attr.key_size = key_size;
	attr.value_size = value_size;
	attr.max_entries = max_entries;
	attr.map_flags = flags;
	return BPF(BPF_MAP_CREATE, &attr);
}

static inline int bpf_map_create(enum bpf_map_type type, __u32 key_size,
				 __u32 value_size, __u32 max_entries)
{
	return map_create_flags(type, key_size, value_size, max_entries, 0);
}

static inline int bpf_map_update(int fd, const void *key, const void *val,
				 __u64 flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	attr.key = ptr_to_u64(key);
	attr.value = ptr_to_u64(val);
	attr.flags = flags;
	return BPF(BPF_MAP_UPDATE_ELEM, &attr);
}

static inline int bpf_map_lookup(int fd, const void *key, void *val)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	attr.key = ptr_to_u64(key);
	attr.value = ptr_to_u64(val);
	return BPF(BPF_MAP_LOOKUP_ELEM, &attr);
}

/* The ids of all objects of one kind (BPF_{MAP,PROG,BTF,LINK}_GET_NEXT_ID). */
static inline int bpf_id_listed(int next_id_cmd, __u32 id)
{
	union bpf_attr attr;
	__u32 cur = 0;

	for (;;) {
		memset(&attr, 0, sizeof(attr));
		attr.start_id = cur;
		if (BPF(next_id_cmd, &attr))
			return 0;	/* ENOENT: end of the list */
		cur = attr.next_id;
		if (cur == id)
			return 1;
	}
}

/* Wait (up to ~5 s) until an id is gone: objects are freed after RCU. */
static inline int bpf_id_gone(int next_id_cmd, __u32 id)
{
	for (int i = 0; i < 500; i++) {
		if (!bpf_id_listed(next_id_cmd, id))
			return 1;
		usleep(10000);
	}
	return 0;
}

/*
 * Classes of file descriptors that are not what a syscall wants.  Each
 * fd path is tested with all of them; the expected errno is whatever the
 * unpatched Debian kernel returns, and the patched one must return the same.
 */
enum bad_fd_kind {
	BAD_CLOSED,	/* a number that was a valid fd and has been closed */
	BAD_MINUS1,	/* -1 */
	BAD_HUGE,	/* far beyond any fd table */
	BAD_DEVNULL,	/* a regular open file of the wrong kind */
	BAD_OPATH,	/* O_PATH: fdget() refuses it, fdget_raw() takes it */
	BAD_SOCKET,	/* a socket */
	BAD_KIND_MAX
};

static const char *const bad_fd_name[BAD_KIND_MAX] = {
	"closed", "minus1", "huge", "devnull", "opath", "socket",
};

/* Make an fd of class @k; release it with bad_fd_release(). */
static inline int bad_fd_make(enum bad_fd_kind k)
{
	int fd;

	switch (k) {
	case BAD_CLOSED:
		fd = open("/dev/null", O_RDONLY);
		if (fd >= 0)
			close(fd);
		return fd;
	case BAD_MINUS1:
		return -1;
	case BAD_HUGE:
		return INT_MAX - 1;
	case BAD_DEVNULL:
		return open("/dev/null", O_RDWR);
	case BAD_OPATH:
		return open("/", O_PATH);
	case BAD_SOCKET:
		return socket(AF_UNIX, SOCK_DGRAM, 0);
	default:
		return -1;
	}
}

static inline void bad_fd_release(enum bad_fd_kind k, int fd)
{
	if (k == BAD_DEVNULL || k == BAD_OPATH || k == BAD_SOCKET)
		close(fd);
}

/*
 * Run @expr with BADFD set to each bad-fd class in turn and check it fails
 * with the errno given for that class (an int array indexed by bad_fd_kind).
 */
#define EXPECT_BAD_FDS(expr, errnos) do {				\
	for (int _k = 0; _k < BAD_KIND_MAX; _k++) {			\
		int BADFD = bad_fd_make(_k);				\
		long _r;						\
		errno = 0;						\
		_r = (expr);						\
		EXPECT_EQ(-1, _r) TH_LOG("%s fd: returned %ld",		\
					 bad_fd_name[_k], _r);		\
		EXPECT_EQ((errnos)[_k], errno)				\
			TH_LOG("%s fd: errno %d (%s), want %d",		\
			       bad_fd_name[_k], errno, strerror(errno),	\
			       (errnos)[_k]);				\
		bad_fd_release(_k, BADFD);				\
	}								\
} while (0)

#endif /* FDTEST_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the tests/guest/fs_*.c programs (the fd paths of the
 * VFS syscalls that the struct fd series converts).
 *
 * FS_BAD_FDS() is EXPECT_BAD_FDS() from fdtest.h with three differences
 * the fs syscalls need:
 *  - an expected errno of FS_OK means "this class must succeed" (e.g.
 *    fstat() of an O_PATH fd, read() of /dev/null): that behaviour must
 *    not change either;
 *  - the socket class is made O_NONBLOCK, so that read()/splice() from it
 *    cannot hang the test (it stays a socket of the same kind);
 *  - every call prints one "# errtab" TAP comment with what each class
 *    gave, so the baseline's errno table can be read off a run.
 * FS_BAD_FDS_NEWFD() also closes a new fd the call returned.
 */
#ifndef FS_UTIL_H
#define FS_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/io_uring.h>

#include "fdtest.h"

#define FS_OK 0

static inline int fs_bad_fd_make(enum bad_fd_kind k)
{
	int fd = bad_fd_make(k);

	if (k == BAD_SOCKET && fd >= 0)
		fcntl(fd, F_SETFL, O_NONBLOCK);
	return fd;
}

static inline const char *fs_errname(int e)
{
	const char *s;

	if (!e)
		return "ok";
	s = strerrorname_np(e);
	return s ? s : "E?";
}

#define __FS_BAD_FDS(label, expr, errnos, close_new) do {		\
	char _tab[320];							\
	int _tn = 0;							\
	for (int _k = 0; _k < BAD_KIND_MAX; _k++) {			\
		int BADFD = fs_bad_fd_make(_k);				\
		long _r;						\
		int _e;							\
		if (BADFD < 0 && _k != BAD_MINUS1) {			\
			EXPECT_LE(0, BADFD) TH_LOG("%s: cannot make "	\
				"%s fd: %s", (label), bad_fd_name[_k],	\
				strerror(errno));			\
			continue;					\
		}							\
		errno = 0;						\
		_r = (expr);						\
		_e = _r == -1 ? errno : 0;				\
		if ((errnos)[_k] == FS_OK) {				\
			EXPECT_NE(-1, _r) TH_LOG("%s: %s fd: failed "	\
				"with %s, want success", (label),	\
				bad_fd_name[_k], fs_errname(_e));	\
		} else {						\
			EXPECT_EQ(-1, _r) TH_LOG("%s: %s fd: returned "	\
				"%ld, want -1/%s", (label),		\
				bad_fd_name[_k], _r,			\
				fs_errname((errnos)[_k]));		\
			EXPECT_EQ((errnos)[_k], _e) TH_LOG("%s: %s fd:"	\
				" errno %s, want %s", (label),		\
				bad_fd_name[_k], fs_errname(_e),	\
				fs_errname((errnos)[_k]));		\
		}							\
		if ((close_new) && _r >= 0 && _r != BADFD)		\
			close((int)_r);					\
		_tn += snprintf(_tab + _tn, sizeof(_tab) - _tn,		\
				" %s=%s", bad_fd_name[_k],		\
				fs_errname(_e));			\
		bad_fd_release(_k, BADFD);				\
	}								\
	printf("# errtab %s:%s\n", (label), _tab);			\
	fflush(stdout);							\
} while (0)

#define FS_BAD_FDS(label, expr, errnos) __FS_BAD_FDS(label, expr, errnos, 0)
#define FS_BAD_FDS_NEWFD(label, expr, errnos) \
	__FS_BAD_FDS(label, expr, errnos, 1)

/* errno rows used by many syscalls */
/* plain fdget(): everything that is a file, except O_PATH */
#define FS_ROW(devnull, socket) \
	{ EBADF, EBADF, EBADF, (devnull), EBADF, (socket) }
/* fdget_raw(): O_PATH accepted too */
#define FS_ROW_RAW(devnull, opath, socket) \
	{ EBADF, EBADF, EBADF, (devnull), (opath), (socket) }

/* A fresh regular file on the guest's tmpfs /tmp, unlinked at once. */
static inline int fs_tmpfile(const char *content)
{
	char name[] = "/tmp/fsXXXXXX";
	int fd = mkstemp(name);

	if (fd < 0)
		return -1;
	unlink(name);
	if (content && write(fd, content, strlen(content)) !=
	    (ssize_t)strlen(content)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A fresh directory /tmp/<prefix>XXXXXX; its path is written to buf. */
static inline int fs_tmpdir(char *buf, size_t len, const char *prefix)
{
	snprintf(buf, len, "/tmp/%sXXXXXX", prefix);
	return mkdtemp(buf) ? 0 : -1;
}

static inline double fs_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * A minimal io_uring, raw syscalls only (no liburing in the guest).
 * fs_ring_init() returns 0 or -errno (-ENOSYS when not configured).
 */
struct fs_ring {
	int fd;
	struct io_uring_params p;
	void *sq_ptr, *cq_ptr;
	size_t sq_len, cq_len, sqes_len;
	unsigned *sq_head, *sq_tail, *sq_mask, *sq_array;
	unsigned *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	/* CQEs reaped while looking for another user_data */
	struct io_uring_cqe stash[16];
	int nstash;
};

static inline long fs_io_uring_setup(unsigned entries, struct io_uring_params *p)
{
	return syscall(__NR_io_uring_setup, entries, p);
}

static inline long fs_io_uring_enter(int fd, unsigned to_submit,
				     unsigned min_complete, unsigned flags)
{
	return syscall(__NR_io_uring_enter, fd, to_submit, min_complete,
		       flags, NULL, 0);
}

static inline long fs_io_uring_register(int fd, unsigned opcode,
					void *arg, unsigned nr)
{
	return syscall(__NR_io_uring_register, fd, opcode, arg, nr);
}

static inline int fs_ring_init(struct fs_ring *r, unsigned entries)
{
	memset(r, 0, sizeof(*r));
	r->fd = fs_io_uring_setup(entries, &r->p);
	if (r->fd < 0)
		return -errno;
	r->sq_len = r->p.sq_off.array + r->p.sq_entries * sizeof(unsigned);
	r->cq_len = r->p.cq_off.cqes +
		    r->p.cq_entries * sizeof(struct io_uring_cqe);
	r->sqes_len = r->p.sq_entries * sizeof(struct io_uring_sqe);
	r->sq_ptr = mmap(NULL, r->sq_len, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_POPULATE, r->fd, IORING_OFF_SQ_RING);
	r->cq_ptr = mmap(NULL, r->cq_len, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_POPULATE, r->fd, IORING_OFF_CQ_RING);
	r->sqes = mmap(NULL, r->sqes_len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_POPULATE, r->fd, IORING_OFF_SQES);
	if (r->sq_ptr == MAP_FAILED || r->cq_ptr == MAP_FAILED ||
	    r->sqes == MAP_FAILED) {
		int e = errno;

		close(r->fd);
		return -e;
	}
	r->sq_head = (unsigned *)((char *)r->sq_ptr + r->p.sq_off.head);
	r->sq_tail = (unsigned *)((char *)r->sq_ptr + r->p.sq_off.tail);
	r->sq_mask = (unsigned *)((char *)r->sq_ptr + r->p.sq_off.ring_mask);
	r->sq_array = (unsigned *)((char *)r->sq_ptr + r->p.sq_off.array);
	r->cq_head = (unsigned *)((char *)r->cq_ptr + r->p.cq_off.head);
	r->cq_tail = (unsigned *)((char *)r->cq_ptr + r->p.cq_off.tail);
	r->cq_mask = (unsigned *)((char *)r->cq_ptr + r->p.cq_off.ring_mask);
	r->cqes = (struct io_uring_cqe *)((char *)r->cq_ptr + r->p.cq_off.cqes);
	return 0;
}

static inline void fs_ring_exit(struct fs_ring *r)
{
	munmap(r->sqes, r->sqes_len);
	munmap(r->cq_ptr, r->cq_len);
	munmap(r->sq_ptr, r->sq_len);
	close(r->fd);
}

/* Queue one zeroed SQE (not yet submitted). */
static inline struct io_uring_sqe *fs_ring_sqe(struct fs_ring *r)
{
	unsigned tail = *r->sq_tail, idx = tail & *r->sq_mask;
	struct io_uring_sqe *sqe = &r->sqes[idx];

	memset(sqe, 0, sizeof(*sqe));
	r->sq_array[idx] = idx;
	__atomic_store_n(r->sq_tail, tail + 1, __ATOMIC_RELEASE);
	return sqe;
}

/* Submit everything queued; returns what io_uring_enter() returns. */
static inline long fs_ring_submit(struct fs_ring *r, unsigned n)
{
	return fs_io_uring_enter(r->fd, n, 0, 0);
}

/* Reap one CQE, waiting up to @ms milliseconds; 0 or -ETIMEDOUT. */
static inline int fs_ring_reap(struct fs_ring *r, struct io_uring_cqe *out,
			       int ms)
{
	if (r->nstash) {
		*out = r->stash[0];
		memmove(r->stash, r->stash + 1, --r->nstash * sizeof(*out));
		return 0;
	}
	for (int i = 0; i <= ms; i++) {
		unsigned head = *r->cq_head;

		if (head != __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE)) {
			*out = r->cqes[head & *r->cq_mask];
			__atomic_store_n(r->cq_head, head + 1,
					 __ATOMIC_RELEASE);
			return 0;
		}
		fs_io_uring_enter(r->fd, 0, 0, IORING_ENTER_GETEVENTS);
		usleep(1000);
	}
	return -ETIMEDOUT;
}

/* Reap the CQE with @ud, stashing others for fs_ring_reap(). */
static inline int fs_ring_reap_ud(struct fs_ring *r, __u64 ud,
				  struct io_uring_cqe *out, int ms)
{
	for (int i = 0; i < r->nstash; i++) {
		if (r->stash[i].user_data == ud) {
			*out = r->stash[i];
			memmove(r->stash + i, r->stash + i + 1,
				(--r->nstash - i) * sizeof(*out));
			return 0;
		}
	}
	for (;;) {
		struct io_uring_cqe c;
		int n = r->nstash;

		r->nstash = 0;	/* bypass the stash: read the ring */
		if (fs_ring_reap(r, &c, ms)) {
			r->nstash = n;
			return -ETIMEDOUT;
		}
		r->nstash = n;
		if (c.user_data == ud) {
			*out = c;
			return 0;
		}
		if (r->nstash < 16)
			r->stash[r->nstash++] = c;
	}
}

/*
 * The shared fd table, for the bad-fd classes of the newer programs.
 * fs_idler_start() starts a thread that only keeps the table shared
 * (files->count > 1: fdget() takes a real reference); fs_idler_stop()
 * ends it.
 */
#include <pthread.h>
#include <sched.h>

struct fs_idler {
	pthread_t th;
	int pipe[2];
};

static void *fs_idler_fn(void *arg)
{
	struct fs_idler *id = arg;
	char c;

	while (read(id->pipe[0], &c, 1) > 0)
		;
	return NULL;
}

static inline int fs_idler_start(struct fs_idler *id)
{
	if (pipe(id->pipe))
		return -1;
	return pthread_create(&id->th, NULL, fs_idler_fn, id) ? -1 : 0;
}

static inline void fs_idler_stop(struct fs_idler *id)
{
	close(id->pipe[1]);
	pthread_join(id->th, NULL);
	close(id->pipe[0]);
}

/*
 * The close race class: FS_RACE_THREADS threads call op(target, arg) over
 * and over while the calling thread dup2()s each fd of srcs[] onto the fd
 * number target in turn, closing it after every third one (so that each
 * source is seen both left in place and closed at once), for at least
 * FS_RACE_SECONDS and until both a success and an EBADF were seen (at most
 * FS_RACE_MAX_SECONDS).  Every result must be success or one of the errnos
 * in ok[] (0-terminated; EBADF is always allowed).  The op must not block.
 * The callers yield now and then, so that on one CPU the fd changes often.
 */
#define FS_RACE_THREADS 2
#define FS_RACE_SECONDS 0.1
#define FS_RACE_MAX_SECONDS 3.0
#define FS_RACE_TARGET 900

struct fs_race {
	long (*op)(int fd, void *arg);
	void *arg;
	const int *ok;
	volatile int stop, seen_ok, seen_ebadf;
	pthread_mutex_t mu;
	long calls, success, ebadf, other_ok, weird;
	long weird_ret;
	int weird_errno, weird_set;
};

static void *fs_race_fn(void *p)
{
	struct fs_race *r = p;
	long calls = 0, success = 0, ebadf = 0, other = 0, weird = 0;

	while (!r->stop) {
		long ret;
		int e, allowed = 0;

		errno = 0;
		ret = r->op(FS_RACE_TARGET, r->arg);
		e = errno;
		if (!(++calls & 15))
			sched_yield();
		if (ret >= 0) {
			success++;
			r->seen_ok = 1;
			continue;
		}
		if (e == EBADF) {
			ebadf++;
			r->seen_ebadf = 1;
			continue;
		}
		for (const int *o = r->ok; *o; o++)
			allowed |= *o == e;
		if (allowed) {
			other++;
			continue;
		}
		pthread_mutex_lock(&r->mu);
		if (!r->weird_set) {
			r->weird_set = 1;
			r->weird_ret = ret;
			r->weird_errno = e;
		}
		pthread_mutex_unlock(&r->mu);
		weird++;
	}
	pthread_mutex_lock(&r->mu);
	r->calls += calls;
	r->success += success;
	r->ebadf += ebadf;
	r->other_ok += other;
	r->weird += weird;
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

/* 0 when the race ran; -1 (errno set) if it could not be set up. */
static inline int fs_race_run(struct fs_race *r, const int *srcs, int nsrc)
{
	pthread_t th[FS_RACE_THREADS];
	double t0;
	int n = 0;

	pthread_mutex_init(&r->mu, NULL);
	r->stop = 0;
	if (dup2(srcs[0], FS_RACE_TARGET) != FS_RACE_TARGET)
		return -1;
	for (int i = 0; i < FS_RACE_THREADS; i++)
		if (pthread_create(&th[i], NULL, fs_race_fn, r))
			return -1;
	t0 = fs_now();
	for (;;) {
		double dt = fs_now() - t0;

		if (dt >= FS_RACE_MAX_SECONDS ||
		    (dt >= FS_RACE_SECONDS && r->seen_ok && r->seen_ebadf))
			break;
		for (int i = 0; i < nsrc; i++, n++) {
			dup2(srcs[i], FS_RACE_TARGET);
			if (n % 3 == 2)
				close(FS_RACE_TARGET);
			sched_yield();
		}
	}
	r->stop = 1;
	for (int i = 0; i < FS_RACE_THREADS; i++)
		pthread_join(th[i], NULL);
	close(FS_RACE_TARGET);
	return 0;
}

/*
 * Run the race and check it: no result outside success/EBADF/ok[], and
 * both a success and an EBADF seen (srcs[0] must be a good fd for op).
 */
#define FS_CLOSE_RACE(label, opfn, oparg, srcs, okerrs) do {		\
	struct fs_race _r = { .op = (opfn), .arg = (oparg),		\
			      .ok = (okerrs) };				\
	ASSERT_EQ(0, fs_race_run(&_r, (srcs),				\
				 sizeof(srcs) / sizeof((srcs)[0])))	\
		TH_LOG("%s: race setup: %s", (label), strerror(errno));	\
	printf("# race %s: %ld calls, %ld ok, %ld EBADF, %ld other\n",	\
	       (label), _r.calls, _r.success, _r.ebadf, _r.other_ok);	\
	EXPECT_EQ(0, _r.weird) TH_LOG("%s: %ld results neither success"	\
		" nor an allowed errno; first: ret %ld errno %s",	\
		(label), _r.weird, _r.weird_ret,			\
		fs_errname(_r.weird_errno));				\
	EXPECT_LT(0, _r.success) TH_LOG("%s: never succeeded", (label));	\
	EXPECT_LT(0, _r.ebadf) TH_LOG("%s: never saw the closed fd",	\
				      (label));				\
} while (0)

#endif /* FS_UTIL_H */

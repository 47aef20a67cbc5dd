// SPDX-License-Identifier: GPL-2.0
/*
 * The close-race class for the VFS fd users whose good-fd and bad-fd
 * results fs_events.c, fs_misc.c, fs_splice.c and fs_stat.c pin: while
 * threads call each op on one fd number, the test dup2()s a good file,
 * /dev/null, an O_PATH fd and another kind of file onto it and closes it
 * (FS_CLOSE_RACE() in fs_util.h).  With the table shared every fdget()
 * takes a reference; each call must see one whole file or none: success,
 * EBADF or the op's own "wrong kind" errno, and never anything else.
 */
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/fanotify.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/statfs.h>
#include <sys/timerfd.h>
#include <linux/aio_abi.h>
#include <linux/perf_event.h>

#include "fs_util.h"

/* srcs[0] is the good fd of each race; the others are the same for all */
static void race_srcs(int *srcs, int good, int other)
{
	srcs[0] = good;
	srcs[1] = open("/dev/null", O_RDWR);
	srcs[2] = open("/", O_PATH);
	srcs[3] = other;
}

static void race_srcs_close(int *srcs)
{
	close(srcs[1]);
	close(srcs[2]);
}

/* ---- fs_events.c families ---- */

static long r_inotify_add(int fd, void *arg)
{
	return inotify_add_watch(fd, "/tmp", IN_CREATE);
}

static long r_fanotify_mark(int fd, void *arg)
{
	return fanotify_mark(fd, FAN_MARK_ADD, FAN_CLOSE_WRITE, AT_FDCWD, "/tmp");
}

static long r_timerfd_gettime(int fd, void *arg)
{
	struct itimerspec its;

	return timerfd_gettime(fd, &its);
}

static long r_signalfd(int fd, void *arg)
{
	sigset_t m;

	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	return signalfd(fd, &m, 0);
}

TEST(race_close_notify_timerfd_signalfd)
{
	int srcs[4], p[2];
	int ino = inotify_init1(0), tfd = timerfd_create(CLOCK_MONOTONIC, 0);
	int fan = fanotify_init(FAN_CLASS_NOTIF, O_RDONLY);
	sigset_t m;
	int sfd;
	const int ok[] = { EINVAL, 0 };

	sigemptyset(&m);
	sfd = signalfd(-1, &m, 0);
	ASSERT_LE(0, ino);
	ASSERT_LE(0, tfd);
	ASSERT_LE(0, sfd);
	ASSERT_EQ(0, pipe(p));
	race_srcs(srcs, ino, p[0]);
	FS_CLOSE_RACE("inotify_add_watch", r_inotify_add, NULL, srcs, ok);
	if (fan >= 0) {
		srcs[0] = fan;
		FS_CLOSE_RACE("fanotify_mark", r_fanotify_mark, NULL, srcs, ok);
		close(fan);
	}
	srcs[0] = tfd;
	FS_CLOSE_RACE("timerfd_gettime", r_timerfd_gettime, NULL, srcs, ok);
	srcs[0] = sfd;
	FS_CLOSE_RACE("signalfd", r_signalfd, NULL, srcs, ok);
	race_srcs_close(srcs);
	close(p[0]);
	close(p[1]);
	close(ino);
	close(tfd);
	close(sfd);
}

/* io_submit of a read with IOCB_FLAG_RESFD = fd; reap it on success. */
struct aio_race {
	aio_context_t ctx;
	int file;
	char buf[8];
};

static long r_aio_resfd(int fd, void *arg)
{
	struct aio_race *a = arg;
	struct iocb cb = {
		.aio_lio_opcode = IOCB_CMD_PREAD, .aio_fildes = a->file,
		.aio_buf = ptr_to_u64(a->buf), .aio_nbytes = 1,
		.aio_flags = IOCB_FLAG_RESFD, .aio_resfd = fd,
	}, *cbs[1] = { &cb };
	struct io_event ev;
	struct timespec ts = { 2, 0 };
	long r = syscall(__NR_io_submit, a->ctx, 1, cbs);
	int e = errno;

	if (r == 1)
		syscall(__NR_io_getevents, a->ctx, 1, 1, &ev, &ts);
	errno = e;
	return r;
}

TEST(race_close_aio_resfd)
{
	static struct aio_race a;
	int srcs[4], efd = eventfd(0, EFD_NONBLOCK), p[2];
	const int ok[] = { EINVAL, 0 };

	ASSERT_LE(0, efd);
	ASSERT_EQ(0, pipe(p));
	a.file = fs_tmpfile("data");
	ASSERT_LE(0, a.file);
	if (syscall(__NR_io_setup, 8, &a.ctx))
		SKIP(return, "io_setup: %s (CONFIG_AIO)", strerror(errno));
	race_srcs(srcs, efd, p[0]);
	FS_CLOSE_RACE("io_submit_resfd", r_aio_resfd, &a, srcs, ok);
	race_srcs_close(srcs);
	syscall(__NR_io_destroy, a.ctx);
	close(a.file);
	close(efd);
	close(p[0]);
	close(p[1]);
}

/* ---- fs_splice.c families ---- */

struct sp {
	int file, pipe[2];
};

/* Move 4 bytes from fd at offset 0 into the pipe, then empty the pipe. */
static long r_splice_in(int fd, void *arg)
{
	struct sp *s = arg;
	char buf[16];
	loff_t off = 0;
	long r = splice(fd, &off, s->pipe[1], NULL, 4, SPLICE_F_NONBLOCK);
	int e = errno;

	while (read(s->pipe[0], buf, sizeof(buf)) > 0)
		;
	errno = e;
	return r;
}

static long r_copy_file_range(int fd, void *arg)
{
	struct sp *s = arg;
	loff_t in = 0, out = 0;

	return copy_file_range(fd, &in, s->file, &out, 4, 0);
}

static long r_sendfile(int fd, void *arg)
{
	struct sp *s = arg;
	off_t off = 0;

	return sendfile(s->file, fd, &off, 4);
}

TEST(race_close_splice_copy_sendfile)
{
	struct sp s;
	int srcs[4], f = fs_tmpfile("0123456789"), sock = socket(AF_UNIX, SOCK_DGRAM, 0);
	/* a pipe/device/socket for splice or copy: EINVAL, ESPIPE, EAGAIN ... */
	const int ok[] = { EINVAL, ESPIPE, EAGAIN, EXDEV, 0 };

	ASSERT_LE(0, f);
	ASSERT_LE(0, sock);
	s.file = fs_tmpfile(NULL);
	ASSERT_LE(0, s.file);
	ASSERT_EQ(0, pipe2(s.pipe, O_NONBLOCK));
	race_srcs(srcs, f, sock);
	FS_CLOSE_RACE("splice_in", r_splice_in, &s, srcs, ok);
	FS_CLOSE_RACE("copy_file_range_in", r_copy_file_range, &s, srcs, ok);
	FS_CLOSE_RACE("sendfile_in", r_sendfile, &s, srcs, ok);
	race_srcs_close(srcs);
	close(s.pipe[0]);
	close(s.pipe[1]);
	close(s.file);
	close(sock);
	close(f);
}

/* ---- fs_stat.c / fs_misc.c families ---- */

static long r_fstatfs(int fd, void *arg)
{
	struct statfs sfs;

	return fstatfs(fd, &sfs);
}

/* no change requested: nothing happens to /dev/null */
static long r_fchown(int fd, void *arg) { return fchown(fd, -1, -1); }
static long r_ftruncate(int fd, void *arg) { return ftruncate(fd, 10); }
static long r_flock(int fd, void *arg) { return flock(fd, LOCK_SH | LOCK_NB); }
static long r_fadvise(int fd, void *arg) { return syscall(__NR_fadvise64, fd, 0, 0, 0); }
static long r_readahead(int fd, void *arg) { return readahead(fd, 0, 4096); }
static long r_syncfs(int fd, void *arg) { return syncfs(fd); }

static long r_getdents(int fd, void *arg)
{
	char buf[512];

	lseek(fd, 0, SEEK_SET);
	return syscall(__NR_getdents64, fd, buf, sizeof(buf));
}

static long r_openat(int fd, void *arg)
{
	long r = openat(fd, "tmp", O_RDONLY | O_DIRECTORY);

	if (r >= 0)
		close(r);
	return r;
}

TEST(race_close_stat_family)
{
	int srcs[4], f = fs_tmpfile("0123456789"), sock = socket(AF_UNIX, SOCK_DGRAM, 0);
	const int ok[] = { EINVAL, ESPIPE, ENOTDIR, 0 };

	ASSERT_LE(0, f);
	ASSERT_LE(0, sock);
	race_srcs(srcs, f, sock);
	FS_CLOSE_RACE("fstatfs", r_fstatfs, NULL, srcs, ok);
	FS_CLOSE_RACE("fchown", r_fchown, NULL, srcs, ok);
	FS_CLOSE_RACE("ftruncate", r_ftruncate, NULL, srcs, ok);
	FS_CLOSE_RACE("flock", r_flock, NULL, srcs, ok);
	FS_CLOSE_RACE("fadvise64", r_fadvise, NULL, srcs, ok);
	FS_CLOSE_RACE("readahead", r_readahead, NULL, srcs, ok);
	FS_CLOSE_RACE("syncfs", r_syncfs, NULL, srcs, ok);
	race_srcs_close(srcs);
	close(sock);
	close(f);
}

TEST(race_close_dirfd_family)
{
	int srcs[4], d = open("/", O_RDONLY | O_DIRECTORY), f = fs_tmpfile("x");
	const int ok[] = { ENOTDIR, 0 };

	ASSERT_LE(0, d);
	ASSERT_LE(0, f);
	race_srcs(srcs, d, f);
	FS_CLOSE_RACE("getdents64", r_getdents, NULL, srcs, ok);
	FS_CLOSE_RACE("openat_rel", r_openat, NULL, srcs, ok);
	race_srcs_close(srcs);
	close(f);
	close(d);
}

static void perf_attr(struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_CPU_CLOCK;
	a->disabled = 1;
	a->read_format = PERF_FORMAT_GROUP;
}

/*
 * perf_event_open with group_fd = fd, on the task of the leader (*arg:
 * the main thread; the race runs this in other threads); close the new
 * event on success.
 */
static long r_perf_group(int fd, void *arg)
{
	struct perf_event_attr a;
	long r;

	perf_attr(&a);
	r = syscall(__NR_perf_event_open, &a, *(pid_t *)arg, -1, fd, 0);
	if (r >= 0)
		close(r);
	return r;
}

TEST(race_close_perf_group_fd)
{
	struct perf_event_attr a;
	int srcs[4], leader, p[2];
	pid_t me = gettid();
	const int ok[] = { EINVAL, 0 };

	perf_attr(&a);
	leader = syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);
	if (leader < 0)
		SKIP(return, "perf_event_open: %s", strerror(errno));
	ASSERT_LE(0, r_perf_group(leader, &me)) TH_LOG("sibling: %s", strerror(errno));
	ASSERT_EQ(0, pipe(p));
	race_srcs(srcs, leader, p[0]);
	FS_CLOSE_RACE("perf_event_open_group_fd", r_perf_group, &me, srcs, ok);
	race_srcs_close(srcs);
	close(p[0]);
	close(p[1]);
	close(leader);
}

TEST_HARNESS_MAIN

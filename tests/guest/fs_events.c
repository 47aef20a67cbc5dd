// SPDX-License-Identifier: GPL-2.0
/*
 * The "fd of a special kind" lookups: epoll_ctl/epoll_wait (fs/eventpoll.c),
 * eventfd and its fd consumers eventfd_ctx_fdget() (AIO IOCB_FLAG_RESFD,
 * io_uring IORING_REGISTER_EVENTFD), timerfd_settime/gettime
 * (timerfd_fget), signalfd4 on an existing fd, inotify_add_watch/
 * rm_watch, fanotify_mark (its group fd and its dirfd).  Each checks the
 * fd is of the right file_operations: "wrong kind" gives EINVAL (or EPERM
 * for epoll targets that cannot poll), not EBADF.
 */
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <linux/aio_abi.h>

#include "fs_util.h"

/* ---- epoll ---- */

TEST(epoll_ctl_add_mod_del_wait)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 0x1122334455667788ULL };
	struct epoll_event out[4];
	int ep = epoll_create1(EPOLL_CLOEXEC), p[2];

	ASSERT_LE(0, ep) TH_LOG("epoll_create1: %s", strerror(errno));
	ASSERT_EQ(0, pipe2(p, O_NONBLOCK));
	ASSERT_EQ(0, epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev))
		TH_LOG("EPOLL_CTL_ADD: %s", strerror(errno));
	EXPECT_EQ(0, epoll_wait(ep, out, 4, 0)) TH_LOG("empty pipe reported ready");
	ASSERT_EQ(1, write(p[1], "x", 1));
	ASSERT_EQ(1, epoll_wait(ep, out, 4, 1000));
	EXPECT_EQ(0x1122334455667788ULL, out[0].data.u64);
	EXPECT_TRUE(out[0].events & EPOLLIN);
	/* again: EEXIST; MOD changes data */
	EXPECT_EQ(-1, epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev));
	EXPECT_EQ(EEXIST, errno);
	ev.data.u64 = 7;
	ASSERT_EQ(0, epoll_ctl(ep, EPOLL_CTL_MOD, p[0], &ev));
	ASSERT_EQ(1, epoll_wait(ep, out, 4, 1000));
	EXPECT_EQ(7, out[0].data.u64);
	ASSERT_EQ(0, epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL));
	EXPECT_EQ(0, epoll_wait(ep, out, 4, 0)) TH_LOG("deleted fd still reported");
	EXPECT_EQ(-1, epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL));
	EXPECT_EQ(ENOENT, errno);
	EXPECT_EQ(-1, epoll_ctl(ep, EPOLL_CTL_MOD, p[0], &ev));
	EXPECT_EQ(ENOENT, errno);
	/* closing the last reference removes it from the set */
	ASSERT_EQ(0, epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev));
	close(p[0]);
	EXPECT_EQ(0, epoll_wait(ep, out, 4, 0)) TH_LOG("closed fd still reported");
	close(p[1]);
	close(ep);
}

TEST(epoll_ctl_self_nesting_and_loops)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int a = epoll_create1(0), b = epoll_create1(0);
	int f = fs_tmpfile(NULL);

	ASSERT_LE(0, a);
	ASSERT_LE(0, b);
	ASSERT_LE(0, f);
	EXPECT_EQ(-1, epoll_ctl(a, EPOLL_CTL_ADD, a, &ev));
	EXPECT_EQ(EINVAL, errno) TH_LOG("epoll in itself: %s", strerror(errno));
	EXPECT_EQ(0, epoll_ctl(a, EPOLL_CTL_ADD, b, &ev))
		TH_LOG("nested epoll: %s", strerror(errno));
	EXPECT_EQ(-1, epoll_ctl(b, EPOLL_CTL_ADD, a, &ev));
	EXPECT_EQ(ELOOP, errno) TH_LOG("epoll loop: %s", strerror(errno));
	/* a regular file cannot be polled */
	EXPECT_EQ(-1, epoll_ctl(a, EPOLL_CTL_ADD, f, &ev));
	EXPECT_EQ(EPERM, errno) TH_LOG("regular file: %s", strerror(errno));
	close(f);
	close(b);
	close(a);
}

TEST(bad_fds_epoll)
{
	struct epoll_event ev = { .events = EPOLLIN }, out;
	int ep = epoll_create1(0), p[2];
	const int eep[] = FS_ROW(EINVAL, EINVAL);	/* as the epoll fd */
	const int etgt[] = FS_ROW(EPERM, FS_OK);	/* as the target */

	ASSERT_LE(0, ep);
	ASSERT_EQ(0, pipe(p));
	FS_BAD_FDS("epoll_ctl_epfd", epoll_ctl(BADFD, EPOLL_CTL_ADD, p[0], &ev), eep);
	/* the socket is added, then removed by its close */
	FS_BAD_FDS("epoll_ctl_target", epoll_ctl(ep, EPOLL_CTL_ADD, BADFD, &ev), etgt);
	FS_BAD_FDS("epoll_wait", epoll_wait(BADFD, &out, 1, 0), eep);
	close(p[0]);
	close(p[1]);
	close(ep);
}

/* ---- eventfd ---- */

TEST(eventfd_counter_semantics)
{
	uint64_t v;
	uint32_t small;
	int fd = eventfd(3, EFD_NONBLOCK), sfd;

	ASSERT_LE(0, fd) TH_LOG("eventfd: %s", strerror(errno));
	v = 4;
	ASSERT_EQ(8, write(fd, &v, 8));
	ASSERT_EQ(8, read(fd, &v, 8));
	EXPECT_EQ(7, v);
	EXPECT_EQ(-1, read(fd, &v, 8));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("zero counter: %s", strerror(errno));
	EXPECT_EQ(-1, read(fd, &small, 4));
	EXPECT_EQ(EINVAL, errno) TH_LOG("4-byte read: %s", strerror(errno));
	v = UINT64_MAX;
	EXPECT_EQ(-1, write(fd, &v, 8));
	EXPECT_EQ(EINVAL, errno) TH_LOG("write ~0: %s", strerror(errno));
	close(fd);

	sfd = eventfd(2, EFD_NONBLOCK | EFD_SEMAPHORE);
	ASSERT_LE(0, sfd);
	ASSERT_EQ(8, read(sfd, &v, 8));
	EXPECT_EQ(1, v);
	ASSERT_EQ(8, read(sfd, &v, 8));
	EXPECT_EQ(1, v);
	EXPECT_EQ(-1, read(sfd, &v, 8));
	EXPECT_EQ(EAGAIN, errno);
	close(sfd);
}

static long sys_io_setup(unsigned nr, aio_context_t *ctx)
{
	return syscall(__NR_io_setup, nr, ctx);
}

static long sys_io_destroy(aio_context_t ctx)
{
	return syscall(__NR_io_destroy, ctx);
}

static long sys_io_submit(aio_context_t ctx, long n, struct iocb **iocbs)
{
	return syscall(__NR_io_submit, ctx, n, iocbs);
}

static long sys_io_getevents(aio_context_t ctx, long min, long max,
			     struct io_event *ev, struct timespec *ts)
{
	return syscall(__NR_io_getevents, ctx, min, max, ev, ts);
}

TEST(aio_pread_signals_resfd)
{
	aio_context_t ctx = 0;
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev;
	struct timespec ts = { 2, 0 };
	char buf[8] = { 0 };
	uint64_t v = 0;
	int fd = fs_tmpfile("aio-data"), efd = eventfd(0, EFD_NONBLOCK);

	ASSERT_LE(0, fd);
	ASSERT_LE(0, efd);
	if (sys_io_setup(8, &ctx) && errno == ENOSYS)
		SKIP(return, "io_setup: ENOSYS (CONFIG_AIO not set)");
	memset(&cb, 0, sizeof(cb));
	cb.aio_lio_opcode = IOCB_CMD_PREAD;
	cb.aio_fildes = fd;
	cb.aio_buf = ptr_to_u64(buf);
	cb.aio_nbytes = 3;
	cb.aio_offset = 4;
	cb.aio_flags = IOCB_FLAG_RESFD;
	cb.aio_resfd = efd;
	cb.aio_data = 99;
	ASSERT_EQ(1, sys_io_submit(ctx, 1, cbs)) TH_LOG("io_submit: %s", strerror(errno));
	ASSERT_EQ(1, sys_io_getevents(ctx, 1, 1, &ev, &ts));
	EXPECT_EQ(3, ev.res);
	EXPECT_EQ(99, ev.data);
	EXPECT_EQ(0, memcmp(buf, "dat", 3));
	ASSERT_EQ(8, read(efd, &v, 8)) TH_LOG("resfd not signalled: %s", strerror(errno));
	EXPECT_EQ(1, v);
	sys_io_destroy(ctx);
	close(efd);
	close(fd);
}

TEST(bad_fds_aio)
{
	aio_context_t ctx = 0;
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event evs[16];
	struct timespec ts = { 0, 0 };
	char buf[8];
	int fd = fs_tmpfile("aio-data"), efd = eventfd(0, EFD_NONBLOCK);
	/* aio_fildes: read of /dev/null and of the socket are submitted */
	const int efil[] = FS_ROW(FS_OK, FS_OK);
	/* aio_resfd: eventfd_ctx_fdget() */
	const int eres[] = FS_ROW(EINVAL, EINVAL);

	ASSERT_LE(0, fd);
	ASSERT_LE(0, efd);
	if (sys_io_setup(32, &ctx) && errno == ENOSYS)
		SKIP(return, "io_setup: ENOSYS (CONFIG_AIO not set)");
	memset(&cb, 0, sizeof(cb));
	cb.aio_lio_opcode = IOCB_CMD_PREAD;
	cb.aio_buf = ptr_to_u64(buf);
	cb.aio_nbytes = sizeof(buf);
	FS_BAD_FDS("io_submit_fildes",
		   (cb.aio_fildes = BADFD, sys_io_submit(ctx, 1, cbs)), efil);
	EXPECT_EQ(2, sys_io_getevents(ctx, 2, 16, evs, &ts))
		TH_LOG("the two submitted reads must complete");
	cb.aio_fildes = fd;
	cb.aio_flags = IOCB_FLAG_RESFD;
	FS_BAD_FDS("io_submit_resfd",
		   (cb.aio_resfd = BADFD, sys_io_submit(ctx, 1, cbs)), eres);
	EXPECT_EQ(0, sys_io_getevents(ctx, 0, 16, evs, &ts))
		TH_LOG("a rejected iocb completed");
	sys_io_destroy(ctx);
	close(efd);
	close(fd);
}

TEST(io_uring_register_eventfd)
{
	struct fs_ring r;
	struct io_uring_cqe cqe;
	struct io_uring_sqe *sqe;
	uint64_t v = 0;
	int efd = eventfd(0, EFD_NONBLOCK), ret;
	const int e[] = FS_ROW(EINVAL, EINVAL);

	ASSERT_LE(0, efd);
	ret = fs_ring_init(&r, 8);
	if (ret == -ENOSYS)
		SKIP(return, "io_uring_setup: ENOSYS (CONFIG_IO_URING not set)");
	ASSERT_EQ(0, ret) TH_LOG("io_uring_setup: %s", strerror(-ret));
	FS_BAD_FDS("io_uring_register_eventfd",
		   fs_io_uring_register(r.fd, IORING_REGISTER_EVENTFD, &BADFD, 1), e);
	ASSERT_EQ(0, fs_io_uring_register(r.fd, IORING_REGISTER_EVENTFD, &efd, 1))
		TH_LOG("IORING_REGISTER_EVENTFD: %s", strerror(errno));
	EXPECT_EQ(-1, fs_io_uring_register(r.fd, IORING_REGISTER_EVENTFD, &efd, 1));
	EXPECT_EQ(EBUSY, errno);
	sqe = fs_ring_sqe(&r);
	sqe->opcode = IORING_OP_NOP;
	sqe->user_data = 5;
	ASSERT_EQ(1, fs_ring_submit(&r, 1));
	ASSERT_EQ(0, fs_ring_reap(&r, &cqe, 2000));
	EXPECT_EQ(5, cqe.user_data);
	ASSERT_EQ(8, read(efd, &v, 8)) TH_LOG("eventfd not signalled: %s", strerror(errno));
	EXPECT_EQ(1, v);
	EXPECT_EQ(0, fs_io_uring_register(r.fd, IORING_UNREGISTER_EVENTFD, NULL, 0));
	fs_ring_exit(&r);
	close(efd);
}

/* ---- timerfd ---- */

TEST(timerfd_settime_gettime_read)
{
	struct itimerspec its = { .it_value = { 5, 0 } }, cur, old;
	uint64_t ticks = 0;
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);

	ASSERT_LE(0, fd) TH_LOG("timerfd_create: %s", strerror(errno));
	ASSERT_EQ(0, timerfd_gettime(fd, &cur));
	EXPECT_EQ(0, cur.it_value.tv_sec + cur.it_value.tv_nsec) TH_LOG("new timer armed");
	ASSERT_EQ(0, timerfd_settime(fd, 0, &its, NULL))
		TH_LOG("timerfd_settime: %s", strerror(errno));
	ASSERT_EQ(0, timerfd_gettime(fd, &cur));
	EXPECT_GE(5, cur.it_value.tv_sec);
	EXPECT_LT(0, cur.it_value.tv_sec * 1000000000LL + cur.it_value.tv_nsec)
		TH_LOG("armed timer shows 0 left");
	EXPECT_GE(5000000000LL, cur.it_value.tv_sec * 1000000000LL + cur.it_value.tv_nsec);
	EXPECT_EQ(-1, read(fd, &ticks, 8));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("timer fired too early");
	/* re-arm short with an interval; the old value comes back */
	its.it_value.tv_sec = 0;
	its.it_value.tv_nsec = 1000 * 1000;
	its.it_interval.tv_nsec = 5 * 1000 * 1000;
	ASSERT_EQ(0, timerfd_settime(fd, 0, &its, &old));
	EXPECT_LT(0, old.it_value.tv_sec * 1000000000LL + old.it_value.tv_nsec);
	EXPECT_EQ(0, old.it_interval.tv_nsec);
	usleep(50 * 1000);
	ASSERT_EQ(8, read(fd, &ticks, 8)) TH_LOG("timer did not fire: %s", strerror(errno));
	EXPECT_LE(1, ticks);
	ASSERT_EQ(0, timerfd_gettime(fd, &cur));
	EXPECT_EQ(5 * 1000 * 1000, cur.it_interval.tv_nsec);
	/* disarm */
	memset(&its, 0, sizeof(its));
	ASSERT_EQ(0, timerfd_settime(fd, 0, &its, NULL));
	ASSERT_EQ(0, timerfd_gettime(fd, &cur));
	EXPECT_EQ(0, cur.it_value.tv_sec + cur.it_value.tv_nsec);
	/* invalid value and flags checked before the fd */
	its.it_value.tv_nsec = 2000000000L;
	EXPECT_EQ(-1, timerfd_settime(fd, 0, &its, NULL));
	EXPECT_EQ(EINVAL, errno);
	close(fd);
}

TEST(timerfd_abstime)
{
	struct itimerspec its = { 0 };
	struct timespec now;
	uint64_t ticks;
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);

	ASSERT_LE(0, fd);
	clock_gettime(CLOCK_MONOTONIC, &now);
	its.it_value = now;	/* already in the past: fires at once */
	ASSERT_EQ(0, timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL));
	ASSERT_EQ(8, read(fd, &ticks, 8));
	EXPECT_EQ(1, ticks);
	close(fd);
}

TEST(bad_fds_timerfd)
{
	struct itimerspec its = { .it_value = { 10, 0 } }, cur;
	const int e[] = FS_ROW(EINVAL, EINVAL);

	FS_BAD_FDS("timerfd_settime", timerfd_settime(BADFD, 0, &its, NULL), e);
	FS_BAD_FDS("timerfd_gettime", timerfd_gettime(BADFD, &cur), e);
}

/* ---- signalfd ---- */

TEST(signalfd_read_and_update_mask)
{
	struct signalfd_siginfo si;
	sigset_t m;
	int fd;

	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	sigaddset(&m, SIGUSR2);
	ASSERT_EQ(0, sigprocmask(SIG_BLOCK, &m, NULL));
	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	fd = signalfd(-1, &m, SFD_NONBLOCK | SFD_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("signalfd: %s", strerror(errno));
	EXPECT_EQ(-1, read(fd, &si, sizeof(si)));
	EXPECT_EQ(EAGAIN, errno);
	ASSERT_EQ(0, raise(SIGUSR1));
	ASSERT_EQ(sizeof(si), read(fd, &si, sizeof(si)));
	EXPECT_EQ(SIGUSR1, si.ssi_signo);
	/* change the mask of the existing signalfd: same fd back */
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	EXPECT_EQ(fd, signalfd(fd, &m, 0)) TH_LOG("signalfd(fd): %s", strerror(errno));
	ASSERT_EQ(0, raise(SIGUSR1));
	EXPECT_EQ(-1, read(fd, &si, sizeof(si))) TH_LOG("SIGUSR1 no longer in mask");
	ASSERT_EQ(0, raise(SIGUSR2));
	ASSERT_EQ(sizeof(si), read(fd, &si, sizeof(si)));
	EXPECT_EQ(SIGUSR2, si.ssi_signo);
	EXPECT_EQ(-1, signalfd(fd, &m, 0x1234));
	EXPECT_EQ(EINVAL, errno);
	close(fd);
}

TEST(bad_fds_signalfd)
{
	sigset_t m;
	/* -1 is not an fd here: it asks for a new signalfd */
	const int e[] = { EBADF, FS_OK, EBADF, EINVAL, EBADF, EINVAL };

	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	FS_BAD_FDS_NEWFD("signalfd", signalfd(BADFD, &m, 0), e);
}

/* ---- inotify ---- */

TEST(inotify_add_watch_reports_create)
{
	char dir[64], path[96], buf[512];
	struct inotify_event *ev = (struct inotify_event *)buf;
	struct pollfd pfd;
	int fd = inotify_init1(IN_NONBLOCK), wd, wd2, f;

	ASSERT_LE(0, fd) TH_LOG("inotify_init1: %s", strerror(errno));
	ASSERT_EQ(0, fs_tmpdir(dir, sizeof(dir), "ino"));
	wd = inotify_add_watch(fd, dir, IN_CREATE);
	ASSERT_LE(1, wd) TH_LOG("inotify_add_watch: %s", strerror(errno));
	wd2 = inotify_add_watch(fd, dir, IN_CREATE | IN_DELETE);
	EXPECT_EQ(wd, wd2) TH_LOG("same inode must give the same wd");
	EXPECT_EQ(-1, inotify_add_watch(fd, dir, IN_CREATE | IN_MASK_CREATE));
	EXPECT_EQ(EEXIST, errno) TH_LOG("IN_MASK_CREATE on watched: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/newfile", dir);
	f = open(path, O_CREAT | O_WRONLY, 0600);
	ASSERT_LE(0, f);
	close(f);
	pfd.fd = fd;
	pfd.events = POLLIN;
	ASSERT_EQ(1, poll(&pfd, 1, 2000)) TH_LOG("no inotify event");
	ASSERT_LT(0, read(fd, buf, sizeof(buf)));
	EXPECT_EQ(wd, ev->wd);
	EXPECT_TRUE(ev->mask & IN_CREATE);
	EXPECT_STREQ("newfile", ev->name);
	ASSERT_EQ(0, inotify_rm_watch(fd, wd)) TH_LOG("inotify_rm_watch: %s", strerror(errno));
	ASSERT_LT(0, read(fd, buf, sizeof(buf)));
	EXPECT_TRUE(ev->mask & IN_IGNORED) TH_LOG("rm_watch gives IN_IGNORED");
	EXPECT_EQ(-1, inotify_rm_watch(fd, wd));
	EXPECT_EQ(EINVAL, errno);
	unlink(path);
	rmdir(dir);
	close(fd);
}

TEST(bad_fds_inotify)
{
	const int e[] = FS_ROW(EINVAL, EINVAL);

	FS_BAD_FDS("inotify_add_watch", inotify_add_watch(BADFD, "/tmp", IN_CREATE), e);
	FS_BAD_FDS("inotify_rm_watch", inotify_rm_watch(BADFD, 1), e);
}

/* ---- fanotify ---- */

static int fan_init(void)
{
	return fanotify_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
}

TEST(fanotify_mark_close_write_event)
{
	char dir[64], path[96], buf[4096];
	struct fanotify_event_metadata *m = (void *)buf;
	struct stat st, est;
	struct pollfd pfd;
	int fan = fan_init(), f;
	ssize_t n;

	if (fan < 0 && errno == ENOSYS)
		SKIP(return, "fanotify_init: ENOSYS (CONFIG_FANOTIFY not set)");
	ASSERT_LE(0, fan) TH_LOG("fanotify_init: %s", strerror(errno));
	ASSERT_EQ(0, fs_tmpdir(dir, sizeof(dir), "fan"));
	ASSERT_EQ(0, fanotify_mark(fan, FAN_MARK_ADD, FAN_CLOSE_WRITE | FAN_EVENT_ON_CHILD,
				   AT_FDCWD, dir))
		TH_LOG("fanotify_mark: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/f", dir);
	f = open(path, O_CREAT | O_WRONLY, 0600);
	ASSERT_LE(0, f);
	ASSERT_EQ(2, write(f, "hi", 2));
	ASSERT_EQ(0, fstat(f, &st));
	close(f);
	pfd.fd = fan;
	pfd.events = POLLIN;
	ASSERT_EQ(1, poll(&pfd, 1, 2000)) TH_LOG("no fanotify event");
	n = read(fan, buf, sizeof(buf));
	ASSERT_LE((ssize_t)sizeof(*m), n) TH_LOG("read: %s", strerror(errno));
	EXPECT_EQ(FANOTIFY_METADATA_VERSION, m->vers);
	EXPECT_TRUE(m->mask & FAN_CLOSE_WRITE);
	ASSERT_LE(0, m->fd);
	ASSERT_EQ(0, fstat(m->fd, &est));
	EXPECT_EQ(st.st_ino, est.st_ino) TH_LOG("event fd is another file");
	close(m->fd);
	EXPECT_EQ(0, fanotify_mark(fan, FAN_MARK_REMOVE, FAN_CLOSE_WRITE | FAN_EVENT_ON_CHILD,
				   AT_FDCWD, dir));
	EXPECT_EQ(-1, fanotify_mark(fan, FAN_MARK_REMOVE, FAN_CLOSE_WRITE, AT_FDCWD, dir));
	EXPECT_EQ(ENOENT, errno) TH_LOG("remove unmarked: %s", strerror(errno));
	unlink(path);
	rmdir(dir);
	close(fan);
}

TEST(bad_fds_fanotify_group)
{
	const int e[] = FS_ROW(EINVAL, EINVAL);
	int fan = fan_init();

	if (fan < 0 && errno == ENOSYS)
		SKIP(return, "fanotify_init: ENOSYS (CONFIG_FANOTIFY not set)");
	close(fan);
	FS_BAD_FDS("fanotify_mark_group",
		   fanotify_mark(BADFD, FAN_MARK_ADD, FAN_CLOSE_WRITE, AT_FDCWD, "/tmp"), e);
}

TEST(bad_fds_fanotify_dirfd)
{
	/* dirfd with a NULL path: the fd's own file, plain fdget() */
	const int enull[] = FS_ROW(FS_OK, FS_OK);
	const int eonly[] = FS_ROW(ENOTDIR, ENOTDIR);
	/* dirfd with a relative path: path lookup, O_PATH "/" accepted */
	const int erel[] = FS_ROW_RAW(ENOTDIR, FS_OK, ENOTDIR);
	int fan = fan_init();

	if (fan < 0 && errno == ENOSYS)
		SKIP(return, "fanotify_init: ENOSYS (CONFIG_FANOTIFY not set)");
	ASSERT_LE(0, fan);
	FS_BAD_FDS("fanotify_mark_dirfd_null",
		   fanotify_mark(fan, FAN_MARK_ADD, FAN_CLOSE_WRITE, BADFD, NULL), enull);
	FS_BAD_FDS("fanotify_mark_dirfd_onlydir",
		   fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_ONLYDIR, FAN_CLOSE_WRITE,
				 BADFD, NULL), eonly);
	FS_BAD_FDS("fanotify_mark_dirfd_rel",
		   fanotify_mark(fan, FAN_MARK_ADD, FAN_CLOSE_WRITE, BADFD, "tmp"), erel);
	close(fan);
}

TEST_HARNESS_MAIN

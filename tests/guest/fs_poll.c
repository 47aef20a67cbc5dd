// SPDX-License-Identifier: GPL-2.0
/*
 * poll/ppoll (do_pollfd(): fdget() per entry, a bad fd is POLLNVAL in
 * revents, -1 is skipped), select/pselect6 (do_select(): fdget() per set
 * bit, a bad fd fails the call with EBADF) and epoll_pwait/epoll_pwait2
 * (do_epoll_wait(): fdget() of the epoll fd, EINVAL for another kind).
 * epoll_ctl/epoll_wait themselves are in fs_events.c; here they get the
 * shared-table and close-race classes too.
 */
#include <signal.h>
#include <sys/epoll.h>
#include <sys/select.h>

#include "fs_util.h"

#define NPIPES 64

struct pipes {
	int fd[NPIPES][2];
};

static int pipes_open(struct pipes *p)
{
	for (int i = 0; i < NPIPES; i++)
		if (pipe2(p->fd[i], O_NONBLOCK))
			return -1;
	return 0;
}

static void pipes_close(struct pipes *p)
{
	for (int i = 0; i < NPIPES; i++) {
		close(p->fd[i][0]);
		close(p->fd[i][1]);
	}
}

TEST(poll_many_fds_counts_ready)
{
	static struct pipes p;
	struct pollfd pf[NPIPES * 2];
	int n;

	ASSERT_EQ(0, pipes_open(&p));
	for (int i = 0; i < NPIPES; i++) {
		pf[2 * i] = (struct pollfd){ .fd = p.fd[i][0], .events = POLLIN };
		pf[2 * i + 1] = (struct pollfd){ .fd = p.fd[i][1], .events = POLLOUT };
	}
	/* every write end is writable, no read end readable */
	EXPECT_EQ(NPIPES, poll(pf, NPIPES * 2, 0));
	for (int i = 0; i < NPIPES; i += 3) {
		ASSERT_EQ(1, write(p.fd[i][1], "x", 1));
	}
	n = poll(pf, NPIPES * 2, 0);
	EXPECT_EQ(NPIPES + (NPIPES + 2) / 3, n);
	for (int i = 0; i < NPIPES; i++) {
		EXPECT_EQ(i % 3 ? 0 : POLLIN, pf[2 * i].revents) TH_LOG("pipe %d", i);
	}
	/* ppoll: same answer, timeout 0 */
	EXPECT_EQ(n, ppoll(pf, NPIPES * 2, &(struct timespec){ 0, 0 }, NULL));
	/* the write end closed: POLLHUP on the read end */
	close(p.fd[1][1]);
	p.fd[1][1] = open("/dev/null", O_RDONLY);
	EXPECT_LE(1, poll(&pf[2], 1, 0));
	EXPECT_EQ(POLLHUP, pf[2].revents);
	pipes_close(&p);
}

TEST(select_many_fds_counts_ready)
{
	static struct pipes p;
	fd_set r, w;
	int maxfd = 0, n;

	ASSERT_EQ(0, pipes_open(&p));
	FD_ZERO(&r);
	FD_ZERO(&w);
	for (int i = 0; i < NPIPES; i += 2) {
		ASSERT_EQ(1, write(p.fd[i][1], "x", 1));
	}
	for (int i = 0; i < NPIPES; i++) {
		FD_SET(p.fd[i][0], &r);
		maxfd = p.fd[i][0] > maxfd ? p.fd[i][0] : maxfd;
	}
	n = select(maxfd + 1, &r, NULL, NULL, &(struct timeval){ 0, 0 });
	EXPECT_EQ(NPIPES / 2, n);
	for (int i = 0; i < NPIPES; i++) {
		EXPECT_EQ(!(i & 1), !!FD_ISSET(p.fd[i][0], &r)) TH_LOG("pipe %d", i);
	}
	FD_ZERO(&w);
	FD_SET(p.fd[0][1], &w);
	FD_SET(p.fd[3][1], &w);
	EXPECT_EQ(2, pselect(maxfd + 1, NULL, &w, NULL, &(struct timespec){ 0, 0 }, NULL));
	/* a timeout with nothing ready */
	FD_ZERO(&r);
	FD_SET(p.fd[1][0], &r);
	EXPECT_EQ(0, select(p.fd[1][0] + 1, &r, NULL, NULL, &(struct timeval){ 0, 10000 }));
	pipes_close(&p);
}

/* poll()'s verdict on one fd, as a syscall result: POLLNVAL is EBADF. */
static long poll_one(int fd, short events, short *revents)
{
	struct pollfd pf = { .fd = fd, .events = events };
	long r = poll(&pf, 1, 0);

	*revents = pf.revents;
	if (r == 1 && pf.revents & POLLNVAL) {
		errno = EBADF;
		return -1;
	}
	return r;
}

static void poll_classes(struct __test_metadata *_metadata)
{
	const short want[BAD_KIND_MAX] = {
		[BAD_CLOSED] = POLLNVAL, [BAD_MINUS1] = 0, [BAD_HUGE] = POLLNVAL,
		[BAD_DEVNULL] = POLLIN | POLLOUT, [BAD_OPATH] = POLLNVAL,
		[BAD_SOCKET] = POLLOUT,
	};
	const int wantret[BAD_KIND_MAX] = { 1, 0, 1, 1, 1, 1 };

	for (int k = 0; k < BAD_KIND_MAX; k++) {
		int fd = fs_bad_fd_make(k);
		struct pollfd pf = { .fd = fd, .events = POLLIN | POLLOUT };
		struct timespec ts = { 0, 0 };

		EXPECT_EQ(wantret[k], poll(&pf, 1, 0)) TH_LOG("%s", bad_fd_name[k]);
		EXPECT_EQ(want[k], pf.revents) TH_LOG("poll %s fd: revents %#x, want %#x",
						      bad_fd_name[k], pf.revents, want[k]);
		pf.revents = 0x5a;
		EXPECT_EQ(wantret[k], ppoll(&pf, 1, &ts, NULL));
		EXPECT_EQ(want[k], pf.revents) TH_LOG("ppoll %s fd: revents %#x",
						      bad_fd_name[k], pf.revents);
		bad_fd_release(k, fd);
	}
}

TEST(poll_fd_classes)
{
	poll_classes(_metadata);
}

TEST(poll_fd_classes_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	poll_classes(_metadata);
	fs_idler_stop(&id);
}

/* select()/pselect() of one fd in the read and write sets. */
static long select_one(int fd)
{
	fd_set r, w;

	if (fd < 0 || fd >= FD_SETSIZE) {
		errno = ERANGE;
		return -1;
	}
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(fd, &r);
	FD_SET(fd, &w);
	return select(fd + 1, &r, &w, NULL, &(struct timeval){ 0, 0 });
}

static long pselect_one(int fd)
{
	fd_set r;

	if (fd < 0 || fd >= FD_SETSIZE) {
		errno = ERANGE;
		return -1;
	}
	FD_ZERO(&r);
	FD_SET(fd, &r);
	return pselect(fd + 1, &r, NULL, NULL, &(struct timespec){ 0, 0 }, NULL);
}

static void select_classes(struct __test_metadata *_metadata)
{
	/*
	 * -1 and INT_MAX-1 cannot be put in an fd_set (ERANGE: not called).
	 * O_PATH: max_select_fd() sees an open fd, fdget() refuses it and
	 * do_select() then reports the default mask: ready both ways.
	 */
	const int e[] = { EBADF, ERANGE, ERANGE, FS_OK, FS_OK, FS_OK };
	short rev;

	FS_BAD_FDS("select", select_one(BADFD), e);
	FS_BAD_FDS("pselect", pselect_one(BADFD), e);
	/* /dev/null is readable and writable: 2; the socket writable: 1 */
	int dn = open("/dev/null", O_RDWR), s = fs_bad_fd_make(BAD_SOCKET);
	int op = open("/", O_PATH);

	ASSERT_LE(0, dn);
	ASSERT_LE(0, s);
	ASSERT_LE(0, op);
	EXPECT_EQ(2, select_one(op)) TH_LOG("select of an O_PATH fd: %s", strerror(errno));
	EXPECT_EQ(-1, poll_one(op, POLLIN, &rev));
	EXPECT_EQ(POLLNVAL, rev) TH_LOG("poll of an O_PATH fd: %#x", rev);
	close(op);
	EXPECT_EQ(2, select_one(dn));
	EXPECT_EQ(1, select_one(s));
	EXPECT_EQ(1, poll_one(s, POLLOUT, &rev));
	close(s);
	close(dn);
}

TEST(bad_fds_select)
{
	select_classes(_metadata);
}

TEST(bad_fds_select_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	select_classes(_metadata);
	fs_idler_stop(&id);
}

/* An fd number beyond the table's size is not looked at by select(). */
TEST(select_beyond_fd_table)
{
	fd_set r;
	int top = -1;

	for (int fd = 0; fd < 64; fd++)
		if (fcntl(fd, F_GETFD) >= 0)
			top = fd;
	if (top >= 60)
		SKIP(return, "fd table already larger than the default");
	FD_ZERO(&r);
	FD_SET(FD_SETSIZE - 1, &r);
	EXPECT_EQ(0, select(FD_SETSIZE, &r, NULL, NULL, &(struct timeval){ 0, 0 }))
		TH_LOG("fd %d beyond max_fds: %s", FD_SETSIZE - 1, strerror(errno));
	/* once the table has grown past it, the closed fd is EBADF */
	ASSERT_EQ(FD_SETSIZE - 1, dup2(0, FD_SETSIZE - 1));
	close(FD_SETSIZE - 1);
	FD_ZERO(&r);
	FD_SET(FD_SETSIZE - 1, &r);
	EXPECT_EQ(-1, select(FD_SETSIZE, &r, NULL, NULL, &(struct timeval){ 0, 0 }));
	EXPECT_EQ(EBADF, errno);
}

/* ---- epoll_pwait / epoll_pwait2 ---- */

static long sys_epoll_pwait2(int ep, struct epoll_event *ev, int n,
			     const struct timespec *ts, const sigset_t *ss)
{
	return syscall(__NR_epoll_pwait2, ep, ev, n, ts, ss, 8);
}

TEST(epoll_pwait_and_pwait2)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = 42 }, out[2];
	struct timespec ts = { 0, 0 };
	sigset_t ss;
	int ep = epoll_create1(0), p[2];

	ASSERT_LE(0, ep);
	ASSERT_EQ(0, pipe(p));
	sigemptyset(&ss);
	ASSERT_EQ(0, epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev));
	EXPECT_EQ(0, epoll_pwait(ep, out, 2, 0, &ss));
	EXPECT_EQ(0, sys_epoll_pwait2(ep, out, 2, &ts, &ss));
	ASSERT_EQ(1, write(p[1], "x", 1));
	ASSERT_EQ(1, epoll_pwait(ep, out, 2, 1000, &ss));
	EXPECT_EQ(42, out[0].data.u32);
	ASSERT_EQ(1, sys_epoll_pwait2(ep, out, 2, &ts, NULL))
		TH_LOG("epoll_pwait2: %s", strerror(errno));
	EXPECT_EQ(42, out[0].data.u32);
	EXPECT_EQ(-1, epoll_pwait(ep, out, 0, 0, &ss));
	EXPECT_EQ(EINVAL, errno) TH_LOG("maxevents 0: %s", strerror(errno));
	close(p[0]);
	close(p[1]);
	close(ep);
}

static void epoll_classes(struct __test_metadata *_metadata)
{
	struct epoll_event ev = { .events = EPOLLIN }, out;
	struct timespec ts = { 0, 0 };
	sigset_t ss;
	int ep = epoll_create1(0), p[2];
	const int eep[] = FS_ROW(EINVAL, EINVAL);
	const int etgt[] = FS_ROW(EPERM, FS_OK);

	ASSERT_LE(0, ep);
	ASSERT_EQ(0, pipe(p));
	sigemptyset(&ss);
	FS_BAD_FDS("epoll_pwait", epoll_pwait(BADFD, &out, 1, 0, &ss), eep);
	FS_BAD_FDS("epoll_pwait2", sys_epoll_pwait2(BADFD, &out, 1, &ts, &ss), eep);
	FS_BAD_FDS("epoll_wait", epoll_wait(BADFD, &out, 1, 0), eep);
	FS_BAD_FDS("epoll_ctl_epfd", epoll_ctl(BADFD, EPOLL_CTL_ADD, p[0], &ev), eep);
	FS_BAD_FDS("epoll_ctl_target", epoll_ctl(ep, EPOLL_CTL_ADD, BADFD, &ev), etgt);
	/* an epoll fd into itself */
	EXPECT_EQ(-1, epoll_ctl(ep, EPOLL_CTL_ADD, ep, &ev));
	EXPECT_EQ(EINVAL, errno);
	close(p[0]);
	close(p[1]);
	close(ep);
}

TEST(bad_fds_epoll_pwait)
{
	epoll_classes(_metadata);
}

TEST(bad_fds_epoll_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	epoll_classes(_metadata);
	fs_idler_stop(&id);
}

/* ---- the close race ---- */

static long race_poll(int fd, void *arg)
{
	short rev;

	return poll_one(fd, POLLIN | POLLOUT, &rev);
}

static long race_select(int fd, void *arg)
{
	return select_one(fd);
}

static long race_epoll_wait(int fd, void *arg)
{
	struct epoll_event out;

	return epoll_wait(fd, &out, 1, 0);
}

/* Add the target to an epoll set and remove it again. */
static long race_epoll_ctl(int fd, void *arg)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int ep = *(int *)arg;
	long r = epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);

	if (!r)
		epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL);
	return r;
}

TEST(race_close_poll_select_epoll)
{
	int p[2], ep = epoll_create1(0), ep2 = epoll_create1(0), srcs[4];
	const int ok[] = { EINVAL, EPERM, EEXIST, ENOENT, 0 };

	ASSERT_LE(0, ep);
	ASSERT_LE(0, ep2);
	ASSERT_EQ(0, pipe(p));
	srcs[0] = p[0];
	srcs[1] = open("/", O_PATH);
	srcs[2] = open("/dev/null", O_RDONLY);
	srcs[3] = p[1];
	ASSERT_LE(0, srcs[1]);
	ASSERT_LE(0, srcs[2]);
	FS_CLOSE_RACE("poll", race_poll, NULL, srcs, ok);
	FS_CLOSE_RACE("select", race_select, NULL, srcs, ok);
	FS_CLOSE_RACE("epoll_ctl_target", race_epoll_ctl, &ep, srcs, ok);
	srcs[0] = ep2;
	FS_CLOSE_RACE("epoll_wait", race_epoll_wait, NULL, srcs, ok);
	close(srcs[1]);
	close(srcs[2]);
	close(p[0]);
	close(p[1]);
	close(ep);
	close(ep2);
}

TEST_HARNESS_MAIN

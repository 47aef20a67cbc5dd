// SPDX-License-Identifier: GPL-2.0
/*
 * POSIX message queues (ipc/mqueue.c, CONFIG_POSIX_MQUEUE): the mqd_t is an
 * fd; mq_timedsend, mq_timedreceive, mq_notify and mq_getsetattr fdget()
 * it and check it is an mqueue file (EBADF otherwise, also for the wrong
 * open mode).  do_mq_notify()'s SIGEV_THREAD path looks up a second fd,
 * the netlink socket in sigev_signo (ENOTSOCK / EINVAL for other files),
 * and retries it: an irregular site, so it gets every class and a race.
 */
#include <mqueue.h>
#include <signal.h>
#include <linux/netlink.h>

#include "fs_util.h"

#define NOTIFY_COOKIE_LEN 32

static char qname[32];

static mqd_t mq_make(int oflag)
{
	struct mq_attr a = { .mq_maxmsg = 4, .mq_msgsize = 16 };

	snprintf(qname, sizeof(qname), "/fdsafe-%d", getpid());
	return mq_open(qname, O_CREAT | oflag, 0600, &a);
}

static long sys_mq_timedsend(int fd, const char *m, size_t len, unsigned prio,
			     const struct timespec *ts)
{
	return syscall(__NR_mq_timedsend, fd, m, len, prio, ts);
}

static long sys_mq_timedreceive(int fd, char *m, size_t len, unsigned *prio,
				const struct timespec *ts)
{
	return syscall(__NR_mq_timedreceive, fd, m, len, prio, ts);
}

static long sys_mq_notify(int fd, const struct sigevent *ev)
{
	return syscall(__NR_mq_notify, fd, ev);
}

static long sys_mq_getsetattr(int fd, const struct mq_attr *n, struct mq_attr *o)
{
	return syscall(__NR_mq_getsetattr, fd, n, o);
}

TEST(mq_send_receive_attr_notify)
{
	struct timespec ts = { 0, 0 };
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct mq_attr a, na = { .mq_flags = O_NONBLOCK };
	char buf[16];
	unsigned prio = 0;
	mqd_t q = mq_make(O_RDWR);

	if (q < 0 && errno == ENOSYS)
		SKIP(return, "mq_open: ENOSYS (CONFIG_POSIX_MQUEUE)");
	ASSERT_LE(0, q) TH_LOG("mq_open: %s", strerror(errno));
	mq_unlink(qname);
	ASSERT_EQ(0, sys_mq_getsetattr(q, NULL, &a));
	EXPECT_EQ(4, a.mq_maxmsg);
	EXPECT_EQ(16, a.mq_msgsize);
	EXPECT_EQ(0, a.mq_curmsgs);
	ASSERT_EQ(0, sys_mq_timedsend(q, "hello", 5, 3, NULL));
	EXPECT_EQ(-1, sys_mq_timedsend(q, "0123456789abcdefX", 17, 0, NULL));
	EXPECT_EQ(EMSGSIZE, errno);
	ASSERT_EQ(0, sys_mq_getsetattr(q, &na, &a));
	EXPECT_EQ(1, a.mq_curmsgs);
	EXPECT_EQ(0, a.mq_flags) TH_LOG("old flags");
	ASSERT_EQ(5, sys_mq_timedreceive(q, buf, sizeof(buf), &prio, &ts));
	EXPECT_EQ(0, memcmp(buf, "hello", 5));
	EXPECT_EQ(3, prio);
	/* O_NONBLOCK now: an empty queue does not wait */
	EXPECT_EQ(-1, sys_mq_timedreceive(q, buf, sizeof(buf), NULL, NULL));
	EXPECT_EQ(EAGAIN, errno);
	ASSERT_EQ(0, sys_mq_notify(q, &sev)) TH_LOG("mq_notify: %s", strerror(errno));
	EXPECT_EQ(-1, sys_mq_notify(q, &sev));
	EXPECT_EQ(EBUSY, errno) TH_LOG("second registration: %s", strerror(errno));
	EXPECT_EQ(0, sys_mq_notify(q, NULL));
	EXPECT_EQ(0, sys_mq_notify(q, &sev)) TH_LOG("after unregistering: %s", strerror(errno));
	close(q);
}

TEST(mq_wrong_open_mode)
{
	char buf[16];
	mqd_t w = mq_make(O_WRONLY), r;

	if (w < 0 && errno == ENOSYS)
		SKIP(return, "mq_open: ENOSYS (CONFIG_POSIX_MQUEUE)");
	ASSERT_LE(0, w);
	r = mq_open(qname, O_RDONLY);
	ASSERT_LE(0, r);
	mq_unlink(qname);
	EXPECT_EQ(-1, sys_mq_timedsend(r, "x", 1, 0, NULL));
	EXPECT_EQ(EBADF, errno) TH_LOG("send on O_RDONLY: %s", strerror(errno));
	EXPECT_EQ(-1, sys_mq_timedreceive(w, buf, sizeof(buf), NULL, NULL));
	EXPECT_EQ(EBADF, errno) TH_LOG("receive on O_WRONLY: %s", strerror(errno));
	EXPECT_EQ(-1, sys_mq_timedsend(w, "x", 1, 1 << 20, NULL));
	EXPECT_EQ(EINVAL, errno) TH_LOG("prio checked first: %s", strerror(errno));
	close(r);
	close(w);
}

static void mq_bad_battery(struct __test_metadata *_metadata)
{
	struct timespec ts = { 0, 0 }, badts = { 0, -1 };
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct mq_attr a;
	char buf[16];
	/* not an mqueue file: EBADF as well */
	const int e[] = FS_ROW(EBADF, EBADF);
	const int einval[] = { EINVAL, EINVAL, EINVAL, EINVAL, EINVAL, EINVAL };

	FS_BAD_FDS("mq_timedsend", sys_mq_timedsend(BADFD, "x", 1, 0, &ts), e);
	FS_BAD_FDS("mq_timedreceive", sys_mq_timedreceive(BADFD, buf, sizeof(buf), NULL, &ts),
		   e);
	FS_BAD_FDS("mq_notify", sys_mq_notify(BADFD, &sev), e);
	FS_BAD_FDS("mq_notify_remove", sys_mq_notify(BADFD, NULL), e);
	FS_BAD_FDS("mq_getsetattr", sys_mq_getsetattr(BADFD, NULL, &a), e);
	/* the timeout is checked before the fd */
	FS_BAD_FDS("mq_timedsend_bad_timeout", sys_mq_timedsend(BADFD, "x", 1, 0, &badts),
		   einval);
}

TEST(bad_fds_mq_calls)
{
	mq_bad_battery(_metadata);
}

TEST(bad_fds_mq_calls_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	mq_bad_battery(_metadata);
	fs_idler_stop(&id);
}

/* SIGEV_THREAD: the kernel half of glibc's notification thread. */
static long notify_thread(int q, int sock, const char *cookie)
{
	struct sigevent sev;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD;
	sev.sigev_signo = sock;
	sev.sigev_value.sival_ptr = (void *)cookie;
	return sys_mq_notify(q, &sev);
}

TEST(mq_notify_sigev_thread_socket_fd)
{
	char cookie[NOTIFY_COOKIE_LEN] = "fdsafe-cookie", got[64];
	/* the netlink socket fd: fdget(), then netlink_getsockbyfilp() */
	const int esock[] = FS_ROW(ENOTSOCK, EINVAL);
	const int eq[] = FS_ROW(EBADF, EBADF);
	int nl = socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK, NETLINK_ROUTE);
	mqd_t q = mq_make(O_RDWR);

	if (q < 0 && errno == ENOSYS)
		SKIP(return, "mq_open: ENOSYS (CONFIG_POSIX_MQUEUE)");
	ASSERT_LE(0, q);
	mq_unlink(qname);
	ASSERT_LE(0, nl) TH_LOG("netlink socket: %s", strerror(errno));
	FS_BAD_FDS("mq_notify_thread_sock", notify_thread(q, BADFD, cookie), esock);
	/* good socket, bad queue: the attached skb is dropped again */
	FS_BAD_FDS("mq_notify_thread_mqd", notify_thread(BADFD, nl, cookie), eq);
	ASSERT_EQ(0, notify_thread(q, nl, cookie)) TH_LOG("SIGEV_THREAD: %s", strerror(errno));
	EXPECT_EQ(-1, recv(nl, got, sizeof(got), 0));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("notified before a message");
	ASSERT_EQ(0, sys_mq_timedsend(q, "x", 1, 0, NULL));
	ASSERT_EQ(NOTIFY_COOKIE_LEN, recv(nl, got, sizeof(got), 0))
		TH_LOG("no notification: %s", strerror(errno));
	/* the cookie comes back with its last byte set to NOTIFY_WOKENUP */
	EXPECT_EQ(0, memcmp(got, cookie, NOTIFY_COOKIE_LEN - 1));
	EXPECT_EQ(1, got[NOTIFY_COOKIE_LEN - 1]);
	close(nl);
	close(q);
}

/* ---- the close race ---- */

static long race_getattr(int fd, void *arg)
{
	struct mq_attr a;

	return sys_mq_getsetattr(fd, NULL, &a);
}

struct notify_race {
	int q, nl;
};

/*
 * Register and remove again; the removal sends the cookie to the socket
 * (NOTIFY_REMOVED), so drain it: a full socket would block the next
 * registration in netlink_attachskb().
 */
static long race_notify_sock(int fd, void *arg)
{
	static char cookie[NOTIFY_COOKIE_LEN];
	struct notify_race *nr = arg;
	char buf[64];
	long r = notify_thread(nr->q, fd, cookie);
	int e = errno;

	if (!r)
		sys_mq_notify(nr->q, NULL);
	while (recv(nr->nl, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
	errno = e;
	return r;
}

TEST(race_close_mq_fds)
{
	int nl = socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK, NETLINK_ROUTE), srcs[4];
	mqd_t q = mq_make(O_RDWR);
	struct notify_race nr = { .q = q, .nl = nl };
	const int ok[] = { ENOTSOCK, EINVAL, EBUSY, 0 };

	if (q < 0 && errno == ENOSYS)
		SKIP(return, "mq_open: ENOSYS (CONFIG_POSIX_MQUEUE)");
	ASSERT_LE(0, q);
	ASSERT_LE(0, nl);
	mq_unlink(qname);
	srcs[0] = q;
	srcs[1] = open("/dev/null", O_RDONLY);
	srcs[2] = open("/", O_PATH);
	srcs[3] = nl;
	FS_CLOSE_RACE("mq_getsetattr", race_getattr, NULL, srcs, ok);
	srcs[0] = nl;
	srcs[3] = socket(AF_UNIX, SOCK_DGRAM, 0);
	FS_CLOSE_RACE("mq_notify_sigev_thread", race_notify_sock, &nr, srcs, ok);
	close(srcs[1]);
	close(srcs[2]);
	close(srcs[3]);
	close(nl);
	close(q);
}

TEST_HARNESS_MAIN

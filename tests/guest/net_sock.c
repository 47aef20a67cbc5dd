// SPDX-License-Identifier: GPL-2.0
/*
 * The socket syscalls (net/socket.c): every one that takes an fd goes
 * through sockfd_lookup_light() (fdget() + sock_from_file()) or fdget()
 * directly (sendmmsg/recvmmsg, accept4's listening socket).  A non-socket
 * gives ENOTSOCK, no file (or O_PATH) EBADF.  Good fds: AF_UNIX stream and
 * datagram, TCP and UDP over loopback, SCM_RIGHTS passing each class of
 * fd (scm_fp_copy()'s fget_raw(): O_PATH passes), and recvmmsg's error
 * paths: do_recvmmsg() once returned an uninitialised error in a stable
 * conversion, so its "error after some messages", "timeout after some
 * messages" and "vlen 0" results are pinned here.  Every bad-fd battery
 * runs single-threaded and with a shared fd table, plus a close race.
 */
#include <stddef.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <sys/ioctl.h>
#include <sys/un.h>

#include "fs_util.h"

static int lo_up(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM, 0), r = -1;

	if (s < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (!ioctl(s, SIOCGIFFLAGS, &ifr)) {
		ifr.ifr_flags |= IFF_UP;
		r = ioctl(s, SIOCSIFFLAGS, &ifr);
	}
	close(s);
	return r;
}

/* An abstract AF_UNIX address "\0fdsafe-<tag>-<pid>"; returns its length. */
static socklen_t abstract_addr(struct sockaddr_un *sun, const char *tag)
{
	int n;

	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	n = snprintf(sun->sun_path + 1, sizeof(sun->sun_path) - 1, "fdsafe-%s-%d",
		     tag, getpid());
	return offsetof(struct sockaddr_un, sun_path) + 1 + n;
}

static struct sockaddr_in loopback(unsigned short port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

/* ---- good fds ---- */

TEST(unix_stream_bind_listen_connect_accept)
{
	struct sockaddr_un sun, got, peer;
	socklen_t len = abstract_addr(&sun, "stream"), glen;
	char buf[16];
	int l = socket(AF_UNIX, SOCK_STREAM, 0), c = socket(AF_UNIX, SOCK_STREAM, 0), a;

	ASSERT_LE(0, l);
	ASSERT_LE(0, c);
	ASSERT_EQ(0, bind(l, (struct sockaddr *)&sun, len)) TH_LOG("bind: %s", strerror(errno));
	EXPECT_EQ(-1, bind(l, (struct sockaddr *)&sun, len));
	EXPECT_EQ(EINVAL, errno) TH_LOG("bind twice: %s", strerror(errno));
	EXPECT_EQ(-1, accept4(l, NULL, NULL, 0));
	EXPECT_EQ(EINVAL, errno) TH_LOG("accept before listen: %s", strerror(errno));
	ASSERT_EQ(0, listen(l, 4));
	ASSERT_EQ(0, connect(c, (struct sockaddr *)&sun, len)) TH_LOG("connect: %s", strerror(errno));
	EXPECT_EQ(-1, accept4(l, NULL, NULL, 0x40000000));
	EXPECT_EQ(EINVAL, errno) TH_LOG("accept4 bad flags: %s", strerror(errno));
	glen = sizeof(peer);
	a = accept4(l, (struct sockaddr *)&peer, &glen, SOCK_NONBLOCK | SOCK_CLOEXEC);
	ASSERT_LE(0, a) TH_LOG("accept4: %s", strerror(errno));
	EXPECT_TRUE(fcntl(a, F_GETFL) & O_NONBLOCK);
	EXPECT_TRUE(fcntl(a, F_GETFD) & FD_CLOEXEC);
	EXPECT_EQ(sizeof(sa_family_t), glen) TH_LOG("unbound client has a name");
	glen = sizeof(got);
	ASSERT_EQ(0, getsockname(a, (struct sockaddr *)&got, &glen));
	EXPECT_EQ(len, glen);
	EXPECT_EQ(0, memcmp(&got, &sun, len)) TH_LOG("accepted socket's name");
	glen = sizeof(got);
	ASSERT_EQ(0, getpeername(c, (struct sockaddr *)&got, &glen));
	EXPECT_EQ(len, glen);
	EXPECT_EQ(0, memcmp(&got, &sun, len)) TH_LOG("client's peer name");
	glen = sizeof(got);
	EXPECT_EQ(-1, getpeername(l, (struct sockaddr *)&got, &glen));
	EXPECT_EQ(ENOTCONN, errno);
	ASSERT_EQ(5, sendto(c, "hello", 5, 0, NULL, 0));
	ASSERT_EQ(5, recvfrom(a, buf, sizeof(buf), 0, NULL, NULL));
	EXPECT_EQ(0, memcmp(buf, "hello", 5));
	EXPECT_EQ(-1, recvfrom(a, buf, sizeof(buf), 0, NULL, NULL));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("empty non-blocking accepted socket");
	ASSERT_EQ(0, shutdown(c, SHUT_WR));
	EXPECT_EQ(0, recv(a, buf, sizeof(buf), 0)) TH_LOG("no EOF after SHUT_WR");
	EXPECT_EQ(-1, send(c, "x", 1, MSG_NOSIGNAL));
	EXPECT_EQ(EPIPE, errno) TH_LOG("send after SHUT_WR: %s", strerror(errno));
	EXPECT_EQ(-1, shutdown(c, 7));
	EXPECT_EQ(EINVAL, errno);
	close(a);
	close(c);
	close(l);
}

TEST(tcp_loopback_calls)
{
	struct sockaddr_in addr = loopback(0), got, peer;
	socklen_t glen = sizeof(got);
	char buf[16];
	int one = 1, v = 0, l, c, a;
	socklen_t vlen = sizeof(v);

	ASSERT_EQ(0, lo_up()) TH_LOG("bringing lo up: %s", strerror(errno));
	l = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	c = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_LE(0, l) TH_LOG("socket(AF_INET): %s", strerror(errno));
	ASSERT_LE(0, c);
	ASSERT_EQ(0, setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)));
	ASSERT_EQ(0, bind(l, (struct sockaddr *)&addr, sizeof(addr)));
	ASSERT_EQ(0, getsockname(l, (struct sockaddr *)&addr, &glen));
	EXPECT_NE(0, addr.sin_port) TH_LOG("no port bound");
	ASSERT_EQ(0, listen(l, 4));
	EXPECT_EQ(-1, accept4(l, NULL, NULL, 0));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("accept4 with none pending: %s", strerror(errno));
	ASSERT_EQ(0, connect(c, (struct sockaddr *)&addr, sizeof(addr)))
		TH_LOG("connect: %s", strerror(errno));
	glen = sizeof(peer);
	a = accept4(l, (struct sockaddr *)&peer, &glen, SOCK_CLOEXEC);
	ASSERT_LE(0, a) TH_LOG("accept4: %s", strerror(errno));
	glen = sizeof(got);
	ASSERT_EQ(0, getsockname(c, (struct sockaddr *)&got, &glen));
	EXPECT_EQ(got.sin_port, peer.sin_port) TH_LOG("accept's peer is not the client");
	glen = sizeof(got);
	ASSERT_EQ(0, getpeername(c, (struct sockaddr *)&got, &glen));
	EXPECT_EQ(addr.sin_port, got.sin_port);
	ASSERT_EQ(0, setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)));
	ASSERT_EQ(0, getsockopt(c, IPPROTO_TCP, TCP_NODELAY, &v, &vlen));
	EXPECT_NE(0, v);
	EXPECT_EQ(-1, setsockopt(c, IPPROTO_TCP, 0x7777, &one, sizeof(one)));
	EXPECT_EQ(ENOPROTOOPT, errno);
	ASSERT_EQ(5, sendto(c, "hello", 5, 0, NULL, 0));
	ASSERT_EQ(5, recvfrom(a, buf, 5, MSG_WAITALL, NULL, NULL));
	EXPECT_EQ(0, memcmp(buf, "hello", 5));
	ASSERT_EQ(0, shutdown(c, SHUT_WR));
	EXPECT_EQ(0, recv(a, buf, sizeof(buf), 0));
	EXPECT_EQ(-1, listen(c, 1));
	EXPECT_EQ(EINVAL, errno) TH_LOG("listen on connected: %s", strerror(errno));
	close(a);
	close(c);
	close(l);
}

TEST(udp_sendto_recvfrom_connect)
{
	struct sockaddr_in a1 = loopback(0), from;
	socklen_t len = sizeof(a1), flen = sizeof(from);
	char buf[16];
	int u1 = socket(AF_INET, SOCK_DGRAM, 0), u2 = socket(AF_INET, SOCK_DGRAM, 0);

	ASSERT_EQ(0, lo_up());
	ASSERT_LE(0, u1);
	ASSERT_LE(0, u2);
	ASSERT_EQ(0, bind(u1, (struct sockaddr *)&a1, sizeof(a1)));
	ASSERT_EQ(0, getsockname(u1, (struct sockaddr *)&a1, &len));
	EXPECT_EQ(-1, send(u2, "x", 1, 0));
	EXPECT_EQ(EDESTADDRREQ, errno) TH_LOG("unconnected UDP send: %s", strerror(errno));
	ASSERT_EQ(3, sendto(u2, "abc", 3, 0, (struct sockaddr *)&a1, sizeof(a1)));
	ASSERT_EQ(3, recvfrom(u1, buf, sizeof(buf), 0, (struct sockaddr *)&from, &flen));
	EXPECT_EQ(0, memcmp(buf, "abc", 3));
	EXPECT_EQ(htonl(INADDR_LOOPBACK), from.sin_addr.s_addr);
	ASSERT_EQ(0, connect(u2, (struct sockaddr *)&a1, sizeof(a1)));
	ASSERT_EQ(2, send(u2, "de", 2, 0));
	ASSERT_EQ(2, recv(u1, buf, sizeof(buf), 0));
	EXPECT_EQ(-1, recv(u1, buf, sizeof(buf), MSG_DONTWAIT));
	EXPECT_EQ(EAGAIN, errno);
	close(u1);
	close(u2);
}

static void fill_msg(struct mmsghdr *m, struct iovec *iov, char *buf, size_t len)
{
	memset(m, 0, sizeof(*m));
	iov->iov_base = buf;
	iov->iov_len = len;
	m->msg_hdr.msg_iov = iov;
	m->msg_hdr.msg_iovlen = 1;
}

TEST(sendmsg_recvmsg_dgram)
{
	struct iovec iov[2] = { { "ab", 2 }, { "cde", 3 } }, riov;
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
	char buf[16] = { 0 };
	int sv[2];

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
	ASSERT_EQ(5, sendmsg(sv[0], &m, 0)) TH_LOG("sendmsg: %s", strerror(errno));
	riov.iov_base = buf;
	riov.iov_len = 3;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &riov;
	m.msg_iovlen = 1;
	ASSERT_EQ(3, recvmsg(sv[1], &m, 0));
	EXPECT_TRUE(m.msg_flags & MSG_TRUNC) TH_LOG("short buffer: no MSG_TRUNC");
	EXPECT_EQ(0, memcmp(buf, "abc", 3));
	EXPECT_EQ(-1, recvmsg(sv[1], &m, MSG_DONTWAIT));
	EXPECT_EQ(EAGAIN, errno);
	close(sv[0]);
	close(sv[1]);
}

TEST(sendmmsg_batch_and_bad_entry)
{
	struct mmsghdr mm[3];
	struct iovec iov[3];
	char data[3][4] = { "m0", "m1", "m2" }, buf[8];
	int sv[2];

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
	for (int i = 0; i < 3; i++)
		fill_msg(&mm[i], &iov[i], data[i], 2);
	ASSERT_EQ(3, sendmmsg(sv[0], mm, 3, 0)) TH_LOG("sendmmsg: %s", strerror(errno));
	for (int i = 0; i < 3; i++) {
		EXPECT_EQ(2, mm[i].msg_len);
	}
	/* a faulting second entry: the first is sent, its error dropped */
	mm[1].msg_hdr.msg_iov = (void *)1;
	EXPECT_EQ(1, sendmmsg(sv[0], mm, 3, 0)) TH_LOG("errno %s", strerror(errno));
	mm[0].msg_hdr.msg_iov = (void *)1;
	EXPECT_EQ(-1, sendmmsg(sv[0], mm, 3, 0));
	EXPECT_EQ(EFAULT, errno) TH_LOG("faulting first entry: %s", strerror(errno));
	EXPECT_EQ(0, sendmmsg(sv[0], mm, 0, 0)) TH_LOG("vlen 0: %s", strerror(errno));
	for (int i = 0; i < 4; i++) {
		ASSERT_EQ(2, recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT));
		EXPECT_EQ(i < 3 ? '0' + i : '0', buf[1]);
	}
	EXPECT_EQ(-1, recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT));
	EXPECT_EQ(EAGAIN, errno);
	close(sv[0]);
	close(sv[1]);
}

/* Queue @n two-byte datagrams "m0".. on sv[0] for sv[1]. */
static int queue_dgrams(int fd, int n)
{
	char m[3] = "m0";

	for (int i = 0; i < n; i++) {
		m[1] = '0' + i;
		if (send(fd, m, 2, 0) != 2)
			return -1;
	}
	return 0;
}

struct rmm {
	struct mmsghdr mm[4];
	struct iovec iov[4];
	char buf[4][8];
};

static struct mmsghdr *rmm_init(struct rmm *r)
{
	for (int i = 0; i < 4; i++)
		fill_msg(&r->mm[i], &r->iov[i], r->buf[i], sizeof(r->buf[i]));
	return r->mm;
}

TEST(recvmmsg_batch_and_vlen0)
{
	struct rmm r;
	int sv[2];

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
	ASSERT_EQ(0, queue_dgrams(sv[0], 3));
	EXPECT_EQ(0, recvmmsg(sv[1], rmm_init(&r), 0, MSG_DONTWAIT, NULL))
		TH_LOG("vlen 0: %s", strerror(errno));
	/* three queued, four asked, non-blocking: three, not EAGAIN */
	ASSERT_EQ(3, recvmmsg(sv[1], rmm_init(&r), 4, MSG_DONTWAIT, NULL))
		TH_LOG("recvmmsg: %s", strerror(errno));
	for (int i = 0; i < 3; i++) {
		EXPECT_EQ(2, r.mm[i].msg_len);
		EXPECT_EQ('0' + i, r.buf[i][1]);
	}
	EXPECT_EQ(-1, recvmmsg(sv[1], rmm_init(&r), 4, MSG_DONTWAIT, NULL));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("empty: %s", strerror(errno));
	/* MSG_WAITFORONE on a blocking socket: one, then no wait */
	ASSERT_EQ(0, queue_dgrams(sv[0], 2));
	EXPECT_EQ(2, recvmmsg(sv[1], rmm_init(&r), 4, MSG_WAITFORONE, NULL));
	close(sv[0]);
	close(sv[1]);
}

TEST(recvmmsg_error_after_some_messages)
{
	struct rmm r;
	int sv[2];

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
	ASSERT_EQ(0, queue_dgrams(sv[0], 3));
	/* entry 1's iovec array faults before anything is dequeued */
	rmm_init(&r);
	r.mm[1].msg_hdr.msg_iov = (void *)1;
	ASSERT_EQ(1, recvmmsg(sv[1], r.mm, 3, MSG_DONTWAIT, NULL))
		TH_LOG("error after one message: ret errno %s", strerror(errno));
	EXPECT_EQ('0', r.buf[0][1]);
	/* the error was kept in sk_err: the next call reports it */
	EXPECT_EQ(-1, recvmmsg(sv[1], rmm_init(&r), 3, MSG_DONTWAIT, NULL));
	EXPECT_EQ(EFAULT, errno) TH_LOG("pending error: %s", strerror(errno));
	/* ... once: then the two messages left */
	ASSERT_EQ(2, recvmmsg(sv[1], rmm_init(&r), 3, MSG_DONTWAIT, NULL))
		TH_LOG("after the error: %s", strerror(errno));
	EXPECT_EQ('1', r.buf[0][1]);
	EXPECT_EQ('2', r.buf[1][1]);
	/* faulting first entry: the error itself, nothing kept */
	ASSERT_EQ(0, queue_dgrams(sv[0], 1));
	rmm_init(&r);
	r.mm[0].msg_hdr.msg_iov = (void *)1;
	EXPECT_EQ(-1, recvmmsg(sv[1], r.mm, 3, MSG_DONTWAIT, NULL));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(1, recvmmsg(sv[1], rmm_init(&r), 3, MSG_DONTWAIT, NULL))
		TH_LOG("first-entry fault left an error: %s", strerror(errno));
	close(sv[0]);
	close(sv[1]);
}

TEST(recvmmsg_timeout_after_some_messages)
{
	struct timespec ts = { 0, 0 };
	struct timeval tv = { 0, 50 * 1000 };
	struct rmm r;
	int sv[2];

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
	ASSERT_EQ(0, queue_dgrams(sv[0], 3));
	/* a zero timeout has expired after the first message */
	ASSERT_EQ(1, recvmmsg(sv[1], rmm_init(&r), 4, 0, &ts))
		TH_LOG("zero timeout: %s", strerror(errno));
	EXPECT_EQ(0, ts.tv_sec);
	EXPECT_EQ(0, ts.tv_nsec);
	/* a long timeout, SO_RCVTIMEO ends the wait for the third: two */
	ASSERT_EQ(0, setsockopt(sv[1], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)));
	ts.tv_sec = 10;
	ASSERT_EQ(2, recvmmsg(sv[1], rmm_init(&r), 4, 0, &ts))
		TH_LOG("timeout after two: %s", strerror(errno));
	EXPECT_EQ('1', r.buf[0][1]);
	/* what is left is written back (the guest clock may be coarse) */
	EXPECT_LE(9, ts.tv_sec);
	EXPECT_GE(10, ts.tv_sec);
	/* nothing queued: the SO_RCVTIMEO error itself */
	ts.tv_sec = 10;
	EXPECT_EQ(-1, recvmmsg(sv[1], rmm_init(&r), 4, 0, &ts));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("timeout, none: %s", strerror(errno));
	ts.tv_nsec = 1000000000L;
	EXPECT_EQ(-1, recvmmsg(sv[1], rmm_init(&r), 4, 0, &ts));
	EXPECT_EQ(EINVAL, errno) TH_LOG("invalid timeout: %s", strerror(errno));
	close(sv[0]);
	close(sv[1]);
}

/* Send @fd in SCM_RIGHTS over sv[0]; receive it on sv[1] and compare. */
static long pass_fd(int *sv, int fd)
{
	union {
		struct cmsghdr h;
		char b[CMSG_SPACE(sizeof(int))];
	} u;
	struct iovec iov = { "f", 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = u.b, .msg_controllen = sizeof(u.b) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	struct stat a, b;
	char ch;
	int got;
	long r;

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	r = sendmsg(sv[0], &m, MSG_DONTWAIT);
	if (r < 0)
		return r;
	iov.iov_base = &ch;
	m.msg_controllen = sizeof(u.b);
	if (recvmsg(sv[1], &m, MSG_DONTWAIT) != 1 || !(c = CMSG_FIRSTHDR(&m)) ||
	    c->cmsg_type != SCM_RIGHTS) {
		errno = EILSEQ;
		return -1;
	}
	memcpy(&got, CMSG_DATA(c), sizeof(int));
	r = fstat(fd, &a) || fstat(got, &b) || a.st_ino != b.st_ino ||
	    a.st_dev != b.st_dev;
	close(got);
	if (r) {
		errno = EILSEQ;	/* another file came out */
		return -1;
	}
	return 1;
}

TEST(scm_rights_fd_kinds)
{
	/* scm_fp_copy(): fget_raw(), O_PATH fds pass */
	const int e[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);
	int sv[2];

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	FS_BAD_FDS("sendmsg_scm_rights", pass_fd(sv, BADFD), e);
	close(sv[0]);
	close(sv[1]);
}

/* ---- bad fds ---- */

static void socket_bad_battery(struct __test_metadata *_metadata)
{
	struct sockaddr_un sun, autob = { .sun_family = AF_UNIX }, got;
	socklen_t len = abstract_addr(&sun, "nobody"), glen;
	struct timespec ts = { 0, 1000 }, badts = { 0, 1000000000L };
	struct iovec iov = { "x", 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct mmsghdr mm = { .msg_hdr = m };
	int v = 1 << 16;
	socklen_t vlen = sizeof(v);
	char buf[8];
	/* the socket class: an unbound, unconnected AF_UNIX datagram socket */
	const int eok[] = FS_ROW(ENOTSOCK, FS_OK);
	const int eref[] = FS_ROW(ENOTSOCK, ECONNREFUSED);
	const int enotsupp[] = FS_ROW(ENOTSOCK, EOPNOTSUPP);
	const int enotconn[] = FS_ROW(ENOTSOCK, ENOTCONN);
	const int eagain[] = FS_ROW(ENOTSOCK, EAGAIN);
	const int einval[] = { EINVAL, EINVAL, EINVAL, EINVAL, EINVAL, EINVAL };

	FS_BAD_FDS("bind", bind(BADFD, (struct sockaddr *)&autob, sizeof(sa_family_t)), eok);
	FS_BAD_FDS("connect", connect(BADFD, (struct sockaddr *)&sun, len), eref);
	FS_BAD_FDS("listen", listen(BADFD, 1), enotsupp);
	FS_BAD_FDS_NEWFD("accept4", accept4(BADFD, NULL, NULL, SOCK_CLOEXEC), enotsupp);
	FS_BAD_FDS("getsockname", (glen = sizeof(got),
		   getsockname(BADFD, (struct sockaddr *)&got, &glen)), eok);
	FS_BAD_FDS("getpeername", (glen = sizeof(got),
		   getpeername(BADFD, (struct sockaddr *)&got, &glen)), enotconn);
	FS_BAD_FDS("setsockopt", setsockopt(BADFD, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)), eok);
	FS_BAD_FDS("getsockopt", (vlen = sizeof(v),
		   getsockopt(BADFD, SOL_SOCKET, SO_TYPE, &v, &vlen)), eok);
	FS_BAD_FDS("shutdown", shutdown(BADFD, SHUT_RDWR), eok);
	FS_BAD_FDS("sendto", sendto(BADFD, "x", 1, MSG_DONTWAIT, NULL, 0), enotconn);
	FS_BAD_FDS("sendto_addr", sendto(BADFD, "x", 1, MSG_DONTWAIT,
					 (struct sockaddr *)&sun, len), eref);
	FS_BAD_FDS("recvfrom", recvfrom(BADFD, buf, sizeof(buf), MSG_DONTWAIT, NULL, NULL),
		   eagain);
	FS_BAD_FDS("sendmsg", sendmsg(BADFD, &m, MSG_DONTWAIT), enotconn);
	FS_BAD_FDS("recvmsg", (iov.iov_base = buf, recvmsg(BADFD, &m, MSG_DONTWAIT)), eagain);
	FS_BAD_FDS("sendmmsg", sendmmsg(BADFD, &mm, 1, MSG_DONTWAIT), enotconn);
	FS_BAD_FDS("recvmmsg", (mm.msg_hdr = m, recvmmsg(BADFD, &mm, 1, MSG_DONTWAIT, NULL)),
		   eagain);
	FS_BAD_FDS("recvmmsg_timeout", (mm.msg_hdr = m,
		   recvmmsg(BADFD, &mm, 1, MSG_DONTWAIT, &ts)), eagain);
	/* the timeout is checked before the fd */
	FS_BAD_FDS("recvmmsg_bad_timeout", recvmmsg(BADFD, &mm, 1, MSG_DONTWAIT, &badts),
		   einval);
}

TEST(bad_fds_socket_calls)
{
	socket_bad_battery(_metadata);
}

TEST(bad_fds_socket_calls_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	socket_bad_battery(_metadata);
	fs_idler_stop(&id);
}

/* ---- the close race ---- */

static long race_getsockname(int fd, void *arg)
{
	struct sockaddr_un sun;
	socklen_t len = sizeof(sun);

	return getsockname(fd, (struct sockaddr *)&sun, &len);
}

static long race_sendmsg(int fd, void *arg)
{
	struct iovec iov = { "x", 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };

	return sendmsg(fd, &m, MSG_DONTWAIT);
}

static long race_recvmmsg(int fd, void *arg)
{
	struct rmm *r = arg;

	return recvmmsg(fd, rmm_init(r), 2, MSG_DONTWAIT, NULL);
}

static long race_setsockopt(int fd, void *arg)
{
	int v = 1 << 16;

	return setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v));
}

TEST(race_close_socket_calls)
{
	static struct rmm rbuf;
	int sv[2], srcs[4];
	const int ok[] = { ENOTSOCK, EAGAIN, 0 };

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
	srcs[0] = sv[0];
	srcs[1] = open("/dev/null", O_RDWR);
	srcs[2] = open("/", O_PATH);
	srcs[3] = sv[1];
	ASSERT_LE(0, srcs[1]);
	ASSERT_LE(0, srcs[2]);
	/* keep traffic flowing both ways so that both calls succeed */
	FS_CLOSE_RACE("sendmsg", race_sendmsg, NULL, srcs, ok);
	FS_CLOSE_RACE("recvmmsg", race_recvmmsg, &rbuf, srcs, ok);
	FS_CLOSE_RACE("getsockname", race_getsockname, NULL, srcs, ok);
	FS_CLOSE_RACE("setsockopt", race_setsockopt, NULL, srcs, ok);
	close(srcs[1]);
	close(srcs[2]);
	close(sv[0]);
	close(sv[1]);
}

TEST_HARNESS_MAIN

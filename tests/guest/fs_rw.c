// SPDX-License-Identifier: GPL-2.0
/*
 * read/write/lseek and friends: the fdget_pos() users (fs/read_write.c,
 * getdents in fs/readdir.c) and the positional ones (pread/pwrite/preadv/pwritev, plain fdget()).
 * Good fds check data and file offsets; every bad-fd class checks the
 * errno (or success) the baseline kernel gives.  The program is single
 * threaded, so these are the "borrowed" fdget paths; fs_threads.c runs
 * the shared-table ones.
 */
#include "fs_util.h"

static const char text[] = "0123456789abcdefghij";	/* 20 bytes */

TEST(read_write_lseek_regular)
{
	char buf[32] = { 0 };
	int fd = fs_tmpfile(NULL);

	ASSERT_LE(0, fd) TH_LOG("tmpfile: %s", strerror(errno));
	ASSERT_EQ(20, write(fd, text, 20)) TH_LOG("write: %s", strerror(errno));
	EXPECT_EQ(20, lseek(fd, 0, SEEK_CUR)) TH_LOG("write must advance f_pos");
	EXPECT_EQ(0, read(fd, buf, sizeof(buf))) TH_LOG("read at EOF must give 0");
	EXPECT_EQ(5, lseek(fd, 5, SEEK_SET));
	ASSERT_EQ(4, read(fd, buf, 4)) TH_LOG("read: %s", strerror(errno));
	EXPECT_EQ(0, memcmp(buf, "5678", 4)) TH_LOG("read back '%.4s'", buf);
	EXPECT_EQ(9, lseek(fd, 0, SEEK_CUR)) TH_LOG("read must advance f_pos");
	EXPECT_EQ(7, lseek(fd, -2, SEEK_CUR));
	EXPECT_EQ(17, lseek(fd, -3, SEEK_END));
	ASSERT_EQ(3, read(fd, buf, 10));
	EXPECT_EQ(0, memcmp(buf, "hij", 3));
	/* past EOF: a hole, then the size grows */
	EXPECT_EQ(30, lseek(fd, 30, SEEK_SET));
	EXPECT_EQ(1, write(fd, "Z", 1));
	EXPECT_EQ(31, lseek(fd, 0, SEEK_END));
	EXPECT_EQ(-1, lseek(fd, -100, SEEK_SET));
	EXPECT_EQ(EINVAL, errno) TH_LOG("negative offset: %s", strerror(errno));
	EXPECT_EQ(-1, lseek(fd, 0, 42));
	EXPECT_EQ(EINVAL, errno) TH_LOG("bad whence: %s", strerror(errno));
	EXPECT_EQ(31, lseek(fd, 0, SEEK_CUR)) TH_LOG("failed lseek moved f_pos");
	close(fd);
}

TEST(o_append_write_goes_to_end)
{
	char name[] = "/tmp/appXXXXXX", buf[16] = { 0 };
	int fd = mkstemp(name), afd;

	ASSERT_LE(0, fd);
	ASSERT_EQ(3, write(fd, "abc", 3));
	afd = open(name, O_WRONLY | O_APPEND);
	unlink(name);
	ASSERT_LE(0, afd);
	EXPECT_EQ(0, lseek(afd, 0, SEEK_SET));
	EXPECT_EQ(2, write(afd, "de", 2));
	EXPECT_EQ(5, lseek(afd, 0, SEEK_CUR)) TH_LOG("O_APPEND f_pos after write");
	ASSERT_EQ(5, pread(fd, buf, sizeof(buf), 0));
	EXPECT_STREQ("abcde", buf);
	close(afd);
	close(fd);
}

TEST(pread_pwrite_keep_offset)
{
	char buf[8] = { 0 };
	int fd = fs_tmpfile(text);

	ASSERT_LE(0, fd);
	ASSERT_EQ(3, lseek(fd, 3, SEEK_SET));
	ASSERT_EQ(4, pread(fd, buf, 4, 10));
	EXPECT_EQ(0, memcmp(buf, "abcd", 4)) TH_LOG("pread got '%.4s'", buf);
	EXPECT_EQ(3, lseek(fd, 0, SEEK_CUR)) TH_LOG("pread moved f_pos");
	ASSERT_EQ(2, pwrite(fd, "XY", 2, 0));
	EXPECT_EQ(3, lseek(fd, 0, SEEK_CUR)) TH_LOG("pwrite moved f_pos");
	ASSERT_EQ(3, pread(fd, buf, 3, 0));
	EXPECT_EQ(0, memcmp(buf, "XY2", 3)) TH_LOG("pwrite data '%.3s'", buf);
	EXPECT_EQ(0, pread(fd, buf, 4, 1000)) TH_LOG("pread past EOF");
	EXPECT_EQ(-1, pread(fd, buf, 4, -1));
	EXPECT_EQ(EINVAL, errno) TH_LOG("pread negative offset: %s", strerror(errno));
	close(fd);
}

TEST(readv_writev_preadv_pwritev)
{
	char a[4] = { 0 }, b[6] = { 0 };
	struct iovec wv[2] = { { "hello ", 6 }, { "world", 5 } };
	struct iovec rv[2] = { { a, 3 }, { b, 5 } };
	int fd = fs_tmpfile(NULL);

	ASSERT_LE(0, fd);
	ASSERT_EQ(11, writev(fd, wv, 2)) TH_LOG("writev: %s", strerror(errno));
	EXPECT_EQ(11, lseek(fd, 0, SEEK_CUR));
	ASSERT_EQ(0, lseek(fd, 0, SEEK_SET));
	ASSERT_EQ(8, readv(fd, rv, 2)) TH_LOG("readv: %s", strerror(errno));
	EXPECT_EQ(0, memcmp(a, "hel", 3));
	EXPECT_EQ(0, memcmp(b, "lo wo", 5));
	EXPECT_EQ(8, lseek(fd, 0, SEEK_CUR));
	ASSERT_EQ(8, preadv(fd, rv, 2, 3));
	EXPECT_EQ(0, memcmp(a, "lo ", 3));
	EXPECT_EQ(0, memcmp(b, "world", 5));
	EXPECT_EQ(8, lseek(fd, 0, SEEK_CUR)) TH_LOG("preadv moved f_pos");
	ASSERT_EQ(11, pwritev(fd, wv, 2, 11));
	EXPECT_EQ(22, lseek(fd, 0, SEEK_END));
	close(fd);
}

TEST(pipe_is_not_seekable)
{
	int p[2];
	char c;

	ASSERT_EQ(0, pipe(p));
	EXPECT_EQ(-1, lseek(p[0], 0, SEEK_SET));
	EXPECT_EQ(ESPIPE, errno);
	EXPECT_EQ(-1, pread(p[0], &c, 1, 0));
	EXPECT_EQ(ESPIPE, errno);
	EXPECT_EQ(-1, pwrite(p[1], "x", 1, 0));
	EXPECT_EQ(ESPIPE, errno);
	EXPECT_EQ(1, write(p[1], "x", 1));
	EXPECT_EQ(1, read(p[0], &c, 1));
	EXPECT_EQ('x', c);
	/* wrong direction: read end opened read-only */
	EXPECT_EQ(-1, write(p[0], "x", 1));
	EXPECT_EQ(EBADF, errno) TH_LOG("write to read end: %s", strerror(errno));
	EXPECT_EQ(-1, read(p[1], &c, 1));
	EXPECT_EQ(EBADF, errno) TH_LOG("read from write end: %s", strerror(errno));
	close(p[0]);
	close(p[1]);
}

TEST(wrong_open_mode)
{
	char c;
	int fd = open("/proc/self/exe", O_RDONLY);
	int wfd = open("/dev/null", O_WRONLY);

	ASSERT_LE(0, fd);
	ASSERT_LE(0, wfd);
	EXPECT_EQ(-1, write(fd, "x", 1));
	EXPECT_EQ(EBADF, errno);
	EXPECT_EQ(-1, pwrite(fd, "x", 1, 0));
	EXPECT_EQ(EBADF, errno);
	EXPECT_EQ(-1, read(wfd, &c, 1));
	EXPECT_EQ(EBADF, errno);
	EXPECT_EQ(-1, pread(wfd, &c, 1, 0));
	EXPECT_EQ(EBADF, errno);
	close(fd);
	close(wfd);
}

TEST(bad_fds_read)
{
	char buf[4];
	struct iovec iov = { buf, sizeof(buf) };
	const int e[] = FS_ROW(FS_OK, EAGAIN);

	FS_BAD_FDS("read", read(BADFD, buf, sizeof(buf)), e);
	FS_BAD_FDS("readv", readv(BADFD, &iov, 1), e);
}

TEST(bad_fds_write)
{
	struct iovec iov = { "x", 1 };
	const int e[] = FS_ROW(FS_OK, ENOTCONN);

	FS_BAD_FDS("write", write(BADFD, "x", 1), e);
	FS_BAD_FDS("writev", writev(BADFD, &iov, 1), e);
}

TEST(bad_fds_lseek)
{
	const int e[] = FS_ROW(FS_OK, ESPIPE);

	FS_BAD_FDS("lseek", lseek(BADFD, 0, SEEK_SET), e);
	FS_BAD_FDS("lseek_end", lseek(BADFD, 0, SEEK_END), e);
}

TEST(bad_fds_pread_pwrite)
{
	char buf[4];
	struct iovec iov = { buf, sizeof(buf) };
	const int e[] = FS_ROW(FS_OK, ESPIPE);

	FS_BAD_FDS("pread", pread(BADFD, buf, sizeof(buf), 0), e);
	FS_BAD_FDS("pwrite", pwrite(BADFD, "x", 1, 0), e);
	FS_BAD_FDS("preadv", preadv(BADFD, &iov, 1, 0), e);
	FS_BAD_FDS("pwritev", pwritev(BADFD, &iov, 1, 0), e);
}

TEST(zero_length_still_checks_fd)
{
	char c;
	const int er[] = FS_ROW(FS_OK, FS_OK);
	const int ew[] = FS_ROW(FS_OK, ENOTCONN);

	/*
	 * count 0: the fd is still looked up and checked; a socket read of 0
	 * returns 0 before recvmsg, a write of 0 still goes to sendmsg.
	 */
	FS_BAD_FDS("read0", read(BADFD, &c, 0), er);
	FS_BAD_FDS("write0", write(BADFD, &c, 0), ew);
}

/* getdents64/getdents: the other fdget_pos() users (fs/readdir.c) */
static long sys_getdents64(int fd, void *buf, unsigned len)
{
	return syscall(__NR_getdents64, fd, buf, len);
}

static long sys_getdents(int fd, void *buf, unsigned len)
{
	return syscall(__NR_getdents, fd, buf, len);
}

struct d64 {
	__u64 ino;
	__s64 off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* Count entries named "f0".."f9" in a getdents64 buffer. */
static int count_f(const char *buf, long n)
{
	int c = 0;

	for (long o = 0; o < n;) {
		const struct d64 *d = (const void *)(buf + o);

		c += d->name[0] == 'f' && d->name[1] >= '0' && d->name[1] <= '9' &&
		     !d->name[2];
		o += d->reclen;
	}
	return c;
}

TEST(getdents_and_dir_lseek)
{
	char dir[64], path[96], buf[4096];
	long n, n2;
	int dfd;

	ASSERT_EQ(0, fs_tmpdir(dir, sizeof(dir), "gd"));
	for (int i = 0; i < 10; i++) {
		snprintf(path, sizeof(path), "%s/f%d", dir, i);
		ASSERT_EQ(0, close(open(path, O_CREAT | O_WRONLY, 0600)));
	}
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	ASSERT_LE(0, dfd);
	n = sys_getdents64(dfd, buf, sizeof(buf));
	ASSERT_LT(0, n) TH_LOG("getdents64: %s", strerror(errno));
	EXPECT_EQ(10, count_f(buf, n));
	EXPECT_EQ(0, sys_getdents64(dfd, buf, sizeof(buf))) TH_LOG("dir f_pos not advanced");
	EXPECT_EQ(0, lseek(dfd, 0, SEEK_SET));
	n2 = sys_getdents64(dfd, buf, sizeof(buf));
	EXPECT_EQ(n, n2) TH_LOG("rewound directory reads differently");
	EXPECT_EQ(0, lseek(dfd, 0, SEEK_SET));
	EXPECT_LT(0, sys_getdents(dfd, buf, sizeof(buf))) TH_LOG("getdents: %s", strerror(errno));
	EXPECT_EQ(0, lseek(dfd, 0, SEEK_SET));
	EXPECT_EQ(-1, sys_getdents64(dfd, buf, 8));
	EXPECT_EQ(EINVAL, errno) TH_LOG("tiny buffer: %s", strerror(errno));
	close(dfd);
	for (int i = 0; i < 10; i++) {
		snprintf(path, sizeof(path), "%s/f%d", dir, i);
		unlink(path);
	}
	rmdir(dir);
}

TEST(bad_fds_getdents)
{
	char buf[1024];
	const int e[] = FS_ROW(ENOTDIR, ENOTDIR);

	FS_BAD_FDS("getdents64", sys_getdents64(BADFD, buf, sizeof(buf)), e);
	FS_BAD_FDS("getdents", sys_getdents(BADFD, buf, sizeof(buf)), e);
}

TEST(opath_dir_not_readable)
{
	char buf[1024];
	int pfd = open("/tmp", O_PATH | O_DIRECTORY);

	ASSERT_LE(0, pfd);
	EXPECT_EQ(-1, sys_getdents64(pfd, buf, sizeof(buf)));
	EXPECT_EQ(EBADF, errno) TH_LOG("getdents64(O_PATH dir): %s", strerror(errno));
	EXPECT_EQ(-1, lseek(pfd, 0, SEEK_SET));
	EXPECT_EQ(EBADF, errno) TH_LOG("lseek(O_PATH dir): %s", strerror(errno));
	close(pfd);
}

TEST_HARNESS_MAIN

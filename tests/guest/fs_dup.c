// SPDX-License-Identifier: GPL-2.0
/*
 * dup/dup2/dup3 and fcntl(F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD/F_SETFD,
 * F_GETFL/F_SETFL, F_GETLK): fd lookups through fget_raw()/fdget_raw(),
 * where O_PATH fds are accepted for some commands and refused for others.
 */
#include <sys/resource.h>

#include "fs_util.h"

/* The new fd shares the open file: same offset, same flags. */
static int same_open_file(int a, int b)
{
	off_t o = lseek(a, 0, SEEK_CUR);
	int same;

	if (lseek(a, 7, SEEK_SET) != 7)
		return 0;
	same = lseek(b, 0, SEEK_CUR) == 7;
	lseek(a, o, SEEK_SET);
	return same;
}

TEST(dup_shares_open_file)
{
	int fd = fs_tmpfile("0123456789"), d;
	char c;

	ASSERT_LE(0, fd);
	d = dup(fd);
	ASSERT_LE(0, d) TH_LOG("dup: %s", strerror(errno));
	EXPECT_NE(fd, d);
	EXPECT_TRUE(same_open_file(fd, d)) TH_LOG("dup'd fd has its own offset");
	EXPECT_EQ(0, fcntl(d, F_GETFD)) TH_LOG("dup must clear FD_CLOEXEC");
	close(fd);
	/* the file lives on through the copy */
	ASSERT_EQ(1, pread(d, &c, 1, 4));
	EXPECT_EQ('4', c);
	close(d);
}

TEST(dup_lowest_free_number)
{
	int fd = fs_tmpfile(NULL), a, b;

	ASSERT_LE(0, fd);
	a = dup(fd);
	b = dup(fd);
	ASSERT_LE(0, a);
	ASSERT_LE(0, b);
	close(a);
	EXPECT_EQ(a, dup(fd)) TH_LOG("dup must reuse the lowest free fd");
	close(a);
	close(b);
	close(fd);
}

TEST(dup2_dup3_targets)
{
	int fd = fs_tmpfile("xyz"), other = open("/dev/null", O_RDONLY), r;
	char c;

	ASSERT_LE(0, fd);
	ASSERT_LE(0, other);
	/* dup2 over an open fd closes it atomically */
	r = dup2(fd, other);
	ASSERT_EQ(other, r) TH_LOG("dup2: %s", strerror(errno));
	ASSERT_EQ(1, pread(other, &c, 1, 1));
	EXPECT_EQ('y', c) TH_LOG("dup2 target still reads the old file");
	/* dup2 onto itself is a no-op returning the fd */
	EXPECT_EQ(fd, dup2(fd, fd));
	/* dup3 onto itself is EINVAL, bad flags are EINVAL */
	EXPECT_EQ(-1, dup3(fd, fd, 0));
	EXPECT_EQ(EINVAL, errno) TH_LOG("dup3(fd, fd): %s", strerror(errno));
	EXPECT_EQ(-1, dup3(fd, other, O_NONBLOCK));
	EXPECT_EQ(EINVAL, errno) TH_LOG("dup3 bad flags: %s", strerror(errno));
	/* dup3 O_CLOEXEC sets the flag on the new fd only */
	r = dup3(fd, other, O_CLOEXEC);
	ASSERT_EQ(other, r) TH_LOG("dup3: %s", strerror(errno));
	EXPECT_EQ(FD_CLOEXEC, fcntl(other, F_GETFD));
	EXPECT_EQ(0, fcntl(fd, F_GETFD));
	EXPECT_TRUE(same_open_file(fd, other));
	/* a far target: within RLIMIT_NOFILE it works, past it EBADF */
	r = dup3(fd, 1000, 0);
	EXPECT_EQ(1000, r) TH_LOG("dup3 to 1000: %s", strerror(errno));
	close(1000);
	EXPECT_EQ(-1, dup2(fd, INT_MAX - 1));
	EXPECT_EQ(EBADF, errno) TH_LOG("dup2 past rlimit: %s", strerror(errno));
	EXPECT_EQ(-1, dup3(fd, -1, 0));
	EXPECT_EQ(EBADF, errno) TH_LOG("dup3 to -1: %s", strerror(errno));
	close(other);
	close(fd);
}

TEST(dup_opath)
{
	int pfd = open("/tmp", O_PATH | O_DIRECTORY), d, d3, dd, sub;
	struct stat a, b;

	ASSERT_LE(0, pfd);
	d = dup(pfd);
	ASSERT_LE(0, d) TH_LOG("dup(O_PATH): %s", strerror(errno));
	d3 = dup3(pfd, 900, O_CLOEXEC);
	EXPECT_EQ(900, d3) TH_LOG("dup3(O_PATH): %s", strerror(errno));
	dd = fcntl(pfd, F_DUPFD, 800);
	EXPECT_EQ(800, dd) TH_LOG("F_DUPFD(O_PATH): %s", strerror(errno));
	ASSERT_EQ(0, fstat(pfd, &a));
	ASSERT_EQ(0, fstat(d, &b));
	EXPECT_EQ(a.st_ino, b.st_ino);
	EXPECT_EQ(O_PATH, fcntl(d, F_GETFL) & O_PATH) TH_LOG("dup lost O_PATH");
	/* the copy is still usable as a dirfd */
	sub = openat(d3, ".", O_RDONLY | O_DIRECTORY);
	EXPECT_LE(0, sub) TH_LOG("openat(dup3'd O_PATH dirfd): %s", strerror(errno));
	close(sub);
	close(dd);
	close(d3);
	close(d);
	close(pfd);
}

TEST(bad_fds_dup)
{
	const int e[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);

	FS_BAD_FDS_NEWFD("dup", dup(BADFD), e);
	FS_BAD_FDS_NEWFD("dup2_to_500", dup2(BADFD, 500), e);
	FS_BAD_FDS_NEWFD("dup3_to_500", dup3(BADFD, 500, O_CLOEXEC), e);
	FS_BAD_FDS_NEWFD("fcntl_F_DUPFD", fcntl(BADFD, F_DUPFD, 0), e);
	FS_BAD_FDS_NEWFD("fcntl_F_DUPFD_CLOEXEC",
			 fcntl(BADFD, F_DUPFD_CLOEXEC, 100), e);
}

TEST(bad_fds_dup2_self)
{
	/* dup2(fd, fd) only checks fd is open (EBADF otherwise) */
	const int e[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);

	FS_BAD_FDS("dup2_self", dup2(BADFD, BADFD), e);
}

TEST(bad_fds_dup_target)
{
	/* a bad *target* number (the good source is a tmpfile) */
	int fd = fs_tmpfile(NULL);
	const int e[] = { FS_OK, EBADF, EBADF, FS_OK, FS_OK, FS_OK };

	ASSERT_LE(0, fd);
	/* closed: reopened by dup3; open ones are atomically replaced */
	FS_BAD_FDS("dup3_target", dup3(fd, BADFD, 0), e);
	close(fd);
}

TEST(fcntl_f_dupfd_limits)
{
	struct rlimit rl;
	int fd = fs_tmpfile(NULL);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, getrlimit(RLIMIT_NOFILE, &rl));
	EXPECT_EQ(-1, fcntl(fd, F_DUPFD, (long)rl.rlim_cur));
	EXPECT_EQ(EINVAL, errno) TH_LOG("F_DUPFD at rlimit: %s", strerror(errno));
	EXPECT_EQ(-1, fcntl(fd, F_DUPFD, -1L));
	EXPECT_EQ(EINVAL, errno) TH_LOG("F_DUPFD -1: %s", strerror(errno));
	EXPECT_EQ(fd + 1 > 10 ? fd + 1 : 10, fcntl(fd, F_DUPFD, fd + 1 > 10 ? fd + 1 : 10));
	close(fd);
}

TEST(fcntl_flags)
{
	int fd = fs_tmpfile(NULL), fl;

	ASSERT_LE(0, fd);
	fl = fcntl(fd, F_GETFL);
	ASSERT_LE(0, fl);
	EXPECT_EQ(O_RDWR, fl & O_ACCMODE);
	ASSERT_EQ(0, fcntl(fd, F_SETFL, fl | O_APPEND | O_NONBLOCK));
	fl = fcntl(fd, F_GETFL);
	EXPECT_TRUE(fl & O_APPEND);
	EXPECT_TRUE(fl & O_NONBLOCK);
	ASSERT_EQ(0, fcntl(fd, F_SETFD, FD_CLOEXEC));
	EXPECT_EQ(FD_CLOEXEC, fcntl(fd, F_GETFD));
	close(fd);
}

TEST(bad_fds_fcntl_cmds)
{
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET };
	/* the commands fdget_raw() + check_fcntl_cmd() let O_PATH through */
	const int eok[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);
	/* the others are EBADF on O_PATH */
	const int eset[] = FS_ROW_RAW(FS_OK, EBADF, FS_OK);
	/* F_GETLK needs a lockable file: sockets and /dev/null are ok */
	const int elk[] = FS_ROW_RAW(FS_OK, EBADF, FS_OK);

	FS_BAD_FDS("fcntl_F_GETFD", fcntl(BADFD, F_GETFD), eok);
	FS_BAD_FDS("fcntl_F_SETFD", fcntl(BADFD, F_SETFD, 0), eok);
	FS_BAD_FDS("fcntl_F_GETFL", fcntl(BADFD, F_GETFL), eok);
	FS_BAD_FDS("fcntl_F_SETFL", fcntl(BADFD, F_SETFL, O_NONBLOCK), eset);
	/* F_GETLK rewrites l_type (F_UNLCK): reset it for each class */
	FS_BAD_FDS("fcntl_F_GETLK",
		   (fl.l_type = F_RDLCK, fcntl(BADFD, F_GETLK, &fl)), elk);
	FS_BAD_FDS("fcntl_F_GETOWN", fcntl(BADFD, F_GETOWN), eset);
}

TEST(fcntl_getlk_regular)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_len = 10 };
	int fd = fs_tmpfile("0123456789");

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, fcntl(fd, F_SETLK, &fl)) TH_LOG("F_SETLK: %s", strerror(errno));
	fl.l_type = F_WRLCK;
	ASSERT_EQ(0, fcntl(fd, F_GETLK, &fl));
	EXPECT_EQ(F_UNLCK, fl.l_type) TH_LOG("own lock reported as conflicting");
	close(fd);
}

TEST_HARNESS_MAIN

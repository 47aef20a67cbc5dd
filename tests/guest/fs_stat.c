// SPDX-License-Identifier: GPL-2.0
/*
 * Metadata and "whole file" fd syscalls: fstat/fstatat(AT_EMPTY_PATH)/
 * fstatfs (fdget_raw: O_PATH accepted), fchmod/fchown, fsync/fdatasync/
 * syncfs/sync_file_range, fadvise64, readahead, ftruncate, fallocate,
 * flock, and ioctl (FIONREAD, FIOCLEX/FIONCLEX, FIONBIO, unknown cmd).
 */
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/statfs.h>

#include "fs_util.h"

#ifndef TMPFS_MAGIC
#define TMPFS_MAGIC 0x01021994
#endif

static long sys_fadvise(int fd, long off, long len, int advice)
{
	return syscall(__NR_fadvise64, fd, off, len, advice);
}

TEST(fstat_regular_and_opath)
{
	struct stat st, pst, nst;
	int fd = fs_tmpfile("12345"), pfd;

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, fstat(fd, &st)) TH_LOG("fstat: %s", strerror(errno));
	EXPECT_TRUE(S_ISREG(st.st_mode));
	EXPECT_EQ(5, st.st_size);
	EXPECT_EQ(0, st.st_nlink) TH_LOG("unlinked tmpfile has nlink %lu",
					 (unsigned long)st.st_nlink);
	close(fd);

	ASSERT_EQ(0, stat("/dev/null", &nst));
	pfd = open("/dev/null", O_PATH);
	ASSERT_LE(0, pfd);
	ASSERT_EQ(0, fstat(pfd, &pst)) TH_LOG("fstat(O_PATH): %s", strerror(errno));
	EXPECT_EQ(nst.st_ino, pst.st_ino);
	EXPECT_EQ(nst.st_rdev, pst.st_rdev);
	EXPECT_TRUE(S_ISCHR(pst.st_mode));
	memset(&pst, 0, sizeof(pst));
	ASSERT_EQ(0, fstatat(pfd, "", &pst, AT_EMPTY_PATH))
		TH_LOG("fstatat(O_PATH, \"\", AT_EMPTY_PATH): %s", strerror(errno));
	EXPECT_EQ(nst.st_ino, pst.st_ino);
	close(pfd);
}

TEST(fstat_socket_and_pipe)
{
	struct stat st;
	int p[2], s = socket(AF_UNIX, SOCK_STREAM, 0);

	ASSERT_LE(0, s);
	ASSERT_EQ(0, fstat(s, &st));
	EXPECT_TRUE(S_ISSOCK(st.st_mode));
	close(s);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(3, write(p[1], "abc", 3));
	ASSERT_EQ(0, fstat(p[0], &st));
	EXPECT_TRUE(S_ISFIFO(st.st_mode));
	close(p[0]);
	close(p[1]);
}

TEST(bad_fds_fstat_family)
{
	struct stat st;
	struct statfs sfs;
	const int e[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);

	FS_BAD_FDS("fstat", fstat(BADFD, &st), e);
	FS_BAD_FDS("fstatat_empty", fstatat(BADFD, "", &st, AT_EMPTY_PATH), e);
	FS_BAD_FDS("fstatfs", fstatfs(BADFD, &sfs), e);
}

TEST(fstatfs_tmpfs_and_opath)
{
	struct statfs sfs;
	int fd = fs_tmpfile(NULL), pfd = open("/tmp", O_PATH | O_DIRECTORY);

	ASSERT_LE(0, fd);
	ASSERT_LE(0, pfd);
	ASSERT_EQ(0, fstatfs(fd, &sfs));
	EXPECT_EQ(TMPFS_MAGIC, sfs.f_type);
	memset(&sfs, 0, sizeof(sfs));
	ASSERT_EQ(0, fstatfs(pfd, &sfs)) TH_LOG("fstatfs(O_PATH): %s", strerror(errno));
	EXPECT_EQ(TMPFS_MAGIC, sfs.f_type);
	close(pfd);
	close(fd);
}

TEST(fchmod_fchown_regular)
{
	struct stat st;
	int fd = fs_tmpfile(NULL);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, fchmod(fd, 0640)) TH_LOG("fchmod: %s", strerror(errno));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(0640, st.st_mode & 07777);
	ASSERT_EQ(0, fchown(fd, 1234, 5678)) TH_LOG("fchown: %s", strerror(errno));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(1234, st.st_uid);
	EXPECT_EQ(5678, st.st_gid);
	ASSERT_EQ(0, fchown(fd, -1, 0));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(1234, st.st_uid) TH_LOG("uid -1 must leave the owner alone");
	EXPECT_EQ(0, st.st_gid);
	close(fd);
}

TEST(fchmod_opath_refused_but_path_works)
{
	char name[] = "/tmp/chmXXXXXX";
	struct stat st;
	int fd = mkstemp(name), pfd;

	ASSERT_LE(0, fd);
	close(fd);
	pfd = open(name, O_PATH);
	ASSERT_LE(0, pfd);
	EXPECT_EQ(-1, fchmod(pfd, 0600));
	EXPECT_EQ(EBADF, errno) TH_LOG("fchmod(O_PATH): %s", strerror(errno));
	/* ...while the *at() form with AT_EMPTY_PATH resolves the O_PATH fd */
	EXPECT_EQ(0, fchownat(pfd, "", 42, -1, AT_EMPTY_PATH))
		TH_LOG("fchownat(O_PATH, AT_EMPTY_PATH): %s", strerror(errno));
	ASSERT_EQ(0, stat(name, &st));
	EXPECT_EQ(42, st.st_uid);
	close(pfd);
	unlink(name);
}

TEST(bad_fds_fchmod_fchown)
{
	const int e[] = FS_ROW(FS_OK, FS_OK);

	/* /dev/null is 0666 root:root already: these change nothing */
	FS_BAD_FDS("fchmod", fchmod(BADFD, 0666), e);
	FS_BAD_FDS("fchown", fchown(BADFD, 0, 0), e);
	FS_BAD_FDS("fchown_noop", fchown(BADFD, -1, -1), e);
}

TEST(fsync_family_regular)
{
	int fd = fs_tmpfile("data");

	ASSERT_LE(0, fd);
	EXPECT_EQ(0, fsync(fd)) TH_LOG("fsync: %s", strerror(errno));
	EXPECT_EQ(0, fdatasync(fd)) TH_LOG("fdatasync: %s", strerror(errno));
	EXPECT_EQ(0, syncfs(fd)) TH_LOG("syncfs: %s", strerror(errno));
	EXPECT_EQ(0, sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE))
		TH_LOG("sync_file_range: %s", strerror(errno));
	close(fd);
}

TEST(bad_fds_fsync_family)
{
	const int es[] = FS_ROW(EINVAL, EINVAL);
	const int efs[] = FS_ROW(FS_OK, FS_OK);
	const int esfr[] = FS_ROW(ESPIPE, ESPIPE);

	FS_BAD_FDS("fsync", fsync(BADFD), es);
	FS_BAD_FDS("fdatasync", fdatasync(BADFD), es);
	FS_BAD_FDS("syncfs", syncfs(BADFD), efs);
	FS_BAD_FDS("sync_file_range",
		   sync_file_range(BADFD, 0, 0, SYNC_FILE_RANGE_WRITE), esfr);
}

TEST(fadvise_readahead_regular)
{
	int fd = fs_tmpfile("0123456789"), p[2];

	ASSERT_LE(0, fd);
	EXPECT_EQ(0, sys_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED))
		TH_LOG("fadvise64: %s", strerror(errno));
	EXPECT_EQ(0, sys_fadvise(fd, 0, 10, POSIX_FADV_DONTNEED));
	EXPECT_EQ(-1, sys_fadvise(fd, 0, 10, 12345));
	EXPECT_EQ(EINVAL, errno) TH_LOG("bad advice: %s", strerror(errno));
	EXPECT_EQ(0, readahead(fd, 0, 10)) TH_LOG("readahead: %s", strerror(errno));
	close(fd);
	ASSERT_EQ(0, pipe(p));
	EXPECT_EQ(-1, sys_fadvise(p[0], 0, 0, POSIX_FADV_NORMAL));
	EXPECT_EQ(ESPIPE, errno) TH_LOG("fadvise64(pipe): %s", strerror(errno));
	EXPECT_EQ(-1, readahead(p[0], 0, 10));
	EXPECT_EQ(EINVAL, errno) TH_LOG("readahead(pipe): %s", strerror(errno));
	close(p[0]);
	close(p[1]);
}

TEST(readahead_needs_fmode_read)
{
	int fd = open("/tmp/ra_wronly", O_WRONLY | O_CREAT | O_TRUNC, 0600);

	ASSERT_LE(0, fd);
	unlink("/tmp/ra_wronly");
	EXPECT_EQ(-1, readahead(fd, 0, 10));
	EXPECT_EQ(EBADF, errno) TH_LOG("readahead(O_WRONLY): %s", strerror(errno));
	close(fd);
}

TEST(bad_fds_fadvise_readahead)
{
	const int ef[] = FS_ROW(FS_OK, FS_OK);
	const int er[] = FS_ROW(EINVAL, EINVAL);

	FS_BAD_FDS("fadvise64", sys_fadvise(BADFD, 0, 0, POSIX_FADV_NORMAL), ef);
	FS_BAD_FDS("readahead", readahead(BADFD, 0, 4096), er);
}

TEST(ftruncate_fallocate_regular)
{
	struct stat st;
	int fd = fs_tmpfile("0123456789");

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ftruncate(fd, 4)) TH_LOG("ftruncate: %s", strerror(errno));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(4, st.st_size);
	EXPECT_EQ(-1, ftruncate(fd, -1));
	EXPECT_EQ(EINVAL, errno);
	ASSERT_EQ(0, fallocate(fd, 0, 0, 8192)) TH_LOG("fallocate: %s", strerror(errno));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(8192, st.st_size);
	ASSERT_EQ(0, fallocate(fd, FALLOC_FL_KEEP_SIZE, 8192, 4096));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(8192, st.st_size) TH_LOG("KEEP_SIZE changed the size");
	close(fd);
}

TEST(bad_fds_ftruncate_fallocate)
{
	const int et[] = FS_ROW(EINVAL, EINVAL);
	const int ea[] = FS_ROW(ENODEV, ENODEV);

	FS_BAD_FDS("ftruncate", ftruncate(BADFD, 0), et);
	FS_BAD_FDS("fallocate", fallocate(BADFD, 0, 0, 4096), ea);
}

TEST(flock_regular_and_bad)
{
	const int e[] = FS_ROW(FS_OK, FS_OK);
	int fd = fs_tmpfile(NULL);

	ASSERT_LE(0, fd);
	EXPECT_EQ(0, flock(fd, LOCK_EX | LOCK_NB)) TH_LOG("flock: %s", strerror(errno));
	EXPECT_EQ(0, flock(fd, LOCK_UN));
	close(fd);
	FS_BAD_FDS("flock", flock(BADFD, LOCK_SH | LOCK_NB), e);
}

TEST(ioctl_fionread_regular)
{
	int n = -1, fd = fs_tmpfile("0123456789"), p[2];

	ASSERT_LE(0, fd);
	ASSERT_EQ(3, lseek(fd, 3, SEEK_SET));
	ASSERT_EQ(0, ioctl(fd, FIONREAD, &n)) TH_LOG("FIONREAD: %s", strerror(errno));
	EXPECT_EQ(7, n) TH_LOG("FIONREAD must be size - f_pos");
	close(fd);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(5, write(p[1], "hello", 5));
	ASSERT_EQ(0, ioctl(p[0], FIONREAD, &n));
	EXPECT_EQ(5, n);
	close(p[0]);
	close(p[1]);
}

TEST(ioctl_fioclex_fionclex)
{
	int fd = fs_tmpfile(NULL), pfd = open("/", O_PATH);

	ASSERT_LE(0, fd);
	ASSERT_LE(0, pfd);
	ASSERT_EQ(0, fcntl(fd, F_GETFD));
	ASSERT_EQ(0, ioctl(fd, FIOCLEX)) TH_LOG("FIOCLEX: %s", strerror(errno));
	EXPECT_EQ(FD_CLOEXEC, fcntl(fd, F_GETFD));
	ASSERT_EQ(0, ioctl(fd, FIONCLEX));
	EXPECT_EQ(0, fcntl(fd, F_GETFD));
	/* ioctl() uses fdget(): O_PATH refused even for FIOCLEX ... */
	EXPECT_EQ(-1, ioctl(pfd, FIOCLEX));
	EXPECT_EQ(EBADF, errno) TH_LOG("FIOCLEX(O_PATH): %s", strerror(errno));
	EXPECT_EQ(0, fcntl(pfd, F_GETFD));
	/* ... while fcntl(F_SETFD) (fdget_raw) accepts it */
	EXPECT_EQ(0, fcntl(pfd, F_SETFD, FD_CLOEXEC));
	EXPECT_EQ(FD_CLOEXEC, fcntl(pfd, F_GETFD));
	close(pfd);
	close(fd);
}

TEST(bad_fds_ioctl)
{
	int n, one = 1;
	const int enr[] = FS_ROW(ENOTTY, FS_OK);
	const int ecl[] = FS_ROW(FS_OK, FS_OK);
	const int eunk[] = FS_ROW(ENOTTY, ENOTTY);

	FS_BAD_FDS("ioctl_FIONREAD", ioctl(BADFD, FIONREAD, &n), enr);
	FS_BAD_FDS("ioctl_FIOCLEX", ioctl(BADFD, FIOCLEX), ecl);
	FS_BAD_FDS("ioctl_FIONCLEX", ioctl(BADFD, FIONCLEX), ecl);
	FS_BAD_FDS("ioctl_FIONBIO", ioctl(BADFD, FIONBIO, &one), ecl);
	FS_BAD_FDS("ioctl_unknown", ioctl(BADFD, _IO('X', 0x7f)), eunk);
}

TEST(ioctl_unknown_regular)
{
	int fd = fs_tmpfile(NULL);

	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, ioctl(fd, _IO('X', 0x7f)));
	EXPECT_EQ(ENOTTY, errno) TH_LOG("unknown ioctl on tmpfs: %s", strerror(errno));
	close(fd);
}

TEST_HARNESS_MAIN

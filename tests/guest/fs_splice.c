// SPDX-License-Identifier: GPL-2.0
/*
 * splice/tee/vmsplice (fs/splice.c), sendfile and copy_file_range
 * (fs/read_write.c): two-fd syscalls, each fd checked against every
 * bad-fd class while the other one is good.
 */
#include <sys/sendfile.h>

#include "fs_util.h"

static const char text[] = "0123456789abcdefghij";	/* 20 bytes */

/* Empty a pipe (read end must be O_NONBLOCK or have @n bytes). */
static void drain(int rfd)
{
	char buf[256];

	while (read(rfd, buf, sizeof(buf)) > 0)
		;
}

static int nb_pipe(int p[2])
{
	return pipe2(p, O_NONBLOCK);
}

TEST(splice_file_to_pipe_to_file)
{
	int in = fs_tmpfile(text), out = fs_tmpfile(NULL), p[2];
	loff_t off_in = 10, off_out = 2;
	char buf[32] = { 0 };

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, lseek(in, 0, SEEK_SET));
	/* with an explicit offset: f_pos untouched, *off_in advanced */
	ASSERT_EQ(6, splice(in, &off_in, p[1], NULL, 6, 0))
		TH_LOG("splice file->pipe: %s", strerror(errno));
	EXPECT_EQ(16, off_in);
	EXPECT_EQ(0, lseek(in, 0, SEEK_CUR)) TH_LOG("splice with off_in moved f_pos");
	ASSERT_EQ(6, splice(p[0], NULL, out, &off_out, 6, 0))
		TH_LOG("splice pipe->file: %s", strerror(errno));
	EXPECT_EQ(8, off_out);
	ASSERT_EQ(8, pread(out, buf, sizeof(buf), 0));
	EXPECT_EQ(0, memcmp(buf + 2, "abcdef", 6)) TH_LOG("spliced data '%s'", buf + 2);
	/* without offset: f_pos is used and advanced */
	ASSERT_EQ(4, splice(in, NULL, p[1], NULL, 4, 0));
	EXPECT_EQ(4, lseek(in, 0, SEEK_CUR)) TH_LOG("splice didn't advance f_pos");
	ASSERT_EQ(4, read(p[0], buf, 4));
	EXPECT_EQ(0, memcmp(buf, "0123", 4));
	close(p[0]);
	close(p[1]);
	close(in);
	close(out);
}

TEST(splice_errors_with_good_fds)
{
	int in = fs_tmpfile(text), out = fs_tmpfile(NULL), p[2];
	loff_t off = 0;

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	ASSERT_EQ(0, nb_pipe(p));
	/* neither end a pipe */
	EXPECT_EQ(-1, splice(in, NULL, out, NULL, 4, 0));
	EXPECT_EQ(EINVAL, errno) TH_LOG("splice file->file: %s", strerror(errno));
	/* an offset on the pipe side */
	EXPECT_EQ(-1, splice(in, NULL, p[1], &off, 4, 0));
	EXPECT_EQ(ESPIPE, errno) TH_LOG("splice off_out on pipe: %s", strerror(errno));
	/* empty pipe, non-blocking */
	EXPECT_EQ(-1, splice(p[0], NULL, out, NULL, 4, SPLICE_F_NONBLOCK));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("splice from empty pipe: %s", strerror(errno));
	/* bad flags */
	EXPECT_EQ(-1, splice(in, NULL, p[1], NULL, 4, 0x100));
	EXPECT_EQ(EINVAL, errno);
	/* pipe read end used as output */
	EXPECT_EQ(-1, splice(in, NULL, p[0], NULL, 4, 0));
	EXPECT_EQ(EBADF, errno) TH_LOG("splice to pipe read end: %s", strerror(errno));
	close(p[0]);
	close(p[1]);
	close(in);
	close(out);
}

TEST(bad_fds_splice_in)
{
	int p[2];
	const int e[] = FS_ROW(EINVAL, EAGAIN);

	ASSERT_EQ(0, nb_pipe(p));
	FS_BAD_FDS("splice_in", splice(BADFD, NULL, p[1], NULL, 16,
				       SPLICE_F_NONBLOCK), e);
	drain(p[0]);
	close(p[0]);
	close(p[1]);
}

TEST(bad_fds_splice_out)
{
	int p[2];
	/* /dev/null swallows the data; the unconnected socket can't send */
	const int e[] = FS_ROW(FS_OK, ENOTCONN);

	ASSERT_EQ(0, nb_pipe(p));
	FS_BAD_FDS("splice_out", (drain(p[0]), write(p[1], "abc", 3),
				  splice(p[0], NULL, BADFD, NULL, 3,
					 SPLICE_F_NONBLOCK)), e);
	close(p[0]);
	close(p[1]);
}

TEST(tee_duplicates_pipe_data)
{
	int a[2], b[2];
	char buf[16] = { 0 };

	ASSERT_EQ(0, nb_pipe(a));
	ASSERT_EQ(0, nb_pipe(b));
	ASSERT_EQ(5, write(a[1], "hello", 5));
	ASSERT_EQ(5, tee(a[0], b[1], 100, SPLICE_F_NONBLOCK))
		TH_LOG("tee: %s", strerror(errno));
	ASSERT_EQ(5, read(b[0], buf, sizeof(buf)));
	EXPECT_STREQ("hello", buf);
	memset(buf, 0, sizeof(buf));
	ASSERT_EQ(5, read(a[0], buf, sizeof(buf))) TH_LOG("tee consumed the source");
	EXPECT_STREQ("hello", buf);
	/* same pipe on both sides, and len 0 */
	EXPECT_EQ(-1, tee(a[0], a[1], 5, SPLICE_F_NONBLOCK));
	EXPECT_EQ(EINVAL, errno) TH_LOG("tee same pipe: %s", strerror(errno));
	EXPECT_EQ(0, tee(a[0], b[1], 0, 0));
	/* empty source */
	EXPECT_EQ(-1, tee(a[0], b[1], 5, SPLICE_F_NONBLOCK));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("tee empty pipe: %s", strerror(errno));
	/* wrong ends: write end as input */
	EXPECT_EQ(-1, tee(a[1], b[1], 5, SPLICE_F_NONBLOCK));
	EXPECT_EQ(EBADF, errno) TH_LOG("tee from write end: %s", strerror(errno));
	close(a[0]);
	close(a[1]);
	close(b[0]);
	close(b[1]);
}

TEST(bad_fds_tee)
{
	int a[2], b[2];
	const int e[] = FS_ROW(EINVAL, EINVAL);

	ASSERT_EQ(0, nb_pipe(a));
	ASSERT_EQ(0, nb_pipe(b));
	ASSERT_EQ(3, write(a[1], "abc", 3));
	FS_BAD_FDS("tee_in", tee(BADFD, b[1], 3, SPLICE_F_NONBLOCK), e);
	FS_BAD_FDS("tee_out", tee(a[0], BADFD, 3, SPLICE_F_NONBLOCK), e);
	close(a[0]);
	close(a[1]);
	close(b[0]);
	close(b[1]);
}

TEST(vmsplice_both_directions)
{
	int p[2];
	char src[] = "vmsplice!", dst[16] = { 0 };
	struct iovec iov = { src, 9 };
	struct iovec out = { dst, sizeof(dst) };

	ASSERT_EQ(0, nb_pipe(p));
	ASSERT_EQ(9, vmsplice(p[1], &iov, 1, 0)) TH_LOG("vmsplice to pipe: %s",
							strerror(errno));
	ASSERT_EQ(9, vmsplice(p[0], &out, 1, 0)) TH_LOG("vmsplice to user: %s",
							strerror(errno));
	EXPECT_STREQ("vmsplice!", dst);
	EXPECT_EQ(-1, vmsplice(p[0], &out, 1, SPLICE_F_NONBLOCK));
	EXPECT_EQ(EAGAIN, errno) TH_LOG("vmsplice from empty pipe: %s", strerror(errno));
	EXPECT_EQ(-1, vmsplice(p[1], &iov, 1, 0x100));
	EXPECT_EQ(EINVAL, errno);
	close(p[0]);
	close(p[1]);
}

TEST(bad_fds_vmsplice)
{
	char src[4] = "abc";
	struct iovec iov = { src, 3 };
	/* not a pipe: EBADF, whatever the file */
	const int e[] = FS_ROW(EBADF, EBADF);

	FS_BAD_FDS("vmsplice", vmsplice(BADFD, &iov, 1, SPLICE_F_NONBLOCK), e);
}

TEST(sendfile_file_to_file_and_pipe)
{
	int in = fs_tmpfile(text), out = fs_tmpfile(NULL), p[2];
	off_t off = 5;
	char buf[32] = { 0 };

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	ASSERT_EQ(0, lseek(in, 0, SEEK_SET));
	ASSERT_EQ(7, sendfile(out, in, &off, 7)) TH_LOG("sendfile: %s", strerror(errno));
	EXPECT_EQ(12, off);
	EXPECT_EQ(0, lseek(in, 0, SEEK_CUR)) TH_LOG("sendfile with offset moved f_pos");
	EXPECT_EQ(7, lseek(out, 0, SEEK_CUR)) TH_LOG("out f_pos not advanced");
	ASSERT_EQ(7, pread(out, buf, sizeof(buf), 0));
	EXPECT_EQ(0, memcmp(buf, "56789ab", 7)) TH_LOG("sent '%s'", buf);
	/* NULL offset: f_pos of in advances; short at EOF */
	ASSERT_EQ(18, lseek(in, 18, SEEK_SET));
	EXPECT_EQ(2, sendfile(out, in, NULL, 10));
	EXPECT_EQ(20, lseek(in, 0, SEEK_CUR));
	EXPECT_EQ(0, sendfile(out, in, NULL, 10)) TH_LOG("sendfile at EOF");
	/* to a pipe */
	ASSERT_EQ(0, nb_pipe(p));
	off = 0;
	ASSERT_EQ(4, sendfile(p[1], in, &off, 4)) TH_LOG("sendfile to pipe: %s",
						      strerror(errno));
	ASSERT_EQ(4, read(p[0], buf, 4));
	EXPECT_EQ(0, memcmp(buf, "0123", 4));
	/* offset on a non-seekable input */
	ASSERT_EQ(1, write(p[1], "x", 1));
	off = 0;
	EXPECT_EQ(-1, sendfile(out, p[0], &off, 1));
	EXPECT_EQ(ESPIPE, errno) TH_LOG("sendfile offset on pipe: %s", strerror(errno));
	close(p[0]);
	close(p[1]);
	close(in);
	close(out);
}

TEST(bad_fds_sendfile)
{
	int in = fs_tmpfile(text), out = fs_tmpfile(NULL);
	off_t off;
	/*
	 * bad input, good output file: /dev/null has no ->splice_read, the
	 * socket is a stream (no FMODE_LSEEK), so splice_direct_to_actor()
	 * refuses it: both EINVAL
	 */
	const int ein[] = FS_ROW(EINVAL, EINVAL);
	/* bad input with an offset: the socket has no pread */
	const int einoff[] = FS_ROW(EINVAL, ESPIPE);
	/* good input, bad output */
	const int eout[] = FS_ROW(FS_OK, ENOTCONN);

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	FS_BAD_FDS("sendfile_in", sendfile(out, BADFD, NULL, 4), ein);
	FS_BAD_FDS("sendfile_in_off", (off = 0, sendfile(out, BADFD, &off, 4)),
		   einoff);
	FS_BAD_FDS("sendfile_out", (off = 0, sendfile(BADFD, in, &off, 4)), eout);
	close(in);
	close(out);
}

TEST(copy_file_range_same_fs)
{
	int in = fs_tmpfile(text), out = fs_tmpfile("----------");
	loff_t oi = 4, oo = 1;
	char buf[32] = { 0 };

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	ASSERT_EQ(6, copy_file_range(in, &oi, out, &oo, 6, 0))
		TH_LOG("copy_file_range: %s", strerror(errno));
	EXPECT_EQ(10, oi);
	EXPECT_EQ(7, oo);
	ASSERT_EQ(10, pread(out, buf, sizeof(buf), 0));
	EXPECT_STREQ("-456789---", buf);
	/* NULL offsets use and advance f_pos */
	ASSERT_EQ(0, lseek(in, 0, SEEK_SET));
	ASSERT_EQ(0, lseek(out, 0, SEEK_SET));
	EXPECT_EQ(3, copy_file_range(in, NULL, out, NULL, 3, 0));
	EXPECT_EQ(3, lseek(in, 0, SEEK_CUR));
	EXPECT_EQ(3, lseek(out, 0, SEEK_CUR));
	/* past EOF of in: 0 bytes */
	oi = 100;
	EXPECT_EQ(0, copy_file_range(in, &oi, out, NULL, 3, 0));
	/* overlapping range in the same file */
	oi = 0;
	oo = 2;
	EXPECT_EQ(-1, copy_file_range(in, &oi, in, &oo, 5, 0));
	EXPECT_EQ(EINVAL, errno) TH_LOG("overlap: %s", strerror(errno));
	/* flags must be 0 */
	EXPECT_EQ(-1, copy_file_range(in, NULL, out, NULL, 3, 1));
	EXPECT_EQ(EINVAL, errno);
	close(in);
	close(out);
}

TEST(copy_file_range_kinds)
{
	int in = fs_tmpfile(text), dir = open("/tmp", O_RDONLY | O_DIRECTORY);
	int ro = open("/proc/self/exe", O_RDONLY);
	int xdev = open("/dev/fs_splice_xdev", O_RDWR | O_CREAT | O_TRUNC, 0600);
	char name[] = "/tmp/cfrXXXXXX";
	int app = mkstemp(name), appfd;

	ASSERT_LE(0, in);
	ASSERT_LE(0, dir);
	ASSERT_LE(0, ro);
	ASSERT_LE(0, app);
	appfd = open(name, O_WRONLY | O_APPEND);
	ASSERT_LE(0, appfd);
	unlink(name);
	EXPECT_EQ(-1, copy_file_range(dir, NULL, in, NULL, 3, 0));
	EXPECT_EQ(EISDIR, errno) TH_LOG("from a directory: %s", strerror(errno));
	EXPECT_EQ(-1, copy_file_range(in, NULL, ro, NULL, 3, 0));
	EXPECT_EQ(EBADF, errno) TH_LOG("to an O_RDONLY file: %s", strerror(errno));
	EXPECT_EQ(-1, copy_file_range(in, NULL, appfd, NULL, 3, 0));
	EXPECT_EQ(EBADF, errno) TH_LOG("to an O_APPEND file: %s", strerror(errno));
	if (xdev >= 0) {
		/* devtmpfs is another superblock than /tmp */
		unlink("/dev/fs_splice_xdev");
		EXPECT_EQ(-1, copy_file_range(in, NULL, xdev, NULL, 3, 0));
		EXPECT_EQ(EXDEV, errno) TH_LOG("across filesystems: %s", strerror(errno));
		close(xdev);
	} else {
		TH_LOG("no regular file on /dev (%s): EXDEV case not run",
		       strerror(errno));
	}
	close(appfd);
	close(app);
	close(ro);
	close(dir);
	close(in);
}

TEST(bad_fds_copy_file_range)
{
	int in = fs_tmpfile(text), out = fs_tmpfile(NULL);
	loff_t off;
	const int e[] = FS_ROW(EINVAL, EINVAL);

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	FS_BAD_FDS("copy_file_range_in",
		   copy_file_range(BADFD, NULL, out, NULL, 4, 0), e);
	FS_BAD_FDS("copy_file_range_out",
		   (off = 0, copy_file_range(in, &off, BADFD, NULL, 4, 0)), e);
	close(in);
	close(out);
}

TEST_HARNESS_MAIN

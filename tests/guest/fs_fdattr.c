// SPDX-License-Identifier: GPL-2.0
/*
 * fd users of fs/xattr.c (fsetxattr, fgetxattr, flistxattr, fremovexattr:
 * fdget(), sockfs' own "system.sockprotoname" as the good case, since the
 * lean tmpfs has no xattrs), fs/utimes.c (utimensat/futimesat with a NULL
 * path: do_utimes_fd()), name_to_handle_at's dirfd (path lookup,
 * fdget_raw()), and the ioctls that take a second fd: FICLONE and
 * FICLONERANGE (ioctl_file_clone()'s fdget() of the source) and
 * FIDEDUPERANGE (vfs_dedupe_file_range()'s fdget() of each destination,
 * reached only for a file with ->remap_file_range: an overlayfs file).
 */
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <linux/fs.h>

#include "fs_util.h"

/* ---- xattrs ---- */

TEST(xattr_socket_protoname)
{
	char buf[64] = { 0 };
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	ssize_t n;

	ASSERT_LE(0, s);
	n = fgetxattr(s, "system.sockprotoname", buf, sizeof(buf));
	ASSERT_LT(0, n) TH_LOG("fgetxattr(socket): %s", strerror(errno));
	EXPECT_STREQ("UNIX-STREAM", buf);
	n = flistxattr(s, buf, sizeof(buf));
	ASSERT_LT(0, n) TH_LOG("flistxattr(socket): %s", strerror(errno));
	EXPECT_STREQ("system.sockprotoname", buf);
	EXPECT_EQ(-1, fgetxattr(s, "system.sockprotoname", buf, 2));
	EXPECT_EQ(ERANGE, errno);
	EXPECT_EQ(-1, fsetxattr(s, "system.sockprotoname", "x", 1, 0));
	EXPECT_EQ(EOPNOTSUPP, errno) TH_LOG("fsetxattr(socket): %s", strerror(errno));
	close(s);
}

static void bad_fds_xattr_body(struct __test_metadata *_metadata)
{
	char buf[64];
	/* user.* on a non-regular file: EPERM (xattr_permission()) */
	const int eset[] = FS_ROW(EPERM, EPERM);
	const int eget[] = FS_ROW(EOPNOTSUPP, FS_OK);
	const int elist[] = FS_ROW(FS_OK, FS_OK);
	const int erm[] = FS_ROW(EPERM, EPERM);

	FS_BAD_FDS("fsetxattr", fsetxattr(BADFD, "user.fdsafe", "v", 1, 0), eset);
	FS_BAD_FDS("fgetxattr", fgetxattr(BADFD, "system.sockprotoname", buf, sizeof(buf)),
		   eget);
	FS_BAD_FDS("flistxattr", flistxattr(BADFD, buf, sizeof(buf)), elist);
	FS_BAD_FDS("fremovexattr", fremovexattr(BADFD, "user.fdsafe"), erm);
}

TEST(bad_fds_xattr)
{
	bad_fds_xattr_body(_metadata);
}

TEST(bad_fds_xattr_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	bad_fds_xattr_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- utimensat / futimesat with an fd and no path ---- */

static long sys_utimensat(int fd, const char *path, const struct timespec *ts, int fl)
{
	return syscall(__NR_utimensat, fd, path, ts, fl);
}

static long sys_futimesat(int fd, const char *path, const struct timeval *tv)
{
	return syscall(__NR_futimesat, fd, path, tv);
}

TEST(utimensat_fd_sets_times)
{
	struct timespec ts[2] = { { 1000, 0 }, { 2000, 500 } };
	struct timeval tv[2] = { { 3000, 0 }, { 4000, 7 } };
	struct stat st;
	int fd = fs_tmpfile("x");

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, sys_utimensat(fd, NULL, ts, 0)) TH_LOG("utimensat(fd): %s",
							    strerror(errno));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(1000, st.st_atim.tv_sec);
	EXPECT_EQ(2000, st.st_mtim.tv_sec);
	EXPECT_EQ(500, st.st_mtim.tv_nsec);
	ASSERT_EQ(0, sys_futimesat(fd, NULL, tv)) TH_LOG("futimesat(fd): %s", strerror(errno));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(4000, st.st_mtim.tv_sec);
	EXPECT_EQ(7000, st.st_mtim.tv_nsec);
	/* flags with a NULL path: EINVAL before the fd */
	EXPECT_EQ(-1, sys_utimensat(fd, NULL, ts, AT_SYMLINK_NOFOLLOW));
	EXPECT_EQ(EINVAL, errno);
	close(fd);
}

static void bad_fds_utimensat_futimesat_body(struct __test_metadata *_metadata)
{
	struct timespec ts[2] = { { 1000, 0 }, { 2000, 0 } };
	struct timeval tv[2] = { { 1000, 0 }, { 2000, 0 } };
	const int e[] = FS_ROW(FS_OK, FS_OK);
	/* futimesat(-1, NULL): -1 is not AT_FDCWD, so do_utimes_fd() too */
	const int einval[] = { EINVAL, EINVAL, EINVAL, EINVAL, EINVAL, EINVAL };

	FS_BAD_FDS("utimensat_fd", sys_utimensat(BADFD, NULL, ts, 0), e);
	FS_BAD_FDS("utimensat_fd_now", sys_utimensat(BADFD, NULL, NULL, 0), e);
	FS_BAD_FDS("futimesat_fd", sys_futimesat(BADFD, NULL, tv), e);
	FS_BAD_FDS("utimensat_fd_flags", sys_utimensat(BADFD, NULL, ts, AT_SYMLINK_NOFOLLOW),
		   einval);
}

TEST(bad_fds_utimensat_futimesat)
{
	bad_fds_utimensat_futimesat_body(_metadata);
}

TEST(bad_fds_utimensat_futimesat_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	bad_fds_utimensat_futimesat_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- name_to_handle_at's dirfd ---- */

struct handle {
	struct file_handle fh;
	unsigned char buf[MAX_HANDLE_SZ];
};

static long n2h(int dfd, const char *path, int flags)
{
	struct handle h = { .fh.handle_bytes = MAX_HANDLE_SZ };
	int mnt;

	return name_to_handle_at(dfd, path, &h.fh, &mnt, flags);
}

TEST(name_to_handle_at_dirfd)
{
	struct handle h = { .fh.handle_bytes = MAX_HANDLE_SZ };
	int mnt, dfd = open("/tmp", O_RDONLY | O_DIRECTORY), fd = fs_tmpfile(NULL), o;
	char name[] = "/tmp/n2hXXXXXX";

	ASSERT_LE(0, dfd);
	ASSERT_LE(0, fd);
	close(fd);
	fd = mkstemp(name);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, name_to_handle_at(dfd, name + 5, &h.fh, &mnt, 0))
		TH_LOG("name_to_handle_at: %s", strerror(errno));
	o = open_by_handle_at(dfd, &h.fh, O_RDONLY);
	ASSERT_LE(0, o) TH_LOG("open_by_handle_at: %s", strerror(errno));
	close(o);
	/* the fd itself with AT_EMPTY_PATH */
	EXPECT_EQ(0, n2h(fd, "", AT_EMPTY_PATH)) TH_LOG("AT_EMPTY_PATH: %s", strerror(errno));
	EXPECT_EQ(-1, n2h(fd, "", 0));
	EXPECT_EQ(ENOENT, errno);
	unlink(name);
	close(fd);
	close(dfd);
}

static void bad_fds_name_to_handle_at_body(struct __test_metadata *_metadata)
{
	/* a relative path: path_init()'s fdget_raw(), O_PATH "/" works */
	const int erel[] = FS_ROW_RAW(ENOTDIR, FS_OK, ENOTDIR);
	/* AT_EMPTY_PATH: the file itself; sockfs cannot export handles */
	const int eempty[] = FS_ROW_RAW(FS_OK, FS_OK, EOPNOTSUPP);

	FS_BAD_FDS("name_to_handle_at_rel", n2h(BADFD, "tmp", 0), erel);
	FS_BAD_FDS("name_to_handle_at_empty", n2h(BADFD, "", AT_EMPTY_PATH), eempty);
}

TEST(bad_fds_name_to_handle_at)
{
	bad_fds_name_to_handle_at_body(_metadata);
}

TEST(bad_fds_name_to_handle_at_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	bad_fds_name_to_handle_at_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- FICLONE, FICLONERANGE, FIDEDUPERANGE ---- */

static void bad_fds_ficlone_src_body(struct __test_metadata *_metadata)
{
	struct file_clone_range r = { .src_length = 1 };
	int dst = fs_tmpfile("dst-data"), src = fs_tmpfile("src-data");
	/* fdget() of the source, then "another mount": EXDEV */
	const int e[] = FS_ROW(EXDEV, EXDEV);

	ASSERT_LE(0, dst);
	ASSERT_LE(0, src);
	/* both on /tmp: tmpfs cannot clone */
	EXPECT_EQ(-1, ioctl(dst, FICLONE, src));
	EXPECT_EQ(EOPNOTSUPP, errno) TH_LOG("FICLONE on tmpfs: %s", strerror(errno));
	r.src_fd = src;
	EXPECT_EQ(-1, ioctl(dst, FICLONERANGE, &r));
	EXPECT_EQ(EOPNOTSUPP, errno) TH_LOG("FICLONERANGE on tmpfs: %s", strerror(errno));
	FS_BAD_FDS("ioctl_FICLONE_src", ioctl(dst, FICLONE, BADFD), e);
	FS_BAD_FDS("ioctl_FICLONERANGE_src", (r.src_fd = BADFD, ioctl(dst, FICLONERANGE, &r)),
		   e);
	close(src);
	close(dst);
}

TEST(bad_fds_ficlone_src)
{
	bad_fds_ficlone_src_body(_metadata);
}

TEST(bad_fds_ficlone_src_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	bad_fds_ficlone_src_body(_metadata);
	fs_idler_stop(&id);
}

struct dedupe {
	struct file_dedupe_range r;
	struct file_dedupe_range_info info[2];
};

static long dedupe_one(int src, int dst, __s32 *status)
{
	struct dedupe d;
	long ret;

	memset(&d, 0, sizeof(d));
	d.r.src_length = 4;
	d.r.dest_count = 1;
	d.info[0].dest_fd = dst;
	ret = ioctl(src, FIDEDUPERANGE, &d);
	*status = d.info[0].status;
	return ret;
}

/* The per-destination status as a syscall result (status < 0: -errno). */
static long dedupe_status(int src, int dst)
{
	__s32 st;
	long r = dedupe_one(src, dst, &st);

	if (r)
		return r;
	if (st < 0) {
		errno = -st;
		return -1;
	}
	return st;
}

TEST(fideduperange_dest_fds)
{
	char base[64], l[96], u[96], w[96], m[96], opts[400], path[128];
	int src, dst, tsrc = fs_tmpfile("data");
	__s32 st;
	/* on an overlay source the loop fdget()s every destination */
	const int e[] = FS_ROW(EXDEV, EXDEV);

	ASSERT_LE(0, tsrc);
	EXPECT_EQ(-1, dedupe_one(tsrc, tsrc, &st));
	EXPECT_EQ(EOPNOTSUPP, errno) TH_LOG("tmpfs source: %s", strerror(errno));
	ASSERT_EQ(0, fs_tmpdir(base, sizeof(base), "dd"));
	snprintf(l, sizeof(l), "%s/l", base);
	snprintf(u, sizeof(u), "%s/u", base);
	snprintf(w, sizeof(w), "%s/w", base);
	snprintf(m, sizeof(m), "%s/m", base);
	ASSERT_EQ(0, mkdir(l, 0755) || mkdir(u, 0755) || mkdir(w, 0755) || mkdir(m, 0755));
	snprintf(opts, sizeof(opts), "lowerdir=%s,upperdir=%s,workdir=%s", l, u, w);
	if (mount("overlay", m, "overlay", 0, opts))
		SKIP(return, "mount overlay: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/a", m);
	src = open(path, O_CREAT | O_RDWR, 0644);
	snprintf(path, sizeof(path), "%s/b", m);
	dst = open(path, O_CREAT | O_RDWR, 0644);
	ASSERT_LE(0, src);
	ASSERT_LE(0, dst);
	ASSERT_EQ(8, write(src, "datadata", 8));
	ASSERT_EQ(8, write(dst, "datadata", 8));
	/* a good destination: the real tmpfs files cannot dedupe */
	EXPECT_EQ(0, dedupe_one(src, dst, &st)) TH_LOG("FIDEDUPERANGE: %s", strerror(errno));
	EXPECT_EQ(-EINVAL, st) TH_LOG("good destination: status %d", st);
	FS_BAD_FDS("ioctl_FIDEDUPERANGE_dest", dedupe_status(src, BADFD), e);
	close(src);
	close(dst);
	close(tsrc);
	umount2(m, MNT_DETACH);
}

/* ---- the close race ---- */

static long race_fgetxattr(int fd, void *arg)
{
	char buf[32];

	return fgetxattr(fd, "system.sockprotoname", buf, sizeof(buf));
}

static long race_utimensat(int fd, void *arg)
{
	return sys_utimensat(fd, NULL, NULL, 0);
}

/* FICLONE never succeeds on tmpfs: its EOPNOTSUPP is the good result */
static long race_ficlone(int fd, void *arg)
{
	long r = ioctl(*(int *)arg, FICLONE, fd);

	return r < 0 && errno == EOPNOTSUPP ? 0 : r;
}

TEST(race_close_xattr_utimes_ficlone)
{
	int srcs[4], dst = fs_tmpfile("d");
	const int ok[] = { EOPNOTSUPP, EXDEV, 0 };

	ASSERT_LE(0, dst);
	srcs[0] = socket(AF_UNIX, SOCK_DGRAM, 0);
	srcs[1] = open("/dev/null", O_RDONLY);
	srcs[2] = open("/", O_PATH);
	srcs[3] = fs_tmpfile("x");
	ASSERT_LE(0, srcs[0]);
	ASSERT_LE(0, srcs[3]);
	FS_CLOSE_RACE("fgetxattr", race_fgetxattr, NULL, srcs, ok);
	FS_CLOSE_RACE("utimensat_fd", race_utimensat, NULL, srcs, ok);
	FS_CLOSE_RACE("ioctl_FICLONE_src", race_ficlone, &dst, srcs, ok);
	for (int i = 0; i < 4; i++)
		close(srcs[i]);
	close(dst);
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * dirfd users (path_init()'s fdget_raw(): openat, fstatat, fchdir,
 * openat2, name_to_handle_at/open_by_handle_at's mount fd), perf_event_open
 * with a group_fd and PERF_EVENT_IOC_SET_OUTPUT (perf_fget_light(), and
 * the open-coded struct fd initialiser in kernel/events/core.c), and
 * io_uring: io_uring_enter/register on a non-ring fd, IORING_OP_ASYNC_CANCEL
 * and IORING_REGISTER_SYNC_CANCEL keyed by fd (io_uring/cancel.c), and
 * IORING_REGISTER_FILES.
 */
#include <sys/ioctl.h>
#include <linux/openat2.h>
#include <linux/perf_event.h>

#include "fs_util.h"

/* ---- openat & co with a dirfd ---- */

struct tree {
	char dir[64];
	int dfd;	/* O_RDONLY|O_DIRECTORY */
	int pfd;	/* O_PATH|O_DIRECTORY */
	int ffd;	/* O_PATH of dir/file */
};

static int tree_make(struct tree *t)
{
	char path[128];
	int fd;

	if (fs_tmpdir(t->dir, sizeof(t->dir), "oat"))
		return -1;
	snprintf(path, sizeof(path), "%s/file", t->dir);
	fd = open(path, O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || write(fd, "content", 7) != 7)
		return -1;
	close(fd);
	snprintf(path, sizeof(path), "%s/sub", t->dir);
	if (mkdir(path, 0755))
		return -1;
	t->dfd = open(t->dir, O_RDONLY | O_DIRECTORY);
	t->pfd = open(t->dir, O_PATH | O_DIRECTORY);
	snprintf(path, sizeof(path), "%s/file", t->dir);
	t->ffd = open(path, O_PATH);
	return t->dfd < 0 || t->pfd < 0 || t->ffd < 0 ? -1 : 0;
}

TEST(openat_dirfd_kinds)
{
	struct tree t;
	char buf[16] = { 0 };
	struct stat st;
	int fd;

	ASSERT_EQ(0, tree_make(&t)) TH_LOG("setup: %s", strerror(errno));
	fd = openat(t.dfd, "file", O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("openat(dirfd): %s", strerror(errno));
	ASSERT_EQ(7, read(fd, buf, sizeof(buf)));
	EXPECT_STREQ("content", buf);
	close(fd);
	/* O_PATH directory as dirfd: full lookup base */
	fd = openat(t.pfd, "file", O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("openat(O_PATH dirfd): %s", strerror(errno));
	memset(buf, 0, sizeof(buf));
	ASSERT_EQ(7, read(fd, buf, sizeof(buf)));
	EXPECT_STREQ("content", buf);
	close(fd);
	EXPECT_EQ(0, fstatat(t.pfd, "sub", &st, 0));
	EXPECT_TRUE(S_ISDIR(st.st_mode));
	EXPECT_EQ(0, mkdirat(t.pfd, "new", 0700)) TH_LOG("mkdirat(O_PATH): %s", strerror(errno));
	EXPECT_EQ(0, unlinkat(t.pfd, "new", AT_REMOVEDIR));
	/* ".." from an O_PATH dirfd */
	fd = openat(t.pfd, "sub/../file", O_RDONLY);
	EXPECT_LE(0, fd) TH_LOG("openat(sub/../file): %s", strerror(errno));
	close(fd);
	/* a non-directory dirfd, O_PATH or not, with a relative path */
	EXPECT_EQ(-1, openat(t.ffd, "x", O_RDONLY));
	EXPECT_EQ(ENOTDIR, errno) TH_LOG("openat(O_PATH file, rel): %s", strerror(errno));
	/* ...but with AT_EMPTY_PATH it is the object itself */
	EXPECT_EQ(0, fstatat(t.ffd, "", &st, AT_EMPTY_PATH));
	EXPECT_EQ(7, st.st_size);
	EXPECT_EQ(-1, fstatat(t.ffd, "", &st, 0));
	EXPECT_EQ(ENOENT, errno) TH_LOG("empty path without AT_EMPTY_PATH");
	close(t.ffd);
	close(t.pfd);
	close(t.dfd);
}

TEST(reopen_opath_via_proc)
{
	struct tree t;
	char path[64], buf[16] = { 0 };
	int fd;

	ASSERT_EQ(0, tree_make(&t));
	EXPECT_EQ(-1, read(t.ffd, buf, 1));
	EXPECT_EQ(EBADF, errno) TH_LOG("read(O_PATH): %s", strerror(errno));
	snprintf(path, sizeof(path), "/proc/self/fd/%d", t.ffd);
	fd = open(path, O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("reopen %s: %s", path, strerror(errno));
	ASSERT_EQ(7, read(fd, buf, sizeof(buf)));
	EXPECT_STREQ("content", buf);
	close(fd);
}

TEST(openat2_beneath_opath_dirfd)
{
	struct tree t;
	struct open_how how = { .flags = O_RDONLY, .resolve = RESOLVE_BENEATH };
	long fd;

	ASSERT_EQ(0, tree_make(&t));
	fd = syscall(__NR_openat2, t.pfd, "sub/../file", &how, sizeof(how));
	if (fd < 0 && errno == ENOSYS)
		SKIP(return, "openat2: ENOSYS");
	EXPECT_LE(0, fd) TH_LOG("openat2 beneath: %s", strerror(errno));
	close(fd);
	EXPECT_EQ(-1, syscall(__NR_openat2, t.pfd, "../x", &how, sizeof(how)));
	EXPECT_EQ(EXDEV, errno) TH_LOG("openat2 escaping: %s", strerror(errno));
	EXPECT_EQ(-1, syscall(__NR_openat2, t.ffd, "x", &how, sizeof(how)));
	EXPECT_EQ(ENOTDIR, errno);
}

TEST(bad_fds_openat_dirfd)
{
	struct stat st;
	/* relative lookups from BADFD; O_PATH is an O_PATH fd of "/" */
	const int e[] = FS_ROW_RAW(ENOTDIR, FS_OK, ENOTDIR);
	/* absolute paths ignore the dirfd, whatever it is */
	const int eabs[] = { FS_OK, FS_OK, FS_OK, FS_OK, FS_OK, FS_OK };
	/* the empty path fails before any fd lookup */
	const int eempty[] = { ENOENT, ENOENT, ENOENT, ENOENT, ENOENT, ENOENT };

	FS_BAD_FDS_NEWFD("openat_rel", openat(BADFD, "tmp", O_RDONLY | O_DIRECTORY), e);
	FS_BAD_FDS_NEWFD("openat_abs", openat(BADFD, "/tmp", O_RDONLY | O_DIRECTORY), eabs);
	FS_BAD_FDS_NEWFD("openat_empty", openat(BADFD, "", O_RDONLY), eempty);
	FS_BAD_FDS("fstatat_rel", fstatat(BADFD, "tmp", &st, 0), e);
	FS_BAD_FDS("faccessat_rel", faccessat(BADFD, "tmp", R_OK, 0), e);
}

TEST(fchdir_kinds)
{
	char cwd[128];
	int pfd = open("/tmp", O_PATH | O_DIRECTORY), r;
	const int e[] = FS_ROW_RAW(ENOTDIR, FS_OK, ENOTDIR);

	ASSERT_LE(0, pfd);
	ASSERT_EQ(0, fchdir(pfd)) TH_LOG("fchdir(O_PATH): %s", strerror(errno));
	ASSERT_NE(NULL, getcwd(cwd, sizeof(cwd)));
	EXPECT_STREQ("/tmp", cwd);
	close(pfd);
	ASSERT_EQ(0, chdir("/"));
	FS_BAD_FDS("fchdir", (r = fchdir(BADFD), chdir("/"), r), e);
}

TEST(open_by_handle_mount_fd)
{
	struct {
		struct file_handle fh;
		unsigned char buf[MAX_HANDLE_SZ];
	} h;
	struct tree t;
	char path[128], buf[16] = { 0 };
	int mnt_id, fd, tmpfd;
	/* the mount fd is looked up with plain fdget(): O_PATH refused */
	const int e[] = FS_ROW(ESTALE, ESTALE);

	ASSERT_EQ(0, tree_make(&t));
	snprintf(path, sizeof(path), "%s/file", t.dir);
	h.fh.handle_bytes = MAX_HANDLE_SZ;
	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mnt_id, 0)) {
		if (errno == EOPNOTSUPP || errno == ENOSYS)
			SKIP(return, "name_to_handle_at: %s (CONFIG_FHANDLE / "
			     "tmpfs export)", strerror(errno));
		ASSERT_EQ(0, -1) TH_LOG("name_to_handle_at: %s", strerror(errno));
	}
	tmpfd = t.dfd;
	fd = open_by_handle_at(tmpfd, &h.fh, O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("open_by_handle_at: %s", strerror(errno));
	ASSERT_EQ(7, read(fd, buf, sizeof(buf)));
	EXPECT_STREQ("content", buf);
	close(fd);
	/* another mount (devtmpfs, sockfs) cannot decode a /tmp handle */
	FS_BAD_FDS_NEWFD("open_by_handle_at", open_by_handle_at(BADFD, &h.fh, O_RDONLY), e);
}

/* ---- perf_event_open ---- */

static long sys_perf_event_open(struct perf_event_attr *attr, pid_t pid,
				int cpu, int group_fd, unsigned long flags)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

static void cpu_clock_attr(struct perf_event_attr *a, int disabled)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_CPU_CLOCK;
	a->disabled = disabled;
	a->read_format = PERF_FORMAT_GROUP;
}

static int perf_leader(struct __test_metadata *_metadata)
{
	struct perf_event_attr a;
	int fd;

	cpu_clock_attr(&a, 1);
	fd = sys_perf_event_open(&a, 0, -1, -1, 0);
	if (fd < 0 && (errno == ENOSYS || errno == ENOENT))
		return -2;
	return fd;
}

TEST(perf_event_group_counts)
{
	struct perf_event_attr a;
	struct { __u64 nr, v[2]; } rd;
	int leader = perf_leader(_metadata), sib;
	volatile unsigned long spin = 0;
	double t0;
	void *rb;

	if (leader == -2)
		SKIP(return, "perf_event_open: %s (CONFIG_PERF_EVENTS)", strerror(errno));
	ASSERT_LE(0, leader) TH_LOG("perf_event_open leader: %s", strerror(errno));
	cpu_clock_attr(&a, 0);
	sib = sys_perf_event_open(&a, 0, -1, leader, 0);
	ASSERT_LE(0, sib) TH_LOG("perf_event_open group_fd=leader: %s", strerror(errno));
	ASSERT_EQ(0, ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP));
	t0 = fs_now();
	while (fs_now() - t0 < 0.02)
		spin++;
	ASSERT_EQ(0, ioctl(leader, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP));
	ASSERT_EQ(sizeof(rd), read(leader, &rd, sizeof(rd))) TH_LOG("read: %s", strerror(errno));
	EXPECT_EQ(2, rd.nr) TH_LOG("group has %llu members", (unsigned long long)rd.nr);
	EXPECT_LT(0, rd.v[0]) TH_LOG("leader counted nothing");
	EXPECT_LT(0, rd.v[1]) TH_LOG("sibling counted nothing");
	/* a group_fd that is a sibling, not a leader, is refused */
	EXPECT_EQ(-1, sys_perf_event_open(&a, 0, -1, sib, 0));
	EXPECT_EQ(EINVAL, errno) TH_LOG("group_fd=sibling: %s", strerror(errno));
	/* SET_OUTPUT needs a target with a ring buffer */
	EXPECT_EQ(-1, ioctl(sib, PERF_EVENT_IOC_SET_OUTPUT, leader));
	EXPECT_EQ(EINVAL, errno) TH_LOG("SET_OUTPUT to unmapped: %s", strerror(errno));
	rb = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, leader, 0);
	ASSERT_NE(MAP_FAILED, rb) TH_LOG("mmap perf buffer: %s", strerror(errno));
	EXPECT_EQ(0, ioctl(sib, PERF_EVENT_IOC_SET_OUTPUT, leader))
		TH_LOG("SET_OUTPUT: %s", strerror(errno));
	/* "no output" is arg == -1 as an unsigned long ... */
	EXPECT_EQ(0, ioctl(sib, PERF_EVENT_IOC_SET_OUTPUT, -1L))
		TH_LOG("SET_OUTPUT -1L: %s", strerror(errno));
	/* ... a 32-bit -1 is looked up as fd -1 */
	EXPECT_EQ(-1, ioctl(sib, PERF_EVENT_IOC_SET_OUTPUT, 0xffffffffUL));
	EXPECT_EQ(EBADF, errno) TH_LOG("SET_OUTPUT 0xffffffff: %s", strerror(errno));
	munmap(rb, 2 * 4096);
	close(sib);
	close(leader);
}

TEST(bad_fds_perf_group_fd)
{
	struct perf_event_attr a;
	int leader = perf_leader(_metadata);
	/* -1 means "no group": a new event; anything not perf is EBADF */
	const int e[] = { EBADF, FS_OK, EBADF, EBADF, EBADF, EBADF };

	if (leader == -2)
		SKIP(return, "perf_event_open: %s (CONFIG_PERF_EVENTS)", strerror(errno));
	ASSERT_LE(0, leader);
	cpu_clock_attr(&a, 1);
	FS_BAD_FDS_NEWFD("perf_event_open_group_fd",
			 sys_perf_event_open(&a, 0, -1, BADFD, 0), e);
	/* the arg is an unsigned long: pass the fd sign-extended */
	FS_BAD_FDS("perf_ioctl_set_output",
		   ioctl(leader, PERF_EVENT_IOC_SET_OUTPUT, (long)BADFD), e);
	close(leader);
}

/* ---- io_uring ---- */

#define RING_OR_SKIP(r) do {						\
	int _ret = fs_ring_init((r), 8);				\
	if (_ret == -ENOSYS)						\
		SKIP(return, "io_uring_setup: ENOSYS (CONFIG_IO_URING)");	\
	ASSERT_EQ(0, _ret) TH_LOG("io_uring_setup: %s", strerror(-_ret)); \
} while (0)

/* Queue a read of @fd into @buf (user_data @ud) and submit it. */
static long ring_read(struct fs_ring *r, int fd, void *buf, unsigned len, __u64 ud)
{
	struct io_uring_sqe *sqe = fs_ring_sqe(r);

	sqe->opcode = IORING_OP_READ;
	sqe->fd = fd;
	sqe->addr = ptr_to_u64(buf);
	sqe->len = len;
	sqe->off = -1;		/* use f_pos: pipes */
	sqe->user_data = ud;
	return fs_ring_submit(r, 1);
}

/* IORING_OP_ASYNC_CANCEL keyed by fd; syscall-style result. */
static long ring_cancel_fd(struct fs_ring *r, int fd, unsigned flags)
{
	struct io_uring_sqe *sqe = fs_ring_sqe(r);
	struct io_uring_cqe cqe;

	sqe->opcode = IORING_OP_ASYNC_CANCEL;
	sqe->fd = fd;
	sqe->cancel_flags = IORING_ASYNC_CANCEL_FD | flags;
	sqe->user_data = 0xcace1;
	if (fs_ring_submit(r, 1) != 1)
		return -1;
	if (fs_ring_reap_ud(r, 0xcace1, &cqe, 2000)) {
		errno = ETIMEDOUT;
		return -1;
	}
	if (cqe.res < 0) {
		errno = -cqe.res;
		return -1;
	}
	return cqe.res;
}

static long ring_sync_cancel_fd(struct fs_ring *r, int fd)
{
	struct io_uring_sync_cancel_reg sc;

	memset(&sc, 0, sizeof(sc));
	sc.fd = fd;
	sc.flags = IORING_ASYNC_CANCEL_FD;
	sc.timeout.tv_sec = -1;
	sc.timeout.tv_nsec = -1;
	return fs_io_uring_register(r->fd, IORING_REGISTER_SYNC_CANCEL, &sc, 1);
}

TEST(io_uring_async_cancel_by_fd)
{
	struct fs_ring r;
	struct io_uring_cqe cqe;
	char buf[8];
	int p[2];

	RING_OR_SKIP(&r);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(1, ring_read(&r, p[0], buf, sizeof(buf), 1));
	EXPECT_EQ(-ETIMEDOUT, fs_ring_reap(&r, &cqe, 50)) TH_LOG("read of empty pipe completed");
	EXPECT_EQ(0, ring_cancel_fd(&r, p[0], 0)) TH_LOG("ASYNC_CANCEL fd: %s", strerror(errno));
	ASSERT_EQ(0, fs_ring_reap(&r, &cqe, 2000)) TH_LOG("cancelled read never completed");
	EXPECT_EQ(1, cqe.user_data);
	EXPECT_EQ(-ECANCELED, cqe.res);
	/* nothing left on that fd */
	EXPECT_EQ(-1, ring_cancel_fd(&r, p[0], 0));
	EXPECT_EQ(ENOENT, errno);
	/* CANCEL_ALL by fd: two reads */
	ASSERT_EQ(1, ring_read(&r, p[0], buf, 1, 2));
	ASSERT_EQ(1, ring_read(&r, p[0], buf + 1, 1, 3));
	EXPECT_EQ(2, ring_cancel_fd(&r, p[0], IORING_ASYNC_CANCEL_ALL))
		TH_LOG("CANCEL_ALL|FD: %s", strerror(errno));
	ASSERT_EQ(0, fs_ring_reap(&r, &cqe, 2000));
	EXPECT_EQ(-ECANCELED, cqe.res);
	ASSERT_EQ(0, fs_ring_reap(&r, &cqe, 2000));
	EXPECT_EQ(-ECANCELED, cqe.res);
	close(p[0]);
	close(p[1]);
	fs_ring_exit(&r);
}

TEST(io_uring_sync_cancel_by_fd)
{
	struct fs_ring r;
	struct io_uring_cqe cqe;
	char buf[8];
	int p[2];
	long ret;

	RING_OR_SKIP(&r);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(1, ring_read(&r, p[0], buf, sizeof(buf), 7));
	ret = ring_sync_cancel_fd(&r, p[0]);
	if (ret < 0 && errno == EINVAL)
		SKIP(return, "IORING_REGISTER_SYNC_CANCEL: EINVAL (kernel < 6.0?)");
	EXPECT_EQ(0, ret) TH_LOG("SYNC_CANCEL: %s", strerror(errno));
	ASSERT_EQ(0, fs_ring_reap(&r, &cqe, 2000));
	EXPECT_EQ(7, cqe.user_data);
	EXPECT_EQ(-ECANCELED, cqe.res);
	EXPECT_EQ(-1, ring_sync_cancel_fd(&r, p[0]));
	EXPECT_EQ(ENOENT, errno) TH_LOG("second SYNC_CANCEL: %s", strerror(errno));
	close(p[0]);
	close(p[1]);
	fs_ring_exit(&r);
}

TEST(bad_fds_io_uring_cancel)
{
	struct fs_ring r;
	/* no request on any of them: ENOENT once the fd is a file */
	const int e[] = FS_ROW(ENOENT, ENOENT);

	RING_OR_SKIP(&r);
	FS_BAD_FDS("io_uring_async_cancel_fd", ring_cancel_fd(&r, BADFD, 0), e);
	FS_BAD_FDS("io_uring_sync_cancel_fd", ring_sync_cancel_fd(&r, BADFD), e);
	fs_ring_exit(&r);
}

TEST(bad_fds_io_uring_ring_fd)
{
	struct io_uring_probe probe;
	/* fdget() of the ring fd, then "is it an io_uring?" */
	const int e[] = FS_ROW(EOPNOTSUPP, EOPNOTSUPP);

	memset(&probe, 0, sizeof(probe));
	if (fs_io_uring_setup(0, NULL) < 0 && errno == ENOSYS)
		SKIP(return, "io_uring_setup: ENOSYS (CONFIG_IO_URING)");
	FS_BAD_FDS("io_uring_enter", fs_io_uring_enter(BADFD, 0, 0, 0), e);
	FS_BAD_FDS("io_uring_register",
		   fs_io_uring_register(BADFD, IORING_REGISTER_PROBE, &probe, 0), e);
}

/* Register one fd as a fixed file; unregister again on success. */
static long ring_register_one(struct fs_ring *r, int fd)
{
	long ret = fs_io_uring_register(r->fd, IORING_REGISTER_FILES, &fd, 1);

	if (ret == 0)
		fs_io_uring_register(r->fd, IORING_UNREGISTER_FILES, NULL, 0);
	return ret;
}

TEST(io_uring_register_files)
{
	struct fs_ring r;
	struct io_uring_sqe *sqe;
	struct io_uring_cqe cqe;
	char buf[8] = { 0 };
	int fd = fs_tmpfile("fixed"), ringfd;
	/* -1 is a sparse slot; any file but O_PATH (fget) or a ring works */
	const int e[] = { EBADF, FS_OK, EBADF, FS_OK, EBADF, FS_OK };

	RING_OR_SKIP(&r);
	ASSERT_LE(0, fd);
	FS_BAD_FDS("io_uring_register_files", ring_register_one(&r, BADFD), e);
	ringfd = r.fd;
	EXPECT_EQ(-1, fs_io_uring_register(r.fd, IORING_REGISTER_FILES, &ringfd, 1));
	EXPECT_EQ(EBADF, errno) TH_LOG("ring fd as fixed file: %s", strerror(errno));
	ASSERT_EQ(0, fs_io_uring_register(r.fd, IORING_REGISTER_FILES, &fd, 1));
	close(fd);	/* the fixed table holds its own reference */
	sqe = fs_ring_sqe(&r);
	sqe->opcode = IORING_OP_READ;
	sqe->flags = IOSQE_FIXED_FILE;
	sqe->fd = 0;
	sqe->addr = ptr_to_u64(buf);
	sqe->len = 5;
	sqe->off = 0;
	ASSERT_EQ(1, fs_ring_submit(&r, 1));
	ASSERT_EQ(0, fs_ring_reap(&r, &cqe, 2000));
	EXPECT_EQ(5, cqe.res) TH_LOG("fixed read: %s", strerror(-cqe.res));
	EXPECT_STREQ("fixed", buf);
	fs_ring_exit(&r);
}

TEST_HARNESS_MAIN

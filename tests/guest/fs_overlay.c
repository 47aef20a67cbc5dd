// SPDX-License-Identifier: GPL-2.0
/*
 * Files of an overlayfs (lower, upper and work dirs on the guest's tmpfs):
 * every fs/overlayfs/file.c method that looks up the real file with
 * ovl_real_fdget()/ovl_real_fdget_meta() -- read_iter, write_iter, llseek,
 * fsync, fadvise, fallocate, splice_write, copy_file_range, flush, mmap --
 * including the path where the overlay file was opened before copy-up and
 * the real upper file is opened temporarily (FDPUT_FPUT), and the one
 * where the real file's flags are synced after F_SETFL.
 */
#include <dirent.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/sendfile.h>

#include "fs_util.h"

#define LOWER_TEXT "lower data\n"	/* 11 bytes */

FIXTURE(ovl) {
	char base[64];
	char lower[96], upper[96], work[96], merged[96];
	int mounted;
};

static void put_file(const char *dir, const char *name, const char *text)
{
	char path[160];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (fd >= 0) {
		if (write(fd, text, strlen(text)) < 0)
			perror("write");
		close(fd);
	}
}

FIXTURE_SETUP(ovl)
{
	char opts[512];

	self->mounted = 0;
	ASSERT_EQ(0, fs_tmpdir(self->base, sizeof(self->base), "ovl"));
	snprintf(self->lower, sizeof(self->lower), "%s/lower", self->base);
	snprintf(self->upper, sizeof(self->upper), "%s/upper", self->base);
	snprintf(self->work, sizeof(self->work), "%s/work", self->base);
	snprintf(self->merged, sizeof(self->merged), "%s/merged", self->base);
	ASSERT_EQ(0, mkdir(self->lower, 0755));
	ASSERT_EQ(0, mkdir(self->upper, 0755));
	ASSERT_EQ(0, mkdir(self->work, 0755));
	ASSERT_EQ(0, mkdir(self->merged, 0755));
	put_file(self->lower, "l.txt", LOWER_TEXT);
	put_file(self->lower, "l2.txt", "second lower file\n");
	put_file(self->lower, "gone.txt", "to be deleted\n");
	put_file(self->upper, "u.txt", "upper data\n");
	snprintf(opts, sizeof(opts), "lowerdir=%s,upperdir=%s,workdir=%s",
		 self->lower, self->upper, self->work);
	if (mount("overlay", self->merged, "overlay", 0, opts)) {
		if (errno == ENODEV)
			SKIP(return, "overlay: ENODEV (CONFIG_OVERLAY_FS not set)");
		ASSERT_EQ(0, -1) TH_LOG("mount overlay: %s", strerror(errno));
	}
	self->mounted = 1;
}

/* SKIP() in FIXTURE_SETUP does not stop the body in the 6.1 harness */
#define OVL_NEEDED() do {						\
	if (!self->mounted)						\
		SKIP(return, "overlay not mounted");			\
} while (0)

FIXTURE_TEARDOWN(ovl)
{
	if (self->mounted)
		umount2(self->merged, MNT_DETACH);
}

static int mopen(FIXTURE_DATA(ovl) *self, const char *name, int flags)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", self->merged, name);
	return open(path, flags, 0644);
}

static int read_at(const char *dir, const char *name, char *buf, size_t len)
{
	char path[160];
	int fd, n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	memset(buf, 0, len);
	n = read(fd, buf, len - 1);
	close(fd);
	return n;
}

TEST_F(ovl, read_lower_file)
{
	OVL_NEEDED();
	char buf[64] = { 0 };
	struct stat st;
	int fd = mopen(self, "l.txt", O_RDONLY);

	ASSERT_LE(0, fd) TH_LOG("open merged/l.txt: %s", strerror(errno));
	ASSERT_EQ(11, read(fd, buf, sizeof(buf))) TH_LOG("read: %s", strerror(errno));
	EXPECT_STREQ(LOWER_TEXT, buf);
	EXPECT_EQ(11, lseek(fd, 0, SEEK_CUR));
	EXPECT_EQ(0, read(fd, buf, sizeof(buf)));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(11, st.st_size);
	/* nothing copied up by reading */
	EXPECT_EQ(-1, read_at(self->upper, "l.txt", buf, sizeof(buf)));
	EXPECT_EQ(ENOENT, errno) TH_LOG("reading copied the file up");
	close(fd);
}

TEST_F(ovl, write_copies_up)
{
	OVL_NEEDED();
	char buf[64];
	int fd = mopen(self, "l.txt", O_RDWR);

	ASSERT_LE(0, fd) TH_LOG("open O_RDWR: %s", strerror(errno));
	ASSERT_EQ(5, write(fd, "LOWER", 5)) TH_LOG("write: %s", strerror(errno));
	EXPECT_EQ(5, lseek(fd, 0, SEEK_CUR));
	ASSERT_EQ(0, lseek(fd, 0, SEEK_SET));
	memset(buf, 0, sizeof(buf));
	ASSERT_EQ(11, read(fd, buf, sizeof(buf)));
	EXPECT_STREQ("LOWER data\n", buf);
	close(fd);
	EXPECT_EQ(11, read_at(self->upper, "l.txt", buf, sizeof(buf)))
		TH_LOG("no copy-up in upper");
	EXPECT_STREQ("LOWER data\n", buf);
	EXPECT_EQ(11, read_at(self->lower, "l.txt", buf, sizeof(buf)));
	EXPECT_STREQ(LOWER_TEXT, buf) TH_LOG("lower file was modified");
}

TEST_F(ovl, create_pwrite_pread_upper)
{
	OVL_NEEDED();
	char buf[64] = { 0 };
	int fd = mopen(self, "new.txt", O_CREAT | O_RDWR | O_EXCL);

	ASSERT_LE(0, fd) TH_LOG("create: %s", strerror(errno));
	ASSERT_EQ(6, pwrite(fd, "abcdef", 6, 8192));
	EXPECT_EQ(0, lseek(fd, 0, SEEK_CUR)) TH_LOG("pwrite moved f_pos");
	ASSERT_EQ(3, pread(fd, buf, 3, 8194));
	EXPECT_STREQ("cde", buf);
	EXPECT_EQ(8198, lseek(fd, 0, SEEK_END));
	/* tmpfs holes are whole pages */
	EXPECT_EQ(8192, lseek(fd, 0, SEEK_DATA)) TH_LOG("SEEK_DATA through overlay");
	EXPECT_EQ(0, lseek(fd, 0, SEEK_HOLE));
	close(fd);
	EXPECT_EQ(63, read_at(self->upper, "new.txt", buf, sizeof(buf)))
		TH_LOG("new file not in upper");
}

/*
 * An fd opened before copy-up points at the lower real file; after
 * another fd copies the file up, every method of the old fd must act on
 * the upper file (ovl_real_fdget opens it temporarily).
 */
TEST_F(ovl, stale_fd_after_copy_up)
{
	OVL_NEEDED();
	char buf[64] = { 0 };
	int ro = mopen(self, "l.txt", O_RDONLY), rw, p[2];
	struct stat st;

	ASSERT_LE(0, ro);
	ASSERT_EQ(4, read(ro, buf, 4));
	rw = mopen(self, "l.txt", O_RDWR);
	ASSERT_LE(0, rw);
	ASSERT_EQ(3, pwrite(rw, "XYZ", 3, 0)) TH_LOG("copy-up write: %s", strerror(errno));
	ASSERT_EQ(0, ftruncate(rw, 20));
	/* read(): the new content, from the kept f_pos */
	memset(buf, 0, sizeof(buf));
	ASSERT_EQ(3, read(ro, buf, 3)) TH_LOG("read of stale fd: %s", strerror(errno));
	EXPECT_STREQ("r d", buf) TH_LOG("stale fd read '%s'", buf);
	ASSERT_EQ(3, pread(ro, buf, 3, 0));
	EXPECT_EQ(0, memcmp(buf, "XYZ", 3)) TH_LOG("stale fd reads the lower file");
	/* llseek() on the upper size */
	EXPECT_EQ(20, lseek(ro, 0, SEEK_END)) TH_LOG("SEEK_END of stale fd");
	ASSERT_EQ(0, fstat(ro, &st));
	EXPECT_EQ(20, st.st_size);
	/* fsync/fdatasync, fadvise, splice out, via the temporary real file */
	EXPECT_EQ(0, fsync(ro)) TH_LOG("fsync stale: %s", strerror(errno));
	EXPECT_EQ(0, fdatasync(ro)) TH_LOG("fdatasync stale: %s", strerror(errno));
	EXPECT_EQ(0, posix_fadvise(ro, 0, 0, POSIX_FADV_WILLNEED));
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, lseek(ro, 0, SEEK_SET));
	EXPECT_EQ(3, splice(ro, NULL, p[1], NULL, 3, 0)) TH_LOG("splice: %s", strerror(errno));
	memset(buf, 0, sizeof(buf));
	EXPECT_EQ(3, read(p[0], buf, 3));
	EXPECT_STREQ("XYZ", buf);
	close(p[0]);
	close(p[1]);
	/* the write side is refused on an O_RDONLY fd all the same */
	EXPECT_EQ(-1, write(ro, "q", 1));
	EXPECT_EQ(EBADF, errno);
	EXPECT_EQ(0, close(ro)) TH_LOG("close (->flush) of stale fd: %s", strerror(errno));
	close(rw);
}

static void *idle_thread(void *arg)
{
	char c;

	while (read(*(int *)arg, &c, 1) > 0)
		;
	return NULL;
}

/*
 * The same stale-fd path with a second thread alive: fdget() now takes
 * a reference on the overlay file and ovl_real_fdget() still opens and
 * drops the temporary upper file each call.
 */
TEST_F(ovl, stale_fd_shared_fd_table)
{
	char buf[16] = { 0 };
	int ro = mopen(self, "l2.txt", O_RDONLY), rw, p[2];
	pthread_t th;

	OVL_NEEDED();
	ASSERT_LE(0, ro);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pthread_create(&th, NULL, idle_thread, &p[0]));
	rw = mopen(self, "l2.txt", O_WRONLY);
	ASSERT_LE(0, rw);
	ASSERT_EQ(6, write(rw, "SHARED", 6));
	close(rw);
	for (int i = 0; i < 50; i++) {
		ASSERT_EQ(0, lseek(ro, 0, SEEK_SET));
		ASSERT_EQ(6, read(ro, buf, 6)) TH_LOG("read %d: %s", i, strerror(errno));
		ASSERT_EQ(0, memcmp(buf, "SHARED", 6)) TH_LOG("read %d: '%.6s'", i, buf);
	}
	EXPECT_EQ(18, lseek(ro, 0, SEEK_END));
	EXPECT_EQ(0, fsync(ro));
	close(ro);
	close(p[1]);
	pthread_join(th, NULL);
	close(p[0]);
}

TEST_F(ovl, setfl_append_reaches_real_file)
{
	OVL_NEEDED();
	char buf[64];
	int fd = mopen(self, "u.txt", O_WRONLY);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, fcntl(fd, F_SETFL, O_APPEND)) TH_LOG("F_SETFL: %s", strerror(errno));
	ASSERT_EQ(0, lseek(fd, 0, SEEK_SET));
	ASSERT_EQ(4, write(fd, "MORE", 4)) TH_LOG("write: %s", strerror(errno));
	close(fd);
	EXPECT_EQ(15, read_at(self->upper, "u.txt", buf, sizeof(buf)));
	EXPECT_STREQ("upper data\nMORE", buf) TH_LOG("O_APPEND not applied: '%s'", buf);
}

TEST_F(ovl, mmap_read_lower_and_write_upper)
{
	OVL_NEEDED();
	char buf[64];
	char *m;
	int fd = mopen(self, "l.txt", O_RDONLY), wfd;

	ASSERT_LE(0, fd);
	m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	ASSERT_NE(MAP_FAILED, m) TH_LOG("mmap lower: %s", strerror(errno));
	EXPECT_EQ(0, memcmp(m, LOWER_TEXT, 11));
	munmap(m, 4096);
	close(fd);

	wfd = mopen(self, "l2.txt", O_RDWR);
	ASSERT_LE(0, wfd);
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, wfd, 0);
	ASSERT_NE(MAP_FAILED, m) TH_LOG("mmap rw: %s", strerror(errno));
	memcpy(m, "SECOND", 6);
	EXPECT_EQ(0, msync(m, 4096, MS_SYNC));
	munmap(m, 4096);
	EXPECT_EQ(0, fsync(wfd));
	close(wfd);
	EXPECT_EQ(18, read_at(self->merged, "l2.txt", buf, sizeof(buf)));
	EXPECT_STREQ("SECOND lower file\n", buf);
	EXPECT_EQ(18, read_at(self->upper, "l2.txt", buf, sizeof(buf)));
	EXPECT_STREQ("SECOND lower file\n", buf) TH_LOG("mmap write not in upper");
	EXPECT_EQ(18, read_at(self->lower, "l2.txt", buf, sizeof(buf)));
	EXPECT_STREQ("second lower file\n", buf);
}

TEST_F(ovl, fallocate_fadvise_fsync)
{
	OVL_NEEDED();
	struct stat st;
	int fd = mopen(self, "u.txt", O_RDWR);

	ASSERT_LE(0, fd);
	EXPECT_EQ(0, fallocate(fd, 0, 0, 8192)) TH_LOG("fallocate: %s", strerror(errno));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(8192, st.st_size);
	EXPECT_EQ(0, posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED));
	EXPECT_EQ(0, syscall(__NR_fadvise64, fd, 0, 0, POSIX_FADV_SEQUENTIAL));
	EXPECT_EQ(-1, syscall(__NR_fadvise64, fd, 0, 0, 9999));
	EXPECT_EQ(EINVAL, errno) TH_LOG("bad advice through overlay: %s", strerror(errno));
	EXPECT_EQ(0, fsync(fd));
	EXPECT_EQ(0, fdatasync(fd));
	EXPECT_EQ(0, syncfs(fd));
	EXPECT_EQ(0, readahead(fd, 0, 4096)) TH_LOG("readahead: %s", strerror(errno));
	close(fd);
}

TEST_F(ovl, copy_file_range_sendfile_splice)
{
	OVL_NEEDED();
	char buf[64] = { 0 };
	int in = mopen(self, "l.txt", O_RDONLY);
	int out = mopen(self, "dst.txt", O_CREAT | O_RDWR | O_TRUNC);
	int tmp = fs_tmpfile("from tmpfs"), p[2];
	loff_t oi = 0, oo = 0;
	off_t so = 0;

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	ASSERT_LE(0, tmp);
	/* both on the overlay: ovl_copy_file_range -> real files */
	EXPECT_EQ(11, copy_file_range(in, &oi, out, &oo, 64, 0))
		TH_LOG("copy_file_range ovl->ovl: %s", strerror(errno));
	ASSERT_EQ(11, pread(out, buf, sizeof(buf), 0));
	EXPECT_STREQ(LOWER_TEXT, buf);
	/* overlay <-> plain tmpfs: different superblocks */
	oi = 0;
	EXPECT_EQ(-1, copy_file_range(tmp, &oi, out, NULL, 4, 0));
	EXPECT_EQ(EXDEV, errno) TH_LOG("copy_file_range tmpfs->ovl: %s", strerror(errno));
	/* sendfile and splice into the overlay file: ovl_splice_write */
	ASSERT_EQ(11, lseek(out, 0, SEEK_END));
	EXPECT_EQ(10, sendfile(out, tmp, &so, 10)) TH_LOG("sendfile: %s", strerror(errno));
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(3, write(p[1], "PIP", 3));
	oo = 0;
	EXPECT_EQ(3, splice(p[0], NULL, out, &oo, 3, 0)) TH_LOG("splice: %s", strerror(errno));
	memset(buf, 0, sizeof(buf));
	ASSERT_EQ(21, pread(out, buf, sizeof(buf), 0));
	EXPECT_STREQ("PIPer data\nfrom tmpfs", buf);
	close(p[0]);
	close(p[1]);
	close(tmp);
	close(out);
	close(in);
}

TEST_F(ovl, ioctl_and_bad_modes)
{
	OVL_NEEDED();
	int n = -1, fd = mopen(self, "l.txt", O_RDONLY);

	ASSERT_LE(0, fd);
	ASSERT_EQ(4, lseek(fd, 4, SEEK_SET));
	ASSERT_EQ(0, ioctl(fd, FIONREAD, &n));
	EXPECT_EQ(7, n);
	EXPECT_EQ(0, ioctl(fd, FIOCLEX));
	EXPECT_EQ(-1, ioctl(fd, _IO('X', 0x7f)));
	EXPECT_EQ(ENOTTY, errno) TH_LOG("unknown ioctl: %s", strerror(errno));
	EXPECT_EQ(-1, ftruncate(fd, 0));
	EXPECT_EQ(EINVAL, errno) TH_LOG("ftruncate on O_RDONLY: %s", strerror(errno));
	EXPECT_EQ(-1, fallocate(fd, 0, 0, 10));
	EXPECT_EQ(EBADF, errno) TH_LOG("fallocate on O_RDONLY: %s", strerror(errno));
	close(fd);
}

TEST_F(ovl, opath_fd_on_overlay)
{
	OVL_NEEDED();
	char buf[16];
	struct stat st;
	int pfd = mopen(self, "l.txt", O_PATH), dfd, fd;

	ASSERT_LE(0, pfd);
	ASSERT_EQ(0, fstat(pfd, &st)) TH_LOG("fstat(O_PATH ovl): %s", strerror(errno));
	EXPECT_EQ(11, st.st_size);
	EXPECT_EQ(-1, read(pfd, buf, 1));
	EXPECT_EQ(EBADF, errno);
	EXPECT_EQ(-1, fsync(pfd));
	EXPECT_EQ(EBADF, errno);
	close(pfd);
	dfd = open(self->merged, O_PATH | O_DIRECTORY);
	ASSERT_LE(0, dfd);
	fd = openat(dfd, "u.txt", O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("openat(O_PATH ovl dir): %s", strerror(errno));
	memset(buf, 0, sizeof(buf));
	EXPECT_EQ(11, read(fd, buf, sizeof(buf)));
	close(fd);
	close(dfd);
}

TEST_F(ovl, readdir_merged_with_whiteout)
{
	OVL_NEEDED();
	char path[160];
	struct dirent *de;
	int seen_l = 0, seen_u = 0, seen_gone = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/gone.txt", self->merged);
	ASSERT_EQ(0, unlink(path)) TH_LOG("unlink lower file: %s", strerror(errno));
	d = opendir(self->merged);
	ASSERT_NE(NULL, d);
	while ((de = readdir(d))) {
		seen_l |= !strcmp(de->d_name, "l.txt");
		seen_u |= !strcmp(de->d_name, "u.txt");
		seen_gone |= !strcmp(de->d_name, "gone.txt");
	}
	closedir(d);
	EXPECT_TRUE(seen_l) TH_LOG("lower entry missing");
	EXPECT_TRUE(seen_u) TH_LOG("upper entry missing");
	EXPECT_FALSE(seen_gone) TH_LOG("whiteout not applied");
	d = opendir(self->merged);
	ASSERT_NE(NULL, d);
	EXPECT_EQ(0, fsync(dirfd(d))) TH_LOG("fsync dir: %s", strerror(errno));
	closedir(d);
}

TEST_HARNESS_MAIN

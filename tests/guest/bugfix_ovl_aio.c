// SPDX-License-Identifier: GPL-2.0
/*
 * Linux aio (io_submit()) on overlayfs files, lower, upper and work dirs
 * on the guest's tmpfs.  ovl_read_iter()/ovl_write_iter() take the real
 * file with ovl_real_fdget(); for an overlay file opened before its
 * copy-up that is a real upper file opened just for the call, which the
 * async path must still drop after handing its own reference to the aio
 * request.  The 6.1 baseline does not drop it (patch 0014, upstream "ovl:
 * fix file reference leak when submitting aio"): every such request
 * leaks a file that pins the overlay mount, so umount() stays EBUSY.
 * Turned into a guest test from audit/repro/fs_ovl_aio_leak.c.
 *
 *  - bugfix_ovl_aio_no_file_leak: aio reads of a stale fd, then every fd
 *    and the aio context gone: umount() of the overlay must succeed;
 *  - ovl_aio_read_write_data: aio writes and reads (stale fd, fresh fd)
 *    move the right bytes to and from the upper file;
 *  - ovl_sync_read_stale_fd_no_file_leak: the same as the bugfix test
 *    with read() instead of aio: the control that umount() is a valid
 *    probe (passes on both kernels).
 *
 * On a kernel without the fix the leaked files (one per aio read of a
 * pre-copy-up fd: 8 here, 3 in ovl_aio_read_write_data) are also reported
 * by kmemleak at the end of the run ("unreferenced object ... size 232",
 * allocated in ovl_open_realfile() from aio_read()), so vm-run fails the
 * whole VM run with 125 there, not just this test.
 */
#include <linux/aio_abi.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fdtest.h"

#define LOWER_TEXT	"lower data\n"	/* 11 bytes */
#define NREQ		8
#define CHUNK		8

struct ovl {
	char base[64];
	char lower[96], upper[96], work[96], merged[96];
	char file[128];		/* merged/f */
};

static long sys_io_setup(unsigned int n, aio_context_t *ctx)
{
	return syscall(__NR_io_setup, n, ctx);
}

static long sys_io_submit(aio_context_t ctx, long n, struct iocb **iocbs)
{
	return syscall(__NR_io_submit, ctx, n, iocbs);
}

static long sys_io_getevents(aio_context_t ctx, long min, long max,
			     struct io_event *ev, struct timespec *ts)
{
	return syscall(__NR_io_getevents, ctx, min, max, ev, ts);
}

static long sys_io_destroy(aio_context_t ctx)
{
	return syscall(__NR_io_destroy, ctx);
}

static int put_file(const char *path, const char *text)
{
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/*
 * A fresh overlay on /tmp/ovlaioXXXXXX/m with one lower file "f".
 * 0, -ENODEV without CONFIG_OVERLAY_FS, or -1 with errno.
 */
static int ovl_setup(struct ovl *o)
{
	char opts[512], path[128];

	snprintf(o->base, sizeof(o->base), "/tmp/ovlaioXXXXXX");
	if (!mkdtemp(o->base))
		return -1;
	snprintf(o->lower, sizeof(o->lower), "%s/l", o->base);
	snprintf(o->upper, sizeof(o->upper), "%s/u", o->base);
	snprintf(o->work, sizeof(o->work), "%s/w", o->base);
	snprintf(o->merged, sizeof(o->merged), "%s/m", o->base);
	snprintf(o->file, sizeof(o->file), "%s/f", o->merged);
	if (mkdir(o->lower, 0755) || mkdir(o->upper, 0755) ||
	    mkdir(o->work, 0755) || mkdir(o->merged, 0755))
		return -1;
	snprintf(path, sizeof(path), "%s/f", o->lower);
	if (put_file(path, LOWER_TEXT))
		return -1;
	snprintf(opts, sizeof(opts), "lowerdir=%s,upperdir=%s,workdir=%s",
		 o->lower, o->upper, o->work);
	if (mount("overlay", o->merged, "overlay", 0, opts))
		return errno == ENODEV ? -ENODEV : -1;
	return 0;
}

/*
 * umount() the overlay, allowing up to ~1 s for the delayed fput()s of
 * the files just released (aio completion and close() defer them to
 * task work / a workqueue).  0, or -1 with errno (EBUSY: still in use).
 */
static int umount_retry(const char *dir)
{
	for (int i = 0; i < 50; i++) {
		if (!umount(dir))
			return 0;
		if (errno != EBUSY)
			return -1;
		usleep(20000);
	}
	errno = EBUSY;
	return -1;
}

/*
 * An fd of merged/f opened while the file is still only in the lower
 * layer, then the file copied up through a second fd: the first fd's
 * real file (file->private_data) stays the lower one, so every read of
 * it goes through ovl_open_realfile() of the upper file.
 */
static int open_stale(struct ovl *o)
{
	int ro = open(o->file, O_RDONLY), rw;

	if (ro < 0)
		return -1;
	rw = open(o->file, O_RDWR);	/* copies the file up */
	if (rw < 0) {
		close(ro);
		return -1;
	}
	close(rw);
	return ro;
}

/*
 * Submit @n iocbs and wait (up to 10 s) for all of them; the results go
 * to @res.  0, or -1 with errno (ETIMEDOUT if they did not complete).
 */
static int aio_run(aio_context_t ctx, struct iocb *cb, int n, long *res)
{
	struct iocb *cbp[NREQ];
	struct io_event ev[NREQ];
	int done = 0;

	for (int i = 0; i < n; i++) {
		cb[i].aio_data = i;
		cbp[i] = &cb[i];
	}
	if (sys_io_submit(ctx, n, cbp) != n)
		return -1;
	for (int tries = 0; done < n && tries < 10; tries++) {
		struct timespec ts = { .tv_sec = 1 };
		long got = sys_io_getevents(ctx, 1, n - done, ev, &ts);

		if (got < 0)
			return -1;
		for (long i = 0; i < got; i++)
			res[ev[i].data] = ev[i].res;
		done += got;
	}
	if (done < n) {
		errno = ETIMEDOUT;
		return -1;
	}
	return 0;
}

static void prep(struct iocb *cb, int fd, int op, const void *buf, size_t len,
		 off_t off)
{
	memset(cb, 0, sizeof(*cb));
	cb->aio_fildes = fd;
	cb->aio_lio_opcode = op;
	cb->aio_buf = (unsigned long)buf;
	cb->aio_nbytes = len;
	cb->aio_offset = off;
}

#define OVL_SETUP(o) do {						\
	int _r = ovl_setup(o);						\
	if (_r == -ENODEV)						\
		SKIP(return, "overlay: ENODEV (CONFIG_OVERLAY_FS not set)"); \
	ASSERT_EQ(0, _r) TH_LOG("overlay setup: %s", strerror(errno));	\
} while (0)

/*
 * The bug: aio reads of a stale fd leak the real upper file each request
 * opened, and the leaked files pin the overlay mount.
 */
TEST(bugfix_ovl_aio_no_file_leak)
{
	struct ovl o;
	struct iocb cb[NREQ];
	char buf[NREQ][CHUNK];
	long res[NREQ];
	aio_context_t ctx = 0;
	int ro, r;

	OVL_SETUP(&o);
	ro = open_stale(&o);
	ASSERT_LE(0, ro) TH_LOG("open/copy-up %s: %s", o.file, strerror(errno));
	ASSERT_EQ(0, sys_io_setup(NREQ, &ctx)) TH_LOG("io_setup: %s", strerror(errno));
	for (int i = 0; i < NREQ; i++)
		prep(&cb[i], ro, IOCB_CMD_PREAD, buf[i], CHUNK, 0);
	r = aio_run(ctx, cb, NREQ, res);
	ASSERT_EQ(0, r) TH_LOG("aio reads: %s", strerror(errno));
	sys_io_destroy(ctx);
	close(ro);

	/* every fd and the aio context are gone: nothing may hold the mount */
	r = umount_retry(o.merged);
	EXPECT_EQ(0, r)
		TH_LOG("umount overlay after aio reads of a pre-copy-up fd: %s "
		       "(the real files opened for the reads leaked and pin it)",
		       strerror(errno));
	if (r)
		umount2(o.merged, MNT_DETACH);
}

/* aio writes and reads through the overlay move the right bytes */
TEST(ovl_aio_read_write_data)
{
	struct ovl o;
	struct iocb cb[NREQ];
	char rbuf[NREQ][CHUNK], path[160], up[64];
	long res[NREQ];
	aio_context_t ctx = 0;
	int ro, rw, fd;

	OVL_SETUP(&o);
	ro = open_stale(&o);
	ASSERT_LE(0, ro) TH_LOG("open/copy-up %s: %s", o.file, strerror(errno));
	rw = open(o.file, O_RDWR);
	ASSERT_LE(0, rw) TH_LOG("open O_RDWR: %s", strerror(errno));
	ASSERT_EQ(0, sys_io_setup(NREQ, &ctx)) TH_LOG("io_setup: %s", strerror(errno));

	/* two aio writes: "LOWER" over the start, "+aio" past the end */
	prep(&cb[0], rw, IOCB_CMD_PWRITE, "LOWER", 5, 0);
	prep(&cb[1], rw, IOCB_CMD_PWRITE, "+aio", 4, 11);
	ASSERT_EQ(0, aio_run(ctx, cb, 2, res)) TH_LOG("aio writes: %s", strerror(errno));
	EXPECT_EQ(5, res[0]) TH_LOG("aio write 0: res %ld", res[0]);
	EXPECT_EQ(4, res[1]) TH_LOG("aio write 1: res %ld", res[1]);

	/* aio reads: stale fd (temporary real file) and the fresh fd */
	memset(rbuf, 0, sizeof(rbuf));
	prep(&cb[0], ro, IOCB_CMD_PREAD, rbuf[0], CHUNK, 0);
	prep(&cb[1], ro, IOCB_CMD_PREAD, rbuf[1], CHUNK, 8);
	prep(&cb[2], rw, IOCB_CMD_PREAD, rbuf[2], CHUNK, 0);
	prep(&cb[3], rw, IOCB_CMD_PREAD, rbuf[3], CHUNK, 8);
	prep(&cb[4], ro, IOCB_CMD_PREAD, rbuf[4], CHUNK, 15);	/* at EOF */
	ASSERT_EQ(0, aio_run(ctx, cb, 5, res)) TH_LOG("aio reads: %s", strerror(errno));
	for (int i = 0; i < 4; i += 2) {
		const char *who = i ? "fresh fd" : "pre-copy-up fd";

		EXPECT_EQ(CHUNK, res[i]) TH_LOG("%s read at 0: res %ld", who, res[i]);
		EXPECT_EQ(0, memcmp(rbuf[i], "LOWER da", CHUNK))
			TH_LOG("%s read at 0: '%.8s', want 'LOWER da'", who, rbuf[i]);
		EXPECT_EQ(7, res[i + 1]) TH_LOG("%s read at 8: res %ld", who, res[i + 1]);
		EXPECT_EQ(0, memcmp(rbuf[i + 1], "ta\n+aio", 7))
			TH_LOG("%s read at 8: '%.7s', want 'ta\\n+aio'", who, rbuf[i + 1]);
	}
	EXPECT_EQ(0, res[4]) TH_LOG("read at EOF: res %ld", res[4]);
	sys_io_destroy(ctx);
	close(rw);
	close(ro);

	/* the data is in the upper file, the lower one is untouched */
	snprintf(path, sizeof(path), "%s/f", o.upper);
	fd = open(path, O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("no copy-up in upper: %s", strerror(errno));
	memset(up, 0, sizeof(up));
	EXPECT_EQ(15, read(fd, up, sizeof(up) - 1));
	EXPECT_STREQ("LOWER data\n+aio", up);
	close(fd);
	snprintf(path, sizeof(path), "%s/f", o.lower);
	fd = open(path, O_RDONLY);
	ASSERT_LE(0, fd);
	memset(up, 0, sizeof(up));
	EXPECT_EQ(11, read(fd, up, sizeof(up) - 1));
	EXPECT_STREQ(LOWER_TEXT, up) TH_LOG("lower file was modified");
	close(fd);
	/* the baseline leaks the stale fd's real files: detach, don't check */
	umount2(o.merged, MNT_DETACH);
}

/* control for the bugfix test: synchronous reads of a stale fd */
TEST(ovl_sync_read_stale_fd_no_file_leak)
{
	struct ovl o;
	char buf[CHUNK];
	int ro, r;

	OVL_SETUP(&o);
	ro = open_stale(&o);
	ASSERT_LE(0, ro) TH_LOG("open/copy-up %s: %s", o.file, strerror(errno));
	for (int i = 0; i < NREQ; i++)
		ASSERT_EQ(CHUNK, pread(ro, buf, CHUNK, 0))
			TH_LOG("pread: %s", strerror(errno));
	close(ro);
	r = umount_retry(o.merged);
	EXPECT_EQ(0, r) TH_LOG("umount overlay after read()s: %s", strerror(errno));
	if (r)
		umount2(o.merged, MNT_DETACH);
}

TEST_HARNESS_MAIN

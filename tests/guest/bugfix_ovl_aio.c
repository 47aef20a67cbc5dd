// SPDX-License-Identifier: GPL-2.0
/*
 * Linux aio (io_submit()) on overlayfs files, each test in a private mount
 * namespace with lower, upper and work dirs on a tmpfs of its own
 * (ovl_aio_leak.h).  ovl_read_iter()/ovl_write_iter() take the real file
 * with ovl_real_fdget(); for an overlay file opened before its copy-up
 * that is a real upper file opened just for the call, which the async
 * path must still drop after handing its own reference to the aio
 * request.  The 6.1 baseline does not drop it (patch 0001, upstream "ovl:
 * fix file reference leak when submitting aio"): every such request leaks
 * a file that pins the overlay mount, so umount() stays EBUSY.
 *
 *  - bugfix_ovl_aio_no_file_leak: aio reads of a stale fd, then every fd
 *    and the aio context gone: umount() of the overlay must succeed.  It
 *    is ovl_aio_leak_check(), the standalone reproducer of the Debian bug
 *    report (ovl_aio_leak.h = submissions/debian/ovl-aio-leak.c);
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
#define OVL_AIO_LEAK_NO_MAIN
#include "ovl_aio_leak.h"
#include "fdtest.h"

#define OVL_SETUP() do {						\
	int _r = ovl_setup();						\
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
	char msg[256];
	int r = ovl_aio_leak_check(1, msg, sizeof(msg));

	if (r == OVL_AIO_SKIP)
		SKIP(return, "%s", msg);
	ASSERT_NE(OVL_AIO_ERROR, r) TH_LOG("%s", msg);
	EXPECT_EQ(OVL_AIO_OK, r) TH_LOG("%s (the real files opened for the "
					"reads leaked and pin it)", msg);
}

/* aio writes and reads through the overlay move the right bytes */
TEST(ovl_aio_read_write_data)
{
	struct iocb cb[NREQ];
	char rbuf[NREQ][CHUNK], up[64];
	long res[NREQ];
	aio_context_t ctx = 0;
	int ro, rw, fd;

	OVL_SETUP();
	ro = open_stale();
	ASSERT_LE(0, ro) TH_LOG("open/copy-up %s: %s", OVL_FILE, strerror(errno));
	rw = open(OVL_FILE, O_RDWR);
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
	fd = open(OVL_UPPER "/f", O_RDONLY);
	ASSERT_LE(0, fd) TH_LOG("no copy-up in upper: %s", strerror(errno));
	memset(up, 0, sizeof(up));
	EXPECT_EQ(15, read(fd, up, sizeof(up) - 1));
	EXPECT_STREQ("LOWER data\n+aio", up);
	close(fd);
	fd = open(OVL_LOWER "/f", O_RDONLY);
	ASSERT_LE(0, fd);
	memset(up, 0, sizeof(up));
	EXPECT_EQ(11, read(fd, up, sizeof(up) - 1));
	EXPECT_STREQ(LOWER_TEXT, up) TH_LOG("lower file was modified");
	close(fd);
	/* the baseline leaks the stale fd's real files: detach, don't check */
	umount2(OVL_MERGED, MNT_DETACH);
}

/* control for the bugfix test: synchronous reads of a stale fd */
TEST(ovl_sync_read_stale_fd_no_file_leak)
{
	char buf[CHUNK];
	int ro, r;

	OVL_SETUP();
	ro = open_stale();
	ASSERT_LE(0, ro) TH_LOG("open/copy-up %s: %s", OVL_FILE, strerror(errno));
	for (int i = 0; i < NREQ; i++)
		ASSERT_EQ(CHUNK, pread(ro, buf, CHUNK, 0))
			TH_LOG("pread: %s", strerror(errno));
	close(ro);
	r = umount_retry(OVL_MERGED);
	EXPECT_EQ(0, r) TH_LOG("umount overlay after read()s: %s", strerror(errno));
	if (r)
		umount2(OVL_MERGED, MNT_DETACH);
}

TEST_HARNESS_MAIN

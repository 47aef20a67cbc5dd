// SPDX-License-Identifier: GPL-2.0
/*
 * Reproducer for the file leak the fd auditor found in Debian 6.1.192
 * (docs/audit-6.1.md): fs/overlayfs/file.c ovl_read_iter()/ovl_write_iter()
 * clear FDPUT_FPUT ("real.flags = 0") on the async path although they now
 * take their own reference with get_file().  When the real file is a
 * temporary one (the overlay file was opened before its copy-up), the
 * reference from ovl_open_realfile() is never dropped.  The leaked file was
 * opened with the overlay file's path (open_with_fake_path()), so it pins
 * the overlay mount: umount() keeps failing with EBUSY after every fd is
 * closed.  Upstream fix: "ovl: fix file reference leak when submitting aio"
 * (Amir Goldstein, v6.6-rc5, Fixes: 724768a39374).
 *
 * Written in the style of tests/guest (kselftest harness, "bugfix_" = fails
 * on the baseline, passes when fixed); build like them:
 *   gcc -O2 -D_GNU_SOURCE -I$KSRC/tools/testing/selftests -I tests/guest \
 *       -static -pthread -o fs_ovl_aio_leak audit/repro/fs_ovl_aio_leak.c
 * Run as root in the guest, never on the host.
 */
#include <linux/aio_abi.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>

#include "fdtest.h"

#define NREQ 64

static long io_setup_(unsigned int n, aio_context_t *ctx)
{
	return syscall(__NR_io_setup, n, ctx);
}

static long io_submit_(aio_context_t ctx, long n, struct iocb **iocbs)
{
	return syscall(__NR_io_submit, ctx, n, iocbs);
}

static long io_getevents_(aio_context_t ctx, long min, long max, struct io_event *ev)
{
	return syscall(__NR_io_getevents, ctx, min, max, ev, NULL);
}

static long io_destroy_(aio_context_t ctx)
{
	return syscall(__NR_io_destroy, ctx);
}

static void put_file(const char *path, const char *text)
{
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);

	if (fd >= 0) {
		if (write(fd, text, strlen(text)) < 0)
			perror("write");
		close(fd);
	}
}

/* umount, allowing a moment for delayed fput()s of the released files */
static int umount_retry(const char *dir)
{
	for (int i = 0; i < 50; i++) {
		if (!umount(dir))
			return 0;
		if (errno != EBUSY)
			return -1;
		usleep(20000);
	}
	return -1;
}

TEST(bugfix_ovl_aio_read_after_copy_up_leaks_no_file)
{
	char base[] = "/tmp/ovl-aio-XXXXXX", lower[64], upper[64], work[64];
	char merged[64], path[96], opts[256], buf[NREQ][8];
	struct iocb cb[NREQ], *cbp[NREQ];
	struct io_event ev[NREQ];
	aio_context_t ctx = 0;
	int ro, rw, done = 0;

	ASSERT_NE(NULL, mkdtemp(base));
	snprintf(lower, sizeof(lower), "%s/l", base);
	snprintf(upper, sizeof(upper), "%s/u", base);
	snprintf(work, sizeof(work), "%s/w", base);
	snprintf(merged, sizeof(merged), "%s/m", base);
	ASSERT_EQ(0, mkdir(lower, 0755));
	ASSERT_EQ(0, mkdir(upper, 0755));
	ASSERT_EQ(0, mkdir(work, 0755));
	ASSERT_EQ(0, mkdir(merged, 0755));
	snprintf(path, sizeof(path), "%s/f", lower);
	put_file(path, "lower data\n");
	snprintf(opts, sizeof(opts), "lowerdir=%s,upperdir=%s,workdir=%s", lower, upper, work);
	if (mount("overlay", merged, "overlay", 0, opts))
		SKIP(return, "mount overlay: %s", strerror(errno));

	/* opened before copy-up: its real file is the lower one */
	snprintf(path, sizeof(path), "%s/f", merged);
	ro = open(path, O_RDONLY);
	ASSERT_LE(0, ro);
	rw = open(path, O_RDWR);	/* copies the file up */
	ASSERT_LE(0, rw);
	close(rw);

	/* async reads of the stale fd: ovl_real_fdget() opens the upper file */
	ASSERT_EQ(0, io_setup_(NREQ, &ctx)) TH_LOG("io_setup: %s", strerror(errno));
	memset(cb, 0, sizeof(cb));
	for (int i = 0; i < NREQ; i++) {
		cb[i].aio_fildes = ro;
		cb[i].aio_lio_opcode = IOCB_CMD_PREAD;
		cb[i].aio_buf = (unsigned long)buf[i];
		cb[i].aio_nbytes = sizeof(buf[i]);
		cbp[i] = &cb[i];
	}
	ASSERT_EQ(NREQ, io_submit_(ctx, NREQ, cbp)) TH_LOG("io_submit: %s", strerror(errno));
	while (done < NREQ) {
		long n = io_getevents_(ctx, 1, NREQ - done, ev);

		ASSERT_LT(0, n) TH_LOG("io_getevents: %s", strerror(errno));
		for (long i = 0; i < n; i++)
			EXPECT_EQ(8, (long)ev[i].res);
		done += n;
	}
	io_destroy_(ctx);
	close(ro);

	/* every fd is closed: nothing may still hold the overlay mount */
	EXPECT_EQ(0, umount_retry(merged))
		TH_LOG("umount overlay: %s (leaked real files pin it)", strerror(errno));
	umount2(merged, MNT_DETACH);
}

TEST_HARNESS_MAIN

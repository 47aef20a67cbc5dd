/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ovl-aio-leak: overlayfs leaks one struct file per aio request on a file
 * that was copied up after it was opened, and the leaked files pin the
 * overlay mount.  Stable kernels that took upstream 724768a39374 ("ovl: fix
 * incorrect fdput() on aio completion") but not its follow-up 8542f1712074
 * ("ovl: fix file reference leak when submitting aio") have the bug, among
 * them Debian 12's 6.1.192.
 *
 * Standalone (as root, in a throwaway VM: on an affected kernel the leaked
 * files stay until reboot):
 *
 *	gcc -O2 -Wall -o ovl-aio-leak ovl-aio-leak.c && ./ovl-aio-leak
 *
 * prints one line and exits 0 ("OK": no leak), 1 ("LEAK") or 2 (could not
 * test).  Everything happens in a private mount namespace, on a tmpfs
 * mounted over /tmp there; nothing outside the namespace is changed.
 *
 *  1. /tmp/l/f (lower), /tmp/u (upper), /tmp/w (work), overlay on /tmp/m;
 *  2. open /tmp/m/f read-only: its real file is the lower one; then open
 *     it O_RDWR, which copies it up;
 *  3. IOCB_CMD_PREAD requests with io_submit() on the first fd: each one
 *     opens the upper file for the call (ovl_open_realfile()), which an
 *     affected kernel never puts;
 *  4. io_destroy() and close(): nothing uses the overlay any more, so
 *     umount() must succeed.  The leaked files were opened with the
 *     overlay's path, so on an affected kernel it fails with EBUSY.  The
 *     growth of /proc/sys/fs/file-nr is printed too (approximate: the
 *     kernel reads a per-cpu counter without summing it).
 *
 * This file is also a header of the fdsafe guest suite: with
 * OVL_AIO_LEAK_NO_MAIN defined, tests/guest/bugfix_ovl_aio.c includes it,
 * builds its tests on the helpers below and runs ovl_aio_leak_check() as
 * bugfix_ovl_aio_no_file_leak.  submissions/debian/ovl-aio-leak.c is a
 * link to this file.
 */
#ifndef OVL_AIO_LEAK_H
#define OVL_AIO_LEAK_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/aio_abi.h>

#define OVL_DIR		"/tmp"
#define OVL_LOWER	OVL_DIR "/l"
#define OVL_UPPER	OVL_DIR "/u"
#define OVL_WORK	OVL_DIR "/w"
#define OVL_MERGED	OVL_DIR "/m"
#define OVL_FILE	OVL_MERGED "/f"
#define LOWER_TEXT	"lower data\n"	/* 11 bytes */
#define NREQ		8		/* requests per io_submit() */
#define CHUNK		8		/* bytes per request */

enum { OVL_AIO_OK, OVL_AIO_LEAK, OVL_AIO_ERROR, OVL_AIO_SKIP };

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
 * A private mount namespace with a fresh tmpfs on /tmp, and there an
 * overlay on OVL_MERGED with one lower file "f".  0, -ENODEV if the kernel
 * has no overlayfs, or -1 with errno.
 */
static int ovl_setup(void)
{
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("tmpfs", OVL_DIR, "tmpfs", 0, "mode=0755"))
		return -1;
	if (mkdir(OVL_LOWER, 0755) || mkdir(OVL_UPPER, 0755) ||
	    mkdir(OVL_WORK, 0755) || mkdir(OVL_MERGED, 0755) ||
	    put_file(OVL_LOWER "/f", LOWER_TEXT))
		return -1;
	if (mount("overlay", OVL_MERGED, "overlay", 0, "lowerdir=" OVL_LOWER
		  ",upperdir=" OVL_UPPER ",workdir=" OVL_WORK))
		return errno == ENODEV ? -ENODEV : -1;
	return 0;
}

/*
 * umount() @dir, allowing up to ~1 s for the delayed fput()s of the files
 * just released.  0, or -1 with errno (EBUSY: still in use).
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
 * An fd of OVL_FILE opened while the file is only in the lower layer, then
 * the file copied up through a second fd: the first fd's real file stays
 * the lower one, so every read of it opens the upper file for the call.
 */
static int open_stale(void)
{
	int ro = open(OVL_FILE, O_RDONLY), rw;

	if (ro < 0)
		return -1;
	rw = open(OVL_FILE, O_RDWR);	/* copies the file up */
	if (rw < 0) {
		close(ro);
		return -1;
	}
	close(rw);
	return ro;
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

/*
 * Submit @n (at most NREQ) iocbs and wait up to 10 s for all of them; the
 * results go to @res.  0, or -1 with errno (ETIMEDOUT: not all completed).
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

/* Allocated struct files (first field of /proc/sys/fs/file-nr), or -1. */
static long nr_files(void)
{
	FILE *f = fopen("/proc/sys/fs/file-nr", "r");
	long n = -1;

	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n;
}

/*
 * The reproducer: @rounds x NREQ aio reads of a pre-copy-up fd, every fd
 * and the aio context released, then umount() of the overlay.  Returns
 * OVL_AIO_OK, OVL_AIO_LEAK, OVL_AIO_ERROR or OVL_AIO_SKIP (no overlayfs
 * or no aio in this kernel); @msg says what was seen.  Runs in a mount
 * namespace of its own: call it in a child process when the caller has
 * more to do (the kselftest harness forks for every test).
 */
static int ovl_aio_leak_check(int rounds, char *msg, size_t len)
{
	struct iocb cb[NREQ];
	char buf[NREQ][CHUNK];
	long res[NREQ], before, after;
	aio_context_t ctx = 0;
	int ro, r, nreq = rounds * NREQ;

	r = ovl_setup();
	if (r == -ENODEV) {
		snprintf(msg, len, "mount overlay: ENODEV (no overlayfs)");
		return OVL_AIO_SKIP;
	}
	if (r) {
		snprintf(msg, len, "setup: %s", strerror(errno));
		return OVL_AIO_ERROR;
	}
	before = nr_files();
	ro = open_stale();
	if (ro < 0) {
		snprintf(msg, len, "open/copy-up %s: %s", OVL_FILE, strerror(errno));
		return OVL_AIO_ERROR;
	}
	if (sys_io_setup(NREQ, &ctx)) {
		snprintf(msg, len, "io_setup: %s", strerror(errno));
		return errno == ENOSYS ? OVL_AIO_SKIP : OVL_AIO_ERROR;
	}
	for (int i = 0; i < rounds; i++) {
		for (int j = 0; j < NREQ; j++)
			prep(&cb[j], ro, IOCB_CMD_PREAD, buf[j], CHUNK, 0);
		if (aio_run(ctx, cb, NREQ, res)) {
			snprintf(msg, len, "aio reads: %s", strerror(errno));
			return OVL_AIO_ERROR;
		}
		for (int j = 0; j < NREQ; j++)
			if (res[j] != CHUNK) {
				snprintf(msg, len, "aio read: res %ld, want %d",
					 res[j], CHUNK);
				return OVL_AIO_ERROR;
			}
	}
	sys_io_destroy(ctx);
	close(ro);

	/* every fd and the aio context are gone: nothing may hold the mount */
	r = umount_retry(OVL_MERGED);
	after = nr_files();
	if (!r) {
		snprintf(msg, len, "umount after %d aio reads of a file copied "
			 "up after open: ok (file-nr %+ld)", nreq, after - before);
		return OVL_AIO_OK;
	}
	if (errno != EBUSY) {
		snprintf(msg, len, "umount: %s", strerror(errno));
		return OVL_AIO_ERROR;
	}
	snprintf(msg, len, "umount after %d aio reads of a file copied up "
		 "after open: EBUSY with every fd closed, the overlay is pinned "
		 "(file-nr %+ld, %d leaked files expected)",
		 nreq, after - before, nreq);
	umount2(OVL_MERGED, MNT_DETACH);
	return OVL_AIO_LEAK;
}

#ifndef OVL_AIO_LEAK_NO_MAIN
int main(void)
{
	static const char *const verdict[] = {
		[OVL_AIO_OK] = "OK", [OVL_AIO_LEAK] = "LEAK",
		[OVL_AIO_ERROR] = "ERROR", [OVL_AIO_SKIP] = "CANNOT TEST",
	};
	char msg[256];
	int r;

	if (geteuid()) {
		fprintf(stderr, "ovl-aio-leak: run as root, in a throwaway VM\n");
		return 2;
	}
	r = ovl_aio_leak_check(8, msg, sizeof(msg));
	printf("%s: %s\n", verdict[r], msg);
	return r == OVL_AIO_OK ? 0 : r == OVL_AIO_LEAK ? 1 : 2;
}
#endif

#endif /* OVL_AIO_LEAK_H */

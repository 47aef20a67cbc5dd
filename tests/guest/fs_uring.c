// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring fd users not in fs_misc.c: io_uring_setup(IORING_SETUP_ATTACH_WQ)
 * fdget()s p->wq_fd (ENXIO when there is no file, EINVAL for a non-ring;
 * io_uring/sqpoll.c, with and without SQPOLL), and the ring fd of
 * io_uring_enter/register and IORING_REGISTER_FILES with a shared fd table
 * and under the close race.
 */
#include "fs_util.h"

static long setup_attach(int wq_fd, unsigned extra)
{
	struct io_uring_params p;
	long fd;

	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_ATTACH_WQ | extra;
	p.wq_fd = wq_fd;
	fd = fs_io_uring_setup(4, &p);
	return fd;
}

#define RING_OR_SKIP(r) do {						\
	int _ret = fs_ring_init((r), 4);				\
	if (_ret == -ENOSYS)						\
		SKIP(return, "io_uring_setup: ENOSYS (CONFIG_IO_URING)");	\
	ASSERT_EQ(0, _ret) TH_LOG("io_uring_setup: %s", strerror(-_ret));	\
} while (0)

TEST(io_uring_attach_wq)
{
	struct fs_ring r, sq;
	struct io_uring_params p;
	/* no file: ENXIO; a file that is no ring: EINVAL */
	const int e[] = { ENXIO, ENXIO, ENXIO, EINVAL, ENXIO, EINVAL };
	long fd;

	RING_OR_SKIP(&r);
	fd = setup_attach(r.fd, 0);
	ASSERT_LE(0, fd) TH_LOG("ATTACH_WQ to a ring: %s", strerror(errno));
	close(fd);
	FS_BAD_FDS_NEWFD("io_uring_setup_attach_wq", setup_attach(BADFD, 0), e);
	/* SQPOLL: io_attach_sq_data(); a ring without SQPOLL has no sq_data */
	const int esq[] = { ENXIO, ENXIO, ENXIO, EINVAL, ENXIO, EINVAL };

	FS_BAD_FDS_NEWFD("io_uring_setup_attach_sqpoll",
			 setup_attach(BADFD, IORING_SETUP_SQPOLL), esq);
	EXPECT_EQ(-1, setup_attach(r.fd, IORING_SETUP_SQPOLL));
	EXPECT_EQ(EINVAL, errno) TH_LOG("SQPOLL attach to a non-SQPOLL ring: %s",
					strerror(errno));
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_SQPOLL;
	memset(&sq, 0, sizeof(sq));
	sq.fd = fs_io_uring_setup(4, &p);
	ASSERT_LE(0, sq.fd) TH_LOG("SQPOLL ring: %s", strerror(errno));
	fd = setup_attach(sq.fd, IORING_SETUP_SQPOLL);
	EXPECT_LE(0, fd) TH_LOG("attach to the SQPOLL ring: %s", strerror(errno));
	close(fd);
	close(sq.fd);
	fs_ring_exit(&r);
}

static long register_one(int ring, int fd)
{
	long ret = fs_io_uring_register(ring, IORING_REGISTER_FILES, &fd, 1);

	if (ret == 0)
		fs_io_uring_register(ring, IORING_UNREGISTER_FILES, NULL, 0);
	return ret;
}

static void uring_battery(struct __test_metadata *_metadata)
{
	struct io_uring_probe probe;
	struct fs_ring r;
	const int ering[] = FS_ROW(EOPNOTSUPP, EOPNOTSUPP);
	const int efiles[] = { EBADF, FS_OK, EBADF, FS_OK, EBADF, FS_OK };

	RING_OR_SKIP(&r);
	memset(&probe, 0, sizeof(probe));
	FS_BAD_FDS("io_uring_enter", fs_io_uring_enter(BADFD, 0, 0, 0), ering);
	FS_BAD_FDS("io_uring_register",
		   fs_io_uring_register(BADFD, IORING_REGISTER_PROBE, &probe, 0), ering);
	FS_BAD_FDS("io_uring_register_files", register_one(r.fd, BADFD), efiles);
	EXPECT_EQ(0, fs_io_uring_enter(r.fd, 0, 0, 0)) TH_LOG("enter: %s", strerror(errno));
	fs_ring_exit(&r);
}

TEST(bad_fds_io_uring_single)
{
	uring_battery(_metadata);
}

TEST(bad_fds_io_uring_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	uring_battery(_metadata);
	fs_idler_stop(&id);
}

static long race_enter(int fd, void *arg)
{
	return fs_io_uring_enter(fd, 0, 0, 0);
}

static long race_register(int fd, void *arg)
{
	return register_one(*(int *)arg, fd);
}

TEST(race_close_io_uring)
{
	struct fs_ring r, r2;
	int srcs[4], p[2];
	const int ok[] = { EOPNOTSUPP, EBUSY, ENXIO, 0 };

	RING_OR_SKIP(&r);
	RING_OR_SKIP(&r2);
	ASSERT_EQ(0, pipe(p));
	srcs[0] = r2.fd;
	srcs[1] = open("/dev/null", O_RDONLY);
	srcs[2] = open("/", O_PATH);
	srcs[3] = p[0];
	FS_CLOSE_RACE("io_uring_enter", race_enter, NULL, srcs, ok);
	srcs[0] = p[1];
	FS_CLOSE_RACE("io_uring_register_files", race_register, &r.fd, srcs, ok);
	close(srcs[1]);
	close(srcs[2]);
	close(p[0]);
	close(p[1]);
	fs_ring_exit(&r2);
	fs_ring_exit(&r);
}

TEST_HARNESS_MAIN

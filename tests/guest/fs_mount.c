// SPDX-License-Identifier: GPL-2.0
/*
 * The new mount API's fd users: fsconfig() and fsmount() fdget() an
 * fs_context fd (EINVAL for any other file), fspick()/open_tree()/
 * move_mount() take a dirfd (path lookup), and finit_module()'s
 * kernel_read_file_from_fd() (fdget(), EBADF also for a file not open for
 * reading).
 */
#include <sys/mount.h>

#include "fs_util.h"

TEST(fsopen_fsconfig_fsmount_move_mount)
{
	char dir[64], path[96];
	int fs = fsopen("tmpfs", FSOPEN_CLOEXEC), mfd, f;

	if (fs < 0 && errno == ENOSYS)
		SKIP(return, "fsopen: ENOSYS");
	ASSERT_LE(0, fs) TH_LOG("fsopen: %s", strerror(errno));
	ASSERT_EQ(0, fs_tmpdir(dir, sizeof(dir), "mnt"));
	ASSERT_EQ(0, fsconfig(fs, FSCONFIG_SET_STRING, "size", "1M", 0))
		TH_LOG("fsconfig: %s", strerror(errno));
	EXPECT_EQ(-1, fsconfig(fs, FSCONFIG_SET_STRING, "nosuchoption", "1", 0));
	EXPECT_EQ(EINVAL, errno);
	ASSERT_EQ(0, fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	mfd = fsmount(fs, FSMOUNT_CLOEXEC, 0);
	ASSERT_LE(0, mfd) TH_LOG("fsmount: %s", strerror(errno));
	EXPECT_EQ(-1, fsmount(fs, 0, 0));
	EXPECT_EQ(EBUSY, errno) TH_LOG("second fsmount: %s", strerror(errno));
	ASSERT_EQ(0, move_mount(mfd, "", AT_FDCWD, dir, MOVE_MOUNT_F_EMPTY_PATH))
		TH_LOG("move_mount: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/f", dir);
	f = open(path, O_CREAT | O_WRONLY, 0600);
	EXPECT_LE(0, f) TH_LOG("file on the new mount: %s", strerror(errno));
	close(f);
	close(mfd);
	close(fs);
	EXPECT_EQ(0, umount2(dir, MNT_DETACH));
	rmdir(dir);
}

static void bad_fds_fsconfig_fsmount_body(struct __test_metadata *_metadata)
{
	const int e[] = FS_ROW(EINVAL, EINVAL);
	/* fsconfig() refuses a negative fd before the lookup */
	const int ecfg[] = { EBADF, EINVAL, EBADF, EINVAL, EBADF, EINVAL };

	FS_BAD_FDS("fsconfig", fsconfig(BADFD, FSCONFIG_SET_STRING, "size", "1M", 0), ecfg);
	FS_BAD_FDS("fsconfig_create", fsconfig(BADFD, FSCONFIG_CMD_CREATE, NULL, NULL, 0),
		   ecfg);
	FS_BAD_FDS_NEWFD("fsmount", fsmount(BADFD, 0, 0), e);
	/* a bad command is refused before the fd is looked at */
	const int eop[] = { EOPNOTSUPP, EINVAL, EOPNOTSUPP, EOPNOTSUPP, EOPNOTSUPP,
			    EOPNOTSUPP };
	FS_BAD_FDS("fsconfig_bad_cmd", fsconfig(BADFD, 0x7777, NULL, NULL, 0), eop);
}

TEST(bad_fds_fsconfig_fsmount)
{
	bad_fds_fsconfig_fsmount_body(_metadata);
}

TEST(bad_fds_fsconfig_fsmount_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	bad_fds_fsconfig_fsmount_body(_metadata);
	fs_idler_stop(&id);
}

static void bad_fds_fspick_open_tree_dirfd_body(struct __test_metadata *_metadata)
{
	/* a relative path from the dirfd; O_PATH "/" is a fine base */
	const int erel[] = FS_ROW_RAW(ENOTDIR, FS_OK, ENOTDIR);

	FS_BAD_FDS_NEWFD("fspick_rel", fspick(BADFD, "tmp", FSPICK_CLOEXEC), erel);
	FS_BAD_FDS_NEWFD("open_tree_rel", open_tree(BADFD, "tmp", OPEN_TREE_CLOEXEC), erel);
}

TEST(bad_fds_fspick_open_tree_dirfd)
{
	bad_fds_fspick_open_tree_dirfd_body(_metadata);
}

TEST(bad_fds_fspick_open_tree_dirfd_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	bad_fds_fspick_open_tree_dirfd_body(_metadata);
	fs_idler_stop(&id);
}

static long sys_finit_module(int fd)
{
	return syscall(__NR_finit_module, fd, "", 0);
}

static void finit_module_fd_body(struct __test_metadata *_metadata)
{
	/*
	 * not open for reading: EBADF; not a regular file: EINVAL
	 * (kernel_read_file()); a readable non-module: ENOEXEC
	 */
	const int e[] = FS_ROW(EINVAL, EINVAL);
	char name[] = "/tmp/modXXXXXX";
	int junk = mkstemp(name), wo;

	/* no writer may be left: the loader denies write access (ETXTBSY) */
	ASSERT_LE(0, junk);
	ASSERT_EQ(25, write(junk, "this is not an ELF module", 25));
	close(junk);
	junk = open(name, O_RDONLY);
	unlink(name);
	ASSERT_LE(0, junk);
	EXPECT_EQ(-1, sys_finit_module(junk));
	EXPECT_EQ(ENOEXEC, errno) TH_LOG("junk module: %s", strerror(errno));
	wo = open("/dev/null", O_WRONLY);
	ASSERT_LE(0, wo);
	EXPECT_EQ(-1, sys_finit_module(wo));
	EXPECT_EQ(EBADF, errno) TH_LOG("write-only fd: %s", strerror(errno));
	FS_BAD_FDS("finit_module", sys_finit_module(BADFD), e);
	close(wo);
	close(junk);
}

TEST(finit_module_fd)
{
	finit_module_fd_body(_metadata);
}

TEST(finit_module_fd_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	finit_module_fd_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- the close race ---- */

static long race_fsconfig(int fd, void *arg)
{
	return fsconfig(fd, FSCONFIG_SET_STRING, "size", "1M", 0);
}

TEST(race_close_fsconfig)
{
	int srcs[4], fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
	const int ok[] = { EINVAL, 0 };

	if (fs < 0 && errno == ENOSYS)
		SKIP(return, "fsopen: ENOSYS");
	ASSERT_LE(0, fs);
	srcs[0] = fs;
	srcs[1] = open("/dev/null", O_RDONLY);
	srcs[2] = open("/", O_PATH);
	srcs[3] = socket(AF_UNIX, SOCK_DGRAM, 0);
	FS_CLOSE_RACE("fsconfig", race_fsconfig, NULL, srcs, ok);
	for (int i = 0; i < 4; i++)
		close(srcs[i]);
}

TEST_HARNESS_MAIN

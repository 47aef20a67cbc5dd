// SPDX-License-Identifier: GPL-2.0
/*
 * BPF_MAP_TYPE_INODE_STORAGE from the syscall side (bpf_inode_storage.c):
 * the key is an fd, looked up with fget_raw() in 6.1 (CLASS(fd_raw) after
 * the series), so any open file -- O_PATH included -- names its inode.
 * Creation needs BTF (BPF_BTF_LOAD, btf_get_by_fd()).
 */
#include <sys/stat.h>

#include "bpf_util.h"

struct val {
	int a, b;
};

static int storage_create(int btf_fd, __u32 key_id, __u32 val_id,
			  __u32 flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_INODE_STORAGE;
	attr.key_size = 4;
	attr.value_size = sizeof(struct val);
	attr.max_entries = 0;
	attr.map_flags = flags;
	attr.btf_fd = btf_fd;
	attr.btf_key_type_id = key_id;
	attr.btf_value_type_id = val_id;
	return BPF(BPF_MAP_CREATE, &attr);
}

static long st_update(int map, int fd, int a, __u64 flags)
{
	struct val v = { a, -a };

	return bpf_map_update(map, &fd, &v, flags);
}

static struct val st_val;

static long st_lookup(int map, int fd)
{
	memset(&st_val, 0, sizeof(st_val));
	return bpf_map_lookup(map, &fd, &st_val);
}

static long st_delete(int map, int fd)
{
	return bpf_map_delete(map, &fd);
}

FIXTURE(st)
{
	int btf, map, file, prog_fd;
};

FIXTURE_SETUP(st)
{
	self->btf = btf_load_basic();
	ASSERT_LE(0, self->btf) TH_LOG("BTF_LOAD: %s\n%s", strerror(errno),
				       btf_log_buf);
	self->map = storage_create(self->btf, BTF_ID_INT, BTF_ID_VAL,
				   BPF_F_NO_PREALLOC);
	ASSERT_LE(0, self->map) TH_LOG("INODE_STORAGE create (needs "
				       "CONFIG_BPF_LSM): %s", strerror(errno));
	self->file = open("/tmp/inode_storage_file", O_RDWR | O_CREAT, 0600);
	ASSERT_LE(0, self->file);
	self->prog_fd = socket_filter_prog();
	ASSERT_LE(0, self->prog_fd);
}

FIXTURE_TEARDOWN(st)
{
	close(self->file);
	unlink("/tmp/inode_storage_file");
	EXPECT_CLOSE_GONE(self->map, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->prog_fd, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->btf, OBJ_BTF);
}

/* btf_fd at creation: btf_get_by_fd(); the BTF ids are mandatory. */
TEST_F(st, create_btf_fd)
{
	int map2;

	EXPECT_BAD_FDS(storage_create(BADFD, BTF_ID_INT, BTF_ID_VAL,
				      BPF_F_NO_PREALLOC), errs_fdget);
	EXPECT_ERRNO(EINVAL, storage_create(self->prog_fd, BTF_ID_INT,
					    BTF_ID_VAL, BPF_F_NO_PREALLOC));
	EXPECT_ERRNO(EINVAL, storage_create(self->map, BTF_ID_INT, BTF_ID_VAL,
					    BPF_F_NO_PREALLOC));
	/* no BTF, no BPF_F_NO_PREALLOC, key not an int, value size wrong */
	EXPECT_ERRNO(EINVAL, storage_create(self->btf, 0, 0,
					    BPF_F_NO_PREALLOC));
	EXPECT_ERRNO(EINVAL, storage_create(self->btf, BTF_ID_INT, BTF_ID_VAL,
					    0));
	EXPECT_ERRNO(EINVAL, storage_create(self->btf, BTF_ID_VAL, BTF_ID_VAL,
					    BPF_F_NO_PREALLOC));
	EXPECT_ERRNO(EINVAL, storage_create(self->btf, BTF_ID_INT, BTF_ID_INT,
					    BPF_F_NO_PREALLOC));

	/* the BTF fd may be closed after creation: the map holds the BTF */
	map2 = storage_create(self->btf, BTF_ID_INT, BTF_ID_VAL,
			      BPF_F_NO_PREALLOC);
	ASSERT_LE(0, map2);
	close(self->btf);
	self->btf = -1;
	EXPECT_EQ(0, st_update(map2, self->file, 7, BPF_ANY));
	close(map2);
}

TEST_F(st, regular_file)
{
	int fd2;

	EXPECT_ERRNO(ENOENT, st_lookup(self->map, self->file));
	EXPECT_ERRNO(ENOENT, st_delete(self->map, self->file));
	EXPECT_ERRNO(ENOENT, st_update(self->map, self->file, 1, BPF_EXIST));
	ASSERT_EQ(0, st_update(self->map, self->file, 1, BPF_ANY))
		TH_LOG("update: %s", strerror(errno));
	EXPECT_ERRNO(EEXIST, st_update(self->map, self->file, 2, BPF_NOEXIST));
	ASSERT_EQ(0, st_lookup(self->map, self->file));
	EXPECT_EQ(1, st_val.a);
	EXPECT_EQ(-1, st_val.b);

	/* the key is the inode: another fd of the same file sees it */
	fd2 = open("/tmp/inode_storage_file", O_RDONLY);
	ASSERT_LE(0, fd2);
	EXPECT_EQ(0, st_update(self->map, fd2, 3, BPF_EXIST));
	ASSERT_EQ(0, st_lookup(self->map, self->file));
	EXPECT_EQ(3, st_val.a);
	EXPECT_EQ(0, st_delete(self->map, fd2));
	EXPECT_ERRNO(ENOENT, st_lookup(self->map, self->file));
	EXPECT_ERRNO(ENOENT, st_delete(self->map, self->file));
	close(fd2);
}

/* O_PATH fds must work as keys (fget_raw() / CLASS(fd_raw)). */
TEST_F(st, opath_file)
{
	int p = open("/tmp/inode_storage_file", O_PATH);

	ASSERT_LE(0, p);
	EXPECT_ERRNO(ENOENT, st_lookup(self->map, p));
	ASSERT_EQ(0, st_update(self->map, p, 5, BPF_ANY))
		TH_LOG("update via O_PATH fd: %s", strerror(errno));
	ASSERT_EQ(0, st_lookup(self->map, p));
	EXPECT_EQ(5, st_val.a);
	/* same inode as the regular fd */
	ASSERT_EQ(0, st_lookup(self->map, self->file));
	EXPECT_EQ(5, st_val.a);
	EXPECT_EQ(0, st_delete(self->map, p));
	EXPECT_ERRNO(ENOENT, st_lookup(self->map, self->file));
	close(p);

	/* an O_PATH fd of a directory */
	p = open("/tmp", O_PATH | O_DIRECTORY);
	ASSERT_LE(0, p);
	EXPECT_EQ(0, st_update(self->map, p, 6, BPF_ANY))
		TH_LOG("O_PATH dir: %s", strerror(errno));
	EXPECT_EQ(0, st_lookup(self->map, p));
	EXPECT_EQ(0, st_delete(self->map, p));
	close(p);
}

/*
 * The bad classes.  Only closed, -1 and huge are bad here (EBADF): any
 * open file names an inode, /dev/null, O_PATH "/" and a socket included.
 * The socket class makes a new socket (a new inode) every time, /dev/null
 * and "/" are the same inode every time.
 */
TEST_F(st, bad_fds)
{
	static const int none[BAD_KIND_MAX] = {
		EBADF, EBADF, EBADF, ENOENT, ENOENT, ENOENT,
	};
	static const int upd[BAD_KIND_MAX] = { EBADF, EBADF, EBADF, 0, 0, 0 };
	static const int found[BAD_KIND_MAX] = {
		EBADF, EBADF, EBADF, 0, 0, ENOENT,
	};

	EXPECT_FD_RESULTS(st_lookup(self->map, BADFD), none);
	EXPECT_FD_RESULTS(st_delete(self->map, BADFD), none);
	EXPECT_FD_RESULTS(st_update(self->map, BADFD, 9, BPF_ANY), upd);
	EXPECT_FD_RESULTS(st_lookup(self->map, BADFD), found);
	EXPECT_FD_RESULTS(st_delete(self->map, BADFD), found);
	EXPECT_FD_RESULTS(st_lookup(self->map, BADFD), none);

	/* the map fd itself: the usual map fd errors */
	EXPECT_BAD_FDS(st_lookup(BADFD, self->file), errs_fdget);
	EXPECT_BAD_FDS(st_update(BADFD, self->file, 1, BPF_ANY), errs_fdget);
	EXPECT_BAD_FDS(st_delete(BADFD, self->file), errs_fdget);
	EXPECT_ERRNO(EINVAL, st_lookup(self->prog_fd, self->file));
}

/*
 * BPF fds as keys: in 6.1 every bpf map, prog, link and BTF fd is an
 * anon_inode_getfile() file on the one shared anon inode, so storage
 * attached through a prog fd is seen through a map fd.
 */
TEST_F(st, bpf_fd_keys_share_anon_inode)
{
	int other = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	struct stat a, b;

	ASSERT_LE(0, other);
	ASSERT_EQ(0, fstat(self->prog_fd, &a));
	ASSERT_EQ(0, fstat(other, &b));
	if (a.st_ino != b.st_ino) {
		close(other);
		SKIP(return, "bpf fds do not share an inode here");
	}
	ASSERT_EQ(0, st_update(self->map, self->prog_fd, 11, BPF_ANY))
		TH_LOG("%s", strerror(errno));
	ASSERT_EQ(0, st_lookup(self->map, other));
	EXPECT_EQ(11, st_val.a);
	EXPECT_EQ(0, st_delete(self->map, self->map));
	EXPECT_ERRNO(ENOENT, st_lookup(self->map, self->prog_fd));
	close(other);
}

/* Storage on inodes that go away, and a map freed with storage in place. */
TEST_F(st, storage_outlives_nothing)
{
	char name[64];
	int i, fd;

	for (i = 0; i < 16; i++) {
		snprintf(name, sizeof(name), "/tmp/st_%d", i);
		fd = open(name, O_RDWR | O_CREAT, 0600);
		ASSERT_LE(0, fd);
		EXPECT_EQ(0, st_update(self->map, fd, i, BPF_ANY));
		close(fd);
		if (i & 1)
			unlink(name);	/* evicted with its storage */
	}
	/* the map goes with storage still on the even files' inodes */
	close(self->map);
	self->map = -1;
	for (i = 0; i < 16; i += 2) {
		snprintf(name, sizeof(name), "/tmp/st_%d", i);
		unlink(name);
	}
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * Every map command that takes a map fd (syscall.c: map_lookup_elem,
 * map_update_elem, map_delete_elem, map_get_next_key,
 * map_lookup_and_delete_elem, map_freeze, bpf_map_do_batch for the four
 * batch commands) on an ARRAY and a HASH map: the good fd, each bad-fd
 * class, BPF objects of the wrong kind (a prog, a BTF), and the fd's own
 * permissions (read-only / write-only fds from BPF_MAP_GET_FD_BY_ID,
 * which map_get_sys_perms() reads from the struct file fdget() returned).
 */
#include "bpf_util.h"

#define NKEYS	8

/* What a command gives on the good fd of each map type, or on a ro/wo fd. */
#define SAME	(-1000)	/* permission allows it: same result as the good fd */

struct cmd {
	const char *name;
	long (*run)(int fd);
	int array_want, hash_want;	/* 0: success, else errno */
	int ro_want, wo_want;		/* SAME or EPERM */
};

static long cmd_lookup(int fd)
{
	__u32 key = 1;
	__u64 val;

	return bpf_map_lookup(fd, &key, &val);
}

static long cmd_update(int fd)
{
	__u32 key = 1;
	__u64 val = 42;

	return bpf_map_update(fd, &key, &val, BPF_ANY);
}

static long cmd_delete(int fd)
{
	__u32 key = 1;

	return bpf_map_delete(fd, &key);
}

static long cmd_get_next_key(int fd)
{
	union bpf_attr attr;
	__u32 next;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	attr.key = 0;
	attr.next_key = ptr_to_u64(&next);
	return BPF(BPF_MAP_GET_NEXT_KEY, &attr);
}

static long cmd_lookup_and_delete(int fd)
{
	union bpf_attr attr;
	__u32 key = 1;
	__u64 val;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	attr.key = ptr_to_u64(&key);
	attr.value = ptr_to_u64(&val);
	return BPF(BPF_MAP_LOOKUP_AND_DELETE_ELEM, &attr);
}

static long cmd_freeze(int fd)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	return BPF(BPF_MAP_FREEZE, &attr);
}

static long do_batch(int cmd, int fd, __u32 count)
{
	__u32 keys[NKEYS] = { 1, 2 }, out_batch = 0;
	__u64 vals[NKEYS] = { 11, 22 };
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.batch.map_fd = fd;
	attr.batch.keys = ptr_to_u64(keys);
	attr.batch.values = ptr_to_u64(vals);
	attr.batch.count = count;
	if (cmd == BPF_MAP_LOOKUP_BATCH || cmd == BPF_MAP_LOOKUP_AND_DELETE_BATCH)
		attr.batch.out_batch = ptr_to_u64(&out_batch);
	return sys_bpf(cmd, &attr, sizeof(attr));
}

static long cmd_lookup_batch(int fd)
{
	return do_batch(BPF_MAP_LOOKUP_BATCH, fd, NKEYS);
}

static long cmd_lookup_and_delete_batch(int fd)
{
	return do_batch(BPF_MAP_LOOKUP_AND_DELETE_BATCH, fd, NKEYS);
}

static long cmd_update_batch(int fd)
{
	return do_batch(BPF_MAP_UPDATE_BATCH, fd, 2);
}

static long cmd_delete_batch(int fd)
{
	return do_batch(BPF_MAP_DELETE_BATCH, fd, 2);
}

/*
 * Good-fd results, from the 6.1 source: arrays have no delete
 * (EINVAL), no lookup_and_delete (ENOTSUPP) and no lookup_and_delete /
 * delete batch op (ENOTSUPP from BPF_DO_BATCH).  The array lookup batch
 * reads all NKEYS entries and returns 0; the hash one runs out of the 4
 * entries before count and returns ENOENT.  Permissions are checked
 * before the map type's op, so a ro/wo fd gets EPERM even where the op
 * does not exist.  map_freeze() in 6.1 does not check the fd's mode.
 */
static const struct cmd cmds[] = {
	{ "lookup", cmd_lookup, 0, 0, SAME, EPERM },
	{ "update", cmd_update, 0, 0, EPERM, SAME },
	{ "delete", cmd_delete, EINVAL, 0, EPERM, SAME },
	{ "get_next_key", cmd_get_next_key, 0, 0, SAME, EPERM },
	{ "lookup_and_delete", cmd_lookup_and_delete, ENOTSUPP_K, 0,
	  EPERM, EPERM },
	{ "freeze", cmd_freeze, 0, 0, SAME, SAME },
	{ "lookup_batch", cmd_lookup_batch, 0, ENOENT, SAME, EPERM },
	{ "lookup_and_delete_batch", cmd_lookup_and_delete_batch,
	  ENOTSUPP_K, ENOENT, EPERM, EPERM },
	{ "update_batch", cmd_update_batch, 0, 0, EPERM, SAME },
	{ "delete_batch", cmd_delete_batch, ENOTSUPP_K, 0, EPERM, SAME },
};

FIXTURE(map)
{
	int fd, prog_fd, btf_fd;
};

FIXTURE_VARIANT(map)
{
	enum bpf_map_type type;
};

FIXTURE_VARIANT_ADD(map, array)
{
	.type = BPF_MAP_TYPE_ARRAY,
};

FIXTURE_VARIANT_ADD(map, hash)
{
	.type = BPF_MAP_TYPE_HASH,
};

FIXTURE_SETUP(map)
{
	self->fd = bpf_map_create(variant->type, 4, 8, NKEYS);
	ASSERT_LE(0, self->fd) TH_LOG("map create: %s", strerror(errno));
	for (__u32 k = 0; k < 4; k++) {
		__u64 v = 100 + k;

		ASSERT_EQ(0, bpf_map_update(self->fd, &k, &v, BPF_ANY));
	}
	self->prog_fd = socket_filter_prog();
	ASSERT_LE(0, self->prog_fd) TH_LOG("prog load: %s", strerror(errno));
	self->btf_fd = btf_load_basic();
	ASSERT_LE(0, self->btf_fd) TH_LOG("btf load: %s\n%s", strerror(errno),
					  btf_log_buf);
}

FIXTURE_TEARDOWN(map)
{
	EXPECT_CLOSE_GONE(self->fd, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->prog_fd, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->btf_fd, OBJ_BTF);
}

static int fd_by_id(__u32 id, __u32 flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_id = id;
	attr.open_flags = flags;
	return BPF(BPF_MAP_GET_FD_BY_ID, &attr);
}

static void check_result(struct __test_metadata *_metadata, const char *what,
			 const struct cmd *c, long r, int want)
{
	if (want == 0) {
		EXPECT_EQ(0, r) TH_LOG("%s %s: returned %ld, errno %d (%s)",
				       c->name, what, r, errno,
				       strerror(errno));
	} else {
		EXPECT_EQ(-1, r) TH_LOG("%s %s: returned %ld", c->name,
					what, r);
		EXPECT_EQ(want, errno) TH_LOG("%s %s: errno %d (%s), want %d",
					      c->name, what, errno,
					      strerror(errno), want);
	}
}

/*
 * The bad classes, the wrong objects and the ro/wo fds come first (none
 * of them changes the map); the good fd is last, so freeze and the
 * deleting commands see the prefilled map.
 */
static void run_cmd(struct __test_metadata *_metadata,
		    FIXTURE_DATA(map) *self, enum bpf_map_type type,
		    const char *name)
{
	const struct cmd *c = NULL;
	int want, ro, wo;
	__u32 id;

	for (unsigned int i = 0; i < ARRAY_LEN(cmds); i++)
		if (!strcmp(cmds[i].name, name))
			c = &cmds[i];
	ASSERT_NE(NULL, c);
	want = type == BPF_MAP_TYPE_ARRAY ? c->array_want : c->hash_want;

	EXPECT_BAD_FDS(c->run(BADFD), errs_fdget);
	errno = 0;
	check_result(_metadata, "on a prog fd", c, c->run(self->prog_fd),
		     EINVAL);
	check_result(_metadata, "on a BTF fd", c, c->run(self->btf_fd),
		     EINVAL);

	id = map_id(self->fd);
	ASSERT_NE(0, id);
	ro = fd_by_id(id, BPF_F_RDONLY);
	ASSERT_LE(0, ro) TH_LOG("GET_FD_BY_ID rdonly: %s", strerror(errno));
	wo = fd_by_id(id, BPF_F_WRONLY);
	ASSERT_LE(0, wo) TH_LOG("GET_FD_BY_ID wronly: %s", strerror(errno));
	/* Only the EPERM cases here: SAME ones would change the map. */
	if (c->ro_want == EPERM)
		check_result(_metadata, "on a read-only fd", c, c->run(ro),
			     EPERM);
	if (c->wo_want == EPERM)
		check_result(_metadata, "on a write-only fd", c, c->run(wo),
			     EPERM);

	check_result(_metadata, "on the map fd", c, c->run(self->fd), want);

	/* The permitted ro/wo case, after the good one where it matters. */
	if (c->ro_want == SAME && strcmp(name, "freeze"))
		check_result(_metadata, "on a read-only fd", c, c->run(ro),
			     want);
	if (c->wo_want == SAME && strcmp(name, "delete") &&
	    strcmp(name, "freeze") && strcmp(name, "delete_batch"))
		check_result(_metadata, "on a write-only fd", c, c->run(wo),
			     want);
	close(ro);
	close(wo);
}

TEST_F(map, lookup)
{
	run_cmd(_metadata, self, variant->type, "lookup");
}

TEST_F(map, update)
{
	__u32 key = 1;
	__u64 val = 0;

	run_cmd(_metadata, self, variant->type, "update");
	ASSERT_EQ(0, bpf_map_lookup(self->fd, &key, &val));
	EXPECT_EQ(42, val);
}

TEST_F(map, delete)
{
	__u32 key = 1;
	__u64 val;

	run_cmd(_metadata, self, variant->type, "delete");
	if (variant->type == BPF_MAP_TYPE_HASH) {
		EXPECT_EQ(-1, bpf_map_lookup(self->fd, &key, &val));
		EXPECT_EQ(ENOENT, errno);
		/* and once more: the key is gone */
		EXPECT_ERRNO(ENOENT, bpf_map_delete(self->fd, &key));
	}
}

TEST_F(map, get_next_key)
{
	run_cmd(_metadata, self, variant->type, "get_next_key");
}

TEST_F(map, lookup_and_delete)
{
	run_cmd(_metadata, self, variant->type, "lookup_and_delete");
}

/*
 * Freeze: on 6.1 a read-only fd may freeze the map (no FMODE_CAN_WRITE
 * check in map_freeze(); upstream added one later).  Once frozen, a second
 * freeze is EBUSY and syscall writes through any fd are EPERM, which
 * map_get_sys_perms() decides from the fd's struct file.
 */
TEST_F(map, freeze)
{
	__u32 key = 0;
	__u64 val = 1;
	int ro;

	run_cmd(_metadata, self, variant->type, "freeze");
	EXPECT_ERRNO(EBUSY, cmd_freeze(self->fd));
	EXPECT_ERRNO(EPERM, bpf_map_update(self->fd, &key, &val, BPF_ANY));
	EXPECT_OK(bpf_map_lookup(self->fd, &key, &val));

	/* A fresh map frozen through a read-only fd. */
	close(self->fd);
	self->fd = bpf_map_create(variant->type, 4, 8, NKEYS);
	ASSERT_LE(0, self->fd);
	ro = fd_by_id(map_id(self->fd), BPF_F_RDONLY);
	ASSERT_LE(0, ro);
	EXPECT_EQ(0, cmd_freeze(ro)) TH_LOG("freeze via rdonly fd: %s",
					    strerror(errno));
	EXPECT_ERRNO(EPERM, bpf_map_update(self->fd, &key, &val, BPF_ANY));
	close(ro);
}

TEST_F(map, lookup_batch)
{
	__u32 keys[NKEYS], out_batch = 0;
	__u64 vals[NKEYS];
	union bpf_attr attr;

	run_cmd(_metadata, self, variant->type, "lookup_batch");

	/* The good fd really returned the entries. */
	memset(&attr, 0, sizeof(attr));
	attr.batch.map_fd = self->fd;
	attr.batch.keys = ptr_to_u64(keys);
	attr.batch.values = ptr_to_u64(vals);
	attr.batch.out_batch = ptr_to_u64(&out_batch);
	attr.batch.count = NKEYS;
	BPF(BPF_MAP_LOOKUP_BATCH, &attr);
	EXPECT_EQ(variant->type == BPF_MAP_TYPE_ARRAY ? NKEYS : 4,
		  attr.batch.count);
}

TEST_F(map, lookup_and_delete_batch)
{
	__u32 key;
	__u64 val;

	run_cmd(_metadata, self, variant->type, "lookup_and_delete_batch");
	if (variant->type == BPF_MAP_TYPE_HASH) {
		for (key = 0; key < 4; key++)
			EXPECT_ERRNO(ENOENT, bpf_map_lookup(self->fd, &key,
							    &val));
	}
}

TEST_F(map, update_batch)
{
	__u32 key = 2;
	__u64 val = 0;

	run_cmd(_metadata, self, variant->type, "update_batch");
	ASSERT_EQ(0, bpf_map_lookup(self->fd, &key, &val));
	EXPECT_EQ(22, val);
}

TEST_F(map, delete_batch)
{
	__u32 key = 2;
	__u64 val;

	run_cmd(_metadata, self, variant->type, "delete_batch");
	if (variant->type == BPF_MAP_TYPE_HASH)
		EXPECT_ERRNO(ENOENT, bpf_map_lookup(self->fd, &key, &val));
}

/* Reads through fds the map was not created with: BPF_MAP_GET_FD_BY_ID. */
TEST_F(map, fd_by_id_is_same_map)
{
	__u32 key = 3;
	__u64 val = 0;
	int fd2 = fd_by_id(map_id(self->fd), 0);

	ASSERT_LE(0, fd2);
	ASSERT_EQ(0, bpf_map_lookup(fd2, &key, &val));
	EXPECT_EQ(103, val);
	close(fd2);
}

TEST_HARNESS_MAIN

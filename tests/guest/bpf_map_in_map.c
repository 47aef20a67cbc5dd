// SPDX-License-Identifier: GPL-2.0
/*
 * Map-in-map fd paths (map_in_map.c): bpf_map_meta_alloc() resolves
 * inner_map_fd at ARRAY_OF_MAPS / HASH_OF_MAPS creation, and
 * bpf_map_fd_get_ptr() resolves the inner map fd that is the value of an
 * update (single and batched).  Good fds, each bad-fd class, BPF objects of
 * the wrong kind, and inner maps of the right and the wrong shape.  Also
 * the other fd-valued arrays of arraymap.c: CGROUP_ARRAY
 * (cgroup_get_from_fd()) and PERF_EVENT_ARRAY, whose entries remember the
 * map's struct file that map_update_elem() got from fdget().
 */
#include <linux/perf_event.h>
#include <sys/stat.h>

#include "bpf_util.h"

static int inner_array(void)
{
	return bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 4);
}

FIXTURE(mim)
{
	int inner, prog_fd, btf_fd;
};

FIXTURE_VARIANT(mim)
{
	enum bpf_map_type outer_type;
};

FIXTURE_VARIANT_ADD(mim, array_of_maps)
{
	.outer_type = BPF_MAP_TYPE_ARRAY_OF_MAPS,
};

FIXTURE_VARIANT_ADD(mim, hash_of_maps)
{
	.outer_type = BPF_MAP_TYPE_HASH_OF_MAPS,
};

FIXTURE_SETUP(mim)
{
	self->inner = inner_array();
	ASSERT_LE(0, self->inner) TH_LOG("inner: %s", strerror(errno));
	self->prog_fd = socket_filter_prog();
	ASSERT_LE(0, self->prog_fd) TH_LOG("prog: %s", strerror(errno));
	self->btf_fd = btf_load_basic();
	ASSERT_LE(0, self->btf_fd) TH_LOG("btf: %s", strerror(errno));
}

FIXTURE_TEARDOWN(mim)
{
	EXPECT_CLOSE_GONE(self->inner, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->prog_fd, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->btf_fd, OBJ_BTF);
}

/* bpf_map_meta_alloc(): BPF_MAP_CREATE with inner_map_fd. */
TEST_F(mim, create_inner_map_fd)
{
	enum bpf_map_type t = variant->outer_type;
	int fd, outer2, parray;
	__u32 key = 0, val;

	fd = map_of_maps_create(t, self->inner, 4);
	ASSERT_LE(0, fd) TH_LOG("create with good inner fd: %s",
				strerror(errno));

	EXPECT_BAD_FDS(map_of_maps_create(t, BADFD, 4), errs_fdget);
	EXPECT_ERRNO(EINVAL, map_of_maps_create(t, self->prog_fd, 4));
	EXPECT_ERRNO(EINVAL, map_of_maps_create(t, self->btf_fd, 4));
	/* a map-in-map as inner map: only one level is supported */
	EXPECT_ERRNO(EINVAL, map_of_maps_create(t, fd, 4));
	/* a prog array has no map_meta_equal: ENOTSUPP */
	parray = bpf_map_create(BPF_MAP_TYPE_PROG_ARRAY, 4, 4, 4);
	ASSERT_LE(0, parray);
	EXPECT_ERRNO(ENOTSUPP_K, map_of_maps_create(t, parray, 4));
	close(parray);

	/* the inner map fd can be closed at once: the meta is a copy */
	outer2 = map_of_maps_create(t, self->inner, 4);
	ASSERT_LE(0, outer2);
	close(self->inner);
	self->inner = inner_array();
	ASSERT_LE(0, self->inner);
	val = self->inner;
	EXPECT_EQ(0, bpf_map_update(outer2, &key, &val, BPF_ANY))
		TH_LOG("update after inner template closed: %s",
		       strerror(errno));
	close(outer2);
	close(fd);
}

/* bpf_map_fd_get_ptr(): BPF_MAP_UPDATE_ELEM with an inner map fd value. */
TEST_F(mim, update_inner_fd)
{
	enum bpf_map_type t = variant->outer_type;
	int outer, other, fd;
	__u32 key = 1, val, id;

	outer = map_of_maps_create(t, self->inner, 4);
	ASSERT_LE(0, outer);

	EXPECT_BAD_FDS(({ val = BADFD;
			  bpf_map_update(outer, &key, &val, BPF_ANY); }),
		       errs_fdget);
	val = self->prog_fd;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	val = self->btf_fd;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	/* the outer map itself: wrong type, and it is a map-in-map */
	val = outer;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	/* nothing was stored */
	EXPECT_ERRNO(ENOENT, bpf_map_lookup(outer, &key, &id));

	/* the right shape: stored, and a lookup returns the inner map's id */
	val = self->inner;
	ASSERT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY))
		TH_LOG("update with good inner fd: %s", strerror(errno));
	id = 0;
	ASSERT_EQ(0, bpf_map_lookup(outer, &key, &id));
	EXPECT_EQ(map_id(self->inner), id);

	/* a second map of the same shape replaces it */
	other = inner_array();
	ASSERT_LE(0, other);
	val = other;
	EXPECT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY));
	ASSERT_EQ(0, bpf_map_lookup(outer, &key, &id));
	EXPECT_EQ(map_id(other), id);
	close(other);

	/* the wrong shapes: value size, key size, type, flags, max_entries */
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 16, 4);
	ASSERT_LE(0, fd);
	val = fd;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(fd);
	fd = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 4);
	ASSERT_LE(0, fd);
	val = fd;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(fd);
	fd = map_create_flags(BPF_MAP_TYPE_ARRAY, 4, 8, 4, BPF_F_RDONLY_PROG);
	ASSERT_LE(0, fd);
	val = fd;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(fd);
	/* array inner maps must match max_entries without BPF_F_INNER_MAP */
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 8);
	ASSERT_LE(0, fd);
	val = fd;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(fd);

	/* still the second inner map */
	ASSERT_EQ(0, bpf_map_lookup(outer, &key, &id));
	EXPECT_NE(0, id);

	EXPECT_EQ(0, bpf_map_delete(outer, &key));
	EXPECT_ERRNO(ENOENT, bpf_map_lookup(outer, &key, &id));
	close(outer);
}

/* With BPF_F_INNER_MAP, array inner maps may differ in max_entries. */
TEST_F(mim, update_inner_map_flag)
{
	int tmpl, outer, fd;
	__u32 key = 0, val;

	tmpl = map_create_flags(BPF_MAP_TYPE_ARRAY, 4, 8, 4, BPF_F_INNER_MAP);
	ASSERT_LE(0, tmpl);
	outer = map_of_maps_create(variant->outer_type, tmpl, 4);
	ASSERT_LE(0, outer);
	fd = map_create_flags(BPF_MAP_TYPE_ARRAY, 4, 8, 64, BPF_F_INNER_MAP);
	ASSERT_LE(0, fd);
	val = fd;
	EXPECT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY))
		TH_LOG("%s", strerror(errno));
	close(fd);
	/* without the flag the meta (map_flags) differs */
	val = self->inner;
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(outer);
	close(tmpl);
}

/* Hash inner maps: max_entries is not part of the shape. */
TEST_F(mim, update_hash_inner)
{
	int tmpl, outer, fd;
	__u32 key = 0, val;

	tmpl = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 4);
	ASSERT_LE(0, tmpl);
	outer = map_of_maps_create(variant->outer_type, tmpl, 4);
	ASSERT_LE(0, outer);
	fd = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 100);
	ASSERT_LE(0, fd);
	val = fd;
	EXPECT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY))
		TH_LOG("%s", strerror(errno));
	close(fd);
	val = self->inner;	/* an array */
	EXPECT_ERRNO(EINVAL, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(outer);
	close(tmpl);
}

/*
 * BPF_MAP_UPDATE_BATCH: generic_map_update_batch() takes the map fd a
 * second time and each value is an inner map fd for bpf_map_fd_get_ptr().
 */
TEST_F(mim, update_batch_inner_fds)
{
	enum bpf_map_type t = variant->outer_type;
	__u32 keys[2] = { 0, 1 }, vals[2], id;
	union bpf_attr attr;
	int outer;

	outer = map_of_maps_create(t, self->inner, 4);
	ASSERT_LE(0, outer);

#define UPDATE_BATCH(v0, v1) ({						\
	vals[0] = (v0); vals[1] = (v1);					\
	memset(&attr, 0, sizeof(attr));					\
	attr.batch.map_fd = outer;					\
	attr.batch.keys = ptr_to_u64(keys);				\
	attr.batch.values = ptr_to_u64(vals);				\
	attr.batch.count = 2;						\
	BPF(BPF_MAP_UPDATE_BATCH, &attr); })

	EXPECT_EQ(0, UPDATE_BATCH(self->inner, self->inner))
		TH_LOG("%s", strerror(errno));
	EXPECT_EQ(2, attr.batch.count);
	/* first value good, second bad: one element done, then the error */
	EXPECT_BAD_FDS(UPDATE_BATCH(self->inner, BADFD), errs_fdget);
	EXPECT_EQ(1, attr.batch.count);
	EXPECT_BAD_FDS(UPDATE_BATCH(BADFD, self->inner), errs_fdget);
	EXPECT_EQ(0, attr.batch.count);
	EXPECT_ERRNO(EINVAL, UPDATE_BATCH(self->prog_fd, self->inner));
	ASSERT_EQ(0, bpf_map_lookup(outer, &keys[1], &id));
	EXPECT_EQ(map_id(self->inner), id);
	close(outer);
#undef UPDATE_BATCH
}

/* Lookup batch on a map-in-map returns the inner maps' ids. */
TEST_F(mim, lookup_batch_ids)
{
	__u32 keys[4], vals[4], out_batch, key = 2, val;
	union bpf_attr attr;
	int outer;

	outer = map_of_maps_create(variant->outer_type, self->inner, 4);
	ASSERT_LE(0, outer);
	val = self->inner;
	ASSERT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY));
	memset(&attr, 0, sizeof(attr));
	attr.batch.map_fd = outer;
	attr.batch.keys = ptr_to_u64(keys);
	attr.batch.values = ptr_to_u64(vals);
	attr.batch.out_batch = ptr_to_u64(&out_batch);
	attr.batch.count = 4;
	errno = 0;
	BPF(BPF_MAP_LOOKUP_BATCH, &attr);
	EXPECT_EQ(1, attr.batch.count) TH_LOG("errno %d", errno);
	EXPECT_EQ(2, keys[0]);
	EXPECT_EQ(map_id(self->inner), vals[0]);
	close(outer);
}

/* cgroup_get_from_fd(): fget_raw(), so an O_PATH cgroup dir works. */
TEST(cgroup_array_update)
{
	static const int errs_cgroup[BAD_KIND_MAX] = {
		EBADF, EBADF, EBADF, EBADF, EBADF, EBADF,
	};
	int ca = bpf_map_create(BPF_MAP_TYPE_CGROUP_ARRAY, 4, 4, 2);
	int cg = open("/sys/fs/cgroup", O_RDONLY | O_DIRECTORY);
	int cgp = open("/sys/fs/cgroup", O_PATH | O_DIRECTORY);
	int m = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	__u32 key = 0, val;

	ASSERT_LE(0, ca) TH_LOG("%s", strerror(errno));
	ASSERT_LE(0, cg);
	ASSERT_LE(0, cgp);
	ASSERT_LE(0, m);
	EXPECT_BAD_FDS(({ val = BADFD;
			  bpf_map_update(ca, &key, &val, BPF_ANY); }),
		       errs_cgroup);
	val = m;
	EXPECT_ERRNO(EBADF, bpf_map_update(ca, &key, &val, BPF_ANY));
	val = cg;
	EXPECT_EQ(0, bpf_map_update(ca, &key, &val, BPF_ANY))
		TH_LOG("%s", strerror(errno));
	key = 1;
	val = cgp;
	EXPECT_EQ(0, bpf_map_update(ca, &key, &val, BPF_ANY))
		TH_LOG("O_PATH cgroup dir: %s", strerror(errno));
	EXPECT_EQ(0, bpf_map_delete(ca, &key));
	EXPECT_ERRNO(ENOENT, bpf_map_delete(ca, &key));
	close(m);
	close(cgp);
	close(cg);
	close(ca);
}

static int perf_fd(void)
{
	struct perf_event_attr pa;

	memset(&pa, 0, sizeof(pa));
	pa.type = PERF_TYPE_SOFTWARE;
	pa.size = sizeof(pa);
	pa.config = PERF_COUNT_SW_CPU_CLOCK;
	return syscall(__NR_perf_event_open, &pa, 0, -1, -1, 0);
}

/*
 * PERF_EVENT_ARRAY: perf_event_get() is fget() + f_op check, EBADF for
 * every bad class.  An entry records the map file it was stored through
 * (map_update_elem() passes the fdget() file down); releasing that file
 * removes it.  A dup()ed fd shares the file, a GET_FD_BY_ID fd does not.
 */
TEST(perf_event_array_map_file)
{
	static const int errs_perf[BAD_KIND_MAX] = {
		EBADF, EBADF, EBADF, EBADF, EBADF, EBADF,
	};
	int pa = bpf_map_create(BPF_MAP_TYPE_PERF_EVENT_ARRAY, 4, 4, 4);
	int ev = perf_fd(), other, dupfd, m;
	__u32 key = 0, val;
	union bpf_attr attr;

	ASSERT_LE(0, pa) TH_LOG("%s", strerror(errno));
	if (ev < 0)
		SKIP(return, "perf_event_open: %s (CONFIG_PERF_EVENTS)",
		     strerror(errno));
	m = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	ASSERT_LE(0, m);
	EXPECT_BAD_FDS(({ val = BADFD;
			  bpf_map_update(pa, &key, &val, BPF_ANY); }),
		       errs_perf);
	val = m;
	EXPECT_ERRNO(EBADF, bpf_map_update(pa, &key, &val, BPF_ANY));

	memset(&attr, 0, sizeof(attr));
	attr.map_id = map_id(pa);
	other = BPF(BPF_MAP_GET_FD_BY_ID, &attr);
	ASSERT_LE(0, other);
	dupfd = dup(pa);
	ASSERT_LE(0, dupfd);

	val = ev;
	key = 0;
	ASSERT_EQ(0, bpf_map_update(pa, &key, &val, BPF_ANY))
		TH_LOG("%s", strerror(errno));
	key = 1;
	ASSERT_EQ(0, bpf_map_update(other, &key, &val, BPF_ANY));
	key = 2;
	ASSERT_EQ(0, bpf_map_update(dupfd, &key, &val, BPF_ANY));

	/* releasing the GET_FD_BY_ID file drops key 1 only */
	close(other);
	key = 1;
	EXPECT_ERRNO(ENOENT, bpf_map_delete(pa, &key));
	/* closing a dup does not release the file: key 2 stays */
	close(dupfd);
	key = 2;
	EXPECT_EQ(0, bpf_map_delete(pa, &key));
	key = 0;
	EXPECT_EQ(0, bpf_map_delete(pa, &key));
	close(m);
	close(ev);
	close(pa);
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * The verifier's map fds (resolve_pseudo_ldimm64(): BPF_LD_IMM64 with
 * BPF_PSEUDO_MAP_FD, BPF_PSEUDO_MAP_VALUE and the fd_array forms
 * BPF_PSEUDO_MAP_IDX / _IDX_VALUE), the used_maps bookkeeping (the same
 * map twice, more than MAX_USED_MAPS), the references dropped when a load
 * fails, and BPF_PROG_BIND_MAP (bpf_prog_get() + bpf_map_get()).
 */
#include "bpf_util.h"

#define MAX_USED_MAPS	64

/* "r1 = <map>; r0 = 0; exit" with the ld_imm64 given. */
static int load_ld(__u8 src, __s32 imm, __s32 imm2, const int *fd_array)
{
	struct bpf_insn insns[] = {
		LD_IMM64_RAW(BPF_REG_1, src, imm, imm2),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT_INSN(),
	};
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.fd_array = ptr_to_u64(fd_array);
	return prog_load_attr(&attr, insns, ARRAY_LEN(insns));
}

/* n ld_imm64 map fd loads of fds[0..n-1], then "r0 = 0; exit". */
static int load_maps(const int *fds, int n)
{
	struct bpf_insn insns[2 * 200 + 2];
	int i, k = 0;

	for (i = 0; i < n && i < 200; i++) {
		struct bpf_insn ld[] = { LD_MAP_FD(BPF_REG_1, fds[i]) };

		insns[k++] = ld[0];
		insns[k++] = ld[1];
	}
	insns[k++] = MOV64_IMM(BPF_REG_0, 0);
	insns[k++] = EXIT_INSN();
	return prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, insns, k);
}

/* The ids of the maps a prog uses (bpf_prog_info.map_ids). */
static int prog_map_ids(int prog, __u32 *ids, __u32 max)
{
	struct bpf_prog_info info;
	union bpf_attr attr;

	memset(&info, 0, sizeof(info));
	info.nr_map_ids = max;
	info.map_ids = ptr_to_u64(ids);
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = prog;
	attr.info.info_len = sizeof(info);
	attr.info.info = ptr_to_u64(&info);
	if (BPF(BPF_OBJ_GET_INFO_BY_FD, &attr))
		return -1;
	return info.nr_map_ids;
}

FIXTURE(vf)
{
	int array, array1, hash, prog_fd, btf_fd;
};

FIXTURE_SETUP(vf)
{
	self->array = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 8);
	self->array1 = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1);
	self->hash = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 8);
	ASSERT_LE(0, self->array);
	ASSERT_LE(0, self->array1);
	ASSERT_LE(0, self->hash);
	self->prog_fd = socket_filter_prog();
	ASSERT_LE(0, self->prog_fd) TH_LOG("%s\n%s", strerror(errno),
					   bpf_log_buf);
	self->btf_fd = btf_load_basic();
	ASSERT_LE(0, self->btf_fd);
}

FIXTURE_TEARDOWN(vf)
{
	EXPECT_CLOSE_GONE(self->prog_fd, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->hash, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->array1, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->array, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->btf_fd, OBJ_BTF);
}

TEST_F(vf, pseudo_map_fd)
{
	__u32 ids[4];
	int fd;

	fd = load_ld(BPF_PSEUDO_MAP_FD, self->array, 0, NULL);
	ASSERT_LE(0, fd) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	EXPECT_EQ(1, prog_map_ids(fd, ids, 4));
	EXPECT_EQ(map_id(self->array), ids[0]);
	close(fd);
	EXPECT_OK(fd = load_ld(BPF_PSEUDO_MAP_FD, self->hash, 0, NULL));
	close(fd);

	EXPECT_BAD_FDS(load_ld(BPF_PSEUDO_MAP_FD, BADFD, 0, NULL), errs_fdget);
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_FD, self->prog_fd, 0,
				     NULL));
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_FD, self->btf_fd, 0, NULL));
	/* the second half of a map fd ld_imm64 must be 0 */
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_FD, self->array, 1, NULL));
}

TEST_F(vf, pseudo_map_value)
{
	int fd;

	fd = load_ld(BPF_PSEUDO_MAP_VALUE, self->array1, 0, NULL);
	ASSERT_LE(0, fd) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	close(fd);
	fd = load_ld(BPF_PSEUDO_MAP_VALUE, self->array1, 4, NULL);
	EXPECT_LE(0, fd) TH_LOG("offset 4: %s", strerror(errno));
	close(fd);

	EXPECT_BAD_FDS(load_ld(BPF_PSEUDO_MAP_VALUE, BADFD, 0, NULL),
		       errs_fdget);
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_VALUE, self->prog_fd, 0,
				     NULL));
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_VALUE, self->btf_fd, 0,
				     NULL));
	/* maps without direct value access / with more than one entry /
	 * offsets beyond the value */
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_VALUE, self->hash, 0,
				     NULL));
	EXPECT_ERRNO(ENOTSUPP_K, load_ld(BPF_PSEUDO_MAP_VALUE, self->array, 0,
					 NULL));
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_VALUE, self->array1, 8,
				     NULL));
	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_VALUE, self->array1,
				     1 << 29, NULL));
}

TEST_F(vf, pseudo_map_idx)
{
	int fds[2] = { self->prog_fd, self->array1 }, fd;

	fd = load_ld(BPF_PSEUDO_MAP_IDX, 1, 0, fds);
	ASSERT_LE(0, fd) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	close(fd);
	fd = load_ld(BPF_PSEUDO_MAP_IDX_VALUE, 1, 0, fds);
	ASSERT_LE(0, fd) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	close(fd);

	EXPECT_ERRNO(EINVAL, load_ld(BPF_PSEUDO_MAP_IDX, 0, 0, fds));
	EXPECT_ERRNO(EPROTO, load_ld(BPF_PSEUDO_MAP_IDX, 0, 0, NULL));
	EXPECT_BAD_FDS(({ fds[0] = BADFD;
			  load_ld(BPF_PSEUDO_MAP_IDX, 0, 0, fds); }),
		       errs_fdget);
	EXPECT_BAD_FDS(({ fds[0] = BADFD;
			  load_ld(BPF_PSEUDO_MAP_IDX_VALUE, 0, 0, fds); }),
		       errs_fdget);
}

TEST_F(vf, same_map_twice)
{
	struct bpf_insn insns[] = {
		LD_MAP_FD(BPF_REG_1, self->array1),
		LD_MAP_VALUE(BPF_REG_2, self->array1, 0),
		LD_MAP_FD(BPF_REG_3, self->array1),
		LD_MAP_FD(BPF_REG_4, self->hash),
		LD_MAP_FD(BPF_REG_5, self->hash),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT_INSN(),
	};
	__u32 ids[4] = { 0 };
	int fd, dup_fd;

	fd = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, insns, ARRAY_LEN(insns));
	ASSERT_LE(0, fd) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	EXPECT_EQ(2, prog_map_ids(fd, ids, 4));
	EXPECT_EQ(map_id(self->array1), ids[0]);
	EXPECT_EQ(map_id(self->hash), ids[1]);
	close(fd);

	/* two fds of one map are one used map */
	dup_fd = dup(self->hash);
	ASSERT_LE(0, dup_fd);
	insns[8].imm = dup_fd;
	fd = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, insns, ARRAY_LEN(insns));
	ASSERT_LE(0, fd) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	EXPECT_EQ(2, prog_map_ids(fd, ids, 4));
	close(fd);
	close(dup_fd);
}

TEST(too_many_maps)
{
	int fds[MAX_USED_MAPS + 1], rep[2 * MAX_USED_MAPS], fd, i;
	__u32 ids[MAX_USED_MAPS + 2];

	for (i = 0; i < MAX_USED_MAPS + 1; i++) {
		fds[i] = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
		ASSERT_LE(0, fds[i]) TH_LOG("map %d: %s", i, strerror(errno));
	}
	fd = load_maps(fds, MAX_USED_MAPS);
	ASSERT_LE(0, fd) TH_LOG("%d maps: %s", MAX_USED_MAPS, strerror(errno));
	EXPECT_EQ(MAX_USED_MAPS, prog_map_ids(fd, ids, ARRAY_LEN(ids)));
	close(fd);

	EXPECT_ERRNO(E2BIG, load_maps(fds, MAX_USED_MAPS + 1));

	/* 128 references to 64 maps are fine */
	for (i = 0; i < 2 * MAX_USED_MAPS; i++)
		rep[i] = fds[i % MAX_USED_MAPS];
	fd = load_maps(rep, 2 * MAX_USED_MAPS);
	ASSERT_LE(0, fd) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(MAX_USED_MAPS, prog_map_ids(fd, ids, ARRAY_LEN(ids)));
	close(fd);
	/* ...and a 65th one after them is not */
	rep[2 * MAX_USED_MAPS - 1] = fds[MAX_USED_MAPS];
	EXPECT_ERRNO(E2BIG, load_maps(rep, 2 * MAX_USED_MAPS));

	/* a bad fd after 64 good maps: the fd error, not E2BIG */
	EXPECT_BAD_FDS(({ rep[MAX_USED_MAPS] = BADFD;
			  load_maps(rep, MAX_USED_MAPS + 1); }), errs_fdget);

	for (i = 0; i < MAX_USED_MAPS + 1; i++)
		close(fds[i]);
}

/*
 * A load that fails after taking references to maps (a later bad fd, a
 * later bad offset, E2BIG) must drop them: the maps go away once their
 * own fds are closed.
 */
TEST(failed_load_drops_maps)
{
	int fds[MAX_USED_MAPS + 1], i, bad[2], n;
	__u32 ids[MAX_USED_MAPS + 1];

	for (i = 0; i < MAX_USED_MAPS + 1; i++) {
		fds[i] = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1);
		ASSERT_LE(0, fds[i]);
		ids[i] = map_id(fds[i]);
		ASSERT_NE(0, ids[i]);
	}
	bad[0] = fds[0];
	for (int k = 0; k < BAD_KIND_MAX; k++) {
		bad[1] = bad_fd_make(k);
		EXPECT_EQ(-1, load_maps(bad, 2));
		bad_fd_release(k, bad[1]);
	}
	{
		struct bpf_insn insns[] = {
			LD_MAP_FD(BPF_REG_1, fds[1]),
			LD_MAP_VALUE(BPF_REG_2, fds[2], 64),
			MOV64_IMM(BPF_REG_0, 0),
			EXIT_INSN(),
		};

		EXPECT_ERRNO(EINVAL, prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0,
					       insns, ARRAY_LEN(insns)));
	}
	EXPECT_ERRNO(E2BIG, load_maps(fds, MAX_USED_MAPS + 1));

	n = MAX_USED_MAPS + 1;
	for (i = 0; i < n; i++)
		close(fds[i]);
	for (i = 0; i < n; i++) {
		EXPECT_TRUE(bpf_id_gone(BPF_MAP_GET_NEXT_ID, ids[i]))
			TH_LOG("map %d (id %u) still there", i, ids[i]);
	}
}

/* ---- BPF_PROG_BIND_MAP ---- */

static long bind_map(int prog, int map, __u32 flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_bind_map.prog_fd = prog;
	attr.prog_bind_map.map_fd = map;
	attr.prog_bind_map.flags = flags;
	return BPF(BPF_PROG_BIND_MAP, &attr);
}

TEST_F(vf, prog_bind_map)
{
	__u32 ids[4], id;
	int prog;

	prog = socket_filter_prog();
	ASSERT_LE(0, prog);
	EXPECT_EQ(0, prog_map_ids(prog, ids, 4));

	/* prog_fd: bpf_prog_get() */
	EXPECT_BAD_FDS(bind_map(BADFD, self->hash, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, bind_map(self->hash, self->hash, 0));
	EXPECT_ERRNO(EINVAL, bind_map(self->btf_fd, self->hash, 0));
	/* map_fd: bpf_map_get() */
	EXPECT_BAD_FDS(bind_map(prog, BADFD, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, bind_map(prog, self->prog_fd, 0));
	EXPECT_ERRNO(EINVAL, bind_map(prog, self->btf_fd, 0));
	EXPECT_ERRNO(EINVAL, bind_map(prog, self->hash, 1));
	EXPECT_EQ(0, prog_map_ids(prog, ids, 4));

	ASSERT_EQ(0, bind_map(prog, self->hash, 0))
		TH_LOG("%s", strerror(errno));
	EXPECT_EQ(1, prog_map_ids(prog, ids, 4));
	EXPECT_EQ(map_id(self->hash), ids[0]);
	/* binding again is a no-op */
	EXPECT_EQ(0, bind_map(prog, self->hash, 0));
	EXPECT_EQ(1, prog_map_ids(prog, ids, 4));
	EXPECT_EQ(0, bind_map(prog, self->array, 0));
	EXPECT_EQ(2, prog_map_ids(prog, ids, 4));

	/* the prog holds the map: it outlives its fd, not the prog */
	id = map_id(self->hash);
	close(self->hash);
	self->hash = -1;
	usleep(50000);
	EXPECT_TRUE(bpf_id_listed(BPF_MAP_GET_NEXT_ID, id));
	close(prog);
	EXPECT_TRUE(bpf_id_gone(BPF_MAP_GET_NEXT_ID, id));
}

TEST_HARNESS_MAIN

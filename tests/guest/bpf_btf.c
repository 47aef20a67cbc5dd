// SPDX-License-Identifier: GPL-2.0
/*
 * BTF fd paths: BPF_BTF_LOAD and BPF_BTF_GET_FD_BY_ID make BTF fds;
 * btf_get_by_fd() takes them at map creation (btf_fd), at prog load
 * (prog_btf_fd with func_info, attach_btf_obj_fd, and the btf fd in a
 * BPF_PSEUDO_BTF_ID ld_imm64), each with good, bad and wrong-kind fds.
 * (BTF fds in OBJ_GET_INFO_BY_FD: bpf_info.c.)
 */
#include "bpf_util.h"

static int btf_fd_by_id(__u32 id)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.btf_id = id;
	return BPF(BPF_BTF_GET_FD_BY_ID, &attr);
}

FIXTURE(btf)
{
	int btf, map, prog_fd;
};

FIXTURE_SETUP(btf)
{
	self->btf = btf_load_basic();
	ASSERT_LE(0, self->btf) TH_LOG("BTF_LOAD: %s\n%s", strerror(errno),
				       btf_log_buf);
	self->map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1);
	ASSERT_LE(0, self->map);
	self->prog_fd = socket_filter_prog();
	ASSERT_LE(0, self->prog_fd);
}

FIXTURE_TEARDOWN(btf)
{
	EXPECT_CLOSE_GONE(self->map, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->prog_fd, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->btf, OBJ_BTF);
}

TEST_F(btf, load)
{
	static const char strs[] = "\0int";
	__u32 id = btf_obj_id(self->btf);
	__u32 bad_types[] = { 1, BTF_INFO(BTF_KIND_INT, 0), 4,
			      BTF_INT_ENC(0, 0, 64) };	/* 64 bits in 4 bytes */
	union bpf_attr attr;

	ASSERT_NE(0, id);
	EXPECT_TRUE(bpf_id_listed(BPF_BTF_GET_NEXT_ID, id));
	EXPECT_ERRNO(EINVAL, btf_load_raw(bad_types, sizeof(bad_types),
					  strs, sizeof(strs)));
	/* no data at all */
	memset(&attr, 0, sizeof(attr));
	EXPECT_ERRNO(EINVAL, BPF(BPF_BTF_LOAD, &attr));
	/* the blob pointer must be readable */
	attr.btf = 8;
	attr.btf_size = 64;
	EXPECT_ERRNO(EFAULT, BPF(BPF_BTF_LOAD, &attr));
}

static long map_with_btf(int btf_fd, __u32 key_id, __u32 val_id,
			 enum bpf_map_type type)
{
	union bpf_attr attr;
	long fd;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = type;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 1;
	attr.btf_fd = btf_fd;
	attr.btf_key_type_id = key_id;
	attr.btf_value_type_id = val_id;
	fd = BPF(BPF_MAP_CREATE, &attr);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return fd;
}

TEST_F(btf, get_fd_by_id)
{
	__u32 id = btf_obj_id(self->btf);
	int fd;

	ASSERT_NE(0, id);
	fd = btf_fd_by_id(id);
	ASSERT_LE(0, fd) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(id, btf_obj_id(fd));
	/* the new fd is a BTF fd like the first one */
	EXPECT_EQ(0, map_with_btf(fd, BTF_ID_INT, BTF_ID_VAL,
				  BPF_MAP_TYPE_ARRAY));
	close(fd);
	EXPECT_ERRNO(ENOENT, btf_fd_by_id(0));
	EXPECT_ERRNO(ENOENT, btf_fd_by_id(0x7fffffff));

	close(self->btf);
	self->btf = -1;
	EXPECT_TRUE(bpf_id_gone(BPF_BTF_GET_NEXT_ID, id));
	EXPECT_ERRNO(ENOENT, btf_fd_by_id(id));
}

TEST_F(btf, map_create_btf_fd)
{
	enum bpf_map_type types[] = { BPF_MAP_TYPE_ARRAY, BPF_MAP_TYPE_HASH };

	for (unsigned int i = 0; i < ARRAY_LEN(types); i++) {
		enum bpf_map_type t = types[i];
		struct bpf_map_info info;
		union bpf_attr attr;
		int fd;

		EXPECT_EQ(0, map_with_btf(self->btf, BTF_ID_INT, BTF_ID_VAL, t))
			TH_LOG("good btf fd: %s", strerror(errno));
		/* value type only: the BTF is taken, then map_check_btf()
		 * refuses the void key (only a 1-entry DATASEC array may) */
		EXPECT_ERRNO(EINVAL, map_with_btf(self->btf, 0, BTF_ID_VAL, t));
		EXPECT_BAD_FDS(map_with_btf(BADFD, BTF_ID_INT, BTF_ID_VAL, t),
			       errs_fdget);
		EXPECT_BAD_FDS(map_with_btf(BADFD, 0, BTF_ID_VAL, t),
			       errs_fdget);
		EXPECT_ERRNO(EINVAL, map_with_btf(self->map, BTF_ID_INT,
						  BTF_ID_VAL, t));
		EXPECT_ERRNO(EINVAL, map_with_btf(self->prog_fd, BTF_ID_INT,
						  BTF_ID_VAL, t));
		/* without type ids btf_fd is not looked at */
		EXPECT_FD_RESULTS(map_with_btf(BADFD, 0, 0, t), errs_none);
		/* a key id without a value id is refused before the fd */
		EXPECT_BAD_FDS(map_with_btf(BADFD, BTF_ID_INT, 0, t),
			       errs_all_einval);
		/* ids the BTF does not have */
		EXPECT_ERRNO(EINVAL, map_with_btf(self->btf, BTF_ID_INT, 99, t));

		/* the map reports its BTF */
		memset(&attr, 0, sizeof(attr));
		attr.map_type = t;
		attr.key_size = 4;
		attr.value_size = 8;
		attr.max_entries = 1;
		attr.btf_fd = self->btf;
		attr.btf_key_type_id = BTF_ID_INT;
		attr.btf_value_type_id = BTF_ID_VAL;
		fd = BPF(BPF_MAP_CREATE, &attr);
		ASSERT_LE(0, fd);
		ASSERT_EQ(0, obj_info(fd, &info, sizeof(info)));
		EXPECT_EQ(btf_obj_id(self->btf), info.btf_id);
		EXPECT_EQ(BTF_ID_VAL, info.btf_value_type_id);
		close(fd);
	}
}

/* prog_btf_fd with func_info: check_btf_info() -> btf_get_by_fd(). */
static long load_with_func_info(int btf_fd, __u32 type_id)
{
	struct bpf_insn insns[] = { MOV64_IMM(BPF_REG_0, 0), EXIT_INSN() };
	struct bpf_func_info fi = { .insn_off = 0, .type_id = type_id };
	union bpf_attr attr;
	long fd;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.prog_btf_fd = btf_fd;
	attr.func_info = ptr_to_u64(&fi);
	attr.func_info_cnt = 1;
	attr.func_info_rec_size = sizeof(fi);
	fd = prog_load_attr(&attr, insns, ARRAY_LEN(insns));
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return fd;
}

TEST_F(btf, prog_btf_fd)
{
	EXPECT_EQ(0, load_with_func_info(self->btf, BTF_ID_FUNC))
		TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	EXPECT_BAD_FDS(load_with_func_info(BADFD, BTF_ID_FUNC), errs_fdget);
	EXPECT_ERRNO(EINVAL, load_with_func_info(self->map, BTF_ID_FUNC));
	EXPECT_ERRNO(EINVAL, load_with_func_info(self->prog_fd, BTF_ID_FUNC));
	/* a type that is not a FUNC */
	EXPECT_ERRNO(EINVAL, load_with_func_info(self->btf, BTF_ID_INT));
}

/*
 * attach_prog_fd / attach_btf_obj_fd (one field): bpf_prog_load() tries it
 * as a prog, then as a BTF; every failure there is EINVAL.  A user (not
 * kernel) BTF is ENOTSUPP; a prog is refused for a socket filter (EINVAL).
 */
static long load_attach_obj(int fd)
{
	union bpf_attr attr;
	struct bpf_insn insns[] = { MOV64_IMM(BPF_REG_0, 0), EXIT_INSN() };

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.attach_btf_obj_fd = fd;
	return prog_load_attr(&attr, insns, ARRAY_LEN(insns));
}

TEST_F(btf, attach_btf_obj_fd)
{
	EXPECT_ERRNO(ENOTSUPP_K, load_attach_obj(self->btf));
	EXPECT_BAD_FDS(load_attach_obj(BADFD), errs_all_einval);
	EXPECT_ERRNO(EINVAL, load_attach_obj(self->map));
	EXPECT_ERRNO(EINVAL, load_attach_obj(self->prog_fd));
}

/*
 * BPF_PSEUDO_BTF_ID ld_imm64 with a BTF fd in insn[1].imm:
 * check_pseudo_btf_id() turns any btf_get_by_fd() error into EINVAL; with
 * a good fd it gets on to the type id (ENOENT for one the BTF lacks,
 * EINVAL for one that is not a VAR).
 */
static long load_btf_id(int btf_fd, __u32 id)
{
	struct bpf_insn insns[] = {
		LD_BTF_ID(BPF_REG_1, id, btf_fd),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT_INSN(),
	};

	return prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, insns,
			 ARRAY_LEN(insns));
}

TEST_F(btf, pseudo_btf_id_fd)
{
	EXPECT_ERRNO(ENOENT, load_btf_id(self->btf, 1000));
	EXPECT_ERRNO(EINVAL, load_btf_id(self->btf, BTF_ID_INT));
	EXPECT_BAD_FDS(load_btf_id(BADFD, 1000), errs_all_einval);
	EXPECT_ERRNO(EINVAL, load_btf_id(self->map, 1000));
	EXPECT_ERRNO(EINVAL, load_btf_id(self->prog_fd, 1000));
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * Object lifetimes: once every fd (and every other holder: a prog's
 * used_maps, a map-in-map slot, a link, a map's BTF, a bpffs pin) is gone,
 * the object goes too (BPF_{MAP,PROG,BTF,LINK}_GET_NEXT_ID stops listing
 * its id after the RCU / workqueue grace period: bpf_id_gone()), and not
 * before.  Failed commands must not leave references behind either; the
 * kmemleak scan at the end of the run checks nothing leaked.
 */
#include <sys/stat.h>

#include "bpf_util.h"

#define CG_DIR	"/sys/fs/cgroup/fdtest_life"

/* Listed now, and still listed a little later. */
#define EXPECT_ALIVE(cmd, id) do {					\
	usleep(20000);							\
	EXPECT_TRUE(bpf_id_listed(cmd, id)) TH_LOG("id %u gone early",	\
						   (id));		\
} while (0)

#define EXPECT_GONE(cmd, id)						\
	EXPECT_TRUE(bpf_id_gone(cmd, id)) TH_LOG("id %u still listed", (id))

/* bpf_util.h runs every test with a shared fd table: check it does. */
TEST(fd_table_is_shared)
{
	if (getenv("BPF_UTIL_UNSHARED"))
		SKIP(return, "BPF_UTIL_UNSHARED set");
	EXPECT_EQ(1, fd_table_shared());
}

TEST(map)
{
	int fd = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 4), fd2;
	__u32 id = map_id(fd);

	ASSERT_NE(0, id);
	fd2 = dup(fd);
	close(fd);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, id);
	close(fd2);
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, id);
}

TEST(prog)
{
	int fd = socket_filter_prog(), fd2;
	__u32 id = prog_id(fd);
	union bpf_attr attr;

	ASSERT_NE(0, id);
	memset(&attr, 0, sizeof(attr));
	attr.prog_id = id;
	fd2 = BPF(BPF_PROG_GET_FD_BY_ID, &attr);
	ASSERT_LE(0, fd2);
	close(fd);
	EXPECT_ALIVE(BPF_PROG_GET_NEXT_ID, id);
	close(fd2);
	EXPECT_GONE(BPF_PROG_GET_NEXT_ID, id);
	EXPECT_ERRNO(ENOENT, BPF(BPF_PROG_GET_FD_BY_ID, &attr));
}

TEST(btf)
{
	int fd = btf_load_basic();
	__u32 id = btf_obj_id(fd);

	ASSERT_NE(0, id);
	close(fd);
	EXPECT_GONE(BPF_BTF_GET_NEXT_ID, id);
}

/* A map used by a loaded prog lives as long as the prog. */
TEST(map_used_by_prog)
{
	int map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1);
	__u32 mid = map_id(map), pid;
	struct bpf_insn insns[] = {
		LD_MAP_FD(BPF_REG_1, map),
		LD_MAP_VALUE(BPF_REG_2, map, 0),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT_INSN(),
	};
	int prog = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, insns,
			     ARRAY_LEN(insns));

	ASSERT_LE(0, prog) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	pid = prog_id(prog);
	close(map);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, mid);
	close(prog);
	EXPECT_GONE(BPF_PROG_GET_NEXT_ID, pid);
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, mid);
}

/* The same, the prog closed first. */
TEST(prog_closed_before_map)
{
	int map = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 1);
	__u32 mid = map_id(map), pid;
	struct bpf_insn insns[] = {
		LD_MAP_FD(BPF_REG_1, map),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT_INSN(),
	};
	int prog = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, insns,
			     ARRAY_LEN(insns));

	ASSERT_LE(0, prog);
	pid = prog_id(prog);
	close(prog);
	EXPECT_GONE(BPF_PROG_GET_NEXT_ID, pid);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, mid);
	close(map);
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, mid);
}

/* Inner maps live while an outer map holds them. */
TEST(inner_map)
{
	int inner = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 2);
	int inner2 = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 2);
	__u32 iid = map_id(inner), iid2 = map_id(inner2), oid, key = 0, val;
	int outer;

	outer = map_of_maps_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, inner, 2);
	ASSERT_LE(0, outer) TH_LOG("%s", strerror(errno));
	oid = map_id(outer);
	val = inner;
	ASSERT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY));
	key = 1;
	val = inner2;
	ASSERT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(inner);
	close(inner2);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, iid);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, iid2);

	/* deleting the slot drops the outer map's reference */
	key = 0;
	EXPECT_EQ(0, bpf_map_delete(outer, &key));
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, iid);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, iid2);
	/* freeing the outer map drops the rest */
	close(outer);
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, oid);
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, iid2);
}

/* Same for a hash of maps, the inner map replaced by an update. */
TEST(inner_map_replaced)
{
	int inner = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 2);
	int inner2 = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 2);
	__u32 iid = map_id(inner), iid2 = map_id(inner2), key = 7, val;
	int outer;

	outer = map_of_maps_create(BPF_MAP_TYPE_HASH_OF_MAPS, inner, 2);
	ASSERT_LE(0, outer);
	val = inner;
	ASSERT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY));
	close(inner);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, iid);
	val = inner2;
	ASSERT_EQ(0, bpf_map_update(outer, &key, &val, BPF_ANY));
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, iid);
	close(inner2);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, iid2);
	close(outer);
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, iid2);
}

/* A map holds its BTF. */
TEST(btf_used_by_map)
{
	int btf = btf_load_basic(), map;
	__u32 bid = btf_obj_id(btf), mid;
	union bpf_attr attr;

	ASSERT_NE(0, bid);
	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 1;
	attr.btf_fd = btf;
	attr.btf_key_type_id = BTF_ID_INT;
	attr.btf_value_type_id = BTF_ID_VAL;
	map = BPF(BPF_MAP_CREATE, &attr);
	ASSERT_LE(0, map);
	mid = map_id(map);
	close(btf);
	EXPECT_ALIVE(BPF_BTF_GET_NEXT_ID, bid);
	close(map);
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, mid);
	EXPECT_GONE(BPF_BTF_GET_NEXT_ID, bid);
}

/* A link holds its prog; the last link fd detaches and frees the link. */
TEST(link_and_prog)
{
	int prog = prog_load_ret(BPF_PROG_TYPE_CGROUP_SKB,
				 BPF_CGROUP_INET_INGRESS, 1);
	__u32 pid = prog_id(prog), lid;
	union bpf_attr attr;
	int cg, link, link2;

	ASSERT_LE(0, prog);
	rmdir(CG_DIR);
	ASSERT_EQ(0, mkdir(CG_DIR, 0755));
	cg = open(CG_DIR, O_RDONLY | O_DIRECTORY);
	ASSERT_LE(0, cg);
	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = prog;
	attr.link_create.target_fd = cg;
	attr.link_create.attach_type = BPF_CGROUP_INET_INGRESS;
	link = BPF(BPF_LINK_CREATE, &attr);
	ASSERT_LE(0, link) TH_LOG("%s", strerror(errno));
	lid = link_id(link);
	ASSERT_NE(0, lid);
	close(prog);
	close(cg);
	EXPECT_ALIVE(BPF_PROG_GET_NEXT_ID, pid);
	memset(&attr, 0, sizeof(attr));
	attr.link_id = lid;
	link2 = BPF(BPF_LINK_GET_FD_BY_ID, &attr);
	ASSERT_LE(0, link2);
	close(link);
	EXPECT_ALIVE(BPF_LINK_GET_NEXT_ID, lid);
	close(link2);
	EXPECT_GONE(BPF_LINK_GET_NEXT_ID, lid);
	EXPECT_GONE(BPF_PROG_GET_NEXT_ID, pid);
	EXPECT_EQ(0, rmdir(CG_DIR));
}

/* A detached link still holds its prog until the link fd is closed. */
TEST(detached_link)
{
	int prog = prog_load_ret(BPF_PROG_TYPE_CGROUP_SKB,
				 BPF_CGROUP_INET_INGRESS, 1);
	__u32 pid = prog_id(prog), lid;
	union bpf_attr attr;
	int cg, link;

	ASSERT_LE(0, prog);
	rmdir(CG_DIR);
	ASSERT_EQ(0, mkdir(CG_DIR, 0755));
	cg = open(CG_DIR, O_RDONLY | O_DIRECTORY);
	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = prog;
	attr.link_create.target_fd = cg;
	attr.link_create.attach_type = BPF_CGROUP_INET_INGRESS;
	link = BPF(BPF_LINK_CREATE, &attr);
	ASSERT_LE(0, link);
	lid = link_id(link);
	close(prog);
	memset(&attr, 0, sizeof(attr));
	attr.link_detach.link_fd = link;
	EXPECT_EQ(0, BPF(BPF_LINK_DETACH, &attr));
	close(cg);
	/* the cgroup can go while the link fd is open */
	EXPECT_EQ(0, rmdir(CG_DIR));
	EXPECT_ALIVE(BPF_LINK_GET_NEXT_ID, lid);
	EXPECT_ALIVE(BPF_PROG_GET_NEXT_ID, pid);
	close(link);
	EXPECT_GONE(BPF_LINK_GET_NEXT_ID, lid);
	EXPECT_GONE(BPF_PROG_GET_NEXT_ID, pid);
}

/* bpffs pins hold maps and progs; unlink lets them go. */
TEST(pinned)
{
	int map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	__u32 mid = map_id(map);
	union bpf_attr attr;

	unlink("/sys/fs/bpf/fdt_life");
	memset(&attr, 0, sizeof(attr));
	attr.bpf_fd = map;
	attr.pathname = ptr_to_u64("/sys/fs/bpf/fdt_life");
	ASSERT_EQ(0, BPF(BPF_OBJ_PIN, &attr)) TH_LOG("%s", strerror(errno));
	close(map);
	EXPECT_ALIVE(BPF_MAP_GET_NEXT_ID, mid);
	EXPECT_EQ(0, unlink("/sys/fs/bpf/fdt_life"));
	EXPECT_GONE(BPF_MAP_GET_NEXT_ID, mid);
}

/*
 * Commands that fail after taking references (a bad fd late in the
 * command) must drop them: everything goes once the fds are closed.
 */
TEST(failed_commands_leave_nothing)
{
	int inner = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 2);
	int wrong = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 16, 2);
	int prog = prog_load_ret(BPF_PROG_TYPE_CGROUP_SKB,
				 BPF_CGROUP_INET_INGRESS, 1);
	int btf = btf_load_basic();
	__u32 ids[3] = { map_id(inner), map_id(wrong) }, pid = prog_id(prog);
	__u32 bid = btf_obj_id(btf), key = 0, val;
	union bpf_attr attr;
	int outer;

	outer = map_of_maps_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, inner, 2);
	ASSERT_LE(0, outer);
	ids[2] = map_id(outer);

	for (int k = 0; k < BAD_KIND_MAX; k++) {
		int bad = bad_fd_make(k);

		/* map-in-map update: wrong shape, bad fd */
		val = wrong;
		EXPECT_EQ(-1, bpf_map_update(outer, &key, &val, BPF_ANY));
		val = bad;
		EXPECT_EQ(-1, bpf_map_update(outer, &key, &val, BPF_ANY));
		/* link create with a good prog and a bad target */
		memset(&attr, 0, sizeof(attr));
		attr.link_create.prog_fd = prog;
		attr.link_create.target_fd = bad;
		attr.link_create.attach_type = BPF_CGROUP_INET_INGRESS;
		EXPECT_EQ(-1, BPF(BPF_LINK_CREATE, &attr));
		/* prog bind map with a good prog and a bad map */
		memset(&attr, 0, sizeof(attr));
		attr.prog_bind_map.prog_fd = prog;
		attr.prog_bind_map.map_fd = bad;
		EXPECT_EQ(-1, BPF(BPF_PROG_BIND_MAP, &attr));
		/* map create with a good inner map and a bad BTF fd */
		memset(&attr, 0, sizeof(attr));
		attr.map_type = BPF_MAP_TYPE_ARRAY_OF_MAPS;
		attr.key_size = 4;
		attr.value_size = 4;
		attr.max_entries = 2;
		attr.inner_map_fd = inner;
		attr.btf_fd = bad;
		attr.btf_value_type_id = BTF_ID_INT;
		EXPECT_EQ(-1, BPF(BPF_MAP_CREATE, &attr));
		/* link update of nothing with good progs */
		memset(&attr, 0, sizeof(attr));
		attr.link_update.link_fd = bad;
		attr.link_update.new_prog_fd = prog;
		EXPECT_EQ(-1, BPF(BPF_LINK_UPDATE, &attr));
		bad_fd_release(k, bad);
	}
	/* a map with a BTF the map type rejects (array-of-maps: no BTF) */
	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY_OF_MAPS;
	attr.key_size = 4;
	attr.value_size = 4;
	attr.max_entries = 2;
	attr.inner_map_fd = inner;
	attr.btf_fd = btf;
	attr.btf_key_type_id = BTF_ID_INT;
	attr.btf_value_type_id = BTF_ID_INT;
	EXPECT_EQ(-1, BPF(BPF_MAP_CREATE, &attr));

	close(outer);
	close(inner);
	close(wrong);
	close(prog);
	close(btf);
	for (int i = 0; i < 3; i++) {
		EXPECT_GONE(BPF_MAP_GET_NEXT_ID, ids[i]);
	}
	EXPECT_GONE(BPF_PROG_GET_NEXT_ID, pid);
	EXPECT_GONE(BPF_BTF_GET_NEXT_ID, bid);
}

TEST_HARNESS_MAIN

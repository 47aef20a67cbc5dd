// SPDX-License-Identifier: GPL-2.0
/*
 * Harness smoke tests: a BPF array map really is created, updated and read
 * in the guest kernel, a closed map fd gives EBADF, and the map's id is gone
 * once its last fd is closed.
 */
#include "fdtest.h"

TEST(array_update_lookup)
{
	__u32 key = 3;
	__u64 val = 0xfeedf00d, out = 0;
	int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 8);

	ASSERT_LE(0, fd) TH_LOG("BPF_MAP_CREATE: %s", strerror(errno));
	ASSERT_EQ(0, bpf_map_update(fd, &key, &val, BPF_ANY));
	ASSERT_EQ(0, bpf_map_lookup(fd, &key, &out));
	EXPECT_EQ(val, out);
	key = 8;	/* out of range */
	EXPECT_EQ(-1, bpf_map_lookup(fd, &key, &out));
	EXPECT_EQ(ENOENT, errno);
	close(fd);
}

TEST(lookup_on_closed_fd)
{
	__u32 key = 0;
	__u64 out;
	int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1);

	ASSERT_LE(0, fd);
	close(fd);
	EXPECT_EQ(-1, bpf_map_lookup(fd, &key, &out));
	EXPECT_EQ(EBADF, errno);
}

TEST(map_id_gone_after_close)
{
	struct bpf_map_info info;
	union bpf_attr attr;
	int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1);

	ASSERT_LE(0, fd);
	memset(&info, 0, sizeof(info));
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = fd;
	attr.info.info_len = sizeof(info);
	attr.info.info = ptr_to_u64(&info);
	ASSERT_EQ(0, BPF(BPF_OBJ_GET_INFO_BY_FD, &attr));
	ASSERT_NE(0, info.id);
	EXPECT_TRUE(bpf_id_listed(BPF_MAP_GET_NEXT_ID, info.id));
	close(fd);
	EXPECT_TRUE(bpf_id_gone(BPF_MAP_GET_NEXT_ID, info.id))
		TH_LOG("map id %u still listed after close", info.id);
}

TEST_HARNESS_MAIN

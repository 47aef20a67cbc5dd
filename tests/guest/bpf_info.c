// SPDX-License-Identifier: GPL-2.0
/*
 * BPF_OBJ_GET_INFO_BY_FD (bpf_obj_get_info_by_fd(): one fdget(), then a
 * dispatch on f_op) on a prog, a map, a BTF and a link, and on non-BPF
 * fds; and BPF_OBJ_PIN (bpf_fd_probe_obj(): bpf_map_get_with_uref(),
 * bpf_prog_get(), bpf_link_get_from_fd() in turn on one fd).
 */
#include <sys/stat.h>

#include "bpf_util.h"

#define CG_DIR	"/sys/fs/cgroup/fdtest_info"

/*
 * An empty fd is EBADFD (77), not EBADF, in bpf_obj_get_info_by_fd();
 * an fd of a non-BPF file is EINVAL.
 */
static const int errs_info[BAD_KIND_MAX] = {
	[BAD_CLOSED] = EBADFD, [BAD_MINUS1] = EBADFD, [BAD_HUGE] = EBADFD,
	[BAD_DEVNULL] = EINVAL, [BAD_OPATH] = EBADFD, [BAD_SOCKET] = EINVAL,
};

static long get_info(int fd, void *info, __u32 *len)
{
	union bpf_attr attr;
	long r;

	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = fd;
	attr.info.info_len = *len;
	attr.info.info = ptr_to_u64(info);
	r = BPF(BPF_OBJ_GET_INFO_BY_FD, &attr);
	*len = attr.info.info_len;
	return r;
}

FIXTURE(info)
{
	int map, prog, btf, link, cg;
};

FIXTURE_SETUP(info)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	self->btf = btf_load_basic();
	ASSERT_LE(0, self->btf);
	attr.map_type = BPF_MAP_TYPE_HASH;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 16;
	attr.btf_fd = self->btf;
	attr.btf_key_type_id = BTF_ID_INT;
	attr.btf_value_type_id = BTF_ID_VAL;
	strcpy(attr.map_name, "info_map");
	self->map = BPF(BPF_MAP_CREATE, &attr);
	ASSERT_LE(0, self->map) TH_LOG("%s", strerror(errno));
	self->prog = prog_load_ret(BPF_PROG_TYPE_CGROUP_SKB,
				   BPF_CGROUP_INET_EGRESS, 1);
	ASSERT_LE(0, self->prog) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	rmdir(CG_DIR);
	ASSERT_EQ(0, mkdir(CG_DIR, 0755));
	self->cg = open(CG_DIR, O_RDONLY | O_DIRECTORY);
	ASSERT_LE(0, self->cg);
	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = self->prog;
	attr.link_create.target_fd = self->cg;
	attr.link_create.attach_type = BPF_CGROUP_INET_EGRESS;
	self->link = BPF(BPF_LINK_CREATE, &attr);
	ASSERT_LE(0, self->link) TH_LOG("link: %s", strerror(errno));
}

FIXTURE_TEARDOWN(info)
{
	EXPECT_CLOSE_GONE(self->link, OBJ_LINK);
	close(self->cg);
	rmdir(CG_DIR);
	EXPECT_CLOSE_GONE(self->prog, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->map, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->btf, OBJ_BTF);
}

TEST_F(info, prog)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, get_info(self->prog, &info, &len))
		TH_LOG("%s", strerror(errno));
	EXPECT_EQ(BPF_PROG_TYPE_CGROUP_SKB, info.type);
	EXPECT_NE(0, info.id);
	EXPECT_EQ(2 * sizeof(struct bpf_insn), info.xlated_prog_len);
	EXPECT_TRUE(bpf_id_listed(BPF_PROG_GET_NEXT_ID, info.id));
}

TEST_F(info, map)
{
	struct bpf_map_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, get_info(self->map, &info, &len));
	EXPECT_EQ(BPF_MAP_TYPE_HASH, info.type);
	EXPECT_EQ(4, info.key_size);
	EXPECT_EQ(8, info.value_size);
	EXPECT_EQ(16, info.max_entries);
	EXPECT_STREQ("info_map", info.name);
	EXPECT_EQ(btf_obj_id(self->btf), info.btf_id);
	EXPECT_TRUE(bpf_id_listed(BPF_MAP_GET_NEXT_ID, info.id));
}

TEST_F(info, btf)
{
	struct bpf_btf_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, get_info(self->btf, &info, &len));
	EXPECT_NE(0, info.id);
	EXPECT_LT(sizeof(struct btf_header), info.btf_size);
	EXPECT_TRUE(bpf_id_listed(BPF_BTF_GET_NEXT_ID, info.id));
}

TEST_F(info, link)
{
	struct bpf_link_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, get_info(self->link, &info, &len));
	EXPECT_EQ(BPF_LINK_TYPE_CGROUP, info.type);
	EXPECT_NE(0, info.id);
	EXPECT_EQ(prog_id(self->prog), info.prog_id);
	EXPECT_EQ(BPF_CGROUP_INET_EGRESS, info.cgroup.attach_type);
	EXPECT_NE(0, info.cgroup.cgroup_id);
	EXPECT_TRUE(bpf_id_listed(BPF_LINK_GET_NEXT_ID, info.id));
}

TEST_F(info, bad_fds)
{
	char buf[256];
	__u32 len = sizeof(buf);
	int cgfile;

	EXPECT_BAD_FDS(({ len = sizeof(buf); get_info(BADFD, buf, &len); }),
		       errs_info);
	/* other non-BPF files: a cgroup dir, a regular file, a pipe */
	EXPECT_ERRNO(EINVAL, get_info(self->cg, buf, &len));
	cgfile = open("/proc/self/status", O_RDONLY);
	ASSERT_LE(0, cgfile);
	EXPECT_ERRNO(EINVAL, get_info(cgfile, buf, &len));
	close(cgfile);
	{
		int p[2];

		ASSERT_EQ(0, pipe(p));
		EXPECT_ERRNO(EINVAL, get_info(p[0], buf, &len));
		close(p[0]);
		close(p[1]);
	}
}

/* The fd is resolved before the buffer is looked at. */
TEST_F(info, buffer_checks)
{
	int fds[4] = { self->prog, self->map, self->btf, self->link };
	char buf[512];

	for (int i = 0; i < 4; i++) {
		__u32 len = 0;

		/* info_len 0: nothing copied, success */
		EXPECT_EQ(0, get_info(fds[i], buf, &len)) TH_LOG("fd %d", i);
		EXPECT_EQ(0, len);
		/* an unwritable buffer */
		len = 32;
		EXPECT_ERRNO(EFAULT, get_info(fds[i], (void *)8, &len));
		/* a longer buffer with non-zero tail: E2BIG */
		memset(buf, 0xff, sizeof(buf));
		len = sizeof(buf);
		EXPECT_ERRNO(E2BIG, get_info(fds[i], buf, &len));
	}
	EXPECT_BAD_FDS(({ __u32 l = 32; get_info(BADFD, (void *)8, &l); }),
		       errs_info);
}

/* ---- BPF_OBJ_PIN: every bad fd is EINVAL after three lookups ---- */

static long obj_pin(int fd, const char *path)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.bpf_fd = fd;
	attr.pathname = ptr_to_u64(path);
	return BPF(BPF_OBJ_PIN, &attr);
}

static long obj_get(const char *path)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = ptr_to_u64(path);
	return BPF(BPF_OBJ_GET, &attr);
}

TEST_F(info, obj_pin)
{
	const char *paths[3] = { "/sys/fs/bpf/fdt_map", "/sys/fs/bpf/fdt_prog",
				 "/sys/fs/bpf/fdt_link" };
	int fds[3] = { self->map, self->prog, self->link };
	struct bpf_map_info mi;

	for (int i = 0; i < 3; i++) {
		int fd;

		unlink(paths[i]);
		EXPECT_EQ(0, obj_pin(fds[i], paths[i]))
			TH_LOG("pin %s: %s", paths[i], strerror(errno));
		fd = obj_get(paths[i]);
		EXPECT_LE(0, fd) TH_LOG("get %s: %s", paths[i],
					strerror(errno));
		/* the pinned object is the same one */
		if (i == 0) {
			EXPECT_EQ(0, obj_info(fd, &mi, sizeof(mi)));
			EXPECT_EQ(map_id(self->map), mi.id);
		}
		close(fd);
		EXPECT_EQ(0, unlink(paths[i]));
	}
	EXPECT_BAD_FDS(obj_pin(BADFD, "/sys/fs/bpf/fdt_bad"), errs_all_einval);
	/* a BTF fd is none of map, prog, link */
	EXPECT_ERRNO(EINVAL, obj_pin(self->btf, "/sys/fs/bpf/fdt_bad"));
	EXPECT_ERRNO(ENOENT, obj_get("/sys/fs/bpf/fdt_bad"));
}

TEST_HARNESS_MAIN

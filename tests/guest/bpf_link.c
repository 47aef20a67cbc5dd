// SPDX-License-Identifier: GPL-2.0
/*
 * Link fd paths: BPF_LINK_CREATE (bpf_prog_get() on prog_fd, then the
 * target: cgroup_get_from_fd() for a cgroup link, get_net_ns_by_fd() for a
 * netns flow dissector link), BPF_LINK_UPDATE (bpf_link_get_from_fd(),
 * new_prog_fd, old_prog_fd) and BPF_LINK_DETACH, each with bad fds as the
 * link, the prog and the target.  Also the legacy cgroup PROG_ATTACH /
 * DETACH / QUERY and the netns PROG_QUERY target fds.
 */
#include <sched.h>
#include <sys/stat.h>

#include "bpf_util.h"

#define CG_DIR	"/sys/fs/cgroup/fdtest_link"

/* cgroup_get_from_fd(): fget_raw() + "is it a cgroup2 dir": all EBADF. */
static const int errs_cgroup[BAD_KIND_MAX] = {
	EBADF, EBADF, EBADF, EBADF, EBADF, EBADF,
};

/* get_net_ns_by_fd() -> proc_ns_fget(): fget() + "is it an nsfs file". */
static const int errs_netns[BAD_KIND_MAX] = {
	[BAD_CLOSED] = EBADF, [BAD_MINUS1] = EBADF, [BAD_HUGE] = EBADF,
	[BAD_DEVNULL] = EINVAL, [BAD_OPATH] = EBADF, [BAD_SOCKET] = EINVAL,
};

static long link_create(int prog, int target, __u32 type, __u32 flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = prog;
	attr.link_create.target_fd = target;
	attr.link_create.attach_type = type;
	attr.link_create.flags = flags;
	return BPF(BPF_LINK_CREATE, &attr);
}

static long link_update(int link, int new_prog, int old_prog, __u32 flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_update.link_fd = link;
	attr.link_update.new_prog_fd = new_prog;
	attr.link_update.old_prog_fd = old_prog;
	attr.link_update.flags = flags;
	return BPF(BPF_LINK_UPDATE, &attr);
}

static long link_detach(int link)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_detach.link_fd = link;
	return BPF(BPF_LINK_DETACH, &attr);
}

static __u32 link_prog_id(int link)
{
	struct bpf_link_info info;

	return obj_info(link, &info, sizeof(info)) ? 0 : info.prog_id;
}

FIXTURE(lk)
{
	int target, target_opath, prog1, prog2, other_type, map;
	__u32 type;
};

FIXTURE_VARIANT(lk)
{
	int netns;
};

FIXTURE_VARIANT_ADD(lk, cgroup)
{
	.netns = 0,
};

FIXTURE_VARIANT_ADD(lk, netns)
{
	.netns = 1,
};

static int cgroup_skb_prog(void)
{
	return prog_load_ret(BPF_PROG_TYPE_CGROUP_SKB,
			     BPF_CGROUP_INET_INGRESS, 1);
}

static int flow_prog(int ret)
{
	return prog_load_ret(BPF_PROG_TYPE_FLOW_DISSECTOR, BPF_FLOW_DISSECTOR,
			     ret);
}

FIXTURE_SETUP(lk)
{
	if (variant->netns) {
		/* our own netns: the flow dissector sees no other traffic */
		ASSERT_EQ(0, unshare(CLONE_NEWNET)) TH_LOG("unshare: %s",
							   strerror(errno));
		self->target = open("/proc/self/ns/net", O_RDONLY);
		self->target_opath = open("/proc/self/ns/net", O_PATH);
		self->type = BPF_FLOW_DISSECTOR;
		self->prog1 = flow_prog(0);	/* BPF_OK */
		self->prog2 = flow_prog(2);	/* BPF_DROP */
		self->other_type = cgroup_skb_prog();
	} else {
		rmdir(CG_DIR);
		ASSERT_EQ(0, mkdir(CG_DIR, 0755)) TH_LOG("mkdir: %s",
							 strerror(errno));
		self->target = open(CG_DIR, O_RDONLY | O_DIRECTORY);
		self->target_opath = open(CG_DIR, O_PATH | O_DIRECTORY);
		self->type = BPF_CGROUP_INET_INGRESS;
		self->prog1 = cgroup_skb_prog();
		self->prog2 = cgroup_skb_prog();
		self->other_type = flow_prog(0);
	}
	ASSERT_LE(0, self->target) TH_LOG("target: %s", strerror(errno));
	ASSERT_LE(0, self->target_opath);
	ASSERT_LE(0, self->prog1) TH_LOG("prog: %s\n%s", strerror(errno),
					 bpf_log_buf);
	ASSERT_LE(0, self->prog2);
	ASSERT_LE(0, self->other_type) TH_LOG("prog: %s\n%s", strerror(errno),
					      bpf_log_buf);
	self->map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	ASSERT_LE(0, self->map);
}

FIXTURE_TEARDOWN(lk)
{
	EXPECT_CLOSE_GONE(self->map, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->other_type, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->prog2, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->prog1, OBJ_PROG);
	close(self->target_opath);
	close(self->target);
	if (!variant->netns)
		rmdir(CG_DIR);
}

TEST_F(lk, create)
{
	const int *errs_target = variant->netns ? errs_netns : errs_cgroup;
	int link, link2, mnt;

	/* prog_fd: bpf_prog_get() comes first */
	EXPECT_BAD_FDS(link_create(BADFD, self->target, self->type, 0),
		       errs_fdget);
	EXPECT_BAD_FDS(link_create(BADFD, BADFD, self->type, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, link_create(self->map, self->target, self->type,
					 0));
	/* a prog of another type for this attach type */
	EXPECT_ERRNO(EINVAL, link_create(self->other_type, self->target,
					 self->type, 0));
	/* target_fd */
	EXPECT_BAD_FDS(link_create(self->prog1, BADFD, self->type, 0),
		       errs_target);
	EXPECT_ERRNO(variant->netns ? EINVAL : EBADF,
		     link_create(self->prog1, self->map, self->type, 0));
	EXPECT_ERRNO(variant->netns ? EINVAL : EBADF,
		     link_create(self->prog1, self->prog1, self->type, 0));
	/* flags are checked before the target */
	EXPECT_BAD_FDS(link_create(self->prog1, BADFD, self->type, 1),
		       errs_all_einval);
	if (variant->netns) {
		/* another kind of namespace */
		mnt = open("/proc/self/ns/mnt", O_RDONLY);
		ASSERT_LE(0, mnt);
		EXPECT_ERRNO(EINVAL, link_create(self->prog1, mnt, self->type,
						 0));
		close(mnt);
		/* O_PATH: proc_ns_fget() uses fget() */
		EXPECT_ERRNO(EBADF, link_create(self->prog1,
						self->target_opath,
						self->type, 0));
	} else {
		/* a cgroup file, not a directory */
		mnt = open(CG_DIR "/cgroup.procs", O_RDONLY);
		ASSERT_LE(0, mnt);
		EXPECT_ERRNO(EBADF, link_create(self->prog1, mnt, self->type,
						0));
		close(mnt);
	}
	ASSERT_EQ(0, prog_query(self->target, self->type))
		TH_LOG("query: %s", strerror(errno));
	EXPECT_EQ(0, query_cnt);

	link = link_create(self->prog1, self->target, self->type, 0);
	ASSERT_LE(0, link) TH_LOG("link create: %s", strerror(errno));
	EXPECT_EQ(prog_id(self->prog1), link_prog_id(link));
	ASSERT_EQ(0, prog_query(self->target, self->type));
	EXPECT_EQ(1, query_cnt);
	EXPECT_EQ(prog_id(self->prog1), query_ids[0]);

	if (variant->netns) {
		/* one flow dissector per netns */
		EXPECT_ERRNO(E2BIG, link_create(self->prog2, self->target,
						self->type, 0));
	} else {
		/* cgroup links are multi; and O_PATH cgroup dirs work
		 * (cgroup_get_from_fd() uses fget_raw()) */
		link2 = link_create(self->prog2, self->target_opath,
				    self->type, 0);
		EXPECT_LE(0, link2) TH_LOG("O_PATH cgroup: %s",
					   strerror(errno));
		ASSERT_EQ(0, prog_query(self->target, self->type));
		EXPECT_EQ(2, query_cnt);
		close(link2);
	}
	close(link);
	/* closing the last link fd detaches it */
	ASSERT_EQ(0, prog_query(self->target, self->type));
	EXPECT_EQ(0, query_cnt);
}

TEST_F(lk, update)
{
	int link;

	link = link_create(self->prog1, self->target, self->type, 0);
	ASSERT_LE(0, link) TH_LOG("link create: %s", strerror(errno));

	/* link_fd */
	EXPECT_BAD_FDS(link_update(BADFD, self->prog2, 0, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, link_update(self->prog1, self->prog2, 0, 0));
	EXPECT_ERRNO(EINVAL, link_update(self->map, self->prog2, 0, 0));
	/* new_prog_fd */
	EXPECT_BAD_FDS(link_update(link, BADFD, 0, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, link_update(link, self->map, 0, 0));
	EXPECT_ERRNO(EINVAL, link_update(link, link, 0, 0));
	EXPECT_ERRNO(EINVAL, link_update(link, self->other_type, 0, 0));
	/* old_prog_fd: only with BPF_F_REPLACE */
	EXPECT_BAD_FDS(link_update(link, self->prog2, BADFD, BPF_F_REPLACE),
		       errs_fdget);
	EXPECT_ERRNO(EINVAL, link_update(link, self->prog2, self->map,
					 BPF_F_REPLACE));
	EXPECT_ERRNO(EINVAL, link_update(link, self->prog2, self->prog1, 0));
	EXPECT_ERRNO(EPERM, link_update(link, self->prog2, self->prog2,
					BPF_F_REPLACE));
	EXPECT_ERRNO(EINVAL, link_update(link, self->prog2, 0, 2));
	EXPECT_EQ(prog_id(self->prog1), link_prog_id(link));

	EXPECT_EQ(0, link_update(link, self->prog2, 0, 0))
		TH_LOG("%s", strerror(errno));
	EXPECT_EQ(prog_id(self->prog2), link_prog_id(link));
	EXPECT_EQ(0, link_update(link, self->prog1, self->prog2,
				 BPF_F_REPLACE)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(prog_id(self->prog1), link_prog_id(link));
	ASSERT_EQ(0, prog_query(self->target, self->type));
	EXPECT_EQ(1, query_cnt);
	EXPECT_EQ(prog_id(self->prog1), query_ids[0]);
	close(link);
}

TEST_F(lk, detach)
{
	int link;

	link = link_create(self->prog1, self->target, self->type, 0);
	ASSERT_LE(0, link) TH_LOG("link create: %s", strerror(errno));

	EXPECT_BAD_FDS(link_detach(BADFD), errs_fdget);
	EXPECT_ERRNO(EINVAL, link_detach(self->prog1));
	EXPECT_ERRNO(EINVAL, link_detach(self->map));
	ASSERT_EQ(0, prog_query(self->target, self->type));
	EXPECT_EQ(1, query_cnt);

	EXPECT_EQ(0, link_detach(link)) TH_LOG("%s", strerror(errno));
	ASSERT_EQ(0, prog_query(self->target, self->type));
	EXPECT_EQ(0, query_cnt);
	/* a detached link: still a link fd, no longer attached */
	EXPECT_ERRNO(ENOLINK, link_update(link, self->prog2, 0, 0));
	EXPECT_EQ(0, link_detach(link));
	EXPECT_NE(0, link_id(link));
	close(link);
}

/* BPF_PROG_QUERY: cgroup_bpf_prog_query() / netns_bpf_prog_query(). */
TEST_F(lk, query_target)
{
	const int *errs_target = variant->netns ? errs_netns : errs_cgroup;

	EXPECT_BAD_FDS(prog_query(BADFD, self->type), errs_target);
	EXPECT_ERRNO(variant->netns ? EINVAL : EBADF,
		     prog_query(self->map, self->type));
	if (variant->netns) {
		EXPECT_ERRNO(EBADF, prog_query(self->target_opath,
					       self->type));
	} else {
		EXPECT_EQ(0, prog_query(self->target_opath, self->type))
			TH_LOG("%s", strerror(errno));
	}
}

/* ---- legacy cgroup BPF_PROG_ATTACH / DETACH (cgroup.c) ---- */

/*
 * The legacy cgroup attach API (netns PROG_ATTACH takes no target fd, so
 * these are cgroup only).
 */
struct cg_env {
	int target, prog1, prog2, other_type, map;
	__u32 type;
};

static void cg_env_setup(struct __test_metadata *_metadata, struct cg_env *c)
{
	rmdir(CG_DIR);
	ASSERT_EQ(0, mkdir(CG_DIR, 0755)) TH_LOG("mkdir: %s", strerror(errno));
	c->target = open(CG_DIR, O_RDONLY | O_DIRECTORY);
	ASSERT_LE(0, c->target);
	c->type = BPF_CGROUP_INET_INGRESS;
	c->prog1 = cgroup_skb_prog();
	c->prog2 = cgroup_skb_prog();
	c->other_type = flow_prog(0);
	c->map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	ASSERT_LE(0, c->prog1);
	ASSERT_LE(0, c->prog2);
	ASSERT_LE(0, c->other_type);
	ASSERT_LE(0, c->map);
}

static void cg_env_teardown(struct cg_env *c)
{
	close(c->map);
	close(c->other_type);
	close(c->prog2);
	close(c->prog1);
	close(c->target);
	rmdir(CG_DIR);
}

TEST(cgroup_prog_attach)
{
	struct cg_env c;
	__u32 t;

	cg_env_setup(_metadata, &c);
	t = c.type;

	/* attach_bpf_fd first, then target_fd, then replace_bpf_fd */
	EXPECT_BAD_FDS(prog_attach(c.target, BADFD, t, 0, 0), errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_attach(c.target, c.map, t, 0, 0));
	EXPECT_ERRNO(EINVAL, prog_attach(c.target, c.other_type, t,
					 0, 0));
	EXPECT_BAD_FDS(prog_attach(BADFD, c.prog1, t, 0, 0), errs_cgroup);
	EXPECT_ERRNO(EBADF, prog_attach(c.map, c.prog1, t, 0, 0));

	ASSERT_EQ(0, prog_attach(c.target, c.prog1, t,
				 BPF_F_ALLOW_MULTI, 0))
		TH_LOG("%s", strerror(errno));
	EXPECT_BAD_FDS(prog_attach(c.target, c.prog2, t,
				   BPF_F_ALLOW_MULTI | BPF_F_REPLACE, BADFD),
		       errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_attach(c.target, c.prog2, t,
					 BPF_F_ALLOW_MULTI | BPF_F_REPLACE,
					 c.map));
	EXPECT_EQ(0, prog_attach(c.target, c.prog2, t,
				 BPF_F_ALLOW_MULTI | BPF_F_REPLACE,
				 c.prog1)) TH_LOG("%s", strerror(errno));
	ASSERT_EQ(0, prog_query(c.target, t));
	EXPECT_EQ(1, query_cnt);
	EXPECT_EQ(prog_id(c.prog2), query_ids[0]);

	/* detach: target_fd must be a cgroup; in multi mode the prog fd
	 * must name an attached prog: a bad one is EINVAL */
	EXPECT_BAD_FDS(prog_detach(BADFD, c.prog2, t), errs_cgroup);
	EXPECT_BAD_FDS(prog_detach(c.target, BADFD, t), errs_all_einval);
	EXPECT_ERRNO(ENOENT, prog_detach(c.target, c.prog1, t));
	EXPECT_EQ(0, prog_detach(c.target, c.prog2, t));
	ASSERT_EQ(0, prog_query(c.target, t));
	EXPECT_EQ(0, query_cnt);
	cg_env_teardown(&c);
}

/*
 * Legacy (non-multi) cgroup attachments: PROG_DETACH ignores an invalid
 * attach_bpf_fd and detaches whatever is attached (backward
 * compatibility, find_detach_entry()).  Every bad class does that.
 */
TEST(cgroup_legacy_detach_bad_fd)
{
	struct cg_env c;
	__u32 t;

	cg_env_setup(_metadata, &c);
	t = c.type;
	EXPECT_ERRNO(ENOENT, prog_detach(c.target, c.prog1, t));
	for (int k = 0; k < BAD_KIND_MAX; k++) {
		int fd;

		ASSERT_EQ(0, prog_attach(c.target, c.prog1, t, 0, 0))
			TH_LOG("%s", strerror(errno));
		fd = bad_fd_make(k);
		EXPECT_EQ(0, prog_detach(c.target, fd, t))
			TH_LOG("%s fd: %s", bad_fd_name[k], strerror(errno));
		bad_fd_release(k, fd);
		ASSERT_EQ(0, prog_query(c.target, t));
		EXPECT_EQ(0, query_cnt);
	}
	EXPECT_BAD_FDS(prog_detach(c.target, BADFD, t),
		       ((const int [BAD_KIND_MAX]){ ENOENT, ENOENT, ENOENT,
				ENOENT, ENOENT, ENOENT }));
	cg_env_teardown(&c);
}

/*
 * Legacy flow dissector PROG_ATTACH / DETACH act on the caller's netns
 * (target_fd must be 0); detach takes attach_bpf_fd with
 * bpf_prog_get_type() (netns_bpf_prog_detach()).
 */
TEST(netns_legacy_attach_detach)
{
	int p1, p2, m;

	ASSERT_EQ(0, unshare(CLONE_NEWNET)) TH_LOG("%s", strerror(errno));
	p1 = flow_prog(0);
	p2 = flow_prog(0);
	m = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	ASSERT_LE(0, p1);
	ASSERT_LE(0, p2);
	ASSERT_LE(0, m);

	EXPECT_BAD_FDS(prog_attach(0, BADFD, BPF_FLOW_DISSECTOR, 0, 0),
		       errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_attach(0, m, BPF_FLOW_DISSECTOR, 0, 0));
	/* a target fd is refused, whatever it is */
	EXPECT_ERRNO(EINVAL, prog_attach(p1, p1, BPF_FLOW_DISSECTOR, 0, 0));
	ASSERT_EQ(0, prog_attach(0, p1, BPF_FLOW_DISSECTOR, 0, 0))
		TH_LOG("%s", strerror(errno));

	EXPECT_BAD_FDS(prog_detach(0, BADFD, BPF_FLOW_DISSECTOR), errs_fdget);
	EXPECT_ERRNO(EINVAL, prog_detach(0, m, BPF_FLOW_DISSECTOR));
	EXPECT_ERRNO(EINVAL, prog_detach(p1, p1, BPF_FLOW_DISSECTOR));
	EXPECT_ERRNO(ENOENT, prog_detach(0, p2, BPF_FLOW_DISSECTOR));
	EXPECT_EQ(0, prog_detach(0, p1, BPF_FLOW_DISSECTOR))
		TH_LOG("%s", strerror(errno));
	EXPECT_ERRNO(ENOENT, prog_detach(0, p1, BPF_FLOW_DISSECTOR));
	close(m);
	close(p2);
	close(p1);
}

TEST_HARNESS_MAIN

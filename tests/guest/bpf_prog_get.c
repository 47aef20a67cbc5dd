// SPDX-License-Identifier: GPL-2.0
/*
 * The __bpf_prog_get() path (bpf_prog_get(), bpf_prog_get_type()) from
 * its users outside the bpf() map/link commands: SO_ATTACH_BPF and
 * SO_ATTACH_REUSEPORT_EBPF (net/core/filter.c), BPF_PROG_TEST_RUN,
 * BPF_RAW_TRACEPOINT_OPEN, PROG_ARRAY updates (prog_fd_array_get_ptr()),
 * and the prog fds of freplace (BPF_PROG_TYPE_EXT) programs: attach_prog_fd
 * at load, target_fd of BPF_LINK_CREATE (bpf_tracing_prog_attach()); the
 * XDP prog fds in DEVMAP / CPUMAP values (bpf_prog_get_type_dev(),
 * bpf_prog_get_type()).
 */
#include <net/if.h>
#include <netinet/in.h>

#include "bpf_util.h"

static long attach_bpf(int sock, int opt, __u32 prog)
{
	return setsockopt(sock, SOL_SOCKET, opt, &prog, sizeof(prog));
}

/* sock_setsockopt() wants an int-sized optval even for the detaches. */
static long detach(int sock, int opt)
{
	int zero = 0;

	return setsockopt(sock, SOL_SOCKET, opt, &zero, sizeof(zero));
}

FIXTURE(pg)
{
	int filter, cg_skb, msg, map;
};

FIXTURE_SETUP(pg)
{
	self->filter = socket_filter_prog();
	ASSERT_LE(0, self->filter) TH_LOG("%s\n%s", strerror(errno),
					  bpf_log_buf);
	self->cg_skb = prog_load_ret(BPF_PROG_TYPE_CGROUP_SKB,
				     BPF_CGROUP_INET_INGRESS, 1);
	ASSERT_LE(0, self->cg_skb);
	self->msg = prog_load_ret(BPF_PROG_TYPE_SK_MSG, 0, SK_PASS);
	ASSERT_LE(0, self->msg);
	self->map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 4, 1);
	ASSERT_LE(0, self->map);
}

FIXTURE_TEARDOWN(pg)
{
	EXPECT_CLOSE_GONE(self->map, OBJ_MAP);
	EXPECT_CLOSE_GONE(self->msg, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->cg_skb, OBJ_PROG);
	EXPECT_CLOSE_GONE(self->filter, OBJ_PROG);
}

TEST_F(pg, so_attach_bpf)
{
	int families[] = { AF_UNIX, AF_INET };

	for (unsigned int i = 0; i < ARRAY_LEN(families); i++) {
		int s = socket(families[i], SOCK_DGRAM, 0);

		ASSERT_LE(0, s);
		EXPECT_BAD_FDS(attach_bpf(s, SO_ATTACH_BPF, BADFD), errs_fdget);
		EXPECT_ERRNO(EINVAL, attach_bpf(s, SO_ATTACH_BPF, self->map));
		/* a prog, but not a socket filter */
		EXPECT_ERRNO(EINVAL, attach_bpf(s, SO_ATTACH_BPF, self->cg_skb));
		EXPECT_ERRNO(EINVAL, attach_bpf(s, SO_ATTACH_BPF, self->msg));
		/* the socket itself as prog fd */
		EXPECT_ERRNO(EINVAL, attach_bpf(s, SO_ATTACH_BPF, s));
		EXPECT_ERRNO(ENOENT, detach(s, SO_DETACH_BPF));

		EXPECT_EQ(0, attach_bpf(s, SO_ATTACH_BPF, self->filter))
			TH_LOG("%s", strerror(errno));
		/* and again (replaces it) */
		EXPECT_EQ(0, attach_bpf(s, SO_ATTACH_BPF, self->filter));
		EXPECT_EQ(0, detach(s, SO_DETACH_BPF));
		EXPECT_ERRNO(ENOENT, detach(s, SO_DETACH_BPF));

		/* the socket keeps the prog; the prog fd can go */
		{
			int p = socket_filter_prog();
			__u32 id = prog_id(p);

			ASSERT_LE(0, p);
			EXPECT_EQ(0, attach_bpf(s, SO_ATTACH_BPF, p));
			close(p);
			usleep(20000);
			EXPECT_TRUE(bpf_id_listed(BPF_PROG_GET_NEXT_ID, id));
			close(s);
			EXPECT_TRUE(bpf_id_gone(BPF_PROG_GET_NEXT_ID, id));
		}
	}
}

/* SO_LOCK_FILTER: EPERM before the fd is looked at. */
TEST_F(pg, so_attach_bpf_locked)
{
	static const int all_eperm[BAD_KIND_MAX] = {
		EPERM, EPERM, EPERM, EPERM, EPERM, EPERM,
	};
	int s = socket(AF_UNIX, SOCK_DGRAM, 0), one = 1;

	ASSERT_LE(0, s);
	ASSERT_EQ(0, attach_bpf(s, SO_ATTACH_BPF, self->filter));
	ASSERT_EQ(0, setsockopt(s, SOL_SOCKET, SO_LOCK_FILTER, &one,
				sizeof(one)));
	EXPECT_BAD_FDS(attach_bpf(s, SO_ATTACH_BPF, BADFD), all_eperm);
	EXPECT_ERRNO(EPERM, attach_bpf(s, SO_ATTACH_BPF, self->filter));
	EXPECT_ERRNO(EPERM, detach(s, SO_DETACH_BPF));
	close(s);
}

/*
 * SO_ATTACH_REUSEPORT_EBPF: bpf_prog_get_type(SOCKET_FILTER), and on
 * EINVAL a second lookup of the same fd as SK_REUSEPORT.
 */
TEST_F(pg, so_attach_reuseport)
{
	int s = socket(AF_INET, SOCK_DGRAM, 0), one = 1, sel;

	ASSERT_LE(0, s);
	ASSERT_EQ(0, setsockopt(s, SOL_SOCKET, SO_REUSEPORT, &one,
				sizeof(one)));
	sel = prog_load_ret(BPF_PROG_TYPE_SK_REUSEPORT, 0, SK_PASS);
	ASSERT_LE(0, sel) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);

	EXPECT_BAD_FDS(attach_bpf(s, SO_ATTACH_REUSEPORT_EBPF, BADFD),
		       errs_fdget);
	EXPECT_ERRNO(EINVAL, attach_bpf(s, SO_ATTACH_REUSEPORT_EBPF,
					self->map));
	EXPECT_ERRNO(EINVAL, attach_bpf(s, SO_ATTACH_REUSEPORT_EBPF,
					self->cg_skb));
	EXPECT_EQ(0, attach_bpf(s, SO_ATTACH_REUSEPORT_EBPF, self->filter))
		TH_LOG("filter: %s", strerror(errno));
	EXPECT_EQ(0, attach_bpf(s, SO_ATTACH_REUSEPORT_EBPF, sel))
		TH_LOG("sk_reuseport: %s", strerror(errno));
	EXPECT_EQ(0, detach(s, SO_DETACH_REUSEPORT_BPF));
	close(s);

	/* an SK_REUSEPORT prog on a unix socket: ENOTSUPP; a filter on a
	 * socket without SO_REUSEPORT: EINVAL */
	s = socket(AF_UNIX, SOCK_DGRAM, 0);
	ASSERT_LE(0, s);
	EXPECT_ERRNO(ENOTSUPP_K, attach_bpf(s, SO_ATTACH_REUSEPORT_EBPF, sel));
	close(s);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	EXPECT_ERRNO(EINVAL, attach_bpf(s, SO_ATTACH_REUSEPORT_EBPF,
					self->filter));
	close(s);
	close(sel);
}

static __u32 test_retval;

static long test_run(int prog)
{
	unsigned char pkt[64] = { 0 };
	union bpf_attr attr;
	long r;

	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = prog;
	attr.test.data_in = ptr_to_u64(pkt);
	attr.test.data_size_in = sizeof(pkt);
	attr.test.repeat = 1;
	r = BPF(BPF_PROG_TEST_RUN, &attr);
	test_retval = attr.test.retval;
	return r;
}

TEST_F(pg, prog_test_run)
{
	int p = prog_load_ret(BPF_PROG_TYPE_SOCKET_FILTER, 0, 1234);

	ASSERT_LE(0, p);
	EXPECT_EQ(0, test_run(p)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(1234, test_retval);
	close(p);
	EXPECT_EQ(0, test_run(self->cg_skb)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(1, test_retval);

	EXPECT_BAD_FDS(test_run(BADFD), errs_fdget);
	EXPECT_ERRNO(EINVAL, test_run(self->map));
	/* SK_MSG has no test_run: ENOTSUPP after the prog was found */
	EXPECT_ERRNO(ENOTSUPP_K, test_run(self->msg));
}

TEST_F(pg, raw_tracepoint_open)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	EXPECT_BAD_FDS(({ attr.raw_tracepoint.prog_fd = BADFD;
			  BPF(BPF_RAW_TRACEPOINT_OPEN, &attr); }), errs_fdget);
	attr.raw_tracepoint.prog_fd = self->map;
	EXPECT_ERRNO(EINVAL, BPF(BPF_RAW_TRACEPOINT_OPEN, &attr));
	/* a prog, but not a raw tracepoint one */
	attr.raw_tracepoint.prog_fd = self->filter;
	EXPECT_ERRNO(EINVAL, BPF(BPF_RAW_TRACEPOINT_OPEN, &attr));
}

/* PROG_ARRAY: the value is a prog fd (prog_fd_array_get_ptr()). */
TEST_F(pg, prog_array_update)
{
	int pa = bpf_map_create(BPF_MAP_TYPE_PROG_ARRAY, 4, 4, 4), other;
	__u32 key = 1, val, id = 0;

	ASSERT_LE(0, pa);
	EXPECT_BAD_FDS(({ val = BADFD;
			  bpf_map_update(pa, &key, &val, BPF_ANY); }),
		       errs_fdget);
	val = self->map;
	EXPECT_ERRNO(EINVAL, bpf_map_update(pa, &key, &val, BPF_ANY));
	val = self->filter;
	EXPECT_EQ(0, bpf_map_update(pa, &key, &val, BPF_ANY))
		TH_LOG("%s", strerror(errno));
	EXPECT_EQ(0, bpf_map_lookup(pa, &key, &id));
	EXPECT_EQ(prog_id(self->filter), id);
	/* the array now belongs to socket filters: other types EINVAL */
	val = self->cg_skb;
	EXPECT_ERRNO(EINVAL, bpf_map_update(pa, &key, &val, BPF_ANY));
	other = socket_filter_prog();
	ASSERT_LE(0, other);
	val = other;
	key = 2;
	EXPECT_EQ(0, bpf_map_update(pa, &key, &val, BPF_ANY));
	close(other);
	EXPECT_EQ(0, bpf_map_delete(pa, &key));
	EXPECT_ERRNO(ENOENT, bpf_map_delete(pa, &key));
	close(pa);
}

/* "r0 = ret; exit" with BTF func_info: an EXT target or an EXT prog. */
static int load_with_btf(enum bpf_prog_type type, int ret, int btf,
			 int attach_prog_fd)
{
	struct bpf_insn insns[] = { MOV64_IMM(BPF_REG_0, ret), EXIT_INSN() };
	struct bpf_func_info fi = { .insn_off = 0, .type_id = BTF_ID_FUNC };
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.prog_btf_fd = btf;
	attr.func_info = ptr_to_u64(&fi);
	attr.func_info_cnt = 1;
	attr.func_info_rec_size = sizeof(fi);
	if (attach_prog_fd) {
		attr.attach_prog_fd = attach_prog_fd;
		attr.attach_btf_id = BTF_ID_FUNC;
	}
	return prog_load_attr(&attr, insns, ARRAY_LEN(insns));
}

static long ext_link(int ext, int target)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = ext;
	attr.link_create.target_fd = target;
	attr.link_create.target_btf_id = BTF_ID_FUNC;
	return BPF(BPF_LINK_CREATE, &attr);
}

/*
 * freplace: bpf_prog_load() takes attach_prog_fd with bpf_prog_get() (and
 * on failure tries it as a BTF fd: EINVAL for every bad class); the link
 * takes target_fd with bpf_prog_get() again.  While linked, running the
 * target runs the extension.
 */
TEST_F(pg, ext_prog_fds)
{
	int btf = btf_load_basic(), target, ext, link;

	ASSERT_LE(0, btf);
	target = load_with_btf(BPF_PROG_TYPE_SOCKET_FILTER, 0, btf, 0);
	ASSERT_LE(0, target) TH_LOG("target: %s\n%s", strerror(errno),
				    bpf_log_buf);
	ext = load_with_btf(BPF_PROG_TYPE_EXT, 7, btf, target);
	ASSERT_LE(0, ext) TH_LOG("ext: %s\n%s", strerror(errno), bpf_log_buf);

	EXPECT_BAD_FDS(load_with_btf(BPF_PROG_TYPE_EXT, 7, btf, BADFD),
		       errs_all_einval);
	EXPECT_ERRNO(EINVAL, load_with_btf(BPF_PROG_TYPE_EXT, 7, btf,
					   self->map));
	/* a target without BTF */
	EXPECT_ERRNO(EINVAL, load_with_btf(BPF_PROG_TYPE_EXT, 7, btf,
					   self->filter));

	/* link target_fd */
	EXPECT_BAD_FDS(ext_link(ext, BADFD), errs_fdget);
	EXPECT_ERRNO(EINVAL, ext_link(ext, self->map));
	EXPECT_ERRNO(EINVAL, ext_link(self->filter, target));

	EXPECT_EQ(0, test_run(target));
	EXPECT_EQ(0, test_retval);
	link = ext_link(ext, target);
	ASSERT_LE(0, link) TH_LOG("link: %s", strerror(errno));
	EXPECT_EQ(0, test_run(target));
	EXPECT_EQ(7, test_retval);
	close(link);
	EXPECT_EQ(0, test_run(target));
	EXPECT_EQ(0, test_retval);

	close(ext);
	close(target);
	close(btf);
}

/*
 * DEVMAP / CPUMAP values carry an XDP prog fd, used only if > 0 (so -1
 * means "no prog" and succeeds).  Every lookup failure is collapsed:
 * EINVAL for a devmap (__dev_map_alloc_node()), ENOMEM for a cpumap
 * (__cpu_map_entry_alloc() returns NULL).
 */
TEST_F(pg, devmap_cpumap_prog_fd)
{
	static const int errs_devmap[BAD_KIND_MAX] = {
		EINVAL, 0, EINVAL, EINVAL, EINVAL, EINVAL,
	};
	static const int errs_cpumap[BAD_KIND_MAX] = {
		ENOMEM, 0, ENOMEM, ENOMEM, ENOMEM, ENOMEM,
	};
	struct { __u32 a; int fd; } val;
	int xdp_dev, xdp_cpu, dm, cm;
	__u32 key = 0, lo = if_nametoindex("lo");

	ASSERT_NE(0, lo);
	xdp_dev = prog_load_ret(BPF_PROG_TYPE_XDP, BPF_XDP_DEVMAP, 2);
	ASSERT_LE(0, xdp_dev) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	xdp_cpu = prog_load_ret(BPF_PROG_TYPE_XDP, BPF_XDP_CPUMAP, 2);
	ASSERT_LE(0, xdp_cpu) TH_LOG("%s\n%s", strerror(errno), bpf_log_buf);
	dm = bpf_map_create(BPF_MAP_TYPE_DEVMAP, 4, 8, 2);
	ASSERT_LE(0, dm) TH_LOG("devmap: %s", strerror(errno));
	cm = bpf_map_create(BPF_MAP_TYPE_CPUMAP, 4, 8, 1);
	ASSERT_LE(0, cm) TH_LOG("cpumap: %s", strerror(errno));

	val.a = lo;
	EXPECT_FD_RESULTS(({ val.fd = BADFD;
			     bpf_map_update(dm, &key, &val, BPF_ANY); }),
			  errs_devmap);
	val.fd = self->map;
	EXPECT_ERRNO(EINVAL, bpf_map_update(dm, &key, &val, BPF_ANY));
	val.fd = self->filter;
	EXPECT_ERRNO(EINVAL, bpf_map_update(dm, &key, &val, BPF_ANY));
	val.fd = xdp_cpu;
	EXPECT_ERRNO(EINVAL, bpf_map_update(dm, &key, &val, BPF_ANY));
	val.fd = xdp_dev;
	EXPECT_EQ(0, bpf_map_update(dm, &key, &val, BPF_ANY))
		TH_LOG("%s", strerror(errno));

	val.a = 16;	/* qsize */
	EXPECT_FD_RESULTS(({ val.fd = BADFD;
			     bpf_map_update(cm, &key, &val, BPF_ANY); }),
			  errs_cpumap);
	val.fd = self->map;
	EXPECT_ERRNO(ENOMEM, bpf_map_update(cm, &key, &val, BPF_ANY));
	val.fd = xdp_dev;
	EXPECT_ERRNO(ENOMEM, bpf_map_update(cm, &key, &val, BPF_ANY));
	val.fd = xdp_cpu;
	EXPECT_EQ(0, bpf_map_update(cm, &key, &val, BPF_ANY))
		TH_LOG("%s", strerror(errno));

	close(cm);
	close(dm);
	close(xdp_cpu);
	close(xdp_dev);
}

TEST_HARNESS_MAIN

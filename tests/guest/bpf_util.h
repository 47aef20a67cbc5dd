/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for the bpf_*.c guest tests, on top of fdtest.h: struct bpf_insn
 * macros (no libbpf, programs are hand-written), program loading with a
 * verifier log, a tiny BTF blob builder, object id look-ups, and a variant
 * of EXPECT_BAD_FDS() for paths where some fd classes are valid input.
 */
#ifndef BPF_UTIL_H
#define BPF_UTIL_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <linux/btf.h>

#include "fdtest.h"

/*
 * Shared fd table in every test.  fdget() only takes a reference (and
 * fdput() only drops one) when the fd table is shared; in a single-
 * threaded process both are no-ops, so a missing or doubled fdput() on
 * some path would go unnoticed.  The harness forks one child per test;
 * this atfork handler gives each child an idle second thread, so every
 * command in every test runs the refcounting variant, and a leaked
 * reference keeps its object alive (bpf_id_gone() checks, kmemleak).
 * BPF_UTIL_UNSHARED=1 in the environment turns it off.
 */
static void *bpf_util_idle(void *arg)
{
	for (;;)
		pause();
	return arg;
}

static void bpf_util_share_fd_table(void)
{
	pthread_t t;

	if (!pthread_create(&t, NULL, bpf_util_idle, NULL))
		pthread_detach(t);
}

__attribute__((constructor)) static void bpf_util_init(void)
{
	if (!getenv("BPF_UTIL_UNSHARED"))
		pthread_atfork(NULL, NULL, bpf_util_share_fd_table);
}

/* Is the fd table shared (more than one thread in this process)? */
static inline int fd_table_shared(void)
{
	char buf[4096], *p;
	ssize_t n;
	int fd = open("/proc/self/status", O_RDONLY);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "Threads:");
	return p ? atoi(p + 8) > 1 : -1;
}

/* The kernel's ENOTSUPP (not EOPNOTSUPP) leaks to user space as 524. */
#define ENOTSUPP_K	524

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

/* ---- instructions ------------------------------------------------------ */

#define INSN(c, d, s, o, i)						\
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s),	\
			    .off = (o), .imm = (i) })

#define MOV64_IMM(d, i)		INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)		INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ALU64_IMM(op, d, i)	INSN(BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define LDX_MEM(sz, d, s, o)	INSN(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define STX_MEM(sz, d, s, o)	INSN(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
#define ST_MEM(sz, d, o, i)	INSN(BPF_ST | BPF_MEM | (sz), d, 0, o, i)
#define JMP_IMM(op, d, i, o)	INSN(BPF_JMP | (op) | BPF_K, d, 0, o, i)
#define CALL_HELPER(fn)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, fn)
#define EXIT_INSN()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

/* BPF_LD_IMM64 is two instructions: use inside an initializer list. */
#define LD_IMM64_RAW(d, s, lo, hi)					\
	INSN(BPF_LD | BPF_DW | BPF_IMM, d, s, 0, lo), INSN(0, 0, 0, 0, hi)
#define LD_MAP_FD(d, fd)	LD_IMM64_RAW(d, BPF_PSEUDO_MAP_FD, fd, 0)
#define LD_MAP_IDX(d, idx)	LD_IMM64_RAW(d, BPF_PSEUDO_MAP_IDX, idx, 0)
#define LD_MAP_VALUE(d, fd, off) LD_IMM64_RAW(d, BPF_PSEUDO_MAP_VALUE, fd, off)
#define LD_BTF_ID(d, id, btf_fd) LD_IMM64_RAW(d, BPF_PSEUDO_BTF_ID, id, btf_fd)

/* ---- program loading ----------------------------------------------------- */

static char bpf_log_buf[16384];

/*
 * BPF_PROG_LOAD from a prepared attr; insns/license filled in here.  The
 * load runs without a log (a truncated log would itself fail the load);
 * if it fails, it is repeated with a log into bpf_log_buf for TH_LOG, and
 * the first attempt's errno is kept.
 */
static inline int prog_load_attr(union bpf_attr *attr,
				 const struct bpf_insn *insns, __u32 cnt)
{
	static const char license[] = "GPL";
	int fd, e;

	attr->insns = ptr_to_u64(insns);
	attr->insn_cnt = cnt;
	attr->license = ptr_to_u64(license);
	bpf_log_buf[0] = 0;
	fd = BPF(BPF_PROG_LOAD, attr);
	if (fd >= 0 || attr->log_buf)
		return fd;
	e = errno;
	attr->log_buf = ptr_to_u64(bpf_log_buf);
	attr->log_size = sizeof(bpf_log_buf);
	attr->log_level = 1;
	fd = BPF(BPF_PROG_LOAD, attr);
	if (fd >= 0)	/* cannot happen; don't leak it */
		close(fd);
	attr->log_buf = 0;
	attr->log_size = 0;
	attr->log_level = 0;
	if (getenv("BPF_UTIL_VERBOSE"))
		fprintf(stderr, "# verifier log:\n%s\n", bpf_log_buf);
	errno = e;
	return -1;
}

static inline int prog_load(enum bpf_prog_type type, __u32 expected_attach,
			    const struct bpf_insn *insns, __u32 cnt)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.expected_attach_type = expected_attach;
	return prog_load_attr(&attr, insns, cnt);
}

/* The smallest program of a type: "r0 = ret; exit". */
static inline int prog_load_ret(enum bpf_prog_type type, __u32 expected_attach,
				int ret)
{
	struct bpf_insn insns[] = { MOV64_IMM(BPF_REG_0, ret), EXIT_INSN() };

	return prog_load(type, expected_attach, insns, ARRAY_LEN(insns));
}

static inline int socket_filter_prog(void)
{
	return prog_load_ret(BPF_PROG_TYPE_SOCKET_FILTER, 0, 0);
}

/* ---- maps ------------------------------------------------------------------ */

/* An ARRAY_OF_MAPS / HASH_OF_MAPS with u32 keys, inner maps like INNER. */
static inline int map_of_maps_create(enum bpf_map_type type, int inner,
				     __u32 max_entries)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = type;
	attr.key_size = 4;
	attr.value_size = 4;
	attr.max_entries = max_entries;
	attr.inner_map_fd = inner;
	return BPF(BPF_MAP_CREATE, &attr);
}

static inline int bpf_map_delete(int fd, const void *key)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	attr.key = ptr_to_u64(key);
	return BPF(BPF_MAP_DELETE_ELEM, &attr);
}

/* ---- object ids -------------------------------------------------------------- */

static inline int obj_info(int fd, void *info, __u32 len)
{
	union bpf_attr attr;

	memset(info, 0, len);
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = fd;
	attr.info.info_len = len;
	attr.info.info = ptr_to_u64(info);
	return BPF(BPF_OBJ_GET_INFO_BY_FD, &attr);
}

static inline __u32 map_id(int fd)
{
	struct bpf_map_info info;

	return obj_info(fd, &info, sizeof(info)) ? 0 : info.id;
}

static inline __u32 prog_id(int fd)
{
	struct bpf_prog_info info;

	return obj_info(fd, &info, sizeof(info)) ? 0 : info.id;
}

static inline __u32 btf_obj_id(int fd)
{
	struct bpf_btf_info info;

	return obj_info(fd, &info, sizeof(info)) ? 0 : info.id;
}

static inline __u32 link_id(int fd)
{
	struct bpf_link_info info;

	return obj_info(fd, &info, sizeof(info)) ? 0 : info.id;
}

/* ---- BPF_PROG_ATTACH / DETACH / QUERY (cgroup, netns, sockmap targets) ---- */

static inline long prog_attach(int target, int prog, __u32 type, __u32 flags,
			       int replace)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.target_fd = target;
	attr.attach_bpf_fd = prog;
	attr.attach_type = type;
	attr.attach_flags = flags;
	attr.replace_bpf_fd = replace;
	return BPF(BPF_PROG_ATTACH, &attr);
}

static inline long prog_detach(int target, int prog, __u32 type)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.target_fd = target;
	attr.attach_bpf_fd = prog;
	attr.attach_type = type;
	return BPF(BPF_PROG_DETACH, &attr);
}

/* The ids and count of the programs that prog_query() found. */
static __u32 query_ids[4] __attribute__((unused));
static __u32 query_cnt __attribute__((unused));

static inline long prog_query(int target, __u32 type)
{
	union bpf_attr attr;
	long r;

	memset(query_ids, 0, sizeof(query_ids));
	memset(&attr, 0, sizeof(attr));
	attr.query.target_fd = target;
	attr.query.attach_type = type;
	attr.query.prog_ids = ptr_to_u64(query_ids);
	attr.query.prog_cnt = ARRAY_LEN(query_ids);
	r = BPF(BPF_PROG_QUERY, &attr);
	query_cnt = attr.query.prog_cnt;
	return r;
}

/*
 * Close @fd and check its object goes away: nothing else may still hold
 * it (a reference leaked by some command on the way would keep it).
 */
enum obj_kind { OBJ_MAP, OBJ_PROG, OBJ_BTF, OBJ_LINK };

static inline int close_gone(int fd, enum obj_kind k)
{
	static const int cmd[] = {
		BPF_MAP_GET_NEXT_ID, BPF_PROG_GET_NEXT_ID,
		BPF_BTF_GET_NEXT_ID, BPF_LINK_GET_NEXT_ID,
	};
	__u32 id;

	if (fd < 0)
		return 1;
	id = k == OBJ_MAP ? map_id(fd) : k == OBJ_PROG ? prog_id(fd) :
	     k == OBJ_BTF ? btf_obj_id(fd) : link_id(fd);
	close(fd);
	return !id || bpf_id_gone(cmd[k], id);
}

#define EXPECT_CLOSE_GONE(fd, k)					\
	EXPECT_TRUE(close_gone((fd), (k)))				\
		TH_LOG("%s: object still there after its fd was closed", #fd)

/* ---- BTF ---------------------------------------------------------------------- */

static char btf_log_buf[4096];

static inline int btf_load_raw(const void *types, __u32 types_len,
			       const char *strs, __u32 strs_len)
{
	struct btf_header hdr = {
		.magic = BTF_MAGIC,
		.version = BTF_VERSION,
		.hdr_len = sizeof(hdr),
		.type_off = 0,
		.type_len = types_len,
		.str_off = types_len,
		.str_len = strs_len,
	};
	static unsigned char blob[4096];
	union bpf_attr attr;

	if (sizeof(hdr) + types_len + strs_len > sizeof(blob)) {
		errno = E2BIG;
		return -1;
	}
	memcpy(blob, &hdr, sizeof(hdr));
	memcpy(blob + sizeof(hdr), types, types_len);
	memcpy(blob + sizeof(hdr) + types_len, strs, strs_len);

	memset(&attr, 0, sizeof(attr));
	attr.btf = ptr_to_u64(blob);
	attr.btf_size = sizeof(hdr) + types_len + strs_len;
	btf_log_buf[0] = 0;
	attr.btf_log_buf = ptr_to_u64(btf_log_buf);
	attr.btf_log_size = sizeof(btf_log_buf);
	attr.btf_log_level = 1;
	return BPF(BPF_BTF_LOAD, &attr);
}

#define BTF_INFO(kind, vlen)	(((kind) << 24) | ((vlen) & 0xffff))
#define BTF_INT_ENC(enc, off, bits) (((enc) << 24) | ((off) << 16) | (bits))

/*
 * The BTF every test uses: [1] int, [2] struct val { int a; int b; },
 * [3] func_proto int(void), [4] func "prog" of type [3].
 */
#define BTF_ID_INT	1
#define BTF_ID_VAL	2
#define BTF_ID_FUNC	4
static inline int btf_load_basic(void)
{
	static const char strs[] = "\0int\0val\0a\0b\0prog";
	/* offsets into strs: int=1 val=5 a=9 b=11 prog=13 */
	const __u32 types[] = {
		/* [1] int */
		1, BTF_INFO(BTF_KIND_INT, 0), 4,
		BTF_INT_ENC(BTF_INT_SIGNED, 0, 32),
		/* [2] struct val, 2 members, size 8 */
		5, BTF_INFO(BTF_KIND_STRUCT, 2), 8,
		9, BTF_ID_INT, 0,
		11, BTF_ID_INT, 32,
		/* [3] func_proto: returns int, no args */
		0, BTF_INFO(BTF_KIND_FUNC_PROTO, 0), BTF_ID_INT,
		/* [4] func prog, global linkage */
		13, BTF_INFO(BTF_KIND_FUNC, 0) | 1, 3,
	};

	return btf_load_raw(types, sizeof(types), strs, sizeof(strs));
}

/* An inode storage map keyed by an fd, types from btf_load_basic()'s BTF. */
static inline int inode_storage_create(int btf)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_INODE_STORAGE;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.map_flags = BPF_F_NO_PREALLOC;
	attr.btf_fd = btf;
	attr.btf_key_type_id = BTF_ID_INT;
	attr.btf_value_type_id = BTF_ID_VAL;
	return BPF(BPF_MAP_CREATE, &attr);
}

/* The same with a BTF object of its own, closed again: the map's fd or -1. */
static inline int inode_storage_map(void)
{
	int btf = btf_load_basic(), fd;

	if (btf < 0)
		return -1;
	fd = inode_storage_create(btf);
	close(btf);
	return fd;
}

/* ---- fd classes ------------------------------------------------------------------ */

/*
 * Like EXPECT_BAD_FDS(), but want[k] == 0 means "class k must succeed"
 * (expr returns >= 0): for paths that accept some of the "bad" classes,
 * e.g. inode storage keyed by any file, or sockmap taking any socket.
 */
#define EXPECT_FD_RESULTS(expr, want) do {				\
	for (int _k = 0; _k < BAD_KIND_MAX; _k++) {			\
		int BADFD = bad_fd_make(_k);				\
		long _r;						\
		errno = 0;						\
		_r = (expr);						\
		if ((want)[_k] == 0) {					\
			EXPECT_LE(0, _r) TH_LOG("%s fd: returned %ld, "	\
				"errno %d (%s), want success",		\
				bad_fd_name[_k], _r, errno,		\
				strerror(errno));			\
		} else {						\
			EXPECT_EQ(-1, _r) TH_LOG("%s fd: returned %ld",	\
						 bad_fd_name[_k], _r);	\
			EXPECT_EQ((want)[_k], errno)			\
				TH_LOG("%s fd: errno %d (%s), want %d",	\
				       bad_fd_name[_k], errno,		\
				       strerror(errno), (want)[_k]);	\
		}							\
		bad_fd_release(_k, BADFD);				\
	}								\
} while (0)

/* One call that must fail with errno @want. */
#define EXPECT_ERRNO(want, expr) do {					\
	long _r;							\
	errno = 0;							\
	_r = (expr);							\
	EXPECT_EQ(-1, _r) TH_LOG("%s: returned %ld", #expr, _r);	\
	EXPECT_EQ((want), errno) TH_LOG("%s: errno %d (%s), want %d",	\
					#expr, errno, strerror(errno),	\
					(want));			\
} while (0)

/* One call that must succeed (>= 0). */
#define EXPECT_OK(expr) do {						\
	long _r;							\
	errno = 0;							\
	_r = (expr);							\
	EXPECT_LE(0, _r) TH_LOG("%s: returned %ld, errno %d (%s)",	\
				#expr, _r, errno, strerror(errno));	\
} while (0)

/* The common errno tables (indexed by enum bad_fd_kind). */
/* fdget() + f_op check (maps, progs, links, BTF): */
static const int errs_fdget[BAD_KIND_MAX] = {
	[BAD_CLOSED] = EBADF, [BAD_MINUS1] = EBADF, [BAD_HUGE] = EBADF,
	[BAD_DEVNULL] = EINVAL, [BAD_OPATH] = EBADF, [BAD_SOCKET] = EINVAL,
};

/* Every class succeeds / every class is EINVAL (EXPECT_FD_RESULTS). */
static const int errs_none[BAD_KIND_MAX];
static const int errs_all_einval[BAD_KIND_MAX] = {
	EINVAL, EINVAL, EINVAL, EINVAL, EINVAL, EINVAL,
};

#endif /* BPF_UTIL_H */

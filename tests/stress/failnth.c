// SPDX-License-Identifier: GPL-2.0
/*
 * fail-nth walk: every fd-taking call of one table (BPF commands, VFS,
 * event, socket and namespace syscalls, the conversion of 0019-0034) is run with
 * /proc/thread-self/fail-nth = 1, 2, 3, ... (the nth slab allocation, page
 * allocation or user copy of the call fails) until the call no longer
 * reaches the nth fault point.  Each point starts from fresh objects, and
 * after it:
 *  - the call succeeded or failed with an errno an allocation or copy
 *    failure may give (ENOMEM, EFAULT, ...; per call a few more);
 *  - a failed call installed no new fd, and every fd it was given still
 *    names the same file (fstat: same inode);
 *  - the kernel printed no report (BUG/WARNING/KASAN/lockdep, read from
 *    /dev/kmsg after every point, so the report names its (call, nth));
 *  - once all fds of the point are closed, no BPF map/prog/link/BTF is
 *    left (BPF_*_GET_NEXT_ID);
 * and after each call family the file count (/proc/sys/fs/file-nr) is
 * back, and at the end kmemleak finds nothing.  The uninjected run (the
 * last point) must succeed, so that a table entry that cannot work does
 * not walk an early-error path only.
 *
 * Every family runs twice: with a private fd table (fdget() takes no
 * reference, so a put where nothing was taken is a use-after-free) and
 * with a shared one (an idle second thread: a missing put leaks).
 *
 * The families named bugfix_* walk a call with a bug in 6.1 that the
 * series fixes: they run only with -b (their own boot: on the baseline
 * kmemleak reports the bug), fail on the baseline and pass patched.
 *
 * Options: -n MAX  points per call at most (default 100000: the whole
 * walk), -s SEC  time budget per call (default unlimited), -c NAME  only
 * this call (for reproducing one point), -b  the bugfix_* families,
 * -k  a kmemleak scan after each family (else only vm-run's at the end).
 * Every failure prints one line "# FAIL call=<name> nth=<n>: <reason>".
 */
#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <linux/aio_abi.h>
#include <linux/fs.h>
#include <linux/keyctl.h>
#include <linux/landlock.h>
#include <linux/mount.h>
#include <linux/perf_event.h>
#include <mqueue.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/fanotify.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <sys/xattr.h>

#include "fs_util.h"
#include "bpf_util.h"
#include "stress_util.h"

/* <linux/watch_queue.h> clashes with glibc's <fcntl.h> */
#define O_NOTIFICATION_PIPE	O_EXCL
#define IOC_WATCH_QUEUE_SET_SIZE _IO('W', 0x60)

#define WDIR	"/tmp/fnw"
#define OVL	"/tmp/fnw-ovl"	/* overlay: l u w m, lower file l/f */
#define CGDIR	"/sys/fs/cgroup/fnw"
#define PIN	"/sys/fs/bpf/fnw_pin"
#define MEMCG	"/tmp/fnw-memcg"	/* cgroup v1 memory hierarchy */
#define DUPFD	300	/* dup2()/dup3() target: above every fd used here */
#define NSCAN	128	/* fds 0..NSCAN-1 (and DUPFD) are compared */

static unsigned long opt_max = 100000;
static double opt_secs;
static const char *opt_call;
static int opt_bugfix, opt_kmemleak;

/* ---- the objects a call works on ------------------------------------- */

enum res {
	R_FILE, R_FILE2, R_DIR, R_PIPE, R_PIPE2, R_UNIX, R_DGRAM, R_LISTEN,
	R_SCM, R_HASH, R_ARRAY, R_ARRAY1, R_QUEUE, R_OUTER, R_SOCKMAP,
	R_STORAGE, R_BTF, R_PROG, R_SKB, R_CGROUP, R_ATTACHED, R_LINK,
	R_EPOLL, R_INOTIFY, R_FANOTIFY, R_EVENTFD, R_TIMERFD, R_SIGNALFD,
	R_URING, R_AIO, R_PERF, R_NETNS, R_PIDFD, R_MQ, R_FSCTX, R_PINNED,
	R_STREAM, R_SPARE, R_OVL, R_NOTIFY, R_LANDLOCK, R_EXE, R_MOD, R_SQPOLL,
	R_MEMCG, NRES
};
#define B(r) (1ULL << (r))

struct ctx {
	int fd[NRES];	/* the object (for pairs: the end the call uses) */
	int peer[NRES];	/* the other end of a pipe or socket pair */
	__u32 map_id, prog_id, btf_id, link_id;
	aio_context_t aio;
	struct stat st[NRES];
};

static struct ctx C;

static int hash_create(void)
{
	int fd = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 8);

	for (__u32 k = 0; fd >= 0 && k < 4; k++) {
		__u64 v = k;

		bpf_map_update(fd, &k, &v, BPF_ANY);
	}
	return fd;
}

static int skb_prog(void)
{
	return prog_load_ret(BPF_PROG_TYPE_CGROUP_SKB, BPF_CGROUP_INET_EGRESS,
			     1);
}

static long link_create(int prog, int target, __u32 type)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_create.prog_fd = prog;
	attr.link_create.target_fd = target;
	attr.link_create.attach_type = type;
	return BPF(BPF_LINK_CREATE, &attr);
}


static int obj_pin(int fd, const char *path)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = ptr_to_u64(path);
	attr.bpf_fd = fd;
	return BPF(BPF_OBJ_PIN, &attr);
}

static int send_fd(int sock, int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 }, b = 'x';
	struct iovec iov = { &b, 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = cbuf,
			     .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&mh);

	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	return sendmsg(sock, &mh, 0) == 1 ? 0 : -1;
}

static struct sockaddr_un listen_addr(void)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };

	snprintf(a.sun_path + 1, sizeof(a.sun_path) - 1, "fnw-%d", getpid());
	return a;
}

static char buf4k[4096];

/* Open resource @r into C (0 or -1). */
static int res_open(enum res r)
{
	int *fd = &C.fd[r], *peer = &C.peer[r], p[2], e;
	sigset_t ss;

	switch (r) {
	case R_FILE:
		*fd = fs_tmpfile(NULL);
		for (int i = 0; *fd >= 0 && i < 4; i++)
			if (write(*fd, buf4k, sizeof(buf4k)) != sizeof(buf4k))
				return -1;
		return *fd < 0 ? -1 : (int)lseek(*fd, 0, SEEK_SET);
	case R_FILE2:
		return (*fd = fs_tmpfile(NULL)) < 0 ? -1 : 0;
	case R_DIR:
		return (*fd = open(WDIR, O_RDONLY | O_DIRECTORY)) < 0 ? -1 : 0;
	case R_PIPE:
	case R_PIPE2:
		if (pipe2(p, O_NONBLOCK))
			return -1;
		*fd = p[0], *peer = p[1];
		if (r == R_PIPE && write(p[1], buf4k, 512) != 512)
			return -1;
		return 0;
	case R_UNIX:
	case R_DGRAM:
	case R_SCM:
		if (socketpair(AF_UNIX, (r == R_DGRAM ? SOCK_DGRAM :
			       SOCK_STREAM) | SOCK_NONBLOCK, 0, p))
			return -1;
		*fd = p[0], *peer = p[1];
		if (r == R_SCM) {
			int f = fs_tmpfile("scm");

			e = f < 0 || send_fd(p[1], f);
			close(f);
			return e ? -1 : 0;
		}
		return write(p[1], buf4k, 256) == 256 ? 0 : -1;
	case R_LISTEN: {
		struct sockaddr_un a = listen_addr();

		*fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
		*peer = socket(AF_UNIX, SOCK_STREAM, 0);
		if (*fd < 0 || *peer < 0 || bind(*fd, (void *)&a, sizeof(a)) ||
		    listen(*fd, 8))
			return -1;
		return connect(*peer, (void *)&a, sizeof(a));
	}
	case R_HASH:
		return (*fd = hash_create()) < 0 ? -1 : 0;
	case R_ARRAY:
		return (*fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 4)) < 0 ?
		       -1 : 0;
	case R_ARRAY1:	/* direct value access needs max_entries == 1 */
		return (*fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 1)) < 0 ?
		       -1 : 0;
	case R_QUEUE: {
		__u64 v = 7;

		*fd = bpf_map_create(BPF_MAP_TYPE_QUEUE, 0, 8, 4);
		return *fd < 0 ? -1 : bpf_map_update(*fd, NULL, &v, 0);
	}
	case R_OUTER: {
		int in = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 4);
		__u32 k = 0, v = in;

		*fd = map_of_maps_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, in, 4);
		e = *fd < 0 || bpf_map_update(*fd, &k, &v, BPF_ANY);
		close(in);
		return e ? -1 : 0;
	}
	case R_SOCKMAP:
		return (*fd = bpf_map_create(BPF_MAP_TYPE_SOCKMAP, 4, 4, 4)) < 0 ?
		       -1 : 0;
	case R_STORAGE: {
		int btf = btf_load_basic();

		*fd = inode_storage_create(btf);
		close(btf);
		return *fd < 0 ? -1 : 0;
	}
	case R_BTF:
		return (*fd = btf_load_basic()) < 0 ? -1 : 0;
	case R_PROG:
		return (*fd = socket_filter_prog()) < 0 ? -1 : 0;
	case R_SKB:
		return (*fd = skb_prog()) < 0 ? -1 : 0;
	case R_CGROUP:
		return (*fd = open(CGDIR, O_RDONLY | O_DIRECTORY)) < 0 ? -1 : 0;
	case R_ATTACHED:	/* a prog attached to CGDIR (C.peer: the cgroup) */
		*fd = skb_prog();
		*peer = open(CGDIR, O_RDONLY | O_DIRECTORY);
		return *fd < 0 || *peer < 0 ? -1 :
		       (int)prog_attach(*peer, *fd, BPF_CGROUP_INET_EGRESS,
					0, 0);
	case R_LINK: {
		int cg = open(CGDIR, O_RDONLY | O_DIRECTORY), pr = skb_prog();

		*fd = link_create(pr, cg, BPF_CGROUP_INET_EGRESS);
		close(cg);
		close(pr);
		return *fd < 0 ? -1 : 0;
	}
	case R_EPOLL:
		return (*fd = epoll_create1(0)) < 0 ? -1 : 0;
	case R_INOTIFY:
		return (*fd = inotify_init1(IN_NONBLOCK)) < 0 ? -1 : 0;
	case R_FANOTIFY:
		*fd = fanotify_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
		return *fd < 0 ? -1 : 0;
	case R_EVENTFD:
		return (*fd = eventfd(1, EFD_NONBLOCK)) < 0 ? -1 : 0;
	case R_TIMERFD:
		*fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
		return *fd < 0 ? -1 : 0;
	case R_SIGNALFD:
		sigemptyset(&ss);
		sigaddset(&ss, SIGUSR1);
		return (*fd = signalfd(-1, &ss, SFD_NONBLOCK)) < 0 ? -1 : 0;
	case R_URING: {
		struct io_uring_params up = { 0 };

		return (*fd = fs_io_uring_setup(4, &up)) < 0 ? -1 : 0;
	}
	case R_AIO:	/* (the ring page faulted in here, not in the call) */
		C.aio = 0;
		*fd = -1;
		if (syscall(__NR_io_setup, 4, &C.aio))
			return -1;
		return *(volatile __u32 *)(uintptr_t)C.aio, 0;
	case R_PERF: {
		struct perf_event_attr pa = { .type = PERF_TYPE_SOFTWARE,
			.size = sizeof(pa), .config = PERF_COUNT_SW_CPU_CLOCK,
			.disabled = 1 };

		*fd = syscall(__NR_perf_event_open, &pa, 0, -1, -1, 0);
		return *fd < 0 ? -1 : 0;
	}
	case R_NETNS:
		return (*fd = open("/proc/self/ns/net", O_RDONLY)) < 0 ? -1 : 0;
	case R_PIDFD:
		return (*fd = syscall(__NR_pidfd_open, getpid(), 0)) < 0 ? -1 : 0;
	case R_MQ: {
		struct mq_attr ma = { .mq_maxmsg = 4, .mq_msgsize = 64 };

		*fd = mq_open("/fnw", O_RDWR | O_CREAT | O_NONBLOCK, 0600, &ma);
		mq_unlink("/fnw");
		return *fd < 0 ? -1 : 0;
	}
	case R_FSCTX:
		*fd = syscall(__NR_fsopen, "tmpfs", FSOPEN_CLOEXEC);
		return *fd < 0 ? -1 : 0;
	case R_STREAM: {	/* bound, not listening */
		struct sockaddr_un a = { .sun_family = AF_UNIX };

		snprintf(a.sun_path + 1, sizeof(a.sun_path) - 1, "fnws-%d",
			 getpid());
		*fd = socket(AF_UNIX, SOCK_STREAM, 0);
		return *fd < 0 ? -1 : bind(*fd, (void *)&a, sizeof(a));
	}
	case R_SPARE:	/* two more fds on one file, the highest open */
		*fd = open("/dev/null", O_RDWR);
		*peer = *fd < 0 ? -1 : dup(*fd);
		return *peer < 0 ? -1 : 0;
	case R_OVL:	/* overlay mounted, fd of m/f opened before copy-up */
		if (mount("overlay", OVL "/m", "overlay", 0, "lowerdir=" OVL
			  "/l,upperdir=" OVL "/u,workdir=" OVL "/w"))
			return -1;
		*fd = open(OVL "/m/f", O_RDONLY);
		*peer = open(OVL "/m/f", O_RDWR);	/* copies it up */
		return *fd < 0 || *peer < 0 ? -1 : 0;
	case R_NOTIFY:	/* a notification pipe (watch_queue) */
		if (pipe2(p, O_NOTIFICATION_PIPE))
			return -1;
		*fd = p[0], *peer = p[1];
		return ioctl(*fd, IOC_WATCH_QUEUE_SET_SIZE, 16) ? -1 : 0;
	case R_LANDLOCK: {
		struct landlock_ruleset_attr ra = {
			.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE };

		*fd = syscall(__NR_landlock_create_ruleset, &ra, sizeof(ra), 0);
		return *fd < 0 ? -1 : 0;
	}
	case R_EXE:
		return (*fd = open("/proc/self/exe", O_RDONLY)) < 0 ? -1 : 0;
	case R_MOD:	/* read-only (finit_module denies writers), not ELF */
		return (*fd = open(WDIR "/mod", O_RDONLY)) < 0 ? -1 : 0;
	case R_SQPOLL: {
		struct io_uring_params up = { .flags = IORING_SETUP_SQPOLL };

		return (*fd = fs_io_uring_setup(4, &up)) < 0 ? -1 : 0;
	}
	case R_MEMCG:	/* cgroup.event_control and the file to watch */
		*fd = open(MEMCG "/cgroup.event_control", O_WRONLY);
		*peer = open(MEMCG "/memory.usage_in_bytes", O_RDONLY);
		return *fd < 0 || *peer < 0 ? -1 : 0;
	case R_PINNED:	/* a map pinned at PIN */
		*peer = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 4);
		*fd = -1;
		return *peer < 0 ? -1 : obj_pin(*peer, PIN);
	default:
		return -1;
	}
}

/* do_mmap()'s mapping: unmapped here, outside the walk (munmap can fail) */
static void *mapped;

/* Undo what closing the fds does not: detach, unpin, aio, cwd, mmap. */
static void res_undo(unsigned long long needs)
{
	if (needs & B(R_ATTACHED))
		prog_detach(C.peer[R_ATTACHED], C.fd[R_ATTACHED],
			    BPF_CGROUP_INET_EGRESS);
	if (needs & B(R_PINNED))
		unlink(PIN);
	if (needs & B(R_AIO))
		syscall(__NR_io_destroy, C.aio);
	if (needs & B(R_CGROUP))	/* prog_attach call */
		prog_detach(C.fd[R_CGROUP], C.fd[R_SKB],
			    BPF_CGROUP_INET_EGRESS);
	if (mapped)
		munmap(mapped, 8192);
	mapped = NULL;
	unlink(PIN "2");
	rmdir(WDIR "/sub");
	unlink(WDIR "/new");
	if (chdir("/")) {}
}

/* ---- the calls ---------------------------------------------------------- */

#define F(r)	C.fd[R_##r]
#define P(r)	C.peer[R_##r]

static __u32 k0, k1 = 1, k9 = 9, knext;
static __u64 v64, one = 1, vals[8];
static struct stat st_out;
static __u32 keys[8], batch_out;

static long map_batch(int cmd, int fd, __u32 count, int in_batch)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	for (__u32 i = 0; i < 8; i++)
		keys[i] = i, vals[i] = i;
	attr.batch.map_fd = fd;
	attr.batch.keys = ptr_to_u64(keys);
	attr.batch.values = ptr_to_u64(vals);
	attr.batch.count = count;
	attr.batch.out_batch = ptr_to_u64(&batch_out);
	if (in_batch)
		attr.batch.in_batch = ptr_to_u64(&batch_out);
	return BPF(cmd, &attr);
}

static long map_cmd(int cmd, int fd, const void *key, void *val, void *next)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	attr.key = ptr_to_u64(key);
	if (next)
		attr.next_key = ptr_to_u64(next);
	else
		attr.value = ptr_to_u64(val);
	return BPF(cmd, &attr);
}

static long load_insns(int type, __u32 exp, struct bpf_insn *insns, int n,
		       int btf, int *fd_array)
{
	struct bpf_func_info fi = { .insn_off = 0, .type_id = BTF_ID_FUNC };
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.expected_attach_type = exp;
	attr.insns = ptr_to_u64(insns);
	attr.insn_cnt = n;
	attr.license = ptr_to_u64("GPL");
	attr.fd_array = ptr_to_u64(fd_array);
	if (btf >= 0) {
		attr.prog_btf_fd = btf;
		attr.func_info = ptr_to_u64(&fi);
		attr.func_info_cnt = 1;
		attr.func_info_rec_size = sizeof(fi);
	}
	return BPF(BPF_PROG_LOAD, &attr);
}

static long load_map_fd(void)
{
	struct bpf_insn in[] = {
		ST_MEM(BPF_W, BPF_REG_10, -4, 0),
		MOV64_REG(BPF_REG_2, BPF_REG_10),
		ALU64_IMM(BPF_ADD, BPF_REG_2, -4),
		LD_MAP_FD(BPF_REG_1, F(HASH)),
		CALL_HELPER(BPF_FUNC_map_lookup_elem),
		LD_MAP_VALUE(BPF_REG_1, F(ARRAY1), 0),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT_INSN(),
	};

	return load_insns(BPF_PROG_TYPE_SOCKET_FILTER, 0, in, ARRAY_LEN(in),
			  -1, NULL);
}

static long load_fd_array(void)
{
	int fds[1] = { F(HASH) };
	struct bpf_insn in[] = {
		LD_MAP_IDX(BPF_REG_1, 0),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT_INSN(),
	};

	return load_insns(BPF_PROG_TYPE_SOCKET_FILTER, 0, in, ARRAY_LEN(in),
			  -1, fds);
}

static long load_btf(void)
{
	struct bpf_insn in[] = { MOV64_IMM(BPF_REG_0, 0), EXIT_INSN() };

	return load_insns(BPF_PROG_TYPE_SOCKET_FILTER, 0, in, ARRAY_LEN(in),
			  F(BTF), NULL);
}

static long map_create_inner(void)
{
	return map_of_maps_create(BPF_MAP_TYPE_HASH_OF_MAPS, F(ARRAY), 4);
}

static long info(int fd)
{
	char b[256];

	return obj_info(fd, b, sizeof(b));
}

static long get_fd_by_id(int cmd, __u32 id)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_id = id;	/* prog_id, btf_id, link_id: the same field */
	return BPF(cmd, &attr);
}

static long link_update(void)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_update.link_fd = F(LINK);
	attr.link_update.new_prog_fd = F(SKB);
	return BPF(BPF_LINK_UPDATE, &attr);
}

static long link_detach(void)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.link_detach.link_fd = F(LINK);
	return BPF(BPF_LINK_DETACH, &attr);
}

static long bind_map(void)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_bind_map.prog_fd = F(PROG);
	attr.prog_bind_map.map_fd = F(HASH);
	return BPF(BPF_PROG_BIND_MAP, &attr);
}

static long test_run(void)
{
	char pkt[64] = { 0 }, out[64];
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = F(SKB);
	attr.test.data_in = ptr_to_u64(pkt);
	attr.test.data_size_in = sizeof(pkt);
	attr.test.data_out = ptr_to_u64(out);
	attr.test.data_size_out = sizeof(out);
	return BPF(BPF_PROG_TEST_RUN, &attr);
}

static long obj_get(void)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.pathname = ptr_to_u64(PIN);
	return BPF(BPF_OBJ_GET, &attr);
}

static long storage_update(void)
{
	int key = F(FILE);
	__u64 v = 5;

	return bpf_map_update(F(STORAGE), &key, &v, BPF_ANY);
}

static long sockmap_update(void)
{
	__u32 key = 0, v = F(UNIX);

	return bpf_map_update(F(SOCKMAP), &key, &v, BPF_ANY);
}

static long outer_update(void)
{
	__u32 key = 1, v = F(ARRAY);

	return bpf_map_update(F(OUTER), &key, &v, BPF_ANY);
}

static long so_attach(void)
{
	int p = F(PROG);

	return setsockopt(F(UNIX), SOL_SOCKET, SO_ATTACH_BPF, &p, sizeof(p));
}

static long dup2_at(int fd)
{
	return dup2(fd, DUPFD);
}

static long uring_files(void)
{
	int fds[3] = { F(FILE), F(PIPE), F(UNIX) };

	return fs_io_uring_register(F(URING), IORING_REGISTER_FILES, fds, 3);
}

static long aio_submit_fd(int fd)
{
	static char b[512];
	struct iocb cb = { .aio_fildes = fd,
			   .aio_lio_opcode = IOCB_CMD_PREAD,
			   .aio_buf = ptr_to_u64(b), .aio_nbytes = sizeof(b) };
	struct iocb *cbs[1] = { &cb };
	struct io_event ev;
	long r = syscall(__NR_io_submit, C.aio, 1, cbs);

	if (r == 1)
		syscall(__NR_io_getevents, C.aio, 1, 1, &ev, NULL);
	return r;
}

/*
 * Overlay fds: the mount must go away once they are closed (a file
 * reference left behind keeps it busy).  The copied-up file goes, so
 * that the next point starts before copy-up again.  0, or -1: still busy after ~1 s.
 */
static int ovl_gone(void)
{
	int i;

	for (i = 0; i < 50 && umount(OVL "/m"); i++)
		usleep(20000);
	if (i == 50)
		umount2(OVL "/m", MNT_DETACH);
	unlink(OVL "/u/f");
	return i == 50 ? -1 : 0;
}

static long perf_group(void)
{
	struct perf_event_attr pa = { .type = PERF_TYPE_SOFTWARE,
		.size = sizeof(pa), .config = PERF_COUNT_SW_TASK_CLOCK };

	return syscall(__NR_perf_event_open, &pa, 0, -1, F(PERF), 0);
}

static long sendmsg_rights(void)
{
	return send_fd(P(UNIX), F(FILE));
}

static long recvmsg_rights(void)
{
	char cbuf[CMSG_SPACE(sizeof(int))], b;
	struct iovec iov = { &b, 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = cbuf,
			     .msg_controllen = sizeof(cbuf) };

	return recvmsg(F(SCM), &mh, 0);
}

static long mmsg(int recv)
{
	char b[2][64];
	struct iovec iov[2] = { { b[0], 64 }, { b[1], 64 } };
	struct mmsghdr mm[2] = { { .msg_hdr = { .msg_iov = &iov[0],
						  .msg_iovlen = 1 } },
				 { .msg_hdr = { .msg_iov = &iov[1],
						  .msg_iovlen = 1 } } };

	return recv ? recvmmsg(F(DGRAM), mm, 1, MSG_DONTWAIT, NULL) :
		      sendmmsg(P(DGRAM), mm, 2, 0);
}

static long do_connect(void)
{
	struct sockaddr_un a = listen_addr();

	return connect(F(STREAM), (void *)&a, sizeof(a));
}

static long do_bind(void)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };

	snprintf(a.sun_path + 1, sizeof(a.sun_path) - 1, "fnwb-%d", getpid());
	return bind(F(DGRAM), (void *)&a, sizeof(a));
}

static long sockname(int peer)
{
	struct sockaddr_un a;
	socklen_t l = sizeof(a);

	return peer ? getpeername(F(UNIX), (void *)&a, &l) :
		      getsockname(F(UNIX), (void *)&a, &l);
}

static long do_poll(void)
{
	struct pollfd p[3] = { { .fd = F(FILE), .events = POLLIN },
			       { .fd = F(PIPE), .events = POLLIN },
			       { .fd = F(UNIX), .events = POLLIN } };

	return poll(p, 3, 0);
}

static long do_select(void)
{
	struct timeval tv = { 0 };
	fd_set r;

	FD_ZERO(&r);
	FD_SET(F(PIPE), &r);
	FD_SET(F(UNIX), &r);
	return select(NSCAN, &r, NULL, NULL, &tv);
}

static long epoll_add(void)
{
	struct epoll_event ev = { .events = EPOLLIN };

	return epoll_ctl(F(EPOLL), EPOLL_CTL_ADD, F(PIPE), &ev);
}

static long epoll_wait1(void)
{
	struct epoll_event ev = { .events = EPOLLIN };

	if (epoll_ctl(F(EPOLL), EPOLL_CTL_ADD, F(PIPE), &ev))
		return -1;
	return epoll_wait(F(EPOLL), &ev, 1, 0);
}

static long signalfd_update(void)
{
	sigset_t ss;

	sigemptyset(&ss);
	sigaddset(&ss, SIGUSR2);
	return signalfd(F(SIGNALFD), &ss, 0);
}

static long timerfd_set(void)
{
	struct itimerspec it = { .it_value = { 100, 0 } };

	return timerfd_settime(F(TIMERFD), 0, &it, NULL);
}

static long timerfd_get(void)
{
	struct itimerspec it;

	return timerfd_gettime(F(TIMERFD), &it);
}

static long do_splice(int to_pipe)
{
	loff_t off = 0;

	return to_pipe ? splice(F(FILE), &off, P(PIPE2), NULL, 4096, 0) :
			 splice(F(PIPE), NULL, F(FILE2), &off, 512, 0);
}

static long do_vmsplice(void)
{
	struct iovec iov = { buf4k, 1024 };

	return vmsplice(P(PIPE2), &iov, 1, 0);
}

static long do_sendfile(void)
{
	off_t off = 0;

	return sendfile(F(FILE2), F(FILE), &off, 8192);
}

static long do_cfr_fds(int in, int out)
{
	loff_t a = 0, b = 16384;	/* (in and out may be one file) */

	return copy_file_range(in, &a, out, &b, 8192, 0);
}

static long do_getdents(void)
{
	char b[1024];

	return syscall(__NR_getdents64, F(DIR), b, sizeof(b));
}

static long do_readv(int wr)
{
	char a[100], b[200];
	struct iovec iov[2] = { { a, sizeof(a) }, { b, sizeof(b) } };

	return wr ? writev(F(FILE2), iov, 2) : readv(F(FILE), iov, 2);
}

static long do_preadv2(void)
{
	char a[100];
	struct iovec iov = { a, sizeof(a) };

	return preadv2(F(FILE), &iov, 1, 10, 0);
}

static long do_statx(void)
{
	struct statx sx;

	return statx(F(DIR), "f0", 0, STATX_ALL, &sx);
}

static long do_fstatat_empty(void)
{
	struct stat st;

	return fstatat(F(FILE), "", &st, AT_EMPTY_PATH);
}

static long do_ioctl(int fd)
{
	int n;

	return ioctl(fd, FIONREAD, &n);
}

static long do_setlk(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_len = 100 };

	return fcntl(F(FILE), F_SETLK, &fl);
}

static long do_getlk(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_len = 100 };

	return fcntl(F(FILE), F_GETLK, &fl);
}

static long do_ofd_lock(void)
{
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
			    .l_len = 100 };

	return fcntl(F(FILE), F_OFD_SETLK, &fl);
}

static long do_fstatfs(void)
{
	struct statfs sf;

	return fstatfs(F(FILE), &sf);
}

static long do_utimensat(void)
{
	return utimensat(F(DIR), "f0", NULL, 0);
}

static long do_futimens(void)
{
	return futimens(F(FILE), NULL);
}

static struct {
	struct file_handle fh;
	unsigned char data[MAX_HANDLE_SZ];
} fhb;

static long do_name_to_handle(void)
{
	int mnt;

	fhb.fh.handle_bytes = MAX_HANDLE_SZ;
	return name_to_handle_at(F(DIR), "f0", &fhb.fh, &mnt, 0);
}

static long do_open_by_handle(void)
{
	int mnt;

	fhb.fh.handle_bytes = MAX_HANDLE_SZ;
	if (name_to_handle_at(F(DIR), "f0", &fhb.fh, &mnt, 0))
		return -1;
	return open_by_handle_at(F(DIR), &fhb.fh, O_RDONLY);
}

static long do_mmap(int fd)
{
	void *p = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		return -1;
	mapped = p;
	return 0;
}

static long do_pidfd_getfd(void)
{
	return syscall(__NR_pidfd_getfd, F(PIDFD), F(FILE), 0);
}

static long do_kcmp(void)
{
	return syscall(__NR_kcmp, getpid(), getpid(), 0 /* KCMP_FILE */,
		       F(FILE), F(FILE2));
}

static long do_mq_send(void)
{
	return mq_send(F(MQ), "hello", 5, 1);
}

static long do_mq_notify(void)
{
	struct sigevent se = { .sigev_notify = SIGEV_NONE };

	return syscall(__NR_mq_notify, F(MQ), &se);
}

static long do_fsconfig(void)
{
	return syscall(__NR_fsconfig, F(FSCTX), FSCONFIG_SET_STRING, "size",
		       "1M", 0);
}

static long do_open_tree(void)
{
	return syscall(__NR_open_tree, F(DIR), "",
		       AT_EMPTY_PATH | OPEN_TREE_CLONE);
}

/* calls of the tree-wide conversion (0019-0034) not walked elsewhere */

static long do_fsmount(void)
{
	if (syscall(__NR_fsconfig, F(FSCTX), FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		return -1;
	return syscall(__NR_fsmount, F(FSCTX), FSMOUNT_CLOEXEC, 0);
}

static long do_dedupe(void)
{
	struct {
		struct file_dedupe_range r;
		struct file_dedupe_range_info i;
	} d = { .r = { .src_length = 4096, .dest_count = 1 },
		.i = { .dest_fd = P(OVL) } };

	return ioctl(F(OVL), FIDEDUPERANGE, &d);
}

static long do_landlock_add_rule(void)
{
	struct landlock_path_beneath_attr pb = {
		.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE,
		.parent_fd = F(DIR) };

	return syscall(__NR_landlock_add_rule, F(LANDLOCK),
		       LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
}

static long uring_attach(int wq)
{
	struct io_uring_params up = { .flags = IORING_SETUP_ATTACH_WQ,
				      .wq_fd = wq };

	if (wq == F(SQPOLL))
		up.flags |= IORING_SETUP_SQPOLL;
	return fs_io_uring_setup(4, &up);
}

static long do_memcg_event(void)
{
	char b[64];
	int n = snprintf(b, sizeof(b), "%d %d 1G", F(EVENTFD), P(MEMCG));

	return write(F(MEMCG), b, n);
}

static long do_fanotify_mark(void)
{
	return fanotify_mark(F(FANOTIFY), FAN_MARK_ADD, FAN_OPEN | FAN_MODIFY,
			     F(DIR), "f0");
}

static long do_fchdir(void)
{
	return fchdir(F(DIR));
}

static long do_write(int fd)
{
	return write(fd, buf4k, 100);
}

static long do_read(int fd)
{
	char b[100];

	return read(fd, b, sizeof(b));
}

static long do_sockopt(int get)
{
	int v = 65536;
	socklen_t l = sizeof(v);

	return get ? getsockopt(F(UNIX), SOL_SOCKET, SO_TYPE, &v, &l) :
		     setsockopt(F(UNIX), SOL_SOCKET, SO_RCVBUF, &v, l);
}

static long do_sendto(void)
{
	return sendto(P(DGRAM), "dgram", 5, 0, NULL, 0);
}

static long do_recvfrom(void)
{
	char b[300];

	return recvfrom(F(UNIX), b, sizeof(b), MSG_DONTWAIT, NULL, NULL);
}

static long do_close_range(void)
{
	return syscall(__NR_close_range, F(SPARE), P(SPARE), 0);
}

/*
 * F_NEWFD: a successful call returns a new fd.  F_CLOSES: the call closes
 * the fds it is given.  errs: errnos allowed besides the injected ones,
 * also for the uninjected run (then that errno is the call's normal
 * result, e.g. ENOENT at the end of a batch).
 */
#define F_NEWFD		1
#define F_CLOSES	2

struct call {
	const char *name, *family;
	unsigned long long needs;
	long (*run)(void);
	int flags;
	int errs[4];		/* more errnos allowed under injection */
};

#define CALL(fam, nm, nd, fl, expr, ...)				\
	static long run_##nm(void) { return (expr); }
#define CALLS								\
CALL(bpf_map, map_create_inner, B(R_ARRAY), F_NEWFD, map_create_inner())	\
CALL(bpf_map, map_create_btf, B(R_BTF), F_NEWFD, inode_storage_create(F(BTF)))	\
CALL(bpf_map, map_lookup, B(R_HASH), 0, bpf_map_lookup(F(HASH), &k1, &v64))	\
CALL(bpf_map, map_update, B(R_HASH), 0, bpf_map_update(F(HASH), &k9, &v64, 0)) \
CALL(bpf_map, map_delete, B(R_HASH), 0, bpf_map_delete(F(HASH), &k1))	\
CALL(bpf_map, map_get_next_key, B(R_HASH), 0,				\
     map_cmd(BPF_MAP_GET_NEXT_KEY, F(HASH), &k9, NULL, &knext))		\
CALL(bpf_map, map_lookup_and_delete, B(R_QUEUE), 0,			\
     map_cmd(BPF_MAP_LOOKUP_AND_DELETE_ELEM, F(QUEUE), NULL, &v64, NULL)) \
CALL(bpf_map, map_freeze, B(R_ARRAY), 0,				\
     map_cmd(BPF_MAP_FREEZE, F(ARRAY), NULL, NULL, NULL))		\
CALL(bpf_map, map_lookup_batch, B(R_HASH), 0,				\
     map_batch(BPF_MAP_LOOKUP_BATCH, F(HASH), 8, 0), ENOENT)	\
CALL(bpf_map, map_update_batch, B(R_HASH), 0,				\
     map_batch(BPF_MAP_UPDATE_BATCH, F(HASH), 6, 0))			\
CALL(bpf_map, map_delete_batch, B(R_HASH), 0,				\
     map_batch(BPF_MAP_DELETE_BATCH, F(HASH), 3, 0), ENOENT)	\
CALL(bpf_map, map_lookup_and_delete_batch, B(R_HASH), 0,		\
     map_batch(BPF_MAP_LOOKUP_AND_DELETE_BATCH, F(HASH), 8, 0), ENOENT) \
CALL(bpf_map, array_lookup_batch, B(R_ARRAY), 0,			\
     map_batch(BPF_MAP_LOOKUP_BATCH, F(ARRAY), 4, 0), ENOENT)	\
CALL(bpf_map, map_in_map_update, B(R_OUTER) | B(R_ARRAY), 0, outer_update()) \
CALL(bpf_map, map_in_map_lookup, B(R_OUTER), 0,			\
     bpf_map_lookup(F(OUTER), &k0, &v64))				\
CALL(bpf_map, inode_storage_update, B(R_STORAGE) | B(R_FILE), 0,	\
     storage_update())							\
CALL(bpf_map, sockmap_update, B(R_SOCKMAP) | B(R_UNIX), 0, sockmap_update()) \
CALL(bpf_prog, prog_load_map_fd, B(R_HASH) | B(R_ARRAY1), F_NEWFD,	\
     load_map_fd())							\
CALL(bpf_prog, prog_load_fd_array, B(R_HASH), F_NEWFD, load_fd_array())	\
CALL(bpf_prog, prog_load_btf, B(R_BTF), F_NEWFD, load_btf())		\
CALL(bpf_prog, prog_bind_map, B(R_PROG) | B(R_HASH), 0, bind_map())	\
CALL(bpf_prog, prog_test_run, B(R_SKB), 0, test_run())			\
CALL(bpf_prog, prog_attach, B(R_CGROUP) | B(R_SKB), 0,			\
     prog_attach(F(CGROUP), F(SKB), BPF_CGROUP_INET_EGRESS, 0, 0))	\
CALL(bpf_prog, prog_detach, B(R_ATTACHED), 0,				\
     prog_detach(P(ATTACHED), F(ATTACHED), BPF_CGROUP_INET_EGRESS))	\
CALL(bpf_prog, prog_query, B(R_ATTACHED), 0,				\
     prog_query(P(ATTACHED), BPF_CGROUP_INET_EGRESS))			\
CALL(bpf_prog, so_attach_bpf, B(R_PROG) | B(R_UNIX), 0, so_attach())	\
CALL(bpf_link, link_create, B(R_CGROUP) | B(R_SKB), F_NEWFD,		\
     link_create(F(SKB), F(CGROUP), BPF_CGROUP_INET_EGRESS))		\
CALL(bpf_link, link_update, B(R_LINK) | B(R_SKB), 0, link_update())	\
CALL(bpf_link, link_detach, B(R_LINK), 0, link_detach())		\
CALL(bpf_obj, info_map, B(R_HASH), 0, info(F(HASH)))			\
CALL(bpf_obj, info_prog, B(R_PROG), 0, info(F(PROG)))			\
CALL(bpf_obj, info_btf, B(R_BTF), 0, info(F(BTF)))			\
CALL(bpf_obj, info_link, B(R_LINK), 0, info(F(LINK)))			\
CALL(bpf_obj, map_get_fd_by_id, B(R_HASH), F_NEWFD,			\
     get_fd_by_id(BPF_MAP_GET_FD_BY_ID, C.map_id))		\
CALL(bpf_obj, prog_get_fd_by_id, B(R_PROG), F_NEWFD,			\
     get_fd_by_id(BPF_PROG_GET_FD_BY_ID, C.prog_id))		\
CALL(bpf_obj, btf_get_fd_by_id, B(R_BTF), F_NEWFD,			\
     get_fd_by_id(BPF_BTF_GET_FD_BY_ID, C.btf_id))		\
CALL(bpf_obj, link_get_fd_by_id, B(R_LINK), F_NEWFD,			\
     get_fd_by_id(BPF_LINK_GET_FD_BY_ID, C.link_id))		\
CALL(bpf_obj, btf_load, 0, F_NEWFD, btf_load_basic(),			\
     EEXIST /* 6.1: btf_resolve() "Loop detected" under injection */) \
CALL(bpf_obj, obj_pin, B(R_HASH), 0, obj_pin(F(HASH), PIN "2"))	\
CALL(bpf_obj, obj_get, B(R_PINNED), F_NEWFD, obj_get())		\
CALL(fs_rw, read, B(R_FILE), 0, do_read(F(FILE)))			\
CALL(fs_rw, write, B(R_FILE2), 0, do_write(F(FILE2)))			\
CALL(fs_rw, pread, B(R_FILE), 0, pread(F(FILE), buf4k, 100, 50))	\
CALL(fs_rw, pwrite, B(R_FILE2), 0, pwrite(F(FILE2), buf4k, 100, 50))	\
CALL(fs_rw, readv, B(R_FILE), 0, do_readv(0))				\
CALL(fs_rw, writev, B(R_FILE2), 0, do_readv(1))			\
CALL(fs_rw, preadv2, B(R_FILE), 0, do_preadv2())			\
CALL(fs_rw, lseek, B(R_FILE), 0, lseek(F(FILE), 10, SEEK_SET))		\
CALL(fs_rw, pipe_read, B(R_PIPE), 0, do_read(F(PIPE)))			\
CALL(fs_rw, pipe_write, B(R_PIPE), 0, do_write(P(PIPE)))		\
CALL(fs_rw, eventfd_read, B(R_EVENTFD), 0, read(F(EVENTFD), &v64, 8))	\
CALL(fs_rw, splice_to_pipe, B(R_FILE) | B(R_PIPE2), 0, do_splice(1))	\
CALL(fs_rw, splice_from_pipe, B(R_PIPE) | B(R_FILE2), 0, do_splice(0)) \
CALL(fs_rw, tee, B(R_PIPE) | B(R_PIPE2), 0,				\
     tee(F(PIPE), P(PIPE2), 512, SPLICE_F_NONBLOCK))			\
CALL(fs_rw, vmsplice, B(R_PIPE2), 0, do_vmsplice())			\
CALL(fs_rw, sendfile, B(R_FILE) | B(R_FILE2), 0, do_sendfile())	\
CALL(fs_rw, copy_file_range, B(R_FILE) | B(R_FILE2), 0,		\
     do_cfr_fds(F(FILE), F(FILE2)))	\
CALL(fs_rw, mmap, B(R_FILE), 0, do_mmap(F(FILE)))				\
CALL(fs_meta, fstat, B(R_FILE), 0, fstat(F(FILE), &st_out))		\
CALL(fs_meta, fstatat_empty, B(R_FILE), 0, do_fstatat_empty())		\
CALL(fs_meta, statx_dirfd, B(R_DIR), 0, do_statx())			\
CALL(fs_meta, fstatfs, B(R_FILE), 0, do_fstatfs())			\
CALL(fs_meta, fsync, B(R_FILE), 0, fsync(F(FILE)))			\
CALL(fs_meta, fdatasync, B(R_FILE), 0, fdatasync(F(FILE)))		\
CALL(fs_meta, syncfs, B(R_FILE), 0, syncfs(F(FILE)))			\
CALL(fs_meta, sync_file_range, B(R_FILE), 0,				\
     sync_file_range(F(FILE), 0, 4096, SYNC_FILE_RANGE_WRITE))		\
CALL(fs_meta, ioctl_fionread, B(R_FILE), 0, do_ioctl(F(FILE)))		\
CALL(fs_meta, ioctl_pipe, B(R_PIPE), 0, do_ioctl(F(PIPE)))		\
CALL(fs_meta, fcntl_getfl, B(R_FILE), 0, fcntl(F(FILE), F_GETFL))	\
CALL(fs_meta, fcntl_setfl, B(R_FILE), 0,				\
     fcntl(F(FILE), F_SETFL, O_APPEND))					\
CALL(fs_meta, fcntl_dupfd, B(R_FILE), F_NEWFD,				\
     fcntl(F(FILE), F_DUPFD_CLOEXEC, 3))				\
CALL(fs_meta, fcntl_setlk, B(R_FILE), 0, do_setlk())			\
CALL(fs_meta, fcntl_getlk, B(R_FILE), 0, do_getlk())			\
CALL(fs_meta, fcntl_ofd_setlk, B(R_FILE), 0, do_ofd_lock())		\
CALL(fs_meta, fcntl_setpipe_sz, B(R_PIPE), 0,				\
     fcntl(F(PIPE), F_SETPIPE_SZ, 8192))				\
CALL(fs_meta, fcntl_setsig, B(R_PIPE), 0, fcntl(F(PIPE), F_SETSIG, SIGIO)) \
CALL(fs_meta, dup, B(R_FILE), F_NEWFD, dup(F(FILE)))			\
CALL(fs_meta, dup2, B(R_FILE), F_NEWFD, dup2_at(F(FILE)))		\
CALL(fs_meta, dup3, B(R_PIPE), F_NEWFD, dup3(F(PIPE), DUPFD, O_CLOEXEC)) \
CALL(fs_meta, close, B(R_SPARE), F_CLOSES, close(F(SPARE)))		\
CALL(fs_meta, close_range, B(R_SPARE), F_CLOSES, do_close_range())	\
CALL(fs_meta, getdents64, B(R_DIR), 0, do_getdents())			\
CALL(fs_meta, fchdir, B(R_DIR), 0, do_fchdir())			\
CALL(fs_meta, fchmod, B(R_FILE), 0, fchmod(F(FILE), 0640))		\
CALL(fs_meta, fchown, B(R_FILE), 0, fchown(F(FILE), 1, 1))		\
CALL(fs_meta, fchmodat, B(R_DIR), 0, fchmodat(F(DIR), "f0", 0640, 0))	\
CALL(fs_meta, fchownat, B(R_DIR), 0, fchownat(F(DIR), "f0", 0, 0, 0))	\
CALL(fs_meta, ftruncate, B(R_FILE2), 0, ftruncate(F(FILE2), 12345))	\
CALL(fs_meta, fallocate, B(R_FILE2), 0, fallocate(F(FILE2), 0, 0, 16384)) \
CALL(fs_meta, fadvise, B(R_FILE), 0,					\
     posix_fadvise(F(FILE), 0, 0, POSIX_FADV_DONTNEED))			\
CALL(fs_meta, readahead, B(R_FILE), 0, readahead(F(FILE), 0, 8192))	\
CALL(fs_meta, flock, B(R_FILE), 0, flock(F(FILE), LOCK_EX | LOCK_NB))	\
CALL(fs_meta, futimens, B(R_FILE), 0, do_futimens())			\
CALL(fs_meta, utimensat_dirfd, B(R_DIR), 0, do_utimensat())		\
CALL(fs_meta, fgetxattr, B(R_FILE), 0,				\
     fgetxattr(F(FILE), "user.x", buf4k, 64), ENODATA, EOPNOTSUPP)	\
CALL(fs_meta, flistxattr, B(R_FILE), 0, flistxattr(F(FILE), (char *)buf4k, 64), EOPNOTSUPP) \
     							\
CALL(fs_meta, openat_dirfd, B(R_DIR), F_NEWFD, openat(F(DIR), "f0", O_RDONLY)) \
CALL(fs_meta, openat_create, B(R_DIR), F_NEWFD,			\
     openat(F(DIR), "new", O_RDWR | O_CREAT, 0600))			\
CALL(fs_meta, mkdirat, B(R_DIR), 0, mkdirat(F(DIR), "sub", 0700))	\
CALL(fs_meta, name_to_handle_at, B(R_DIR), 0, do_name_to_handle())	\
CALL(fs_meta, open_by_handle_at, B(R_DIR), F_NEWFD, do_open_by_handle()) \
CALL(fs_meta, open_tree, B(R_DIR), F_NEWFD, do_open_tree())		\
CALL(fs_meta, fsconfig, B(R_FSCTX), 0, do_fsconfig())			\
CALL(events, epoll_ctl, B(R_EPOLL) | B(R_PIPE), 0, epoll_add())	\
CALL(events, epoll_wait, B(R_EPOLL) | B(R_PIPE), 0, epoll_wait1())	\
CALL(events, inotify_add_watch, B(R_INOTIFY), 0,			\
     inotify_add_watch(F(INOTIFY), WDIR, IN_ALL_EVENTS))		\
CALL(events, fanotify_mark, B(R_FANOTIFY) | B(R_DIR), 0, do_fanotify_mark()) \
CALL(events, signalfd_update, B(R_SIGNALFD), 0, signalfd_update())	\
CALL(events, timerfd_settime, B(R_TIMERFD), 0, timerfd_set())		\
CALL(events, timerfd_gettime, B(R_TIMERFD), 0, timerfd_get())		\
CALL(events, eventfd_write, B(R_EVENTFD), 0, write(F(EVENTFD), &one, 8)) \
CALL(events, io_uring_register_files, B(R_URING) | B(R_FILE) | B(R_PIPE) | \
     B(R_UNIX), 0, uring_files())					\
CALL(events, io_submit, B(R_AIO) | B(R_FILE), 0, aio_submit_fd(F(FILE)))	\
CALL(events, perf_event_group, B(R_PERF), F_NEWFD, perf_group())	\
CALL(events, poll, B(R_FILE) | B(R_PIPE) | B(R_UNIX), 0, do_poll())	\
CALL(events, select, B(R_PIPE) | B(R_UNIX), 0, do_select())		\
CALL(events, mq_send, B(R_MQ), 0, do_mq_send())			\
CALL(events, mq_notify, B(R_MQ), 0, do_mq_notify())			\
CALL(net, bind, B(R_DGRAM), 0, do_bind())				\
CALL(net, connect, B(R_LISTEN) | B(R_STREAM), 0, do_connect())	\
CALL(net, accept4, B(R_LISTEN), F_NEWFD, accept4(F(LISTEN), NULL, NULL, 0)) \
CALL(net, listen, B(R_STREAM), 0, listen(F(STREAM), 1))		\
CALL(net, sendmsg_scm_rights, B(R_UNIX) | B(R_FILE), 0, sendmsg_rights()) \
CALL(net, recvmsg_scm_rights, B(R_SCM), 0, recvmsg_rights())		\
CALL(net, sendmmsg, B(R_DGRAM), 0, mmsg(0))				\
CALL(net, recvmmsg, B(R_DGRAM), 0, mmsg(1))				\
CALL(net, sendto, B(R_DGRAM), 0, do_sendto())				\
CALL(net, recvfrom, B(R_UNIX), 0, do_recvfrom())			\
CALL(net, getsockname, B(R_UNIX), 0, sockname(0))			\
CALL(net, getpeername, B(R_UNIX), 0, sockname(1))			\
CALL(net, setsockopt, B(R_UNIX), 0, do_sockopt(0))			\
CALL(net, getsockopt, B(R_UNIX), 0, do_sockopt(1))			\
CALL(net, shutdown, B(R_UNIX), 0, shutdown(F(UNIX), SHUT_WR))		\
CALL(net, ioctl_sock, B(R_UNIX), 0, do_ioctl(F(UNIX)))			\
CALL(proc, setns_net, B(R_NETNS), 0, setns(F(NETNS), CLONE_NEWNET))	\
CALL(proc, pidfd_getfd, B(R_PIDFD) | B(R_FILE), F_NEWFD, do_pidfd_getfd()) \
CALL(proc, pidfd_send_signal, B(R_PIDFD), 0,				\
     syscall(__NR_pidfd_send_signal, F(PIDFD), 0, NULL, 0))		\
CALL(proc, kcmp_file, B(R_FILE) | B(R_FILE2), 0, do_kcmp())		\
CALL(overlay, ovl_read, B(R_OVL), 0, do_read(F(OVL)))			\
CALL(overlay, ovl_pread, B(R_OVL), 0, pread(F(OVL), buf4k, 8, 1))	\
CALL(overlay, ovl_write, B(R_OVL), 0, do_write(P(OVL)))		\
CALL(overlay, ovl_fsync, B(R_OVL), 0, fsync(P(OVL)))			\
CALL(overlay, ovl_fadvise, B(R_OVL), 0,				\
     posix_fadvise(F(OVL), 0, 0, POSIX_FADV_WILLNEED))			\
CALL(overlay, ovl_splice, B(R_OVL) | B(R_PIPE2), 0,			\
     splice(F(OVL), NULL, P(PIPE2), NULL, 8, 0))			\
CALL(overlay, ovl_copy_file_range, B(R_OVL), 0,			\
     do_cfr_fds(F(OVL), P(OVL)))					\
CALL(overlay, ovl_mmap, B(R_OVL), 0, do_mmap(F(OVL)))			\
CALL(overlay, ovl_io_submit_write, B(R_OVL) | B(R_AIO), 0,		\
     aio_submit_fd(P(OVL)))						\
CALL(conv, finit_module, B(R_MOD), 0,					\
     syscall(__NR_finit_module, F(MOD), "", 0), ENOEXEC)		\
CALL(conv, ficlone_ovl, B(R_OVL), 0, ioctl(P(OVL), FICLONE, F(OVL)),	\
     EOPNOTSUPP, EXDEV, EINVAL)						\
CALL(conv, dedupe_ovl, B(R_OVL), 0, do_dedupe(), EOPNOTSUPP, EINVAL)	\
CALL(conv, fsmount, B(R_FSCTX), F_NEWFD, do_fsmount())			\
CALL(conv, keyctl_watch_key, B(R_NOTIFY), 0,				\
     syscall(__NR_keyctl, KEYCTL_WATCH_KEY, KEY_SPEC_PROCESS_KEYRING,	\
	     F(NOTIFY), 0x01), EDQUOT)					\
CALL(conv, landlock_add_rule, B(R_LANDLOCK) | B(R_DIR), 0,		\
     do_landlock_add_rule())						\
CALL(conv, prctl_exe_file, B(R_EXE), 0,				\
     prctl(PR_SET_MM, PR_SET_MM_EXE_FILE, F(EXE), 0, 0), EBUSY)	\
CALL(conv, uring_attach_wq, B(R_URING), F_NEWFD, uring_attach(F(URING))) \
CALL(conv, uring_sqpoll_attach, B(R_SQPOLL), F_NEWFD,			\
     uring_attach(F(SQPOLL)))						\
CALL(conv, memcg_event_control, B(R_MEMCG) | B(R_EVENTFD), 0,		\
     do_memcg_event())							\
CALL(bugfix_ovl_aio, ovl_io_submit_stale_read, B(R_OVL) | B(R_AIO), 0,	\
     aio_submit_fd(F(OVL)))

CALLS
#undef CALL
#define CALL(fam, nm, nd, fl, expr, ...)				\
	{ .name = #nm, .family = #fam, .needs = (nd), .run = run_##nm,	\
	  .flags = (fl), .errs = { __VA_ARGS__ } },
static const struct call calls[] = { CALLS };
#define NCALLS ARRAY_LEN(calls)

/* ---- the walk ------------------------------------------------------------ */

/* errnos an allocation or copy failure may give, for any call */
static const int inject_errs[] = {
	ENOMEM, EFAULT, ENOBUFS, EAGAIN, ENOSPC, EINTR,
	ENOLCK,		/* no memory for a file lock */
	ENFILE,		/* sock_alloc() failed: no socket inode */
	ENOTSUPP_K,	/* BPF_JIT_ALWAYS_ON, and the JIT's allocation failed */
};

static int errno_extra(const struct call *c, int e)
{
	for (unsigned i = 0; i < ARRAY_LEN(c->errs) && c->errs[i]; i++)
		if (e == c->errs[i])
			return 1;
	return 0;
}

static int errno_ok(const struct call *c, int e)
{
	for (unsigned i = 0; i < ARRAY_LEN(inject_errs); i++)
		if (e == inject_errs[i])
			return 1;
	return errno_extra(c, e);
}

/* Open fds among 0..NSCAN-1 and DUPFD, as a bitmap. */
struct fdset { unsigned long long w[NSCAN / 64 + 1]; };

static void fd_snap(struct fdset *s)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < NSCAN; i++)
		if (fcntl(i, F_GETFD) >= 0)
			s->w[i / 64] |= 1ULL << (i % 64);
	if (fcntl(DUPFD, F_GETFD) >= 0)
		s->w[NSCAN / 64] |= 1;
}

static int fd_first_new(const struct fdset *a, const struct fdset *b)
{
	for (int i = 0; i < NSCAN; i++)
		if (!(a->w[i / 64] >> (i % 64) & 1) && (b->w[i / 64] >> (i % 64) & 1))
			return i;
	return (!(a->w[NSCAN / 64] & 1) && (b->w[NSCAN / 64] & 1)) ? DUPFD : -1;
}

/* Close every fd that is in @now but not in @keep. */
static void fd_close_new(const struct fdset *keep)
{
	struct fdset now;
	int fd;

	fd_snap(&now);
	while ((fd = fd_first_new(keep, &now)) >= 0) {
		close(fd);
		if (fd == DUPFD)
			now.w[NSCAN / 64] = 0;
		else
			now.w[fd / 64] &= ~(1ULL << (fd % 64));
	}
}

struct walk {
	const char *family;
	int shared;
	unsigned long points, fails;
	int failnth_fd;
};

#define WFAIL(w, c, nth, fmt, ...) do {					\
	(w)->fails++;							\
	printf("# FAIL call=%s nth=%lu: " fmt "\n", (c)->name,		\
	       (unsigned long)(nth), ##__VA_ARGS__);			\
	fflush(stdout);							\
} while (0)

static int setup_point(const struct call *c)
{
	for (int r = 0; r < NRES; r++) {
		C.fd[r] = C.peer[r] = -1;
		if ((c->needs & B(r)) && res_open(r))
			return -1;
		if (C.fd[r] >= 0 && fstat(C.fd[r], &C.st[r]))
			return -1;
	}
	C.map_id = map_id(C.fd[R_HASH]);
	C.prog_id = prog_id(C.fd[R_PROG]);
	C.btf_id = btf_obj_id(C.fd[R_BTF]);
	C.link_id = link_id(C.fd[R_LINK]);
	return 0;
}

/* Walk one call; returns the points walked. */
static unsigned long walk_call(struct walk *w, const struct call *c)
{
	__u32 ids0[4][STRESS_MAXIDS];
	int nids0[4];
	struct fdset s0, s1, s2;
	double t0 = fs_now();
	unsigned long nth;
	char rep[256];

	bpf_ids_snap(ids0, nids0);
	for (nth = 1; nth <= opt_max; nth++) {
		long ret, left;
		int e, injected, newfd;

		fd_snap(&s0);
		if (setup_point(c)) {
			WFAIL(w, c, nth, "setup failed: %s", strerror(errno));
			res_undo(c->needs);
			fd_close_new(&s0);
			break;
		}
		fd_snap(&s1);
		if (fail_nth_set(w->failnth_fd, nth)) {
			WFAIL(w, c, nth, "fail-nth: %s", strerror(errno));
			res_undo(c->needs);
			fd_close_new(&s0);
			break;
		}
		errno = 0;
		ret = c->run();
		e = errno;
		left = fail_nth_get(w->failnth_fd);
		fail_nth_set(w->failnth_fd, 0);
		injected = left == 0;

		if (ret == -1 && !injected && !errno_extra(c, e))
			WFAIL(w, c, nth, "uninjected run failed: %s",
			      strerror(e));
		if (ret == -1 && injected && !errno_ok(c, e))
			WFAIL(w, c, nth, "errno %d (%s) under injection", e,
			      fs_errname(e));
		if (ret >= 0 && (c->flags & F_NEWFD) && fcntl(ret, F_GETFD) < 0)
			WFAIL(w, c, nth, "returned %ld, not an open fd", ret);
		fd_snap(&s2);
		if (ret == -1 && (newfd = fd_first_new(&s1, &s2)) >= 0)
			WFAIL(w, c, nth, "failed call left new fd %d", newfd);
		for (int r = 0; r < NRES && !(c->flags & F_CLOSES); r++) {
			struct stat st;

			if (C.fd[r] < 0)
				continue;
			if (fstat(C.fd[r], &st) || st.st_ino != C.st[r].st_ino ||
			    st.st_dev != C.st[r].st_dev)
				WFAIL(w, c, nth, "fd %d (resource %d) no longer "
				      "names its file", C.fd[r], r);
		}
		if (kmsg_report(rep, sizeof(rep)))
			WFAIL(w, c, nth, "kernel report: %s", rep);
		res_undo(c->needs);
		fd_close_new(&s0);
		if ((c->needs & B(R_OVL)) && ovl_gone())
			WFAIL(w, c, nth, "overlay still busy after its fds "
			      "were closed: a file reference was left");
		if (!bpf_ids_back(ids0, nids0, rep, sizeof(rep)))
			WFAIL(w, c, nth, "BPF object left after close: %s",
			      rep);
		if (!injected)
			break;
		if (opt_secs && fs_now() - t0 > opt_secs) {
			printf("# %s: time budget reached at nth=%lu\n",
			       c->name, nth);
			break;
		}
	}
	if (nth > opt_max)
		nth = opt_max;
	printf("# walked %-28s %5lu points (%s, %s fd table)\n", c->name, nth,
	       c->family, w->shared ? "shared" : "private");
	fflush(stdout);
	return nth;
}

static void walk_family(struct walk *w)
{
	long files0 = file_nr(), files1;

	w->failnth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (w->failnth_fd < 0) {
		printf("# FAIL: /proc/thread-self/fail-nth: %s\n",
		       strerror(errno));
		w->fails++;
		return;
	}
	for (unsigned i = 0; i < NCALLS; i++) {
		if (strcmp(calls[i].family, w->family) ||
		    (opt_call && strcmp(calls[i].name, opt_call)))
			continue;
		w->points += walk_call(w, &calls[i]);
	}
	close(w->failnth_fd);
	files1 = file_nr_settled(files0);
	printf("# family %s (%s fd table): %lu points, %lu failures, "
	       "file-nr %ld -> %ld\n", w->family,
	       w->shared ? "shared" : "private", w->points, w->fails,
	       files0, files1);
	if (files1 > files0 + FILE_NR_SLACK) {
		printf("# FAIL family=%s: %ld files more than before\n",
		       w->family, files1 - files0);
		w->fails++;
	}
	if (opt_kmemleak) {
		int leaks;

		sleep(6);	/* kmemleak reports objects older than 5 s */
		leaks = kmemleak_scan();
		if (leaks < 0)
			printf("# no kmemleak in this kernel\n");
		if (leaks > 0) {
			printf("# FAIL family=%s: kmemleak: %d unreferenced "
			       "objects\n", w->family, leaks);
			w->fails++;
		}
	}
}

/* ---- harness ---------------------------------------------------------------- */

FIXTURE(walk) {
	pthread_t idle;
};

FIXTURE_VARIANT(walk) {
	const char *family;
	int shared;
};

#define FAMILY(f)							\
	FIXTURE_VARIANT_ADD(walk, f##_private) { #f, 0 };		\
	FIXTURE_VARIANT_ADD(walk, f##_shared) { #f, 1 }
FAMILY(bpf_map);
FAMILY(bpf_prog);
FAMILY(bpf_link);
FAMILY(bpf_obj);
FAMILY(fs_rw);
FAMILY(fs_meta);
FAMILY(events);
FAMILY(net);
FAMILY(proc);
FAMILY(overlay);
FAMILY(conv);
/* 6.1 leaks a file per aio read of an fd opened before copy-up (0001) */
FAMILY(bugfix_ovl_aio);

FIXTURE_SETUP(walk)
{
	int fd;

	ASSERT_EQ(0, stress_guest_setup()) TH_LOG("guest setup: %s",
						  strerror(errno));
	ASSERT_EQ(0, fail_nth_setup()) TH_LOG("fault injection setup: %s",
					      strerror(errno));
	signal(SIGPIPE, SIG_IGN);
	mkdir(WDIR, 0755);
	mkdir(CGDIR, 0755);
	close(open(WDIR "/f0", O_RDWR | O_CREAT, 0644));
	close(open(WDIR "/f1", O_RDWR | O_CREAT, 0644));
	fd = open(WDIR "/mod", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ASSERT_EQ(4096, write(fd, buf4k, 4096));	/* zeroes: not ELF */
	close(fd);
	mkdir(OVL, 0755);
	mkdir(OVL "/l", 0755);
	mkdir(OVL "/u", 0755);
	mkdir(OVL "/w", 0755);
	mkdir(OVL "/m", 0755);
	close(open(OVL "/l/f", O_RDWR | O_CREAT, 0644));
	ASSERT_EQ(0, truncate(OVL "/l/f", 8192));
	mkdir(MEMCG, 0755);	/* EBUSY: mounted by an earlier variant */
	if (mount("none", MEMCG, "cgroup", 0, "memory") && errno != EBUSY)
		TH_LOG("cgroup v1 memory: %s", strerror(errno));
	if (variant->shared) {
		ASSERT_EQ(0, pthread_create(&self->idle, NULL, bpf_util_idle,
					    NULL));
		ASSERT_EQ(1, fd_table_shared());
	} else {
		ASSERT_EQ(0, fd_table_shared());
	}
	kmsg_open();
}

FIXTURE_TEARDOWN(walk)
{
}

TEST_F_TIMEOUT(walk, points, 7200)
{
	struct walk w = { .family = variant->family,
			  .shared = variant->shared };
	int bugfix = !strncmp(w.family, "bugfix_", 7);

	if (bugfix != opt_bugfix)
		SKIP(return, "%s families only (-b)", opt_bugfix ?
		     "bugfix_" : "non-bugfix_");

	walk_family(&w);
	EXPECT_EQ(0, w.fails) TH_LOG("%lu (call, nth) failures in %s, see "
				     "the FAIL lines", w.fails, w.family);
	EXPECT_LT(0, w.points);
}

STRESS_MAIN("bkn:s:c:", case 'b': opt_bugfix = 1; break;
	    case 'k': opt_kmemleak = 1; break;
	    case 'n': opt_max = strtoul(optarg, NULL, 0); break;
	    case 's': opt_secs = atof(optarg); break;
	    case 'c': opt_call = optarg; break;)

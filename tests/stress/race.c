// SPDX-License-Identifier: GPL-2.0
/*
 * fd-table races: threads of one process share the fd table.  Mutator
 * threads close, dup2(), dup3(), close_range() and reopen a few fd numbers
 * (the slots), switching them between kinds -- a hash map, an array map,
 * a prog, a regular file, a directory, a pipe, a socket, an eventfd --
 * sometimes with a fresh object whose only reference is the slot, so that
 * closing it frees the object while other threads may be inside calls on
 * it.  User threads run the fd-taking calls of the series on random slots
 * (one table of ops: VFS, socket and BPF calls).  A forker thread starts
 * children that share the fd table (clone(CLONE_FILES)) and run the same
 * ops, some of which unshare(CLONE_FILES) half-way (the table is copied
 * while it changes, then they go on with their copy), and plain fork()s
 * (a copy of the table from the start).
 *
 * The run stops after -n calls (default 1000000) or -t seconds (default
 * 300).  Then, with every fd closed: no BPF object is left, the file count
 * is back, kmemleak finds nothing (-k), no call failed with EFAULT (every
 * pointer passed is valid: EFAULT would mean the kernel read the wrong
 * object), and the kernel printed no report (vm-run checks that too).
 *
 * Options: -n CALLS -t SECONDS -u USERS -m MUTATORS (threads), -k  a
 * kmemleak scan of its own at the end (else only vm-run's).
 */
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>

#include "fs_util.h"
#include "bpf_util.h"
#include "stress_util.h"

#define SLOT0	200	/* the raced fd numbers: SLOT0 .. SLOT0 + NSLOTS - 1 */
#define NSLOTS	6
#define POOL0	150	/* one fd of each kind, dup2()ed onto the slots */

static unsigned long opt_calls = 1000000;
static double opt_secs = 300;
static int opt_users = 3, opt_mutators = 2, opt_kmemleak;

enum kind { K_HASH, K_ARRAY, K_PROG, K_FILE, K_DIR, K_PIPE, K_SOCK,
	    K_EVENTFD, NKINDS };

/* Shared with the clone()d children: counters live in a MAP_SHARED page. */
struct shared {
	atomic_ulong calls, mutations, efault, children, unshared;
	atomic_int stop;
	atomic_int efault_op;
	atomic_ulong n_ok[64], n_err[64];
};
static struct shared *S;

/* Objects every thread uses with a slot fd as an argument. */
static int outer, sockmap, storage, bind_prog;

static int make_kind(enum kind k)
{
	int p[2], fd;

	switch (k) {
	case K_HASH:
		return bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 4);
	case K_ARRAY:
		return bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, 4);
	case K_PROG:
		return socket_filter_prog();
	case K_FILE:
		return fs_tmpfile("some data in a file");
	case K_DIR:
		return open("/tmp", O_RDONLY | O_DIRECTORY);
	case K_PIPE:
		if (pipe2(p, O_NONBLOCK))
			return -1;
		if (write(p[1], "pipe", 4) != 4) {}
		close(p[1]);	/* readers see data, then EOF */
		return p[0];
	case K_SOCK:
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, p))
			return -1;
		close(p[1]);
		return p[0];
	case K_EVENTFD:
		fd = eventfd(3, EFD_NONBLOCK);
		return fd;
	default:
		return -1;
	}
}

/* ---- per-thread objects and the ops on a slot fd ------------------------- */

struct tls {
	unsigned int seed;
	int pipe[2], ep, sp[2], sock, prog, tmp;
};

static long op_bpf_batch(int fd)
{
	__u32 keys[4], out;
	__u64 vals[4];
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.batch.map_fd = fd;
	attr.batch.keys = ptr_to_u64(keys);
	attr.batch.values = ptr_to_u64(vals);
	attr.batch.count = 4;
	attr.batch.out_batch = ptr_to_u64(&out);
	return BPF(BPF_MAP_LOOKUP_BATCH, &attr);
}

static long op_prog_load(int fd)
{
	struct bpf_insn insns[] = {
		LD_MAP_FD(BPF_REG_1, fd), MOV64_IMM(BPF_REG_0, 0), EXIT_INSN(),
	};
	union bpf_attr attr;
	long r;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.insns = ptr_to_u64(insns);
	attr.insn_cnt = ARRAY_LEN(insns);
	attr.license = ptr_to_u64("GPL");
	r = BPF(BPF_PROG_LOAD, &attr);
	if (r >= 0)
		close(r);
	return r < 0 ? r : 0;
}

static long op_test_run(int fd)
{
	char pkt[64] = { 0 };
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = fd;
	attr.test.data_in = ptr_to_u64(pkt);
	attr.test.data_size_in = sizeof(pkt);
	return BPF(BPF_PROG_TEST_RUN, &attr);
}

static long op_bind_map(struct tls *t, int fd)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_bind_map.prog_fd = t->prog;
	attr.prog_bind_map.map_fd = fd;
	return BPF(BPF_PROG_BIND_MAP, &attr);
}

static long op_scm(struct tls *t, int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 }, b = 'x';
	struct iovec iov = { &b, 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = cbuf,
			     .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&mh);
	long r;

	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	r = sendmsg(t->sp[0], &mh, MSG_DONTWAIT);
	if (r != 1)
		return -1;
	mh.msg_controllen = sizeof(cbuf);
	if (recvmsg(t->sp[1], &mh, MSG_DONTWAIT) != 1)
		return -1;
	cm = CMSG_FIRSTHDR(&mh);
	if (cm && cm->cmsg_type == SCM_RIGHTS) {
		memcpy(&fd, CMSG_DATA(cm), sizeof(int));
		close(fd);
	}
	return 0;
}

static long op_epoll(struct tls *t, int fd)
{
	struct epoll_event ev = { .events = EPOLLIN };
	long r = epoll_ctl(t->ep, EPOLL_CTL_ADD, fd, &ev);

	if (!r)
		epoll_ctl(t->ep, EPOLL_CTL_DEL, fd, &ev);
	return r;
}

static long op_splice(struct tls *t, int fd)
{
	char b[64];
	long r = splice(fd, NULL, t->pipe[1], NULL, 64, SPLICE_F_NONBLOCK);

	if (read(t->pipe[0], b, sizeof(b)) < 0) {}
	return r;
}

static long op_dup(int fd)
{
	int d = dup(fd);

	if (d >= 0)
		close(d);
	return d < 0 ? -1 : 0;
}

static long op_flock(int fd)
{
	long r = flock(fd, LOCK_SH | LOCK_NB);

	if (!r)
		flock(fd, LOCK_UN);
	return r;
}

static long op_poll(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0);
}

static long op_select(int fd)
{
	struct timeval tv = { 0 };
	fd_set r;

	FD_ZERO(&r);
	FD_SET(fd, &r);
	return select(fd + 1, &r, NULL, NULL, &tv);
}

#define OPS								\
OP(read, ({ char b[16]; read(fd, b, sizeof(b)); }))			\
OP(pread, ({ char b[16]; pread(fd, b, sizeof(b), 0); }))		\
OP(write, write(fd, "x", 1))						\
OP(lseek, lseek(fd, 0, SEEK_SET))					\
OP(fstat, ({ struct stat st; fstat(fd, &st); }))			\
OP(fstatat, ({ struct stat st; fstatat(fd, "", &st, AT_EMPTY_PATH); })) \
OP(fstatfs, ({ struct statfs sf; fstatfs(fd, &sf); }))			\
OP(fsync, fsync(fd))							\
OP(ioctl, ({ int n; ioctl(fd, FIONREAD, &n); }))			\
OP(fcntl, fcntl(fd, F_GETFL))						\
OP(dup, op_dup(fd))							\
OP(flock, op_flock(fd))							\
OP(fadvise, posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL))			\
OP(getdents, ({ char b[256]; syscall(__NR_getdents64, fd, b, sizeof(b)); })) \
OP(openat, ({ int o = openat(fd, ".", O_RDONLY); if (o >= 0) close(o); o; })) \
OP(splice, op_splice(t, fd))						\
OP(sendfile, sendfile(t->tmp, fd, NULL, 16))				\
OP(poll, op_poll(fd))							\
OP(select, op_select(fd))						\
OP(epoll_ctl, op_epoll(t, fd))						\
OP(scm_rights, op_scm(t, fd))						\
OP(getsockname, ({ struct sockaddr_storage a; socklen_t l = sizeof(a);	\
		   getsockname(fd, (void *)&a, &l); }))			\
OP(setsockopt, ({ int v = 4096;						\
		  setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v)); })) \
OP(map_lookup, ({ __u32 k = 0; __u64 v; bpf_map_lookup(fd, &k, &v); })) \
OP(map_update, ({ __u32 k = 1; __u64 v = 2; bpf_map_update(fd, &k, &v, 0); })) \
OP(map_delete, ({ __u32 k = 1; bpf_map_delete(fd, &k); }))		\
OP(map_batch, op_bpf_batch(fd))						\
OP(obj_info, ({ char b[128]; obj_info(fd, b, sizeof(b)); }))		\
OP(prog_load, op_prog_load(fd))						\
OP(test_run, op_test_run(fd))						\
OP(bind_map, op_bind_map(t, fd))					\
OP(so_attach, setsockopt(t->sock, SOL_SOCKET, SO_ATTACH_BPF, &fd,	\
			 sizeof(fd)))					\
OP(mim_update, ({ __u32 k = 0, v = fd; bpf_map_update(outer, &k, &v, 0); })) \
OP(sockmap_update, ({ __u32 k = 0, v = fd;				\
		      bpf_map_update(sockmap, &k, &v, 0); }))		\
OP(storage_update, ({ int k = fd; __u64 v = 1;				\
		      bpf_map_update(storage, &k, &v, 0); }))

enum {
#define OP(n, e) OP_##n,
	OPS
#undef OP
	NOPS
};

static const char *const op_names[] = {
#define OP(n, e) #n,
	OPS
#undef OP
};

static long run_op(struct tls *t, int op, int fd)
{
	switch (op) {
#define OP(n, e) case OP_##n: return (long)(e);
	OPS
#undef OP
	}
	return 0;
}

static int tls_init(struct tls *t, unsigned int seed)
{
	t->seed = seed;
	t->ep = epoll_create1(0);
	t->sock = socket(AF_UNIX, SOCK_DGRAM, 0);
	t->prog = socket_filter_prog();
	t->tmp = fs_tmpfile(NULL);
	if (pipe2(t->pipe, O_NONBLOCK) ||
	    socketpair(AF_UNIX, SOCK_DGRAM, 0, t->sp))
		return -1;
	return t->ep < 0 || t->sock < 0 || t->prog < 0 || t->tmp < 0 ? -1 : 0;
}

static void tls_exit(struct tls *t)
{
	int fds[] = { t->ep, t->sock, t->prog, t->tmp, t->pipe[0], t->pipe[1],
		      t->sp[0], t->sp[1] };

	for (unsigned i = 0; i < ARRAY_LEN(fds); i++)
		close(fds[i]);
}

static int done(void)
{
	return atomic_load(&S->stop);
}

/* n ops on random slots (every call counted). */
static void user_ops(struct tls *t, unsigned long n)
{
	for (unsigned long i = 0; i < n && !done(); i++) {
		int op = rand_r(&t->seed) % NOPS;
		int fd = SLOT0 + rand_r(&t->seed) % NSLOTS;
		long r;

		errno = 0;
		r = run_op(t, op, fd);
		if (r < 0 && errno == EFAULT) {
			atomic_fetch_add(&S->efault, 1);
			atomic_store(&S->efault_op, op);
		}
		atomic_fetch_add(r < 0 ? &S->n_err[op] : &S->n_ok[op], 1);
		atomic_fetch_add(&S->calls, 1);
	}
}

static void *user_thread(void *arg)
{
	struct tls t;

	if (tls_init(&t, (unsigned long)arg)) {
		atomic_store(&S->stop, 2);
		return NULL;
	}
	while (!done())
		user_ops(&t, 1000);
	tls_exit(&t);
	return NULL;
}

static void *mutator_thread(void *arg)
{
	unsigned int seed = (unsigned long)arg;

	while (!done()) {
		int slot = SLOT0 + rand_r(&seed) % NSLOTS;
		int k = rand_r(&seed) % NKINDS, r = rand_r(&seed) % 100, fd;

		if (r < 55) {
			dup2(POOL0 + k, slot);
		} else if (r < 70) {
			close(slot);
		} else if (r < 80) {	/* the slot is the only reference */
			fd = make_kind(k);
			if (fd >= 0) {
				dup2(fd, slot);
				close(fd);
			}
		} else if (r < 83) {
			syscall(__NR_close_range, SLOT0, SLOT0 + NSLOTS - 1, 0);
		} else if (r < 90) {
			dup3(POOL0 + k, slot, O_CLOEXEC);
		} else if (r < 93) {
			fd = fcntl(POOL0 + k, F_DUPFD, SLOT0);
			if (fd >= SLOT0 + NSLOTS)
				close(fd);
		} else {
			dup2(SLOT0 + rand_r(&seed) % NSLOTS, slot);
		}
		atomic_fetch_add(&S->mutations, 1);
		atomic_fetch_add(&S->calls, 1);
	}
	return NULL;
}

/*
 * A child that shares the fd table: runs ops, maybe unshares the table
 * half-way (a copy made while the mutators change it) and runs more on
 * its private copy.  It exits with _exit(): the table is dropped then.
 */
static void child_ops(unsigned int seed)
{
	struct tls t;

	if (tls_init(&t, seed))
		_exit(1);
	user_ops(&t, 300);
	tls_exit(&t);	/* (the table may be the parent's) */
}

static void child_run(unsigned int seed, int unshare_half)
{
	child_ops(seed);
	if (unshare_half && !unshare(CLONE_FILES)) {
		atomic_fetch_add(&S->unshared, 1);
		child_ops(seed + 1);
	}
	_exit(0);
}

static void *forker_thread(void *arg)
{
	unsigned int seed = (unsigned long)arg;

	while (!done()) {
		int how = rand_r(&seed) % 3;
		pid_t p;

		if (how == 2)
			p = fork();	/* a copy of the table, mid-change */
		else
			p = syscall(__NR_clone, CLONE_FILES | SIGCHLD, 0, 0,
				    0, 0);
		if (p == 0)
			child_run(rand_r(&seed), how == 1);
		if (p > 0) {
			waitpid(p, NULL, 0);
			atomic_fetch_add(&S->children, 1);
		}
		atomic_fetch_add(&S->calls, 1);
	}
	return NULL;
}


FIXTURE(race) {
	__u32 ids0[4][STRESS_MAXIDS];
	int nids0[4];
	long files0;
};

FIXTURE_SETUP(race)
{
	int inner;

	ASSERT_EQ(0, stress_guest_setup());
	signal(SIGPIPE, SIG_IGN);	/* writes to sockets whose peer is gone */
	S = mmap(NULL, sizeof(*S), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, S);
	bpf_ids_snap(self->ids0, self->nids0);
	self->files0 = file_nr();
	for (int k = 0; k < NKINDS; k++) {
		int fd = make_kind(k);

		ASSERT_LE(0, fd) TH_LOG("kind %d: %s", k, strerror(errno));
		ASSERT_EQ(POOL0 + k, dup2(fd, POOL0 + k));
		close(fd);
	}
	inner = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, 4);
	outer = map_of_maps_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, inner, 2);
	close(inner);
	sockmap = bpf_map_create(BPF_MAP_TYPE_SOCKMAP, 4, 4, 2);
	storage = inode_storage_map();
	bind_prog = socket_filter_prog();
	ASSERT_LE(0, outer);
	ASSERT_LE(0, sockmap);
	ASSERT_LE(0, storage);
	ASSERT_LE(0, bind_prog);
}

FIXTURE_TEARDOWN(race)
{
}

TEST_F_TIMEOUT(race, shared_fd_table, 3600)
{
	int nthreads = opt_users + opt_mutators + 1;
	pthread_t th[64];
	double t0 = fs_now(), secs;
	unsigned long calls;
	long files1;
	char why[64];
	int i = 0, leaks;

	ASSERT_LE(nthreads, 64);
	for (int u = 0; u < opt_users; u++)
		ASSERT_EQ(0, pthread_create(&th[i++], NULL, user_thread,
					    (void *)(long)(u + 1)));
	for (int m = 0; m < opt_mutators; m++)
		ASSERT_EQ(0, pthread_create(&th[i++], NULL, mutator_thread,
					    (void *)(long)(m + 101)));
	ASSERT_EQ(0, pthread_create(&th[i++], NULL, forker_thread,
				    (void *)1001L));
	while (!done()) {
		usleep(100000);
		if (atomic_load(&S->calls) >= opt_calls ||
		    fs_now() - t0 >= opt_secs)
			atomic_store(&S->stop, 1);
	}
	for (i = 0; i < nthreads; i++)
		pthread_join(th[i], NULL);
	secs = fs_now() - t0;
	calls = atomic_load(&S->calls);
	ASSERT_EQ(1, atomic_load(&S->stop)) TH_LOG("a thread could not start");

	printf("# race: %lu calls in %.1f s (%.0f calls/s) on %ld CPUs: %lu "
	       "fd-table changes, %lu children (%lu unshared)\n", calls, secs,
	       calls / secs, sysconf(_SC_NPROCESSORS_ONLN),
	       atomic_load(&S->mutations), atomic_load(&S->children),
	       atomic_load(&S->unshared));
	for (int op = 0; op < NOPS; op++)
		printf("# op %-15s %8lu ok %8lu failed\n", op_names[op],
		       atomic_load(&S->n_ok[op]), atomic_load(&S->n_err[op]));
	EXPECT_EQ(0, atomic_load(&S->efault)) TH_LOG("EFAULT from op %s",
		op_names[atomic_load(&S->efault_op)]);

	/* Everything closed: nothing may be left. */
	syscall(__NR_close_range, 3, ~0U, 0);
	EXPECT_TRUE(bpf_ids_back(self->ids0, self->nids0, why, sizeof(why)))
		TH_LOG("BPF object left after every fd was closed: %s", why);
	files1 = file_nr_settled(self->files0);
	EXPECT_GE(self->files0 + FILE_NR_SLACK, files1)
		TH_LOG("file-nr %ld before, %ld after", self->files0, files1);
	leaks = 0;
	if (opt_kmemleak) {
		sleep(6);	/* kmemleak reports objects older than 5 s */
		leaks = kmemleak_scan();
	}
	EXPECT_EQ(0, leaks) TH_LOG("kmemleak: %d unreferenced objects", leaks);
	printf("# file-nr %ld before, %ld after; kmemleak: %d\n",
	       self->files0, files1, leaks);
}

STRESS_MAIN("kn:t:u:m:", case 'k': opt_kmemleak = 1; break;
	    case 'n': opt_calls = strtoul(optarg, NULL, 0); break;
	    case 't': opt_secs = atof(optarg); break;
	    case 'u': opt_users = atoi(optarg); break;
	    case 'm': opt_mutators = atoi(optarg); break;)

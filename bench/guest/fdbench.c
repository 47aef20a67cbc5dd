// SPDX-License-Identifier: GPL-2.0
/*
 * fdbench: ns/op of syscalls that resolve a file descriptor, run in the
 * guest only (tools/vm-run), once per boot of each kernel.
 *
 *   fdbench [-p PASSES] [-t BATCH_MS] [-k TSC_KHZ]
 *
 * Each op is first calibrated to a batch of about BATCH_MS, then measured
 * in PASSES passes; a pass runs one batch of every op in turn, so slow
 * moments of the (shared, emulating) host are spread over all the ops.
 * Everything runs twice: "st" with the fd table unshared (fdget() takes no
 * reference), then "mt" with a second thread alive, asleep (shared table:
 * fdget() takes a reference and fdget_pos() the f_pos lock).
 *
 * One line per op and mode, parsed by bench/stats.py:
 *   FDBENCH mode=st op=getppid iters=N median=NS min=NS max=NS samples=NS,NS,...
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/btf.h>

#include "fdtest.h"

#define MAX_PASSES 256

static int passes = 100;
static double batch_ms = 2;

static int array_fd, hash_fd, inode_fd, file_fd, closed_fd;
static union bpf_attr a_lookup, h_lookup, a_update, info_attr, i_lookup, bad_lookup;
static struct bpf_map_info map_info;
static __u64 value[2];
static __u32 key0, hkey = 7;
static char rbuf[64];
static long reads;

#define FILE_SIZE (1 << 20)

static long op_getppid(void) { return syscall(SYS_getppid) < 0 ? -1 : 0; }
static long op_array_lookup(void) { return sys_bpf(BPF_MAP_LOOKUP_ELEM, &a_lookup, sizeof(a_lookup)); }
static long op_hash_lookup(void) { return sys_bpf(BPF_MAP_LOOKUP_ELEM, &h_lookup, sizeof(h_lookup)); }
static long op_array_update(void) { return sys_bpf(BPF_MAP_UPDATE_ELEM, &a_update, sizeof(a_update)); }
static long op_map_info(void) { return sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &info_attr, sizeof(info_attr)); }
static long op_inode_lookup(void) { return sys_bpf(BPF_MAP_LOOKUP_ELEM, &i_lookup, sizeof(i_lookup)); }

/* The empty path: a closed fd, EBADF expected. */
static long op_lookup_ebadf(void)
{
	long r = sys_bpf(BPF_MAP_LOOKUP_ELEM, &bad_lookup, sizeof(bad_lookup));

	return r == -1 && errno == EBADF ? 0 : -1;
}

/* read(2) of 64 bytes of a 1 MiB tmpfs file, rewound once per 16384 reads. */
static long op_read(void)
{
	if (++reads == FILE_SIZE / sizeof(rbuf)) {
		reads = 0;
		if (lseek(file_fd, 0, SEEK_SET))
			return -1;
	}
	return read(file_fd, rbuf, sizeof(rbuf)) == sizeof(rbuf) ? 0 : -1;
}

static long op_lseek(void) { return lseek(file_fd, 4096, SEEK_SET) == 4096 ? 0 : -1; }

/*
 * will-it-scale poll2 style: 128 pipe read ends, nothing readable, timeout
 * 0: one fdget() per entry (do_pollfd() / do_select()).
 */
#define NPOLL 128
static int pipes[NPOLL][2], epfd, ready[NPOLL][2], sv[2];
static struct pollfd pfds[NPOLL];
static fd_set sel_all;
static int sel_max;
static struct epoll_event evs[NPOLL];

static long op_poll128(void) { return poll(pfds, NPOLL, 0) == 0 ? 0 : -1; }

static long op_select128(void)
{
	fd_set r = sel_all;
	struct timeval tv = { 0, 0 };

	return select(sel_max + 1, &r, NULL, NULL, &tv) == 0 ? 0 : -1;
}

/* epoll_wait on a set of 128 pipes that are all readable: 128 events. */
static long op_epoll_wait128(void) { return epoll_wait(epfd, evs, NPOLL, 0) == NPOLL ? 0 : -1; }

/* sendmsg() then recvmsg() of 64 bytes over an AF_UNIX datagram socketpair. */
static long op_sendmsg_recvmsg(void)
{
	struct iovec iov = { rbuf, sizeof(rbuf) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };

	if (sendmsg(sv[0], &m, 0) != sizeof(rbuf))
		return -1;
	return recvmsg(sv[1], &m, 0) == sizeof(rbuf) ? 0 : -1;
}

static const struct op {
	const char *name;
	long (*fn)(void);
} ops[] = {
	{ "getppid", op_getppid },
	{ "array_lookup", op_array_lookup },
	{ "hash_lookup", op_hash_lookup },
	{ "array_update", op_array_update },
	{ "map_get_info", op_map_info },
	{ "inode_storage_lookup", op_inode_lookup },
	{ "lookup_ebadf", op_lookup_ebadf },
	{ "read", op_read },
	{ "lseek", op_lseek },
	{ "poll128", op_poll128 },
	{ "select128", op_select128 },
	{ "epoll_wait128", op_epoll_wait128 },
	{ "sendmsg_recvmsg", op_sendmsg_recvmsg },
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))

static void die(const char *what)
{
	fprintf(stderr, "fdbench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static double mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/*
 * The clock of the batches.  The lean kernel under TCG finds no TSC
 * reference (no HPET/PM timer without ACPI), runs on jiffies and its
 * CLOCK_MONOTONIC ticks in 4 ms steps; so with -k KHZ (the host's TSC rate:
 * TCG's rdtsc reads the host's TSC) batches are timed with rdtsc.
 */
static double tsc_khz;

static double now_ns(void)
{
	if (tsc_khz > 0) {
		unsigned int lo, hi;

		__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
		return (((unsigned long long)hi << 32) | lo) * 1e6 / tsc_khz;
	}
	return mono_ns();
}

/* ns per op over @n calls of @o; exits if the op fails. */
static double run_batch(const struct op *o, long n)
{
	double t0 = now_ns();

	for (long i = 0; i < n; i++)
		if (o->fn()) {
			fprintf(stderr, "fdbench: %s failed: %s\n", o->name, strerror(errno));
			exit(1);
		}
	return (now_ns() - t0) / n;
}

/* Iterations for one batch of about batch_ms, after a warmup. */
static long calibrate(const struct op *o)
{
	long n = 16;
	double ns;

	run_batch(o, 64);	/* warmup: caches, lazily allocated state */
	for (;;) {
		ns = run_batch(o, n) * n;
		if (ns > batch_ms * 1e6 / 4 || n > (1L << 30))
			break;
		n *= 2;
	}
	n = (long)(n * batch_ms * 1e6 / ns);
	return n < 16 ? 16 : n;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void measure(const char *mode)
{
	static double s[NOPS][MAX_PASSES];
	long iters[NOPS];

	for (unsigned o = 0; o < NOPS; o++)
		iters[o] = calibrate(&ops[o]);
	for (int p = 0; p < passes; p++)
		for (unsigned o = 0; o < NOPS; o++)
			s[o][p] = run_batch(&ops[o], iters[o]);
	for (unsigned o = 0; o < NOPS; o++) {
		double sorted[MAX_PASSES];

		memcpy(sorted, s[o], sizeof(double) * passes);
		qsort(sorted, passes, sizeof(double), cmp_double);
		printf("FDBENCH mode=%s op=%s iters=%ld median=%.1f min=%.1f max=%.1f samples=",
		       mode, ops[o].name, iters[o], sorted[passes / 2], sorted[0],
		       sorted[passes - 1]);
		for (int p = 0; p < passes; p++)
			printf("%s%.1f", p ? "," : "", s[o][p]);
		printf("\n");
		fflush(stdout);
	}
}

/* A tiny BTF: [1] int, [2] struct val { int a; int b; }. */
static int load_btf(void)
{
	static const char strs[] = "\0int\0val\0a\0b";
	struct {
		struct btf_header hdr;
		__u32 types[3 + 1 + 3 + 3 * 2];
		char strs[sizeof(strs)];
	} __attribute__((packed)) blob = {
		.hdr = {
			.magic = BTF_MAGIC, .version = BTF_VERSION,
			.hdr_len = sizeof(struct btf_header),
			.type_off = 0, .type_len = sizeof(blob.types),
			.str_off = sizeof(blob.types), .str_len = sizeof(strs),
		},
		.types = {
			/* [1] int: name "int", size 4, signed 32 bits */
			1, BTF_KIND_INT << 24, 4, (BTF_INT_SIGNED << 24) | 32,
			/* [2] struct val, 2 members, size 8 */
			5, (BTF_KIND_STRUCT << 24) | 2, 8,
			9, 1, 0,	/* a: int at bit 0 */
			11, 1, 32,	/* b: int at bit 32 */
		},
	};
	union bpf_attr attr;
	static char log[4096];

	memcpy(blob.strs, strs, sizeof(strs));
	memset(&attr, 0, sizeof(attr));
	attr.btf = ptr_to_u64(&blob);
	attr.btf_size = sizeof(blob);
	attr.btf_log_buf = ptr_to_u64(log);
	attr.btf_log_size = sizeof(log);
	attr.btf_log_level = 1;
	int fd = BPF(BPF_BTF_LOAD, &attr);
	if (fd < 0)
		fprintf(stderr, "fdbench: BTF log: %s\n", log);
	return fd;
}

static void setup(void)
{
	union bpf_attr attr;
	int btf_fd;

	array_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, sizeof(value), 1);
	if (array_fd < 0)
		die("array map");
	hash_fd = bpf_map_create(BPF_MAP_TYPE_HASH, 4, sizeof(value), 64);
	if (hash_fd < 0)
		die("hash map");
	for (__u32 k = 0; k < 64; k++)
		if (bpf_map_update(hash_fd, &k, value, BPF_ANY))
			die("hash map update");

	file_fd = open("/tmp/fdbench.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (file_fd < 0)
		die("open /tmp/fdbench.dat");
	static char chunk[65536];
	memset(chunk, 'x', sizeof(chunk));
	for (int i = 0; i < FILE_SIZE / (int)sizeof(chunk); i++)
		if (write(file_fd, chunk, sizeof(chunk)) != sizeof(chunk))
			die("write /tmp/fdbench.dat");
	if (lseek(file_fd, 0, SEEK_SET))
		die("lseek");

	btf_fd = load_btf();
	if (btf_fd < 0)
		die("BPF_BTF_LOAD");
	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_INODE_STORAGE;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.map_flags = BPF_F_NO_PREALLOC;
	attr.btf_fd = btf_fd;
	attr.btf_key_type_id = 1;
	attr.btf_value_type_id = 2;
	inode_fd = BPF(BPF_MAP_CREATE, &attr);
	if (inode_fd < 0)
		die("inode storage map (needs lsm=bpf)");
	__u32 v2[2] = { 1, 2 };
	if (bpf_map_update(inode_fd, &file_fd, v2, BPF_ANY))
		die("inode storage update");

	epfd = epoll_create1(0);
	if (epfd < 0)
		die("epoll_create1");
	FD_ZERO(&sel_all);
	for (int i = 0; i < NPOLL; i++) {
		struct epoll_event ev = { .events = EPOLLIN, .data.u32 = i };

		if (pipe(pipes[i]) || pipe(ready[i]))
			die("pipe");
		pfds[i] = (struct pollfd){ .fd = pipes[i][0], .events = POLLIN };
		if (pipes[i][0] >= FD_SETSIZE)
			die("fd too large for select");
		FD_SET(pipes[i][0], &sel_all);
		if (pipes[i][0] > sel_max)
			sel_max = pipes[i][0];
		if (write(ready[i][1], "x", 1) != 1 ||
		    epoll_ctl(epfd, EPOLL_CTL_ADD, ready[i][0], &ev))
			die("epoll set");
	}
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		die("socketpair");

	closed_fd = open("/dev/null", O_RDONLY);
	if (closed_fd < 0 || close(closed_fd))
		die("closed fd");

	a_lookup.map_fd = array_fd;
	a_lookup.key = ptr_to_u64(&key0);
	a_lookup.value = ptr_to_u64(value);
	h_lookup.map_fd = hash_fd;
	h_lookup.key = ptr_to_u64(&hkey);
	h_lookup.value = ptr_to_u64(value);
	a_update.map_fd = array_fd;
	a_update.key = ptr_to_u64(&key0);
	a_update.value = ptr_to_u64(value);
	a_update.flags = BPF_ANY;
	info_attr.info.bpf_fd = array_fd;
	info_attr.info.info_len = sizeof(map_info);
	info_attr.info.info = ptr_to_u64(&map_info);
	i_lookup.map_fd = inode_fd;
	i_lookup.key = ptr_to_u64(&file_fd);
	i_lookup.value = ptr_to_u64(value);
	bad_lookup.map_fd = closed_fd;
	bad_lookup.key = ptr_to_u64(&key0);
	bad_lookup.value = ptr_to_u64(value);
}

static void *sleeper(void *arg)
{
	for (;;)
		pause();
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t;
	cpu_set_t cpus;
	int c;

	while ((c = getopt(argc, argv, "p:t:k:")) != -1) {
		switch (c) {
		case 'p': passes = atoi(optarg); break;
		case 't': batch_ms = atof(optarg); break;
		case 'k': tsc_khz = atof(optarg); break;
		default:
			fprintf(stderr, "usage: fdbench [-p PASSES] [-t BATCH_MS] [-k TSC_KHZ]\n");
			return 2;
		}
	}
	if (passes < 1 || passes > MAX_PASSES || batch_ms <= 0) {
		fprintf(stderr, "fdbench: passes 1..%d, batch_ms > 0\n", MAX_PASSES);
		return 2;
	}
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	sched_setaffinity(0, sizeof(cpus), &cpus);	/* best effort */

	setup();
	printf("FDBENCH-CONFIG passes=%d batch_ms=%g clock=%s\n", passes, batch_ms,
	       tsc_khz > 0 ? "tsc" : "monotonic");
	double m0 = mono_ns(), t0 = now_ns();
	measure("st");
	if ((errno = pthread_create(&t, NULL, sleeper, NULL)))
		die("pthread_create");
	measure("mt");
	/* How far the guest's own clock drifts from the one the batches use. */
	printf("FDBENCH-DONE elapsed_s=%.3f monotonic_s=%.3f\n",
	       (now_ns() - t0) / 1e9, (mono_ns() - m0) / 1e9);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * fd races: with a shared fd table (threads), fdget() must take a real
 * reference, so one thread may close or dup2() over an fd number while
 * others are inside bpf() commands on that number.  Every command must
 * then act on one consistent file -- the old one or the new one -- and
 * fail cleanly (EBADF, EINVAL, ...) when the number is empty or the wrong
 * kind, never crash or leak.  Run under KASAN and kmemleak by vm-run.
 *
 * race_swap: one thread cycles the fd number through maps of two shapes,
 * a prog, a socket, /dev/null and "closed" while workers run map lookup /
 * update / batch, OBJ_GET_INFO_BY_FD, map-in-map and sockmap updates with
 * it as the value, inode storage keyed by it, BPF_PROG_LOAD with it as a
 * pseudo map fd, BPF_PROG_BIND_MAP and SO_ATTACH_BPF.
 *
 * race_last_ref: the fd number holds the only reference to a fresh map or
 * prog when it is closed, so the object is freed as soon as the last
 * command using it returns; all of them must be gone at the end.
 *
 * The guest is a uniprocessor, non-preemptible kernel: another thread
 * only runs inside a command where that command schedules.  The batch
 * commands cond_resched() after every element, so the workers run large
 * batches (64 elements) a lot: the swap then lands between fdget() and
 * fdput() of the map fd, and between the per-element fdget()s of the
 * inner map fds of a map-in-map batch update (counted as "mid-batch"
 * below: a batch whose elements saw different files).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "bpf_util.h"

#define RACE_FD		200
#define NWORKERS	3
#define NBATCH		64	/* entries of the maps, elements of a batch */

enum op {
	OP_LOOKUP, OP_UPDATE, OP_DELETE, OP_INFO, OP_LOOKUP_BATCH,
	OP_UPDATE_BATCH, OP_MIM_UPDATE, OP_SOCKMAP_UPDATE, OP_STORAGE_UPDATE,
	OP_PROG_LOAD, OP_BIND_MAP, OP_SO_ATTACH, OP_TEST_RUN,
	OP_BIG_UPDATE_BATCH, OP_BIG_LOOKUP_BATCH, OP_BIG_DELETE_BATCH,
	OP_MIM_UPDATE_BATCH, OP_MIM_UPDATE_BATCH2, OP_BIG_UPDATE_BATCH2,
	NOPS
};

static const char *const op_name[NOPS] = {
	"lookup", "update", "delete", "info", "lookup_batch", "update_batch",
	"mim_update", "sockmap_update", "storage_update", "prog_load",
	"bind_map", "so_attach", "test_run", "big_update_bat",
	"big_lookup_bat", "big_delete_bat", "mim_update_bat",
	"mim_update_bat", "big_update_bat",
};

/*
 * Allowed errnos per op, besides success (0-terminated lists).  A lookup
 * batch on a hash map fails with ENOSPC when one bucket holds more
 * elements than the batch count: whether it does depends on which map the
 * fd number names at that moment, so it is a valid outcome of the race.
 */
static const int op_ok[NOPS][6] = {
	[OP_LOOKUP] = { EBADF, EINVAL, ENOENT },
	[OP_UPDATE] = { EBADF, EINVAL },
	[OP_DELETE] = { EBADF, EINVAL, ENOENT },
	[OP_INFO] = { EBADFD, EINVAL },
	[OP_LOOKUP_BATCH] = { EBADF, EINVAL, ENOENT, ENOSPC },
	[OP_UPDATE_BATCH] = { EBADF, EINVAL },
	[OP_MIM_UPDATE] = { EBADF, EINVAL },
	[OP_SOCKMAP_UPDATE] = { EBADF, ENOTSOCK },
	[OP_STORAGE_UPDATE] = { EBADF },
	[OP_PROG_LOAD] = { EBADF, EINVAL },
	[OP_BIND_MAP] = { EBADF, EINVAL },
	[OP_SO_ATTACH] = { EBADF, EINVAL },
	[OP_TEST_RUN] = { EBADF, EINVAL },
	[OP_BIG_UPDATE_BATCH] = { EBADF, EINVAL },
	[OP_BIG_UPDATE_BATCH2] = { EBADF, EINVAL },
	[OP_BIG_LOOKUP_BATCH] = { EBADF, EINVAL, ENOENT, ENOSPC },
	[OP_BIG_DELETE_BATCH] = { EBADF, EINVAL, ENOENT, ENOTSUPP_K },
	[OP_MIM_UPDATE_BATCH] = { EBADF, EINVAL },
	[OP_MIM_UPDATE_BATCH2] = { EBADF, EINVAL },
};

struct race {
	int outer, sockmap, storage, prog, sock;
	atomic_int stop;
	atomic_long n_ok[NOPS], n_badf[NOPS], n_other_err[NOPS];
	atomic_long unexpected, mid_batch;
	atomic_int bad_op, bad_errno;
};

static struct race R;

static long run_op(int op, int fd)
{
	__u32 keys[2] = { 0, 1 }, out_batch, v32;
	__u64 vals[2] = { 1, 2 }, v = 0;
	union bpf_attr attr;
	char info[128];
	long r;

	switch (op) {
	case OP_LOOKUP:
		return bpf_map_lookup(fd, &keys[0], &v);
	case OP_UPDATE:
		return bpf_map_update(fd, &keys[0], &v, BPF_ANY);
	case OP_DELETE:
		return bpf_map_delete(fd, &keys[1]);
	case OP_INFO:
		return obj_info(fd, info, sizeof(info));
	case OP_LOOKUP_BATCH:
	case OP_UPDATE_BATCH:
		memset(&attr, 0, sizeof(attr));
		attr.batch.map_fd = fd;
		attr.batch.keys = ptr_to_u64(keys);
		attr.batch.values = ptr_to_u64(vals);
		attr.batch.count = 2;
		attr.batch.out_batch = ptr_to_u64(&out_batch);
		return BPF(op == OP_LOOKUP_BATCH ? BPF_MAP_LOOKUP_BATCH :
			   BPF_MAP_UPDATE_BATCH, &attr);
	case OP_MIM_UPDATE:
		v32 = fd;
		return bpf_map_update(R.outer, &keys[0], &v32, BPF_ANY);
	case OP_SOCKMAP_UPDATE:
		v = fd;
		r = bpf_map_update(R.sockmap, &keys[0], &v, BPF_ANY);
		/* a socket that is not a connected stream: EOPNOTSUPP */
		if (r && errno == EOPNOTSUPP)
			return 0;
		return r;
	case OP_STORAGE_UPDATE: {
		int key = fd, val[2] = { 1, 2 };

		return bpf_map_update(R.storage, &key, val, BPF_ANY);
	}
	case OP_PROG_LOAD: {
		struct bpf_insn insns[] = {
			LD_MAP_FD(BPF_REG_1, fd),
			MOV64_IMM(BPF_REG_0, 0),
			EXIT_INSN(),
		};

		memset(&attr, 0, sizeof(attr));
		attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
		attr.insns = ptr_to_u64(insns);
		attr.insn_cnt = ARRAY_LEN(insns);
		attr.license = ptr_to_u64("GPL");
		r = BPF(BPF_PROG_LOAD, &attr);
		if (r >= 0) {
			close(r);
			r = 0;
		}
		return r;
	}
	case OP_BIND_MAP:
		memset(&attr, 0, sizeof(attr));
		attr.prog_bind_map.prog_fd = R.prog;
		attr.prog_bind_map.map_fd = fd;
		return BPF(BPF_PROG_BIND_MAP, &attr);
	case OP_SO_ATTACH:
		v32 = fd;
		return setsockopt(R.sock, SOL_SOCKET, SO_ATTACH_BPF, &v32,
				  sizeof(v32));
	case OP_BIG_UPDATE_BATCH:
	case OP_BIG_UPDATE_BATCH2:
	case OP_BIG_LOOKUP_BATCH:
	case OP_BIG_DELETE_BATCH: {
		static const int cmd[] = { BPF_MAP_UPDATE_BATCH,
			BPF_MAP_LOOKUP_BATCH, BPF_MAP_DELETE_BATCH };
		__u32 bkeys[NBATCH];
		__u64 bvals[NBATCH];

		for (int i = 0; i < NBATCH; i++) {
			bkeys[i] = i;
			bvals[i] = i;
		}
		memset(&attr, 0, sizeof(attr));
		attr.batch.map_fd = fd;
		attr.batch.keys = ptr_to_u64(bkeys);
		attr.batch.values = ptr_to_u64(bvals);
		attr.batch.count = NBATCH;
		attr.batch.out_batch = ptr_to_u64(&out_batch);
		return BPF(op == OP_BIG_LOOKUP_BATCH ? cmd[1] :
			   op == OP_BIG_DELETE_BATCH ? cmd[2] : cmd[0], &attr);
	}
	case OP_MIM_UPDATE_BATCH:
	case OP_MIM_UPDATE_BATCH2: {
		/* every value is the racing fd number */
		__u32 bkeys[NBATCH], bfds[NBATCH];

		for (int i = 0; i < NBATCH; i++) {
			bkeys[i] = i;
			bfds[i] = fd;
		}
		memset(&attr, 0, sizeof(attr));
		attr.batch.map_fd = R.outer;
		attr.batch.keys = ptr_to_u64(bkeys);
		attr.batch.values = ptr_to_u64(bfds);
		attr.batch.count = NBATCH;
		r = BPF(BPF_MAP_UPDATE_BATCH, &attr);
		/* some elements stored, then a failure: the fd changed */
		if (r && attr.batch.count > 0)
			atomic_fetch_add(&R.mid_batch, 1);
		return r;
	}
	case OP_TEST_RUN: {
		unsigned char pkt[32] = { 0 };

		memset(&attr, 0, sizeof(attr));
		attr.test.prog_fd = fd;
		attr.test.data_in = ptr_to_u64(pkt);
		attr.test.data_size_in = sizeof(pkt);
		return BPF(BPF_PROG_TEST_RUN, &attr);
	}
	}
	return -1;
}

static void account(int op, long r, int e)
{
	if (r >= 0) {
		atomic_fetch_add(&R.n_ok[op], 1);
		return;
	}
	for (int i = 0; op_ok[op][i]; i++) {
		if (op_ok[op][i] == e) {
			if (e == EBADF || e == EBADFD)
				atomic_fetch_add(&R.n_badf[op], 1);
			else
				atomic_fetch_add(&R.n_other_err[op], 1);
			return;
		}
	}
	if (atomic_fetch_add(&R.unexpected, 1) == 0) {
		atomic_store(&R.bad_op, op);
		atomic_store(&R.bad_errno, e);
	}
}

static void *worker(void *arg)
{
	long id = (long)arg;
	unsigned int n = id;

	while (!atomic_load(&R.stop)) {
		int op = n++ % NOPS;
		long r;

		errno = 0;
		r = run_op(op, RACE_FD);
		account(op, r, errno);
	}
	return NULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}


static int count_ids(int cmd)
{
	union bpf_attr attr;
	__u32 cur = 0;
	int n = 0;

	for (;;) {
		memset(&attr, 0, sizeof(attr));
		attr.start_id = cur;
		if (BPF(cmd, &attr))
			return n;
		cur = attr.next_id;
		n++;
	}
}

/* Wait (up to ~5 s) until at most @n objects of a kind are listed. */
static int wait_count(int cmd, int n)
{
	for (int i = 0; i < 500; i++) {
		if (count_ids(cmd) <= n)
			return 1;
		usleep(10000);
	}
	return 0;
}

static void setup_shared(struct __test_metadata *_metadata)
{
	int tmpl = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, NBATCH);

	memset(&R, 0, sizeof(R));
	ASSERT_LE(0, tmpl);
	R.outer = map_of_maps_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, tmpl, NBATCH);
	ASSERT_LE(0, R.outer);
	close(tmpl);
	R.sockmap = bpf_map_create(BPF_MAP_TYPE_SOCKMAP, 4, 8, 1);
	ASSERT_LE(0, R.sockmap);
	R.storage = inode_storage_map();
	ASSERT_LE(0, R.storage) TH_LOG("storage map: %s", strerror(errno));
	R.prog = socket_filter_prog();
	ASSERT_LE(0, R.prog);
	R.sock = socket(AF_INET, SOCK_DGRAM, 0);
	ASSERT_LE(0, R.sock);
}

static void teardown_shared(void)
{
	close(R.sock);
	close(R.prog);
	close(R.storage);
	close(R.sockmap);
	close(R.outer);
}

static void report(struct __test_metadata *_metadata)
{
	long ok = 0, badf = 0;

	for (int op = 0; op < NOPS; op++) {
		TH_LOG("%-15s ok %6ld  ebadf %6ld  other %6ld", op_name[op],
		       R.n_ok[op], R.n_badf[op], R.n_other_err[op]);
		ok += R.n_ok[op];
		badf += R.n_badf[op];
	}
	TH_LOG("%ld map-in-map batches saw the fd change mid-batch",
	       R.mid_batch);
	EXPECT_EQ(0, R.unexpected)
		TH_LOG("%ld unexpected results, first: %s errno %d (%s)",
		       R.unexpected, op_name[R.bad_op], R.bad_errno,
		       strerror(R.bad_errno));
	/* the race really alternated between good and empty fds */
	EXPECT_LT(0, ok);
	EXPECT_LT(0, badf);
}

TEST(race_swap)
{
	int srcs[8], nsrc = 0, sp[2], hash, arr, devnull;
	pthread_t th[NWORKERS];
	__u32 ids[2], k = 0;
	__u64 v = 0;
	double end;
	long swaps = 0;

	setup_shared(_metadata);
	arr = bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, NBATCH);
	hash = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, NBATCH);
	ASSERT_LE(0, arr);
	ASSERT_LE(0, hash);
	ASSERT_EQ(0, bpf_map_update(hash, &k, &v, BPF_ANY));
	ids[0] = map_id(arr);
	ids[1] = map_id(hash);
	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sp));
	devnull = open("/dev/null", O_RDWR);
	ASSERT_LE(0, devnull);
	srcs[nsrc++] = arr;
	srcs[nsrc++] = R.prog;
	srcs[nsrc++] = hash;
	srcs[nsrc++] = -1;		/* closed */
	srcs[nsrc++] = sp[0];
	srcs[nsrc++] = arr;
	srcs[nsrc++] = devnull;
	srcs[nsrc++] = -1;
	ASSERT_EQ(RACE_FD, dup2(arr, RACE_FD));

	for (long i = 0; i < NWORKERS; i++)
		ASSERT_EQ(0, pthread_create(&th[i], NULL, worker, (void *)i));
	end = now() + 3.0;
	while (now() < end) {
		for (int i = 0; i < nsrc; i++) {
			if (srcs[i] < 0)
				close(RACE_FD);
			else
				dup2(srcs[i], RACE_FD);
			swaps++;
			sched_yield();
		}
	}
	atomic_store(&R.stop, 1);
	for (int i = 0; i < NWORKERS; i++)
		pthread_join(th[i], NULL);
	close(RACE_FD);
	TH_LOG("%ld swaps", swaps);
	report(_metadata);

	teardown_shared();
	close(arr);
	close(hash);
	close(sp[0]);
	close(sp[1]);
	close(devnull);
	EXPECT_TRUE(bpf_id_gone(BPF_MAP_GET_NEXT_ID, ids[0]));
	EXPECT_TRUE(bpf_id_gone(BPF_MAP_GET_NEXT_ID, ids[1]));
}

TEST(race_last_ref)
{
	int maps0, progs0, n = 0;
	pthread_t th[NWORKERS];
	double end;

	maps0 = count_ids(BPF_MAP_GET_NEXT_ID);
	progs0 = count_ids(BPF_PROG_GET_NEXT_ID);
	setup_shared(_metadata);

	for (long i = 0; i < NWORKERS; i++)
		ASSERT_EQ(0, pthread_create(&th[i], NULL, worker, (void *)i));
	end = now() + 2.5;
	while (now() < end) {
		int fd = (n & 1) ? socket_filter_prog() :
			bpf_map_create(BPF_MAP_TYPE_ARRAY, 4, 8, NBATCH);

		if (fd < 0)
			continue;
		dup2(fd, RACE_FD);
		close(fd);		/* RACE_FD is the only reference */
		usleep(2000);		/* let the workers find it */
		close(RACE_FD);		/* freed once no command holds it */
		n++;
	}
	atomic_store(&R.stop, 1);
	for (int i = 0; i < NWORKERS; i++)
		pthread_join(th[i], NULL);
	TH_LOG("%d objects created and closed", n);
	report(_metadata);
	teardown_shared();

	EXPECT_TRUE(wait_count(BPF_MAP_GET_NEXT_ID, maps0))
		TH_LOG("%d maps listed, %d before", count_ids(BPF_MAP_GET_NEXT_ID),
		       maps0);
	EXPECT_TRUE(wait_count(BPF_PROG_GET_NEXT_ID, progs0))
		TH_LOG("%d progs listed, %d before",
		       count_ids(BPF_PROG_GET_NEXT_ID), progs0);
}

TEST_HARNESS_MAIN

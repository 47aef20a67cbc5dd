// SPDX-License-Identifier: GPL-2.0
/*
 * BPF_MAP_UPDATE_BATCH while another thread dup2()s a different map onto
 * the map fd.  bpf_map_do_batch() looks the fd up once, checks the map it
 * found and runs that map's batch update; the elements of one batch must
 * therefore all land in that one map: in A or in B, never split between
 * them, never lost.  (6.1 looked the fd up a second time inside
 * generic_map_update_batch() and passed that file on as the map file;
 * the series passes the checked file down instead.)  /dev/null is
 * swapped in too: a batch that finds it is refused with EINVAL and
 * writes nothing anywhere.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "bpf_util.h"

#define SWAP_FD		150
#define NBATCH		64
#define ROUNDS		300

static atomic_int stop;
static int map_a, map_b, devnull;

static void *swapper(void *arg)
{
	int i = 0;

	while (!atomic_load(&stop)) {
		int src = (i % 3 == 0) ? map_a : (i % 3 == 1) ? map_b : devnull;

		dup2(src, SWAP_FD);
		i++;
		sched_yield();
	}
	return arg;
}

static int batch_update(int fd, __u32 first, __u32 *count)
{
	__u32 keys[NBATCH];
	__u64 vals[NBATCH];
	union bpf_attr attr;
	int i;

	for (i = 0; i < NBATCH; i++) {
		keys[i] = first + i;
		vals[i] = first;	/* every element names its batch */
	}
	memset(&attr, 0, sizeof(attr));
	attr.batch.map_fd = fd;
	attr.batch.keys = ptr_to_u64(keys);
	attr.batch.values = ptr_to_u64(vals);
	attr.batch.count = NBATCH;
	i = BPF(BPF_MAP_UPDATE_BATCH, &attr) ? -errno : 0;
	*count = attr.batch.count;
	return i;
}

/* How many elements of batch FIRST are in map FD. */
static int batch_elems(int fd, __u32 first)
{
	int i, n = 0;
	__u64 v;

	for (i = 0; i < NBATCH; i++) {
		__u32 k = first + i;

		if (!bpf_map_lookup(fd, &k, &v) && v == first)
			n++;
	}
	return n;
}

TEST(update_batch_lands_in_the_checked_map)
{
	int r, ok = 0, refused = 0, in_a = 0, in_b = 0;
	pthread_t t;

	map_a = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, NBATCH * ROUNDS);
	map_b = bpf_map_create(BPF_MAP_TYPE_HASH, 4, 8, NBATCH * ROUNDS);
	devnull = open("/dev/null", O_RDWR);
	ASSERT_LE(0, map_a);
	ASSERT_LE(0, map_b);
	ASSERT_LE(0, devnull);
	ASSERT_EQ(SWAP_FD, dup2(map_a, SWAP_FD));
	ASSERT_EQ(0, pthread_create(&t, NULL, swapper, NULL));

	for (r = 0; r < ROUNDS; r++) {
		__u32 first = r * NBATCH, count = 0;
		int err = batch_update(SWAP_FD, first, &count);
		int a = batch_elems(map_a, first), b = batch_elems(map_b, first);

		if (!err) {
			EXPECT_EQ(NBATCH, count);
			/* all of the batch in exactly one of the two maps */
			EXPECT_TRUE((a == NBATCH && b == 0) || (a == 0 && b == NBATCH))
				TH_LOG("batch %d: %d elements in A, %d in B", r, a, b);
			ok++;
			in_a += a == NBATCH;
			in_b += b == NBATCH;
		} else {
			EXPECT_EQ(-EINVAL, err) TH_LOG("batch %d: errno %d", r, -err);
			EXPECT_EQ(0, a + b) TH_LOG("refused batch %d wrote %d elements", r, a + b);
			refused++;
		}
	}
	atomic_store(&stop, 1);
	pthread_join(t, NULL);
	TH_LOG("%d batches done (%d in A, %d in B), %d refused", ok, in_a, in_b, refused);
	EXPECT_LT(0, ok);
	close(SWAP_FD);
	close(map_a);
	close(map_b);
	close(devnull);
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * The shared fd table: with a second thread alive, files->count > 1 and
 * __fget_light() takes a real reference (fdget() returns FDPUT_FPUT) and
 * __fdget_pos() takes f_pos_lock.  These are the paths of the one-word
 * struct fd that a single-threaded test never reaches.
 *  - the same battery of good-fd and bad-fd calls, single and shared;
 *  - a blocked read()/epoll_wait() keeps working after its fd is closed
 *    by another thread (the reference fdget() took pins the file);
 *  - concurrent read()/write() on one shared fd never lose or duplicate
 *    an offset (f_pos_lock taken by fdget_pos);
 *  - a race: one thread dup2()s different files onto an fd number and
 *    closes it, while others read/pread/fstat/lseek it: every result is
 *    success (with data of one of the files) or EBADF, nothing else.
 */
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>

#include "fs_util.h"

/* ---- a thread that only keeps the fd table shared ---- */

struct idler {
	pthread_t th;
	int pipe[2];
};

static void *idle_fn(void *arg)
{
	struct idler *id = arg;
	char c;

	/* returns when the write end is closed */
	while (read(id->pipe[0], &c, 1) > 0)
		;
	return NULL;
}

static int idler_start(struct idler *id)
{
	if (pipe(id->pipe))
		return -1;
	return pthread_create(&id->th, NULL, idle_fn, id) ? -1 : 0;
}

static void idler_stop(struct idler *id)
{
	close(id->pipe[1]);
	pthread_join(id->th, NULL);
	close(id->pipe[0]);
}

/* Number of entries in /proc/self/fd (to check nothing leaks). */
static int count_fds(void)
{
	char buf[4096];
	int n = 0, dfd = open("/proc/self/fd", O_RDONLY | O_DIRECTORY);
	long r;

	if (dfd < 0)
		return -1;
	while ((r = syscall(__NR_getdents64, dfd, buf, sizeof(buf))) > 0)
		for (long o = 0; o < r; o += *(unsigned short *)(buf + o + 16))
			n += buf[o + 19] != '.';
	close(dfd);
	return n - 1;	/* dfd itself */
}

/* The same calls fs_rw/fs_stat/fs_events check, good fds and bad. */
static void battery(struct __test_metadata *_metadata)
{
	char buf[16] = { 0 };
	struct stat st;
	struct epoll_event ev = { .events = EPOLLIN }, out;
	struct itimerspec its = { .it_value = { 10, 0 } };
	int fd = fs_tmpfile("0123456789"), p[2], ep, tfd, d, n;
	const int e_read[] = FS_ROW(FS_OK, EAGAIN);
	const int e_lseek[] = FS_ROW(FS_OK, ESPIPE);
	const int e_fstat[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);
	const int e_fsync[] = FS_ROW(EINVAL, EINVAL);
	const int e_fionread[] = FS_ROW(ENOTTY, FS_OK);
	const int e_ep[] = FS_ROW(EINVAL, EINVAL);
	const int e_eptgt[] = FS_ROW(EPERM, FS_OK);
	const int e_kind[] = FS_ROW(EINVAL, EINVAL);
	const int e_openat[] = FS_ROW_RAW(ENOTDIR, FS_OK, ENOTDIR);
	const int e_splice[] = FS_ROW(EINVAL, EAGAIN);

	ASSERT_LE(0, fd);
	ASSERT_EQ(3, lseek(fd, 3, SEEK_SET));
	ASSERT_EQ(4, read(fd, buf, 4));
	EXPECT_EQ(0, memcmp(buf, "3456", 4));
	EXPECT_EQ(7, lseek(fd, 0, SEEK_CUR));
	ASSERT_EQ(2, pwrite(fd, "XY", 2, 0));
	ASSERT_EQ(2, pread(fd, buf, 2, 0));
	EXPECT_EQ(0, memcmp(buf, "XY", 2));
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(10, st.st_size);
	ASSERT_EQ(0, ioctl(fd, FIONREAD, &n));
	EXPECT_EQ(3, n);
	EXPECT_EQ(0, fsync(fd));
	d = dup(fd);
	ASSERT_LE(0, d);
	EXPECT_EQ(7, lseek(d, 0, SEEK_CUR));
	close(d);
	ASSERT_EQ(0, pipe2(p, O_NONBLOCK));
	ASSERT_EQ(5, pwrite(fd, "01234", 5, 0));
	ASSERT_EQ(5, splice(fd, &(loff_t){0}, p[1], NULL, 5, 0));
	ASSERT_EQ(5, read(p[0], buf, 5));
	EXPECT_EQ(0, memcmp(buf, "01234", 5));
	ep = epoll_create1(0);
	ASSERT_LE(0, ep);
	ASSERT_EQ(0, epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev));
	ASSERT_EQ(1, write(p[1], "x", 1));
	EXPECT_EQ(1, epoll_wait(ep, &out, 1, 1000));
	tfd = timerfd_create(CLOCK_MONOTONIC, 0);
	ASSERT_LE(0, tfd);
	EXPECT_EQ(0, timerfd_settime(tfd, 0, &its, NULL));

	FS_BAD_FDS("read", read(BADFD, buf, 4), e_read);
	FS_BAD_FDS("lseek", lseek(BADFD, 0, SEEK_SET), e_lseek);
	FS_BAD_FDS("pread", pread(BADFD, buf, 4, 0), e_lseek);
	FS_BAD_FDS("fstat", fstat(BADFD, &st), e_fstat);
	FS_BAD_FDS("fsync", fsync(BADFD), e_fsync);
	FS_BAD_FDS("ioctl_FIONREAD", ioctl(BADFD, FIONREAD, &n), e_fionread);
	FS_BAD_FDS_NEWFD("dup", dup(BADFD), e_fstat);
	FS_BAD_FDS("epoll_ctl_epfd", epoll_ctl(BADFD, EPOLL_CTL_ADD, p[0], &ev), e_ep);
	FS_BAD_FDS("epoll_ctl_target", epoll_ctl(ep, EPOLL_CTL_ADD, BADFD, &ev), e_eptgt);
	FS_BAD_FDS("timerfd_gettime", timerfd_gettime(BADFD, &its), e_kind);
	FS_BAD_FDS("splice_in", splice(BADFD, NULL, p[1], NULL, 4, SPLICE_F_NONBLOCK),
		   e_splice);
	FS_BAD_FDS_NEWFD("openat_rel", openat(BADFD, "tmp", O_RDONLY | O_DIRECTORY),
			 e_openat);
	close(tfd);
	close(ep);
	close(p[0]);
	close(p[1]);
	close(fd);
}

TEST(battery_single_threaded)
{
	int before = count_fds();

	battery(_metadata);
	EXPECT_EQ(before, count_fds()) TH_LOG("fds leaked");
}

TEST(battery_shared_fd_table)
{
	struct idler id;
	int before = count_fds();

	ASSERT_EQ(0, idler_start(&id));
	battery(_metadata);
	idler_stop(&id);
	EXPECT_EQ(before, count_fds()) TH_LOG("fds leaked");
}

/* ---- blocked calls keep their file when the fd is closed ---- */

struct blocked {
	int fd;
	volatile pid_t tid;
	long ret;
	int err;
	char buf[16];
};

/* Wait (up to ~3 s) until thread @b sleeps: it is in its blocking call. */
static int wait_blocked(struct blocked *b)
{
	char path[64], st[256], *p;

	for (int i = 0; i < 300; i++) {
		usleep(10000);
		if (!b->tid)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%d/stat", b->tid);
		int fd = open(path, O_RDONLY);
		ssize_t n = fd < 0 ? -1 : read(fd, st, sizeof(st) - 1);

		if (fd >= 0)
			close(fd);
		if (n <= 0)
			continue;
		st[n] = 0;
		p = strrchr(st, ')');
		if (p && p[1] == ' ' && p[2] == 'S')
			return 1;
	}
	return 0;
}

static void *blocked_read(void *arg)
{
	struct blocked *b = arg;

	b->tid = gettid();
	b->ret = read(b->fd, b->buf, 5);
	b->err = errno;
	return NULL;
}

static void *blocked_epoll_wait(void *arg)
{
	struct blocked *b = arg;
	struct epoll_event ev;

	b->tid = gettid();
	b->ret = epoll_wait(b->fd, &ev, 1, 5000);
	b->err = errno;
	memcpy(b->buf, &ev.data.u64, 8);
	return NULL;
}

TEST(blocked_read_survives_close)
{
	struct blocked b = { 0 };
	pthread_t th;
	int p[2];

	ASSERT_EQ(0, pipe(p));
	b.fd = p[0];
	ASSERT_EQ(0, pthread_create(&th, NULL, blocked_read, &b));
	ASSERT_TRUE(wait_blocked(&b)) TH_LOG("reader never blocked");
	ASSERT_EQ(0, close(p[0])) TH_LOG("close: %s", strerror(errno));
	EXPECT_EQ(-1, fcntl(p[0], F_GETFD)) TH_LOG("fd still open after close");
	ASSERT_EQ(5, write(p[1], "hello", 5)) TH_LOG("no reader left: %s", strerror(errno));
	pthread_join(th, NULL);
	EXPECT_EQ(5, b.ret) TH_LOG("blocked read: ret %ld errno %s", b.ret, strerror(b.err));
	EXPECT_EQ(0, memcmp(b.buf, "hello", 5));
	close(p[1]);
}

TEST(blocked_epoll_wait_survives_close)
{
	struct blocked b = { 0 };
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 0xabcdef };
	pthread_t th;
	__u64 got;
	int p[2], ep = epoll_create1(0);

	ASSERT_LE(0, ep);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev));
	b.fd = ep;
	ASSERT_EQ(0, pthread_create(&th, NULL, blocked_epoll_wait, &b));
	ASSERT_TRUE(wait_blocked(&b)) TH_LOG("epoll_wait never blocked");
	ASSERT_EQ(0, close(ep));
	ASSERT_EQ(1, write(p[1], "x", 1));
	pthread_join(th, NULL);
	EXPECT_EQ(1, b.ret) TH_LOG("epoll_wait on closed epfd: ret %ld errno %s",
				   b.ret, strerror(b.err));
	memcpy(&got, b.buf, 8);
	EXPECT_EQ(0xabcdef, got);
	close(p[0]);
	close(p[1]);
}

/* ---- f_pos_lock: concurrent read()/write() on one open file ---- */

#define NTHREADS 4
#define NRECS 1000

struct posjob {
	int fd;
	int nrec;
	int bad;
	unsigned char *seen;	/* NTHREADS * NRECS counters, shared */
	pthread_mutex_t *mu;
};

static void *pos_reader(void *arg)
{
	struct posjob *j = arg;
	uint32_t v;
	ssize_t n;

	while ((n = read(j->fd, &v, sizeof(v))) == sizeof(v)) {
		if (v >= NTHREADS * NRECS) {
			j->bad++;
			continue;
		}
		pthread_mutex_lock(j->mu);
		j->seen[v]++;
		pthread_mutex_unlock(j->mu);
		j->nrec++;
	}
	if (n != 0)
		j->bad++;
	return NULL;
}

TEST(concurrent_read_shares_offset)
{
	pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
	static unsigned char seen[NTHREADS * NRECS];
	static uint32_t data[NTHREADS * NRECS];
	struct posjob j[NTHREADS];
	pthread_t th[NTHREADS];
	int fd = fs_tmpfile(NULL), total = 0, dup_or_lost = 0;

	ASSERT_LE(0, fd);
	for (uint32_t i = 0; i < NTHREADS * NRECS; i++)
		data[i] = i;
	ASSERT_EQ(sizeof(data), write(fd, data, sizeof(data)));
	ASSERT_EQ(0, lseek(fd, 0, SEEK_SET));
	for (int i = 0; i < NTHREADS; i++) {
		j[i] = (struct posjob){ .fd = fd, .seen = seen, .mu = &mu };
		ASSERT_EQ(0, pthread_create(&th[i], NULL, pos_reader, &j[i]));
	}
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(th[i], NULL);
		total += j[i].nrec;
		EXPECT_EQ(0, j[i].bad) TH_LOG("thread %d: %d bad reads", i, j[i].bad);
	}
	for (int i = 0; i < NTHREADS * NRECS; i++)
		dup_or_lost += seen[i] != 1;
	EXPECT_EQ(NTHREADS * NRECS, total);
	EXPECT_EQ(0, dup_or_lost) TH_LOG("%d records read twice or never: "
					 "f_pos not serialised", dup_or_lost);
	EXPECT_EQ(sizeof(data), lseek(fd, 0, SEEK_CUR));
	close(fd);
}

struct wjob {
	int fd;
	uint32_t base;
	int bad;
};

static void *pos_writer(void *arg)
{
	struct wjob *j = arg;

	for (uint32_t i = 0; i < NRECS; i++) {
		uint32_t v = j->base + i;

		if (write(j->fd, &v, sizeof(v)) != sizeof(v))
			j->bad++;
	}
	return NULL;
}

TEST(concurrent_write_shares_offset)
{
	static uint32_t data[NTHREADS * NRECS];
	static unsigned char seen[NTHREADS * NRECS];
	struct wjob j[NTHREADS];
	pthread_t th[NTHREADS];
	struct stat st;
	int fd = fs_tmpfile(NULL), dup_or_lost = 0;

	ASSERT_LE(0, fd);
	for (int i = 0; i < NTHREADS; i++) {
		j[i] = (struct wjob){ .fd = fd, .base = i * NRECS };
		ASSERT_EQ(0, pthread_create(&th[i], NULL, pos_writer, &j[i]));
	}
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(th[i], NULL);
		EXPECT_EQ(0, j[i].bad);
	}
	ASSERT_EQ(0, fstat(fd, &st));
	EXPECT_EQ(sizeof(data), st.st_size) TH_LOG("writes overlapped: size %ld",
						   (long)st.st_size);
	ASSERT_EQ(sizeof(data), pread(fd, data, sizeof(data), 0));
	for (int i = 0; i < NTHREADS * NRECS; i++)
		if (data[i] < NTHREADS * NRECS)
			seen[data[i]]++;
	for (int i = 0; i < NTHREADS * NRECS; i++)
		dup_or_lost += seen[i] != 1;
	EXPECT_EQ(0, dup_or_lost) TH_LOG("%d records overwritten or doubled", dup_or_lost);
	close(fd);
}

/* ---- the close/dup2 race ---- */

#define RACE_SECONDS 1.0
#define FILL 256

struct race {
	int target;		/* the fd number being swapped */
	int src[4];		/* file A, file B, /dev/null, O_PATH of A */
	ino_t ino[4];
	volatile int stop;
	/* per-reader results */
	long ok, ebadf, weird;
	int weird_errno;
	long weird_ret;
	const char *weird_op;
};

struct reader {
	struct race *r;
	int which;
	long ok, ebadf, weird;
	int weird_errno;
	long weird_ret;
	const char *weird_op;
};

static void note(struct reader *rd, const char *op, long ret, int err)
{
	if (ret >= 0) {
		rd->ok++;
	} else if (err == EBADF) {
		rd->ebadf++;
	} else {
		if (!rd->weird) {
			rd->weird_op = op;
			rd->weird_ret = ret;
			rd->weird_errno = err;
		}
		rd->weird++;
	}
}

/* Data read must be all 'A' or all 'B' (or nothing, from /dev/null). */
static int data_sane(const char *buf, long n)
{
	for (long i = 1; i < n; i++)
		if (buf[i] != buf[0])
			return 0;
	return n <= 0 || buf[0] == 'A' || buf[0] == 'B';
}

static void *race_reader(void *arg)
{
	struct reader *rd = arg;
	struct race *r = rd->r;
	char buf[64];
	struct stat st;
	long ret;

	while (!r->stop) {
		switch (rd->which++ & 3) {
		case 0:
			ret = pread(r->target, buf, sizeof(buf), 0);
			if (ret > 0 && (ret != sizeof(buf) || !data_sane(buf, ret)))
				note(rd, "pread data", -1, 0);
			else
				note(rd, "pread", ret, errno);
			break;
		case 1:
			ret = read(r->target, buf, sizeof(buf));
			if (ret > 0 && !data_sane(buf, ret))
				note(rd, "read data", -1, 0);
			else
				note(rd, "read", ret, errno);
			break;
		case 2:
			ret = fstat(r->target, &st);
			if (!ret && st.st_ino != r->ino[0] && st.st_ino != r->ino[1] &&
			    st.st_ino != r->ino[2])
				note(rd, "fstat ino", -1, 0);
			else
				note(rd, "fstat", ret, errno);
			break;
		case 3:
			ret = lseek(r->target, 0, SEEK_SET);
			if (ret > 0)
				note(rd, "lseek ret", -1, 0);
			else
				note(rd, "lseek", ret, errno);
			break;
		}
	}
	return NULL;
}

static void race_run(struct __test_metadata *_metadata, int use_close)
{
	struct race r = { 0 };
	struct reader rd[3];
	pthread_t th[3];
	char fill[FILL], path[32];
	struct stat st;
	long swaps = 0, ok = 0, ebadf = 0;
	double t0;

	for (int i = 0; i < 2; i++) {
		memset(fill, i ? 'B' : 'A', sizeof(fill));
		r.src[i] = fs_tmpfile(NULL);
		ASSERT_LE(0, r.src[i]);
		ASSERT_EQ(FILL, write(r.src[i], fill, FILL));
	}
	r.src[2] = open("/dev/null", O_RDWR);
	ASSERT_LE(0, r.src[2]);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", r.src[0]);
	r.src[3] = open(path, O_PATH);
	ASSERT_LE(0, r.src[3]);
	for (int i = 0; i < 4; i++) {
		ASSERT_EQ(0, fstat(r.src[i], &st));
		r.ino[i] = st.st_ino;
	}
	ASSERT_EQ(r.ino[0], r.ino[3]) TH_LOG("O_PATH fd of another file");
	r.target = 700;
	ASSERT_EQ(r.target, dup2(r.src[0], r.target));
	for (int i = 0; i < 3; i++) {
		rd[i] = (struct reader){ .r = &r, .which = i };
		ASSERT_EQ(0, pthread_create(&th[i], NULL, race_reader, &rd[i]));
	}
	t0 = fs_now();
	while (fs_now() - t0 < RACE_SECONDS) {
		for (int i = 0; i < 4; i++) {
			if (dup2(r.src[i], r.target) != r.target)
				TH_LOG("dup2: %s", strerror(errno));
			if (use_close && (i & 1))
				close(r.target);
			swaps++;
		}
		/* reset f_pos of the regular files now and then */
		if (!(swaps & 63)) {
			lseek(r.src[0], 0, SEEK_SET);
			lseek(r.src[1], 0, SEEK_SET);
		}
	}
	r.stop = 1;
	for (int i = 0; i < 3; i++) {
		pthread_join(th[i], NULL);
		ok += rd[i].ok;
		ebadf += rd[i].ebadf;
		EXPECT_EQ(0, rd[i].weird)
			TH_LOG("reader %d: %ld results neither success nor EBADF; "
			       "first: %s ret %ld errno %d (%s)", i, rd[i].weird,
			       rd[i].weird_op, rd[i].weird_ret, rd[i].weird_errno,
			       strerror(rd[i].weird_errno));
	}
	printf("# race(%s): %ld swaps, %ld ok, %ld EBADF\n",
	       use_close ? "dup2+close" : "dup2", swaps, ok, ebadf);
	EXPECT_LT(0, ok) TH_LOG("no call ever succeeded");
	EXPECT_LT(0, swaps);
	close(r.target);
	for (int i = 0; i < 4; i++)
		close(r.src[i]);
	/* the files are intact and still usable */
	EXPECT_EQ(-1, fcntl(r.target, F_GETFD));
}

TEST(race_dup2_vs_readers)
{
	race_run(_metadata, 0);
}

TEST(race_dup2_close_vs_readers)
{
	race_run(_metadata, 1);
}

TEST_HARNESS_MAIN

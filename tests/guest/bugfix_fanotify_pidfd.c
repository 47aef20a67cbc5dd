// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify groups with FAN_REPORT_PIDFD: read() hands out a pidfd for the
 * process behind each event.  6.1.192 installs that pidfd with
 * pidfd_create() before it copies the event to the user buffer, and when
 * the copy fails it takes the number back with close_fd().  Meanwhile the
 * number was live in the fd table: whatever another thread put there is
 * closed by the failed read().  Patch 0002 (upstream "fanotify: use
 * pidfd_prepare()") only reserves the number until every copy succeeded.
 *
 *  - bugfix_fanotify_pidfd_efault_spares_other_fd: the read() is held at
 *    its first user copy by a userfaultfd on the buffer page.  While it is
 *    held, the test looks for a pidfd in its fd table; if there is one
 *    (the baseline), it dup2()s a pipe onto that number.  Then the page is
 *    made inaccessible and the read woken: the copy fails with EFAULT, and
 *    the pipe must still be open at that number.  On the baseline the
 *    read's close_fd() closes it;
 *  - fanotify_pidfd_read_reports_pidfd: control, a read that succeeds
 *    reports an open pidfd of this process in the info record;
 *  - fanotify_pidfd_efault_frees_fds: a read() into an inaccessible buffer
 *    fails with EFAULT and leaves the fd table as it was (the error path
 *    drops both the event fd and the pidfd it prepared; kmemleak would
 *    report a file that was not put).
 */
#include <pthread.h>
#include <dirent.h>
#include <sys/fanotify.h>
#include <sys/ioctl.h>
#include <linux/userfaultfd.h>
#include "fs_util.h"
#include "fdtest.h"

#define PAGE 4096

struct fan_event {
	char dir[64], path[96];
	int fan;
};

/* A FAN_REPORT_PIDFD group with one close-write event of this process queued. */
static int fan_event_setup(struct __test_metadata *_metadata, struct fan_event *ev)
{
	int f;

	ev->fan = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_PIDFD, O_RDONLY);
	if (ev->fan < 0 && (errno == ENOSYS || errno == EINVAL))
		return -1;	/* no fanotify or no FAN_REPORT_PIDFD: skip */
	ASSERT_LE(0, ev->fan) TH_LOG("fanotify_init: %s", strerror(errno));
	ASSERT_EQ(0, fs_tmpdir(ev->dir, sizeof(ev->dir), "fanpid"));
	ASSERT_EQ(0, fanotify_mark(ev->fan, FAN_MARK_ADD, FAN_CLOSE_WRITE | FAN_EVENT_ON_CHILD,
				   AT_FDCWD, ev->dir))
		TH_LOG("fanotify_mark: %s", strerror(errno));
	snprintf(ev->path, sizeof(ev->path), "%s/f", ev->dir);
	f = open(ev->path, O_CREAT | O_WRONLY, 0600);
	ASSERT_LE(0, f);
	ASSERT_EQ(2, write(f, "hi", 2));
	close(f);
	return 0;
}

static void fan_event_teardown(struct fan_event *ev)
{
	unlink(ev->path);
	rmdir(ev->dir);
	close(ev->fan);
}

#define FAN_EVENT_SETUP(ev) do {					\
	if (fan_event_setup(_metadata, (ev)))				\
		SKIP(return, "fanotify_init(FAN_REPORT_PIDFD): %s",	\
		     strerror(errno));					\
} while (0)

/* The lowest fd that holds a pidfd, or -1. */
static int find_pidfd(void)
{
	char link[64], target[64];
	struct dirent *d;
	int best = -1;
	DIR *dir = opendir("/proc/self/fd");
	ssize_t n;

	if (!dir)
		return -1;
	while ((d = readdir(dir))) {
		int fd = atoi(d->d_name);

		if (d->d_name[0] == '.' || fd == dirfd(dir))
			continue;
		snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
		n = readlink(link, target, sizeof(target) - 1);
		if (n < 0)
			continue;
		target[n] = 0;
		if (!strcmp(target, "anon_inode:[pidfd]") && (best < 0 || fd < best))
			best = fd;
	}
	closedir(dir);
	return best;
}

/* The lowest free fd number. */
static int lowest_free_fd(void)
{
	int fd = dup(0);

	if (fd >= 0)
		close(fd);
	return fd;
}

struct reader {
	int fan;
	void *buf;
	ssize_t ret;
	int err;
};

static void *reader_fn(void *arg)
{
	struct reader *r = arg;

	r->ret = read(r->fan, r->buf, PAGE);
	r->err = errno;
	return NULL;
}

TEST(bugfix_fanotify_pidfd_efault_spares_other_fd)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_range wake;
	struct uffd_msg msg;
	struct fan_event ev;
	struct reader r = { 0 };
	struct stat pst, st;
	struct pollfd pfd;
	pthread_t t;
	int uffd, pidfd, p[2];
	char *buf;

	FAN_EVENT_SETUP(&ev);
	uffd = syscall(__NR_userfaultfd, O_CLOEXEC);
	if (uffd < 0 && errno == ENOSYS)
		SKIP(return, "userfaultfd: ENOSYS (CONFIG_USERFAULTFD not set)");
	ASSERT_LE(0, uffd) TH_LOG("userfaultfd: %s", strerror(errno));
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_API, &api)) TH_LOG("UFFDIO_API: %s", strerror(errno));
	buf = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, buf);
	reg.range.start = (unsigned long)buf;
	reg.range.len = PAGE;
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_REGISTER, &reg))
		TH_LOG("UFFDIO_REGISTER: %s", strerror(errno));
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, fstat(p[1], &pst));

	/* The read's first copy to buf faults and waits for us. */
	r.fan = ev.fan;
	r.buf = buf;
	ASSERT_EQ(0, pthread_create(&t, NULL, reader_fn, &r));
	pfd.fd = uffd;
	pfd.events = POLLIN;
	ASSERT_EQ(1, poll(&pfd, 1, 20000))
		TH_LOG("the fanotify read() did not fault on its buffer in 20 s");
	ASSERT_EQ(sizeof(msg), read(uffd, &msg, sizeof(msg)));
	ASSERT_EQ(UFFD_EVENT_PAGEFAULT, msg.event);
	ASSERT_EQ((unsigned long)buf, msg.arg.pagefault.address & ~(PAGE - 1UL));

	/* Held at the copy: a pidfd visible now is already installed. */
	pidfd = find_pidfd();
	if (pidfd >= 0) {
		TH_LOG("pidfd %d is in the fd table before the event was copied", pidfd);
		ASSERT_EQ(pidfd, dup2(p[1], pidfd)) TH_LOG("dup2: %s", strerror(errno));
	}

	/* Make the copy fail: no access to the page, then wake the read. */
	ASSERT_EQ(0, mprotect(buf, PAGE, PROT_NONE)) TH_LOG("mprotect: %s", strerror(errno));
	wake.start = (unsigned long)buf;
	wake.len = PAGE;
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_WAKE, &wake)) TH_LOG("UFFDIO_WAKE: %s", strerror(errno));
	ASSERT_EQ(0, pthread_join(t, NULL));
	EXPECT_EQ(-1, r.ret);
	EXPECT_EQ(EFAULT, r.err) TH_LOG("read: %zd, %s", r.ret, strerror(r.err));

	if (pidfd >= 0) {
		int gone = fstat(pidfd, &st);

		EXPECT_EQ(0, gone)
			TH_LOG("the failed read() closed fd %d, which this thread had dup2()'d a pipe onto: "
			       "the pidfd was installed before the copy and close_fd()'d after it failed",
			       pidfd);
		if (!gone)
			EXPECT_EQ(pst.st_ino, st.st_ino) TH_LOG("fd %d is no longer the pipe", pidfd);
		close(pidfd);
	}
	close(p[0]);
	close(p[1]);
	munmap(buf, PAGE);
	close(uffd);
	fan_event_teardown(&ev);
}

TEST(fanotify_pidfd_read_reports_pidfd)
{
	char buf[PAGE], fdinfo[64], line[256], want[32];
	struct fanotify_event_metadata *m = (void *)buf;
	struct fanotify_event_info_pidfd *info = (void *)(m + 1);
	struct fan_event ev;
	int found = 0;
	ssize_t n;
	FILE *f;

	FAN_EVENT_SETUP(&ev);
	n = read(ev.fan, buf, sizeof(buf));
	ASSERT_LE((ssize_t)(sizeof(*m) + sizeof(*info)), n) TH_LOG("read: %s", strerror(errno));
	ASSERT_EQ(FANOTIFY_METADATA_VERSION, m->vers);
	EXPECT_EQ(getpid(), m->pid);
	ASSERT_EQ(FAN_EVENT_INFO_TYPE_PIDFD, info->hdr.info_type);
	ASSERT_LE(0, info->pidfd) TH_LOG("pidfd %d", info->pidfd);
	snprintf(fdinfo, sizeof(fdinfo), "/proc/self/fdinfo/%d", info->pidfd);
	snprintf(want, sizeof(want), "Pid:\t%d\n", getpid());
	f = fopen(fdinfo, "r");
	ASSERT_NE(NULL, f) TH_LOG("%s: %s", fdinfo, strerror(errno));
	while (fgets(line, sizeof(line), f))
		found |= !strcmp(line, want);
	fclose(f);
	EXPECT_TRUE(found) TH_LOG("pidfd %d does not refer to this process", info->pidfd);
	close(info->pidfd);
	if (m->fd >= 0)
		close(m->fd);
	fan_event_teardown(&ev);
}

TEST(fanotify_pidfd_efault_frees_fds)
{
	struct fan_event ev;
	int before, after;
	ssize_t n;
	char *buf;

	FAN_EVENT_SETUP(&ev);
	buf = mmap(NULL, PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, buf);
	before = lowest_free_fd();
	n = read(ev.fan, buf, PAGE);
	EXPECT_EQ(-1, n);
	EXPECT_EQ(EFAULT, errno) TH_LOG("read: %zd, %s", n, strerror(errno));
	after = lowest_free_fd();
	EXPECT_EQ(before, after) TH_LOG("fd %d is still taken after the failed read", before);
	EXPECT_EQ(-1, find_pidfd()) TH_LOG("a pidfd is left in the fd table");
	munmap(buf, PAGE);
	fan_event_teardown(&ev);
}

TEST_HARNESS_MAIN

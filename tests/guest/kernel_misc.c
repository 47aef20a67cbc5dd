// SPDX-License-Identifier: GPL-2.0
/*
 * fd users outside fs/ and net/: the pidfd family (pidfd_get_pid(),
 * pidfd_getfd, pidfd_send_signal, waitid(P_PIDFD), process_madvise,
 * process_mrelease), kcmp(KCMP_FILE), setns, prctl(PR_SET_MM_EXE_FILE)
 * (CONFIG_CHECKPOINT_RESTORE), perf_event_open(PERF_FLAG_PID_CGROUP)'s
 * cgroup fd (CONFIG_CGROUP_PERF), keyctl(KEYCTL_WATCH_KEY)'s watch queue
 * fd (get_watch_queue(), CONFIG_WATCH_QUEUE) and memcg's
 * cgroup.event_control (cgroup v1 memory controller, two fds).
 */
#include <signal.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/eventfd.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <linux/kcmp.h>
#include <linux/keyctl.h>
#include <linux/perf_event.h>

#include "fs_util.h"

/* <linux/watch_queue.h> clashes with glibc's fcntl.h */
#define O_NOTIFICATION_PIPE O_EXCL
#define IOC_WATCH_QUEUE_SET_SIZE _IO('W', 0x60)

static long sys_pidfd_open(pid_t pid, unsigned flags)
{
	return syscall(__NR_pidfd_open, pid, flags);
}

static long sys_pidfd_getfd(int pidfd, int fd, unsigned flags)
{
	return syscall(__NR_pidfd_getfd, pidfd, fd, flags);
}

static long sys_pidfd_send_signal(int pidfd, int sig)
{
	return syscall(__NR_pidfd_send_signal, pidfd, sig, NULL, 0);
}

static long sys_process_madvise(int pidfd, const struct iovec *iov, size_t n,
				int advice)
{
	return syscall(__NR_process_madvise, pidfd, iov, n, advice, 0);
}

static long sys_process_mrelease(int pidfd)
{
	return syscall(__NR_process_mrelease, pidfd, 0);
}

static long sys_kcmp(pid_t p1, pid_t p2, int type, unsigned long a, unsigned long b)
{
	return syscall(__NR_kcmp, p1, p2, type, a, b);
}

static long sys_waitid_pidfd(int pidfd, siginfo_t *si, int options)
{
	return syscall(__NR_waitid, P_PIDFD, pidfd, si, options, NULL);
}

/* ---- pidfd ---- */

TEST(pidfd_getfd_send_signal_waitid)
{
	siginfo_t si = { 0 };
	struct stat a, b;
	int f = fs_tmpfile("x"), pfd = sys_pidfd_open(getpid(), 0), got, cpfd;
	pid_t child;

	ASSERT_LE(0, f);
	ASSERT_LE(0, pfd) TH_LOG("pidfd_open: %s", strerror(errno));
	got = sys_pidfd_getfd(pfd, f, 0);
	ASSERT_LE(0, got) TH_LOG("pidfd_getfd: %s", strerror(errno));
	ASSERT_EQ(0, fstat(f, &a));
	ASSERT_EQ(0, fstat(got, &b));
	EXPECT_EQ(a.st_ino, b.st_ino) TH_LOG("pidfd_getfd gave another file");
	EXPECT_TRUE(fcntl(got, F_GETFD) & FD_CLOEXEC);
	close(got);
	EXPECT_EQ(-1, sys_pidfd_getfd(pfd, f, 1));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, sys_pidfd_send_signal(pfd, 0)) TH_LOG("pidfd_send_signal: %s",
							   strerror(errno));
	child = fork();
	ASSERT_LE(0, child);
	if (!child)
		_exit(7);
	cpfd = sys_pidfd_open(child, 0);
	ASSERT_LE(0, cpfd);
	ASSERT_EQ(0, sys_waitid_pidfd(cpfd, &si, WEXITED)) TH_LOG("waitid: %s",
								  strerror(errno));
	EXPECT_EQ(child, si.si_pid);
	EXPECT_EQ(7, si.si_status);
	close(cpfd);
	close(pfd);
	close(f);
}

static void bad_fds_pidfd_calls_body(struct __test_metadata *_metadata)
{
	char page[4096] __attribute__((aligned(4096)));
	struct iovec iov = { page, sizeof(page) };
	siginfo_t si;
	int f = fs_tmpfile("x"), pfd = sys_pidfd_open(getpid(), 0);
	/* pidfd_pid(): only a pidfd; pidfd_to_pid() also takes /proc/PID */
	const int epid[] = FS_ROW(EBADF, EBADF);
	/* waitid() refuses a negative id before the lookup */
	const int ewait[] = { EBADF, EINVAL, EBADF, EBADF, EBADF, EBADF };
	/* the target of pidfd_getfd: fget_task(), O_PATH fds too */
	const int etgt[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);
	/* process_mrelease on a live process: EINVAL after the lookup */
	int proc = open("/proc/self", O_RDONLY | O_DIRECTORY);

	ASSERT_LE(0, f);
	ASSERT_LE(0, pfd);
	ASSERT_LE(0, proc);
	FS_BAD_FDS_NEWFD("pidfd_getfd_pidfd", sys_pidfd_getfd(BADFD, f, 0), epid);
	FS_BAD_FDS_NEWFD("pidfd_getfd_target", sys_pidfd_getfd(pfd, BADFD, 0), etgt);
	FS_BAD_FDS("pidfd_send_signal", sys_pidfd_send_signal(BADFD, 0), epid);
	FS_BAD_FDS("waitid_pidfd", sys_waitid_pidfd(BADFD, &si, WEXITED | WNOHANG), ewait);
	FS_BAD_FDS("process_madvise", sys_process_madvise(BADFD, &iov, 1, MADV_COLD), epid);
	FS_BAD_FDS("process_mrelease", sys_process_mrelease(BADFD), epid);
	/* the good ones */
	EXPECT_EQ(0, sys_pidfd_send_signal(proc, 0)) TH_LOG("/proc/self as pidfd: %s",
							    strerror(errno));
	EXPECT_EQ(-1, sys_pidfd_getfd(proc, f, 0));
	EXPECT_EQ(EBADF, errno) TH_LOG("/proc/self for pidfd_getfd: %s", strerror(errno));
	EXPECT_EQ(sizeof(page), sys_process_madvise(pfd, &iov, 1, MADV_COLD))
		TH_LOG("process_madvise: %s", strerror(errno));
	EXPECT_EQ(-1, sys_process_mrelease(pfd));
	EXPECT_EQ(EINVAL, errno) TH_LOG("mrelease of a live task: %s", strerror(errno));
	close(proc);
	close(pfd);
	close(f);
}

TEST(bad_fds_pidfd_calls)
{
	bad_fds_pidfd_calls_body(_metadata);
}

TEST(bad_fds_pidfd_calls_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	bad_fds_pidfd_calls_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- kcmp(KCMP_FILE) ---- */

static void kcmp_file_body(struct __test_metadata *_metadata)
{
	pid_t me = getpid();
	int f = fs_tmpfile("x"), d, g = fs_tmpfile("y");
	/* get_file_raw_ptr(): any open file, O_PATH too; -1 is ~0UL */
	const int e[] = FS_ROW_RAW(FS_OK, FS_OK, FS_OK);
	long r;

	ASSERT_LE(0, f);
	ASSERT_LE(0, g);
	d = dup(f);
	r = sys_kcmp(me, me, KCMP_FILE, f, d);
	if (r < 0 && errno == ENOSYS)
		SKIP(return, "kcmp: ENOSYS (CONFIG_KCMP)");
	EXPECT_EQ(0, r) TH_LOG("kcmp of a dup: %ld %s", r, strerror(errno));
	r = sys_kcmp(me, me, KCMP_FILE, f, g);
	EXPECT_TRUE(r == 1 || r == 2) TH_LOG("two files: %ld", r);
	EXPECT_EQ(-sys_kcmp(me, me, KCMP_FILE, g, f) + 3, r) TH_LOG("not antisymmetric");
	FS_BAD_FDS("kcmp_file_idx1", sys_kcmp(me, me, KCMP_FILE, BADFD, f), e);
	FS_BAD_FDS("kcmp_file_idx2", sys_kcmp(me, me, KCMP_FILE, f, BADFD), e);
	close(d);
	close(f);
	close(g);
}

TEST(kcmp_file)
{
	kcmp_file_body(_metadata);
}

TEST(kcmp_file_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	kcmp_file_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- setns ---- */

static void setns_fd_kinds_body(struct __test_metadata *_metadata)
{
	int ns = open("/proc/self/ns/net", O_RDONLY), pfd = sys_pidfd_open(getpid(), 0);
	/* fget(): O_PATH refused; any other file that is no ns: EINVAL */
	const int e[] = FS_ROW(EINVAL, EINVAL);

	ASSERT_LE(0, ns) TH_LOG("/proc/self/ns/net: %s", strerror(errno));
	ASSERT_LE(0, pfd);
	EXPECT_EQ(0, setns(ns, CLONE_NEWNET)) TH_LOG("setns(own netns): %s", strerror(errno));
	EXPECT_EQ(0, setns(ns, 0));
	EXPECT_EQ(-1, setns(ns, CLONE_NEWUTS));
	EXPECT_EQ(EINVAL, errno) TH_LOG("wrong nstype: %s", strerror(errno));
	EXPECT_EQ(0, setns(pfd, CLONE_NEWNET)) TH_LOG("setns(pidfd): %s", strerror(errno));
	FS_BAD_FDS("setns", setns(BADFD, 0), e);
	close(pfd);
	close(ns);
}

TEST(setns_fd_kinds)
{
	setns_fd_kinds_body(_metadata);
}

TEST(setns_fd_kinds_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	setns_fd_kinds_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- prctl(PR_SET_MM, PR_SET_MM_EXE_FILE) ---- */

static void prctl_set_mm_exe_file_body(struct __test_metadata *_metadata)
{
	int exe = open("/proc/self/exe", O_RDONLY);
	/* not S_ISREG: EACCES; a regular file with no x bit: EACCES */
	const int e[] = FS_ROW(EACCES, EACCES);
	int plain = fs_tmpfile("x");
	long r;

	ASSERT_LE(0, exe);
	ASSERT_LE(0, plain);
	r = prctl(PR_SET_MM, PR_SET_MM_EXE_FILE, exe, 0, 0);
	if (r && errno == EINVAL)
		SKIP(return, "PR_SET_MM: EINVAL (CONFIG_CHECKPOINT_RESTORE)");
	/* our own binary: the old exe file is still mapped */
	EXPECT_EQ(-1, r);
	EXPECT_EQ(EBUSY, errno) TH_LOG("own exe: %s", strerror(errno));
	EXPECT_EQ(-1, prctl(PR_SET_MM, PR_SET_MM_EXE_FILE, plain, 0, 0));
	EXPECT_EQ(EACCES, errno) TH_LOG("non-executable file: %s", strerror(errno));
	FS_BAD_FDS("prctl_exe_file", prctl(PR_SET_MM, PR_SET_MM_EXE_FILE, BADFD, 0, 0), e);
	close(plain);
	close(exe);
}

TEST(prctl_set_mm_exe_file)
{
	prctl_set_mm_exe_file_body(_metadata);
}

TEST(prctl_set_mm_exe_file_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	prctl_set_mm_exe_file_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- perf_event_open(PERF_FLAG_PID_CGROUP) ---- */

static long perf_open_cgroup(int cgfd)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_CPU_CLOCK;
	a.disabled = 1;
	return syscall(__NR_perf_event_open, &a, cgfd, 0, -1,
		       PERF_FLAG_PID_CGROUP | PERF_FLAG_FD_CLOEXEC);
}

static void perf_event_cgroup_fd_body(struct __test_metadata *_metadata)
{
	int cg = open("/sys/fs/cgroup", O_RDONLY | O_DIRECTORY), ev;
	/*
	 * a file not in cgroupfs: EBADF too (css_tryget_online_from_dir);
	 * pid -1 with PERF_FLAG_PID_CGROUP is refused before any lookup
	 */
	const int e[] = { EBADF, EINVAL, EBADF, EBADF, EBADF, EBADF };

	ASSERT_LE(0, cg) TH_LOG("/sys/fs/cgroup: %s", strerror(errno));
	ev = perf_open_cgroup(cg);
	if (ev < 0 && errno == ENOSYS)
		SKIP(return, "perf_event_open: ENOSYS");
	ASSERT_LE(0, ev) TH_LOG("perf_event_open(cgroup fd): %s", strerror(errno));
	close(ev);
	FS_BAD_FDS_NEWFD("perf_event_open_cgroup_fd", perf_open_cgroup(BADFD), e);
	close(cg);
}

TEST(perf_event_cgroup_fd)
{
	perf_event_cgroup_fd_body(_metadata);
}

TEST(perf_event_cgroup_fd_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	perf_event_cgroup_fd_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- keyctl(KEYCTL_WATCH_KEY) ---- */

static long sys_keyctl(int cmd, long a, long b, long c)
{
	return syscall(__NR_keyctl, cmd, a, b, c, 0);
}

static void keyctl_watch_key_queue_fd_body(struct __test_metadata *_metadata)
{
	/* get_watch_queue(): everything that is not a watch queue pipe */
	const int e[] = { EINVAL, EINVAL, EINVAL, EINVAL, EINVAL, EINVAL };
	char buf[256];
	int wq[2], p[2];
	long key, r;

	ASSERT_EQ(0, pipe(p));
	if (pipe2(wq, O_NOTIFICATION_PIPE | O_NONBLOCK))
		SKIP(return, "O_NOTIFICATION_PIPE: %s (CONFIG_WATCH_QUEUE)", strerror(errno));
	ASSERT_EQ(0, ioctl(wq[0], IOC_WATCH_QUEUE_SET_SIZE, 1))
		TH_LOG("IOC_WATCH_QUEUE_SET_SIZE: %s", strerror(errno));
	key = syscall(__NR_add_key, "user", "fdsafe", "v1", 2, KEY_SPEC_PROCESS_KEYRING);
	ASSERT_LT(0, key) TH_LOG("add_key: %s (CONFIG_KEYS)", strerror(errno));
	r = sys_keyctl(KEYCTL_WATCH_KEY, key, wq[0], 1);
	if (r && errno == EOPNOTSUPP) {
		sys_keyctl(KEYCTL_UNLINK, key, KEY_SPEC_PROCESS_KEYRING, 0);
		SKIP(return, "KEYCTL_WATCH_KEY: EOPNOTSUPP (CONFIG_KEY_NOTIFICATIONS)");
	}
	ASSERT_EQ(0, r) TH_LOG("KEYCTL_WATCH_KEY: %s", strerror(errno));
	EXPECT_EQ(-1, sys_keyctl(KEYCTL_WATCH_KEY, key, wq[0], 1));
	EXPECT_EQ(EBUSY, errno) TH_LOG("second watch: %s", strerror(errno));
	ASSERT_EQ(0, sys_keyctl(KEYCTL_UPDATE, key, (long)"v2", 2));
	EXPECT_LT(0, read(wq[0], buf, sizeof(buf))) TH_LOG("no notification: %s",
							   strerror(errno));
	/* an ordinary pipe and every bad class */
	EXPECT_EQ(-1, sys_keyctl(KEYCTL_WATCH_KEY, key, p[0], 2));
	EXPECT_EQ(EINVAL, errno) TH_LOG("plain pipe: %s", strerror(errno));
	FS_BAD_FDS("keyctl_watch_key", sys_keyctl(KEYCTL_WATCH_KEY, key, BADFD, 2), e);
	EXPECT_EQ(0, sys_keyctl(KEYCTL_WATCH_KEY, key, wq[0], -1))
		TH_LOG("remove watch: %s", strerror(errno));
	sys_keyctl(KEYCTL_UNLINK, key, KEY_SPEC_PROCESS_KEYRING, 0);
	close(wq[0]);
	close(wq[1]);
	close(p[0]);
	close(p[1]);
}

TEST(keyctl_watch_key_queue_fd)
{
	keyctl_watch_key_queue_fd_body(_metadata);
}

TEST(keyctl_watch_key_queue_fd_shared_table)
{
	struct fs_idler id;

	ASSERT_EQ(0, fs_idler_start(&id));
	keyctl_watch_key_queue_fd_body(_metadata);
	fs_idler_stop(&id);
}

/* ---- memcg cgroup.event_control (cgroup v1) ---- */

#define MEMCG_DIR "/tmp/memcg-v1"

/* Write "EFD CFD" to cgroup.event_control; the write's result. */
static long event_control(int ctl, int efd, int cfd)
{
	char line[64];
	int n = snprintf(line, sizeof(line), "%d %d", efd, cfd);

	return write(ctl, line, n);
}

TEST(memcg_event_control_fds)
{
	int ctl, oom, efd = eventfd(0, 0);
	/* the eventfd: fdget() then eventfd_ctx_fileget(); "-1" does not parse */
	const int eefd[] = { EBADF, EINVAL, EBADF, EINVAL, EBADF, EINVAL };
	/* the control file: fdget() then "not a cgroup v1 file" */
	const int ecfd[] = { EBADF, EINVAL, EBADF, EINVAL, EBADF, EINVAL };

	ASSERT_LE(0, efd);
	mkdir(MEMCG_DIR, 0755);
	if (mount("memcg", MEMCG_DIR, "cgroup", 0, "memory"))
		SKIP(return, "cannot mount the cgroup v1 memory controller: %s",
		     strerror(errno));
	mkdir(MEMCG_DIR "/fdt", 0755);
	ctl = open(MEMCG_DIR "/fdt/cgroup.event_control", O_WRONLY);
	oom = open(MEMCG_DIR "/fdt/memory.oom_control", O_RDONLY);
	ASSERT_LE(0, ctl) TH_LOG("cgroup.event_control: %s", strerror(errno));
	ASSERT_LE(0, oom) TH_LOG("memory.oom_control: %s", strerror(errno));
	EXPECT_LT(0, event_control(ctl, efd, oom)) TH_LOG("oom event: %s", strerror(errno));
	FS_BAD_FDS("memcg_event_control_efd", event_control(ctl, BADFD, oom), eefd);
	FS_BAD_FDS("memcg_event_control_cfd", event_control(ctl, efd, BADFD), ecfd);
	/* a cgroup v1 file that has no events */
	close(oom);
	oom = open(MEMCG_DIR "/fdt/cgroup.procs", O_RDONLY);
	ASSERT_LE(0, oom);
	EXPECT_EQ(-1, event_control(ctl, efd, oom));
	EXPECT_EQ(EINVAL, errno);
	close(oom);
	close(ctl);
	close(efd);
	rmdir(MEMCG_DIR "/fdt");
	umount(MEMCG_DIR);
}

/* ---- the close race ---- */

static long race_send_signal(int fd, void *arg)
{
	return sys_pidfd_send_signal(fd, 0);
}

static long race_kcmp(int fd, void *arg)
{
	return sys_kcmp(getpid(), getpid(), KCMP_FILE, fd, *(int *)arg);
}

static long race_setns(int fd, void *arg)
{
	return setns(fd, CLONE_NEWNET);
}

TEST(race_close_pidfd_kcmp_setns)
{
	int pfd = sys_pidfd_open(getpid(), 0), f = fs_tmpfile("x"), srcs[4];
	const int ok[] = { EINVAL, 0 };

	ASSERT_LE(0, pfd);
	ASSERT_LE(0, f);
	srcs[0] = pfd;
	srcs[1] = open("/dev/null", O_RDONLY);
	srcs[2] = open("/", O_PATH);
	srcs[3] = open("/proc/self/ns/net", O_RDONLY);
	ASSERT_LE(0, srcs[3]);
	/* pidfd_send_signal: EBADF for everything but the pidfd */
	FS_CLOSE_RACE("pidfd_send_signal", race_send_signal, NULL, srcs, ok + 1);
	FS_CLOSE_RACE("kcmp_file", race_kcmp, &f, srcs, ok + 1);
	srcs[0] = srcs[3];
	srcs[3] = pfd;
	FS_CLOSE_RACE("setns", race_setns, NULL, srcs, ok);
	for (int i = 0; i < 3; i++)
		close(srcs[i]);
	close(pfd);
	close(f);
}

TEST_HARNESS_MAIN

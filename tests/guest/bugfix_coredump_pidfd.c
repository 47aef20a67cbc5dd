// SPDX-License-Identifier: GPL-2.0
/*
 * Core dumps piped to a usermode helper ("|prog ..." in core_pattern).
 * With %F in the pattern, 6.1.y (since 6.1.141) hands the helper a pidfd
 * of the dumping process at fd 3: umh_coredump_setup() gets the file
 * from pidfd_prepare() and puts it at fd 3 with replace_fd(), which takes
 * a reference of its own.  The 6.1.y backport never drops the reference
 * pidfd_prepare() returned (upstream drops it with __free(fput)), so each
 * such dump leaks a struct file and the struct pid it pins (patch 0003).
 *
 * The probe: a struct pid pins the pid namespace it was allocated in,
 * and a pid namespace counts against /proc/sys/user/max_pid_namespaces
 * until it is freed.  With that limit set to NS_LIMIT more than are in
 * use, the test dumps core ROUNDS times, each time from a process in a
 * new pid namespace.  When the dumps leak, the namespaces of the dead
 * processes are never freed and unshare(CLONE_NEWPID) fails with ENOSPC
 * after NS_LIMIT dumps.
 *
 *  - bugfix_coredump_pidfd_no_pid_leak: dumps to "|helper %F": unshare()
 *    must keep succeeding (the baseline fails after NS_LIMIT dumps, and
 *    kmemleak reports the leaked files, allocated in pidfd_prepare());
 *  - coredump_pipe_frees_pidns: the same dumps to "|helper" without %F
 *    (no pidfd): the control that the probe is valid, on both kernels;
 *  - coredump_helper_gets_pidfd: the helper finds at fd 3 a pidfd of the
 *    process that dumped (its fdinfo Pid is the %P of the dump).
 *
 * The helper is this program itself, run by the kernel with HELPER_ARG.
 * core_pipe_limit is set to 1 so that a dump waits for its helper.
 */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "fdtest.h"

#define HELPER_ARG	"--coredump-helper"
#define CORE_PATTERN	"/proc/sys/kernel/core_pattern"
#define CORE_PIPE_LIMIT	"/proc/sys/kernel/core_pipe_limit"
#define PIDNS_MAX	"/proc/sys/user/max_pid_namespaces"
#define RESULT		"/tmp/coredump-helper.result"
#define NS_LIMIT	4
#define ROUNDS		(3 * NS_LIMIT)

/* exit codes of the forked side of a dump */
enum { DUMP_OK, DUMP_ENOSPC, DUMP_ERROR, DUMP_NOCORE };

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* the first line of path */
static int read_str(const char *path, char *buf, size_t size)
{
	if (read_file(path, buf, size))
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0644);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

/*
 * The kernel runs "prog HELPER_ARG PID [FD]" with the core on stdin.
 * Drain it and record in RESULT what fd FD is: "ok" if it is a pidfd of
 * PID, otherwise why not; "nofd" without FD.
 */
static int coredump_helper(int argc, char **argv)
{
	char buf[4096], path[64], want[32], msg[160];
	const char *line;
	int fd;

	while (read(0, buf, sizeof(buf)) > 0)
		;
	if (argc < 4)
		return write_str(RESULT, "nofd") ? 1 : 0;
	fd = atoi(argv[3]);
	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	snprintf(want, sizeof(want), "\nPid:\t%s\n", argv[2]);
	if (read_file(path, buf, sizeof(buf)))
		buf[0] = '\0';
	line = strstr(buf, want);
	if (access(path, F_OK))
		snprintf(msg, sizeof(msg), "fd %d is not open in the helper", fd);
	else if (!line) {
		for (char *c = buf; *c; c++)
			if (*c == '\n' || *c == '\t')
				*c = ' ';
		snprintf(msg, sizeof(msg), "fd %d is not a pidfd of pid %s: fdinfo \"%.60s\"",
			 fd, argv[2], buf);
	}
	else
		snprintf(msg, sizeof(msg), "ok");
	return write_str(RESULT, msg) ? 1 : 0;
}

/* Dump core from this process (no handler, core limit unlimited). */
static void __attribute__((noreturn)) dump_core(void)
{
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };

	setrlimit(RLIMIT_CORE, &rl);
	prctl(PR_SET_DUMPABLE, 1);
	signal(SIGSEGV, SIG_DFL);
	raise(SIGSEGV);
	_exit(DUMP_ERROR);
}

static int wait_code(pid_t pid)
{
	int st;

	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return DUMP_ERROR;
	if (WIFSIGNALED(st))
		return WCOREDUMP(st) ? DUMP_OK : DUMP_NOCORE;
	return WIFEXITED(st) ? WEXITSTATUS(st) : DUMP_ERROR;
}

/*
 * One dump from a process in a new pid namespace: the child unshares,
 * forks the namespace's init, which forks the process that dumps.  A
 * DUMP_ENOSPC is retried for up to 10 s, since a namespace is freed only
 * after its last pid (an RCU grace period after the reap, and another).
 */
static int dump_in_new_pidns(void)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	int r, tries = 0;

	do {
		pid_t c = fork();

		if (c == 0) {
			if (unshare(CLONE_NEWPID))
				_exit(errno == ENOSPC ? DUMP_ENOSPC : DUMP_ERROR);
			c = fork();
			if (c == 0) {
				pid_t x = fork();

				if (x == 0)
					dump_core();
				_exit(wait_code(x));
			}
			_exit(wait_code(c));
		}
		r = wait_code(c);
		if (r == DUMP_ENOSPC)
			nanosleep(&ts, NULL);
	} while (r == DUMP_ENOSPC && ++tries < 500);
	return r;
}

/*
 * How many pid namespaces count against max_pid_namespaces now (those of
 * other tests, and on the baseline those that earlier dumps leaked): one
 * less than the smallest limit at which unshare(CLONE_NEWPID) succeeds.
 */
static int pidns_in_use(void)
{
	char lim[16];
	int k;

	for (k = 1; k < 4096; k++) {
		pid_t c;
		int st;

		snprintf(lim, sizeof(lim), "%d", k);
		if (write_str(PIDNS_MAX, lim))
			return -1;
		c = fork();
		if (c == 0)
			_exit(unshare(CLONE_NEWPID) ? 1 : 0);
		if (c < 0 || waitpid(c, &st, 0) != c)
			return -1;
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			return k - 1;
	}
	return -1;
}

FIXTURE(coredump) {
	char pattern[256], pipe_limit[32], pidns_max[32];
	char self[PATH_MAX];
};

FIXTURE_SETUP(coredump)
{
	ssize_t n;

	if (read_str(CORE_PATTERN, self->pattern, sizeof(self->pattern)))
		SKIP(return, "%s: %s (CONFIG_COREDUMP not set)", CORE_PATTERN,
		     strerror(errno));
	ASSERT_EQ(0, read_str(CORE_PIPE_LIMIT, self->pipe_limit, sizeof(self->pipe_limit)));
	ASSERT_EQ(0, read_str(PIDNS_MAX, self->pidns_max, sizeof(self->pidns_max)))
		TH_LOG("%s: %s", PIDNS_MAX, strerror(errno));
	n = readlink("/proc/self/exe", self->self, sizeof(self->self) - 1);
	ASSERT_LT(0, n);
	self->self[n] = '\0';
	ASSERT_EQ(0, write_str(CORE_PIPE_LIMIT, "1"));
	unlink(RESULT);
}

FIXTURE_TEARDOWN(coredump)
{
	write_str(CORE_PATTERN, self->pattern);
	write_str(CORE_PIPE_LIMIT, self->pipe_limit);
	write_str(PIDNS_MAX, self->pidns_max);
}

/* core_pattern "|SELF HELPER_ARG %P" plus " %F" when @pidfd */
static int set_pattern(const char *self, int pidfd)
{
	char p[PATH_MAX + 64];

	snprintf(p, sizeof(p), "|%s %s %%P%s", self, HELPER_ARG, pidfd ? " %F" : "");
	return write_str(CORE_PATTERN, p);
}

/* ROUNDS dumps from new pid namespaces with at most NS_LIMIT of them alive */
static void dumps_free_pidns(struct __test_metadata *_metadata, const char *self,
			     int pidfd)
{
	int i, r, used = pidns_in_use();
	char lim[16];

	ASSERT_LE(0, used) TH_LOG("cannot probe the pid namespaces in use");
	ASSERT_EQ(0, set_pattern(self, pidfd));
	snprintf(lim, sizeof(lim), "%d", used + NS_LIMIT);
	ASSERT_EQ(0, write_str(PIDNS_MAX, lim));
	for (i = 0; i < ROUNDS; i++) {
		r = dump_in_new_pidns();
		ASSERT_NE(DUMP_ENOSPC, r)
			TH_LOG("dump %d: unshare(CLONE_NEWPID) still fails with ENOSPC "
			       "after 10 s (max_pid_namespaces %d, %d in use before): the "
			       "pid namespaces of the processes that dumped are never "
			       "freed, so their struct pids leaked%s", i + 1,
			       used + NS_LIMIT, used,
			       pidfd ? " (with the pidfd files handed to the helper)" : "");
		ASSERT_EQ(DUMP_OK, r)
			TH_LOG("dump %d: %s", i + 1, r == DUMP_NOCORE ?
			       "the process died without a core dump" :
			       "fork/unshare/wait failed");
	}
}

TEST_F(coredump, coredump_pipe_frees_pidns)
{
	if (_metadata->skip)
		return;
	dumps_free_pidns(_metadata, self->self, 0);
}

TEST_F(coredump, coredump_helper_gets_pidfd)
{
	char res[160] = "";
	pid_t x;

	if (_metadata->skip)
		return;
	ASSERT_EQ(0, set_pattern(self->self, 1));
	x = fork();
	if (x == 0)
		dump_core();
	ASSERT_EQ(DUMP_OK, wait_code(x));
	ASSERT_EQ(0, read_str(RESULT, res, sizeof(res)))
		TH_LOG("the helper left no %s: %s", RESULT, strerror(errno));
	EXPECT_STREQ("ok", res);
}

/* last: on the baseline it leaves NS_LIMIT namespaces behind */
TEST_F(coredump, bugfix_coredump_pidfd_no_pid_leak)
{
	if (_metadata->skip)	/* SKIP in FIXTURE_SETUP */
		return;
	dumps_free_pidns(_metadata, self->self, 1);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], HELPER_ARG))
		return coredump_helper(argc, argv);
	return test_harness_run(argc, argv);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Guest side of the old-module ABI test: load /bin/fdold.ko (built
 * against the unpatched 6.1 headers) with finit_module(), so that its
 * init runs fdget()/fdput() on this process's descriptors, then unload
 * it.  Once with a private descriptor table (fdget() borrows the file),
 * once with a second thread sharing the table (fdget() takes a
 * reference that fdput() drops), and a negative control: a closed
 * descriptor as "good" must make the module refuse to load.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kselftest_harness.h"

#define KO "/bin/fdold.ko"
#define CLOSED_FD 1000

static int load(int good, int bad)
{
	char params[64];
	int ko = open(KO, O_RDONLY | O_CLOEXEC);
	int ret;

	if (ko < 0)
		return -errno;
	snprintf(params, sizeof(params), "good=%d bad=%d", good, bad);
	ret = syscall(SYS_finit_module, ko, params, 0) ? -errno : 0;
	close(ko);
	if (!ret && syscall(SYS_delete_module, "fdold", O_NONBLOCK))
		ret = -1000 - errno;
	return ret;
}

static void *sleeper(void *arg)
{
	char c;

	read(*(int *)arg, &c, 1);	/* until the pipe's writer is closed */
	return NULL;
}

TEST(private_table)
{
	int fd = open("/bin/busybox", O_RDONLY);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, load(fd, CLOSED_FD)) TH_LOG("see the fdold: lines in the kernel log");
	close(fd);
}

TEST(shared_table)
{
	int fd = open("/bin/busybox", O_RDONLY);
	pthread_t t;
	int p[2];

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pthread_create(&t, NULL, sleeper, &p[0]));
	EXPECT_EQ(0, load(fd, CLOSED_FD)) TH_LOG("see the fdold: lines in the kernel log");
	close(p[1]);
	pthread_join(t, NULL);
	close(fd);
}

TEST(closed_good_fd_refused)
{
	ASSERT_EQ(-EINVAL, load(CLOSED_FD, CLOSED_FD));
}

TEST_HARNESS_MAIN

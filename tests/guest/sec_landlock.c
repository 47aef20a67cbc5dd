// SPDX-License-Identifier: GPL-2.0
/*
 * Landlock's fd users (security/landlock/syscalls.c): the ruleset fd of
 * landlock_add_rule/landlock_restrict_self (get_ruleset_from_fd(): fdget(),
 * EBADFD for another file) and a rule's parent_fd (get_path_from_fd():
 * fdget_raw(), O_PATH accepted, EBADFD for internal filesystems such as
 * sockfs).  Needs CONFIG_SECURITY_LANDLOCK and "landlock" in CONFIG_LSM;
 * skips otherwise (ENOSYS: not built, EOPNOTSUPP: not enabled).
 */
#include <linux/landlock.h>

#include "fs_util.h"

static long ll_create(__u64 handled)
{
	struct landlock_ruleset_attr a = { .handled_access_fs = handled };

	return syscall(__NR_landlock_create_ruleset, &a, sizeof(a), 0);
}

static long ll_add(int rs, int parent, __u64 access)
{
	struct landlock_path_beneath_attr pb = {
		.allowed_access = access, .parent_fd = parent,
	};

	return syscall(__NR_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
}

static long ll_restrict(int rs)
{
	return syscall(__NR_landlock_restrict_self, rs, 0);
}

#define LANDLOCK_OR_SKIP(rs) do {					\
	(rs) = ll_create(LANDLOCK_ACCESS_FS_READ_FILE);			\
	if ((rs) < 0 && (errno == ENOSYS || errno == EOPNOTSUPP))	\
		SKIP(return, "landlock: %s (CONFIG_SECURITY_LANDLOCK, "	\
		     "lsm=landlock)", strerror(errno));			\
	ASSERT_LE(0, (rs)) TH_LOG("landlock_create_ruleset: %s",	\
				  strerror(errno));			\
} while (0)

TEST(landlock_rule_restricts_reads)
{
	int rs, tmp = open("/tmp", O_PATH | O_DIRECTORY), f;

	LANDLOCK_OR_SKIP(rs);
	ASSERT_LE(0, tmp);
	ASSERT_EQ(0, ll_add(rs, tmp, LANDLOCK_ACCESS_FS_READ_FILE))
		TH_LOG("add_rule(O_PATH /tmp): %s", strerror(errno));
	EXPECT_EQ(-1, ll_add(rs, tmp, 0));
	EXPECT_EQ(ENOMSG, errno);
	f = fs_tmpfile(NULL);
	ASSERT_LE(0, f);
	close(f);
	ASSERT_EQ(0, ll_restrict(rs)) TH_LOG("restrict_self: %s", strerror(errno));
	f = open("/proc/self/status", O_RDONLY);
	EXPECT_EQ(-1, f) TH_LOG("read outside /tmp allowed");
	EXPECT_EQ(EACCES, errno);
	close(rs);
	close(tmp);
}

TEST(bad_fds_landlock)
{
	int rs;
	const int eruleset[] = FS_ROW(EBADFD, EBADFD);
	/* fdget_raw(): O_PATH fine; sockfs is internal */
	const int eparent[] = FS_ROW_RAW(FS_OK, FS_OK, EBADFD);

	LANDLOCK_OR_SKIP(rs);
	FS_BAD_FDS("landlock_add_rule_ruleset",
		   ll_add(BADFD, AT_FDCWD, LANDLOCK_ACCESS_FS_READ_FILE), eruleset);
	FS_BAD_FDS("landlock_add_rule_parent",
		   ll_add(rs, BADFD, LANDLOCK_ACCESS_FS_READ_FILE), eparent);
	FS_BAD_FDS("landlock_restrict_self", ll_restrict(BADFD), eruleset);
	/* the ruleset fd itself as a parent */
	EXPECT_EQ(-1, ll_add(rs, rs, LANDLOCK_ACCESS_FS_READ_FILE));
	EXPECT_EQ(EBADFD, errno);
	close(rs);
}

TEST_HARNESS_MAIN

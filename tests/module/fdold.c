// SPDX-License-Identifier: GPL-2.0
/*
 * fdold: an out-of-tree module that uses struct fd the 6.1 way.  It is
 * built against the *unpatched* 6.1 tree, so fdget() and fdput() below
 * are that tree's inline helpers: a two-word struct fd unpacked from the
 * exported __fdget().  Loaded into the patched kernel, it shows that the
 * series kept that ABI: the module links (same symbol versions) and
 * __fdget() still means what the old inline code expects.
 *
 * Its init runs in the loading process: fdget(good) must find the same
 * file as fget(good), take a reference exactly when it says so
 * (FDPUT_FPUT, i.e. when the descriptor table is shared) and fdput()
 * must drop it; fdget(bad) must come back empty.  Any mismatch fails
 * the load with -EINVAL and a "fdold: FAIL" line.
 */
#include <linux/module.h>
#include <linux/file.h>
#include <linux/fs.h>

static int good = -1;
static int bad = -1;
module_param(good, int, 0);
module_param(bad, int, 0);

static int check_good(void)
{
	struct file *ref = fget(good);
	long before, held;
	struct fd f;
	int ret = 0;

	if (!ref) {
		pr_err("fdold: FAIL: fget(%d) found no file\n", good);
		return -EINVAL;
	}
	before = file_count(ref);
	f = fdget(good);
	held = file_count(ref);
	if (f.file != ref) {
		pr_err("fdold: FAIL: fdget(%d) = %px, fget() = %px\n", good, f.file, ref);
		ret = -EINVAL;
	} else if (f.flags & ~(FDPUT_FPUT | FDPUT_POS_UNLOCK)) {
		pr_err("fdold: FAIL: fdget(%d) flags %#x\n", good, f.flags);
		ret = -EINVAL;
	} else if (held != before + !!(f.flags & FDPUT_FPUT)) {
		pr_err("fdold: FAIL: file count %ld -> %ld, flags %#x\n", before, held, f.flags);
		ret = -EINVAL;
	}
	fdput(f);
	if (file_count(ref) != before) {
		pr_err("fdold: FAIL: file count %ld after fdput, %ld before fdget\n",
		       file_count(ref), before);
		ret = -EINVAL;
	}
	if (!ret)
		pr_info("fdold: fdget(%d) ok, %s\n", good,
			f.flags & FDPUT_FPUT ? "cloned (shared table)" : "borrowed");
	fput(ref);
	return ret;
}

static int check_bad(void)
{
	struct fd f = fdget(bad);

	if (f.file || f.flags) {
		pr_err("fdold: FAIL: fdget(%d) = %px flags %#x, want empty\n", bad, f.file, f.flags);
		fdput(f);
		return -EINVAL;
	}
	pr_info("fdold: fdget(%d) empty, ok\n", bad);
	return 0;
}

static int __init fdold_init(void)
{
	int ret = check_good();

	return check_bad() ?: ret;
}

static void __exit fdold_exit(void)
{
}

module_init(fdold_init);
module_exit(fdold_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("struct fd ABI check: old inline fdget()/fdput() on a new kernel");

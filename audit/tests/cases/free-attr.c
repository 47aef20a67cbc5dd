// A variable declared __free(fput) (linux/cleanup.h) in the file: spatch
// must still see the other fput() calls as calls, not as declarations of
// a type named fput (audit/builtins.h).
static int fa_helper(struct fa_info *info)
{
	struct file *pf __free(fput) = NULL;

	pf = fa_open(info);
	if (IS_ERR(pf))
		return PTR_ERR(pf);
	return fa_use(pf);
}

int fa_double(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	fput(file);
	fput(file); // expect: fget-double-put fget-use-after-put
	return 0;
}

int fa_leak(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	if (file->f_mode & 1)
		return -EINVAL; // expect: fget-leak
	fput(file);
	return 0;
}

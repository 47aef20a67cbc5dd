// Rule 2: double puts.
int dp(int fd)
{
	struct fd f = fdget(fd);

	if (!f.file)
		return -EBADF;
	if (bad(f.file)) {
		fdput(f);
		goto out;
	}
	work(f.file);
out:
	fdput(f); // expect: double-put
	return 0;
}

int class_put(int fd)
{
	CLASS(fd, f)(fd);

	if (fd_empty(f))
		return -EBADF;
	work(fd_file(f));
	fdput(f); // expect: double-put
	return 0;
}

int put_before_get(int fd, int flags)
{
	struct fd f;	// expect: shape
	int ret = -EINVAL;

	if (flags)
		goto out;
	f = fdget(fd);
	if (!f.file)
		return -EBADF;
	ret = work(f.file);
out:
	fdput(f); // expect: uninit
	return ret;
}

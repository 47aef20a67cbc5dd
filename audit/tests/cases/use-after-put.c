// Rule 3: use after put.
int uap(int fd)
{
	struct fd f = fdget(fd);
	int ret;

	if (!f.file)
		return -EBADF;
	ret = work(f.file);
	fdput(f);
	if (ret)
		pr_info("%pD\n", f.file); // expect: use-after-put
	return ret;
}

int uap_new(int fd)
{
	struct fd f = fdget(fd);

	if (fd_empty(f))
		return -EBADF;
	fdput(f);
	return fd_file(f)->f_flags; // expect: use-after-put
}

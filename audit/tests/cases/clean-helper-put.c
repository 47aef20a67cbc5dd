// Clean: the fd is passed by value to a helper that puts it.
static int finish_and_put(struct fd f, int arg)
{
	int ret = do_thing(f.file, arg);

	fdput(f);
	return ret;
}

int sys_thing(int fd, int arg)
{
	struct fd f = fdget(fd);

	if (!f.file)
		return -EBADF;
	if (arg < 0)
		return finish_and_put(f, 0);
	return finish_and_put(f, arg);
}

// Rule 7: jumps into the scope of a CLASS(fd) variable.
int bad_goto(int n)
{
	int ret = 0;

	if (n < 0)
		goto out; // expect: goto-class
	CLASS(fd, f)(n);
	if (fd_empty(f))
		return -EBADF;
	ret = work(fd_file(f));
out:
	return ret;
}

int bad_switch(int n, int fd)
{
	switch (n) {
	case 1:;
		CLASS(fd, f)(fd);
		if (fd_empty(f))
			return -EBADF;
		return work(fd_file(f));
	case 2: // expect: goto-class
		return 2;
	}
	return 0;
}

int backward_ok(int n)
{
	int tries = 0;
again:
	if (tries++ > 3)
		return -EAGAIN;
	CLASS(fd, f)(n);
	if (fd_empty(f))
		return -EBADF;
	if (work(fd_file(f)) == -EAGAIN)
		goto again;
	return 0;
}

// Clean: CLASS(fd) users (6.12 style), no finding expected.
int ksys_fchmod(unsigned int fd, int mode)
{
	CLASS(fd, f)(fd);

	if (fd_empty(f))
		return -EBADF;
	audit_file(fd_file(f));
	return chmod_common(&fd_file(f)->f_path, mode);
}

int ksys_sync_file_range(int fd, long offset, long nbytes)
{
	CLASS(fd, f)(fd);
	int ret = -EINVAL;

	if (nbytes < 0)
		goto out;
	if (fd_empty(f))
		return -EBADF;
	ret = sync_file_range(fd_file(f), offset, nbytes);
out:
	return ret;
}

int scoped(int fd, int flag)
{
	int ret = -EBADF;

	if (flag)
		goto out;
	{
		CLASS(fd_raw, f)(fd);
		if (!fd_empty(f))
			ret = fd_file(f)->f_flags;
	}
out:
	return ret;
}

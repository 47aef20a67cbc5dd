// fileout-leak: files a callee stored through a struct file ** parameter,
// put or handed off on every path.  The callees fo_mkpipe() and
// fo_getsock() are fileout.c's.
static int fo_c_pipe_flags(int *fd, struct file **files, int flags)
{
	int error;

	error = fo_mkpipe(files, flags);
	if (error)
		return error;
	error = get_unused_fd_flags(flags);
	if (error < 0)
		goto err_read_pipe;
	fd[0] = error;
	fd[1] = error;
	return 0;

err_read_pipe:
	fput(files[0]);
	fput(files[1]);
	return error;
}

int fo_c_setup(struct info *info)
{
	struct file *to[2];
	int err;

	err = fo_mkpipe(to, 0);
	if (err)
		return err;
	err = replace_fd(0, to[0], 0);
	fput(to[0]);
	if (err < 0) {
		fput(to[1]);
		return err;
	}
	info->pipe = to[1];
	return 0;
}

int fo_c_peeloff(struct sock *sk, char __user *optval, int len)
{
	struct file *newfile = NULL;
	int retval;

	retval = fo_getsock(sk, &newfile);
	if (retval < 0)
		goto out;
	if (copy_to_user(optval, &len, len)) {
		fput(newfile);
		put_unused_fd(retval);
		return -EFAULT;
	}
	fd_install(retval, newfile);
out:
	return retval;
}

int fo_c_pipe2(int __user *fildes, int flags)
{
	struct file *files[2];
	int fd[2];
	int error;

	error = fo_c_pipe_flags(fd, files, flags);
	if (!error) {
		if (copy_to_user(fildes, fd, sizeof(fd))) {
			fput(files[0]);
			fput(files[1]);
			put_unused_fd(fd[0]);
			put_unused_fd(fd[1]);
			error = -EFAULT;
		} else {
			fd_install(fd[0], files[0]);
			fd_install(fd[1], files[1]);
		}
	}
	return error;
}

int fo_c_pipe_flags2(int *fd, int flags)
{
	struct file *files[2];
	int error = fo_c_pipe_flags(fd, files, flags);

	if (!error) {
		fd_install(fd[0], files[0]);
		fd_install(fd[1], files[1]);
	}
	return error;
}

/* the int array passed next to the files is no file */
int fo_c_intarr(int flags)
{
	struct file *files[2];
	int fds[2];
	int error;

	error = fo_c_pipe_flags(fds, files, flags);
	if (error)
		return error;
	fd_install(fds[0], files[0]);
	fd_install(fds[1], files[1]);
	return 0;
}

/* the failed call left nothing to put */
int fo_c_failed(struct sock *sk)
{
	struct file *nf;
	int fd;

	fd = fo_getsock(sk, &nf);
	if (fd < 0) {
		pr_err("no socket file");
		return fd;
	}
	fd_install(fd, nf);
	return fd;
}

/* installed under a test of the pointer itself */
int fo_c_iftest(struct sock *sk)
{
	struct file *nf = NULL;
	int fd;

	fd = fo_getsock(sk, &nf);
	if (fd < 0)
		return fd;
	if (nf)
		fd_install(fd, nf);
	return fd;
}

/* put under the flag it was created under (fanotify copy_event_to_user()) */
int fo_c_flagput(struct sock *sk, int flags, char __user *buf)
{
	struct file *nf = NULL;
	int fd = -1;
	int ret;

	if (flags & 1) {
		fd = fo_getsock(sk, &nf);
		if (fd < 0)
			return fd;
	}
	ret = -EFAULT;
	if (copy_to_user(buf, &fd, sizeof(fd)))
		goto out_close;
	if (nf)
		fd_install(fd, nf);
	return 0;

out_close:
	if (flags & 1) {
		put_unused_fd(fd);
		fput(nf);
	}
	return ret;
}

/* the same in a function with a __free(fput) variable (6.12's shape) */
int fo_c_setup_free(struct info *info)
{
	struct file *to[2];
	int err;

	if (info->pid) {
		struct file *pidfs_file __free(fput) = NULL;

		pidfs_file = fo_pidfs_file(info->pid, 0);
		if (IS_ERR(pidfs_file))
			return PTR_ERR(pidfs_file);
		err = replace_fd(3, pidfs_file, 0);
		if (err < 0)
			return err;
	}
	err = fo_mkpipe(to, 0);
	if (err)
		return err;
	info->pipe = to[1];
	err = replace_fd(0, to[0], 0);
	fput(to[0]);
	if (err < 0)
		return err;
	return 0;
}

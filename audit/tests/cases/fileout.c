// fileout-leak: a file a callee stored through a struct file ** parameter
// (summary "fileout") not put on an error path of the caller.
int fo_mkpipe(struct file **res, int flags)
{
	struct file *f;

	f = alloc_file_pseudo(inode, mnt, "", O_WRONLY, &fops);
	if (IS_ERR(f))
		return PTR_ERR(f);
	res[0] = alloc_file_clone(f, O_RDONLY, &fops);
	if (IS_ERR(res[0])) {
		fput(f);
		return PTR_ERR(res[0]);
	}
	res[1] = f;
	return 0;
}

static int fo_pipe_flags(int *fd, struct file **files, int flags)
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
	return error; // expect: fileout-leak
}

int fo_getsock(struct sock *sk, struct file **newfile)
{
	struct socket *sock = sk->sk_socket;

	*newfile = sock_alloc_file(sock, 0, NULL);
	if (IS_ERR(*newfile))
		return PTR_ERR(*newfile);
	return 3;
}

int fo_setup(struct info *info)
{
	struct file *to[2];
	int err;

	err = fo_mkpipe(to, 0);
	if (err)
		return err;
	err = replace_fd(0, to[0], 0);
	fput(to[0]);
	if (err < 0)
		return err; // expect: fileout-leak
	info->pipe = to[1];
	return 0;
}

int fo_peeloff(struct sock *sk, char __user *optval, int len)
{
	struct file *newfile = NULL;
	int retval;

	retval = fo_getsock(sk, &newfile);
	if (retval < 0)
		goto out;
	if (copy_to_user(optval, &len, len)) {
		put_unused_fd(retval);
		return -EFAULT; // expect: fileout-leak
	}
	fd_install(retval, newfile);
out:
	return retval;
}

int fo_pipe2(int __user *fildes, int flags)
{
	struct file *files[2];
	int fd[2];
	int error;

	error = fo_pipe_flags(fd, files, flags);
	if (!error) {
		if (copy_to_user(fildes, fd, sizeof(fd))) {
			fput(files[0]);
			put_unused_fd(fd[0]);
			put_unused_fd(fd[1]);
			error = -EFAULT;
		} else {
			fd_install(fd[0], files[0]);
			fd_install(fd[1], files[1]);
		}
	}
	return error; // expect: fileout-leak
}

int fo_overwrite(struct sock *sk)
{
	struct file *nf;
	int fd;

	fd = fo_getsock(sk, &nf);
	if (fd < 0)
		return fd;
	nf = NULL; // expect: fileout-leak
	put_unused_fd(fd);
	return 0;
}

int fo_pipe_decl(int *fd, int flags)
{
	struct file *files[2];
	int error = fo_pipe_flags(fd, files, flags);

	if (!error) {
		fd_install(fd[0], files[0]);
	}
	return error; // expect: fileout-leak
}

int fo_decl_neg(struct sock *sk, int bad)
{
	struct file *nf;
	int fd = fo_getsock(sk, &nf);

	if (fd < 0)
		return fd;
	if (bad)
		return -EINVAL; // expect: fileout-leak
	fd_install(fd, nf);
	return fd;
}

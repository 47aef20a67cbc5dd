// Unwinding before the install, and leaving an installed fd to the process.
int ok_dmabuf(struct dev *d, void __user *argp)
{
	struct req r;

	r.fd = dma_buf_fd(d->dmabuf, O_CLOEXEC);
	if (r.fd < 0) {
		dma_buf_put(d->dmabuf);
		return -EINVAL;
	}
	if (copy_to_user(argp, &r, sizeof(r)))
		return -EFAULT;	/* the fd is the process's now */
	return 0;
}

int ok_file(struct dev *d, int __user *ufd)
{
	struct file *file;
	int fd = get_unused_fd_flags(O_CLOEXEC);

	if (fd < 0)
		return fd;
	file = anon_inode_getfile("dev:z", &z_fops, d, O_RDWR);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	if (put_user(fd, ufd)) {
		fput(file);
		put_unused_fd(fd);
		return -EFAULT;
	}
	fd_install(fd, file);
	return 0;
}

// fget rule set: owners beyond struct file (sockets, dma-bufs), "!f || C"
// tests, calls that install the file only when they succeed, fds
// installed by a callee, references taken after the publish.
static int my_install_fd(struct ctx *ctx, struct file *file)
{
	int fd = get_unused_fd_flags(O_RDWR);

	if (fd < 0)
		return fd;
	fd_install(fd, file);
	return fd;
}

int or_leak(int fd)
{
	struct file *f = fget_raw(fd);

	if (!f || !inode_ptr(f->f_inode))
		return -EBADF; // expect: fget-leak
	fput(f);
	return 0;
}

int or_leak_block(int fd)
{
	struct file *f = fget_raw(fd);

	if (!f || bad(f)) {
		pr_err("x");
		return -EBADF; // expect: fget-leak
	}
	fput(f);
	return 0;
}

int inst_leak(struct ctx *ctx)
{
	struct file *file;
	int ret;

	file = anon_inode_getfile("x", &fops, ctx, O_RDWR);
	if (IS_ERR(file))
		return PTR_ERR(file);
	ret = my_install_fd(ctx, file);
	if (ret < 0)
		return ret; // expect: fget-leak
	return ret;
}

int inst_ret_leak(struct ctx *ctx)
{
	struct file *file;

	file = anon_inode_getfile("x", &fops, ctx, O_RDWR);
	if (IS_ERR(file))
		return PTR_ERR(file);
	return my_install_fd(ctx, file); // expect: fget-leak
}

int inst_goto_leak(struct ctx *ctx)
{
	struct file *file;
	int ret;

	file = anon_inode_getfile("x", &fops, ctx, O_RDWR);
	if (IS_ERR(file))
		return PTR_ERR(file);
	ret = my_install_fd(ctx, file);
	if (ret < 0)
		goto err;
	return ret;
err:
	kfree(ctx);
	return ret; // expect: fget-leak
}

static struct socket *get_sock(struct dev *d, unsigned long fd, int *err)
{
	struct socket *sock;

	*err = 0;
	sock = sockfd_lookup(fd, err);
	if (!sock)
		return NULL;
	if (sock->ops->shutdown == sock_no_shutdown) {
		*err = -EINVAL;
		return NULL; // expect: fget-leak
	}
	return sock;
}

long ub_create(struct head *head)
{
	struct dma_buf *buf;
	int ret;

	buf = dma_buf_export(&exp_info);
	if (IS_ERR(buf)) {
		ret = PTR_ERR(buf);
		goto err;
	}
	return dma_buf_fd(buf, 0); // expect: fget-leak
err:
	return ret;
}

int sock_decl(int fd)
{
	int err;
	struct socket *s = sockfd_lookup(fd, &err);

	if (!s)
		return err;
	if (s->sk->sk_family != AF_UNIX)
		return -EINVAL; // expect: fget-leak
	fput(s->file);
	return 0;
}

static int create_vm(struct pci *p)
{
	int fd = get_unused_fd_flags(O_CLOEXEC);
	struct file *f;

	if (fd < 0)
		return fd;
	f = anon_inode_getfile("x", &fops, p, O_RDWR);
	if (IS_ERR(f)) {
		put_unused_fd(fd);
		return PTR_ERR(f);
	}
	fd_install(fd, f);
	return fd;
}

long my_ioctl(struct pci *p, unsigned long arg)
{
	int fd = create_vm(p);

	if (fd < 0)
		return fd;
	if (copy_to_user((void __user *)arg, &p->id, 8)) {
		put_unused_fd(fd); // expect: fd-installed
		return -EFAULT;
	}
	return fd;
}

static int create_dev(struct kvm *kvm, struct dev *dev)
{
	int ret;

	ret = anon_inode_getfd("d", &dev_fops, dev, O_RDWR);
	if (ret < 0)
		return ret;
	kvm_get_kvm(kvm); // expect: fd-installed
	return ret;
}

/* an owned file overwritten before its put */
struct file *ofp(const struct path *path, int flags)
{
	struct file *f = alloc_empty_file_noaccount(flags, NULL);

	if (!IS_ERR(f)) {
		int error;

		f->f_path = *path;
		error = do_dentry_open(f, NULL, NULL);
		if (error)
			f = ERR_PTR(error); // expect: fget-leak
	}
	return f;
}

int ovw(int fd, int fd2)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	do_x(f);
	f = fget(fd2); // expect: fget-leak
	if (!f)
		return -EBADF;
	fput(f);
	return 0;
}

/* positive block: installed on one branch, nothing on the other */
int dup_leak(unsigned int fildes)
{
	int ret = -EBADF;
	struct file *file = fget_raw(fildes);

	if (file) {
		ret = get_unused_fd_flags(0);
		if (ret >= 0)
			fd_install(ret, file);
	}
	return ret; // expect: fget-leak
}

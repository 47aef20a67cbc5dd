// The fixed forms of fget-owned.c: nothing to report.
int or_ok(int fd)
{
	struct file *f = fget_raw(fd);

	if (!f)
		return -EBADF;
	if (bad(f)) {
		fput(f);
		return -EINVAL;
	}
	fput(f);
	return 0;
}

int inst_ok(struct ctx *ctx)
{
	struct file *file;
	int ret;

	file = anon_inode_getfile("x", &fops, ctx, O_RDWR);
	if (IS_ERR(file))
		return PTR_ERR(file);
	ret = my_install_fd(ctx, file);
	if (ret < 0) {
		fput(file);
		return ret;
	}
	return ret;
}

static struct socket *get_sock_ok(struct dev *d, unsigned long fd, int *err)
{
	struct socket *sock;

	*err = 0;
	sock = sockfd_lookup(fd, err);
	if (!sock)
		return NULL;
	if (sock->ops->shutdown == sock_no_shutdown) {
		*err = -EINVAL;
		sockfd_put(sock);
		return NULL;
	}
	return sock;
}

long ub_create_ok(struct head *head)
{
	struct dma_buf *buf;
	int ret;

	buf = dma_buf_export(&exp_info);
	if (IS_ERR(buf)) {
		ret = PTR_ERR(buf);
		goto err;
	}
	ret = dma_buf_fd(buf, 0);
	if (ret < 0)
		dma_buf_put(buf);
	return ret;
err:
	return ret;
}

static int create_dev_ok(struct kvm *kvm, struct dev *dev)
{
	int ret;

	kvm_get_kvm(kvm);
	ret = anon_inode_getfd("d", &dev_fops, dev, O_RDWR);
	if (ret < 0) {
		kvm_put_kvm(kvm);
		return ret;
	}
	return ret;
}

int loop_ok(int *fds, int n)
{
	struct file *f;
	int i;

	for (i = 0; i < n; i++) {
		f = fget(fds[i]);
		if (!f)
			continue;
		do_x(f);
		fput(f);
	}
	return 0;
}

int dup_ok(unsigned int fildes)
{
	int ret = -EBADF;
	struct file *file = fget_raw(fildes);

	if (file) {
		ret = get_unused_fd_flags(0);
		if (ret >= 0)
			fd_install(ret, file);
		else
			fput(file);
	}
	return ret;
}

/* scope-based cleanup puts it */
static void autoput(struct ep *ep, int fd)
{
	struct file *file __free(fput) = NULL;

	file = fget(fd);
	if (!file)
		return;
	spin_lock(&file->f_lock);
	remove_file(ep, file);
}

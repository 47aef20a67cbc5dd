// [fd-installed]: unwinding a file after it was published in the fd table.
int inst_dmabuf(struct dev *d, void __user *argp)
{
	struct req r;

	r.fd = dma_buf_fd(d->dmabuf, O_CLOEXEC);
	if (r.fd < 0) {
		dma_buf_put(d->dmabuf);
		return -EINVAL;
	}
	if (copy_to_user(argp, &r, sizeof(r))) {
		dma_buf_put(d->dmabuf); // expect: fd-installed
		return -EFAULT;
	}
	return 0;
}

int inst_anon(struct dev *d, int __user *ival)
{
	struct priv *ib = kzalloc(sizeof(*ib), GFP_KERNEL);
	int fd, ret;

	if (!ib)
		return -ENOMEM;
	fd = anon_inode_getfd("dev:x", &x_fops, ib, O_RDWR);
	if (fd < 0) {
		ret = fd;
		goto free_ib;
	}
	if (copy_to_user(ival, &fd, sizeof(fd))) {
		put_unused_fd(fd); // expect: fd-installed
		ret = -EFAULT;
		goto free_ib;
	}
	return 0;
free_ib:
	kfree(ib);
	return ret;
}

int inst_file(struct dev *d, int __user *ufd)
{
	struct file *file;
	int fd = get_unused_fd_flags(O_CLOEXEC);

	if (fd < 0)
		return fd;
	file = anon_inode_getfile("dev:y", &y_fops, d, O_RDWR);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	fd_install(fd, file);
	if (put_user(fd, ufd)) {
		fput(file); // expect: fd-installed
		return -EFAULT;
	}
	return 0;
}

/* a count the file's release drops, taken after the install */
int late_count(struct file *file)
{
	int fd = get_unused_fd_flags(O_CLOEXEC);

	if (fd < 0)
		return fd;
	fd_install(fd, file);
	atomic_inc(&users); // expect: fd-installed
	return fd;
}

/* dma_buf_fd() publishes the dma-buf; its release drops the ctx */
int late_ctx_get(struct hdmabuf *h, int flags)
{
	int fd = dma_buf_fd(h->dmabuf, flags);

	if (fd < 0)
		return fd;
	h->ctx = ctx;
	hl_ctx_get(h->ctx); // expect: fd-installed
	return fd;
}

/* the reference is taken by a callee (summary "refgetter") */
void hold_fence(struct holder *h, struct dma_fence *fence)
{
	if (fence)
		dma_fence_get(fence);
	h->fence = fence;
}

int late_callee_get(struct holder *h, struct sync_file *sf, struct dma_fence *fence, int fd)
{
	fd_install(fd, sf->file);
	hold_fence(h, fence); // expect: fd-installed
	return fd;
}

/* the release of late_count()'s file drops the count */
static int users_release(struct inode *inode, struct file *file)
{
	atomic_dec(&users);
	return 0;
}

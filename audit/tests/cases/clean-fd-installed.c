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

int count_first(struct file *file)
{
	int fd = get_unused_fd_flags(O_CLOEXEC);

	if (fd < 0)
		return fd;
	atomic_inc(&users);
	fd_install(fd, file);
	return fd;
}

int ctx_get_first(struct hdmabuf *h, int flags)
{
	int fd;

	h->ctx = ctx;
	hl_ctx_get(h->ctx);
	fd = dma_buf_fd(h->dmabuf, flags);
	if (fd < 0) {
		hl_ctx_put(h->ctx);
		return fd;
	}
	return fd;
}

void keep_fence(struct holder *h, struct dma_fence *fence)
{
	if (fence)
		dma_fence_get(fence);
	h->fence = fence;
}

int callee_get_first(struct holder *h, struct sync_file *sf, struct dma_fence *fence, int fd)
{
	keep_fence(h, fence);
	fd_install(fd, sf->file);
	return fd;
}

/* a counter that the file's release does not drop */
int online_count(struct kvm *kvm, struct vcpu *vcpu)
{
	int r = anon_inode_getfd("kvm-vcpu", &vcpu_fops, vcpu, O_CLOEXEC);

	if (r < 0)
		return r;
	atomic_inc(&kvm->online_vcpus);
	return r;
}

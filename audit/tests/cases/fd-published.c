// Work done on a file after it was published in the fd table
// (fd-published): a racing close() may free it, and an error return that
// unwinds tears down what the live fd refers to.
struct widget_args {
	int fd;
	unsigned int flags;
};

int widget_open(struct widget *w, struct widget_args __user *uarg)
{
	struct widget_args args = {};
	struct file *file;
	int fd;

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;
	file = anon_inode_getfile("widget", &widget_fops, w, O_RDWR);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	fd_install(fd, file);
	file->f_mode |= FMODE_LSEEK; // expect: fd-published
	args.fd = fd;
	if (copy_to_user(uarg, &args, sizeof(args))) {
		widget_free(w);
		return -EFAULT; // expect: fd-published
	}
	return 0;
}

int widget_export(struct widget *w, struct widget_args __user *uarg)
{
	struct widget_args args = {};
	struct dma_buf *dmabuf;
	int ret;

	dmabuf = widget_dmabuf(w);
	if (IS_ERR(dmabuf))
		return PTR_ERR(dmabuf);
	args.fd = dma_buf_fd(dmabuf, O_CLOEXEC);
	if (args.fd < 0) {
		dma_buf_put(dmabuf);
		return args.fd;
	}
	widget_track(w, dmabuf); // expect: fd-published
	ret = copy_to_user(uarg, &args, sizeof(args));
	if (ret) {
		ret = -EFAULT;
		goto out;
	}
	return 0;
out:
	widget_remove(w, dmabuf);
	return ret; // expect: fd-published
}

int widget_getfd(struct widget *w, int __user *ufd)
{
	int fd = anon_inode_getfd("widget", &widget_fops, w, O_RDWR);

	if (fd < 0)
		return fd;
	if (put_user(fd, ufd)) {
		close_fd(fd);
		return -EFAULT; // expect: fd-published
	}
	return 0;
}

// the fd's variable is reused for the error code, and the object the
// live fd refers to is destroyed on the way out
int widget_vcpu(struct widget *w)
{
	int r;

	r = anon_inode_getfd("widget-vcpu", &widget_fops, w, O_RDWR);
	if (r < 0)
		goto out;
	if (widget_check(w)) {
		r = -EINVAL;
		goto destroy;
	}
	return r;
destroy:
	widget_destroy(w);
out:
	return r; // expect: fd-published
}

// an error pointer returned after the install, through the unwind labels
struct widget *widget_clone(struct widget *w, int __user *ufd)
{
	struct widget *n = widget_alloc(w);
	int fd, err;

	if (!n)
		return ERR_PTR(-ENOMEM);
	fd = anon_inode_getfd("widget", &widget_fops, n, O_RDWR);
	if (fd < 0) {
		err = fd;
		goto free;
	}
	err = put_user(fd, ufd);
	if (err)
		goto close;
	return n;
close:
	close_fd(fd);
free:
	widget_free(n);
	return ERR_PTR(err); // expect: fd-published
}

// Rule 1: leaks.
int leak_error_path(int fd)
{
	struct fd f = fdget(fd);
	int ret;

	if (!f.file)
		return -EBADF;
	ret = check(f.file);
	if (ret)
		return ret; // expect: leak
	fdput(f);
	return 0;
}

int leak_goto(int fd, int x)
{
	struct fd f;	// expect: shape
	int ret = -EBADF;

	f = fdget(fd);
	if (!f.file)
		goto out;
	if (x)
		goto out;
	ret = use(f.file);
	fdput(f);
out:
	return ret; // expect: leak
}

int leak_positive_block(int fd)
{
	struct fd f = fdget(fd);
	int ret = -EBADF;

	if (f.file) {
		ret = use(f.file);
		if (ret)
			return 1; // expect: leak
		fdput(f);
	}
	return ret;
}

int leak_untested(int fd, void __user *arg)
{
	struct fd f = fdget(fd);
	struct args a;

	if (copy_from_user(&a, arg, sizeof(a)))
		return -EFAULT; // expect: leak
	if (!f.file)
		return -EBADF;
	fdput(f);
	return 0;
}

static ssize_t ovl_read_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	struct file *file = iocb->ki_filp;
	struct fd real;	// expect: shape
	ssize_t ret;

	ret = ovl_real_fdget(file, &real); // expect: shape
	if (ret)
		return ret;
	if (!iov_iter_count(iter))
		return 0; // expect: leak
	ret = vfs_iter_read(real.file, iter, &iocb->ki_pos, 0);
	fdput(real);
	return ret;
}

ssize_t read_file_from_fd_bad(int fd, void **buf)
{
	struct fd f = fdget(fd);

	if (!f.file || !(f.file->f_mode & FMODE_READ))
		return -EBADF; // expect: leak
	return kernel_read_file(f.file, buf); // expect: leak
}

ssize_t read_file_from_fd_bad2(int fd, void **buf)
{
	struct fd f = fdget(fd);
	ssize_t ret;

	if (unlikely(!f.file) || !(f.file->f_mode & FMODE_READ) || !buf) {
		ret = -EBADF;
		return ret; // expect: leak
	}
	ret = kernel_read_file(f.file, buf);
	fdput(f);
	return ret;
}

/* Debian 6.1.192 fs/overlayfs/file.c: get_file() plus "real.flags = 0" */
static ssize_t ovl_read_iter_aio(struct kiocb *iocb, struct iov_iter *iter)
{
	struct fd real;	// expect: shape
	struct ovl_aio_req *aio_req;
	ssize_t ret;

	ret = ovl_real_fdget(iocb->ki_filp, &real); // expect: shape
	if (ret)
		return ret;
	ret = -ENOMEM;
	aio_req = kmem_cache_zalloc(ovl_aio_request_cachep, GFP_KERNEL);
	if (!aio_req)
		goto out;
	real.flags = 0; // expect: leak shape
	kiocb_clone(&aio_req->iocb, iocb, get_file(real.file));
	ret = vfs_iocb_iter_read(real.file, &aio_req->iocb, iter);
	ovl_aio_put(aio_req);
out:
	fdput(real);
	return ret;
}

/* the same bug after the 6.1 port's patch 0006 (struct fderr) */
struct fderr {
	struct file *file;
	bool cloned;
};

static ssize_t ovl_write_iter_fderr(struct kiocb *iocb, struct iov_iter *iter)
{
	struct fderr real = ovl_real_fdget(iocb->ki_filp);
	struct ovl_aio_req *aio_req;
	ssize_t ret;

	if (fderr_error(real))
		return fderr_error(real);
	aio_req = kmem_cache_zalloc(ovl_aio_request_cachep, GFP_KERNEL);
	real.cloned = false; // expect: leak
	kiocb_clone(&aio_req->iocb, iocb, get_file(fderr_file(real)));
	ret = vfs_iocb_iter_write(fderr_file(real), &aio_req->iocb, iter);
	fderr_put(real);
	return ret;
}

/* one-word struct fd: dropping FDPUT_FPUT by hand */
static long drop_ref(int fd)
{
	struct fd f = fdget(fd);

	if (fd_empty(f))
		return -EBADF;
	f.word &= ~FDPUT_FPUT; // expect: leak shape
	fdput(f);
	return 0;
}

/* the emptiness test under unlikely(), or against NULL */
static long rm_watch(int fd, int wd)
{
	struct fd f = fdget(fd);
	int ret = -EINVAL;

	if (unlikely(!f.file))
		return -EBADF;
	if (unlikely(f.file->f_op != &watch_fops))
		goto out;
	ret = watch_remove(f.file->private_data, wd);
out:
	return ret; // expect: leak
}

static long set_dev(int fd)
{
	struct fd f = fdget(fd);
	long ret;

	if (f.file == NULL)
		return -EBADF;
	ret = dev_attach(file_inode(f.file));
	return ret; // expect: leak
}

/* filled through a pointer; the result variable reused by a later test */
static loff_t copy_range(struct file *file_in, struct file *file_out)
{
	struct fd real_in, real_out; // expect: shape
	loff_t ret;

	ret = ovl_real_fdget(file_out, &real_out); // expect: shape
	if (ret)
		goto out_unlock;
	ret = ovl_real_fdget(file_in, &real_in); // expect: shape
	if (ret)
		goto out_unlock;
	ret = do_copy_range(real_in.file, real_out.file);
	fdput(real_in);
	fdput(real_out);
out_unlock:
	return ret; // expect: leak
}

/* filled through a pointer, the result variable reused, put on every path */
static loff_t copy_range_put(struct file *file_in, struct file *file_out)
{
	struct fd real_out = EMPTY_FD;
	loff_t ret;

	ret = ovl_real_fdget(file_out, &real_out); // expect: shape
	if (ret)
		return ret;
	ret = check_range(file_in);
	if (ret)
		goto out;
	ret = do_copy_range(real_out.file);
out:
	fdput(real_out);
	return ret;
}

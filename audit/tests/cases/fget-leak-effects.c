// Ownership effects computed from the bodies, not guessed from names.
// A callee named like a hand-off ("..._attach_check") that only
// dereferences its pointer parameter borrows it (summary "pborrow"): the
// reference is still the caller's after the call.  A callee that stores
// what fget() returned into a member of an object its caller passed
// (summary "acqout") gives the caller a reference to release with the
// function that puts that member (summary "outrel").
struct desc {
	struct file *fp;
	int mode;
};

static int file_attach_check(const struct file *file, int type)
{
	if (!file->private_data)
		return -EINVAL;
	return file->f_mode & type ? 0 : -EPERM;
}

static int file_attach(struct holder *h, struct file *file)
{
	h->file = file;
	return 0;
}

int attach_by_fd(struct holder *h, int fd, int type)
{
	struct file *file = fget(fd);
	int err;

	if (!file)
		return -EBADF;
	err = file_attach_check(file, type);
	if (err)
		return err; // expect: fget-leak
	err = file_attach(h, file);
	if (err)
		fput(file);
	return err;
}

static int get_desc(int fd, struct desc *cd)
{
	struct file *fp = fget(fd);
	int err = -EINVAL;

	if (!fp)
		return -EBADF;
	if (!fp->private_data)
		goto out;
	cd->fp = fp;
	cd->mode = fp->f_mode;
	err = 0;
out:
	if (err)
		fput(fp);
	return err;
}

static void put_desc(struct desc *cd)
{
	fput(cd->fp);
}

int desc_settime(int fd, int valid)
{
	struct desc cd;
	int err;

	err = get_desc(fd, &cd);
	if (err)
		return err;
	if (!valid)
		return -EINVAL; // expect: fget-leak
	err = do_settime(cd.fp);
	put_desc(&cd);
	return err;
}

// a reference taken with get_file() on one branch, its non-NULL block
// left without a put
ssize_t redirected_write(struct kiocb *iocb, struct iov_iter *iter)
{
	struct file *p = NULL;

	spin_lock(&redirect_lock);
	if (redirect)
		p = get_file(redirect);
	spin_unlock(&redirect_lock);

	if (p) {
		ssize_t res;

		res = file_tty_write(p, iocb, iter);
		return res; // expect: fget-leak
	}
	return tty_write(iocb, iter);
}

// a setter that keeps its pointer only when the lookup it does succeeds
struct afu_irq {
	void *private;
};

int irq_set_handler(struct ctx *ctx, int id, void *private)
{
	struct afu_irq *irq = idr_find(&ctx->irq_idr, id);

	if (!irq)
		return -EINVAL;
	irq->private = private;
	return 0;
}

long afu_set_irq_fd(struct ctx *ctx, int id, int fd)
{
	struct file *file = fget(fd);
	long rc;

	if (!file)
		return -EBADF;
	rc = irq_set_handler(ctx, id, file); // expect: fget-leak
	return rc;
}

// an owner that returns its lookup's result when it is not NULL
// ("return file ?: ERR_PTR(-EBADF)") is an owner like one that returns
// it plainly: its caller holds a reference
static struct file *task_fget_checked(struct task_struct *task, int fd)
{
	struct file *file = NULL;

	if (may_access(task))
		file = fget_task(task, fd);
	return file ?: ERR_PTR(-EBADF);
}

int task_fd_mode(struct task_struct *task, int fd)
{
	struct file *file = task_fget_checked(task, fd);

	if (IS_ERR(file))
		return PTR_ERR(file);
	return file->f_mode; // expect: fget-leak
}

// a callee that installs a new reference (fd_install(fd, get_file(file)))
// borrows its parameter: the caller still holds its own
static int install_copy(struct file *file, unsigned int flags)
{
	int fd = get_unused_fd_flags(flags);

	if (fd < 0)
		return fd;
	fd_install(fd, get_file(file));
	return fd;
}

int dup_from_fd(int ufd)
{
	struct file *file = fget(ufd);
	int ret;

	if (!file)
		return -EBADF;
	ret = install_copy(file, O_CLOEXEC);
	return ret; // expect: fget-leak
}

// get_file() called on a local: the local holds one more reference, to
// put once the work it was taken for is done
long range_punch(struct vm_area_struct *vma, loff_t off, loff_t len)
{
	struct file *f = vma->vm_file;
	long error;

	if (!f)
		return -EBADF;
	get_file(f);
	mmap_read_unlock(current->mm);
	error = vfs_fallocate(f, FALLOC_FL_PUNCH_HOLE, off, len);
	return error; // expect: fget-leak
}

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

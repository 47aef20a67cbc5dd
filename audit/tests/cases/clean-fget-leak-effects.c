// The same effects used right: a borrowing check before a storing
// attach, an object filled by an acquiring callee released on every exit
// or handed on whole.
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
	if (!err)
		err = file_attach(h, file);
	if (err)
		fput(file);
	return err;
}

static int get_desc(int fd, struct desc *cd)
{
	struct file *fp = fget(fd);

	if (!fp)
		return -EBADF;
	cd->fp = fp;
	cd->mode = fp->f_mode;
	return 0;
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
	if (!valid) {
		err = -EINVAL;
		goto out;
	}
	err = do_settime(cd.fp);
out:
	put_desc(&cd);
	return err;
}

int desc_keep(struct holder *h, int fd)
{
	struct desc cd;
	int err;

	err = get_desc(fd, &cd);
	if (err)
		return err;
	h->desc = cd;
	return 0;
}

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
		fput(p);
		return res;
	}
	return tty_write(iocb, iter);
}

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
	rc = irq_set_handler(ctx, id, file);
	if (rc)
		fput(file);
	return rc;
}

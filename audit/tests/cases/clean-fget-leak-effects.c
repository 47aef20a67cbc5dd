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

// an owner returning "file ?: ERR_PTR(-EBADF)", its result put by the caller
static struct file *task_fget_or_err(struct task_struct *task, int fd)
{
	struct file *file = fget_task(task, fd);

	return file ?: ERR_PTR(-EBADF);
}

int task_fd_flags(struct task_struct *task, int fd)
{
	struct file *file = task_fget_or_err(task, fd);
	int flags;

	if (IS_ERR(file))
		return PTR_ERR(file);
	flags = file->f_flags;
	fput(file);
	return flags;
}

// a callee taking its own reference to install: the caller puts its own
static int install_ref(struct file *file, unsigned int flags)
{
	int fd = get_unused_fd_flags(flags);

	if (fd >= 0)
		fd_install(fd, get_file(file));
	return fd;
}

int dup_from_fd_put(int ufd)
{
	struct file *file = fget(ufd);
	int ret;

	if (!file)
		return -EBADF;
	ret = install_ref(file, O_CLOEXEC);
	fput(file);
	return ret;
}

// a callee that installs the file it is given keeps it: no put after
static int install_this(struct file *file, unsigned int flags)
{
	int fd = get_unused_fd_flags(flags);

	if (fd >= 0)
		fd_install(fd, file);
	return fd;
}

int install_from_fd(int ufd)
{
	struct file *file = fget(ufd);
	int ret;

	if (!file)
		return -EBADF;
	ret = install_this(file, O_CLOEXEC);
	if (ret < 0)
		fput(file);
	return ret;
}

// get_file() on a local, put after the work, or stored, or returned
long range_sync(struct vm_area_struct *vma, loff_t off, loff_t len)
{
	struct file *f = vma->vm_file;
	long error;

	if (!f)
		return -EBADF;
	get_file(f);
	mmap_read_unlock(current->mm);
	error = vfs_fsync_range(f, off, off + len, 1);
	fput(f);
	return error;
}

void vma_use_file(struct vm_area_struct *vma, struct file *file)
{
	get_file(file);
	vma->vm_file = file;
}

struct file *file_of_vma(struct vm_area_struct *vma)
{
	struct file *file = vma->vm_file;

	get_file(file);
	return file;
}

// the object holding the file returned: its reference goes with it
struct sync_obj *sync_obj_fdget(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return NULL;
	if (file->f_op != &sync_obj_fops) {
		fput(file);
		return NULL;
	}
	return file->private_data;
}

// a reference taken for a copy stored just before
int storage_set_file(struct storage *st, struct file *file)
{
	st->file = file;
	if (file) {
		get_file(file);
		vfs_fsync(file, 1);
	}
	return 0;
}

// a reference taken for a store done with xchg() / WRITE_ONCE()
int set_exe_file(struct mm_struct *mm, struct file *new_exe_file)
{
	struct file *old_exe_file;

	get_file(new_exe_file);
	old_exe_file = xchg(&mm->exe_file, new_exe_file);
	if (old_exe_file)
		fput(old_exe_file);
	return 0;
}

int slot_bind(struct slot *slot, int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	WRITE_ONCE(slot->file, file);
	return 0;
}

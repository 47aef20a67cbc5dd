// Clean: the usual 6.1 shapes, no finding expected.
long do_fsync(unsigned int fd, int datasync)
{
	struct fd f = fdget(fd);
	int ret = -EBADF;

	if (f.file) {
		ret = vfs_fsync(f.file, datasync);
		fdput(f);
	}
	return ret;
}

long ksys_ioctl(unsigned int fd, unsigned int cmd)
{
	struct fd f = fdget(fd);
	int error;

	if (!f.file)
		return -EBADF;

	error = security_file_ioctl(f.file, cmd);
	if (error)
		goto out;

	error = vfs_ioctl(f.file, cmd);
out:
	fdput(f);
	return error;
}

long ksys_readahead(int fd, long offset, int count)
{
	struct fd f = fdget_pos(fd);
	long ret = -EBADF;

	if (fd_empty(f))
		return ret;
	if (!(f.file->f_mode & FMODE_READ)) {
		ret = -EBADF;
		goto out;
	}
	ret = vfs_fadvise(f.file, offset, count);
out:
	fdput_pos(f);
	return ret;
}

int uverbs_open_xrcd(int fd, int create)
{
	struct fd f = fdget(fd);
	int ret = 0;

	if (!f.file)
		return -EBADF;
	if (!create) {
		ret = -EAGAIN;
		goto err;
	}
	ret = insert(file_inode(f.file));
err:
	if (f.file)
		fdput(f);
	return ret;
}

ssize_t kernel_read_file_from_fd(int fd, void **buf)
{
	struct fd f = fdget(fd);
	ssize_t ret = -EBADF;

	if (!f.file || !(f.file->f_mode & FMODE_READ))
		goto out;
	ret = kernel_read_file(f.file, buf);
out:
	fdput(f);
	return ret;
}

/* the emptiness test under unlikely(), or against NULL, then a put */
static long rm_watch_put(int fd, int wd)
{
	struct fd f = fdget(fd);
	int ret = -EINVAL;

	if (unlikely(!f.file))
		return -EBADF;
	if (unlikely(f.file->f_op != &watch_fops))
		goto out;
	ret = watch_remove(f.file->private_data, wd);
out:
	fdput(f);
	return ret;
}

static long set_dev_put(int fd)
{
	struct fd f = fdget(fd);
	long ret;

	if (f.file == NULL)
		return -EBADF;
	ret = dev_attach(file_inode(f.file));
	fdput(f);
	return ret;
}

// Clean fget users: put on every path, or handed off.
int fget_ok(int fd)
{
	struct file *file = fget(fd);
	int ret;

	if (!file)
		return -EBADF;
	ret = -EINVAL;
	if (!is_ok(file))
		goto out;
	ret = do_x(file);
out:
	fput(file);
	return ret;
}

int fget_stored(struct ctx *ctx, int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	ctx->file = file;
	return 0;
}

struct file *fget_returned(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return ERR_PTR(-EBADF);
	if (!is_ok(file)) {
		fput(file);
		return ERR_PTR(-EINVAL);
	}
	return file;
}

int fget_installed(int fd)
{
	struct file *file = fget(fd);
	int nfd;

	if (!file)
		return -EBADF;
	nfd = get_unused_fd_flags(0);
	if (nfd < 0) {
		fput(file);
		return nfd;
	}
	fd_install(nfd, file);
	return nfd;
}

/* the callee tests the file for NULL itself (summary "fnullok") */
bool file_is_mine(struct file *file)
{
	return file && file->f_op == &my_fops;
}

int move_from(unsigned int source_fd)
{
	struct file *src = fget(source_fd);
	int ret = 0;

	if (!file_is_mine(src)) {
		ret = -EBADF;
		goto out;
	}
	use(src->private_data);
out:
	if (src)
		fput(src);
	return ret;
}

// the non-NULL block of an if with an else branch puts it
int exe_path_of_ok(struct task_struct *task, struct path *path)
{
	struct file *exe_file;

	exe_file = get_task_exe_file(task);
	if (exe_file) {
		*path = exe_file->f_path;
		path_get(&exe_file->f_path);
		fput(exe_file);
		return 0;
	} else
		return -ENOENT;
}

// acquired on one branch only; the put is in a later test of the pointer
int fget_one_branch(int fd, int want)
{
	struct file *file = NULL;
	int ret = 0;

	if (want) {
		file = fget(fd);
		if (!file)
			return -EBADF;
		ret = do_x(file);
	}
	do_y();
	if (file) {
		pr_debug("done\n");
		fput(file);
	}
	return ret;
}

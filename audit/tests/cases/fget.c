// fget rule set.
int fget_leak(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	if (!is_ok(file))
		return -EINVAL; // expect: fget-leak
	do_x(file);
	fput(file);
	return 0;
}

int fget_bad(int fd)
{
	struct file *file = fget(fd);
	int m = file->f_mode; // expect: fget-null-deref

	fput(file);
	fput(file); // expect: fget-double-put fget-use-after-put
	return m;
}

int fget_uap(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	fput(file);
	return file->f_mode; // expect: fget-use-after-put
}

struct file *fget_unchecked_cond(int fd)
{
	struct file *file = fget(fd);

	if (file->f_op != &ns_file_operations) // expect: fget-null-deref
		goto out_invalid;
	return file;
out_invalid:
	fput(file);
	return ERR_PTR(-EINVAL);
}

/* the variable's name is not the struct's tag */
int fget_leak_named(int fd)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	if (!is_ok(f))
		return -EINVAL; // expect: fget-leak
	fput(f);
	return 0;
}

int fget_unchecked_named(int fd)
{
	struct file *src = fget_raw(fd);
	int m = src->f_flags; // expect: fget-null-deref

	fput(src);
	return m;
}

/* kept in a field, or not kept at all */
struct fctx {
	struct file *file;
};

int fget_field_unchecked(struct fctx *c, int fd)
{
	c->file = fget(fd);
	return c->file->f_flags; // expect: fget-null-deref
}

int fget_field_passed(struct fctx *c, int fd)
{
	c->file = fget(fd);
	return do_x(c->file); // expect: unchecked-pass
}

int fget_direct(int fd)
{
	return do_x(fget(fd)); // expect: unchecked-pass
}

// the non-NULL block of an if that has an else branch
int exe_path_of(struct task_struct *task, struct path *path)
{
	struct file *exe_file;

	exe_file = get_task_exe_file(task);
	if (exe_file) {
		*path = exe_file->f_path;
		path_get(&exe_file->f_path);
		return 0; // expect: fget-leak
	} else
		return -ENOENT;
}

// a later test of the pointer whose branch forgets the put ends no path
int fget_tested_no_put(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	do_x(file);
	if (file)
		pr_debug("done\n");
	return 0; // expect: fget-leak
}

// Rule 6: error pointers kept in a struct fd (6.1 overlayfs).
static int ovl_real_fdget(const struct file *file, struct fd *real)
{
	real->flags = 0; // expect: shape
	real->file = ovl_dir_real_file(file, false); // expect: shape
	return PTR_ERR_OR_ZERO(real->file); // expect: err-ptr
}

static int ovl_fsync(struct file *file)
{
	struct fd real;	// expect: shape
	int ret;

	ret = ovl_real_fdget(file, &real); // expect: shape
	if (ret <= 0)
		return ret;
	ret = vfs_fsync(real.file, 0);
	fdput(real);
	return ret;
}

static struct fd broken(int err)
{
	return BORROWED_FD(ERR_PTR(err)); // expect: err-ptr
}

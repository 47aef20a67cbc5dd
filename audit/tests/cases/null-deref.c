// Rule 4: f.file used before its emptiness test.
int nd(int fd)
{
	struct fd f = fdget(fd);
	struct inode *inode = file_inode(f.file); // expect: null-deref

	if (!inode)
		return -EBADF;
	fdput(f);
	return 0;
}

int nd_class(int fd)
{
	CLASS(fd, f)(fd);

	return fd_file(f)->f_mode; // expect: null-deref
}

int nd_ok(int fd)
{
	CLASS(fd, f)(fd);

	if (fd_empty(f) || !(fd_file(f)->f_mode & FMODE_READ))
		return -EBADF;
	return fd_file(f)->f_mode;
}

/* a helper that does not test it is no test */
static inline bool is_my_type(struct fd f)
{
	return fd_file(f)->f_op == &my_fops;
}

long set_output_unchecked(unsigned long arg)
{
	CLASS(fd, output)(arg);

	if (!is_my_type(output))
		return -EBADF;
	return use(fd_file(output)->private_data); // expect: null-deref
}

// Clean counterparts of fd-published.c: the install is the last step.
struct gadget_args {
	int fd;
	unsigned int flags;
};

int gadget_open(struct gadget *g, struct gadget_args __user *uarg)
{
	struct gadget_args args = {};
	struct file *file;
	int fd;

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;
	file = anon_inode_getfile("gadget", &gadget_fops, g, O_RDWR);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	file->f_mode |= FMODE_LSEEK;
	args.fd = fd;
	if (copy_to_user(uarg, &args, sizeof(args))) {
		fput(file);
		put_unused_fd(fd);
		return -EFAULT;
	}
	fd_install(fd, file);
	return 0;
}

// an own reference taken before the install keeps the file alive
int gadget_open_held(struct gadget *g)
{
	struct file *file;
	int fd;

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;
	file = anon_inode_getfile("gadget", &gadget_fops, g, O_RDWR);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	get_file(file);
	fd_install(fd, file);
	gadget_note(g, file);
	gadget_attach(g, file);
	return fd;
}

// the failure branch of the installing call installed nothing
int gadget_getfd(struct gadget *g)
{
	int fd = anon_inode_getfd("gadget", &gadget_fops, g, O_RDWR);

	if (fd < 0)
		return -ENOMEM;
	return fd;
}

// the fd is the process's once installed: failing the copy leaves it to
// the process, nothing is torn down (the accepted convention)
int gadget_export(struct gadget *g, struct gadget_args __user *uarg)
{
	struct gadget_args args = {};
	void *tmp = gadget_scratch(g);

	args.fd = anon_inode_getfd("gadget", &gadget_fops, g, O_RDWR);
	if (args.fd < 0) {
		kfree(tmp);
		return args.fd;
	}
	kfree(tmp);
	if (copy_to_user(uarg, &args, sizeof(args)))
		return -EFAULT;
	return 0;
}

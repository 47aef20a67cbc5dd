// A helper that tests the struct fd for emptiness is the test.
static inline bool is_my_file(struct fd f)
{
	return !fd_empty(f) && fd_file(f)->f_op == &my_fops;
}

long set_output(unsigned long arg)
{
	CLASS(fd, output)(arg);

	if (!is_my_file(output))
		return -EBADF;
	return use(fd_file(output)->private_data);
}

/* the BPF convention: the helper tests the struct fd and returns an error */
static inline struct bpf_map *my_map_get(struct fd f)
{
	if (!fd_file(f))
		return ERR_PTR(-EBADF);
	return fd_file(f)->private_data;
}

long update_elem(unsigned int ufd)
{
	CLASS(fd, f)(ufd);
	struct bpf_map *map = my_map_get(f);

	if (IS_ERR(map))
		return PTR_ERR(map);
	return update_value(map, fd_file(f));
}

/* fput() just before the return: a raw pointer, not an owner */
static struct file *raw_ptr(struct task_struct *task, unsigned int idx)
{
	struct file *file;

	file = fget_task(task, idx);
	if (file)
		fput(file);
	return file;
}

long compare(struct task_struct *t1, struct task_struct *t2)
{
	struct file *a = raw_ptr(t1, 0);

	if (!a)
		return -EBADF;
	if (a == raw_ptr(t2, 0))
		return 0;
	return 1;
}

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

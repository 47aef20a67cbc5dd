// One lookup per fd; a lookup function's other arguments (a request, a
// context) are not the fd: two calls with the same request and different
// fds are no double lookup.
struct file *req_file(struct req *req, int fd)
{
	return fget(fd);
}

int two_files(struct req *req, int fd_in, int fd_out)
{
	struct file *in = req_file(req, fd_in);
	struct file *out;

	if (!in)
		return -EBADF;
	out = req_file(req, fd_out);
	if (!out) {
		fput(in);
		return -EBADF;
	}
	work(in, out);
	fput(out);
	fput(in);
	return 0;
}

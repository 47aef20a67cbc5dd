// An fget() result stored straight into a field whose reader is in
// another function: if no code of the file ever tests that field for
// NULL, the NULL of a failed lookup goes out unseen (coda's
// outp->fh = fget(outp->fd)).  A field the file tests is fine.
struct open_out {
	int fd;
	struct file *fh;
};

struct open_out2 {
	int fd;
	struct file *fh2;
};

void reply_open(struct open_out *outp)
{
	if (!outp->fd_valid)
		return;
	outp->fh = fget(outp->fd); // expect: fget-null-deref
}

void reply_open2(struct open_out2 *outp)
{
	outp->fh2 = fget(outp->fd);
}

int use_open2(struct open_out2 *outp)
{
	if (!outp->fh2)
		return -EBADF;
	return vfs_fsync(outp->fh2, 0);
}

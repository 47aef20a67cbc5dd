// The same helper convention used right: on the helper's failure the
// caller does not put f; on success it does.
struct thing2 *thing2_get(struct fd f)
{
	if (!f.file)
		return ERR_PTR(-EBADF);
	if (f.file->f_op != &thing2_fops) {
		fdput(f);
		return ERR_PTR(-EINVAL);
	}
	return f.file->private_data;
}

int use_thing2(int ufd)
{
	struct fd f = fdget(ufd);
	struct thing2 *t;

	t = thing2_get(f);
	if (IS_ERR(t))
		return PTR_ERR(t);
	work(t);
	fdput(f);
	return 0;
}

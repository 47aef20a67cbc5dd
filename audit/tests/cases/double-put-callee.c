// Rule 2: a helper that puts the struct fd it is given on its error path
// (summary "fdputs"); the caller puts it again after the helper failed
// (8358b02bf67d, CVE-2016-4557).
struct thing *thing_get(struct fd f)
{
	if (!f.file)
		return ERR_PTR(-EBADF);
	if (f.file->f_op != &thing_fops) {
		fdput(f);
		return ERR_PTR(-EINVAL);
	}
	return f.file->private_data;
}

int use_thing(int ufd)
{
	struct fd f = fdget(ufd);
	struct thing *t = thing_get(f);

	if (IS_ERR(t)) {
		pr_err("fd %d is no thing\n", ufd);
		fdput(f); // expect: double-put
		return PTR_ERR(t);
	}
	work(t);
	fdput(f);
	return 0;
}

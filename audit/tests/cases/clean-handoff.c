// Clean: a struct fd handed off to the caller, no finding expected.
static struct fd fdget_checked(int fd)
{
	struct fd f = fdget(fd);

	if (!f.file)
		return f;
	if (!is_our_file(f.file)) {
		fdput(f);
		return (struct fd){ NULL, 0 };
	}
	return f;
}

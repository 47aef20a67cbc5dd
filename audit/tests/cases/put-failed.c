// The put of a lookup that failed (fget-put-failed): on the path where the
// result was found to be an error pointer or NULL, it reaches its release.
// struct sprocket's lookup and release are made up here (the pair is
// inferred), and sprocket_put() dereferences its parameter untested.
struct sprocket {
	struct kref ref;
	int armed;
};

static void sprocket_gone(struct kref *ref)
{
	kfree(container_of(ref, struct sprocket, ref));
}

struct sprocket *sprocket_lookup(int fd)
{
	struct file *file = fget(fd);
	struct sprocket *sp;

	if (!file)
		return ERR_PTR(-EBADF);
	sp = file->private_data;
	kref_get(&sp->ref);
	fput(file);
	return sp;
}

void sprocket_put(struct sprocket *sp)
{
	kref_put(&sp->ref, sprocket_gone);
}

// an error pointer is not NULL: "if (sp)" lets it through
int sprocket_arm(int fd, int how)
{
	struct sprocket *sp = NULL;
	int ret;

	if (how) {
		sp = sprocket_lookup(fd);
		if (IS_ERR(sp)) {
			ret = PTR_ERR(sp);
			goto out;
		}
	}
	ret = sprocket_use(sp, how);
out:
	if (sp)
		sprocket_put(sp); // expect: fget-put-failed
	return ret;
}

int sprocket_disarm(int fd)
{
	struct sprocket *sp = sprocket_lookup(fd);

	if (IS_ERR(sp)) {
		sprocket_put(sp); // expect: fget-put-failed
		return PTR_ERR(sp);
	}
	sp->armed = 0;
	sprocket_put(sp);
	return 0;
}

int file_peek(int fd, char *buf)
{
	struct file *file;
	int ret = -EBADF;

	file = fget(fd);
	if (!file)
		goto out;
	ret = kernel_read(file, buf, 8, NULL);
out:
	fput(file); // expect: fget-put-failed
	return ret;
}

int file_probe(const char *name)
{
	struct file *file;
	int ret;

	file = filp_open(name, O_RDONLY, 0);
	if (IS_ERR(file))
		goto fail;
	ret = vfs_fsync(file, 0);
	fput(file);
	return ret;
fail:
	fput(file); // expect: fget-put-failed
	return PTR_ERR(file);
}

// Clean counterparts of put-failed.c: the failed lookup never reaches a
// release that would dereference it.
struct cog {
	struct kref ref;
	int turns;
};

static void cog_gone(struct kref *ref)
{
	kfree(container_of(ref, struct cog, ref));
}

struct cog *cog_lookup(int fd)
{
	struct file *file = fget(fd);
	struct cog *c;

	if (!file)
		return NULL;
	c = file->private_data;
	kref_get(&c->ref);
	fput(file);
	return c;
}

// tests its parameter: NULL is fine (an error pointer is not)
void cog_put(struct cog *c)
{
	if (!c)
		return;
	kref_put(&c->ref, cog_gone);
}

int cog_turn(int fd)
{
	struct cog *c = cog_lookup(fd);
	int ret = -EBADF;

	if (!c)
		goto out;
	c->turns++;
	ret = 0;
out:
	cog_put(c);
	return ret;
}

int cog_spin(int fd)
{
	struct cog *c = cog_lookup(fd);

	if (!c)
		return -EBADF;
	c->turns += 2;
	cog_put(c);
	return 0;
}

// the error pointer is cleared before the shared exit
int file_open_clear(const char *name)
{
	struct file *file;
	int ret;

	file = filp_open(name, O_RDONLY, 0);
	if (IS_ERR(file)) {
		ret = PTR_ERR(file);
		file = NULL;
		goto out;
	}
	ret = vfs_fsync(file, 0);
out:
	if (file)
		fput(file);
	return ret;
}

// the exit tests the pointer again
int file_open_retest(const char *name)
{
	struct file *file;
	int ret = 0;

	file = filp_open(name, O_RDONLY, 0);
	if (IS_ERR(file))
		goto out;
	ret = vfs_fsync(file, 0);
out:
	if (!IS_ERR(file))
		fput(file);
	return ret;
}

int file_peek_tested(int fd, char *buf)
{
	struct file *file;
	int ret = -EBADF;

	file = fget(fd);
	if (!file)
		goto out;
	ret = kernel_read(file, buf, 8, NULL);
out:
	if (file)
		fput(file);
	return ret;
}

// the label puts another file than the one that failed
int file_pair(int fd1, int fd2)
{
	struct file *a, *b;
	int ret = -EBADF;

	a = fget(fd1);
	if (!a)
		return -EBADF;
	b = fget(fd2);
	if (!b)
		goto put_a;
	ret = vfs_fsync(b, 0);
	fput(b);
put_a:
	fput(a);
	return ret;
}

// struct pin: its release dereferences its parameter untested
struct pin {
	struct kref ref;
	int depth;
};

static void pin_gone(struct kref *ref)
{
	kfree(container_of(ref, struct pin, ref));
}

struct pin *pin_lookup(int fd)
{
	struct file *file = fget(fd);
	struct pin *pn;

	if (!file)
		return ERR_PTR(-EBADF);
	pn = file->private_data;
	kref_get(&pn->ref);
	fput(file);
	return pn;
}

void pin_put(struct pin *pn)
{
	kref_put(&pn->ref, pin_gone);
}

int pin_depth(int fd)
{
	struct pin *pn = pin_lookup(fd);
	int depth;

	if (IS_ERR(pn))
		return PTR_ERR(pn);
	depth = pn->depth;
	pin_put(pn);
	return depth;
}

// the put at the shared exit is guarded by a flag set once the lookup
// succeeded (rtnl_net_getid()'s fillargs.add_ref)
int pin_pair(int fd1, int fd2)
{
	struct pin *a, *b = NULL;
	bool have_b = false;
	int ret = 0;

	a = pin_lookup(fd1);
	if (IS_ERR(a))
		return PTR_ERR(a);
	if (fd2 >= 0) {
		b = pin_lookup(fd2);
		if (IS_ERR(b)) {
			ret = PTR_ERR(b);
			goto out;
		}
		have_b = true;
	}
	ret = pin_mesh(a, b);
out:
	if (have_b)
		pin_put(b);
	pin_put(a);
	return ret;
}

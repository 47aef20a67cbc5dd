// Clean users of an inferred pair (see pair.c): put on every path, or
// handed off, and put once.
struct gizmo {
	struct kref ref;
	int ready;
};

static void gizmo_gone(struct kref *ref)
{
	kfree(container_of(ref, struct gizmo, ref));
}

static struct gizmo *gizmo_from_file(struct file *file)
{
	struct gizmo *gz = file->private_data;

	kref_get(&gz->ref);
	return gz;
}

struct gizmo *gizmo_lookup(int fd)
{
	struct file *file = fget(fd);
	struct gizmo *gz;

	if (!file)
		return ERR_PTR(-EBADF);
	gz = gizmo_from_file(file);
	fput(file);
	return gz;
}

void gizmo_drop(struct gizmo *gz)
{
	kref_put(&gz->ref, gizmo_gone);
}

int gizmo_ok(int fd)
{
	struct gizmo *gz = gizmo_lookup(fd);
	int ret = -EINVAL;

	if (IS_ERR(gz))
		return PTR_ERR(gz);
	if (!gz->ready)
		goto out;
	ret = gizmo_use(gz);
out:
	gizmo_drop(gz);
	return ret;
}

int gizmo_kept(struct holder *h, int fd)
{
	struct gizmo *gz = gizmo_lookup(fd);

	if (IS_ERR(gz))
		return PTR_ERR(gz);
	h->gz = gz;
	return 0;
}

int gizmo_once(int fd)
{
	struct gizmo *gz = gizmo_lookup(fd);
	int ret;

	if (IS_ERR(gz))
		return PTR_ERR(gz);
	ret = gizmo_use(gz);
	if (ret < 0)
		goto out;
	ret = 0;
out:
	gizmo_drop(gz);
	return ret;
}

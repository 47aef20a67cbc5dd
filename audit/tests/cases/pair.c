// Acquire/release pairs inferred from the tree (summary "acquire" /
// "release"): struct gizmo is made up here, its acquirer and release are
// defined here and named like nothing the rules know, so only the
// inference (a lookup by fd returning an object it took a reference on,
// a function dropping that reference) can pair them.
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

int gizmo_leak(int fd)
{
	struct gizmo *gz = gizmo_lookup(fd);

	if (IS_ERR(gz))
		return PTR_ERR(gz);
	if (!gz->ready)
		return -EINVAL; // expect: fget-leak
	gizmo_use(gz);
	gizmo_drop(gz);
	return 0;
}

int gizmo_twice(int fd)
{
	struct gizmo *gz = gizmo_lookup(fd);

	if (IS_ERR(gz))
		return PTR_ERR(gz);
	if (gizmo_use(gz) < 0)
		gizmo_drop(gz);
	gizmo_drop(gz); // expect: fget-double-put fget-use-after-put
	return 0;
}

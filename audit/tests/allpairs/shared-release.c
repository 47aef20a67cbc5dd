// Run with AUDIT_ALL_PAIRS=1 (audit/run --all-pairs) only: a release that
// is also an fd lookup's (sr_put() for sr_get_by_fd(), like put_net() for
// get_net_ns_by_fd()) is summary "release", not "objrelease"; the ref-*
// rules take it as the release of the other acquirers of its type
// (sr_get_by_id(), like get_net_ns_by_id()) too.
struct sr_ns {
	refcount_t ref;
	int id;
};

struct sr_ns *sr_get_by_fd(int fd)
{
	struct file *file = fget(fd);
	struct sr_ns *ns;

	if (!file)
		return ERR_PTR(-EBADF);
	ns = file->private_data;
	refcount_inc(&ns->ref);
	fput(file);
	return ns;
}

struct sr_ns *sr_get_by_id(int id)
{
	struct sr_ns *ns = idr_find(&sr_idr, id);

	if (ns)
		refcount_inc(&ns->ref);
	return ns;
}

void sr_put(struct sr_ns *ns)
{
	if (refcount_dec_and_test(&ns->ref))
		kfree(ns);
}

int sr_fd_id(int fd)
{
	struct sr_ns *ns = sr_get_by_fd(fd);
	int id;

	if (IS_ERR(ns))
		return PTR_ERR(ns);
	id = ns->id;
	sr_put(ns);
	return id;
}

int sr_fd_check(int fd)
{
	struct sr_ns *ns = sr_get_by_fd(fd);

	if (IS_ERR(ns))
		return PTR_ERR(ns);
	sr_put(ns);
	return 0;
}

int sr_id_valid(int id)
{
	struct sr_ns *ns = sr_get_by_id(id);

	if (!ns)
		return 0;
	sr_put(ns);
	return 1;
}

int sr_id_use(int id, int flag)
{
	struct sr_ns *ns = sr_get_by_id(id);

	if (!ns)
		return -ENOENT;
	if (flag)
		return -EPERM; // expect: ref-leak
	id = ns->id;
	sr_put(ns);
	return id;
}

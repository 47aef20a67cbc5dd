// The same, with the callee taking its own reference before it fails.
static int sess2_thread(void *arg)
{
	struct sess2 *s = arg;

	wait_for_end(s);
	fput(s->sock->file);
	kfree(s);
	return 0;
}

int sess2_add(struct sess2_req *req, struct socket *sock)
{
	struct sess2 *s = kzalloc(sizeof(*s), GFP_KERNEL);
	int err;

	if (!s)
		return -ENOMEM;
	s->sock = sock;
	s->task = kthread_run(sess2_thread, s, "sess2");
	if (IS_ERR(s->task)) {
		err = PTR_ERR(s->task);
		kfree(s);
		return err;
	}
	err = sess2_attach(s);
	if (err < 0) {
		get_file(s->sock->file);
		atomic_inc(&s->terminate);
		return err;
	}
	return 0;
}

int sess2_ioctl(struct sess2_req *req)
{
	int err;
	struct socket *nsock = sockfd_lookup(req->sock, &err);

	if (!nsock)
		return err;
	err = sess2_add(req, nsock);
	if (err)
		sockfd_put(nsock);
	return err;
}

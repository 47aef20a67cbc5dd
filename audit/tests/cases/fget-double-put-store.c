// fget-double-put across functions: the callee stores the socket in an
// object whose thread puts it, then fails; the caller puts it too
// (8da3a0b87f4f, cmtp_add_connection()).
static int sess_thread(void *arg)
{
	struct sess *s = arg;

	wait_for_end(s);
	fput(s->sock->file);
	kfree(s);
	return 0;
}

int sess_add(struct sess_req *req, struct socket *sock)
{
	struct sess *s = kzalloc(sizeof(*s), GFP_KERNEL);
	int err;

	if (!s)
		return -ENOMEM;
	s->sock = sock;
	s->task = kthread_run(sess_thread, s, "sess");
	if (IS_ERR(s->task)) {
		err = PTR_ERR(s->task);
		kfree(s);
		return err;
	}
	err = sess_attach(s);
	if (err < 0) {
		atomic_inc(&s->terminate);
		return err; // expect: fget-double-put
	}
	return 0;
}

int sess_ioctl(struct sess_req *req)
{
	int err;
	struct socket *nsock = sockfd_lookup(req->sock, &err);

	if (!nsock)
		return err;
	err = sess_add(req, nsock);
	if (err)
		sockfd_put(nsock);
	return err;
}

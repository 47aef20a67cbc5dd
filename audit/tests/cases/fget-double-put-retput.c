// Rule 5: a callee that puts the file (or socket) it was passed when it
// returns non-zero (summary "retput1"), and a caller that puts it again
// after a non-zero result, in the branch itself or after the branch's goto
// (f991af3daaba: netlink_attachskb() and mqueue's do_notify()).
int queue_attach(struct queue *q, struct file *filp, long *timeo)
{
	if (q->full) {
		if (!*timeo) {
			fput(filp);
			return -EAGAIN;
		}
		wait_for_room(q, timeo);
		fput(filp);
		return 1;
	}
	q->file = filp;
	return 0;
}

int notify_again(struct queue *q, int ufd, long timeo)
{
	struct file *filp = fget(ufd);
	int ret;

	if (!filp)
		return -EBADF;
	ret = queue_attach(q, filp, &timeo);
	if (ret == 1) {
		pr_debug("queue full\n");
		return -EAGAIN;
	}
	if (ret) {
		fput(filp); // expect: fget-double-put
		return ret;
	}
	return 0;
}

int notify_goto(struct queue *q, int ufd, long timeo)
{
	struct file *filp = fget(ufd);
	int ret;

	if (!filp)
		return -EBADF;
	ret = queue_attach(q, filp, &timeo);
	if (ret < 0)
		goto out;
	ret = 0;
	return ret;
out:
	fput(filp); // expect: fget-double-put
	return ret;
}

// The retry shape: after "ret == 1" the caller loops back to look the fd up
// again, that lookup fails, and the common exit puts the old pointer
// through a helper that puts its parameter (summary "argput").
void queue_detach(struct queue *q, struct file *filp)
{
	q->file = NULL;
	fput(filp);
}

int notify_retry(struct queue *q, int ufd)
{
	struct file *filp = NULL;
	struct file *nf;
	long timeo;
	int ret;

retry:
	nf = fget(ufd);
	if (!nf) {
		ret = -EBADF;
		goto out;
	}
	filp = nf;
	timeo = MAX_SCHEDULE_TIMEOUT;
	ret = queue_attach(q, filp, &timeo);
	if (ret == 1)
		goto retry;
	if (ret) {
		filp = NULL;
		goto out;
	}
	return 0;
out:
	if (filp)
		queue_detach(q, filp); // expect: fget-double-put
	return ret;
}

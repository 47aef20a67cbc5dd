// The same callee convention used right: after a non-zero result the
// caller forgets its pointer (takes a new reference to retry) and does not
// put it; a put after a zero result, or after the pointer was reset, is
// the caller's own.
int queue_attach2(struct queue *q, struct file *filp, long *timeo)
{
	if (q->full) {
		fput(filp);
		return -EAGAIN;
	}
	q->file = filp;
	return 0;
}

int notify_right(struct queue *q, int ufd, long timeo)
{
	struct file *filp = fget(ufd);
	int ret;

	if (!filp)
		return -EBADF;
	ret = queue_attach2(q, filp, &timeo);
	if (ret) {
		filp = NULL;
		goto out;
	}
	q->armed = 1;
	return 0;
out:
	if (filp)
		fput(filp);
	return ret;
}

int notify_zero(struct queue *q, int ufd, long timeo)
{
	struct file *filp = fget(ufd);
	int ret;

	if (!filp)
		return -EBADF;
	ret = queue_attach2(q, filp, &timeo);
	if (ret == 0) {
		detach(q);
		fput(filp);
	}
	return ret;
}

// The fixed retry shape: the pointer is forgotten before the loop.
void queue_detach2(struct queue *q, struct file *filp)
{
	q->file = NULL;
	fput(filp);
}

int notify_retry2(struct queue *q, int ufd)
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
	ret = queue_attach2(q, filp, &timeo);
	if (ret == 1) {
		filp = NULL;
		goto retry;
	}
	if (ret) {
		filp = NULL;
		goto out;
	}
	return 0;
out:
	if (filp)
		queue_detach2(q, filp);
	return ret;
}

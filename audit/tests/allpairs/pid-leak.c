// Run with AUDIT_ALL_PAIRS=1 (audit/run --all-pairs) only: the pair
// ap_get_pid()/ap_put_pid() is inferred from this file (a refcount taken
// and dropped, both called by two functions), and it is not an fd lookup,
// so the default run does not follow it.
struct ap_pid {
	refcount_t count;
	int nr;
};

struct ap_pid *ap_get_pid(struct ap_pid *pid)
{
	if (pid)
		refcount_inc(&pid->count);
	return pid;
}

void ap_put_pid(struct ap_pid *pid)
{
	if (pid && refcount_dec_and_test(&pid->count))
		kfree(pid);
}

int ap_show(struct ap_task *t, char *buf)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	int n = sprintf(buf, "%d", pid->nr);

	ap_put_pid(pid);
	return n;
}

int ap_same(struct ap_task *t, struct ap_task *u)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	int same = pid == u->pid;

	ap_put_pid(pid);
	return same;
}

int ap_timer_create(struct ap_task *t, struct ap_timer *timer)
{
	struct ap_pid *pid = ap_get_pid(t->pid);

	if (!pid)
		return -ESRCH;
	if (timer->flags & 1)
		return -EINVAL; // expect: fget-leak
	timer->nr = pid->nr;
	ap_put_pid(pid);
	return 0;
}

int ap_double(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	int nr = pid->nr;

	ap_put_pid(pid);
	ap_put_pid(pid); // expect: fget-double-put fget-use-after-put
	return nr;
}

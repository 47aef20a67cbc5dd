// Run with AUDIT_ALL_PAIRS=1 (audit/run --all-pairs): references of an
// inferred pair that this function does not own alone (a loop iterator
// assigns the variable again, the object was taken off a list or out of a
// container, whose reference is dropped too; a callee that releases it on
// some path took it over, or it is released only in one arm of an if):
// no ref-* finding.
struct ap_pid {
	refcount_t count;
	struct list_head list;
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

/* the loop's iterator assigns it again */
int ap_walk(struct ap_task *t, struct list_head *head)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	int n = 0;

	if (!pid)
		return -ESRCH;
	ap_put_pid(pid);
	list_for_each_entry(pid, head, list)
		n += pid->nr;
	return n;
}

/* taken off a list: the list's reference is dropped too */
int ap_unlink(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);

	if (!pid)
		return -ESRCH;
	list_del_init(&pid->list);
	ap_put_pid(pid);
	ap_put_pid(pid);
	return 0;
}

/* removed from a container by a call: the same */
int ap_remove(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);

	if (!pid)
		return -ESRCH;
	ap_remove_pid(t, pid);
	ap_put_pid(pid);
	ap_put_pid(pid);
	return 0;
}

/* drops the pid it is given when it refuses it */
static bool ap_check(struct ap_pid *pid)
{
	if (pid->nr < 0) {
		ap_put_pid(pid);
		return false;
	}
	return true;
}

/* handed over to ap_check() on its refusing path */
int ap_consumed(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);

	if (!pid)
		return -ESRCH;
	if (!ap_check(pid))
		return 0;
	t->nr = pid->nr;
	ap_put_pid(pid);
	return 0;
}

/* the new object takes it over when it is made; dropped here otherwise */
int ap_owner(struct ap_task *t, struct ap_sub **out)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	struct ap_sub *sub;

	if (!pid)
		return -ESRCH;
	sub = ap_sub_new(t, pid);
	if (!IS_ERR_OR_NULL(sub)) {
		sub->nr = 1;
		*out = sub;
	} else {
		ap_put_pid(pid);
	}
	return 0;
}

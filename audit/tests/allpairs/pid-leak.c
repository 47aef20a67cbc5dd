// Run with AUDIT_ALL_PAIRS=1 (audit/run --all-pairs) only: the pair
// ap_get_pid()/ap_put_pid() is inferred from this file (a refcount taken
// and dropped, both called by two functions), and it is not an fd lookup,
// so the default run does not follow it.
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

int ap_timer_create(struct ap_task *t, struct ap_timer *timer)
{
	struct ap_pid *pid = ap_get_pid(t->pid);

	if (!pid)
		return -ESRCH;
	if (timer->flags & 1)
		return -EINVAL; // expect: ref-leak
	timer->nr = pid->nr;
	ap_put_pid(pid);
	return 0;
}

int ap_double(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	int nr = pid->nr;

	ap_put_pid(pid);
	ap_put_pid(pid); // expect: ref-double-put
	return nr;
}

int ap_late(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);

	if (!pid)
		return -ESRCH;
	ap_put_pid(pid);
	return pid->nr; // expect: ref-use-after-put
}

/* a second reference taken on it: both puts are its own */
int ap_two_refs(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	int nr;

	if (!pid)
		return -ESRCH;
	ap_get_pid(pid);
	ap_put_pid(pid);
	nr = pid->nr;
	ap_put_pid(pid);
	return nr;
}

/* never released here: kept by a contract this function does not show */
int ap_attach(struct ap_task *t, struct ap_timer *timer)
{
	struct ap_pid *pid = ap_get_pid(t->pid);

	if (!pid)
		return -ESRCH;
	if (timer->flags & 1)
		return -EINVAL;
	timer->nr = pid->nr;
	return 0;
}

/* given, not acquired here: the caller's reference may pin it */
int ap_given(struct ap_pid *pid)
{
	ap_put_pid(pid);
	return pid->nr;
}

/*
 * References this function does not own alone, or that it hands over:
 * no ref-* finding.
 */

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

/* a flag cleared after the first put guards the second: never both */
int ap_flagged(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	bool held = true;

	if (t->nr > 0) {
		ap_put_pid(pid);
		held = false;
	}
	if (t->nr > 1)
		goto out;
	t->nr++;
out:
	if (held)
		ap_put_pid(pid);
	return 0;
}

/* the same, but the flag is cleared before the first put: both can run */
int ap_flag_early(struct ap_task *t)
{
	struct ap_pid *pid = ap_get_pid(t->pid);
	bool held = true;

	if (t->nr > 0) {
		held = false;
		t->nr = 0;
	}
	ap_put_pid(pid);
	if (held)
		ap_put_pid(pid); // expect: ref-double-put
	return 0;
}

/* around a loop: the put at the end of one pass clears the flag that
 * guards the put early in the next; the error exit puts twice */
int ap_loop(struct ap_task *t)
{
	struct ap_pid *pid = NULL;
	bool held;
	int i;

	for (i = 0; i < t->nr; i++) {
		held = false;
		if (t->flags & 1)
			goto check;
		pid = ap_get_pid(t->pid);
		if (pid)
			held = true;
check:
		if (t->flags & 2) {
			if (held)
				ap_put_pid(pid);
			goto error;
		}
		if (held) {
			ap_put_pid(pid);
			held = false;
		}
	}
	return 0;
error:
	if (held)
		ap_put_pid(pid); // expect: ref-double-put
	return 0;
}

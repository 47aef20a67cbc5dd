// Run with AUDIT_ALL_PAIRS=1 (audit/run --all-pairs) only: a release
// that drops its second argument (ap_psock_put(sk, psock), like
// sk_psock_put()), inferred from this file (summary "objrelease1").
struct ap_psock {
	refcount_t refcnt;
	int nr;
};

struct ap_sock {
	struct ap_psock *psock;
};

struct ap_psock *ap_psock_get(struct ap_sock *sk)
{
	struct ap_psock *psock = sk->psock;

	if (psock && !refcount_inc_not_zero(&psock->refcnt))
		psock = NULL;
	return psock;
}

void ap_psock_put(struct ap_sock *sk, struct ap_psock *psock)
{
	if (refcount_dec_and_test(&psock->refcnt))
		kfree(psock);
}

int ap_psock_nr(struct ap_sock *sk)
{
	struct ap_psock *psock = ap_psock_get(sk);
	int nr;

	if (!psock)
		return 0;
	nr = psock->nr;
	ap_psock_put(sk, psock);
	return nr;
}

int ap_psock_recv(struct ap_sock *sk, int len)
{
	struct ap_psock *psock = ap_psock_get(sk);

	if (!psock)
		return -EAGAIN;
	if (len < 0)
		return -EINVAL; // expect: ref-leak
	len = psock->nr;
	ap_psock_put(sk, psock);
	return len;
}

int ap_psock_twice(struct ap_sock *sk)
{
	struct ap_psock *psock = ap_psock_get(sk);

	if (!psock)
		return 0;
	ap_psock_put(sk, psock);
	ap_psock_put(sk, psock); // expect: ref-double-put
	return 0;
}

int ap_psock_late(struct ap_sock *sk)
{
	struct ap_psock *psock = ap_psock_get(sk);

	if (!psock)
		return 0;
	ap_psock_put(sk, psock);
	return psock->nr; // expect: ref-use-after-put
}

/* taken before a lock that can fail, never tested before that exit */
int ap_psock_lock(struct ap_sock *sk, int flags)
{
	struct ap_psock *psock = ap_psock_get(sk);
	int err;

	err = ap_lock(sk, flags);
	if (err < 0)
		return err; // expect: ref-leak
	if (psock)
		err = psock->nr;
	ap_unlock(sk);
	if (psock)
		ap_psock_put(sk, psock);
	return err;
}

/* tested before every exit: no finding */
int ap_psock_tested(struct ap_sock *sk, int flags)
{
	struct ap_psock *psock = ap_psock_get(sk);
	int err = 0;

	if (psock) {
		err = psock->nr;
		ap_psock_put(sk, psock);
	}
	return err;
}

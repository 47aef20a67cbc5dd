// Run with AUDIT_ALL_PAIRS=1 (audit/run --all-pairs) only: a reference
// the function takes and then stores into a member, an array or through
// a pointer on its main path is the function's own until that store; an
// exit before the store that neither releases nor hands it on leaks it
// (iterleak.py's hand-off check).  Pair inferred from this file.
struct ho_buf {
	refcount_t ref;
	int len;
};

struct ho_ring {
	struct ho_buf *slot[8];
	struct ho_buf *cur;
	int n;
};

struct ho_buf *ho_buf_alloc(int len)
{
	struct ho_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);

	if (!b)
		return NULL;
	refcount_set(&b->ref, 1);
	b->len = len;
	return b;
}

void ho_buf_put(struct ho_buf *b)
{
	if (refcount_dec_and_test(&b->ref))
		kfree(b);
}

int ho_buf_len(int len)
{
	struct ho_buf *b = ho_buf_alloc(len);

	if (!b)
		return -ENOMEM;
	len = b->len;
	ho_buf_put(b);
	return len;
}

int ho_fill(struct ho_ring *r)
{
	struct ho_buf *b;
	int i;

	for (i = 0; i < 8; i++) {
		b = ho_buf_alloc(64);
		if (!b)
			goto cleanup;
		if (ho_map(r, b) < 0)
			goto cleanup; // expect: ref-leak
		r->slot[i] = b;
	}
	return 0;
cleanup:
	ho_clean(r);
	return -ENOMEM;
}

int ho_fill_ok(struct ho_ring *r)
{
	struct ho_buf *b;
	int i;

	for (i = 0; i < 8; i++) {
		b = ho_buf_alloc(64);
		if (!b)
			goto cleanup;
		if (ho_map(r, b) < 0) {
			ho_buf_put(b);
			goto cleanup;
		}
		r->slot[i] = b;
	}
	return 0;
cleanup:
	ho_clean(r);
	return -ENOMEM;
}

int ho_set(struct ho_ring *r, int len)
{
	struct ho_buf *b = ho_buf_alloc(len);

	if (IS_ERR_OR_NULL(b))
		return -ENOMEM;
	if (len > 4096)
		return -EINVAL; // expect: ref-leak
	r->cur = b;
	return 0;
}

int ho_set_in_case(struct ho_ring *r, int kind)
{
	struct ho_buf *b;

	switch (kind) {
	case 0:
		b = ho_buf_alloc(16);
		if (!b)
			return -ENOMEM;
		break;
	default:
		return -EINVAL;
	}
	r->cur = b;
	return 0;
}

int ho_set_if(struct ho_ring *r, int len)
{
	struct ho_buf *b = NULL;

	if (len > 0) {
		b = ho_buf_alloc(len);
		if (!b)
			return -ENOMEM;
	} else if (len < 0) {
		return -EINVAL;
	}
	r->cur = b;
	return 0;
}

struct ho_buf *ho_make(int len)
{
	struct ho_buf *b = ho_buf_alloc(len);

	if (b != NULL) {
		b->len = len;
	} else {
		pr_err("no buffer\n");
		return NULL;
	}
	if (len > 4096)
		return ERR_PTR(-EINVAL); // expect: ref-leak
	return b;
}

struct ho_buf *ho_make_ok(struct ho_ring *r, int len)
{
	struct ho_buf *b = ho_buf_alloc(len);

	if (b == ERR_PTR(-ENOENT))
		return NULL;
	if (len > 4096) {
		ho_buf_put(b);
		return ERR_PTR(-EINVAL);
	}
	list_add(&b->node, &r->list);
	return b;
}

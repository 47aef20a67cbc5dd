// Run with AUDIT_ALL_PAIRS=1 (audit/run --all-pairs) only: loops whose
// variable holds a reference the loop header took (iterleak.py), through
// an iterator macro inferred from this file (summary "objiter1") and a
// hand-written while loop over the acquirer.
struct it_node {
	struct kref kref;
	struct it_node *sibling, *child;
	int val;
};

static void it_release(struct kref *kref)
{
	kfree(container_of(kref, struct it_node, kref));
}

struct it_node *it_get(struct it_node *n)
{
	if (n)
		kref_get(&n->kref);
	return n;
}

void it_put(struct it_node *n)
{
	if (n)
		kref_put(&n->kref, it_release);
}

struct it_node *it_next_child(struct it_node *parent, struct it_node *prev)
{
	struct it_node *next = it_get(prev ? prev->sibling : parent->child);

	it_put(prev);
	return next;
}

#define it_for_each_child(parent, child) \
	for (child = it_next_child(parent, NULL); child != NULL; \
	     child = it_next_child(parent, child))

#define it_for_each_odd_child(parent, child) \
	it_for_each_child(parent, child) if (!(child->val & 1)) {} else

int it_first_val(struct it_node *parent)
{
	struct it_node *n = it_next_child(parent, NULL);
	int v;

	if (!n)
		return -1;
	v = n->val;
	it_put(n);
	return v;
}

int it_sum(struct it_node *parent)
{
	struct it_node *child;
	int sum = 0;

	it_for_each_child(parent, child) {
		if (child->val < 0)
			return -EINVAL; // expect: ref-leak
		sum += child->val;
	}
	return sum;
}

int it_sum_ok(struct it_node *parent)
{
	struct it_node *child;
	int sum = 0;

	it_for_each_child(parent, child) {
		if (child->val < 0) {
			it_put(child);
			return -EINVAL;
		}
		sum += child->val;
	}
	return sum;
}

struct it_node *it_find(struct it_node *parent, int val)
{
	struct it_node *child;

	it_for_each_child(parent, child)
		if (child->val == val)
			return child;
	return NULL;
}

int it_has(struct it_node *parent, int val)
{
	struct it_node *child;

	it_for_each_odd_child(parent, child) {
		if (child->val == val)
			break; // expect: ref-leak
	}
	return val;
}

int it_pick(struct it_node *parent, int val, struct it_node **out)
{
	struct it_node *child;

	it_for_each_child(parent, child) {
		if (child->val == val)
			break;
	}
	if (!child)
		return -ENOENT;
	*out = child;
	return 0;
}

int it_check(struct it_node *parent)
{
	struct it_node *child;
	int ret = 0;

	it_for_each_child(parent, child) {
		if (child->val > 100) {
			ret = -ERANGE;
			goto out; // expect: ref-leak
		}
	}
out:
	return ret;
}

int it_scan(struct it_node *parent)
{
	struct it_node *n = NULL;

	while ((n = it_next_child(parent, n)) != NULL) {
		if (n->val == 0) {
			it_put(n);
			return 0;
		}
		if (n->val == 1)
			return 1; // expect: ref-leak
	}
	return -1;
}

int it_count_pos(struct it_node *parent)
{
	struct it_node *child;
	int n = 0;

	it_for_each_child(parent, child) {
		if (child->val < 0) {
			it_put(child); // expect: ref-double-put
			continue;
		}
		n++;
	}
	return n;
}

int it_drop_all(struct it_node *parent)
{
	struct it_node *child;
	int n = 0;

	it_for_each_child(parent, child) {
		n += child->val;
		it_put(child); // expect: ref-double-put
	}
	return n;
}

int it_keep_one(struct it_node *parent, struct it_node **out)
{
	struct it_node *child;

	it_for_each_child(parent, child) {
		*out = it_get(child);
		it_put(child);
	}
	return 0;
}

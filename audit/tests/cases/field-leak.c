// Owning fields (audit/fieldleak.py): a member assigned a reference owns
// it; a function freeing the object without handing the member on leaks
// the reference, whether it frees with kfree() itself or through a
// function the first pass found to free its parameter.
struct grp {
	struct file *file;
	struct list_head node;
};

int grp_add(struct kv *kv, int fd)
{
	struct file *filp = fget(fd);
	struct grp *g;

	if (!filp)
		return -EBADF;
	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g) {
		fput(filp);
		return -ENOMEM;
	}
	g->file = filp;
	list_add(&g->node, &kv->list);
	return 0;
}

void grp_del(struct grp *g)
{
	list_del(&g->node);
	kfree(g); // expect: field-leak
}

// freed through a wrapper; the member is only tested on the way
struct sess {
	struct file *filp;
	struct list_head node;
};

static struct kmem_cache *sess_cache;

static void sess_free(struct sess *s)
{
	kmem_cache_free(sess_cache, s);
}

int sess_bind(struct sess *s, struct file *file)
{
	s->filp = get_file(file);
	return 0;
}

void sess_destroy(struct sess *s)
{
	WARN_ON(!s->filp);
	if (s->filp)
		list_del(&s->node);
	sess_free(s); // expect: field-leak
}

// read into a local that is only tested, in a kref release
struct watch {
	struct kref ref;
	struct file *file;
};

int watch_set(struct watch *w, int fd)
{
	w->file = fget(fd);
	return w->file ? 0 : -EBADF;
}

static void watch_release(struct kref *ref)
{
	struct watch *w = container_of(ref, struct watch, ref);
	struct file *f = w->file;

	if (f)
		pr_debug("watch %p\n", f);
	kfree(w); // expect: field-leak
}

void watch_put(struct watch *w)
{
	kref_put(&w->ref, watch_release);
}

// the object is its file's private data, but also keeps the file's
// reference (it is not installed: something puts it): outside the file's
// release op, the member is owned like any other
struct dom {
	struct file *file;
	void *pages;
};

static const struct file_operations dom_fops;

int dom_create(struct dom *d)
{
	d->file = anon_inode_getfile("dom", &dom_fops, d, O_RDWR);
	return PTR_ERR_OR_ZERO(d->file);
}

void dom_reset(struct dom *d)
{
	fput(d->file);
	d->file = NULL;
}

void dom_destroy(struct dom *d)
{
	struct file *file = d->file;

	truncate_inode_pages(file_inode(file)->i_mapping, 0);
	vfree(d->pages);
	kfree(d); // expect: field-leak
}

// tested, then overwritten without a put; tested in a teardown and left
struct lun {
	struct file *filp;
	int ro;
};

int lun_open(struct lun *l, const char *name)
{
	l->filp = filp_open(name, O_RDWR, 0);
	return PTR_ERR_OR_ZERO(l->filp);
}

void lun_close(struct lun *l)
{
	if (l->filp) {
		l->ro = 0;
		l->filp = NULL; // expect: field-leak
	}
}

void lun_release(struct lun *l)
{
	if (l->filp) // expect: field-leak
		l->ro = 1;
}

// taken out into a local, the member cleared, the local never put
struct ring {
	struct file *ring_file;
	spinlock_t lock;
};

int ring_setup(struct ring *r, int fd)
{
	r->ring_file = fget(fd);
	return r->ring_file ? 0 : -EBADF;
}

void ring_put_file(struct ring *r)
{
	struct file *rf = r->ring_file;

	if (rf) {
		spin_lock(&r->lock);
		r->ring_file = NULL; // expect: field-leak
		spin_unlock(&r->lock);
	}
}

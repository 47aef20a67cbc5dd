// Owning fields handed on before the object is freed, and members that
// are not owning fields (audit/fieldleak.py).
struct cgrp {
	struct file *file;
	struct list_head node;
};

int cgrp_add(struct kv *kv, int fd)
{
	struct cgrp *g = kzalloc(sizeof(*g), GFP_KERNEL);

	if (!g)
		return -ENOMEM;
	g->file = fget(fd);
	if (!g->file) {
		kfree(g);	/* its constructor: nothing to put yet */
		return -EBADF;
	}
	list_add(&g->node, &kv->list);
	return 0;
}

void cgrp_del(struct cgrp *g)
{
	list_del(&g->node);
	fput(g->file);
	kfree(g);
}

// released by a helper the first pass read, freed through a wrapper
struct csess {
	struct file *filp;
};

static struct kmem_cache *csess_cache;

static void csess_free(struct csess *s)
{
	kmem_cache_free(csess_cache, s);
}

static void csess_drop_file(struct csess *s)
{
	if (s->filp)
		fput(s->filp);
}

int csess_bind(struct csess *s, struct file *file)
{
	s->filp = get_file(file);
	return 0;
}

void csess_destroy(struct csess *s)
{
	csess_drop_file(s);
	csess_free(s);
}

// taken out into a local, which is put
struct cwatch {
	struct kref ref;
	struct file *file;
	struct rcu_head rcu;
};

int cwatch_set(struct cwatch *w, int fd)
{
	w->file = fget(fd);
	return w->file ? 0 : -EBADF;
}

static void cwatch_release(struct kref *ref)
{
	struct cwatch *w = container_of(ref, struct cwatch, ref);
	struct file *f = w->file;

	w->file = NULL;
	if (f)
		fput(f);
	kfree(w);
}

// an RCU callback: the member was put by the function queueing it
static void cwatch_free_rcu(struct rcu_head *h)
{
	struct cwatch *w = container_of(h, struct cwatch, rcu);

	kfree(w);
}

void cwatch_retire(struct cwatch *w)
{
	fput(w->file);
	call_rcu(&w->rcu, cwatch_free_rcu);
}

// a back-pointer: the file holds the object, not the other way round
struct cobj {
	struct file *file;
};

static const struct file_operations cobj_fops;

int cobj_create(struct cobj *o)
{
	o->file = anon_inode_getfile("cobj", &cobj_fops, o, O_RDWR);
	return PTR_ERR_OR_ZERO(o->file);
}

static int cobj_release(struct inode *inode, struct file *file)
{
	struct cobj *o = file->private_data;

	kfree(o);
	return 0;
}

// tested, put, then cleared; tested NULL before it is set
struct clun {
	struct file *filp;
};

int clun_open(struct clun *l, const char *name)
{
	if (l->filp)
		return -EBUSY;
	l->filp = filp_open(name, O_RDWR, 0);
	return PTR_ERR_OR_ZERO(l->filp);
}

void clun_close(struct clun *l)
{
	if (l->filp) {
		fput(l->filp);
		l->filp = NULL;
	}
}

// taken out into a local, the member cleared, the local put
struct cring {
	struct file *ring_file;
	spinlock_t lock;
};

int cring_setup(struct cring *r, int fd)
{
	r->ring_file = fget(fd);
	return r->ring_file ? 0 : -EBADF;
}

void cring_put_file(struct cring *r)
{
	struct file *rf = r->ring_file;

	if (rf) {
		spin_lock(&r->lock);
		r->ring_file = NULL;
		spin_unlock(&r->lock);
		fput(rf);
	}
}

// Rule 5: irregular shapes (reported, not failures).
int shapes(int fd, int fd2)
{
	struct fd f;	// expect: shape
	int n;

	f = fdget(fd);
	if (!f.file)
		return -EBADF;
	n = fill(&f); // expect: shape
	fdput(f);
	f = fdget(fd2); // expect: shape
	if (!f.file)
		return -EBADF;
	if (n > 1)
		fdput(f); // expect: shape
	else
		fdput(f);
	return n;
}

static int perf_fget_light(int fd, struct fd *p)
{
	struct fd f = fdget(fd);

	if (!f.file)
		return -EBADF;
	*p = f; // expect: shape
	return 0;
}

static struct socket *lookup_light(int fd, int *err, int *fput_needed)
{
	struct fd f = fdget(fd);
	struct socket *sock;

	*err = -EBADF;
	if (f.file) {
		sock = sock_from_file(f.file);
		if (likely(sock)) {
			*fput_needed = f.flags & FDPUT_FPUT; // expect: shape
			return sock;
		}
		*err = -ENOTSOCK;
		fdput(f);
	}
	return NULL;
}

int io_uring_enter(unsigned int fd, int registered, struct file **rings)
{
	struct fd f;	// expect: shape
	int ret = 0;

	if (registered) {
		f.file = rings[fd];
		f.flags = 0; // expect: shape
		if (unlikely(!f.file))
			return -EBADF;
	} else {
		f = fdget(fd);
		if (unlikely(!f.file))
			return -EBADF;
	}
	ret = work(f.file);
	fdput(f);
	return ret;
}

/* v5.6..v6.5 overlayfs: the reference moves to the aio request */
struct ovl_aio_req {
	struct kiocb iocb;
	struct fd fd;
};

static ssize_t ovl_read_iter_handoff(struct kiocb *iocb, struct iov_iter *iter)
{
	struct fd real;	// expect: shape
	struct ovl_aio_req *aio_req;
	ssize_t ret;

	ret = ovl_real_fdget(iocb->ki_filp, &real); // expect: shape
	if (ret)
		return ret;
	aio_req = kmem_cache_zalloc(ovl_aio_request_cachep, GFP_KERNEL);
	aio_req->fd = real; // expect: shape
	real.flags = 0; // expect: shape
	kiocb_clone(&aio_req->iocb, iocb, real.file);
	ret = vfs_iocb_iter_read(real.file, &aio_req->iocb, iter);
	ovl_aio_put(aio_req);
	fdput(real);
	return ret;
}

static struct socket *lookup_light_word(int fd, int *err, int *fput_needed)
{
	struct fd f = fdget(fd);
	struct socket *sock;

	if (!fd_empty(f)) {
		sock = sock_from_file(fd_file(f));
		if (likely(sock)) {
			*fput_needed = f.word & FDPUT_FPUT; // expect: shape
			return sock;
		}
		fdput(f);
	}
	return NULL;
}

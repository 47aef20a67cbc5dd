// [owned-after-put]: a pointer the file owns used after the put (kvm_spapr_tce_attach_iommu_group() before a986fa57fd81).
long att(struct kvm *kvm, int tablefd)
{
	struct kvmppc_spapr_tce_table *stt = NULL;
	bool found = false;
	struct fd f; // expect: shape

	f = fdget(tablefd);
	if (!f.file)
		return -EBADF;

	rcu_read_lock();
	list_for_each_entry_rcu(stt, &kvm->arch.spapr_tce_tables, list) {
		if (stt == f.file->private_data) {
			found = true;
			break;
		}
	}
	rcu_read_unlock();

	fdput(f);

	if (!found)
		return -EINVAL;
	return stt->page_shift; // expect: owned-after-put
}
int ok(int fd)
{
	struct fd f = fdget(fd);
	struct ctx *c;
	if (!f.file)
		return -EBADF;
	c = f.file->private_data;
	kref_get(&c->ref);
	fdput(f);
	return c->x;
}

int fget_owned(int fd)
{
	struct file *file = fget(fd);
	struct inode *inode;

	if (!file)
		return -EBADF;
	inode = file_inode(file);
	fput(file);
	return inode->i_mode; // expect: owned-after-put
}

// [fd-twice]: one fd resolved twice on a path (check one file, use another);
// bpf_map_get() resolves its argument, which the first pass finds out
struct bpf_map *bpf_map_get(u32 ufd)
{
	struct fd f = fdget(ufd);
	struct bpf_map *map;

	map = __bpf_map_get(f);
	if (IS_ERR(map))
		return map;
	bpf_map_inc(map);
	fdput(f);
	return map;
}

int twice(union bpf_attr *attr)
{
	struct fd f = fdget(attr->target_fd);
	struct bpf_map *map;

	if (!f.file)
		return -EBADF;
	fdput(f);
	map = bpf_map_get(attr->target_fd); // expect: fd-twice
	return map != NULL;
}

int twice_ok(int fd)
{
	struct fd f = fdget(fd);

	if (!f.file)
		return -EBADF;
	fdput(f);
	fd = other_fd();
	f = fdget(fd); // expect: shape
	if (!f.file)
		return -EBADF;
	fdput(f);
	return 0;
}

// [unchecked-pass]: the file passed on before the emptiness / NULL test
int pass_unchecked(int fd)
{
	struct fd f = fdget(fd);
	int ret = vfs_fsync(f.file, 0); // expect: unchecked-pass

	if (!f.file)
		return -EBADF;
	fdput(f);
	return ret;
}

int fget_pass_unchecked(int fd)
{
	struct file *file = fget(fd);
	int ret = vfs_fsync(file, 0); // expect: unchecked-pass

	if (!file)
		return -EBADF;
	fput(file);
	return ret;
}

// [raw-flags]: FDPUT_POS_UNLOCK would read as "must fput"
struct socket *lookup_raw(int fd, int *fput_needed)
{
	struct fd f = fdget_pos(fd);

	if (!f.file)
		return NULL;
	*fput_needed = f.flags; // expect: raw-flags shape
	return sock_from_file(f.file);
}

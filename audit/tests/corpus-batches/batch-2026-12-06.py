# SPDX-License-Identifier: GPL-2.0
"""Corpus batch of 2026-12-06 (issue 23 item 1): 20 upstream fd/file/reference
lifetime fixes that are not in tests/corpus (neither the commit ids nor the
functions), put back into the 6.1.192 code of their functions.  Scored alone
with

    CORPUS_CASES=audit/tests/corpus-batches/batch-2026-12-06.py \\
        audit/tests/corpus /var/tmp/fdsafe/linux-6.1

First-sight result (rules unchanged): docs/audit-first-sight.md.

Loaded by tests/corpus with case() in scope (see its CORPUS_CASES).  Each
case: upstream fix commit id, where the id was found (document ids of the
find_string / read_file search tools: stable review mails, git log
listings, patch mails), title, 6.1 path, function, the rule a correct
auditor would report (the closest existing rule where none fits exactly;
the "kind" comment says what the bug is), edits (fixed text, buggy text)
applied inside that function, extra functions (same file or other files)
the fix also touched.  Where 6.1.192 carries a reworked backport, the put
back reproduces the upstream pre-fix behaviour in the 6.1.192 code (noted).
"""

CASES = [
    # kind: leak of an eventfd_ctx on an error path
    case("c3b69ba5114c860d730870c03ab4ee45276e5e35", "stable review mail 39369297292",
         "misc: ocxl: fix possible refcount leak in afu_ioctl() (eventfd_ctx_fdget() reference not "
         "put when ocxl_irq_set_handler() fails)",
         "drivers/misc/ocxl/file.c", "afu_ioctl", "fget-leak",
         [("\t\trc = ocxl_irq_set_handler(ctx, irq_id, irq_handler, irq_free, ev_ctx);\n"
           "\t\tif (rc)\n\t\t\teventfd_ctx_put(ev_ctx);\n\t\tbreak;\n",
           "\t\trc = ocxl_irq_set_handler(ctx, irq_id, irq_handler, irq_free, ev_ctx);\n"
           "\t\tbreak;\n")]),
    # kind: put of an error pointer (eventfd_ctx_fdget() result not tested before the put)
    case("7353633814f6e5b4899fb9ee1483709d6bb0e1cd",
         "6.0 stable review mail 31047941655; kvm for-linus pull request 6265273339",
         "KVM: x86/xen: Fix eventfd error handling in kvm_xen_eventfd_assign() (IS_ERR eventfd "
         "reaches eventfd_ctx_put() through the common out: label)",
         "arch/x86/kvm/xen.c", "kvm_xen_eventfd_assign", "err-ptr",
         [("\t\tif (data->u.evtchn.deliver.port.port != data->u.evtchn.send_port)\n"
           "\t\t\tgoto out_noeventfd; /* -EINVAL */\n",
           "\t\tif (data->u.evtchn.deliver.port.port != data->u.evtchn.send_port)\n"
           "\t\t\tgoto out; /* -EINVAL */\n"),
          ("\t\t\tif (data->u.evtchn.deliver.port.port >= max_evtchn_port(kvm))\n"
           "\t\t\t\tgoto out_noeventfd; /* -EINVAL */\n",
           "\t\t\tif (data->u.evtchn.deliver.port.port >= max_evtchn_port(kvm))\n"
           "\t\t\t\tgoto out; /* -EINVAL */\n"),
          ("\t\t\t\tret = PTR_ERR(eventfd);\n\t\t\t\tgoto out_noeventfd;\n",
           "\t\t\t\tret = PTR_ERR(eventfd);\n\t\t\t\tgoto out;\n"),
          ("\t\teventfd_ctx_put(eventfd);\nout_noeventfd:\n\tkfree(evtchnfd);",
           "\t\teventfd_ctx_put(eventfd);\n\tkfree(evtchnfd);")]),
    # kind: double put (eventfd put through a field that is not cleared; the
    # function runs two or three times per ffs_data)
    case("b1e0887379422975f237d43d8839b751a6bcf154", "git log listing 66880624209 (usb-linus push)",
         "usb: gadget: f_fs: Clear ffs_eventfd in ffs_data_clear. (ffs_data_clear() runs more than "
         "once and puts ffs->ffs_eventfd each time)",
         "drivers/usb/gadget/function/f_fs.c", "ffs_data_clear", "fget-double-put",
         [("\tif (ffs->ffs_eventfd) {\n\t\teventfd_ctx_put(ffs->ffs_eventfd);\n"
           "\t\tffs->ffs_eventfd = NULL;\n\t}\n",
           "\tif (ffs->ffs_eventfd)\n\t\teventfd_ctx_put(ffs->ffs_eventfd);\n")]),
    # kind: anon inode published by fd_install() before the work is done (the
    # cache pin count is taken after the install; the daemon then close_fd()s
    # the installed fd when copy_to_user() fails)
    case("4b4391e77a6bf24cba2ef1590e113d9b73b11039",
         "stable review mail 8893189234 (CVE-2024-40913)",
         "cachefiles: defer exposing anon_fd until after copy_to_user() succeeds (put back in "
         "6.1.192's ondemand_anon_file form: fd_install() in get_fd, close_fd() in daemon_read)",
         "fs/cachefiles/ondemand.c", "cachefiles_ondemand_get_fd", "fd-installed",
         [("\tanon_file->file->f_mode |= FMODE_PWRITE | FMODE_LSEEK;\n\n\tload = ",
           "\tanon_file->file->f_mode |= FMODE_PWRITE | FMODE_LSEEK;\n"
           "\tfd_install(anon_file->fd, anon_file->file);\n\n\tload = ")],
         extra=[("fs/cachefiles/ondemand.c", "cachefiles_ondemand_daemon_read",
                 [("\tif (copy_to_user(_buffer, msg, n) != 0)\n\t\tret = -EFAULT;\n\n"
                   "\tif (msg->opcode == CACHEFILES_OP_OPEN) {\n\t\tif (ret < 0) {\n"
                   "\t\t\tfput(anon_file.file);\n\t\t\tput_unused_fd(anon_file.fd);\n"
                   "\t\t\tgoto out;\n\t\t}\n\t\tfd_install(anon_file.fd, anon_file.file);\n\t}\n",
                   "\tif (copy_to_user(_buffer, msg, n) != 0) {\n\t\tret = -EFAULT;\n"
                   "\t\tif (msg->opcode == CACHEFILES_OP_OPEN)\n"
                   "\t\t\tclose_fd(((struct cachefiles_open *)msg->data)->fd);\n\t}\n")])]),
    # kind: missing NULL test of a lookup result (sockfd_lookup() failure
    # returned as NULL to callers that test IS_ERR() only)
    case("defd8b3c37b0f9cb3e0f60f47d3d78d459d57fda", "stable review mail 17192362947 (CVE-2024-46677)",
         "gtp: fix a potential NULL pointer dereference (gtp_encap_enable_socket() returns NULL "
         "when sockfd_lookup() fails; its callers test IS_ERR() only)",
         "drivers/net/gtp.c", "gtp_encap_enable_socket", "fget-null-deref",
         [("\t\tpr_debug(\"gtp socket fd=%d not found\\n\", fd);\n\t\treturn ERR_PTR(err);\n",
           "\t\tpr_debug(\"gtp socket fd=%d not found\\n\", fd);\n\t\treturn NULL;\n")]),
    # kind: missing NULL test (empty fixed-file slot, get_file(NULL))
    case("16bbdfe5fb0e78e0acb13e45fc127e9a296913f2",
         "stable review mail 27414765102 (CVE-2022-50295); io_uring-6.1 push listing 67599246661",
         "io_uring/msg_ring: Fix NULL pointer dereference in io_msg_send_fd() (file taken from an "
         "empty fixed-file slot and passed to get_file(); 6.1.192 has the code in io_msg_grab_file())",
         "io_uring/msg_ring.c", "io_msg_grab_file", "unchecked-pass",
         [("\t\tif (file)\n\t\t\tget_file(file);\n", "\t\tget_file(file);\n")]),
    # kind: leak of a socket on an error path (the socket the caller created
    # and handed over)
    case("dcc14cfd7debe11b825cb077e75d91d2575b4cb8",
         "stable review mail 30867236310 (CVE-2022-49020); git log listing 67136048718",
         "net/9p: Fix a potential socket leak in p9_socket_open (csocket not released when the "
         "p9_trans_fd allocation fails)",
         "net/9p/trans_fd.c", "p9_socket_open", "fget-leak",
         [("\tif (!p) {\n\t\tsock_release(csocket);\n\t\treturn -ENOMEM;\n\t}\n",
           "\tif (!p)\n\t\treturn -ENOMEM;\n")]),
    # kind: missing fdput() (and the fd read from the wrong union field: a
    # second lookup of another fd than the one bpf_map_do_batch() checked)
    case("fda7a38714f40b635f5502ec4855602c6b33dad2",
         "5.14 stable review mail 21716270623; git log listing 66040492304",
         "bpf: Fix error usage of map_fd and fdget() in generic_map_update_batch() (fdget() of "
         "attr->map_fd with no fdput(), early returns after it)",
         "kernel/bpf/syscall.c", "generic_map_update_batch", "leak",
         [("\tint ufd = attr->batch.map_fd;\n", "\tint ufd = attr->map_fd;\n"),
          ("\tint err = 0;\n\n\tif (attr->batch.elem_flags & ~BPF_F_LOCK)",
           "\tint err = 0;\n\n\tf = fdget(ufd);\n\tif (attr->batch.elem_flags & ~BPF_F_LOCK)"),
          ("\tf = fdget(ufd); /* bpf_map_do_batch() guarantees ufd is valid */\n", ""),
          ("\tkvfree(key);\n\tfdput(f);\n\treturn err;", "\tkvfree(key);\n\treturn err;")]),
    # kind: double put (the callee puts the file it is given when it fails, and
    # the msg_ring caller's cleanup puts it again)
    case("9d94c04c0db024922e886c9fd429659f22f48ea4",
         "git log listing 67136048718; CVE-2023-2236 write-up 647648033 (torvalds commit URL); "
         "applied mail with the KASAN report 476429591",
         "io_uring/filetable: fix file reference underflow (io_install_fixed_file() fput()s on "
         "failure, callers put again; diff reconstructed from the report: the put moved to "
         "io_fixed_fd_install())",
         "io_uring/filetable.c", "io_install_fixed_file", "fget-double-put",
         [("err:\n\tif (needs_switch)\n\t\tio_rsrc_node_switch(ctx, ctx->file_data);\n\treturn ret;",
           "err:\n\tif (needs_switch)\n\t\tio_rsrc_node_switch(ctx, ctx->file_data);\n"
           "\tif (ret)\n\t\tfput(file);\n\treturn ret;")],
         extra=[("io_uring/filetable.c", "io_fixed_fd_install",
                 [("\tio_ring_submit_unlock(ctx, issue_flags);\n\n\tif (unlikely(ret < 0))\n"
                   "\t\tfput(file);\n\treturn ret;",
                   "\tio_ring_submit_unlock(ctx, issue_flags);\n\treturn ret;")])]),
    # kind: error pointer stored (eventfd_ctx_fdget() error installed in
    # v->config_ctx, where the config callback can use it, before it is reset)
    case("e74a9fa50749b9940b4fb13199652325e08d3c4a",
         "git log listing 68302537555 (mainline, 7.3-rc3 merges)",
         "vhost-vdpa: don't install the eventfd_ctx_fdget() error in config_ctx",
         "drivers/vhost/vdpa.c", "vhost_vdpa_set_config_call", "err-ptr",
         [("\tctx = fd == VHOST_FILE_UNBIND ? NULL : eventfd_ctx_fdget(fd);\n"
           "\tif (IS_ERR(ctx))\n\t\treturn PTR_ERR(ctx);\n\n\tswap(ctx, v->config_ctx);\n\n"
           "\tif (ctx)\n\t\teventfd_ctx_put(ctx);\n",
           "\tctx = fd == VHOST_FILE_UNBIND ? NULL : eventfd_ctx_fdget(fd);\n"
           "\tswap(ctx, v->config_ctx);\n\n\tif (!IS_ERR_OR_NULL(ctx))\n\t\teventfd_ctx_put(ctx);\n\n"
           "\tif (IS_ERR(v->config_ctx)) {\n\t\tlong ret = PTR_ERR(v->config_ctx);\n\n"
           "\t\tv->config_ctx = NULL;\n\t\treturn ret;\n\t}\n")]),
    # kind: dma-buf fd published before the copy_to_user() that reports it
    # (on failure the fd stays installed and unknown to userspace)
    case("30d0aff2c65a277135cfd8ea28fa1ee75e0ea4e0",
         "git log listings 66127708133 / 69808238175; patch mail 61533322162 (v2)",
         "dma-buf: dma-heap: don't publish fd before copy_to_user() succeeds (6.1.192's backport "
         "adds dma_buf_fd_install(); put back as install-then-copy in dma_heap_ioctl(), the "
         "upstream pre-fix order)",
         "drivers/dma-buf/dma-heap.c", "dma_heap_ioctl", "fd-installed",
         [("\t\tif (copy_to_user((void __user *)arg, kdata, out_size) != 0) {\n"
           "\t\t\tput_unused_fd(fd);\n\t\t\tdma_buf_put(dmabuf);\n\t\t\tret = -EFAULT;\n"
           "\t\t} else {\n\t\t\tdma_buf_fd_install(dmabuf, fd);\n\t\t}\n",
           "\t\tdma_buf_fd_install(dmabuf, fd);\n"
           "\t\tif (copy_to_user((void __user *)arg, kdata, out_size) != 0)\n"
           "\t\t\tret = -EFAULT;\n")]),
    # kind: anon inode installed while the object its private_data points to
    # holds no reference for it (the stats file outlives the VM)
    case("eed3013faa401aae662398709410a59bb0646e32", "stable review mail 23862346436",
         "KVM: Grab a reference to KVM for VM and vCPU stats file descriptors (VM side put back; "
         "the release that drops the reference emptied)",
         "virt/kvm/kvm_main.c", "kvm_vm_ioctl_get_stats_fd", "fd-installed",
         [("\t}\n\n\tkvm_get_kvm(kvm);\n\n\tfile->f_mode |= FMODE_PREAD;",
           "\t}\n\tfile->f_mode |= FMODE_PREAD;")],
         extra=[("virt/kvm/kvm_main.c", "kvm_vm_stats_release",
                 [("\tstruct kvm *kvm = file->private_data;\n\n\tkvm_put_kvm(kvm);\n\treturn 0;",
                   "\treturn 0;")])]),
    # kind: leak of a dma_buf_get() reference on an error path
    case("f739416dc555fa205a785e5135d73fa39b26f35d", "git log listing 65716677396 (mainline)",
         "drm/vmwgfx: drop dma_buf reference on foreign-fd prime import (ttm_prime_fd_to_handle() "
         "returns -ENOSYS without dma_buf_put())",
         "drivers/gpu/drm/vmwgfx/ttm_object.c", "ttm_prime_fd_to_handle", "fget-leak",
         [("\tif (dma_buf->ops != &tdev->ops) {\n\t\tret = -ENOSYS;\n\t\tgoto out;\n\t}\n",
           "\tif (dma_buf->ops != &tdev->ops)\n\t\treturn -ENOSYS;\n"),
          ("\nout:\n\tdma_buf_put(dma_buf);", "\n\tdma_buf_put(dma_buf);")]),
    # kind: leak of files held by an object that is freed (the superseded
    # transaction's fd fixups, each holding a struct file reference)
    case("c4c02084d6687d5cd5edccaf52cc45e5160f1184",
         "git log listings 69610713130 / 71284357711; patch mail 60542238020",
         "binder: fix leaked fd fixups on TF_UPDATE_TXN supersede (t_outdated kfree()d without "
         "binder_free_txn_fixups())",
         "drivers/android/binder.c", "binder_proc_transaction", "fget-leak",
         [("\t\tbinder_free_txn_fixups(t_outdated);\n\t\tkfree(t_outdated);\n",
           "\t\tkfree(t_outdated);\n")]),
    # kind: leak of the registered ring files when exec frees the task context
    case("12d908116f7efd34f255a482b9afc729d7a5fb78",
         "6.12 stable review mail 519054403; git log listing 65767118273",
         "io_uring: Fix registered ring file refcount leak (io_uring_unreg_ringfd() only on exit, "
         "not on execve, which frees the tctx holding the ring files)",
         "io_uring/io_uring.c", "__io_uring_cancel", "fget-leak",
         [("{\n\tio_uring_unreg_ringfd();\n\tio_uring_cancel_generic(cancel_all, NULL);",
           "{\n\tio_uring_cancel_generic(cancel_all, NULL);")],
         extra=[("include/linux/io_uring.h", "io_uring_files_cancel",
                 [("\tif (current->io_uring)\n\t\t__io_uring_cancel(false);\n",
                   "\tif (current->io_uring) {\n\t\tio_uring_unreg_ringfd();\n"
                   "\t\t__io_uring_cancel(false);\n\t}\n")])]),
    # kind: leak of a fence reference in the sync-file export ioctl
    case("dfced44f122c500004a48ecc8db516bb6a295a1b", "stable review mail 14000336577 (CVE-2022-49137)",
         "drm/amd/amdgpu/amdgpu_cs: fix refcount leak of a dma_fence obj (default case of "
         "amdgpu_cs_fence_to_handle_ioctl() returns without dma_fence_put())",
         "drivers/gpu/drm/amd/amdgpu/amdgpu_cs.c", "amdgpu_cs_fence_to_handle_ioctl", "fget-leak",
         [("\tdefault:\n\t\tdma_fence_put(fence);\n\t\treturn -EINVAL;",
           "\tdefault:\n\t\treturn -EINVAL;")]),
    # kind: use of a file without a reference (vfs_poll() on a file whose last
    # fput() may be running)
    case("4efaa5acf0a1d2b5947f98abb3acf8bfd966422b",
         "6.1 stable review mail 39525199404 (CVE-2024-38580)",
         "epoll: be better about file lifetimes (ep_item_poll() polls epi->ffd.file without "
         "taking a reference)",
         "fs/eventpoll.c", "ep_item_poll", "fget-use-after-put",
         [("\tstruct file *file = epi_fget(epi);\n\t__poll_t res;\n\n\t/*\n"
           "\t * We could return EPOLLERR | EPOLLHUP or something, but let's\n"
           "\t * treat this more as \"file doesn't exist, poll didn't happen\".\n\t */\n"
           "\tif (!file)\n\t\treturn 0;\n\n",
           "\tstruct file *file = epi->ffd.file;\n\t__poll_t res;\n\n"),
          ("\t\tres = __ep_eventpoll_poll(file, pt, depth);\n\tfput(file);\n",
           "\t\tres = __ep_eventpoll_poll(file, pt, depth);\n")]),
    # kind: leak of a dma_buf_get() reference (on every path)
    case("fff111bf45cbeeb659324316d68554e35d350092",
         "6.1 stable review mail 40864513883 (CVE-2025-68252)",
         "misc: fastrpc: Fix dma_buf object leak in fastrpc_map_lookup",
         "drivers/misc/fastrpc.c", "fastrpc_map_lookup", "fget-leak",
         [("\tspin_unlock(&fl->lock);\n\n\tdma_buf_put(buf);\n\n\treturn ret;",
           "\tspin_unlock(&fl->lock);\n\n\treturn ret;")]),
    # kind: double put (field not cleared after eventfd_ctx_put(); put again
    # when the device is reopened and released)
    case("f6bbf0010ba004f5e90c7aefdebc0ee4bd3283b9",
         "stable review mail 38009765453 (CVE-2021-29266); vhost push listing 66696332269",
         "vhost-vdpa: fix use-after-free of v->config_ctx", "drivers/vhost/vdpa.c",
         "vhost_vdpa_config_put", "fget-double-put",
         [("\tif (v->config_ctx) {\n\t\teventfd_ctx_put(v->config_ctx);\n"
           "\t\tv->config_ctx = NULL;\n\t}\n",
           "\tif (v->config_ctx)\n\t\teventfd_ctx_put(v->config_ctx);\n")]),
    # kind: missing NULL test of an fget() result (stored for the waiter, which
    # uses it)
    case("02551c23bcd85f0c68a8259c7b953d49d44f86af", "4.4 AUTOSEL mail 16230714458",
         "coda: add error handling for fget (coda_psdev_write() stores fget(outp->fd) unchecked)",
         "fs/coda/psdev.c", "coda_psdev_write", "fget-null-deref",
         [("\t\tif (!outp->oh.result) {\n\t\t\toutp->fh = fget(outp->fd);\n"
           "\t\t\tif (!outp->fh)\n\t\t\t\treturn -EBADF;\n\t\t}\n",
           "\t\tif (!outp->oh.result)\n\t\t\toutp->fh = fget(outp->fd);\n")]),
]

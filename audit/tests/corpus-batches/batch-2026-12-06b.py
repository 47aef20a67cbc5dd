# SPDX-License-Identifier: GPL-2.0
"""Corpus batch of 2026-12-06, second batch (issue 23 item 1): upstream
fd/file/reference lifetime fixes that are not in tests/corpus nor in
batch-2026-12-06.py (neither the commit ids nor the functions), put back
into the 6.1.192 code of their functions.  Scored alone, at first sight
(the rules as they are before this batch), with

    CORPUS_CASES=audit/tests/corpus-batches/batch-2026-12-06b.py \\
        audit/tests/corpus /var/tmp/fdsafe/linux-6.1

How the cases were chosen: the Linux kernel CVE team's announcements
(a copy of kernel-security-vulns, cve/published/*/CVE-*.mbox, 14,626
announcements) were filtered by words of fd/file/reference lifetime in
their subject or text (fput, fdget, fget, fd_install, sockfd, dma_buf,
eventfd, sync_file, anon_inode, get_file, put_unused_fd, bpf_prog_put,
"file/socket/fence ... leak/double/use-after-free/refcount/NULL"; a second
pass added fdput, ksmbd_fd_put, bpf_link, get_unused_fd, close_fd,
receive_fd and the like) and the hits gone through in CVE order; a hit
was taken when it is a reference lifetime bug of a file, struct fd,
socket, dma-buf, fence/sync file, eventfd, bpf object or another counted
object, its function exists in 6.1.192, and the pre-fix code can be put
back from the announcement, the stable review mail carrying the diff
(found by the fix id with find_string) and the 6.1.192 code.  Dropped
hits and the reason are in the commit messages that added this file.
The rule of each case was picked from the rules' /// headers before any
run; the "kind" comment says what the bug is.

Loaded by tests/corpus with case() in scope (see its CORPUS_CASES).  Each
case: upstream (mainline) fix commit id as the CVE announcement gives it,
where it was found (the announcement's document id for the read_file
search tool, repository thefossguy-ciq/kernel-security-vulns), title,
6.1 path, function, rule, edits (fixed text, buggy text) applied inside
that function, extra functions the fix also touched.  The announcements
carry the commit message, not the diff: where the diff is not quoted in
the message, the pre-fix code is reconstructed from the message and the
6.1.192 backport (noted per case, as are other fidelity issues).
"""

CASES = [
    # kind: leak of a struct fd on an early return (fdget() then return
    # without fdput() when strncpy_from_user() of the name fails).  6.1 copies
    # the name inside removexattr(): the put back adds the upstream pre-fix
    # copy to fremovexattr() (the fixed side has no copy at all)
    case("a71874379ec8c6e788a61d71b3ad014a8d9a5c08",
         "CVE-2024-14027 announcement 54179680699",
         "fs/xattr: missing fdput() in fremovexattr error path (fixed upstream by \"xattr: switch "
         "to CLASS(fd)\")",
         "fs/xattr.c", "fremovexattr", "leak",
         [("\tstruct fd f = fdget(fd);\n\tint error = -EBADF;\n\n\tif (!f.file)\n\t\treturn error;\n"
           "\taudit_file(f.file);\n",
           "\tstruct fd f = fdget(fd);\n\tchar kname[XATTR_NAME_MAX + 1];\n\tint error = -EBADF;\n\n"
           "\tif (!f.file)\n\t\treturn error;\n\taudit_file(f.file);\n\n"
           "\terror = strncpy_from_user(kname, name, sizeof(kname));\n"
           "\tif (error == 0 || error == sizeof(kname))\n\t\terror = -ERANGE;\n"
           "\tif (error < 0)\n\t\treturn error;\n\n")]),
    # kind: leak of a bpf prog taken by fd (bpf_prog_get_type(attach_bpf_fd))
    # on an error path: early return instead of the common bpf_prog_put()
    case("e89f3edffb860a0f54a9ed16deadb7a4a1fa3862",
         "CVE-2022-50855 announcement 35822308620",
         "bpf: prevent leak of lsm program after failed attach (bpf_prog_attach() returns "
         "-EINVAL for a non-BPF_LSM_CGROUP LSM prog without bpf_prog_put())",
         "kernel/bpf/syscall.c", "bpf_prog_attach", "fget-leak",
         [("\t\tif (ptype == BPF_PROG_TYPE_LSM &&\n\t\t    prog->expected_attach_type != BPF_LSM_CGROUP)\n"
           "\t\t\tret = -EINVAL;\n\t\telse\n\t\t\tret = cgroup_bpf_prog_attach(attr, ptype, prog);\n",
           "\t\tif (ptype == BPF_PROG_TYPE_LSM &&\n\t\t    prog->expected_attach_type != BPF_LSM_CGROUP)\n"
           "\t\t\treturn -EINVAL;\n\n\t\tret = cgroup_bpf_prog_attach(attr, ptype, prog);\n")]),
    # kind: double put of a socket (eval stays __SK_REDIRECT across the
    # more_data loop, sock_put(sk_redir) runs once per round)
    case("7a9841ca025275b5b0edfb0b618934abb6ceec15",
         "CVE-2022-50536 announcement 35432172637",
         "bpf, sockmap: Fix repeated calls to sock_put() when msg has more_data "
         "(tcp_bpf_send_verdict())",
         "net/ipv4/tcp_bpf.c", "tcp_bpf_send_verdict", "fget-double-put",
         [("\tu32 eval;\n", "\tu32 eval = __SK_NONE;\n"),
          ("\t\ttosend = psock->apply_bytes;\n\teval = __SK_NONE;\n",
           "\t\ttosend = psock->apply_bytes;\n")]),
    # kind: use after put of a socket (the tun_file's own sock reference
    # dropped inside __tun_detach(), before the caller's netdev_state_change()
    # and rtnl_unlock() reach the struct net it pins; the put moved to the
    # caller)
    case("5daadc86f27ea4d691e2131c04310d0418c6cd12",
         "CVE-2022-49014 announcement 35544642908; 6.0 stable review mail 30965961249 (diff)",
         "net: tun: Fix use-after-free in tun_detach() (sock_put() of the tfile in __tun_detach() "
         "under rtnl, before the unregister completes in rtnl_unlock())",
         "drivers/net/tun.c", "__tun_detach", "fget-use-after-put",
         [("\t\tif (tun)\n\t\t\txdp_rxq_info_unreg(&tfile->xdp_rxq);\n"
           "\t\tptr_ring_cleanup(&tfile->tx_ring, tun_ptr_free);\n\t}\n",
           "\t\tif (tun)\n\t\t\txdp_rxq_info_unreg(&tfile->xdp_rxq);\n"
           "\t\tptr_ring_cleanup(&tfile->tx_ring, tun_ptr_free);\n\t\tsock_put(&tfile->sk);\n\t}\n")],
         extra=[("drivers/net/tun.c", "tun_detach",
                 [("\trtnl_unlock();\n\n\tif (clean)\n\t\tsock_put(&tfile->sk);\n",
                   "\trtnl_unlock();\n")])]),
    # kind: missing NULL test of an eventfd_ctx field (the loopback trigger
    # calls the handler, which signals irq->trigger, NULL when no eventfd
    # was set or after it was set to -1)
    case("7447d911af699a15f8d050dfcb7c680a86f87012",
         "CVE-2024-26814 announcement 35715659731; stable review mail 39842757761 (diff)",
         "vfio/fsl-mc: Block calling interrupt handler without trigger",
         "drivers/vfio/fsl-mc/vfio_fsl_mc_intr.c", "vfio_fsl_mc_set_irq_trigger", "fget-null-deref",
         [("\tif (flags & VFIO_IRQ_SET_DATA_NONE) {\n\t\tif (irq->trigger)\n"
           "\t\t\teventfd_signal(irq->trigger, 1);\n\n"
           "\t} else if (flags & VFIO_IRQ_SET_DATA_BOOL) {\n\t\tu8 trigger = *(u8 *)data;\n\n"
           "\t\tif (trigger && irq->trigger)\n\t\t\teventfd_signal(irq->trigger, 1);\n\t}\n",
           "\tif (flags & VFIO_IRQ_SET_DATA_NONE) {\n\t\tvfio_fsl_mc_irq_handler(hwirq, irq);\n\n"
           "\t} else if (flags & VFIO_IRQ_SET_DATA_BOOL) {\n\t\tu8 trigger = *(u8 *)data;\n\n"
           "\t\tif (trigger)\n\t\t\tvfio_fsl_mc_irq_handler(hwirq, irq);\n\t}\n")]),
    # kind: use after put of a socket (release_sock() after the sock_put()
    # that may drop the last reference)
    case("ce3aee7114c575fab32a5e9e939d4bbb3dcca79f",
         "CVE-2023-54142 announcement 35574938604",
         "gtp: Fix use-after-free in __gtp_encap_destroy()",
         "drivers/net/gtp.c", "__gtp_encap_destroy", "fget-use-after-put",
         [("\t\trcu_assign_sk_user_data(sk, NULL);\n\t\trelease_sock(sk);\n\t\tsock_put(sk);\n"
           "\t\treturn;\n\t}\n",
           "\t\trcu_assign_sk_user_data(sk, NULL);\n\t\tsock_put(sk);\n\t}\n")]),
    # kind: use after put of a dma_fence (dma_fence_wait() on the fence
    # after dma_fence_put() dropped the caller's reference)
    case("7150850146ebfa4ca998f653f264b8df6f7f85be",
         "CVE-2026-31566 announcement 54096076129",
         "drm/amdgpu: Fix fence put before wait in amdgpu_amdkfd_submit_ib",
         "drivers/gpu/drm/amd/amdgpu/amdgpu_amdkfd.c", "amdgpu_amdkfd_submit_ib", "fget-use-after-put",
         [("\tret = dma_fence_wait(f, false);\n"
           "\t/* Drop the returned fence reference after the wait completes */\n\tdma_fence_put(f);\n",
           "\tdma_fence_put(f);\n\tret = dma_fence_wait(f, false);\n")]),
    # kind: leak of a socket reference (the looked-up sk) on early returns
    case("8b26ff7af8c32cb4148b3e147c52f9e4c695209c",
         "CVE-2024-46855 announcement 35416541052; stable review mail 5660534248 (diff)",
         "netfilter: nft_socket: fix sk refcount leaks (nft_socket_eval() returns without "
         "sock_gen_put() of the socket nft_socket_do_lookup() found)",
         "net/netfilter/nft_socket.c", "nft_socket_eval", "fget-leak",
         [("\t\t\t*dest = READ_ONCE(sk->sk_mark);\n\t\t} else {\n\t\t\tregs->verdict.code = NFT_BREAK;\n"
           "\t\t\tgoto out_put_sk;\n",
           "\t\t\t*dest = READ_ONCE(sk->sk_mark);\n\t\t} else {\n\t\t\tregs->verdict.code = NFT_BREAK;\n"
           "\t\t\treturn;\n"),
          ("\t\tif (!sk_fullsock(sk)) {\n\t\t\tregs->verdict.code = NFT_BREAK;\n\t\t\tgoto out_put_sk;\n",
           "\t\tif (!sk_fullsock(sk)) {\n\t\t\tregs->verdict.code = NFT_BREAK;\n\t\t\treturn;\n"),
          ("\t\tif (!nft_sock_get_eval_cgroupv2(dest, sk, pkt, priv->level)) {\n"
           "\t\t\tregs->verdict.code = NFT_BREAK;\n\t\t\tgoto out_put_sk;\n",
           "\t\tif (!nft_sock_get_eval_cgroupv2(dest, sk, pkt, priv->level)) {\n"
           "\t\t\tregs->verdict.code = NFT_BREAK;\n\t\t\treturn;\n"),
          ("\t}\n\nout_put_sk:\n\tif (sk != skb->sk)", "\t}\n\n\tif (sk != skb->sk)")]),
    # kind: leak of a sync_file (its struct file) on the error path: only
    # put_unused_fd() of the reserved fd, the file from sync_file_create()
    # is never put
    case("f681c2aa8676a890eacc84044717ab0fd26e058f",
         "CVE-2025-38409 announcement 35623225136",
         "drm/msm: Fix another leak in the submit error path (sync_file not freed when the "
         "submit fails)",
         "drivers/gpu/drm/msm/msm_gem_submit.c", "msm_ioctl_gem_submit", "fget-leak",
         [("\t\tif (out_fence_fd >= 0)\n\t\t\tput_unused_fd(out_fence_fd);\n"
           "\t\tif (sync_file)\n\t\t\tfput(sync_file->file);\n",
           "\t\tif (out_fence_fd >= 0)\n\t\t\tput_unused_fd(out_fence_fd);\n")]),
    # kind: teardown leak of fences (the submit's release frees it without
    # drm_sched_job_cleanup() when the job was never pushed: the scheduler
    # fence it holds is never put)
    case("5d319f75ccf7f0927425a7545aa1a22b3eedc189",
         "CVE-2025-38410 announcement 35435471802",
         "drm/msm: Fix a fence leak in submit error path (__msm_gem_submit_destroy())",
         "drivers/gpu/drm/msm/msm_gem_submit.c", "__msm_gem_submit_destroy", "fget-leak",
         [("\t/*\n\t * In error paths, we could unref the submit without calling\n"
           "\t * drm_sched_entity_push_job(), so msm_job_free() will never\n"
           "\t * get called.  Since drm_sched_job_cleanup() will NULL out\n"
           "\t * s_fence, we can use that to detect this case.\n\t */\n"
           "\tif (submit->base.s_fence)\n\t\tdrm_sched_job_cleanup(&submit->base);\n\n", "")]),
    # kind: leak of a counted object (nlm_file, which holds the opened
    # files) on an error path: the cached entry's f_count is raised and
    # *result set although the open failed, and callers drop neither
    case("70a38f87bed7f0694fd07988b47b2db1e10d8df3",
         "CVE-2026-72218 announcement 57896336229",
         "lockd: Plug nlm_file refcount leak on cached nlm_do_fopen() failure (nlm_lookup_file())",
         "fs/lockd/svcsubs.c", "nlm_lookup_file", "fget-leak",
         [("\t\t\tmutex_unlock(&file->f_mutex);\n\t\t\tif (nfserr)\n\t\t\t\tgoto out_unlock;\n"
           "\t\t\tgoto found;\n",
           "\t\t\tmutex_unlock(&file->f_mutex);\n\t\t\tgoto found;\n")]),
    # kind: file taken from an object's field and used without a reference
    # (write and llseek on object->file race with the withdrawal's fput() of
    # it, which the fix also moved under object->lock); 6.1.192's return
    # value handling is kept
    case("31ad74b20227ce6b40910ff78b1c604e42975cf1",
         "CVE-2024-56549 announcement 35776239431; stable review mail 14890995182 (diff)",
         "cachefiles: Fix NULL pointer dereference in object->file "
         "(cachefiles_ondemand_fd_write_iter()/_llseek() use object->file without get_file())",
         "fs/cachefiles/ondemand.c", "cachefiles_ondemand_fd_write_iter", "fget-use-after-put",
         [("\tstruct file *file;\n\tsize_t len = iter->count;", "\tstruct file *file = object->file;\n"
           "\tsize_t len = iter->count;"),
          ("\tspin_lock(&object->lock);\n\tfile = object->file;\n\tif (!file) {\n"
           "\t\tspin_unlock(&object->lock);\n\t\treturn -ENOBUFS;\n\t}\n\tget_file(file);\n"
           "\tspin_unlock(&object->lock);\n",
           "\tif (!file)\n\t\treturn -ENOBUFS;\n"),
          ("\tif (ret < 0)\n\t\tgoto out;\n", "\tif (ret < 0)\n\t\treturn ret;\n"),
          ("\t\tkiocb->ki_pos += ret;\n\nout:\n\tfput(file);\n\treturn ret;",
           "\t\tkiocb->ki_pos += ret;\n\n\treturn ret;")],
         extra=[("fs/cachefiles/ondemand.c", "cachefiles_ondemand_fd_llseek",
                 [("\tstruct file *file;\n\tloff_t ret;\n\n\tspin_lock(&object->lock);\n"
                   "\tfile = object->file;\n\tif (!file) {\n\t\tspin_unlock(&object->lock);\n"
                   "\t\treturn -ENOBUFS;\n\t}\n\tget_file(file);\n\tspin_unlock(&object->lock);\n\n"
                   "\tret = vfs_llseek(file, pos, whence);\n\tfput(file);\n\n\treturn ret;",
                   "\tstruct file *file = object->file;\n\n\tif (!file)\n\t\treturn -ENOBUFS;\n\n"
                   "\treturn vfs_llseek(file, pos, whence);")]),
                ("fs/cachefiles/interface.c", "cachefiles_clean_up_object",
                 [("\tstruct file *file;\n\n\tif (test_bit(", "\tif (test_bit("),
                  ("\tspin_lock(&object->lock);\n\tfile = object->file;\n\tobject->file = NULL;\n"
                   "\tspin_unlock(&object->lock);\n\n\tif (file)\n\t\tfput(file);\n",
                   "\tif (object->file) {\n\t\tfput(object->file);\n\t\tobject->file = NULL;\n\t}\n")])]),
    # kind: put of a failed lookup (dlm_grab() result ignored: the open
    # stores the raw pointer and the file's ->release dlm_put()s a reference
    # that was never taken)
    case("03ad858ce8064861ea580021976dc19b7aabb549",
         "CVE-2026-74348 announcement 57510459166",
         "ocfs2/dlm: require a ref for locking_state debugfs open (debug_lockres_open())",
         "fs/ocfs2/dlm/dlmdebug.c", "debug_lockres_open", "fget-double-put",
         [("\t/* ->release uses dl_ctxt after open, so it needs a real pin. */\n"
           "\tdl->dl_ctxt = dlm_grab(dlm);\n\tif (!dl->dl_ctxt) {\n\t\tstatus = -ENOENT;\n"
           "\t\tgoto bailseq;\n\t}\n\n\treturn 0;\n\nbailseq:\n\tseq_release_private(inode, file);\n",
           "\tdlm_grab(dlm);\n\tdl->dl_ctxt = dlm;\n\n\treturn 0;\n\n"),
          ("bail:\n\tif (status != -ENOENT)\n\t\tmlog_errno(status);\n",
           "bail:\n\tmlog_errno(status);\n")]),
    # kind: an open file's private data kept without a reference (the
    # exports seq file points into the net namespace's export cache; the
    # namespace can be torn down while the fd is open).  Upstream the
    # release ops were seq_release() itself (the fix added exports_release());
    # the put back empties the put_net() of 6.1.192's exports_release() instead
    case("e7fcf179b82d3a3730fd8615da01b087cc654d0b",
         "CVE-2026-31403 announcement 54069102513; stable review mail 57499440310 (diff)",
         "NFSD: Hold net reference for the lifetime of /proc/fs/nfs/exports fd",
         "fs/nfsd/nfsctl.c", "exports_net_open", "fd-installed",
         [("\tseq->private = nn->svc_export_cache;\n\tget_net(net);\n\treturn 0;",
           "\tseq->private = nn->svc_export_cache;\n\treturn 0;")],
         extra=[("fs/nfsd/nfsctl.c", "exports_release",
                 [("\tstruct seq_file *seq = file->private_data;\n"
                   "\tstruct cache_detail *cd = seq->private;\n\n\tput_net(cd->net);\n"
                   "\treturn seq_release(inode, file);",
                   "\treturn seq_release(inode, file);")])]),
    # kind: socket used without a reference (found under the list lock,
    # handed to the callbacks after the lock is dropped; a concurrent
    # close frees it)
    case("4fa349156043dc119721d067329714179f501749",
         "CVE-2026-68397 announcement 57656663227",
         "net/iucv: take a reference on the socket found in afiucv_hs_rcv()",
         "net/iucv/af_iucv.c", "afiucv_hs_rcv", "fget-use-after-put",
         [("\tif (sk)\n\t\tsock_hold(sk);\n\tread_unlock(&iucv_sk_list.lock);\n",
           "\tread_unlock(&iucv_sk_list.lock);\n"),
          ("\t\tkfree_skb(skb);\n\t}\n\n\tif (sk)\n\t\tsock_put(sk);\n\treturn err;",
           "\t\tkfree_skb(skb);\n\t}\n\n\treturn err;")]),
    # kind: double release of a dma-buf pin (unpinned on the error path,
    # then again by ib_umem_release() because ->pinned stays set); 6.1 has
    # the function as ib_umem_dmabuf_get_pinned() (upstream
    # ib_umem_dmabuf_get_pinned_with_dma_device())
    case("104016eb671e19709721c1b0048dd912dc2e96be",
         "CVE-2026-43128 announcement 56327904165",
         "RDMA/umem: Fix double dma_buf_unpin in failure path",
         "drivers/infiniband/core/umem_dmabuf.c", "ib_umem_dmabuf_get_pinned", "fget-double-put",
         [("\terr = ib_umem_dmabuf_map_pages(umem_dmabuf);\n\tif (err)\n\t\tgoto err_release;\n",
           "\terr = ib_umem_dmabuf_map_pages(umem_dmabuf);\n\tif (err)\n\t\tgoto err_unpin;\n"),
          ("\treturn umem_dmabuf;\n\nerr_release:\n",
           "\treturn umem_dmabuf;\n\nerr_unpin:\n\tdma_buf_unpin(umem_dmabuf->attach);\nerr_release:\n")]),
    # kind: leak of a net_device reference (taken by xdp_convert_md_to_buff()
    # for the ingress ifindex, released only by xdp_convert_buff_to_md(),
    # which the frags error paths skip)
    case("ec69daabe45256f98ac86c651b8ad1b2574489a7",
         "CVE-2026-22994 announcement 25046066988; stable review mail 10049516217 (diff)",
         "bpf: Fix reference count leak in bpf_prog_test_run_xdp()",
         "net/bpf/test_run.c", "bpf_prog_test_run_xdp", "fget-leak",
         [("\t\t\t\tret = -ENOMEM;\n\t\t\t\tgoto out_put_dev;\n\t\t\t}\n\n\t\t\tpage = alloc_page",
           "\t\t\t\tret = -ENOMEM;\n\t\t\t\tgoto out;\n\t\t\t}\n\n\t\t\tpage = alloc_page"),
          ("\t\t\tif (!page) {\n\t\t\t\tret = -ENOMEM;\n\t\t\t\tgoto out_put_dev;\n",
           "\t\t\tif (!page) {\n\t\t\t\tret = -ENOMEM;\n\t\t\t\tgoto out;\n"),
          ("\t\t\t\tret = -EFAULT;\n\t\t\t\tgoto out_put_dev;\n",
           "\t\t\t\tret = -EFAULT;\n\t\t\t\tgoto out;\n"),
          ("\t\tret = bpf_test_run(prog, &xdp, repeat, &retval, &duration, true);\nout_put_dev:\n",
           "\t\tret = bpf_test_run(prog, &xdp, repeat, &retval, &duration, true);\n")]),
    # kind: double put of a bpf prog (the VSI rebuild passes vsi->xdp_prog
    # back in: the xchg() swaps the prog with itself and puts it as the
    # "old" prog while the VSI still holds it); no diff found: reconstructed
    # from the announcement and the comment the fix added (in 6.1.192)
    case("f65ee535df775a13a1046c0a0b2d72db342f8a5b",
         "CVE-2021-47563 announcement 35957463669",
         "ice: avoid bpf_prog refcount underflow (ice_prepare_xdp_rings())",
         "drivers/net/ethernet/intel/ice/ice_main.c", "ice_prepare_xdp_rings", "fget-double-put",
         [("\t/* assign the prog only when it's not already present on VSI;\n"
           "\t * this flow is a subject of both ethtool -L and ndo_bpf flows;\n"
           "\t * VSI rebuild that happens under ethtool -L can expose us to\n"
           "\t * the bpf_prog refcount issues as we would be swapping same\n"
           "\t * bpf_prog pointers from vsi->xdp_prog and calling bpf_prog_put\n"
           "\t * on it as it would be treated as an 'old_prog'; for ndo_bpf\n"
           "\t * this is not harmful as dev_xdp_install bumps the refcount\n"
           "\t * before calling the op exposed by the driver;\n\t */\n"
           "\tif (!ice_is_xdp_ena_vsi(vsi))\n\t\tice_vsi_assign_bpf_prog(vsi, prog);\n",
           "\tice_vsi_assign_bpf_prog(vsi, prog);\n")]),
    # kind: leak of a looked-up object reference (msm_submitqueue_get() by
    # id) on an early return (fence already retired).  Upstream the wait
    # was inline in the ioctl (the fix split out wait_fence()); the put back
    # inlines 6.1.192's wait_fence() (its idr spinlock where upstream then
    # had queue->lock, and its later fence_after() test) with the returns
    # of the pre-fix code
    case("ea0006d390a28012f8187717aea61498b2b341e5",
         "CVE-2021-47530 announcement 35863211935; 5.15 stable review mail 42247109893 (diff)",
         "drm/msm: Fix wait_fence submitqueue leak (msm_ioctl_wait_fence() returns without "
         "msm_submitqueue_put() when the fence is already signalled)",
         "drivers/gpu/drm/msm/msm_drv.c", "msm_ioctl_wait_fence", "fget-leak",
         [("\tstruct msm_gpu_submitqueue *queue;\n\tint ret;\n",
           "\tstruct msm_gpu_submitqueue *queue;\n\tktime_t timeout = to_ktime(args->timeout);\n"
           "\tstruct dma_fence *fence;\n\tint ret;\n"),
          ("\tret = wait_fence(queue, args->fence, to_ktime(args->timeout));\n\n"
           "\tmsm_submitqueue_put(queue);\n\n\treturn ret;",
           "\tif (fence_after(args->fence, queue->last_fence)) {\n"
           "\t\tDRM_ERROR_RATELIMITED(\"waiting on invalid fence: %u (of %u)\\n\",\n"
           "\t\t\t\t      args->fence, queue->last_fence);\n\t\treturn -EINVAL;\n\t}\n\n"
           "\tspin_lock(&queue->idr_lock);\n\tfence = idr_find(&queue->fence_idr, args->fence);\n"
           "\tif (fence)\n\t\tfence = dma_fence_get_rcu(fence);\n\tspin_unlock(&queue->idr_lock);\n\n"
           "\tif (!fence)\n\t\treturn 0;\n\n"
           "\tret = dma_fence_wait_timeout(fence, true, timeout_to_jiffies(&timeout));\n"
           "\tif (ret == 0) {\n\t\tret = -ETIMEDOUT;\n\t} else if (ret != -ERESTARTSYS) {\n"
           "\t\tret = 0;\n\t}\n\n\tdma_fence_put(fence);\n\tmsm_submitqueue_put(queue);\n\n"
           "\treturn ret;")]),
    # kind: leak of a socket reference (the lookup's reference is on the
    # request socket; sk_to_full_sk() returns its listener and the request
    # socket's reference is lost)
    case("3046a827316c0e55fc563b4fb78c93b9ca5c7c37",
         "CVE-2022-49697 announcement 35116210177; stable review mail 33279310193 (diff)",
         "bpf: Fix request_sock leak in sk lookup helpers (__bpf_sk_lookup(), bpf_sk_lookup())",
         "net/core/filter.c", "__bpf_sk_lookup", "fget-leak",
         [("\tif (sk) {\n\t\tstruct sock *sk2 = sk_to_full_sk(sk);\n\n"
           "\t\t/* sk_to_full_sk() may return (sk)->rsk_listener, so make sure the original sk\n"
           "\t\t * sock refcnt is decremented to prevent a request_sock leak.\n\t\t */\n"
           "\t\tif (!sk_fullsock(sk2))\n\t\t\tsk2 = NULL;\n\t\tif (sk2 != sk) {\n"
           "\t\t\tsock_gen_put(sk);\n\t\t\t/* Ensure there is no need to bump sk2 refcnt */\n"
           "\t\t\tif (unlikely(sk2 && !sock_flag(sk2, SOCK_RCU_FREE))) {\n"
           "\t\t\t\tWARN_ONCE(1, \"Found non-RCU, unreferenced socket!\");\n\t\t\t\treturn NULL;\n"
           "\t\t\t}\n\t\t\tsk = sk2;\n\t\t}\n\t}\n",
           "\tif (sk) {\n\t\tsk = sk_to_full_sk(sk);\n\t\tif (!sk_fullsock(sk)) {\n"
           "\t\t\tsock_gen_put(sk);\n\t\t\treturn NULL;\n\t\t}\n\t}\n")],
         extra=[("net/core/filter.c", "bpf_sk_lookup",
                 [("\tif (sk) {\n\t\tstruct sock *sk2 = sk_to_full_sk(sk);\n\n"
                   "\t\t/* sk_to_full_sk() may return (sk)->rsk_listener, so make sure the original sk\n"
                   "\t\t * sock refcnt is decremented to prevent a request_sock leak.\n\t\t */\n"
                   "\t\tif (!sk_fullsock(sk2))\n\t\t\tsk2 = NULL;\n\t\tif (sk2 != sk) {\n"
                   "\t\t\tsock_gen_put(sk);\n\t\t\t/* Ensure there is no need to bump sk2 refcnt */\n"
                   "\t\t\tif (unlikely(sk2 && !sock_flag(sk2, SOCK_RCU_FREE))) {\n"
                   "\t\t\t\tWARN_ONCE(1, \"Found non-RCU, unreferenced socket!\");\n"
                   "\t\t\t\treturn NULL;\n\t\t\t}\n\t\t\tsk = sk2;\n\t\t}\n\t}\n",
                   "\tif (sk) {\n\t\tsk = sk_to_full_sk(sk);\n\t\tif (!sk_fullsock(sk)) {\n"
                   "\t\t\tsock_gen_put(sk);\n\t\t\treturn NULL;\n\t\t}\n\t}\n")])]),
    # kind: leak of an object looked up by handle (drm_syncobj_find() takes
    # a reference; the flags test returns without drm_syncobj_put()).  The
    # flags test (18226ba52159) is not in 6.1: the put back adds it as
    # upstream had it before the fix (the fixed side has no test at all)
    case("e5b93bd6fdb92aa5e4689715d7e8487d9ce66a38",
         "CVE-2026-74393 announcement 57634307861",
         "drm/syncobj: Fix memory leak in drm_syncobj_find_fence()",
         "drivers/gpu/drm/drm_syncobj.c", "drm_syncobj_find_fence", "fget-leak",
         [("\tif (!syncobj)\n\t\treturn -ENOENT;\n\n",
           "\tif (!syncobj)\n\t\treturn -ENOENT;\n\n"
           "\tif (flags & ~DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT)\n\t\treturn -EINVAL;\n\n")]),
    # kind: use after put of an eventfd_ctx (used as the irq bypass token:
    # vhost_vdpa_setup_vq_irq() unregisters the producer whose token is the
    # call eventfd that vhost_vring_ioctl() may have put already)
    case("02e9e9366fefe461719da5d173385b6685f70319",
         "CVE-2024-47748 announcement 35483631252; stable review mail 38535386710 (diff)",
         "vhost_vdpa: assign irq bypass producer token correctly",
         "drivers/vhost/vdpa.c", "vhost_vdpa_setup_vq_irq", "fget-use-after-put",
         [("\tif (irq < 0)\n\t\treturn;\n\n\tif (!vq->call_ctx.ctx)\n\t\treturn;\n\n"
           "\tvq->call_ctx.producer.irq = irq;\n",
           "\tif (irq < 0)\n\t\treturn;\n\n\tirq_bypass_unregister_producer(&vq->call_ctx.producer);\n"
           "\tif (!vq->call_ctx.ctx)\n\t\treturn;\n\n"
           "\tvq->call_ctx.producer.token = vq->call_ctx.ctx;\n\tvq->call_ctx.producer.irq = irq;\n")],
         extra=[("drivers/vhost/vdpa.c", "vhost_vdpa_vring_ioctl",
                 [("\t\tbreak;\n\tcase VHOST_SET_VRING_CALL:\n\t\tif (vq->call_ctx.ctx) {\n"
                   "\t\t\tif (ops->get_status(vdpa) &\n\t\t\t    VIRTIO_CONFIG_S_DRIVER_OK)\n"
                   "\t\t\t\tvhost_vdpa_unsetup_vq_irq(v, idx);\n"
                   "\t\t\tvq->call_ctx.producer.token = NULL;\n\t\t}\n\t\tbreak;\n\t}\n",
                   "\t\tbreak;\n\t}\n"),
                  ("\t\t\tcb.trigger = vq->call_ctx.ctx;\n"
                   "\t\t\tvq->call_ctx.producer.token = vq->call_ctx.ctx;\n"
                   "\t\t\tif (ops->get_status(vdpa) &\n\t\t\t    VIRTIO_CONFIG_S_DRIVER_OK)\n"
                   "\t\t\t\tvhost_vdpa_setup_vq_irq(v, idx);\n",
                   "\t\t\tcb.trigger = vq->call_ctx.ctx;\n"),
                  ("\t\tops->set_vq_cb(vdpa, idx, &cb);\n\t\tbreak;\n",
                   "\t\tops->set_vq_cb(vdpa, idx, &cb);\n\t\tvhost_vdpa_setup_vq_irq(v, idx);\n"
                   "\t\tbreak;\n")]),
                ("drivers/vhost/vdpa.c", "vhost_vdpa_open",
                 [("\t\tvqs[i]->handle_kick = handle_vq_kick;\n\t\tvqs[i]->call_ctx.ctx = NULL;\n",
                   "\t\tvqs[i]->handle_kick = handle_vq_kick;\n")])]),
    # kind: leak of an fget() reference held in a descriptor (get_clock_desc()
    # fget()s the clock fd and takes clk->rwsem; the timespec test placed
    # after it returns without put_clock_desc())
    case("6e62807c7fbb3c758d233018caf94dfea9c65dbd",
         "CVE-2024-50210 announcement 35369423658; stable review mail 28786719708 (diff)",
         "posix-clock: posix-clock: Fix unbalanced locking in pc_clock_settime()",
         "kernel/time/posix-clock.c", "pc_clock_settime", "fget-leak",
         [("\tif (!timespec64_valid_strict(ts))\n\t\treturn -EINVAL;\n\n\terr = get_clock_desc(id, &cd);\n",
           "\terr = get_clock_desc(id, &cd);\n"),
          ("\t\tgoto out;\n\t}\n\n\tif (cd.clk->ops.clock_settime)",
           "\t\tgoto out;\n\t}\n\n\tif (!timespec64_valid_strict(ts))\n\t\treturn -EINVAL;\n\n"
           "\tif (cd.clk->ops.clock_settime)")]),
    # kind: double put of a looked-up file handle (ksmbd_lookup_fd_slow()
    # fp) and of its opinfo: put on the success path before the response is
    # pinned, and again on the error path when pinning fails.  Put back in
    # 6.1.192's reworked function (state_lock, err_out/out labels); the
    # lease-break half of the fix (smb21_lease_break_ack(), opinfo only) is
    # not put back
    case("50f930db22365738d9387c974416f38a06e8057e",
         "CVE-2025-38437 announcement 35556546517; 6.1 stable review mail 42342623530 (diff)",
         "ksmbd: fix potential use-after-free in oplock/lease break ack (smb20_oplock_break_ack())",
         "fs/smb/server/smb2pdu.c", "smb20_oplock_break_ack", "fget-double-put",
         [("\topinfo->level = rsp_oplevel;\n\n\trsp->StructureSize = cpu_to_le16(24);",
           "\topinfo->level = rsp_oplevel;\n\n\tspin_lock(&opinfo->state_lock);\n"
           "\tif (opinfo->op_state != OPLOCK_CLOSING)\n\t\topinfo->op_state = OPLOCK_STATE_NONE;\n"
           "\tspin_unlock(&opinfo->state_lock);\n\twake_up_interruptible_all(&opinfo->oplock_q);\n"
           "\topinfo_put(opinfo);\n\tksmbd_fd_put(work, fp);\n\n\trsp->StructureSize = cpu_to_le16(24);"),
          ("\tif (ret)\n\t\tksmbd_debug(SMB, \"failed to pin oplock break response: %d\\n\",\n"
           "\t\t\t    ret);\n\tgoto out;\n\nerr_out:\n\trsp->hdr.Status = status;\n"
           "\tsmb2_set_err_rsp(work);\n\nout:\n",
           "\tif (!ret)\n\t\treturn;\n\nerr_out:\n\trsp->hdr.Status = status;\n"
           "\tsmb2_set_err_rsp(work);\n\n")]),
    # kind: work done on an anon inode's object after anon_inode_getfd()
    # installed the fd (the event FIFO is reset after the install, racing a
    # read() on the guessed fd); no diff found: pre-fix code reconstructed
    # from the announcement (reset in the success branch after the install)
    case("af791d295737ea6b6ff2c8d8488462a49c14af01",
         "CVE-2026-64496 announcement 58547370308",
         "iio: event: Fix event FIFO reset race (iio_event_getfd())",
         "drivers/iio/industrialio-event.c", "iio_event_getfd", "fd-installed",
         [("\tkfifo_reset_out(&ev_int->det_events);\n\n\tiio_device_get(indio_dev);\n",
           "\tiio_device_get(indio_dev);\n"),
          ("\t\tclear_bit(IIO_BUSY_BIT_POS, &ev_int->flags);\n\t\tiio_device_put(indio_dev);\n\t}\n",
           "\t\tclear_bit(IIO_BUSY_BIT_POS, &ev_int->flags);\n\t\tiio_device_put(indio_dev);\n"
           "\t} else {\n\t\tkfifo_reset_out(&ev_int->det_events);\n\t}\n")]),
    # kind: reference taken on an object whose count already dropped to
    # zero (a bpf link found in the trampoline's list after its last
    # bpf_link_put(), before the deferred release unlinks it: use after put)
    case("56145d237385ca0e7ca9ff7b226aaf2eb8ef368b",
         "CVE-2026-23319 announcement 54207354132; stable review mail 57727697148 (diff)",
         "bpf: Fix a UAF issue in bpf_trampoline_link_cgroup_shim",
         "kernel/bpf/trampoline.c", "bpf_trampoline_link_cgroup_shim", "fget-use-after-put",
         [("\tif (shim_link && !IS_ERR(bpf_link_inc_not_zero(&shim_link->link.link))) {\n"
           "\t\t/* Reusing existing shim attached by the other program. */\n",
           "\tif (shim_link) {\n\t\t/* Reusing existing shim attached by the other program. */\n"
           "\t\tbpf_link_inc(&shim_link->link.link);\n\n")]),
]

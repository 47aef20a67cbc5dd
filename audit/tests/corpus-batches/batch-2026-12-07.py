# SPDX-License-Identifier: GPL-2.0
"""Corpus batch of 2026-12-07: upstream fd/file/reference lifetime fixes
that are not in tests/corpus nor in the earlier batches (neither the
commit ids nor the functions), put back into the 6.1.192 code of their
functions.  To be scored alone, at first sight (the rules as they are
before this batch; nothing was run on it but check-edits), with

    CORPUS_CASES=audit/tests/corpus-batches/batch-2026-12-07.py \\
        audit/tests/corpus /var/tmp/fdsafe/linux-6.1

How the cases were chosen: hits taken in the order found.  First
targeted searches (find_string / read_file / search tools) for fixes of
an fd published too early or a put of a failed lookup: "don't use
ksys_close() on cleanups", "Move fd_install", "IS_ERR_OR_NULL(ctx)"
eventfd puts, fastrpc dma_buf_get() failure, the vhost ring ioctl.  Then
the Linux kernel CVE team's announcements (a copy of
kernel-security-vulns, cve/published/*/CVE-*.mbox, 14,626 announcements)
filtered by words of reference lifetime (fput, fget, fd_install,
sockfd, dma_buf, dma_fence, eventfd, sync_file, get_net/put_net,
sock_hold/sock_put, sk_psock, bpf prog/map/link, "file/socket/fence/
netns ... leak/double/use-after-free/refcount") in their subject or
text, restricted to fixes that 6.1.y carries (so that the fixed side is
the 6.1.192 text), ids and functions of earlier batches left out.
Kinds (a) (put of a failed lookup) and (b) (work after the fd was
installed) were hard to find with a citable id: this batch has one of
kind (b) and none of kind (a); the rest are kind (c), mostly sockets and
network namespaces (references taken with no protection, used with none
held, put too early, leaked, put twice).  The rule of each case was
picked from the rules' /// headers before any run; the "kind" comment
says what the bug is.  Where no rule fits exactly, the closest is given
(a socket or netns used, or a reference taken on it, with no reference
of its own: fget-use-after-put).

Dropped hits (not cases):
  960dafa30455 drm/i915: Move fd_install after last use of fence
      (git log listing 66713372284; patch mail 41663563660): function
      i915_gem_do_execbuffer() already in tests/corpus (251e8c5b1b1f).
  855d44434fa2 mm/secretmem: avoid letting secretmem_users drop to zero
      (listing 66134711135): fix id and memfd_secret already in
      tests/corpus.
  ddc204b517e6 copy_process(): Move fd_install() out of sighand->siglock
      critical section (listing 65768979294): a locking fix, not a
      lifetime bug (and copy_process is taken by 6fd2fe494b17).
  de3e26f9e5b7 cachefiles: fix slab-use-after-free in
      cachefiles_ondemand_get_fd() (CVE-2024-40899): function already in
      batch-2026-12-06.py.
  vhost_vring_ioctl() "if (!IS_ERR_OR_NULL(ctx)) eventfd_ctx_put(ctx)"
      (a put of a failed eventfd_ctx_fdget() fixed upstream) and
      fastrpc_map_create()'s get_err: (dma_buf_put() of a failed
      dma_buf_get() through fastrpc_map_put()): no document giving the
      fix id was found; not taken (ids are never guessed).
  a6dc643c6931 eventpoll: fix ep_remove struct eventpoll / struct file
      UAF (CVE-2026-46242): 6.1.192's ep_remove()/ep_remove_file() split
      differs; pre-fix code cannot be put back faithfully from the
      announcement.
  aec8e6bf8391 btrfs: use-after-free of block device file in
      __btrfs_free_extra_devids() (CVE-2024-50217): 6.1 has no
      device->bdev_file (a block_device, not a file).
  980a81345275 bpf: tcp: fix double sock release on batch realloc
      (CVE-2026-64575): 6.1's bpf_iter_tcp_batch() has no cookie
      rewriting; the bug's code is not in 6.1.
  6ba434cb1a8d nfsd: nfsd_file refcount leaks in COPY (CVE-2023-53606):
      a rework of several functions; not put back faithfully from the
      announcement.

Loaded by tests/corpus with case() in scope (see its CORPUS_CASES).  Each
case: upstream (mainline) fix commit id, where it was found (document ids
for the read_file search tool: CVE announcements in repository
thefossguy-ciq/kernel-security-vulns, stable review mails, git log
listings, patch mails), title, 6.1 path, function, rule, edits (fixed
text, buggy text) applied inside that function, extra functions the fix
also touched.  Where the announcement carries no diff, the pre-fix code is
reconstructed from its text and the 6.1.192 backport (noted per case).
"""

CASES = [
    # kind: fd published before the work is done (pidfd installed by
    # anon_inode_getfd() before copy_process() passes its point of no
    # return; the error paths then close_fd() a number userspace may have
    # closed or dup2()'d over already).  Put back in 6.1.192's code: the
    # upstream pidfd_create() (anon_inode_getfd()) inline, ksys_close() as
    # close_fd()
    case("6fd2fe494b17bf2dec37b610d23a43a72b16923a",
         "syzbot bisection mail 39717311952 (full id); pidfd for-linus pull request 11225548203",
         "copy_process(): don't use ksys_close() on cleanups (pidfd installed before the fork can "
         "still fail; its error paths close the fd)",
         "kernel/fork.c", "copy_process", "fd-installed",
         [("\t\tretval = __pidfd_prepare(pid, O_RDWR | O_CLOEXEC, &pidfile);\n",
           "\t\tretval = anon_inode_getfd(\"[pidfd]\", &pidfd_fops, get_pid(pid),\n"
           "\t\t\t\t\t  O_RDWR | O_CLOEXEC);\n\t\tif (retval < 0)\n\t\t\tput_pid(pid);\n"),
          ("\tif (pidfile)\n\t\tfd_install(pidfd, pidfile);\n\n", ""),
          ("\tif (clone_flags & CLONE_PIDFD) {\n\t\tfput(pidfile);\n\t\tput_unused_fd(pidfd);\n\t}\n",
           "\tif (clone_flags & CLONE_PIDFD)\n\t\tclose_fd(pidfd);\n")]),
    # kind: double put of a fence (drm_sched_job_add_dependency() consumes
    # the reference on failure too; the caller puts it again).  6.1.192 has
    # the function as drm_sched_job_add_implicit_dependencies(); the pre-fix
    # code is quoted in the announcement
    case("5801e65206b065b0b2af032f7f1eef222aa2fd83",
         "CVE-2025-40096 announcement 58694091086",
         "drm/sched: Fix potential double free in drm_sched_job_add_resv_dependencies",
         "drivers/gpu/drm/scheduler/sched_main.c", "drm_sched_job_add_implicit_dependencies",
         "fget-double-put",
         [("\t\tret = drm_sched_job_add_dependency(job, dma_fence_get(fence));\n"
           "\t\tif (ret)\n\t\t\treturn ret;\n",
           "\t\tdma_fence_get(fence);\n\t\tret = drm_sched_job_add_dependency(job, fence);\n"
           "\t\tif (ret) {\n\t\t\tdma_fence_put(fence);\n\t\t\treturn ret;\n\t\t}\n")]),
    # kind: use after put of a counted open-file object (cifsFileInfo put
    # right after the compound send, cfile->symlink_target read afterwards).
    # 6.1.192 has an out: label before the moved put; the put back leaves it
    # without the put (as upstream before the fix had no such label)
    case("33f736187d08f6bc822117629f263b97d3df4165",
         "6.1 stable review mail 30136592336 (diff)",
         "cifs: prevent use-after-free by freeing the cfile later (smb2_compound_op())",
         "fs/smb/client/smb2inode.c", "smb2_compound_op", "fget-use-after-put",
         [(" finished:\n\tSMB2_open_free(&rqst[0]);\n",
           " finished:\n\tif (cfile)\n\t\tcifsFileInfo_put(cfile);\n\n\tSMB2_open_free(&rqst[0]);\n"),
          ("out:\n\tif (cfile)\n\t\tcifsFileInfo_put(cfile);\n\n\tif (rc && err_iov",
           "out:\n\tif (rc && err_iov")]),
    # kind: leak of a psock reference (sk_psock_get() taken before the
    # reader lock; its failure returns without sk_psock_put())
    case("417e91e856099e9b8a42a2520e2255e6afe024be",
         "CVE-2024-35908 announcement 35741067240",
         "tls: get psock ref after taking rxlock to avoid leak (tls_sw_recvmsg())",
         "net/tls/tls_sw.c", "tls_sw_recvmsg", "fget-leak",
         [("\terr = tls_rx_reader_lock(sk, ctx, flags & MSG_DONTWAIT);\n\tif (err < 0)\n"
           "\t\treturn err;\n\tpsock = sk_psock_get(sk);\n",
           "\tpsock = sk_psock_get(sk);\n\terr = tls_rx_reader_lock(sk, ctx, flags & MSG_DONTWAIT);\n"
           "\tif (err < 0)\n\t\treturn err;\n")]),
    # kind: reference taken on an object whose count already dropped to
    # zero (get_net() of a netns being dismantled: use after put)
    case("ff960f9d3edbe08a736b5a224d91a305ccc946b0",
         "CVE-2024-40958 announcement 35276526337",
         "netns: Make get_net_ns() handle zero refcount net (get_net() instead of maybe_get_net())",
         "net/core/net_namespace.c", "get_net_ns", "fget-use-after-put",
         [("\tstruct net *net;\n\n\tnet = maybe_get_net(container_of(ns, struct net, ns));\n"
           "\tif (net)\n\t\treturn &net->ns;\n\treturn ERR_PTR(-EINVAL);\n",
           "\treturn &get_net(container_of(ns, struct net, ns))->ns;\n")]),
    # kind: freed socket left in the struct socket (sk_free() on the failed
    # insert, sock->sk still points at it; the accept path's fput() runs
    # tipc_release() on it: use after free)
    case("ba0533fc163f905fe817cfabdf8ed4058da44800",
         "CVE-2026-68117 announcement 57589402413",
         "tipc: clear sock->sk on the failed-insert path in tipc_sk_create()",
         "net/tipc/socket.c", "tipc_sk_create", "fget-use-after-put",
         [("\t\tsk_free(sk);\n\t\tsock->sk = NULL;\n\t\tpr_warn(\"Socket create failed; port number exhausted\\n\");\n",
           "\t\tsk_free(sk);\n\t\tpr_warn(\"Socket create failed; port number exhausted\\n\");\n")]),
    # kind: reference taken after the lock that protects the lookup was
    # dropped (the connection's socket may be freed by a concurrent close
    # before sock_hold(): use after put).  Pre-fix order from the
    # announcement: conns_lock released at the top of the loop
    case("f621d6ebeebb6374342571e4ddf45fdbc420f6cd",
         "CVE-2026-74493 announcement 57706317925",
         "net/smc: fix socket use-after-free during link group termination (__smc_lgr_terminate())",
         "net/smc/smc_core.c", "__smc_lgr_terminate", "fget-use-after-put",
         [("\twhile (node) {\n\t\tconn = rb_entry(node, struct smc_connection, alert_node);\n"
           "\t\tsmc = container_of(conn, struct smc_sock, conn);\n"
           "\t\tsock_hold(&smc->sk); /* sock_put below */\n\t\tread_unlock_bh(&lgr->conns_lock);\n",
           "\twhile (node) {\n\t\tread_unlock_bh(&lgr->conns_lock);\n"
           "\t\tconn = rb_entry(node, struct smc_connection, alert_node);\n"
           "\t\tsmc = container_of(conn, struct smc_sock, conn);\n"
           "\t\tsock_hold(&smc->sk); /* sock_put below */\n")]),
    # kind: socket used with no reference of its own (found under
    # conns_lock, used after the lock is dropped; a concurrent close frees
    # it).  Pre-fix code reconstructed from the announcement (no
    # sock_hold()/sock_put() pair, early returns)
    case("9d160b35cc34a2ba8229d07651468a7848325135",
         "CVE-2026-64541 announcement 58988825269",
         "net/smc: fix UAF in smc_cdc_rx_handler() by pinning the socket",
         "net/smc/smc_cdc.c", "smc_cdc_rx_handler", "fget-use-after-put",
         [("\tconn = smc_lgr_find_conn(ntohl(cdc->token), lgr);\n\tif (!conn || conn->out_of_sync) {\n"
           "\t\tread_unlock_bh(&lgr->conns_lock);\n\t\treturn;\n\t}\n"
           "\tsmc = container_of(conn, struct smc_sock, conn);\n\tsock_hold(&smc->sk);\n"
           "\tread_unlock_bh(&lgr->conns_lock);\n",
           "\tconn = smc_lgr_find_conn(ntohl(cdc->token), lgr);\n\tread_unlock_bh(&lgr->conns_lock);\n"
           "\tif (!conn || conn->out_of_sync)\n\t\treturn;\n"
           "\tsmc = container_of(conn, struct smc_sock, conn);\n"),
          ("\t\tsmc_cdc_msg_validate(smc, cdc, link);\n\t\tgoto out;\n",
           "\t\tsmc_cdc_msg_validate(smc, cdc, link);\n\t\treturn;\n"),
          ("\t\t/* received seqno is old */\n\t\tgoto out;\n",
           "\t\t/* received seqno is old */\n\t\treturn;\n"),
          ("\tsmc_cdc_msg_recv(smc, cdc);\nout:\n\tsock_put(&smc->sk);\n",
           "\tsmc_cdc_msg_recv(smc, cdc);\n")]),
    # kind: counted object used by an asynchronous completion with no
    # reference held for it (the netns, and the per-netns tipc_crypto, freed
    # while cryptd still runs tipc_aead_decrypt_done())
    case("bda3348872a2ef0d19f2df6aa8cb5025adce2f20",
         "CVE-2026-63801 announcement 58678115350",
         "tipc: fix slab-use-after-free Read in tipc_aead_decrypt_done (no netns reference across "
         "the async decrypt)",
         "net/tipc/crypto.c", "tipc_aead_decrypt", "fget-use-after-put",
         [("\t/* Get net to avoid freed tipc_crypto when delete namespace */\n\tif (!maybe_get_net(net)) {\n"
           "\t\ttipc_bearer_put(b);\n\t\trc = -ENODEV;\n\t\tgoto exit;\n\t}\n\n", ""),
          ("\ttipc_bearer_put(b);\n\tput_net(net);\n\nexit:", "\ttipc_bearer_put(b);\n\nexit:")],
         extra=[("net/tipc/crypto.c", "tipc_aead_decrypt_done",
                 [("\ttipc_bearer_put(b);\n\tput_net(net);\n}", "\ttipc_bearer_put(b);\n}")])]),
    # kind: reference taken on a netns whose count may already be zero
    # (get_net() of a namespace being dismantled: use after put)
    case("f29ccaa07cf3d35990f4d25028cc55470d29372b",
         "CVE-2025-38273 announcement 58796945756",
         "net: tipc: fix refcount warning in tipc_aead_encrypt (get_net() instead of maybe_get_net())",
         "net/tipc/crypto.c", "tipc_aead_encrypt", "fget-use-after-put",
         [("\tif (!maybe_get_net(aead->crypto->net)) {\n\t\ttipc_bearer_put(b);\n\t\trc = -ENODEV;\n"
           "\t\tgoto exit;\n\t}\n",
           "\tget_net(aead->crypto->net);\n")]),
    # kind: reference taken on a TIME-WAIT socket whose count may still be
    # zero (sock_hold() instead of refcount_inc_not_zero(): use after put)
    case("f2db7230f73a80dbb179deab78f88a7947f0ab7e",
         "CVE-2024-36904 announcement 57524498112",
         "tcp: Use refcount_inc_not_zero() in tcp_twsk_unique().",
         "net/ipv4/tcp_ipv4.c", "tcp_twsk_unique", "fget-use-after-put",
         [("\t\t/* inet_twsk_hashdance() sets sk_refcnt after putting twsk\n"
           "\t\t * and releasing the bucket lock.\n\t\t */\n"
           "\t\tif (unlikely(!refcount_inc_not_zero(&sktw->sk_refcnt)))\n\t\t\treturn 0;\n\n", ""),
          ("\t\t}\n\n\t\treturn 1;\n\t}\n\n\treturn 0;",
           "\t\t}\n\t\tsock_hold(sktw);\n\t\treturn 1;\n\t}\n\n\treturn 0;")]),
    # kind: socket used with no reference (conn->sk read under the conn
    # lock, used after it is dropped; a concurrent close frees it)
    case("598dbba9919c5e36c54fe1709b557d64120cb94b",
         "CVE-2026-31408 announcement 54334172557",
         "Bluetooth: SCO: Fix use-after-free in sco_recv_frame() due to missing sock_hold",
         "net/bluetooth/sco.c", "sco_recv_frame", "fget-use-after-put",
         [("\tsk = sco_sock_hold(conn);\n", "\tsk = conn->sk;\n"),
          ("\tif (sk->sk_state != BT_CONNECTED)\n\t\tgoto drop_put;\n\n"
           "\tif (!sock_queue_rcv_skb(sk, skb)) {\n\t\tsock_put(sk);\n\t\treturn;\n\t}\n\n"
           "drop_put:\n\tsock_put(sk);\ndrop:",
           "\tif (sk->sk_state != BT_CONNECTED)\n\t\tgoto drop;\n\n"
           "\tif (!sock_queue_rcv_skb(sk, skb))\n\t\treturn;\n\ndrop:")]),
    # kind: the same bug in the ISO socket layer
    case("47f23a259517abbdb8032c057a1e8a6bf3734878",
         "CVE-2026-63946 announcement 58654111963",
         "Bluetooth: ISO: fix UAF in iso_recv_frame",
         "net/bluetooth/iso.c", "iso_recv_frame", "fget-use-after-put",
         [("\tsk = iso_sock_hold(conn);\n", "\tsk = conn->sk;\n"),
          ("\tif (sk->sk_state != BT_CONNECTED)\n\t\tgoto drop_put;\n\n"
           "\tif (!sock_queue_rcv_skb(sk, skb)) {\n\t\tsock_put(sk);\n\t\treturn;\n\t}\n\n"
           "drop_put:\n\tsock_put(sk);\ndrop:",
           "\tif (sk->sk_state != BT_CONNECTED)\n\t\tgoto drop;\n\n"
           "\tif (!sock_queue_rcv_skb(sk, skb))\n\t\treturn;\n\ndrop:")]),
    # kind: socket used after the list lock that kept it alive was dropped
    # (no reference taken before lock_sock(): a concurrent close frees it).
    # Pre-fix loop reconstructed from the announcement (unlock, lock_sock,
    # disconnect, relock; no restart label, no recheck)
    case("5499e0602d2faafd42c580d25f615903c3fbe11b",
         "CVE-2026-68137 announcement 57425525397",
         "net/x25: fix use-after-free in x25_kill_by_neigh()",
         "net/x25/af_x25.c", "x25_kill_by_neigh", "fget-use-after-put",
         [("again:\n\twrite_lock_bh(&x25_list_lock);\n", "\twrite_lock_bh(&x25_list_lock);\n"),
          ("\t\tif (x25_sk(s)->neighbour == nb) {\n\t\t\tsock_hold(s);\n"
           "\t\t\twrite_unlock_bh(&x25_list_lock);\n\t\t\tlock_sock(s);\n"
           "\t\t\tif (x25_sk(s)->neighbour == nb)\n\t\t\t\tx25_disconnect(s, ENETUNREACH, 0, 0);\n"
           "\t\t\trelease_sock(s);\n\t\t\tsock_put(s);\n\t\t\tgoto again;\n\t\t}\n",
           "\t\tif (x25_sk(s)->neighbour == nb) {\n\t\t\twrite_unlock_bh(&x25_list_lock);\n"
           "\t\t\tlock_sock(s);\n\t\t\tx25_disconnect(s, ENETUNREACH, 0, 0);\n"
           "\t\t\trelease_sock(s);\n\t\t\twrite_lock_bh(&x25_list_lock);\n\t\t}\n")]),
    # kind: leak of a socket reference (sock_hold() also for a
    # SOCK_DESTROY socket whose file is already closed: nobody puts it)
    case("0b9130247f3b6a1122478471ff0e014ea96bb735",
         "CVE-2024-41006 announcement 35412310666",
         "netrom: Fix a memory leak in nr_heartbeat_expiry()",
         "net/netrom/nr_timer.c", "nr_heartbeat_expiry", "fget-leak",
         [("\t\t\tif (sk->sk_state == TCP_LISTEN)\n\t\t\t\tsock_hold(sk);\n",
           "\t\t\tsock_hold(sk);\n")]),
    # kind: put before the object is unpublished (the port's socket
    # reference dropped while the socket is still in the RCU-read XArray; a
    # lookup can then sock_hold() a socket whose count is zero)
    case("a2171131ecda1ed61a594a1eb715e75fdad0fef5",
         "CVE-2026-52947 announcement 58802975469",
         "net: qrtr: fix refcount saturation and potential UAF in qrtr_port_remove",
         "net/qrtr/af_qrtr.c", "qrtr_port_remove", "fget-use-after-put",
         [("\txa_erase(&qrtr_ports, port);\n", "\t__sock_put(&ipc->sk);\n\n\txa_erase(&qrtr_ports, port);\n"),
          ("\tsynchronize_rcu();\n\n\t__sock_put(&ipc->sk);\n}", "\tsynchronize_rcu();\n}")]),
]

# SPDX-License-Identifier: GPL-2.0
"""Corpus batch of 2026-12-08: upstream fd/file/reference lifetime fixes
that are not in tests/corpus nor in the earlier batches (neither the fix
ids nor the functions), put back into the 6.1.192 code of their
functions.  To be scored alone, at first sight (the rules as they are
before this batch; nothing was run on it but check-edits, and the rules'
code was not read to pick or drop cases), with

    CORPUS_CASES=audit/tests/corpus-batches/batch-2026-12-08.py \\
        audit/tests/corpus /var/tmp/fdsafe/linux-6.1

22 cases: 14 from a first helper session (its time ran out short of the
20 a batch should have), 8 added by a second one (cases 15-22, after
the rapidio case d5b6e6eba3af).

How the cases were chosen: hits taken in the order found, from two lists
of fixes that 6.1.y carries.  (1) The Debian changelog of
linux-image-6.1.0-57 (6.1.192-3, /usr/share/doc/.../changelog.gz, the
stable subjects of every 6.1.y update) searched for words of fd / file /
reference lifetime (fput, fdget, fd_install, sockfd, dma_buf, dma-fence,
sync_file, eventfd, irqfd, anon, pidfd, "file reference/leak", refcount,
double, use-after-free, put); the fix id of a hit then taken from a
document found with find_string on its subject (a stable mail saying
"commit <id> upstream." or a push listing of torvalds/linux).  (2) The
Linux kernel CVE team's announcements (kernel-security-vulns,
cve/published/*/CVE-*.mbox, 14,626 announcements, with their .sha1 and
.dyad files) filtered by the same words, then by "refcount leak /
reference leak / missing ... put / double put / use-after-free" in the
subject, restricted to fixes whose 6.1 fix is at most 6.1.192; ids and
functions of earlier batches left out.  A hit was taken when the
6.1.192 function carries the fix and the pre-fix code can be put back
from the diff (stable mail) or the announcement's text.  Kinds named by
the brief that are still missing: a put of a failed lookup, a missing
NULL/IS_ERR test after a lookup, work after fd_install(), the same fd
looked up twice (no hit of these kinds with a citable id and a diff was
found in the time).

Second session (cases 15-22), same order-found rule, aimed at the kinds
still missing and at file-facing objects: (3) the Debian changelog of
linux-source-6.1 (6.1.192-3, /usr/share/doc/linux-source-6.1/
changelog.Debian.gz) searched again for fd words and for "error
pointer / ERR_PTR / IS_ERR / NULL", (4) the CVE announcements filtered
by subject for fence / file / sock / fd / dma-buf / eventfd together
with leak / double / use-after / null / put, and by "fput( / fdput /
fget( / sockfd_put / eventfd_ctx_put / dma_buf_put" in their text, then
by "refcount / reference / refcnt leak, double put, missing put" in the
subject with a 6.1 fix at most 6.1.192.  The id of a hit was then
searched with find_string as "commit <full id>", which finds the stable
review mails ("[ Upstream commit <id> ]" or "commit <id> upstream.")
with their diff; a hit was taken when that diff could be read and the
6.1.192 function carries it.  Of the kinds the brief asked for, this
session adds one missing NULL test of a file before use
(io_ring_buffer_select(), from a CVE text, no diff) and one use of a
dma-fence after its put (amdgpu_cs_wait_all_fences()); no put of a
failed lookup, no work after fd_install(), no fd looked up twice and no
double fput() of a file was found with a citable mainline id, a diff and
a function not already used (see the dropped hits).  The rest are leaks
of counted objects (a dma-fence, a socket, a 9p request, an RDMA mmap
entry) and two owning fields (field-leak: a net_device reference
overwritten, a GID entry reference freed with its holder).  The rule of each case was picked from the rule
names and one-line descriptions (earlier batches' rule fields,
audit/README.md) before any run; the "kind" comment says what the bug
is.  Where no rule fits exactly the closest is given (a reference on a
counted object other than a file: fget-leak / fget-double-put /
fget-use-after-put; an owning file field not put at teardown:
field-leak).

Dropped hits (not cases), first session:
  io_uring: Fix registered ring file refcount leak (Debian changelog):
      the fix is 12d908116f7e (__io_uring_cancel), already in the corpus.
  ovl: fix incorrect fdput() on aio completion (Debian changelog): the
      6.1.192 code of ovl_aio_cleanup_handler() was reworked since
      (ovl_aio_put()); the pre-fix code cannot be put back faithfully.
  ovl: fix tmpfile leak; usb: gadget: f_fs ffs_eventfd; cmtp; lirc;
      powerpc kvm_vcpu_ioctl_enable_cap; nfsd __write_ports_addfd;
      vhost_net_set_backend; i915 fd_install; msm Defer fd_install and
      fence leak in submit; habanalabs / xen dmabuf exports; dma-heap
      fd publish; vhost-vdpa config_ctx eventfd; udmabuf export_udmabuf
      (f49856f525ac); KVM stats fds; nft_socket; bpf_prog_test_run_xdp;
      amdgpu_amdkfd_submit_ib; RDMA/umem double dma_buf_unpin (Debian
      changelog hits): fix id or function already in the corpus or an
      earlier batch.
  drm/amdkfd: fix dma_buf reference leak in get_dmabuf_info (Debian
      changelog): the only id found (ffa699553332, listing 71636280525)
      is from a linux-next listing, not known to be the mainline id, and
      no diff was found; not taken.
  bpf: Fix a potential use-after-free in bpf_link_free() (2884dc7d08d9,
      CVE-2024-40909): the bug came in 6.9; 6.1 never had it.
  perf: Fix event leak upon exec and file release (3a5465418f5f,
      CVE-2024-43869): a rework of several functions; not put back
      faithfully from the announcement.
  ksmbd: smb2_open() refcount leak (f416c556997a, CVE-2025-71223) and
      possible refcount leak in smb2_open() (2624b445544f,
      CVE-2023-53061): the announcements give no diff and the 6.1.192
      smb2_open() error labels do not show which jump was changed.
  Bluetooth: L2CAP: fix chan ref leak in l2cap_chan_timeout() on !conn
      (9dbd84990394, CVE-2026-63948): 6.1.192's l2cap_chan_timeout() has
      no !conn early return (the bug's code is not in 6.1).
  scsi: iscsi_tcp getpeername() (57569c37f0ad, CVE-2022-50459),
      drm/scheduler: fix fence ref counting (b3af84383e7a,
      CVE-2022-49829), usb: vhci-hcd references (afdcfd3d6fcd,
      CVE-2024-43883): reworks of several functions; not tried in the
      time.

Dropped hits, second session:
  cachefiles: Fix double fput (Debian changelog, CVE-2026-93810; not in
      the mirrored CVE copy): find_string gave only stable / vfs branch
      listings with many different ids (e.g. 65810671937, 66630127464,
      70522034771); the mainline id was not identified and no diff was
      found; not taken.
  io_uring/msg_ring: Fix NULL pointer dereference in io_msg_send_fd()
      (io_uring-6.1 pull 1143383983, listing 46367174685): the 6.1.192
      code of that test is in io_msg_grab_file(), already used.
  io_uring/filetable: fix file reference underflow (b4 reply 476429591):
      io_install_fixed_file() already used.
  dma-buf: fix an error pointer vs NULL bug (00ae1491f970, 6.1-stable
      mail 23504902701): __dma_fence_unwrap_merge() already used.
  coda: add error handling for fget (02551c23bcd8, stable mail
      37042047686, diff): coda_psdev_write() already used.
  net/9p: validate fds in p9_fd_open (a39c46067c84, stable mail
      44081214846, diff): the pre-fix code already tested both fget()
      results for NULL; the fix adds f_mode checks, not a lifetime fix.
  dma-buf/sync_file: Don't leak fences on merge failure (ffe000217c50,
      CVE-2021-47305, stable mail 39050133180): 6.1's sync_file_merge()
      was rewritten around dma_fence_unwrap_merge(); not put back.
  usb: f_fs: Fix use-after-free for epfile (ebe2b1add105,
      CVE-2022-48822, stable mail 43515303593): a race on the epfiles
      pointer (locking), not a reference count.
  NFSD: Fix potential use-after-free in nfsd_file_put() (b6c71c66b0ad,
      CVE-2022-49362): 6.1.192's nfsd_file_put() was rewritten since.
  drm/vmwgfx: Fix stale file descriptors on failed usercopy
      (a0f90c881570, CVE-2022-48771): the 6.1 fd_install() is in
      vmw_execbuf_process(), already used.
  RDMA/mlx5: Fix devx subscribe-event unwind NULL dereference
      (43f8f7946814, CVE-2026-74395, a failed eventfd_ctx_fdget()
      unwound): a UVERBS_HANDLER() method and a multi-part fix adding a
      helper; not tried in the time.
  smb: client: fix double put of @cfile in smb2_rename_path() /
      smb2_set_path_size() (3523a3df03c6, f9c169b51b6c) and drm/sched:
      Fix fence reference count leak (a952f1ab6968): bugs introduced in
      6.9 / 6.2, not in 6.1.
  bpf, sockmap: Fix repeated calls to sock_put() when msg has more_data
      (CVE-2022-50536), drm/amd/amdgpu_cs: fix refcount leak of a
      dma_fence obj (dfced44f122c), cifs: prevent use-after-free by
      freeing the cfile later (33f736187d08): tcp_bpf_send_verdict(),
      amdgpu_cs_fence_to_handle_ioctl(), smb2_compound_op() already used.
  binder: fix leaked fd fixups on TF_UPDATE_TXN supersede, net/smc: fix
      socket refcount leak in smc_switch_conns() (Debian changelog): only
      branch listings with many ids (71191758517, 68531083237, ...); the
      mainline id was not identified; not taken.
  drm/ttm: Fix dma_fence refcnt leak in ttm_bo_vm_fault_reserved (pull
      42525507584): 6.1.192's ttm_bo_vm_fault_reserved() no longer takes
      a fence.
  netfilter: ctnetlink: fix refcount leak on table dump (de788b2e6227,
      stable mail 10774025419): the fix reworks the dump's reference
      handling; not tried in the time.

Loaded by tests/corpus with case() in scope (see its CORPUS_CASES).  Each
case: upstream (mainline) fix commit id, where it was found (document ids
for the read_file search tool: CVE announcements in repository
thefossguy-ciq/kernel-security-vulns, stable review / stable-commits
mails, git log listings, a mailing-list post), title, 6.1 path,
function, rule, edits (fixed text, buggy text) applied inside that
function, extra functions the fix also touched.  Where no diff was found
the pre-fix code is reconstructed from the commit text and the 6.1.192
backport (noted per case: 649c15c7691e, aa5e44b29ffe, c2f2e83e3bbc,
674b56aa57f9, 35744ab3d03c, cafb57f7bdd5, 87bd2ad568e1, 19f94b6fee75,
660667cd4066, a90bca2228c0, cf6a05c8494a, d5b6e6eba3af); diffs were
read for 963b2e8c428f and 949291c53140.  Second session: diffs read
for 11425c4519e2 (5.4 mail; put back into the 6.1.192 shape of that
exit), 2e54154b9f27, 1a74e9932374, 4ac7573e1f93, ee84146c05ad,
711c80f7d8b1 and aca3b0fa3d04 (each 6.1.192 text is the diff's "+" side
but for the noted adaptation); no diff for 5fc16fa5f13b (reconstructed
from the announcement and the 6.1.95 backport, c2844d5e5857, whose test
is the 6.1.192 text).  The "CVE ... announcement (mirrored ...)" sources
were read with git from the mirrored copy, not through read_file ids.
"""

CASES = [
    # kind: double release of a socket (sock_alloc_file() already
    # sock_release()s the socket when it fails; the caller released it
    # again: double put).  Pre-fix code reconstructed from the commit
    # text and the oss-security post (no diff in the documents found):
    # a local file, the result tested and sock_release() on IS_ERR()
    case("649c15c7691e9b13cbe9bf6c65c365350e056067",
         "oss-security post 68623963585 (CVE-2023-1032, full id); mainline git log listing 66718871909; "
         "netdev pull request 48588966586; review mail 2582287911",
         "net: avoid double iput when sock_alloc_file fails (__sys_socket_file() released the socket "
         "that sock_alloc_file() had already released)",
         "net/socket.c", "__sys_socket_file", "fget-double-put",
         [("\tstruct socket *sock;\n\tint flags;\n\n\tsock = __sys_socket_create(family, type, protocol);\n"
           "\tif (IS_ERR(sock))\n\t\treturn ERR_CAST(sock);\n",
           "\tstruct socket *sock;\n\tstruct file *file;\n\tint flags;\n\n"
           "\tsock = __sys_socket_create(family, type, protocol);\n"
           "\tif (IS_ERR(sock))\n\t\treturn ERR_CAST(sock);\n"),
          ("\treturn sock_alloc_file(sock, flags, NULL);\n}",
           "\tfile = sock_alloc_file(sock, flags, NULL);\n\tif (IS_ERR(file))\n\t\tsock_release(sock);\n\n"
           "\treturn file;\n}")]),
    # kind: leak of an owning struct file field at teardown (sbi->pipe,
    # fget() at mount, put by autofs_catatonic_mode() only when the sb is
    # not already catatonic; kill_sb frees sbi with the pipe still held).
    # Pre-fix: kill_sb without the fput() block (no diff found; the
    # fixed side is the 6.1.192 backport, the put back removes the block)
    case("aa5e44b29ffe4eaa08cc2237fd65bc2596bc023e",
         "mainline git log listings 70264199020, 71640332144 (merge window of 7.3-rc5); Debian "
         "changelog of 6.1.192-3 (line 5047)",
         "autofs: fix sbi->pipe file reference leak in autofs_kill_sb()",
         "fs/autofs/inode.c", "autofs_kill_sb", "field-leak",
         [("\t\tautofs_catatonic_mode(sbi);\n\t\tif (sbi->pipe) {\n\t\t\tfput(sbi->pipe);\n"
           "\t\t\tsbi->pipe = NULL;\n\t\t}\n",
           "\t\tautofs_catatonic_mode(sbi);\n")]),
    # kind: leak of a reference (drm_gem_mmap_obj() took one on the GEM
    # object, dma_buf_mmap() of the imported buffer takes its own through
    # the exporter; the first is never dropped).  Diff in the stable mail
    case("963b2e8c428f79489ceeb058e8314554ec9cbe6f",
         "stable review mail 14384608621 (\"commit ... upstream.\", diff); mainline git log listing "
         "66547434474",
         "drm/etnaviv: fix reference leak when mmaping imported buffer",
         "drivers/gpu/drm/etnaviv/etnaviv_gem_prime.c", "etnaviv_gem_prime_mmap_obj", "fget-leak",
         [("\tint ret;\n\n\tret = dma_buf_mmap(etnaviv_obj->base.dma_buf, vma, 0);\n\tif (!ret) {\n"
           "\t\t/* Drop the reference acquired by drm_gem_mmap_obj(). */\n"
           "\t\tdrm_gem_object_put(&etnaviv_obj->base);\n\t}\n\n\treturn ret;\n",
           "\treturn dma_buf_mmap(etnaviv_obj->base.dma_buf, vma, 0);\n")]),
    # kind: leak of fence references on an error path (the unsignaled
    # fences were dma_fence_get() into array[]; a failed
    # dma_fence_array_create() freed the array without putting them).
    # Diff in the 6.1-stable mail
    case("949291c5314009b4f6e252391edbb40fdd5d5414",
         "6.1-stable \"added to the tree\" mail 41802625188 (\"commit ... upstream.\", diff); mainline "
         "push listing 66471922198",
         "dma-fence: Fix reference leak on fence merge failure path (__dma_fence_unwrap_merge())",
         "drivers/dma-buf/dma-fence-unwrap.c", "__dma_fence_unwrap_merge", "fget-leak",
         [("\t\tif (!result) {\n\t\t\tfor (i = 0; i < count; i++)\n\t\t\t\tdma_fence_put(array[i]);\n"
           "\t\t\ttmp = NULL;\n",
           "\t\tif (!result) {\n\t\t\ttmp = NULL;\n")]),
    # kind: leak of a counted open-file object (cifsFileInfo: its deferred
    # close was cancelled, the kmalloc() of the list entry failed, the loop
    # broke and nothing put the file).  Put back: the failed_cfile local and
    # its put removed (the 6.1.192 backport also sets time_last_write
    # there, removed with it); the fix touched three functions, two taken
    case("c2f2e83e3bbc5483730fd4ee903182761f1ae50f",
         "CVE-2026-68312 announcement 57724064299",
         "cifs: fix cifsFileInfo leak on kmalloc failure in deferred close drain paths",
         "fs/smb/client/misc.c", "cifs_close_deferred_file", "fget-leak",
         [("\tstruct cifsFileInfo *cfile = NULL, *failed_cfile = NULL;\n",
           "\tstruct cifsFileInfo *cfile = NULL;\n"),
          ("\t\t\t\tif (tmp_list == NULL) {\n\t\t\t\t\tfailed_cfile = cfile;\n\t\t\t\t\tbreak;\n\t\t\t\t}\n",
           "\t\t\t\tif (tmp_list == NULL)\n\t\t\t\t\tbreak;\n"),
          ("\tif (failed_cfile) {\n\t\tif (OPEN_FMODE(failed_cfile->f_flags) & FMODE_WRITE) {\n"
           "\t\t\t/* Pairs with smp_load_acquire() in is_size_safe_to_change(). */\n"
           "\t\t\tsmp_store_release(&CIFS_I(d_inode(failed_cfile->dentry))->time_last_write,\n"
           "\t\t\t\t\t  jiffies);\n\t\t}\n\t\t_cifsFileInfo_put(failed_cfile, false, false);\n\t}\n\n", "")],
         extra=[("fs/smb/client/misc.c", "cifs_close_all_deferred_files",
                 [("\tstruct cifsFileInfo *cfile, *failed_cfile = NULL;\n",
                   "\tstruct cifsFileInfo *cfile;\n"),
                  ("\t\t\t\tif (tmp_list == NULL) {\n\t\t\t\t\tfailed_cfile = cfile;\n\t\t\t\t\tbreak;\n\t\t\t\t}\n",
                   "\t\t\t\tif (tmp_list == NULL)\n\t\t\t\t\tbreak;\n"),
                  ("\tif (failed_cfile) {\n\t\tif (OPEN_FMODE(failed_cfile->f_flags) & FMODE_WRITE) {\n"
                   "\t\t\t/* Pairs with smp_load_acquire() in is_size_safe_to_change(). */\n"
                   "\t\t\tsmp_store_release(&CIFS_I(d_inode(failed_cfile->dentry))->time_last_write,\n"
                   "\t\t\t\t\t  jiffies);\n\t\t}\n\t\t_cifsFileInfo_put(failed_cfile, true, false);\n\t}\n\n",
                   "")])]),
    # kind: double put of a counted request (a request whose status moved
    # from SENT to ERROR was already unlisted and put by p9_conn_cancel();
    # p9_fd_cancelled() only skipped RCVD and put it again).  Pre-fix test
    # from the announcement ("status == RECV" before 74d6a5d56629's
    # follow-up; the announcement quotes the change of the test)
    case("674b56aa57f9379854cb6798c3bbcef7e7b51ab7",
         "CVE-2025-40027 announcement 35753843418",
         "net/9p: fix double req put in p9_fd_cancelled",
         "net/9p/trans_fd.c", "p9_fd_cancelled", "fget-double-put",
         [("\tif (req->status != REQ_STATUS_SENT) {\n", "\tif (req->status == REQ_STATUS_RCVD) {\n")]),
    # kind: reference taken too late (the mmap info is unlisted and the
    # lock dropped with no reference of the mapping's own; a concurrent
    # destroy puts the last one while remap_vmalloc_range() walks it: use
    # after put).  Pre-fix order from the announcement's quoted code
    # (unlock, remap, then rxe_vma_open()'s kref_get())
    case("35744ab3d03c5fca8c1752f53fc8fc674e14c561",
         "CVE-2026-64582 announcement 57816059301",
         "RDMA/rxe: Fix a use-after-free problem in rxe_mmap",
         "drivers/infiniband/sw/rxe/rxe_mmap.c", "rxe_mmap", "fget-use-after-put",
         [("found_it:\n\t/*\n\t * Increment refcount and check whether it is being freed atm while\n"
           "\t * holding lock to prevent UAF\n\t */\n\tif (!kref_get_unless_zero(&ip->ref)) {\n"
           "\t\tspin_unlock_bh(&rxe->pending_lock);\n\t\tret = -ENXIO;\n\t\tgoto done;\n\t}\n\n"
           "\tlist_del_init(&ip->pending_mmaps);\n\tspin_unlock_bh(&rxe->pending_lock);\n\n"
           "\tvma->vm_ops = &rxe_vm_ops;\n\tvma->vm_private_data = ip;\n\n"
           "\tret = remap_vmalloc_range(vma, ip->obj, 0);\n\tif (ret) {\n"
           "\t\tvma->vm_private_data = NULL;\n\t\tvma->vm_ops = NULL;\n"
           "\t\tkref_put(&ip->ref, rxe_mmap_release);\n"
           "\t\tpr_err(\"err %d from remap_vmalloc_range\\n\", ret);\n\t\tgoto done;\n\t}\n\ndone:",
           "found_it:\n\tlist_del_init(&ip->pending_mmaps);\n\tspin_unlock_bh(&rxe->pending_lock);\n\n"
           "\tret = remap_vmalloc_range(vma, ip->obj, 0);\n\tif (ret) {\n"
           "\t\tpr_err(\"err %d from remap_vmalloc_range\\n\", ret);\n\t\tgoto done;\n\t}\n\n"
           "\tvma->vm_ops = &rxe_vm_ops;\n\tvma->vm_private_data = ip;\n\trxe_vma_open(vma);\ndone:")]),
    # kind: leak of a reference on a lookup's non-matching result (the
    # session found by the lookup is not valid; returned as NULL without
    # ksmbd_user_session_put())
    case("cafb57f7bdd57abba87725eb4e82bbdca4959644",
         "CVE-2025-71150 announcement 58513096727",
         "ksmbd: Fix refcount leak when invalid session is found on session lookup",
         "fs/smb/server/mgmt/user_session.c", "ksmbd_session_lookup_all", "fget-leak",
         [("\tif (sess && sess->state != SMB2_SESSION_VALID) {\n\t\tksmbd_user_session_put(sess);\n"
           "\t\tsess = NULL;\n\t}\n",
           "\tif (sess && sess->state != SMB2_SESSION_VALID)\n\t\tsess = NULL;\n")]),
    # kind: leak of a pid reference on an error path (posix_cpu_timer_create()
    # took it with get_pid(); the posix_cpu_timer_set() failure returned
    # without posix_cpu_timer_del())
    case("87bd2ad568e15b90d5f7d4bcd70342d05dad649c",
         "CVE-2026-64370 announcement 58824177699",
         "posix-cpu-timers: Fix pid refcount leak in do_cpu_nanosleep() error path",
         "kernel/time/posix-cpu-timers.c", "do_cpu_nanosleep", "fget-leak",
         [("\t\tif (error) {\n\t\t\tposix_cpu_timer_del(&timer);\n\t\t\tspin_unlock_irq(&timer.it_lock);\n",
           "\t\tif (error) {\n\t\t\tspin_unlock_irq(&timer.it_lock);\n")]),
    # kind: leak of a counted object (the expectation allocated by
    # nf_ct_expect_alloc() was never put by the evaluating function)
    case("19f94b6fee75b3ef7fbc06f3745b9a771a8a19a4",
         "CVE-2026-52970 announcement 58681232124",
         "netfilter: nft_ct: fix missing expect put in obj eval (nft_ct_expect_obj_eval())",
         "net/netfilter/nft_ct.c", "nft_ct_expect_obj_eval", "fget-leak",
         [("\tif (nf_ct_expect_related(exp, 0) != 0)\n\t\tregs->verdict.code = NF_DROP;\n\n"
           "\tnf_ct_expect_put(exp);\n}",
           "\tif (nf_ct_expect_related(exp, 0) != 0)\n\t\tregs->verdict.code = NF_DROP;\n}")]),
    # kind: leak of a reference (llc_sap_open()'s reference kept after
    # llc_sap_add_socket() took the socket's own one; llc_ui_bind() drops
    # it, llc_ui_autobind() did not)
    case("660667cd406648bbaffbd5c0d897c2263a852f11",
         "CVE-2026-72022 announcement 57517544584",
         "llc: fix SAP refcount leak in llc_ui_autobind()",
         "net/llc/af_llc.c", "llc_ui_autobind", "fget-leak",
         [("\tsock_reset_flag(sk, SOCK_ZAPPED);\n\tllc_sap_put(sap);\n\trc = 0;\n",
           "\tsock_reset_flag(sk, SOCK_ZAPPED);\n\trc = 0;\n")]),
    # kind: leak of a reference when the lookup that follows it fails
    # (kobject_get() taken first; kernfs_find_and_get() returning NULL left
    # it held: nobody calls the unbreak that would put it)
    case("a90bca2228c0646fc29a72689d308e5fe03e6d78",
         "CVE-2024-26993 announcement 35184165700",
         "fs: sysfs: Fix reference leak in sysfs_break_active_protection()",
         "fs/sysfs/file.c", "sysfs_break_active_protection", "fget-leak",
         [("\tif (kn)\n\t\tkernfs_break_active_protection(kn);\n\telse\n\t\tkobject_put(kobj);\n",
           "\tif (kn)\n\t\tkernfs_break_active_protection(kn);\n")]),
    # kind: leak of a reference on an error path (the mmap entry looked up
    # by rdma_user_mmap_entry_get_pgoff() not put on the unknown-type
    # exit).  Pre-fix reconstructed from the announcement (no diff found):
    # the put back only drops the put on the -EINVAL exit; whether the
    # upstream pre-fix also lacked the put after rdma_user_mmap_io() is
    # not known from the text
    case("cf6a05c8494a8ae7fec8e5f1229b45ca5b4bcd30",
         "CVE-2022-50775 announcement 35635531421",
         "RDMA/hns: Fix refcount leak in hns_roce_mmap",
         "drivers/infiniband/hw/hns/hns_roce_main.c", "hns_roce_mmap", "fget-leak",
         [("\tdefault:\n\t\tret = -EINVAL;\n\t\tgoto out;\n\t}\n",
           "\tdefault:\n\t\treturn -EINVAL;\n\t}\n"),
          ("\t\t\t\tprot, rdma_entry);\n\nout:\n\trdma_user_mmap_entry_put(rdma_entry);\n",
           "\t\t\t\tprot, rdma_entry);\n\n\trdma_user_mmap_entry_put(rdma_entry);\n")]),
    # kind: leak of a device reference on an error path (get_device() at
    # open; the kfifo_alloc() failure freed priv without put_device())
    case("d5b6e6eba3af11cb2a2791fa36a2524990fcde1a",
         "CVE-2022-50810 announcement 35133604239",
         "rapidio: devices: fix missing put_device in mport_cdev_open",
         "drivers/rapidio/devices/rio_mport_cdev.c", "mport_cdev_open", "fget-leak",
         [("\tif (ret < 0) {\n\t\tput_device(&chdev->dev);\n\t\tdev_err(&chdev->dev, DRV_NAME \": kfifo_alloc failed\\n\");\n",
           "\tif (ret < 0) {\n\t\tdev_err(&chdev->dev, DRV_NAME \": kfifo_alloc failed\\n\");\n")]),
    # kind: leak of a dma-fence reference on an early exit (the move
    # fence taken with dma_fence_get() not put when no_wait_gpu returns
    # -EBUSY).  Diff in the 5.4-stable mail (pre-fix: "if (no_wait_gpu)
    # return -EBUSY;" with no put); put back into 6.1.192's shape of that
    # exit (which returns -EBUSY or 0 depending on dma_fence_is_signaled())
    case("11425c4519e2c974a100fc984867046d905b9380",
         "5.4-stable review mail 48014995714 (\"[ Upstream commit ... ]\", diff); AUTOSEL 5.7 mail "
         "31176453971; drm-misc-fixes pull 42525507584",
         "drm/ttm: Fix dma_fence refcnt leak when adding move fence (ttm_bo_add_move_fence())",
         "drivers/gpu/drm/ttm/ttm_bo.c", "ttm_bo_add_move_fence", "fget-leak",
         [("\tif (no_wait_gpu) {\n\t\tret = dma_fence_is_signaled(fence) ? 0 : -EBUSY;\n"
           "\t\tdma_fence_put(fence);\n\t\treturn ret;\n\t}\n",
           "\tif (no_wait_gpu)\n\t\treturn dma_fence_is_signaled(fence) ? 0 : -EBUSY;\n")]),
    # kind: missing NULL test of a request's file before use (a request
    # forced async before any file was assigned reached
    # io_ring_buffer_select() with req->file NULL; file_can_poll()
    # dereferenced it).  Mainline fixed io_file_can_poll(), which 6.1 does
    # not have; the 6.1.95 backport (c2844d5e5857, listed in the
    # announcement) adds the "req->file &&" test at the one 6.1 use, and
    # the put back removes it.  No diff read: reconstructed from the
    # announcement and the 6.1.192 text
    case("5fc16fa5f13b3c06fdb959ef262050bd810416a2",
         "CVE-2024-39371 announcement (kernel-security-vulns cve/published/2024/CVE-2024-39371.mbox, "
         "mirrored copy)",
         "io_uring: check for non-NULL file pointer in io_file_can_poll()",
         "io_uring/kbuf.c", "io_ring_buffer_select", "fget-null-deref",
         [("\tif (issue_flags & IO_URING_F_UNLOCKED ||\n\t    (req->file && !file_can_poll(req->file))) {\n",
           "\tif (issue_flags & IO_URING_F_UNLOCKED || !file_can_poll(req->file)) {\n")]),
    # kind: use of a dma-fence after its put (fence->error read after
    # dma_fence_put(fence) in the wait-all loop).  Diff in the patch mail;
    # the 6.1.192 text is the diff's "+" side exactly
    case("2e54154b9f27262efd0cb4f903cc7d5ad1fe9628",
         "AUTOSEL stable mails 335009464, 24071947359 (\"[ Upstream commit ... ]\"); patch mail "
         "28910166000 (diff); 6.1 stable review shortlog 42459835063",
         "drm/amdgpu: Fix potential fence use-after-free v2 (amdgpu_cs_wait_all_fences())",
         "drivers/gpu/drm/amd/amdgpu/amdgpu_cs.c", "amdgpu_cs_wait_all_fences", "fget-use-after-put",
         [("\t\tr = dma_fence_wait_timeout(fence, true, timeout);\n\t\tif (r > 0 && fence->error)\n"
           "\t\t\tr = fence->error;\n\n\t\tdma_fence_put(fence);\n\t\tif (r < 0)\n\t\t\treturn r;\n\n"
           "\t\tif (r == 0)\n\t\t\tbreak;\n\t}\n",
           "\t\tr = dma_fence_wait_timeout(fence, true, timeout);\n\t\tdma_fence_put(fence);\n"
           "\t\tif (r < 0)\n\t\t\treturn r;\n\n\t\tif (r == 0)\n\t\t\tbreak;\n\n"
           "\t\tif (fence->error)\n\t\t\treturn fence->error;\n\t}\n")]),
    # kind: leak of a socket reference (a fallback connection shut down
    # both ways is set SMC_CLOSED, after which __smc_release() no longer
    # drops the socket's own reference; smc_shutdown() did not drop it
    # either).  Diff in the stable mails (the fix adds the sock_put() and
    # the braces; the SS_UNCONNECTED line of 6.1.192 is later and kept)
    case("1a74e99323746353bba11562a2f2d0aa8102f402",
         "5.15-stable review mail 36345425767 (\"[ Upstream commit ... ]\", diff), also 36006212647, "
         "36323469439; netdev/net post-receive listing 65741851910",
         "net/smc: Fix sock leak when release after smc_shutdown()",
         "net/smc/af_smc.c", "smc_shutdown", "fget-leak",
         [("\t\t\tsk->sk_socket->state = SS_UNCONNECTED;\n\t\t\tsock_put(sk);\n\t\t}\n",
           "\t\t\tsk->sk_socket->state = SS_UNCONNECTED;\n\t\t}\n")]),
    # kind: leak of a counted request on an error exit (the reply's
    # request, looked up by tag with a reference, dropped from m->rreq
    # without p9_req_put() when it has no receive buffer).  Diff in the
    # stable mails (one added line)
    case("4ac7573e1f9333073fa8d303acc941c9b7ab7f61",
         "5.19-stable review mail 10875161836 (\"[ Upstream commit ... ]\", diff), also 11469289623; "
         "5.10 backport mail 61841438069; CVE-2022-50114 announcement (mirrored kernel-security-vulns)",
         "net: 9p: fix refcount leak in p9_read_work() error handling",
         "net/9p/trans_fd.c", "p9_read_work", "fget-leak",
         [("\t\t\t\t m->rc.tag, m->rreq);\n\t\t\tp9_req_put(m->client, m->rreq);\n\t\t\tm->rreq = NULL;\n",
           "\t\t\t\t m->rc.tag, m->rreq);\n\t\t\tm->rreq = NULL;\n")]),
    # kind: leak of a reference on an error exit (the mmap entry taken by
    # rdma_user_mmap_entry_get_pgoff() not put on the unknown-type exit).
    # Diff in the 6.1-stable mail; the 6.1.192 text is its "+" side
    case("ee84146c05ad2316b9a7222d0ec4413e0bf30eeb",
         "6.1-stable review mail 2329607682 (\"[ Upstream commit ... ]\", diff), also 1355806800 (6.2); "
         "CVE-2022-50874 announcement (mirrored kernel-security-vulns)",
         "RDMA/erdma: Fix refcount leak in erdma_mmap",
         "drivers/infiniband/hw/erdma/erdma_verbs.c", "erdma_mmap", "fget-leak",
         [("\tdefault:\n\t\terr = -EINVAL;\n\t\tgoto put_entry;\n\t}\n",
           "\tdefault:\n\t\treturn -EINVAL;\n\t}\n"),
          ("\t\t\t\tprot, rdma_entry);\n\nput_entry:\n\trdma_user_mmap_entry_put(rdma_entry);\n",
           "\t\t\t\tprot, rdma_entry);\n\n\trdma_user_mmap_entry_put(rdma_entry);\n")]),
    # kind: owning field overwritten without a release (an existing route
    # entry updated: rt->dev, which holds a device reference, replaced by
    # the new held device without dev_put() of the old).  Diff in the
    # 6.1-stable mail (one added line)
    case("711c80f7d8b163d3ecd463cd96f07230f488e750",
         "6.1-stable review mail 42256868492 (\"[ Upstream commit ... ]\", diff), also 41922960444; "
         "CVE-2025-38542 announcement (mirrored kernel-security-vulns)",
         "net: appletalk: Fix device refcount leak in atrtr_create()",
         "net/appletalk/ddp.c", "atrtr_create", "field-leak",
         [("\trt->target  = ta->sat_addr;\n\tdev_put(rt->dev); /* Release old device */\n\tdev_hold(devhint);\n",
           "\trt->target  = ta->sat_addr;\n\tdev_hold(devhint);\n")]),
    # kind: object freed with its owning member not put (the GID entry
    # reference held in ah->sgid_attr, taken by rdma_update_sgid_attr()
    # (rdma_hold_gid_attr()), dropped with kfree(ah) when the driver's
    # create_ah fails).
    # Diff in the 6.1-stable mail
    case("aca3b0fa3d04b40c96934d86cc224cccfa7ea8e0",
         "6.1-stable review mail 14134222685 (\"[ Upstream commit ... ]\", diff), also 14919315605; "
         "CVE-2023-54003 announcement (mirrored kernel-security-vulns)",
         "RDMA/core: Fix GID entry ref leak when create_ah fails (_rdma_create_ah())",
         "drivers/infiniband/core/verbs.c", "_rdma_create_ah", "field-leak",
         [("\tif (ret) {\n\t\tif (ah->sgid_attr)\n\t\t\trdma_put_gid_attr(ah->sgid_attr);\n\t\tkfree(ah);\n",
           "\tif (ret) {\n\t\tkfree(ah);\n")]),
]

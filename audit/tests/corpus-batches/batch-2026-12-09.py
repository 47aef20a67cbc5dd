# SPDX-License-Identifier: GPL-2.0
"""Corpus batch of 2026-12-09: upstream reference-lifetime fixes that are
not in tests/corpus nor in the earlier batches (neither the fix ids nor
the functions), put back into the 6.1.192 code of their functions.  To be
scored alone, at first sight (the rules as they are before this batch;
nothing was run on it but check-edits, and the rules' code was not read
to pick or drop cases), with

    CORPUS_CASES=audit/tests/corpus-batches/batch-2026-12-09.py \\
        audit/tests/corpus /var/tmp/fdsafe/linux-6.1

28 cases.  Kinds: 16 leaks of a counted reference on an error or early
exit (pci_dev 7, of_node / fwnode 6, sk_psock 1, posix_acl 1,
oplock_info 1), 8 double puts (usb_device, restrack entry, device,
zfcp adapter, btrfs block group twice, and two through an owning field
left set after its put: xs->pool and dst.dev), 1 dma-fence waited on
with no reference of its own, 2 releases of a failed lookup or
initialisation (a NULL cache entry from a failed lookup reaching
remove_entry() and the put in MPOA_cache_impos_rcvd(); a BO whose
reference was never set up put in
nouveau_gem_prime_import_sg_table()), 1 pointer owned by a dma-buf
(its reservation object) used after the dma-buf's put
(nouveau_gem_object_del()).  Of the kinds the issue asks for first, the batch has
two puts of a failed lookup / initialisation (of counted objects that
are not files) and many double puts, but none on a struct file / fd
(put of a failed fd lookup, missing NULL / IS_ERR test after an fd
lookup, work after fd_install(), one fd looked up twice, double
fput()): no such hit with a citable mainline id, a diff and a function
not already used was found (see the dropped hits); the dma-buf case and
xsk_bind() (next to a sockfd_put()) are the nearest.

How the cases were chosen: hits taken in the order found, from three
lists.  (1) The Linux kernel CVE team's announcements (mirrored
kernel-security-vulns, branch master, cve/published/*/CVE-*.mbox with
.sha1 and .dyad, 14,626 announcements): first filtered by fd words
(fput, fget, fdget, fdput, fd_install, sockfd_*, dma_buf_*, eventfd_*,
sync_file, anon_inode, pidfd, get_file, put_unused_fd, "file
reference") in the text with a 6.1 fix at most 6.1.192: 31 hits, 11
already used, 2 taken (cases 27-28, 8ec0fbb28d04 and bf2986fcf82a,
last in the file because they were checked last), the rest dropped
(below); then
by subject ("refcount / reference leak", "double put / free / release",
"missing ... put", put_device / of_node_put / sock_put / dev_put ...,
"refcount") with a 6.1 fix at most 6.1.192: 183 hits, read in CVE
order from CVE-2022-48881 to CVE-2022-50576 (cases 1-13), the id of
each then searched with find_string as "commit <full id>", which finds
the stable review mails ("[ Upstream commit <id> ]" / "commit <id>
upstream.") with their diff.  (2) The Debian changelog of
linux-source-6.1 (6.1.192-3, changelog.Debian.gz) searched for fd,
fence, dma-buf, eventfd, socket words and for "double put / put twice /
double release" (cases 14-21: the double puts first, as the issue asks
for kinds the earlier batches lack, then the fence / psock hits); the
mainline id of a hit was taken from a stable mail found with
find_string on its subject.  (3) Back in the CVE subject list, ksmbd
hits (cases 22-23, found while looking for ksmbd's own fd-like
lookups) and the hits whose subject says double put / refcount
underflow / use after put, in CVE order (cases 24-26).  A hit was taken
when the 6.1.192 function carries the fix (checked in
/var/tmp/fdsafe/linux-6.1) and the pre-fix code can be put back from
the diff (or, for 136992de9bb9, from the announcement's explicit
text).  The rule of each case was picked from the rule table of
docs/audit-6.1.md and the earlier batches' rule fields before any run;
the "kind" comment says what the bug is.  Where no rule fits exactly the
closest is given, as in the earlier batches: a reference on a counted
object other than a file is fget-leak / fget-double-put /
fget-use-after-put; the put of an object whose reference was never set
up is fget-put-failed.  Adaptations of a diff to the 6.1.192 text are
noted per case (renamed call in res_get_common_doit(), btrfs_dec_nocow_
writers(bg) in run_delalloc_nocow(), the later "if (!len)" test kept in
tcp_bpf_recvmsg(), the r_count lines of the ksmbd backport kept in the
oplock loops).

Dropped hits (not cases), in the order found:
  First CVE filter (fd words in the text): CVE-2023-52609 binder mmput
      race, CVE-2023-52654 io_uring/af_unix (a feature disabled),
      CVE-2023-52707 psi ep_remove_wait_queue, CVE-2024-26676,
      CVE-2024-35970, CVE-2026-23394 (af_unix GC), CVE-2024-41004
      (tracing build), CVE-2024-56589 (cond_resched), CVE-2024-56693
      (brd init order), CVE-2025-40220 (fuse livelock), CVE-2025-68823
      (ublk deadlock), CVE-2025-68265 nvme, CVE-2026-31695 virt_wifi,
      CVE-2023-53552 i915 GuC: judged from the subject (and the word's
      place in the text: a stack trace or context), not read further:
      races, locking, build or init-order fixes, no get/put on a path of
      one function; CVE-2023-52909 nfsd cached open files (read: a
      rework of several functions and a new helper), CVE-2024-
      40899 cachefiles and CVE-2026-46242 eventpoll (dropped by earlier
      batches: function already used / 6.1 shape differs),
      CVE-2026-74395 RDMA/mlx5 devx subscribe-event (a UVERBS_HANDLER()
      method and a multi-part fix; not tried in the time).
  CVE-2022-50248 wifi: iwlwifi: mvm: fix double free on tx path
      (0473cbae2137; a callee frees the skb its caller frees again):
      only branch listings with many ids (e.g. 67396330839, 66642446332)
      and no diff were found; the pre-fix error handling of
      iwl_mvm_tx_skb_sta() is not given by the announcement; not taken.
  CVE-2022-50303 drm/amdkfd: Fix double release compute pasid
      (1a799c4c190e, stable mail 32509085492): a PASID (IDA id) released
      twice, not a counted reference, and a rework of three functions in
      two files; not taken.
  CVE-2022-50335 9p: set req refcount to zero to avoid uninitialized
      usage (26273ade77f5): an initialisation of a refcount before the
      request is published, not a get/put on a path; skipped.
  CVE-2022-50457 mtd: core: Fix refcount error in del_mtd_device()
      (56570bdad5e3, stable mail 5680031003): 6.1.192's del_mtd_device()
      was reworked since (kref_put(), mtd_device_release()); the pre-fix
      code cannot be put back.
  CVE-2022-50499 media: dvb-core: Fix double free in
      dvb_register_device() (6b0d0477fce7, stable mail 13259060636):
      a kfree()d member freed twice, not a counted reference.
  CVE-2022-50514 usb: gadget: f_hid: fix refcount leak on error path
      (70a3288a7586, stable mail 12993575213): opts->refcnt is a plain
      use counter, and 6.1.192's hidg_alloc() moved the increment after
      the allocations (a later rework); not put back.
  CVE-2022-50543 RDMA/rxe: Fix mr->map double free (7d984dac8f6b):
      kfree()d memory, not a counted reference; skipped.
  CVE-2022-50576 serial: pch: Fix PCI device refcount leak in
      pch_request_dma() (8be3a7bf7737, stable mail 13888543423): 6.1.192's
      function was reworked since (goto labels); the diff's inline puts
      do not match it; not put back.
  lockd: Plug nlm_file leak when nlm_do_fopen() fails, lockd: Plug
      nlm_file refcount leak on cached nlm_do_fopen() failure, nfsd: fix
      nfsd_file leak on inter-server COPY setup failure, virt: acrn: Fix
      irqfd use-after-free during eventfd shutdown, drm/amdgpu: Fix
      last_update fence leak in amdgpu_vm_init(), drm/amdgpu: Fix
      vmid_wait fence leak in amdgpu_ring_init() (Debian changelog):
      find_string gave only stable / branch listings with many different
      ids (e.g. 66957302337, 66865457387, 65897970438, 70439143129); the
      mainline id was not identified and no diff was found; not taken.
  IB/uverbs: Fix an potential error pointer dereference (Debian
      changelog): only listings and pull summaries were found in the
      first search; not pursued.
  dmabuf: fix use-after-free of dmabuf's file->f_inode (Debian
      changelog; 05cd84691eaf in listings 66431764728, 66759966713): no
      stable mail with a diff found and the listings do not show the id
      is the mainline one; not taken.
  ksmbd: avoid duplicate opinfo_put() call on error of
      smb21_lease_break_ack() (658609d9a618, 6.6-stable mail 6752479364,
      a double put): 6.1.192's smb21_lease_break_ack() was reworked since
      (the wake-ups and the put moved after err_out); not put back.
  bpftool: Fix double close in map dump (Debian changelog): a userspace
      tool's close(), not a kernel reference.
  fget: check that the fd still exists after getting a ref to it
      (Debian changelog): a re-validation in __fget_files_rcu() with no
      rule close to it; not tried in the time.
  CVE-2023-53012 thermal: core: call put_device() only after
      device_register() fails, CVE-2023-53445 net: qrtr: Fix a refcount
      bug in qrtr_recvmsg(), CVE-2025-39951 um: virtio_uml: Fix
      use-after-free after put_device in probe: reworks of several
      exits or a flag, not tried in the time.
  Searches for a put of a failed fd lookup ("-\teventfd_ctx_put(",
  "if (!in_fence)", "missing fdput()", "already called fd_install"):
  every hit was a fix already used or a review remark, not a fix.

Loaded by tests/corpus with case() in scope (see its CORPUS_CASES).  Each
case: upstream (mainline) fix commit id, where it was found (document ids
for the read_file search tool: stable review / AUTOSEL / FAILED mails,
git log listings, patch mails; "CVE ... announcement (mirrored ...)"
sources were read with git from the mirrored copy, not through read_file
ids), title, 6.1 path, function, rule, edits (fixed text, buggy text)
applied inside that function, extra functions the fix also touched.
Diffs were read for every case but 136992de9bb9 (announcement text) and
89bb430f6211 (mainline diff read, 6.1 backport diff not read).
"""

CASES = [
    # kind: leak of a pci_dev reference on an error exit
    # (pci_get_domain_bus_and_slot() reference kept in dev->rdev; the
    # amd_pmc_s2d_init() failure returned without pci_dev_put()).  Diff in
    # the stable mail (one line)
    case("ccb32e2be14271a60e9ba89c6d5660cc9998773c",
         "stable review mail 13277284562 (\"[ Upstream commit ... ]\", diff); CVE-2022-48881 announcement "
         "(mirrored kernel-security-vulns)",
         "platform/x86/amd: Fix refcount leak in amd_pmc_probe",
         "drivers/platform/x86/amd/pmc.c", "amd_pmc_probe", "fget-leak",
         [("\t\terr = amd_pmc_s2d_init(dev);\n\t\tif (err)\n\t\t\tgoto err_pci_dev_put;\n",
           "\t\terr = amd_pmc_s2d_init(dev);\n\t\tif (err)\n\t\t\treturn err;\n")]),
    # kind: leak of pci_dev references (the root port found by
    # pci_get_domain_bus_and_slot() never put in
    # ixgbe_get_first_secondary_devfn(); the function-0 device it returns
    # never put by ixgbe_x550em_a_has_mii()).  Diff in the stable mail
    case("b93fb4405fcb5112c5739c5349afb52ec7f15c07",
         "stable review mail 13414768170 (\"commit ... upstream.\", diff), also 13302620196; "
         "CVE-2022-48896 announcement (mirrored kernel-security-vulns)",
         "ixgbe: fix pci device refcount leak (ixgbe_x550em_a_has_mii(), ixgbe_get_first_secondary_devfn())",
         "drivers/net/ethernet/intel/ixgbe/ixgbe_phy.c", "ixgbe_x550em_a_has_mii", "fget-leak",
         [("\tstruct pci_dev *func0_pdev;\n\tbool has_mii = false;\n", "\tstruct pci_dev *func0_pdev;\n"),
          ("\t\tif (func0_pdev == pdev)\n\t\t\thas_mii = true;\n\t\tgoto out;\n\t}\n",
           "\t\tif (func0_pdev == pdev)\n\t\t\treturn true;\n\t\telse\n\t\t\treturn false;\n\t}\n"),
          ("\tif (func0_pdev == pdev)\n\t\thas_mii = true;\n\nout:\n\tpci_dev_put(func0_pdev);\n\treturn has_mii;\n",
           "\tif (func0_pdev == pdev)\n\t\treturn true;\n\n\treturn false;\n")],
         extra=[("drivers/net/ethernet/intel/ixgbe/ixgbe_phy.c", "ixgbe_get_first_secondary_devfn",
                 [("\t\tbus = rp_pdev->subordinate->number;\n\t\tpci_dev_put(rp_pdev);\n",
                   "\t\tbus = rp_pdev->subordinate->number;\n"),
                  ("\t}\n\n\tpci_dev_put(rp_pdev);\n\treturn NULL;\n", "\t}\n\n\treturn NULL;\n")])]),
    # kind: leak of a fwnode (of_node) reference (the port parent returned
    # by fwnode_graph_get_port_parent() with a reference, used and never
    # put).  Diff in the stable mail
    case("39af728649b05e88a2b40e714feeee6451c3f18e",
         "stable review mail 13949736688 (\"[ Upstream commit ... ]\", diff), also 13686390311, 63572216069; "
         "CVE-2022-49752 announcement (mirrored kernel-security-vulns)",
         "device property: fix of node refcount leak in fwnode_graph_get_next_endpoint()",
         "drivers/base/property.c", "fwnode_graph_get_next_endpoint", "fget-leak",
         [("\tstruct fwnode_handle *ep, *port_parent = NULL;\n\tconst struct fwnode_handle *parent;\n",
           "\tconst struct fwnode_handle *parent;\n\tstruct fwnode_handle *ep;\n"),
          ("\tif (prev) {\n\t\tport_parent = fwnode_graph_get_port_parent(prev);\n\t\tparent = port_parent;\n"
           "\t} else {\n\t\tparent = fwnode;\n\t}\n",
           "\tif (prev)\n\t\tparent = fwnode_graph_get_port_parent(prev);\n\telse\n\t\tparent = fwnode;\n"),
          ("\tif (ep)\n\t\tgoto out_put_port_parent;\n\n"
           "\tep = fwnode_graph_get_next_endpoint(parent->secondary, NULL);\n\n"
           "out_put_port_parent:\n\tfwnode_handle_put(port_parent);\n\treturn ep;\n",
           "\tif (ep)\n\t\treturn ep;\n\n\treturn fwnode_graph_get_next_endpoint(parent->secondary, NULL);\n")]),
    # kind: leak of an fwnode reference held in an owning field
    # (tcpci->tcpc.fwnode, from device_get_named_child_node() in
    # tcpci_parse_config(); not put on the tcpm_register_port() failure,
    # nor at unregister).  Diff in the stable mail
    case("0384e87e3fec735e47f1c133c796f32ef7a72a9b",
         "stable review mail 6606332299 (\"[ Upstream commit ... ]\", diff), also 32436194473, 6429776803; "
         "CVE-2022-50246 announcement (mirrored kernel-security-vulns)",
         "usb: typec: tcpci: fix of node refcount leak in tcpci_register_port()",
         "drivers/usb/typec/tcpm/tcpci.c", "tcpci_register_port", "fget-leak",
         [("\tif (IS_ERR(tcpci->port)) {\n\t\tfwnode_handle_put(tcpci->tcpc.fwnode);\n"
           "\t\treturn ERR_CAST(tcpci->port);\n\t}\n",
           "\tif (IS_ERR(tcpci->port))\n\t\treturn ERR_CAST(tcpci->port);\n")],
         extra=[("drivers/usb/typec/tcpm/tcpci.c", "tcpci_unregister_port",
                 [("\ttcpm_unregister_port(tcpci->port);\n\tfwnode_handle_put(tcpci->tcpc.fwnode);\n",
                   "\ttcpm_unregister_port(tcpci->port);\n")])]),
    # kind: leak of an of_node reference on an error exit (np from
    # of_get_next_parent(), put on the normal path only).  Diff in the
    # stable mail (one line)
    case("1d09697ff22908ae487fc8c4fbde1811732be523",
         "stable review mail 13732574504 (\"[ Upstream commit ... ]\", diff), also 6164994434; "
         "CVE-2022-50311 announcement (mirrored kernel-security-vulns)",
         "cxl: Fix refcount leak in cxl_calc_capp_routing",
         "drivers/misc/cxl/pci.c", "cxl_calc_capp_routing", "fget-leak",
         [("\t\tpr_err(\"cxl: invalid phb index\\n\");\n\t\tof_node_put(np);\n",
           "\t\tpr_err(\"cxl: invalid phb index\\n\");\n")]),
    # kind: leak of a pci_dev reference (pci_get_device() result read and
    # never put, on both returns).  Diff in the stable mail (one line)
    case("1ff9dd6e7071a561f803135c1d684b13c7a7d01d",
         "stable review mail 13790593635 (\"[ Upstream commit ... ]\", diff), also 6260227469; "
         "CVE-2022-50318 announcement (mirrored kernel-security-vulns)",
         "perf/x86/intel/uncore: Fix reference count leak in hswep_has_limit_sbox()",
         "arch/x86/events/intel/uncore_snbep.c", "hswep_has_limit_sbox", "fget-leak",
         [("\tpci_read_config_dword(dev, HSWEP_PCU_CAPID4_OFFET, &capid4);\n\tpci_dev_put(dev);\n",
           "\tpci_read_config_dword(dev, HSWEP_PCU_CAPID4_OFFET, &capid4);\n")]),
    # kind: leak of a pci_dev reference (get_function_0() returns function
    # 0 with a reference: not put when find_dvsec() fails, and the device
    # handed out through *dev0 never put by the two callers).  Diff in the
    # stable mail; the fix also takes a reference on the function-0 path
    # (pci_dev_get()) so that callers can put unconditionally
    case("27158c72678b39ee01cc01de1aba6b51c71abe2f",
         "stable review mail 6132231460 (\"[ Upstream commit ... ]\", diff), also 32795336503, 5813366268; "
         "CVE-2022-50337 announcement (mirrored kernel-security-vulns)",
         "ocxl: fix pci device refcount leak when calling get_function_0()",
         "drivers/misc/ocxl/config.c", "get_dvsec_vendor0", "fget-leak",
         [("\t\tif (!dev)\n\t\t\treturn -1;\n\t} else {\n\t\tdev = pci_dev_get(dev);\n\t}\n",
           "\t\tif (!dev)\n\t\t\treturn -1;\n\t}\n"),
          ("\tif (!pos) {\n\t\tpci_dev_put(dev);\n\t\treturn -1;\n\t}\n", "\tif (!pos)\n\t\treturn -1;\n")],
         extra=[("drivers/misc/ocxl/config.c", "ocxl_config_get_reset_reload",
                 [("\t\t\t      &reset_reload);\n\tpci_dev_put(dev0);\n", "\t\t\t      &reset_reload);\n")]),
                ("drivers/misc/ocxl/config.c", "ocxl_config_set_reset_reload",
                 [("\t\t\t       reset_reload);\n\tpci_dev_put(dev0);\n", "\t\t\t       reset_reload);\n")])]),
    # kind: leak of of_node references on early error exits (platform_node
    # from of_parse_phandle() and the codec nodes taken after it, put at
    # the common exit only; three exits returned directly).  Diff in the
    # stable mail
    case("38eef3be38ab895959c442702864212cc3beb96c",
         "stable review mail 32176468073 (\"[ Upstream commit ... ]\", diff), also 32209004581; "
         "CVE-2022-50392 announcement (mirrored kernel-security-vulns)",
         "ASoC: mediatek: mt8183: fix refcount leak in mt8183_mt6358_ts3a227_max98357_dev_probe()",
         "sound/soc/mediatek/mt8183/mt8183-mt6358-ts3a227-max98357.c",
         "mt8183_mt6358_ts3a227_max98357_dev_probe", "fget-leak",
         [("\tif (!card) {\n\t\tof_node_put(platform_node);\n\t\treturn -EINVAL;\n\t}\n",
           "\tif (!card)\n\t\treturn -EINVAL;\n"),
          ("\tif (!priv) {\n\t\tret = -ENOMEM;\n\t\tgoto out;\n\t}\n", "\tif (!priv)\n\t\treturn -ENOMEM;\n"),
          ("\t\t\t__func__);\n\t\tret = PTR_ERR(priv->pinctrl);\n\t\tgoto out;\n",
           "\t\t\t__func__);\n\t\treturn PTR_ERR(priv->pinctrl);\n"),
          ("\tret = devm_snd_soc_register_card(&pdev->dev, card);\n\nout:\n\tof_node_put(platform_node);\n",
           "\tret = devm_snd_soc_register_card(&pdev->dev, card);\n\n\tof_node_put(platform_node);\n")]),
    # kind: leak of a pci_dev reference (pci_get_device() used as a bare
    # existence test, its result never put).  Diff in the stable mail
    case("5938196cc188ba4323bc6357f5ac55127d715888",
         "stable review mail 6183974495 (\"[ Upstream commit ... ]\", diff); CVE-2022-50464 announcement "
         "(mirrored kernel-security-vulns)",
         "mt76: mt7915: Fix PCI device refcount leak in mt7915_pci_init_hif2()",
         "drivers/net/wireless/mediatek/mt76/mt7915/pci.c", "mt7915_pci_init_hif2", "fget-leak",
         [("\tstruct pci_dev *tmp_pdev;\n\n\thif_idx++;\n\n"
           "\ttmp_pdev = pci_get_device(PCI_VENDOR_ID_MEDIATEK, 0x7916, NULL);\n\tif (!tmp_pdev) {\n"
           "\t\ttmp_pdev = pci_get_device(PCI_VENDOR_ID_MEDIATEK, 0x790a, NULL);\n\t\tif (!tmp_pdev)\n"
           "\t\t\treturn NULL;\n\t}\n\tpci_dev_put(tmp_pdev);\n",
           "\thif_idx++;\n\tif (!pci_get_device(PCI_VENDOR_ID_MEDIATEK, 0x7916, NULL) &&\n"
           "\t    !pci_get_device(PCI_VENDOR_ID_MEDIATEK, 0x790a, NULL))\n\t\treturn NULL;\n")]),
    # kind: leak of a pci_dev reference (pci_get_domain_bus_and_slot()
    # result not put at the common exit).  Diff in the stable mail (one
    # line; the file moved to drivers/iommu/amd/iommu_v2.c in 6.1)
    case("6cf0981c2233f97d56938d9d61845383d6eb227c",
         "stable review mail 13329339705 (\"[ Upstream commit ... ]\", diff), also 5697580895; "
         "CVE-2022-50505 announcement (mirrored kernel-security-vulns)",
         "iommu/amd: Fix pci device refcount leak in ppr_notifier()",
         "drivers/iommu/amd/iommu_v2.c", "ppr_notifier", "fget-leak",
         [("out:\n\tpci_dev_put(pdev);\n\treturn ret;\n", "out:\n\treturn ret;\n")]),
    # kind: leak of a pci_dev reference (the pci_get_class() loop broken
    # with pdev found: its reference never put).  Diff in the stable mail
    # (one line)
    case("725a521a18734f65de05b8d353b5bd0d3ca4c37a",
         "stable review mail 6060925043 (\"[ Upstream commit ... ]\", diff), also 6038103085; "
         "CVE-2022-50520 announcement (mirrored kernel-security-vulns)",
         "drm/radeon: Fix PCI device refcount leak in radeon_atrm_get_bios()",
         "drivers/gpu/drm/radeon/radeon_bios.c", "radeon_atrm_get_bios", "fget-leak",
         [("\tif (!found)\n\t\treturn false;\n\tpci_dev_put(pdev);\n", "\tif (!found)\n\t\treturn false;\n")]),
    # kind: leak of an of_node reference (of_find_compatible_node() result
    # never put).  Diff in the stable mail (one line)
    case("7c32919a378782c95c72bc028b5c30dfe8c11f82",
         "stable review mail 5865341673 (\"[ Upstream commit ... ]\", diff), also 1600916708; "
         "CVE-2022-50539 announcement (mirrored kernel-security-vulns)",
         "ARM: OMAP2+: omap4-common: Fix refcount leak bug (omap4_sram_init())",
         "arch/arm/mach-omap2/omap4-common.c", "omap4_sram_init", "fget-leak",
         [("\t\tsram_sync = (void __iomem *)gen_pool_alloc(sram_pool, PAGE_SIZE);\n\tof_node_put(np);\n",
           "\t\tsram_sync = (void __iomem *)gen_pool_alloc(sram_pool, PAGE_SIZE);\n")]),
    # kind: leak of an of_node reference on an error exit inside a loop
    # (cpu_ep, from of_get_next_child(), not put when the per-link
    # callback fails).  Diff in the stable mail
    case("8ab2d12c726f0fde0692fa5d81d8019b3dcd62d0",
         "stable review mail 32206870753 (\"[ Upstream commit ... ]\", diff), also 32360954044; "
         "CVE-2022-50572 announcement (mirrored kernel-security-vulns)",
         "ASoC: audio-graph-card: fix refcount leak of cpu_ep in __graph_for_each_link()",
         "sound/soc/generic/audio-graph-card.c", "__graph_for_each_link", "fget-leak",
         [("\t\t\tif (ret < 0) {\n\t\t\t\tof_node_put(cpu_ep);\n\t\t\t\treturn ret;\n\t\t\t}\n",
           "\t\t\tif (ret < 0)\n\t\t\t\treturn ret;\n")]),
    # kind: double put of a usb_device reference (usb_put_dev() on the
    # error path, then dln2_free(), which puts dln2->usb_dev again).  Diff
    # in the 6.5-stable mail (one line); found from the Debian changelog
    case("759c409bc5fc496cbc22cd0b392d3cbb0c0e23eb",
         "6.5-stable review mail 11987430500 (\"[ Upstream commit ... ]\", diff); patch mail 19030356878; "
         "Debian changelog of linux-source-6.1",
         "mfd: dln2: Fix double put in dln2_probe",
         "drivers/mfd/dln2.c", "dln2_probe", "fget-double-put",
         [("out_free:\n\tdln2_free(dln2);\n", "out_free:\n\tusb_put_dev(dln2->usb_dev);\n\tdln2_free(dln2);\n")]),
    # kind: double put of a restrack reference (rdma_restrack_put() before
    # the fill callback's result was tested; its failure jumped to
    # err_free, which falls into err_get's rdma_restrack_put() again).
    # Diff in the 5.4-stable mail; put back into 6.1.192's text, where the
    # call is fill_func(...) (was fe->fill_res_func(...))
    case("50bbe3d34fea74b7c0fabe553c40c2f4a48bb9c3",
         "5.4-stable review mail 46619307300 (\"[ Upstream commit ... ]\", diff), also 46838322212 (5.6); "
         "Debian changelog of linux-source-6.1",
         "RDMA/core: Fix double put of resource (res_get_common_doit())",
         "drivers/infiniband/core/nldev.c", "res_get_common_doit", "fget-double-put",
         [("\tret = fill_func(msg, has_cap_net_admin, res, port);\n\tif (ret)\n\t\tgoto err_free;\n\n"
           "\trdma_restrack_put(res);\n\tnlmsg_end(msg, nlh);\n",
           "\tret = fill_func(msg, has_cap_net_admin, res, port);\n\trdma_restrack_put(res);\n\tif (ret)\n"
           "\t\tgoto err_free;\n\n\tnlmsg_end(msg, nlh);\n")]),
    # kind: double put of a device reference on error paths (put_device()
    # of the fresh, never added device, then a jump to fail_put_device,
    # which puts it again; twice).  Diff in the 4.19-stable mail
    case("512592779a337feb5905d8fcf9498dbf33672d4a",
         "4.19-stable review mail 5119679894 (\"commit ... upstream.\", diff), also 4759363016 (5.3); "
         "Debian changelog of linux-source-6.1",
         "intel_th: Fix a double put_device() in error path (intel_th_subdevice_alloc())",
         "drivers/hwtracing/intel_th/core.c", "intel_th_subdevice_alloc", "fget-double-put",
         [("\terr = intel_th_device_add_resources(thdev, res, subdev->nres);\n\tif (err)\n\t\tgoto fail_put_device;\n",
           "\terr = intel_th_device_add_resources(thdev, res, subdev->nres);\n\tif (err) {\n"
           "\t\tput_device(&thdev->dev);\n\t\tgoto fail_put_device;\n\t}\n"),
          ("\terr = device_add(&thdev->dev);\n\tif (err)\n\t\tgoto fail_free_res;\n",
           "\terr = device_add(&thdev->dev);\n\tif (err) {\n\t\tput_device(&thdev->dev);\n\t\tgoto fail_free_res;\n\t}\n")]),
    # kind: double put of the adapter reference (device_register() failure:
    # put_device() runs zfcp_port_release(), which puts the adapter, then
    # the error label put it again).  Diff in the 4.19-stable mail
    case("b481f644d9174670b385c3a699617052cd2a79d3",
         "4.19-stable review mail 18322679366 (\"commit ... upstream.\", diff), also 18005974021; "
         "mainline listing 65988568417; Debian changelog of linux-source-6.1",
         "scsi: zfcp: Fix a double put in zfcp_port_enqueue()",
         "drivers/s390/scsi/zfcp_aux.c", "zfcp_port_enqueue", "fget-double-put",
         [("\t\tretval = -EEXIST;\n\t\tgoto err_put;\n", "\t\tretval = -EEXIST;\n\t\tgoto err_out;\n"),
          ("\tif (!port)\n\t\tgoto err_put;\n", "\tif (!port)\n\t\tgoto err_out;\n"),
          ("\t\tkfree(port);\n\t\tgoto err_put;\n", "\t\tkfree(port);\n\t\tgoto err_out;\n"),
          ("err_put:\n\tzfcp_ccw_adapter_put(adapter);\nerr_out:\n", "err_out:\n\tzfcp_ccw_adapter_put(adapter);\n")]),
    # kind: double put of a block group reference (the nocow error exits
    # called btrfs_dec_nocow_writers(), which drops the block group, and
    # then jumped to error:, which drops it again when nocow).  Diff in the
    # 5.7-stable mail; put back into 6.1.192's call shape
    # (btrfs_dec_nocow_writers(bg), was (fs_info, disk_bytenr))
    case("230ed397435e85b54f055c524fcb267ae2ce3bc4",
         "5.7-stable review mail 47503125387 (\"commit ... upstream.\", diff); btrfs pull 32497685365; "
         "Debian changelog of linux-source-6.1",
         "btrfs: fix double put of block group with nocow (run_delalloc_nocow())",
         "fs/btrfs/inode.c", "run_delalloc_nocow", "fget-double-put",
         [("\t\t\t\t\t      page_started, nr_written);\n\t\t\tif (ret)\n\t\t\t\tgoto error;\n\t\t\tcow_start = (u64)-1;\n",
           "\t\t\t\t\t      page_started, nr_written);\n\t\t\tif (ret) {\n\t\t\t\tif (nocow)\n"
           "\t\t\t\t\tbtrfs_dec_nocow_writers(bg);\n\t\t\t\tgoto error;\n\t\t\t}\n\t\t\tcow_start = (u64)-1;\n"),
          ("\t\t\tif (IS_ERR(em)) {\n\t\t\t\tret = PTR_ERR(em);\n\t\t\t\tgoto error;\n",
           "\t\t\tif (IS_ERR(em)) {\n\t\t\t\tif (nocow)\n\t\t\t\t\tbtrfs_dec_nocow_writers(bg);\n"
           "\t\t\t\tret = PTR_ERR(em);\n\t\t\t\tgoto error;\n")]),
    # kind: a dma-fence used (waited on) with no reference of its own (the
    # fence read from the context's ring without the lock and without
    # dma_fence_get(); a concurrent submission can drop the ring's
    # reference during the wait).  Diff in the AUTOSEL 5.2 mail
    case("42068e1ef961c719f967dbbb4ddcb394a0ba7917",
         "AUTOSEL 5.2 stable mail 9305515757 (\"[ Upstream commit ... ]\", diff); patch mail 16336068275; "
         "Debian changelog of linux-source-6.1",
         "drm/amdgpu: fix dma_fence_wait without reference (amdgpu_ctx_wait_prev_fence())",
         "drivers/gpu/drm/amd/amdgpu/amdgpu_ctx.c", "amdgpu_ctx_wait_prev_fence", "fget-use-after-put",
         [("\tstruct dma_fence *other;\n\tunsigned idx;\n\tlong r;\n\n\tspin_lock(&ctx->ring_lock);\n"
           "\tidx = centity->sequence & (amdgpu_sched_jobs - 1);\n"
           "\tother = dma_fence_get(centity->fences[idx]);\n\tspin_unlock(&ctx->ring_lock);\n\n"
           "\tif (!other)\n\t\treturn 0;\n\n\tr = dma_fence_wait(other, true);\n"
           "\tif (r < 0 && r != -ERESTARTSYS)\n\t\tDRM_ERROR(\"Error (%ld) waiting for fence!\\n\", r);\n\n"
           "\tdma_fence_put(other);\n\treturn r;\n",
           "\tunsigned idx = centity->sequence & (amdgpu_sched_jobs - 1);\n"
           "\tstruct dma_fence *other = centity->fences[idx];\n\n\tif (other) {\n\t\tsigned long r;\n"
           "\t\tr = dma_fence_wait(other, true);\n\t\tif (r < 0) {\n\t\t\tif (r != -ERESTARTSYS)\n"
           "\t\t\t\tDRM_ERROR(\"Error (%ld) waiting for fence!\\n\", r);\n\n\t\t\treturn r;\n\t\t}\n\t}\n\n"
           "\treturn 0;\n")]),
    # kind: put of a reference the function does not hold (the block group
    # passed in is not the one the cluster holds a reference on; the
    # mismatch exit jumped to the common exit, which puts it: double put,
    # use-after-free).  Diff in the "original commit in Linus's tree" part
    # of the stable FAILED mail
    case("95c85fba1f64c3249c67f0078a29f8a125078189",
         "stable FAILED-to-apply mail 38402245087 (\"original commit in Linus's tree\", diff); patch mail "
         "13313193576; Debian changelog of linux-source-6.1",
         "btrfs: avoid double put of block group when emptying cluster",
         "fs/btrfs/free-space-cache.c", "__btrfs_return_cluster_to_free_space", "fget-double-put",
         [("\tif (cluster->block_group != block_group) {\n\t\tspin_unlock(&cluster->lock);\n\t\treturn;\n\t}\n",
           "\tif (cluster->block_group != block_group)\n\t\tgoto out;\n"),
          ("\tcluster->root = RB_ROOT;\n\tspin_unlock(&cluster->lock);\n",
           "\tcluster->root = RB_ROOT;\n\nout:\n\tspin_unlock(&cluster->lock);\n")]),
    # kind: leak of an sk_psock reference on early exits (sk_psock_get()
    # taken before the MSG_ERRQUEUE test and the fallback to
    # tcp_recvmsg(); both returned without sk_psock_put()).  Diff in the
    # AUTOSEL 5.6 mail; 6.1.192's later "if (!len) return 0;" test is kept
    # where it is
    case("18f02ad19e2c2a1d9e1d55a4e1c0cbf51419151c",
         "AUTOSEL 5.6 stable mail 8714112757 (\"commit ... upstream.\", diff); patch mail 30191311229; "
         "Debian changelog of linux-source-6.1",
         "bpf: Fix sk_psock refcnt leak when receiving message (tcp_bpf_recvmsg())",
         "net/ipv4/tcp_bpf.c", "tcp_bpf_recvmsg", "fget-leak",
         [("\tint copied, ret;\n\n\tif (unlikely(flags & MSG_ERRQUEUE))\n"
           "\t\treturn inet_recv_error(sk, msg, len, addr_len);\n\n\tif (!len)\n",
           "\tint copied, ret;\n\n\tif (!len)\n"),
          ("\t\treturn tcp_recvmsg(sk, msg, len, flags, addr_len);\n\tif (!skb_queue_empty(&sk->sk_receive_queue) &&\n"
           "\t    sk_psock_queue_empty(psock)) {\n\t\tsk_psock_put(sk, psock);\n"
           "\t\treturn tcp_recvmsg(sk, msg, len, flags, addr_len);\n\t}\n",
           "\t\treturn tcp_recvmsg(sk, msg, len, flags, addr_len);\n\tif (unlikely(flags & MSG_ERRQUEUE))\n"
           "\t\treturn inet_recv_error(sk, msg, len, addr_len);\n"
           "\tif (!skb_queue_empty(&sk->sk_receive_queue) &&\n"
           "\t    sk_psock_queue_empty(psock))\n\t\treturn tcp_recvmsg(sk, msg, len, flags, addr_len);\n")]),
    # kind: leak of a posix_acl reference on a loop exit (get_acl()'s
    # reference not released when the matching entry jumps out of the
    # loop).  Diff in the stable mail (one line); the file is
    # fs/smb/server/smbacl.c in 6.1.192 (was fs/ksmbd/smbacl.c)
    case("d21a580dafc69aa04f46e6099616146a536b0724",
         "stable review mail 33963779864 (\"[ Upstream commit ... ]\", diff), also 14088105314; "
         "CVE-2022-49366 announcement (mirrored kernel-security-vulns)",
         "ksmbd: fix reference count leak in smb_check_perm_dacl()",
         "fs/smb/server/smbacl.c", "smb_check_perm_dacl", "fget-leak",
         [("\t\t\t\t\t\t\tSET_MINIMUM_RIGHTS;\n\t\t\t\t\tposix_acl_release(posix_acls);\n"
           "\t\t\t\t\tgoto check_access_bits;\n",
           "\t\t\t\t\t\t\tSET_MINIMUM_RIGHTS;\n\t\t\t\t\tgoto check_access_bits;\n")]),
    # kind: leak of an oplock_info reference on a loop's skip exit
    # (atomic_inc_not_zero() took it; the releasing-connection test
    # continued without opinfo_put(); three loops).  Diff (mainline shape)
    # in the stable mail; the 6.1.192 backport also decrements r_count on
    # that exit (a later change), so the put back only removes the
    # opinfo_put() lines the fix added; no 6.1 diff read
    case("89bb430f621124af39bb31763c4a8b504c9651e2",
         "stable review mail 10689359798 (\"commit ... upstream.\", diff), also 10374642864; "
         "CVE-2025-39720 announcement (mirrored kernel-security-vulns); Debian changelog of "
         "linux-source-6.1 (line 1121)",
         "ksmbd: fix refcount leak causing resource not released (smb_send_parent_lease_break_noti(), "
         "smb_lazy_parent_lease_break_close(), smb_break_all_levII_oplock())",
         "fs/smb/server/oplock.c", "smb_send_parent_lease_break_noti", "fget-leak",
         [("\t\t\t\tatomic_dec(&opinfo->conn->r_count);\n\t\t\t\topinfo_put(opinfo);\n\t\t\t\tcontinue;\n",
           "\t\t\t\tatomic_dec(&opinfo->conn->r_count);\n\t\t\t\tcontinue;\n")],
         extra=[("fs/smb/server/oplock.c", "smb_lazy_parent_lease_break_close",
                 [("\t\t\t\tatomic_dec(&opinfo->conn->r_count);\n\t\t\t\topinfo_put(opinfo);\n\t\t\t\tcontinue;\n",
                   "\t\t\t\tatomic_dec(&opinfo->conn->r_count);\n\t\t\t\tcontinue;\n")]),
                ("fs/smb/server/oplock.c", "smb_break_all_levII_oplock",
                 [("\t\t\tatomic_dec(&brk_op->conn->r_count);\n\t\t\topinfo_put(brk_op);\n\t\t\tcontinue;\n",
                   "\t\t\tatomic_dec(&brk_op->conn->r_count);\n\t\t\tcontinue;\n")])]),
    # kind: double put through an owning field (the pool reference put on
    # the xp_alloc_tx_descs() failure but left in xs->pool; the socket's
    # release puts xs->pool again: refcount underflow).  Diff in the stable
    # mail (one line)
    case("85c2c79a07302fe68a1ad5cc449458cc559e314d",
         "stable review mail 23426553365 (\"commit ... upstream.\", diff), also 23177546084; "
         "CVE-2023-53698 announcement (mirrored kernel-security-vulns)",
         "xsk: fix refcount underflow in error path (xsk_bind())",
         "net/xdp/xsk.c", "xsk_bind", "fget-double-put",
         [("\t\t\t\t\txp_put_pool(xs->pool);\n\t\t\t\t\txs->pool = NULL;\n\t\t\t\t\tsockfd_put(sock);\n",
           "\t\t\t\t\txp_put_pool(xs->pool);\n\t\t\t\t\tsockfd_put(sock);\n")]),
    # kind: put of an object whose reference was never set up (the
    # drm_gem_object_init() failure unwound with nouveau_bo_ref(NULL,
    # &nvbo), dropping a TTM reference that was never initialised:
    # refcount underflow; a release of a failed acquisition).  Diff in the
    # stable mail
    case("a9bf3efc33f1fbf88787a277f7349459283c9b95",
         "stable review mail 28195154155 (\"[ Upstream commit ... ]\", diff), also 28404403385; "
         "CVE-2024-43867 announcement (mirrored kernel-security-vulns)",
         "drm/nouveau: prime: fix refcount underflow (nouveau_gem_prime_import_sg_table())",
         "drivers/gpu/drm/nouveau/nouveau_prime.c", "nouveau_gem_prime_import_sg_table", "fget-put-failed",
         [("\tif (ret) {\n\t\tdrm_gem_object_release(&nvbo->bo.base);\n\t\tkfree(nvbo);\n",
           "\tif (ret) {\n\t\tnouveau_bo_ref(NULL, &nvbo);\n")]),
    # kind: double put through an owning field (the device reference put
    # on the in6_dev_get() failure but left in xdst->u.dst.dev;
    # dst_destroy() later puts dst->dev again).  No diff found (no stable
    # mail with the id in the index): reconstructed from the announcement
    # ("Clear xdst->u.dst.dev after the netdev_put()"); the 6.1.192 text
    # has that line right after the put, the put back removes it
    case("136992de9bb91871084ae52d172610541c76e4d2",
         "CVE-2026-64580 announcement (kernel-security-vulns cve/published/2026/CVE-2026-64580.mbox and "
         ".sha1, mirrored copy)",
         "xfrm6: clear dst.dev on error to avoid double netdev_put in xfrm6_fill_dst()",
         "net/ipv6/xfrm6_policy.c", "xfrm6_fill_dst", "fget-double-put",
         [("\t\tnetdev_put(dev, &xdst->u.dst.dev_tracker);\n\t\txdst->u.dst.dev = NULL;\n",
           "\t\tnetdev_put(dev, &xdst->u.dst.dev_tracker);\n")]),
    # kind: a pointer the dma-buf owns used after the dma-buf's put
    # (drm_prime_gem_destroy() dma_buf_put()s the imported buffer, whose
    # reservation object the BO's base.resv points to; ttm_bo_put() then
    # queues ttm_bo_delayed_delete(), which dereferences that resv).  The
    # fix moves the destroy into the TTM destructor (nouveau_bo_del_ttm(),
    # extra).  Diff in the stable mail; found in the first CVE filter
    # (dma_buf_put in the text)
    case("8ec0fbb28d049273bfd4f1e7a5ae4c74884beed3",
         "stable review mail 39906182451 (\"commit ... upstream.\", diff), also 40031249122; "
         "CVE-2025-37765 announcement (mirrored kernel-security-vulns)",
         "drm/nouveau: prime: fix ttm_bo_delayed_delete oops (drm_prime_gem_destroy() before ttm_bo_put())",
         "drivers/gpu/drm/nouveau/nouveau_gem.c", "nouveau_gem_object_del", "owned-after-put",
         [("\t\treturn;\n\t}\n\n\tttm_bo_put(&nvbo->bo);\n",
           "\t\treturn;\n\t}\n\n\tif (gem->import_attach)\n\t\tdrm_prime_gem_destroy(gem, nvbo->bo.sg);\n\n"
           "\tttm_bo_put(&nvbo->bo);\n")],
         extra=[("drivers/gpu/drm/nouveau/nouveau_bo.c", "nouveau_bo_del_ttm",
                 [("\tnv10_bo_put_tile_region(dev, nvbo->tile, NULL);\n\n\tif (bo->base.import_attach)\n"
                   "\t\tdrm_prime_gem_destroy(&bo->base, bo->sg);\n\n",
                   "\tnv10_bo_put_tile_region(dev, nvbo->tile, NULL);\n\n")])]),
    # kind: put of a lookup that failed (get_by_cache_id() returned NULL
    # and holding_time is 0: the NULL entry fell through to
    # remove_entry() and eg_ops->put() (eg_cache_put(), which reads
    # entry->use): NULL dereference).  Diff in the v2 patch mail (the
    # applied shape, no braces; the 6.1.192 text is its "+" side); id from
    # the announcement's .sha1; found in the first CVE filter (fdget in
    # the text)
    case("bf2986fcf82a449441f9ee4335df19be19e83970",
         "CVE-2025-22018 announcement (kernel-security-vulns cve/published/2025/CVE-2025-22018.mbox and "
         ".sha1, mirrored copy); v2 patch mail 2163218759 (diff), the same hunk in a combined diff 46484882981",
         "atm: Fix NULL pointer dereference (MPOA_cache_impos_rcvd())",
         "net/atm/mpc.c", "MPOA_cache_impos_rcvd", "fget-put-failed",
         [("\t\tmpc->dev->name, entry, holding_time);\n\tif (entry == NULL && !holding_time)\n\t\treturn;\n",
           "\t\tmpc->dev->name, entry, holding_time);\n")]),
]

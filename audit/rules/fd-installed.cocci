// SPDX-License-Identifier: GPL-2.0
/// [fd-installed]: the file was published in the fd table, and the code
/// then unwinds it as if it were still private: fd_install() (directly, or
/// inside anon_inode_getfd(), dma_buf_fd(), ...) hands the caller's
/// reference to the table, and userspace can close() the fd at once.  A
/// later fput() of the file / dma_buf_put() of the dma-buf (the reference
/// belongs to the table now: use after free when the fd is closed), or
/// put_unused_fd() of the fd (the slot is in use: a half torn-down table
/// entry) on an error path (a failed copy_to_user() of the fd, say) is a
/// bug; the fd can only be left to the process (46963e2e0629 fastrpc,
/// c72ea2050361 iio).  The failure branch of the installing call itself
/// (fd < 0: nothing was installed) is not followed, nor a put guarded by a
/// plain error-code test (if (ret) / if (err && fd >= 0): the common
/// unwind label reached after the install only with ret == 0).
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@inst exists@
expression F, FD, E, E2;
identifier FDV;
type T;
identifier getfd = {anon_inode_getfd, anon_inode_getfd_secure, dma_buf_fd, sync_file_fd}; // @fdinstaller@
position p1, p2;
statement S;
@@
(
fd_install@p1(FD, F);
... when != F = E
    when != FD = E2
    when != get_file(F)
(
fput@p2(F);
|
put_unused_fd@p2(FD);
)
|
FD = dma_buf_fd@p1(F, ...);
if (\(FD < 0\|IS_ERR_VALUE(FD)\)) S
... when != F = E
    when != FD = E2
    when != get_dma_buf(F)
(
dma_buf_put@p2(F);
|
put_unused_fd@p2(FD);
)
|
FD = getfd@p1(...);
if (\(FD < 0\|IS_ERR_VALUE(FD)\)) S
... when != FD = E2
put_unused_fd@p2(FD);
|
T FDV = getfd@p1(...);
if (\(FDV < 0\|IS_ERR_VALUE(FDV)\)) S
... when != FDV = E2
put_unused_fd@p2(FDV);
)

// a reference or a count taken once the file is published (fd_install(),
// or a call that installs and returns the fd: anon_inode_getfd(),
// dma_buf_fd(), a computed "fdinstaller"): a racing close() runs the
// file's release, which drops that reference or count, before it is taken
// (cfa39381173d kvm, CVE-2019-6974; 33927f3d0ecd habanalabs,
// 532c8b51b3a8 xen: dma_buf_fd() first; 855d44434fa2 secretmem:
// fd_install() before atomic_inc()), also through a callee that takes it
// (summary "refgetter": drm_syncobj_replace_fence(), 251e8c5b1b1f i915);
// summary.py's GETREF is the same list of names
@late_get exists@
expression FD, F, E2;
identifier FDV;
type T;
identifier pub = {anon_inode_getfd, anon_inode_getfd_secure, dma_buf_fd, sync_file_fd}; // @fdinstaller@
identifier getref =~ "^kref_get$|^refcount_inc$|^get_file$|^atomic_(long_)?inc$|_get_[a-z0-9]+$|_get$|^get_[a-z0-9]+_ref$"; // @refgetter@
position p1, p2;
statement S;
@@
(
FD = pub@p1(...);
if (\(FD < 0\|IS_ERR_VALUE(FD)\|unlikely(FD < 0)\)) S
... when != FD = E2
getref@p2(...);
|
T FDV = pub@p1(...);
if (\(FDV < 0\|IS_ERR_VALUE(FDV)\|unlikely(FDV < 0)\)) S
... when != FDV = E2
getref@p2(...);
|
fd_install@p1(FD, F);
...
getref@p2(...);
)

@initialize:python@
@@
import re

def fd_installed_guarded(p):
    """the put is the first statement under "if (COND)" where COND tests
    variables only (no call), among them an error code (ret, err, ...)"""
    try:
        lines = open(p.file).read().split("\n")
    except OSError:
        return False
    n = int(p.line) - 1
    text = " ".join(l.strip() for l in lines[max(0, n - 2):n + 1])
    put = text.rindex(lines[n].strip()[:12]) if lines[n].strip()[:12] in text else len(text)
    cond = None
    for m in re.finditer(r"\bif\s*\(", text[:put]):
        depth, i = 1, m.end()
        while i < put and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        if not depth and re.fullmatch(r"\s*\{?\s*", text[i:put]):
            cond = text[m.end():i - 1]
    return cond is not None and not re.search(r"\w\s*\(", cond) and \
        bool(re.search(r"\b(ret|err|error|rc|retval|status|result)\b", cond))

def fd_installed_counted(p, name):
    """a plain counter (atomic_inc(&x->n)) is a reference of the file only
    when the file also drops it (atomic_dec*(&...n) in its release, say);
    kvm's atomic_inc(&kvm->online_vcpus) after create_vcpu_fd() is not"""
    if not name.startswith("atomic_"):
        return True
    try:
        text = open(p.file).read()
    except OSError:
        return True
    line = text.split("\n")[int(p.line) - 1]
    m = re.search(r"\b%s\s*\(\s*&?\s*([\w.>-]+)" % name, line)
    if not m:
        return True
    last = re.split(r"->|\.", m.group(1))[-1]
    return bool(re.search(r"\batomic_(long_)?dec\w*\(\s*&?[\w.>-]*\b%s\s*\)" % last, text))

@script:python depends on audit@
p1 << inst.p1;
p2 << inst.p2;
@@
if not fd_installed_guarded(p2[0]):
  print("%s:%s: [fd-installed] put / put_unused_fd() after the file was installed in the fd table on line %s (the reference is the table's now)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << inst.p1;
p2 << inst.p2;
@@
if not fd_installed_guarded(p2[0]):
  coccilib.report.print_report(p2[0], "ERROR: put after the fd was installed on line " + p1[0].line)

@script:python depends on audit@
p1 << late_get.p1;
p2 << late_get.p2;
getref << late_get.getref;
@@
if fd_installed_counted(p2[0], getref):
  print("%s:%s: [fd-installed] reference taken after the file was published in the fd table on line %s (a racing close() can release it first)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << late_get.p1;
p2 << late_get.p2;
getref << late_get.getref;
@@
if fd_installed_counted(p2[0], getref):
  coccilib.report.print_report(p2[0], "WARNING: reference taken after the fd was published on line " + p1[0].line)

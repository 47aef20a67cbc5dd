// SPDX-License-Identifier: GPL-2.0
/// [fd-published]: work done on a file after it was published in the fd
/// table.  fd_install() hands the caller's reference to the table, and
/// another thread can close() the fd at once (the fd number is easy to
/// guess), so the file may be freed from then on; installing is the last
/// step of creating a file descriptor.  Reported: the file dereferenced or
/// passed to a function after fd_install(fd, file) (or a dma-buf after
/// dma_buf_fd(dmabuf, ...), which installs dmabuf->file), unless the
/// function took a reference of its own (get_file() of it earlier); and an
/// error return on a path after the install (directly with fd_install(),
/// or after the success test of a call that installs and returns the fd:
/// dma_buf_fd(), anon_inode_getfd(), a computed "fdinstaller") that unwinds
/// something on the way (a put, free, destroy, close...): the fd stays in
/// the table while what its file refers to is torn down, and userspace
/// was told the call failed (4b4391e77a6b cachefiles: close_fd() of the
/// installed fd).  A bare error return, leaving the fd to the process, is
/// not reported: several drivers do it on purpose, with a comment.  A put
/// or a reference taken after the install is fd-installed's.
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@puse exists@
expression FD, F, E;
identifier fld;
identifier g != {fput, get_file, dma_buf_put, get_dma_buf, fd_install, IS_ERR, PTR_ERR, WARN_ON, WARN_ON_ONCE, BUG_ON, likely, unlikely};
position p1, p2;
@@
(
fd_install@p1(FD, F);
|
FD = dma_buf_fd@p1(F, ...);
|
dma_buf_fd@p1(F, ...)
)
... when != F = E
(
F@p2->fld
|
g@p2(..., F, ...)
)

// an error return that unwinds (puts, frees, destroys, closes something)
// after the install: the object behind the published file may be torn
// down while the fd is live.  A bare error return ("leak" the fd: iio,
// fastrpc, snd timer say so in a comment) is the accepted convention and
// is not reported.  The fd stays installed whatever its variable holds
// later (kvm reuses "r" for the error code).  The unwinds fd-installed
// reports (fput(), dma_buf_put(), put_unused_fd() of the installed file /
// fd) are not counted here.  ("when any" after the unwind and after the
// success test: without it the path could not go past a second unwind
// call, or a second test of the fd ("if (fd < 0) S" matches any if of it),
// which match the element before the "...".)
@perr exists@
expression FD, F, E, R;
identifier FDV;
constant C;
type T;
identifier pub = {anon_inode_getfd, anon_inode_getfd_secure, dma_buf_fd, sync_file_fd}; // @fdinstaller@
identifier cleanup =~ "^(?!(?:__)?put_user$|put_unused_fd$|fput$|dma_buf_put$)[a-z_0-9]*(?:put|free|destroy|release|close|remove|unregister|delete|drop)";
position p1, p2, p3;
statement S, S1, S2;
@@
(
fd_install@p1(FD, F);
... when != \(put_unused_fd(FD)\|fput(F)\|dma_buf_put(F)\)
(
R = -C;
... when != R = E
cleanup@p3(...);
... when != R = E
    when any
return@p2 R;
|
cleanup@p3(...);
... when != if (...) S1
    when != if (...) S1 else S2
    when any
return@p2 -C;
|
cleanup@p3(...);
... when any
return@p2 ERR_PTR(...);
)
|
FD = pub@p1(...);
if (\(FD < 0\|IS_ERR_VALUE(FD)\|unlikely(FD < 0)\)) S
... when != \(put_unused_fd(FD)\|dma_buf_put(...)\)
    when any
(
R = -C;
... when != R = E
cleanup@p3(...);
... when != R = E
    when any
return@p2 R;
|
cleanup@p3(...);
... when != if (...) S1
    when != if (...) S1 else S2
    when any
return@p2 -C;
|
cleanup@p3(...);
... when any
return@p2 ERR_PTR(...);
)
|
T FDV = pub@p1(...);
if (\(FDV < 0\|IS_ERR_VALUE(FDV)\|unlikely(FDV < 0)\)) S
... when != \(put_unused_fd(FDV)\|dma_buf_put(...)\)
    when any
(
R = -C;
... when != R = E
cleanup@p3(...);
... when != R = E
    when any
return@p2 R;
|
cleanup@p3(...);
... when != if (...) S1
    when != if (...) S1 else S2
    when any
return@p2 -C;
|
cleanup@p3(...);
... when any
return@p2 ERR_PTR(...);
)
)

@initialize:python@
@@
import re as fd_published_re

def fd_published_held(p1, name):
    """the function took a reference of its own on name before the
    install at p1 (get_file(name), get_dma_buf(name))"""
    try:
        lines = open(p1.file).read().split("\n")
    except OSError:
        return True
    i = int(p1.line) - 1
    while i > 0 and not lines[i].startswith("{"):
        i -= 1
    before = "\n".join(lines[i:int(p1.line)])
    return bool(fd_published_re.search(r"\b(?:get_file|get_dma_buf)\(\s*%s\s*\)"
                                       % fd_published_re.escape(name), before))

def fd_published_use(p1, p2, name, report=False):
    if p1.current_element != p2.current_element or "[" in name or \
            fd_published_held(p1, name):
        return
    if report:
        coccilib.report.print_report(p2, "ERROR: %s used after it was installed in the fd table on line %s" % (name, p1.line))
    else:
        print("%s:%s: [fd-published] %s used after it was installed in the fd table on line %s (a racing close() may free it)" % (p2.file, p2.line, name, p1.line))

def fd_published_err(p1, p2, p3, report=False):
    if p1.current_element != p2.current_element:
        return
    if report:
        coccilib.report.print_report(p2, "ERROR: error return unwinding (line %s) after the fd was installed on line %s" % (p3.line, p1.line))
    else:
        print("%s:%s: [fd-published] error return, unwinding on line %s, after the fd was installed in the fd table on line %s (the fd stays open)" % (p2.file, p2.line, p3.line, p1.line))

@script:python depends on audit@
p1 << puse.p1;
p2 << puse.p2;
F << puse.F;
@@
fd_published_use(p1[0], p2[0], F)

@script:python depends on report && !audit@
p1 << puse.p1;
p2 << puse.p2;
F << puse.F;
@@
fd_published_use(p1[0], p2[0], F, True)

@script:python depends on audit@
p1 << perr.p1;
p2 << perr.p2;
p3 << perr.p3;
@@
fd_published_err(p1[0], p2[0], p3[0])

@script:python depends on report && !audit@
p1 << perr.p1;
p2 << perr.p2;
p3 << perr.p3;
@@
fd_published_err(p1[0], p2[0], p3[0], True)

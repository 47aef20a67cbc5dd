// SPDX-License-Identifier: GPL-2.0
/// Rule 6 [err-ptr]: an error pointer is kept in a struct fd (the old
/// overlayfs ovl_real_fdget() pattern): the file of a struct fd is tested
/// with IS_ERR()/PTR_ERR()..., or ERR_PTR() is stored into it.
///
// Confidence: High
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@errp@
struct fd e;
struct fd *ep;
identifier chk = {IS_ERR, IS_ERR_OR_NULL, PTR_ERR, PTR_ERR_OR_ZERO, IS_ERR_VALUE};
identifier mk = {BORROWED_FD, CLONED_FD};
position p;
@@
(
chk@p(\(e.file\|ep->file\|fd_file(e)\|fd_file(*ep)\))
|
\(e.file\|ep->file\) =@p ERR_PTR(...)
|
mk@p(ERR_PTR(...))
)

@script:python depends on audit@
p << errp.p;
@@
print("%s:%s: [err-ptr] error pointer kept in a struct fd" % (p[0].file, p[0].line))

@script:python depends on report && !audit@
p << errp.p;
@@
coccilib.report.print_report(p[0], "ERROR: error pointer kept in a struct fd")

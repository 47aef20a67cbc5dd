// SPDX-License-Identifier: GPL-2.0
/// Rule 4 [null-deref]: f.file / fd_file(f) is dereferenced (f.file->x,
/// file_inode(f.file)) on a path from fdget*() / CLASS(fd...) on which it was
/// never looked at before, i.e. emptiness was not checked.  Any earlier
/// mention of f.file / fd_file(f) / fd_empty(f), or passing f to a function
/// that tests it (first-pass summary "fdcheck"), counts as a check.
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@nd exists@
identifier f, fld, cls =~ "^fd";
identifier get = {fdget, fdget_raw, fdget_pos};
identifier chk =~ "^is_[a-z0-9_]*_file$"; // @fdcheck@
expression E;
position p1, p2;
statement S;
@@
(
struct fd f = get@p1(E);
|
f = get@p1(E);
|
CLASS(cls, f)@p1(E);
)
... when != f.file
    when != fd_file(f)
    when != fd_empty(f)
    when != chk(..., f, ...)
    when != &f
(
if (<+... \(!f.file\|!fd_file(f)\|fd_empty(f)\|f.file == NULL\|NULL == f.file\) ...+>) S
|
\(f.file@p2->fld\|fd_file(f)@p2->fld\|file_inode(f.file@p2)\|file_inode(fd_file(f)@p2)\)
)

@script:python depends on audit@
p1 << nd.p1;
p2 << nd.p2;
@@
print("%s:%s: [null-deref] file of struct fd from line %s dereferenced without an emptiness check" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << nd.p1;
p2 << nd.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: f.file may be NULL (fdget on line " + p1[0].line + ")")

// SPDX-License-Identifier: GPL-2.0
/// [unchecked-pass]: the file of a struct fd is passed to a function before
/// the emptiness test (the callee may dereference NULL).  A call that
/// tests the struct fd (summary "fdcheck": __bpf_map_get(f)) is the test.  Its fget*() twin
/// is in fget-null-deref.cocci.
///
// Confidence: Moderate (some callees accept NULL)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@nd_pass exists@
identifier f, fld, cls =~ "^fd";
identifier get = {fdget, fdget_raw, fdget_pos};
identifier chk =~ "^is_[a-z0-9_]*_file$"; // @fdcheck@
identifier g != {IS_ERR, IS_ERR_OR_NULL, PTR_ERR, likely, unlikely, WARN_ON, WARN_ON_ONCE, fdput, fdput_pos, file_inode};
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
g(..., \(f.file@p2\|fd_file(f)@p2\), ...)
)

@script:python depends on audit@
p1 << nd_pass.p1;
p2 << nd_pass.p2;
@@
print("%s:%s: [unchecked-pass] file of the struct fd from line %s passed on before its emptiness test" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << nd_pass.p1;
p2 << nd_pass.p2;
@@
coccilib.report.print_report(p2[0], "WARNING: file passed on before the emptiness test (fdget on line " + p1[0].line + ")")

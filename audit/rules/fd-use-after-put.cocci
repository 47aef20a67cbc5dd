// SPDX-License-Identifier: GPL-2.0
/// Rule 3 [use-after-put]: f.file / fd_file(f) (or f itself, passed to a
/// function) is used after
/// fdput(f)/fdput_pos(f) on some path, with no new fdget in between.
///
// Confidence: High
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@uap exists@
identifier f;
identifier put = {fdput, fdput_pos};
identifier g != {fdput, fdput_pos};
expression E;
position p1, p2;
@@
put@p1(f);
... when != f = E
    when != &f
(
f = E
|
\(f.file@p2\|fd_file(f)@p2\|fd_empty(f)@p2\|g(..., f@p2, ...)\)
)

@script:python depends on audit@
p1 << uap.p1;
p2 << uap.p2;
@@
print("%s:%s: [use-after-put] struct fd used after the put on line %s" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << uap.p1;
p2 << uap.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: struct fd used after fdput on line " + p1[0].line)

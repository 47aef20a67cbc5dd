// SPDX-License-Identifier: GPL-2.0
/// Rule 5, bug case [uninit]: a struct fd declared without an initialiser
/// (the shape rule reports the declaration) is put, or its file used, on a
/// path from the declaration on which nothing was assigned to it, e.g. an
/// early "goto out_put" before the fdget().  fdput() then acts on stack
/// garbage.  Reported as a failure, like rules 1-4.
///
// Confidence: High
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@uninit exists@
identifier f;
identifier put = {fdput, fdput_pos};
expression E;
position p1, p2;
@@
struct fd f@p1;
... when != f = E
    when != &f
    when != f.file = E
(
f.file = E
|
put@p2(f)
|
f.file@p2
|
fd_file(f)@p2
)

@script:python depends on audit@
p1 << uninit.p1;
p2 << uninit.p2;
@@
print("%s:%s: [uninit] struct fd declared on line %s used or put before anything was assigned to it" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << uninit.p1;
p2 << uninit.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: uninitialised struct fd (declared on line " + p1[0].line + ")")

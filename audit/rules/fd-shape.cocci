// SPDX-License-Identifier: GPL-2.0
/// Rule 5 [shape] (low severity: "irregular, needs a human"): a struct fd
/// that is declared without being initialised at once, reassigned, passed
/// by reference / has its address taken, is filled through a pointer, has
/// its flags read by hand, or is put under a condition other than an
/// emptiness test.  None of these is a bug by itself; they are the sites the
/// path rules cannot vouch for.
///
// Confidence: High (as a shape report; not a bug report)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@nodecl@
identifier f;
position p;
@@
struct fd f@p;

@reassign exists@
local idexpression struct fd f;
identifier f0;
expression E0, E;
position p0, p;
@@
(
struct fd f0@p0 = E0;
...
f0@p = E
|
f@p0 = E0
...
f@p = E
)

@addr@
struct fd e;
position p;
@@
\(&e@p\)

@storelv@
struct fd lv;
expression E;
position p;
@@
lv@p = E

@viaptr@
struct fd *ep;
expression E;
position p;
@@
(
ep->file =@p E
|
ep->flags =@p E
|
ep->word =@p E
)

@flags@
struct fd e;
position p;
@@
(
e.flags@p
|
e.word@p
)

@condput@
identifier f;
identifier put = {fdput, fdput_pos};
expression C;
statement S;
position p;
@@
(
if (\(f.file\|fd_file(f)\|!fd_empty(f)\)) put(f);
|
if (C) put@p(f); else S
|
if (C) S else put@p(f);
|
if (C) put@p(f);
)

@script:python depends on audit@
p << nodecl.p;
f << nodecl.f;
@@
print("%s:%s: [shape] struct fd %s declared without an initialiser" % (p[0].file, p[0].line, f))

@script:python depends on audit@
p0 << reassign.p0;
p << reassign.p;
@@
if p0[0].line != p[0].line:
    print("%s:%s: [shape] struct fd reassigned (first set on line %s)" % (p[0].file, p[0].line, p0[0].line))

@script:python depends on audit@
p << addr.p;
e << addr.e;
@@
print("%s:%s: [shape] address of struct fd %s taken (passed by reference?)" % (p[0].file, p[0].line, e))

@script:python depends on audit@
p << storelv.p;
lv << storelv.lv;
@@
import re
if not re.match(r"^\w+$", lv):
    print("%s:%s: [shape] struct fd stored through a pointer or into a field" % (p[0].file, p[0].line))

@script:python depends on audit@
p << viaptr.p;
@@
print("%s:%s: [shape] struct fd stored through a pointer or into a field" % (p[0].file, p[0].line))

@script:python depends on audit@
p << flags.p;
e << flags.e;
@@
print("%s:%s: [shape] raw flags of struct fd %s used by hand" % (p[0].file, p[0].line, e))

@script:python depends on audit@
p << condput.p;
f << condput.f;
@@
print("%s:%s: [shape] struct fd %s put under a condition that is not an emptiness test" % (p[0].file, p[0].line, f))

@script:python depends on report && !audit@
p << nodecl.p;
@@
coccilib.report.print_report(p[0], "WARNING: struct fd declared without an initialiser")

@script:python depends on report && !audit@
p0 << reassign.p0;
p << reassign.p;
@@
if p0[0].line != p[0].line:
    coccilib.report.print_report(p[0], "WARNING: struct fd reassigned")

@script:python depends on report && !audit@
p << addr.p;
@@
coccilib.report.print_report(p[0], "WARNING: address of struct fd taken")

@script:python depends on report && !audit@
p << storelv.p;
lv << storelv.lv;
@@
import re
if not re.match(r"^\w+$", lv):
    coccilib.report.print_report(p[0], "WARNING: struct fd stored through a pointer or into a field")

@script:python depends on report && !audit@
p << viaptr.p;
@@
coccilib.report.print_report(p[0], "WARNING: struct fd stored through a pointer or into a field")

@script:python depends on report && !audit@
p << flags.p;
@@
coccilib.report.print_report(p[0], "WARNING: raw struct fd flags used by hand")

@script:python depends on report && !audit@
p << condput.p;
@@
coccilib.report.print_report(p[0], "WARNING: struct fd put under a non-emptiness condition")

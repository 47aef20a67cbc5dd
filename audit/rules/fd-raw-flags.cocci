// SPDX-License-Identifier: GPL-2.0
/// [raw-flags]: the raw flags (or word) of a struct fd are handed out
/// without "& FDPUT_FPUT": stored into a caller's "fput needed" variable
/// or passed on.  The other flag bits (FDPUT_POS_UNLOCK) then look
/// like "must fput" to the caller, which drops a reference it does not own.
///
// Confidence: High
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@raw@
struct fd f;
expression E;
identifier g;
position p;
@@
(
E = f.flags@p
|
E = f.word@p
|
g(..., f.flags@p, ...)
)

@script:python depends on audit@
p << raw.p;
f << raw.f;
@@
print("%s:%s: [raw-flags] raw flags of struct fd %s handed out without & FDPUT_FPUT" % (p[0].file, p[0].line, f))

@script:python depends on report && !audit@
p << raw.p;
@@
coccilib.report.print_report(p[0], "ERROR: struct fd flags handed out without & FDPUT_FPUT")

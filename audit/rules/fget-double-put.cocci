// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 2 [fget-double-put]: fput() of the same struct file *
/// (a variable or a field, e.g. fput(ctx->file)) twice on one path, with no
/// reassignment and no get_file() in between; a loop reaching the same
/// fput() again is not one, and indexed expressions (files[i]) are skipped.
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, /work/main/audit

virtual report
virtual audit

@fdp exists@
expression file;
expression E;
position p1, p2;
@@
fput@p1(file);
... when != file = E
    when != get_file(file)
    when != file = get_file(...)
    when != &file
fput@p2(file);

@script:python depends on audit@
p1 << fdp.p1;
p2 << fdp.p2;
file << fdp.file;
@@
if (p1[0].line, p1[0].column) != (p2[0].line, p2[0].column) and "[" not in file:
    print("%s:%s: [fget-double-put] file already put on line %s" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fdp.p1;
p2 << fdp.p2;
file << fdp.file;
@@
if (p1[0].line, p1[0].column) != (p2[0].line, p2[0].column) and "[" not in file:
    coccilib.report.print_report(p2[0], "ERROR: double fput; already put on line " + p1[0].line)

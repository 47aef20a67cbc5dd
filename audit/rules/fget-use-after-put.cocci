// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 3 [fget-use-after-put]: a struct file * (a variable
/// or a field) is dereferenced or passed on after its fput() (or an inferred
/// release of another object, summary "release") on some path,
/// with no reassignment and no new reference in between.  Comparisons and
/// NULL tests of the pointer value are not reported.
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@fuap exists@
expression file, E;
identifier fld, g != {IS_ERR, IS_ERR_OR_NULL, PTR_ERR, WARN_ON, WARN_ON_ONCE, BUG_ON, likely, unlikely};
identifier rel = {fput}; // @release@
position p1, p2;
@@
rel@p1(file);
... when != file = E
    when != get_file(file)
    when != &file
(
file = E
|
file@p2->fld
|
g(..., file@p2, ...)
)

@initialize:python@
@@
def fuap_after(p1, p2, rel, file):
    """the use at p2 is after the put call at p1 in the text: a later
    line, or on the put's line past the call itself ("fput(f); x = f->y",
    a move mutant's line), not inside it (the same call reached again
    through a loop)"""
    if int(p2.line) != int(p1.line):
        return int(p2.line) > int(p1.line)
    return int(p2.column) > int(p1.column) + len(rel) + len(file) + 1

@script:python depends on audit@
p1 << fuap.p1;
p2 << fuap.p2;
file << fuap.file;
rel << fuap.rel;
@@
if "[" not in file and "(" not in file and fuap_after(p1[0], p2[0], rel, file):
    print("%s:%s: [fget-use-after-put] file used after the fput on line %s" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fuap.p1;
p2 << fuap.p2;
file << fuap.file;
rel << fuap.rel;
@@
if "[" not in file and "(" not in file and fuap_after(p1[0], p2[0], rel, file):
    coccilib.report.print_report(p2[0], "ERROR: file used after fput on line " + p1[0].line)

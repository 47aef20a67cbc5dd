// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 4 [fget-null-deref]: the result of fget*() is
/// dereferenced (file->x, file_inode(file)) before it was ever looked at,
/// i.e. without a NULL test; kept in a local or in a field of an object
/// (ctx->file = fget(fd); ctx->file->f_op), or stored in a field that is
/// never tested for NULL anywhere in the file (the reader of the field is
/// elsewhere).  Its twin [unchecked-pass]:
/// the result passed to a function before the test, unless that function
/// tests its file parameter for NULL itself (summary "fnullok").
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@fnd exists@
identifier fv, fld;
identifier get = {fget, fget_raw, fget_task};
position p1, p2;
statement S;
@@
(
struct file *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != fv
(
if (<+... \(!fv\|fv == NULL\|fv != NULL\|IS_ERR_OR_NULL(fv)\) ...+>) S
|
\(fv@p2->fld\|file_inode(fv@p2)\)
)

@fnd_pass exists@
identifier fv, fld;
identifier g != {IS_ERR, IS_ERR_OR_NULL, PTR_ERR, likely, unlikely, WARN_ON, WARN_ON_ONCE, fput, file_inode}; // @fnullok@
identifier get = {fget, fget_raw, fget_task};
position p1, p2;
statement S;
@@
(
struct file *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != fv
(
if (<+... \(!fv\|fv == NULL\|fv != NULL\|IS_ERR_OR_NULL(fv)\) ...+>) S
|
g(..., fv@p2, ...)
)


@fnd_fld exists@
expression O;
identifier ff, fld;
identifier get = {fget, fget_raw, fget_task};
position p1, p2;
statement S;
@@
O->ff = get@p1(...);
... when != O->ff
(
if (<+... \(!O->ff\|O->ff == NULL\|O->ff != NULL\|IS_ERR_OR_NULL(O->ff)\) ...+>) S
|
\(O->ff@p2->fld\|file_inode(O->ff@p2)\)
)

@fnd_fld_pass exists@
expression O;
identifier ff;
identifier g != {IS_ERR, IS_ERR_OR_NULL, PTR_ERR, likely, unlikely, WARN_ON, WARN_ON_ONCE, fput, file_inode};
identifier get = {fget, fget_raw, fget_task};
position p1, p2;
statement S;
@@
O->ff = get@p1(...);
... when != O->ff
(
if (<+... \(!O->ff\|O->ff == NULL\|O->ff != NULL\|IS_ERR_OR_NULL(O->ff)\) ...+>) S
|
g(..., O->ff@p2, ...)
)

// stored in a field and not used again in this function (the rules
// above see a use there), and nowhere in the file is the field compared
// with NULL, so
// the NULL of a failed lookup reaches whoever reads the field
@fnd_fld_used exists@
expression O;
identifier ff;
identifier get = {fget, fget_raw, fget_task};
position p1;
@@
O->ff = get@p1(...);
... when any
O->ff

@fnd_fld_kept exists@
expression O;
identifier ff;
identifier get = {fget, fget_raw, fget_task};
position p1 != fnd_fld_used.p1;
@@
O->ff = get@p1(...);

@fnd_call@
identifier get = {fget, fget_raw, fget_task};
identifier g != {IS_ERR, IS_ERR_OR_NULL, PTR_ERR, likely, unlikely, WARN_ON, WARN_ON_ONCE};
identifier fld;
position p1, p2;
@@
(
get@p1(...)@p2->fld
|
file_inode@p2(get@p1(...))
|
g@p2(..., get@p1(...), ...)
)

@script:python depends on audit@
p1 << fnd.p1;
p2 << fnd.p2;
@@
print("%s:%s: [fget-null-deref] file from fget on line %s dereferenced without a NULL test" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fnd.p1;
p2 << fnd.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: fget() result may be NULL (line " + p1[0].line + ")")

@script:python depends on audit@
p1 << fnd_pass.p1;
p2 << fnd_pass.p2;
@@
print("%s:%s: [unchecked-pass] file from fget on line %s passed on before its NULL test" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fnd_pass.p1;
p2 << fnd_pass.p2;
@@
coccilib.report.print_report(p2[0], "WARNING: fget() result passed on before its NULL test (line " + p1[0].line + ")")

@script:python depends on audit@
p1 << fnd_fld.p1;
p2 << fnd_fld.p2;
@@
print("%s:%s: [fget-null-deref] file from fget on line %s dereferenced without a NULL test" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fnd_fld.p1;
p2 << fnd_fld.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: fget() result may be NULL (line " + p1[0].line + ")")

@script:python depends on audit@
p1 << fnd_fld_pass.p1;
p2 << fnd_fld_pass.p2;
@@
print("%s:%s: [unchecked-pass] file from fget on line %s passed on before its NULL test" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fnd_fld_pass.p1;
p2 << fnd_fld_pass.p2;
@@
coccilib.report.print_report(p2[0], "WARNING: fget() result passed on before its NULL test (line " + p1[0].line + ")")

@initialize:python@
@@
import re as fnd_re

def fnd_never_tested(p, ff):
    """no NULL test of a field named ff anywhere in the file of p"""
    try:
        text = open(p.file).read()
    except OSError:
        return False
    f = r"(?:->|\.)\s*%s\b" % fnd_re.escape(ff)
    return not fnd_re.search(r"!\s*\(?[\w.>\[\]()-]*%s(?!\s*(?:->|\.|\())"
                             r"|%s\s*[!=]=\s*NULL|NULL\s*[!=]=\s*[\w.>-]*%s"
                             r"|\b(?:if|while|WARN_ON(?:_ONCE)?|BUG_ON)\s*\(\s*[\w.>\[\]-]*%s\s*\)"
                             r"|IS_ERR_OR_NULL\(\s*[\w.>-]*%s\s*\)"
                             r"|(?:&&|\|\||\?)\s*[\w.>-]*%s\s*(?:&&|\|\||\)|\?)"
                             r"|[\w.>-]*%s\s*(?:&&|\|\||\?)" % ((f,) * 7), text)

@script:python depends on audit@
p1 << fnd_fld_kept.p1;
ff << fnd_fld_kept.ff;
@@
if fnd_never_tested(p1[0], ff):
    print("%s:%s: [fget-null-deref] file from fget stored in ->%s, which is never tested for NULL in this file" % (p1[0].file, p1[0].line, ff))

@script:python depends on report && !audit@
p1 << fnd_fld_kept.p1;
ff << fnd_fld_kept.ff;
@@
if fnd_never_tested(p1[0], ff):
    coccilib.report.print_report(p1[0], "ERROR: fget() result stored in ->" + ff + " and never tested for NULL")

@script:python depends on audit@
p1 << fnd_call.p1;
p2 << fnd_call.p2;
g << fnd_call.g = "";
@@
if g and g != "file_inode":
    print("%s:%s: [unchecked-pass] file from fget passed to %s without a NULL test" % (p1[0].file, p1[0].line, g))
else:
    print("%s:%s: [fget-null-deref] file from fget dereferenced without a NULL test" % (p1[0].file, p1[0].line))

@script:python depends on report && !audit@
p1 << fnd_call.p1;
@@
coccilib.report.print_report(p1[0], "ERROR: fget() result used without a NULL test")

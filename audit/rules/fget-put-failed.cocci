// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 5 [fget-put-failed]: the put of a lookup that
/// failed.  On the path where a pointer was found to be an error pointer
/// (IS_ERR(x), IS_ERR_OR_NULL(x)) or NULL (!x, x == NULL), with no
/// reassignment of it, it reaches fput() or an inferred release of another
/// object (summary "release": eventfd_ctx_put(), dma_buf_put(), ...),
/// inside the test's block or after the block's goto.  The release then
/// dereferences the error pointer or NULL.  Not reported: a release whose
/// body tests its parameter for an error pointer (summary "relerrok") or
/// for NULL (summary "relnullok", for the NULL form); after a goto, a path
/// that tests the pointer again (IS_ERR() again for the error form, any
/// use of it for the NULL form: "if (file) fput(file)" is fine after a NULL
/// test, not after an IS_ERR() one: an error pointer is not NULL), and a
/// release under a test that does not look at the pointer (a flag set once
/// it was acquired).
///
// Confidence: High
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

// the report scripts follow their rules: a goto-form match dropped by
// pf_keep() takes the environment it is in with it

@initialize:python@
@@
import re

pf_released = set()   # (file, expression) of the release calls seen

def pf_keep(p1, x):
    """drop a goto-form match of a pointer no release is called on"""
    if (p1[0].file, x) not in pf_released:
        cocci.include_match(False)

def pf_guard(path, line):
    """the condition of the if statement the line is the branch of (a
    one-statement branch or a braced block), or None"""
    lines = open(path, errors="replace").read().split("\n")[:int(line) - 1]
    if lines and re.match(r"\s*(?:else\s+)?if\s*\(.*\)\s*$", lines[-1]):
        return lines[-1]
    depth = 0
    for text in reversed(lines):
        depth += text.count("}") - text.count("{")
        if depth < 0:
            return text if re.match(r"\s*(?:\}\s*)?(?:else\s+)?if\s*\(", text) else None
    return None

def pf_report(p1, p2, x, how, report=False):
    """one report per release, in the function of the test, unless the
    release is under a test that does not look at the pointer (a flag set
    once it was acquired: "if (args.add_ref) put_net(target)")"""
    if p1.current_element != p2.current_element or "[" in x:
        return
    guard = pf_guard(p2.file, p2.line)
    if guard and not re.search(r"(?<![\w.>])%s(?![\w])" % re.escape(x), guard):
        return
    if report:
        coccilib.report.print_report(p2, "ERROR: %s put where it is %s (line %s)"
                                     % (x, how, p1.line))
    else:
        print("%s:%s: [fget-put-failed] %s is put here on a path where it is %s (line %s)"
              % (p2.file, p2.line, x, how, p1.line))

// the expressions some release is called on in the file: the goto forms
// below are matched for any pointer (one pass), and their matches for
// pointers never released in the file are dropped before the label rules
// run (most files have many "if (!p) goto L" tests and no put of p).
// Inheriting x from here instead costs one pass per released expression.
@pfrel@
expression x;
identifier rel = {fput}; // @release@
position pr;
@@
rel@pr(x)

@script:python@
x << pfrel.x;
pr << pfrel.pr;
@@
pf_released.add((pr[0].file, x))

@pfin exists@
expression x, E;
identifier rel = {fput}; // @release!relerrok@
identifier reln = {fput}; // @release!relnullok@
position p1, p2;
@@
(
if (\(IS_ERR@p1(x)\|unlikely(IS_ERR@p1(x))\|IS_ERR_OR_NULL@p1(x)\)) {
  ... when != x = E
      when != \(IS_ERR(x)\|IS_ERR_OR_NULL(x)\|PTR_ERR_OR_ZERO(x)\)
  rel@p2(x);
  ...
}
|
if (\(!x@p1\|unlikely(!x@p1)\|x@p1 == NULL\)) {
  ... when != x
  reln@p2(x);
  ...
}
)

@script:python depends on audit@
p1 << pfin.p1;
p2 << pfin.p2;
x << pfin.x;
rel << pfin.rel = "";
@@
pf_report(p1[0], p2[0], x, "an error pointer" if rel else "NULL")

@script:python depends on report && !audit@
p1 << pfin.p1;
p2 << pfin.p2;
x << pfin.x;
rel << pfin.rel = "";
@@
pf_report(p1[0], p2[0], x, "an error pointer" if rel else "NULL", True)

@pfgoto exists@
expression x, E;
identifier L;
position p1;
@@
(
if (\(IS_ERR@p1(x)\|unlikely(IS_ERR@p1(x))\|IS_ERR_OR_NULL@p1(x)\)) {
  ... when != x = E
  goto L;
}
|
if (\(IS_ERR@p1(x)\|unlikely(IS_ERR@p1(x))\|IS_ERR_OR_NULL@p1(x)\))
  goto L;
)

@script:python depends on pfgoto@
x << pfgoto.x;
p1 << pfgoto.p1;
@@
pf_keep(p1, x)

@pflabel exists@
identifier pfgoto.L;
expression pfgoto.x, E;
identifier rel = {fput}; // @release!relerrok@
position p2;
@@
L:
... when != x = E
    when != \(IS_ERR(x)\|IS_ERR_OR_NULL(x)\|PTR_ERR_OR_ZERO(x)\)
rel@p2(x);

@script:python depends on audit@
p1 << pfgoto.p1;
p2 << pflabel.p2;
x << pfgoto.x;
@@
pf_report(p1[0], p2[0], x, "an error pointer")

@script:python depends on report && !audit@
p1 << pfgoto.p1;
p2 << pflabel.p2;
x << pfgoto.x;
@@
pf_report(p1[0], p2[0], x, "an error pointer", True)

@pfngoto exists@
expression x, E;
identifier L;
position p1;
@@
(
if (\(!x@p1\|unlikely(!x@p1)\|x@p1 == NULL\)) {
  ... when != x = E
  goto L;
}
|
if (\(!x@p1\|unlikely(!x@p1)\|x@p1 == NULL\))
  goto L;
)

@script:python depends on pfngoto@
x << pfngoto.x;
p1 << pfngoto.p1;
@@
pf_keep(p1, x)

@pfnlabel exists@
identifier pfngoto.L;
expression pfngoto.x;
identifier reln = {fput}; // @release!relnullok@
position p2;
@@
L:
... when != x
reln@p2(x);

@script:python depends on audit@
p1 << pfngoto.p1;
p2 << pfnlabel.p2;
x << pfngoto.x;
@@
pf_report(p1[0], p2[0], x, "NULL")

@script:python depends on report && !audit@
p1 << pfngoto.p1;
p2 << pfnlabel.p2;
x << pfngoto.x;
@@
pf_report(p1[0], p2[0], x, "NULL", True)

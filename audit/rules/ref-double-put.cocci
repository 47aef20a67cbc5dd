// SPDX-License-Identifier: GPL-2.0
/// ref rule set, rule 2 [ref-double-put]: a reference this function took
/// with an inferred acquirer of an object other than a file (summary
/// "objacquire"; only with audit/run --all-pairs) is released twice on
/// one path (summary "objrelease", or "objrelease1" for a release of its
/// second argument, sk_psock_put(sk, psock)), with no reassignment and no other
/// reference taken on it in between (a getter or acquirer called on it,
/// summary "refgetter"/"objacquire", or a refcount primitive on one of its
/// members).  Only references acquired in the function are followed: a
/// function dropping two references it was given (a lookup's and a
/// list's) does so on purpose.  A second release under a flag that the
/// path cleared after the first ("if (f) rel(..., x)" after "f = false") is
/// not on one path.
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@rdp exists@
identifier x, fld;
identifier acq = {__ref_double_put_none}; // @objacquire@
identifier rel = {__ref_double_put_none}; // @objrelease+objrelease1+release@
identifier get = {kref_get, refcount_inc, atomic_inc, kref_get_unless_zero, refcount_inc_not_zero, atomic_inc_not_zero}; // @refgetter+objacquire@
identifier unl =~ "(^|_)(del|remove|erase|unlink|detach|dequeue|pop)(_|$)";
iterator I;
expression E;
statement S;
type T;
position p0, p1, p2;
@@
(
T *x = acq@p0(...);
|
x = acq@p0(...);
)
... when != x = E
    when != &x
    when != get(..., x, ...)
    when != get(&x->fld)
    when != unl(..., x, ...)
    when != unl(..., &x->fld, ...)
rel@p1(..., x);
... when != x = E
    when != &x
    when != get(..., x, ...)
    when != get(&x->fld)
    when != unl(..., x, ...)
    when != unl(..., &x->fld, ...)
    when != I(x, ...) S
rel@p2(..., x);

// the second release under a flag that every path from the first
// release clears (if (nocow) put(bg); nocow = false; ... if (nocow)
// put(bg);): the two never run together
@rdp_flag@
identifier rdp.x, rdp.rel, F;
position rdp.p2, pf;
@@
(
if (F) rel@p2@pf(..., x);
|
if (F) { ... rel@p2@pf(..., x); ... }
)

@rdp_open exists@
identifier rdp.x, rdp.acq, rdp.rel, rdp_flag.F;
symbol false;
expression E;
type T;
position rdp.p0, rdp.p1, rdp.p2, o1, o2;
@@
(
T *x = acq@p0(...);
|
x = acq@p0(...);
)
...
rel@p1@o1(..., x);
... when != F = false
    when != F = 0
    when != x = E
rel@p2@o2(..., x);

@initialize:python@
@@
ref_double_put_flagged = set()
ref_double_put_open = set()

def ref_double_put_flagged_only(p1, p2):
    return (p2[0].file, p2[0].line, p2[0].column) in ref_double_put_flagged and \
        (p1[0].file, p1[0].line, p1[0].column, p2[0].line, p2[0].column) not in ref_double_put_open

@script:python@
pf << rdp_flag.pf;
@@
ref_double_put_flagged.add((pf[0].file, pf[0].line, pf[0].column))

@script:python@
o1 << rdp_open.o1;
o2 << rdp_open.o2;
@@
ref_double_put_open.add((o1[0].file, o1[0].line, o1[0].column, o2[0].line, o2[0].column))

@script:python depends on audit@
p0 << rdp.p0;
p1 << rdp.p1;
p2 << rdp.p2;
x << rdp.x;
acq << rdp.acq;
@@
if (p1[0].line, p1[0].column) != (p2[0].line, p2[0].column) and \
        not ref_double_put_flagged_only(p1, p2):
    print("%s:%s: [ref-double-put] %s from %s() on line %s already released on line %s"
          % (p2[0].file, p2[0].line, x, acq, p0[0].line, p1[0].line))

@script:python depends on report && !audit@
p0 << rdp.p0;
p1 << rdp.p1;
p2 << rdp.p2;
acq << rdp.acq;
@@
if (p1[0].line, p1[0].column) != (p2[0].line, p2[0].column) and \
        not ref_double_put_flagged_only(p1, p2):
    coccilib.report.print_report(p2[0], "ERROR: reference from %s() on line %s already released on line %s" % (acq, p0[0].line, p1[0].line))

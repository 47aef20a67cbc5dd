// SPDX-License-Identifier: GPL-2.0
/// ref rule set, rule 3 [ref-use-after-put]: a reference this function
/// took with an inferred acquirer of an object other than a file (summary
/// "objacquire"; only with audit/run --all-pairs) is dereferenced or
/// passed on after its release (summary "objrelease", or "objrelease1"
/// for a release of its second argument, sk_psock_put(sk, psock)) on
/// some path, when
/// the function took no other reference on it (a getter or acquirer
/// called on it, summary "refgetter"/"objacquire", or a refcount primitive
/// on one of its members) anywhere before the release.  Comparisons and
/// NULL tests of the pointer value are not reported.  Only references
/// acquired in the function are followed: after a release of a reference
/// it was given, the caller's may still pin the object.
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@ruap exists@
identifier x, fld;
identifier acq = {__ref_use_after_put_none}; // @objacquire@
identifier rel = {__ref_use_after_put_none}; // @objrelease+objrelease1+release@
identifier get = {kref_get, refcount_inc, atomic_inc, kref_get_unless_zero, refcount_inc_not_zero, atomic_inc_not_zero}; // @refgetter+objacquire@
identifier g != {IS_ERR, IS_ERR_OR_NULL, PTR_ERR, WARN_ON, WARN_ON_ONCE, BUG_ON, likely, unlikely};
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
    when != I(x, ...) S
(
x = E
|
rel(..., x)
|
x@p2->fld
|
g(..., x@p2, ...)
)

@script:python depends on audit@
p0 << ruap.p0;
p1 << ruap.p1;
p2 << ruap.p2;
x << ruap.x;
rel << ruap.rel;
@@
if (int(p2[0].line), int(p2[0].column)) > (int(p1[0].line), int(p1[0].column)):
    print("%s:%s: [ref-use-after-put] %s used after %s() on line %s" % (p2[0].file, p2[0].line, x, rel, p1[0].line))

@script:python depends on report && !audit@
p1 << ruap.p1;
p2 << ruap.p2;
rel << ruap.rel;
@@
if (int(p2[0].line), int(p2[0].column)) > (int(p1[0].line), int(p1[0].column)):
    coccilib.report.print_report(p2[0], "ERROR: used after %s() on line %s" % (rel, p1[0].line))

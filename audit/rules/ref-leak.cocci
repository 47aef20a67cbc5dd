// SPDX-License-Identifier: GPL-2.0
/// ref rule set, rule 1 [ref-leak]: a reference that this function took
/// with an inferred acquirer of an object other than a file (summary
/// "objacquire": get_pid(), kobject_get(), msm_submitqueue_get(), ...;
/// only with audit/run --all-pairs) reaches an exit after its failure
/// test, or before any test of it, with no release and no hand-off,
/// while the function releases the
/// same variable (summary "objrelease", or "objrelease1" for a release
/// of its second argument, sk_psock_put(sk, psock), or "release" when the
/// same release is also an fd lookup's: put_net(), dma_fence_put()) on
/// another path.  Requiring the
/// function's own release of it is what keeps this precise for objects
/// whose ownership is handed on in many ways: a function that never
/// releases what it acquired owns it only by a contract it does not show.
/// A hand-off is: returning it, storing it, taking another reference on
/// it, passing its address, or passing it to a function that the first
/// pass found to release or store the parameter (summary "fconsume") or
/// whose name says it keeps it, unless its body only borrows it
/// (summary "pborrow").
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@rleak exists@
identifier x, fld;
identifier acq = {__ref_leak_none}; // @objacquire@
identifier rel = {__ref_leak_none}; // @objrelease+objrelease1+release@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release|submit|commit|enqueue|send|xmit"; // @fconsume+objconsume!pborrow+fgetref@
expression E, E1;
type T;
position p1, p2;
statement S, S3, S4;
@@
(
T *x = acq@p1(...);
|
x = acq@p1(...);
)
... when != rel(..., x)
    when != E1 = x
    when != E1 = &x->fld
    when != keep(..., x, ...)
    when != &x
    when != x = E
if (\(!x\|IS_ERR(x)\|IS_ERR_OR_NULL(x)\|x == NULL\|unlikely(!x)\|unlikely(IS_ERR(x))\|unlikely(IS_ERR_OR_NULL(x))\) || ...) S
... when != rel(..., x)
    when != E1 = x
    when != E1 = &x->fld
    when != keep(..., x, ...)
    when != &x
    when != x = E
    when != if (...) rel(..., x);
    when != if (...) rel(..., x); else S3
    when != if (...) S3 else rel(..., x);
    when != if (...) { <+... rel(..., x); ...+> }
    when != if (...) { <+... rel(..., x); ...+> } else S3
    when != if (...) S3 else { <+... rel(..., x); ...+> }
    when != if (\(x\|x != NULL\|!IS_ERR(x)\|!IS_ERR_OR_NULL(x)\)) S3
    when != if (\(x\|x != NULL\|!IS_ERR(x)\|!IS_ERR_OR_NULL(x)\)) S3 else S4
(
return <+... x ...+>;
|
return@p2 ...;
)

// the same with no test of the variable between the acquirer and the
// exit: it may hold a reference there (sk_psock_get() may return NULL,
// and the function goes on to an exit before it looks)
@rleak0 exists@
identifier x, fld;
identifier acq = {__ref_leak_none}; // @objacquire@
identifier rel = {__ref_leak_none}; // @objrelease+objrelease1+release@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release|submit|commit|enqueue|send|xmit"; // @fconsume+objconsume!pborrow+fgetref@
expression E, E1;
type T;
position p1, p2;
statement S3, S4;
@@
(
T *x = acq@p1(...);
|
x = acq@p1(...);
)
... when != rel(..., x)
    when != E1 = x
    when != E1 = &x->fld
    when != keep(..., x, ...)
    when != &x
    when != x = E
    when != if (<+... x ...+>) S3
    when != if (<+... x ...+>) S3 else S4
    when != if (...) rel(..., x);
    when != if (...) rel(..., x); else S3
    when != if (...) S3 else rel(..., x);
    when != if (...) { <+... rel(..., x); ...+> }
    when != if (...) { <+... rel(..., x); ...+> } else S3
    when != if (...) S3 else { <+... rel(..., x); ...+> }
(
return <+... x ...+>;
|
return@p2 ...;
)

// the function's own release of the same variable, on any path
@rleak_rel exists@
identifier rleak.x;
identifier rel = {__ref_leak_none}; // @objrelease+objrelease1+release@
position pr;
@@
rel@pr(..., x)

@rleak0_rel exists@
identifier rleak0.x;
identifier rel = {__ref_leak_none}; // @objrelease+objrelease1+release@
position pr;
@@
rel@pr(..., x)

@initialize:python@
@@
def ref_leak_one_function(p1, p2, pr):
    return pr[0].current_element == p1[0].current_element == p2[0].current_element

def ref_leak_print(p1, p2, pr, x, acq):
    if ref_leak_one_function(p1, p2, pr):
        print("%s:%s: [ref-leak] %s from %s() on line %s not released on this exit (released on line %s)"
              % (p2[0].file, p2[0].line, x, acq, p1[0].line, pr[0].line))

def ref_leak_report(p1, p2, pr, acq):
    if ref_leak_one_function(p1, p2, pr):
        coccilib.report.print_report(p2[0], "ERROR: reference from %s() on line %s not released" % (acq, p1[0].line))

@script:python depends on audit@
p1 << rleak.p1;
p2 << rleak.p2;
pr << rleak_rel.pr;
x << rleak.x;
acq << rleak.acq;
@@
ref_leak_print(p1, p2, pr, x, acq)

@script:python depends on audit@
p1 << rleak0.p1;
p2 << rleak0.p2;
pr << rleak0_rel.pr;
x << rleak0.x;
acq << rleak0.acq;
@@
ref_leak_print(p1, p2, pr, x, acq)

@script:python depends on report && !audit@
p1 << rleak.p1;
p2 << rleak.p2;
pr << rleak_rel.pr;
acq << rleak.acq;
@@
ref_leak_report(p1, p2, pr, acq)

@script:python depends on report && !audit@
p1 << rleak0.p1;
p2 << rleak0.p2;
pr << rleak0_rel.pr;
acq << rleak0.acq;
@@
ref_leak_report(p1, p2, pr, acq)

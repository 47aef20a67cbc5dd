// SPDX-License-Identifier: GPL-2.0
/// Rule 2 [double-put]: the same struct fd is put twice on one path
/// (fdput()/fdput_pos() twice with no new fdget in between), or a
/// CLASS(fd...) variable, which its destructor puts at scope exit, is also
/// put by hand, or f is put after a helper that puts the struct fd it is
/// given on its error path (first-pass summary "fdputs": __bpf_map_get(),
/// ____bpf_prog_get()) failed: the helper has put it already (the bug
/// fixed by 8358b02bf67d, CVE-2016-4557).  Without the first pass (the
/// kernel coccicheck copy) such helpers are found in the same file only
/// (rule fdputter).
///
// Confidence: High
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@dp exists@
identifier f;
identifier put1 = {fdput, fdput_pos}, put2 = {fdput, fdput_pos};
expression E;
position p1, p2;
@@
put1@p1(f);
... when != f = E
    when != &f
put2@p2(f);

@dpclass exists@
identifier f, cls =~ "^fd";
identifier put2 = {fdput, fdput_pos};
expression E;
position p1, p2;
@@
CLASS(cls, f)@p1(E);
... when != f = E
put2@p2(f);

@dperr exists@
identifier f;
identifier fill = {__fd_double_put_none}; // @fdputs@
identifier put2 = {fdput, fdput_pos};
identifier R;
expression E;
type T;
position p1, p2;
@@
(
R = fill@p1(..., f, ...);
|
T R = fill@p1(..., f, ...);
)
if (\(IS_ERR(R)\|IS_ERR_OR_NULL(R)\)) {
  ... when != f = E
      when != &f
  put2@p2(f);
  ...
}

// without the summaries: helpers of this file that take a struct fd by
// value and put it (the "fdputs" summary, restricted to one file)
@fdputter depends on !audit exists@
identifier fn, g;
identifier put = {fdput, fdput_pos};
type T;
@@
T fn(..., struct fd g, ...) {
  ... when any
  put(g);
  ... when any
}

@dperrlocal depends on !audit exists@
identifier f;
identifier fdputter.fn;
identifier put2 = {fdput, fdput_pos};
identifier R;
expression E;
type T;
position p1, p2;
@@
(
R = fn@p1(..., f, ...);
|
T R = fn@p1(..., f, ...);
)
if (\(IS_ERR(R)\|IS_ERR_OR_NULL(R)\)) {
  ... when != f = E
      when != &f
  put2@p2(f);
  ...
}

@script:python depends on audit@
p1 << dp.p1;
p2 << dp.p2;
@@
print("%s:%s: [double-put] struct fd already put on line %s" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on audit@
p1 << dpclass.p1;
p2 << dpclass.p2;
@@
print("%s:%s: [double-put] explicit put of CLASS(fd) variable declared on line %s (its destructor puts it again)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on audit@
p1 << dperr.p1;
p2 << dperr.p2;
@@
print("%s:%s: [double-put] struct fd put again after the helper on line %s failed (it puts f on its error path)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << dp.p1;
p2 << dp.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: double fdput; already put on line " + p1[0].line)

@script:python depends on report && !audit@
p1 << dpclass.p1;
p2 << dpclass.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: fdput of CLASS(fd) variable declared on line " + p1[0].line)

@script:python depends on report && !audit@
p1 << dperr.p1;
p2 << dperr.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: fdput after the helper on line " + p1[0].line + " failed; it puts the struct fd on its error path")

@script:python depends on report && !audit@
p1 << dperrlocal.p1;
p2 << dperrlocal.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: fdput after the helper on line " + p1[0].line + " failed; it puts the struct fd on its error path")

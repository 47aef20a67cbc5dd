// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 2 [fget-double-put]: fput() of the same struct file *
/// (a variable or a field, e.g. fput(ctx->file)) twice on one path, with no
/// reassignment and no get_file() in between (or twice the same inferred
/// release of another object, summary "release": eventfd_ctx_put(), ...);
/// a loop reaching the same fput() again is not one, and indexed
/// expressions (files[i]) are skipped.
/// Across functions: a function whose callers put the file / socket they
/// pass when it fails (summary "errput": cmtp_add_connection()) stores it
/// in an object (o->F = sock, F a field some function puts: summary
/// "putfield"), hands the object to a function or thread that puts that
/// field (summary "fieldputter": kthread_run(cmtp_session, session)), and
/// then fails without taking a reference of its own (get_file()): the
/// object and the caller both put it (8da3a0b87f4f).
/// And a callee that puts the file or socket it was passed when it returns
/// non-zero (summary "retput0/1/2": netlink_attachskb()), after which the
/// caller, on a path where that result was non-zero, puts it again (fput(),
/// sock_put(), sockfd_put() or a function that puts its parameter, summary
/// "argput"), in the branch itself or after the branch's goto, with no
/// reassignment in between (f991af3daaba).
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@fdp exists@
expression file;
expression E;
identifier rel = {fput}; // @release@
position p1, p2;
@@
rel@p1(file);
... when != file = E
    when != get_file(file)
    when != file = get_file(...)
    when != &file
rel@p2(file);

@fdpstore exists@
identifier fn = {__fget_double_put_none}; // @errput@
identifier F = {__fget_double_put_none}; // @putfield@
identifier rel = {__fget_double_put_none}; // @fieldputter@
identifier X;
expression O, E, R, T;
statement S;
type TX;
position p1, p2;
@@
fn(..., TX *X, ...) {
... when any
O->F = X;
... when != get_file(...)
    when != O->F = E
(
T = kthread_run@p1(rel, O, ...);
if (IS_ERR(T)) S
|
rel@p1(O);
)
... when != get_file(...)
    when != O->F = E
return@p2 R;
}

@fdpret exists@
identifier fn0 = {__fget_double_put_none}; // @retput0@
identifier fn1 = {__fget_double_put_none}; // @retput1@
identifier fn2 = {__fget_double_put_none}; // @retput2@
identifier put = {fput, sock_put, sockfd_put}; // @argput@
identifier ret, L;
expression X, E, E1, E2, C;
position p1, p2;
@@
(
ret = fn0@p1(X, ...);
|
ret = fn1@p1(E1, X, ...);
|
ret = fn2@p1(E1, E2, X, ...);
)
... when != ret = E
    when != X = E
if (\(ret == C\|ret\|ret != 0\|ret < 0\)) {
  ... when != X = E
(
  put@p2(..., X, ...);
|
  goto L@p2;
)
  ...
}

@fdpretlabel exists@
identifier fdpret.L, put = {fput, sock_put, sockfd_put}; // @argput@
expression fdpret.X, E;
position p3;
@@
L:
... when != X = E
put@p3(..., X, ...);

@script:python depends on audit@
p1 << fdpret.p1;
p2 << fdpret.p2;
X << fdpret.X;
C << fdpret.C = "";
L << fdpret.L = "";
@@
if C != "0" and not L:
    print("%s:%s: [fget-double-put] %s was already put by the call on line %s, which puts it when it returns non-zero" % (p2[0].file, p2[0].line, X, p1[0].line))

@script:python depends on audit@
p1 << fdpret.p1;
p3 << fdpretlabel.p3;
X << fdpret.X;
C << fdpret.C = "";
@@
if C != "0" and p1[0].current_element == p3[0].current_element:
    print("%s:%s: [fget-double-put] %s was already put by the call on line %s, which puts it when it returns non-zero" % (p3[0].file, p3[0].line, X, p1[0].line))

@script:python depends on audit@
p1 << fdpstore.p1;
p2 << fdpstore.p2;
R << fdpstore.R;
X << fdpstore.X;
@@
if R != "0":
    print("%s:%s: [fget-double-put] %s was stored in an object handed on line %s to a function that puts it, and this error return makes the caller put it too" % (p2[0].file, p2[0].line, X, p1[0].line))

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

// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 1 [fget-leak]: a struct file * obtained with
/// fget()/fget_raw()/fget_task() reaches a function exit, after its NULL
/// test, without fput() and without being handed off.  A hand-off is:
/// returning it, storing it anywhere ("x = file", "x->f = file"), taking
/// another reference (get_file()), or passing it to a function whose name
/// says it keeps it (install/attach/add/set/register/queue/insert/link/
/// assign/store/get/push/init/create).
///
// Confidence: Low (hand-offs to ordinary callees are guessed from names)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, /work/main/audit

virtual report
virtual audit

@fleak exists@
identifier file;
identifier get = {fget, fget_raw, fget_task};
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|get|push|init|create|receive|fput";
expression E, E1;
position p1, p2;
statement S;
@@
(
struct file *file = get@p1(...);
|
file = get@p1(...);
)
... when != fput(file)
    when != E1 = file
    when != keep(..., file, ...)
(
if (\(!file\|IS_ERR_OR_NULL(file)\) || ...) S
... when != fput(file)
    when != E1 = file
    when != E1 = <+... file ...+>
    when != keep(..., file, ...)
    when != if (...) fput(file);
(
return <+... file ...+>;
|
file = E
|
return@p2 ...;
)
|
if (\(file\|file != NULL\) && ...) {
 ... when != fput(file)
     when != E1 = file
     when != E1 = <+... file ...+>
     when != keep(..., file, ...)
 return@p2 ...;
}
)

@script:python depends on audit@
p1 << fleak.p1;
p2 << fleak.p2;
@@
print("%s:%s: [fget-leak] file from fget on line %s not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak.p1;
p2 << fleak.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fput; fget on line " + p1[0].line)

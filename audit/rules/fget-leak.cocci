// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 1 [fget-leak]: a struct file * that this function
/// owns reaches an exit without fput() and without being handed off.
/// Owned: the result of fget*(), of an opener (filp_open(), dentry_open(),
/// alloc_file_pseudo(), anon_inode_getfile(), ...) or of any function the
/// first pass found to return one (summary "owner", computed from the tree),
/// of get_file(), or a file taken out of an object ("x = o->f; o->f = NULL").
/// The paths checked are those after the NULL / IS_ERR test (or inside a
/// positive "if (file)" / "if (!IS_ERR(file))" block), and for get_file()
/// and taken files every path.  A hand-off is: returning it, storing it
/// ("x = file", also in a struct initialiser), taking another reference,
/// passing it to a function that the first pass found to fput() or store
/// its struct file * parameter (summary "fconsume"), or to one whose name
/// says it keeps it (install/attach/add/set/register/queue/...).
///
// Confidence: Moderate (hand-offs to functions outside the tree are guessed
//   from their names)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, /work/main/audit

virtual report
virtual audit

@fleak exists@
identifier file, fld;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec}; // @owner@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer"; // @fconsume@
expression E, E1;
position p1, p2;
statement S, S3;
@@
(
struct file *file = get@p1(...);
|
file = get@p1(...);
)
... when != fput(file)
    when != E1 = file
    when != E1 = get_file(file)
    when != keep(..., file, ...)
    when != if (...) fput(file);
    when != if (...) fput(file); else S3
    when != if (...) S3 else fput(file);
if (\(!file\|IS_ERR(file)\|IS_ERR_OR_NULL(file)\|file == NULL\|unlikely(!file)\|unlikely(IS_ERR(file))\) || ...) S
... when != fput(file)
    when != E1 = file
    when != E1 = get_file(file)
    when != keep(..., file, ...)
    when != if (...) fput(file);
    when != if (...) fput(file); else S3
    when != if (...) S3 else fput(file);
(
return <+... file ...+>;
|
file = E
|
return@p2 ...;
)

// owned, a statement inside the positive block, then an exit without put
// (anchored inside the block, so the empty branch is not followed)
@fpos_block exists@
identifier file;
expression E1;
statement S;
position ps;
@@
if (\(file\|!IS_ERR(file)\|!IS_ERR_OR_NULL(file)\|file != NULL\|likely(file)\|likely(!IS_ERR(file))\)) {
  ... when != fput(file)
(
  fput(file);
|
  E1 = file;
|
  return ...;
|
  S@ps
)
  ... when any
}

@fleak_pos exists@
identifier fpos_block.file, fld;
statement fpos_block.S;
position fpos_block.ps;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec}; // @owner@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer"; // @fconsume@
expression E, E1;
position p1, p2;
statement S3;
@@
(
struct file *file = get@p1(...);
|
file = get@p1(...);
)
... when != fput(file)
    when != E1 = file
    when != E1 = get_file(file)
    when != keep(..., file, ...)
    when != if (...) fput(file);
    when != if (...) fput(file); else S3
    when != if (...) S3 else fput(file);
S@ps
... when != fput(file)
    when != E1 = file
    when != E1 = get_file(file)
    when != keep(..., file, ...)
    when != if (...) fput(file);
    when != if (...) fput(file); else S3
    when != if (...) S3 else fput(file);
(
return <+... file ...+>;
|
file = E
|
return@p2 ...;
)

// get_file() cannot fail, and a file taken out of an object is owned
// (every path that does not test it is checked)
@fleak_take exists@
identifier file, fld;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer"; // @fconsume@
expression E, E1, E2;
position p1, p2;
statement S3;
@@
(
struct file *file = get_file@p1(...);
|
file = get_file@p1(...);
|
struct file *file@p1 = E2;
... when != file
E2 = NULL;
|
file@p1 = E2;
... when != file
E2 = NULL;
)
... when != fput(file)
    when != \(!file\|file == NULL\|file != NULL\|IS_ERR_OR_NULL(file)\)
    when != E1 = file
    when != E1 = get_file(file)
    when != keep(..., file, ...)
    when != if (...) fput(file);
    when != if (...) fput(file); else S3
    when != if (...) S3 else fput(file);
(
return <+... file ...+>;
|
file = E
|
return@p2 ...;
)

// a void function that falls off its end still holding the file
@fleak_end exists@
identifier fn, file, fld;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec}; // @owner@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer"; // @fconsume@
expression E, E1;
position p1;
statement S, S3;
@@
void fn(...) {
... when any
(
struct file *file = get@p1(...);
|
file = get@p1(...);
)
... when != fput(file)
    when != E1 = file
    when != E1 = get_file(file)
    when != keep(..., file, ...)
    when != if (...) fput(file);
    when != if (...) fput(file); else S3
    when != if (...) S3 else fput(file);
if (\(!file\|IS_ERR(file)\|IS_ERR_OR_NULL(file)\|file == NULL\|unlikely(!file)\|unlikely(IS_ERR(file))\) || ...) S
... when != fput(file)
    when != E1 = file
    when != E1 = get_file(file)
    when != keep(..., file, ...)
    when != if (...) fput(file);
    when != if (...) fput(file); else S3
    when != if (...) S3 else fput(file);
    when != return ...;
}

@script:python depends on audit@
p1 << fleak.p1;
p2 << fleak.p2;
@@
print("%s:%s: [fget-leak] file from line %s not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak.p1;
p2 << fleak.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fput; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak_pos.p1;
p2 << fleak_pos.p2;
@@
print("%s:%s: [fget-leak] file from line %s not put on this exit (its non-NULL block ends without a put)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_pos.p1;
p2 << fleak_pos.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fput; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak_take.p1;
p2 << fleak_take.p2;
@@
print("%s:%s: [fget-leak] file taken on line %s not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_take.p1;
p2 << fleak_take.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fput; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak_end.p1;
@@
print("%s:%s: [fget-leak] file not put when the function ends" % (p1[0].file, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_end.p1;
@@
coccilib.report.print_report(p1[0], "ERROR: missing fput before the end of the function")

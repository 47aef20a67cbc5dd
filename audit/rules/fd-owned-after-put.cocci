// SPDX-License-Identifier: GPL-2.0
/// [owned-after-put]: a pointer that the file owns (->private_data,
/// file_inode(), ->f_mapping, sock_from_file(), ->f_path.dentry), taken from
/// a struct fd or a struct file * (or found by comparing with its
/// ->private_data), is still dereferenced or passed on after the
/// fdput()/fput() that may drop the last reference: another thread can
/// close the fd in between and the object is freed.  Not reported when the
/// pointer got its own reference first (a call named get/hold/grab/inc/pin/
/// ref on it or on one of its fields).
///
// Confidence: Moderate
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@own_fd exists@
identifier f;
identifier put = {fdput, fdput_pos};
identifier fld, fld2, g;
identifier keep =~ "get|hold|grab|inc|pin|ref";
expression x, E;
position p1, p2;
statement S;
@@
(
x = \(f.file->private_data\|fd_file(f)->private_data\|file_inode(f.file)\|file_inode(fd_file(f))\|f.file->f_mapping\|fd_file(f)->f_mapping\|sock_from_file(f.file)\|sock_from_file(fd_file(f))\|f.file->f_inode\|f.file->f_path.dentry\|fd_file(f)->f_path.dentry\);
|
if (<+... \(x == \(f.file->private_data\|fd_file(f)->private_data\|file_inode(f.file)\|file_inode(fd_file(f))\|f.file->f_mapping\|fd_file(f)->f_mapping\|sock_from_file(f.file)\|sock_from_file(fd_file(f))\|f.file->f_inode\|f.file->f_path.dentry\|fd_file(f)->f_path.dentry\)\|\(f.file->private_data\|fd_file(f)->private_data\|file_inode(f.file)\|file_inode(fd_file(f))\|f.file->f_mapping\|fd_file(f)->f_mapping\|sock_from_file(f.file)\|sock_from_file(fd_file(f))\|f.file->f_inode\|f.file->f_path.dentry\|fd_file(f)->f_path.dentry\) == x\) ...+>) S
)
... when != x = E
    when != keep(..., x, ...)
    when != keep(..., &x->fld2, ...)
put@p1(f);
... when != x = E
(
x@p2->fld
|
g(..., x@p2, ...)
)

@own_file exists@
identifier file;
identifier fld, fld2, g;
identifier keep =~ "get|hold|grab|inc|pin|ref";
expression x, E;
position p1, p2;
statement S;
@@
(
x = \(file->private_data\|file_inode(file)\|file->f_mapping\|sock_from_file(file)\|file->f_inode\|file->f_path.dentry\);
|
if (<+... \(x == \(file->private_data\|file_inode(file)\|file->f_mapping\|sock_from_file(file)\|file->f_inode\|file->f_path.dentry\)\|\(file->private_data\|file_inode(file)\|file->f_mapping\|sock_from_file(file)\|file->f_inode\|file->f_path.dentry\) == x\) ...+>) S
)
... when != x = E
    when != keep(..., x, ...)
    when != keep(..., &x->fld2, ...)
fput@p1(file);
... when != x = E
(
x@p2->fld
|
g(..., x@p2, ...)
)

@script:python depends on audit@
p1 << own_fd.p1;
p2 << own_fd.p2;
x << own_fd.x;
@@
print("%s:%s: [owned-after-put] %s, owned by the file, used after the put on line %s" % (p2[0].file, p2[0].line, x, p1[0].line))

@script:python depends on report && !audit@
p1 << own_fd.p1;
p2 << own_fd.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: pointer owned by the file used after the put on line " + p1[0].line)

@script:python depends on audit@
p1 << own_file.p1;
p2 << own_file.p2;
x << own_file.x;
@@
print("%s:%s: [owned-after-put] %s, owned by the file, used after the put on line %s" % (p2[0].file, p2[0].line, x, p1[0].line))

@script:python depends on report && !audit@
p1 << own_file.p1;
p2 << own_file.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: pointer owned by the file used after the put on line " + p1[0].line)

// SPDX-License-Identifier: GPL-2.0
/// fget rule set, rule 1 [fget-leak]: a struct file * that this function
/// owns reaches an exit without fput() and without being handed off.
/// Owned: the result of fget*(), of an opener (filp_open(), dentry_open(),
/// alloc_file_pseudo(), anon_inode_getfile(), ...) or of any function the
/// first pass found to return one (summary "owner", computed from the tree),
/// or of an fd lookup the first pass inferred to return an object with a
/// reference taken (summary "acquire": eventfd_ctx_fdget(), dma_buf_get(),
/// sockfd_lookup(), ...; its inferred release, summary "release", is a put),
/// of get_file() (or a local that get_file() is called on), or a file
/// taken out of an object ("x = o->f; o->f = NULL");
/// also a reference that a callee stored in a member of a local struct and
/// then returned success for (summary "acqout": err = get_clock_desc(id,
/// &cd)), whose release is a function putting that member (summary
/// "outrel": put_clock_desc(&cd)); and a reference passed to a function
/// that keeps it only when it succeeds (summary "okstore": named like a
/// hand-off, but its body stores the parameter only after a failure exit)
/// with no release of it after the call.  (An object freed without a
/// release of its owning field is audit/fieldleak.py's [field-leak].)
/// The paths checked are those after the NULL / IS_ERR test (or inside a
/// positive "if (file)" / "if (!IS_ERR(file))" block), and for get_file()
/// and taken files every path.  A hand-off is: returning it, storing it
/// ("x = file", also in a struct initialiser, or with xchg(), cmpxchg(),
/// WRITE_ONCE(), smp_store_release()), taking another reference,
/// passing it to a function that the first pass found to fput() or store
/// its struct file * parameter (summary "fconsume"), or to one whose name
/// says it keeps it (install/attach/add/set/register/queue/idr_alloc/...)
/// unless the first pass read its body and found that it only dereferences
/// or tests its pointer parameters (summary "pborrow").
/// Only locals and parameters (a file-scope variable holding it is a
/// hand-off); a later `if (fv)` test of the pointer whose branch uses it
/// ends the path (it may be NULL there: acquired on one branch only, and
/// put or handed off in that branch); a test whose branch does not touch
/// the file does not.
///
// Confidence: Moderate (hand-offs to functions outside the tree are guessed
//   from their names)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@fleak exists@
identifier fv, fld;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec, dma_buf_export, dma_buf_get, sockfd_lookup}; // @owner+acquire@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
expression E, E1;
type T;
position p1, p2, p3;
statement S, S3, S5;
identifier rel = {fput}; // @release@
@@
(
T *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
if (\(!fv\|IS_ERR(fv)\|IS_ERR_OR_NULL(fv)\|fv == NULL\|unlikely(!fv)\|unlikely(IS_ERR(fv))\) || ...) S
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> } else S5
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> }
(
return@p2 <+... fv->fld ...+>;
|
return <+... fv ...+>;
|
fv@p3 = E
|
return@p2 ...;
)

// the locals and parameters assigned an owned file in the file: the only
// names fpos_block's positive tests are looked for on (it is otherwise
// tried on every "if (p) {...}" of the file, most of the rules' time)
@fposv@
identifier fv;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec, dma_buf_export, dma_buf_get, sockfd_lookup, get_file}; // @owner+acquire@
type T;
@@
(
T *fv = get(...);
|
fv = get(...);
)

// owned, a statement inside the positive block, then an exit without put
// (anchored inside the block, so the empty branch is not followed).  In an
// if with an else the anchor is the block's first statement: a leading
// "..." in that arm of the disjunction costs 10-15 times the time of the
// whole rule set on large files (fs/btrfs/send.c: 153 s against 11 s)
@fpos_block exists@
identifier fposv.fv;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
expression E1, E2;
position ps;
statement S;
identifier rel = {fput}; // @release@
@@
(
if (\(fv\|!IS_ERR(fv)\|!IS_ERR_OR_NULL(fv)\|fv != NULL\|likely(fv)\|likely(!IS_ERR(fv))\)) {
(
  \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
|
  E1 = fv;
|
  return ...;
|
  keep(..., fv, ...);
|
  E2@ps;
)
  ... when any
} else S
|
if (\(fv\|!IS_ERR(fv)\|!IS_ERR_OR_NULL(fv)\|fv != NULL\|likely(fv)\|likely(!IS_ERR(fv))\)) {
  ... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
      when != keep(..., fv, ...)
(
  \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
|
  E1 = fv;
|
  return ...;
|
  keep(..., fv, ...);
|
  E2@ps;
)
  ... when any
}
)

@fleak_pos exists@
identifier fposv.fv, fld;
expression fpos_block.E2;
position fpos_block.ps;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec, dma_buf_export, dma_buf_get, sockfd_lookup, get_file}; // @owner+acquire@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
expression E, E1;
type T;
position p1, p2, p3;
statement S3;
identifier rel = {fput}; // @release@
@@
(
T *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
E2@ps;
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
(
return@p2 <+... fv->fld ...+>;
|
return <+... fv ...+>;
|
fv@p3 = E
|
return@p2 ...;
)

// get_file() cannot fail (its result, or a local it is called on: the
// local then holds one more reference), and a file taken out of an object
// is owned (every path that does not test it is checked)
@fleak_take exists@
identifier fv, fld;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
expression E, E1, E2;
type T;
position p1, p2;
statement S3;
identifier rel = {fput}; // @release@
@@
(
T *fv = get_file@p1(...);
|
fv = get_file@p1(...);
|
get_file@p1(fv);
|
struct file *fv@p1 = E2;
... when != fv
E2 = NULL;
|
fv@p1 = E2;
... when != fv
E2 = NULL;
)
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != \(!fv\|fv == NULL\|fv != NULL\|IS_ERR_OR_NULL(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
(
return@p2 <+... fv->fld ...+>;
|
return <+... fv ...+>;
|
fv = E
|
return@p2 ...;
)

// a void function that falls off its end still holding the file
@fleak_end exists@
identifier fn, fv, fld;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec, dma_buf_export, dma_buf_get, sockfd_lookup}; // @owner+acquire@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
expression E, E1;
type T;
position p1;
statement S, S3;
identifier rel = {fput}; // @release@
@@
void fn(...) {
... when any
(
T *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
if (\(!fv\|IS_ERR(fv)\|IS_ERR_OR_NULL(fv)\|fv == NULL\|unlikely(!fv)\|unlikely(IS_ERR(fv))\) || ...) S
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != return ...;
}

// "if (!file || C(file)) return ...;": C true with a file in hand (C must
// look at the file: "!f || err" with err = PTR_ERR_OR_ZERO(f) does not)
@fleak_or exists@
identifier fv;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec, dma_buf_export, dma_buf_get, sockfd_lookup}; // @owner+acquire@
expression E1;
type T;
position p1, p2;
identifier rel = {fput}; // @release@
@@
(
T *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
if (\(!fv\|IS_ERR(fv)\|IS_ERR_OR_NULL(fv)\|fv == NULL\|unlikely(!fv)\|unlikely(IS_ERR(fv))\) || <+... fv ...+>) {
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != E1 = fv
return@p2 ...;
}

// a function that installs the file only once it cannot fail any more
// (summary "installok") leaves it to the caller when it fails
@fleak_inst exists@
identifier fv;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec, dma_buf_export, dma_buf_get, sockfd_lookup}; // @owner+acquire@
identifier instok = {dma_buf_fd}; // @installok@
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
expression E, E1, RET;
type T;
position p1, p2;
statement S, S3;
identifier rel = {fput}; // @release@
@@
(
T *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
(
return@p2 instok(..., fv, ...);
|
RET = instok(..., fv, ...);
if (\(RET < 0\|RET\|IS_ERR_VALUE(RET)\|unlikely(RET < 0)\)) {
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\)
    when != if (...) \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|fput(fv->file)\|rel(fv)\);
    when != E1 = fv
return@p2 ...;
}
)

@initialize:python@
@@
import re as fget_leak_re

def fget_leak_function_at(p):
    """the lines of p's file and the index of the opening-brace line of the
    function holding p (0 when there is none)"""
    try:
        lines = open(p.file).read().split("\n")
    except OSError:
        return [], 0
    i = int(p.line) - 1
    while i > 0 and not lines[i].startswith("{"):
        i -= 1
    return lines, i


def fget_leak_declared(p, pattern):
    """pattern is on a line of the function holding position p before p,
    or in its header (the few lines before its opening brace)"""
    lines, i = fget_leak_function_at(p)
    return any(fget_leak_re.search(pattern, l) for l in lines[max(0, i - 4):int(p.line)])


def fget_leak_autoput(p, name):
    """declared __free(fput): scope-based cleanup puts it"""
    return fget_leak_declared(p, r"\b%s\s+__free\s*\(" % fget_leak_re.escape(name))


def fget_leak_skip(p, name):
    """put by scope-based cleanup, or not a local of the function (a file-
    scope variable holds the reference: the assignment is the hand-off)"""
    return fget_leak_autoput(p, name) or \
        not fget_leak_declared(p, r"\*\s*%s\b" % fget_leak_re.escape(name))


def fget_leak_put_after(p, name):
    """a release of name (a call whose name says put/release/free/close)
    somewhere after p in its function"""
    try:
        lines = open(p.file).read().split("\n")
    except OSError:
        return True
    rest = []
    for l in lines[int(p.line) - 1:]:
        if l.startswith("}"):
            break
        rest.append(l)
    return bool(fget_leak_re.search(r"\b\w*(?:put|release|free|close|destroy)\w*\s*\(\s*%s\s*\)"
                                    % fget_leak_re.escape(name), "\n".join(rest)))


def fget_leak_returned(p, name):
    """the return statement at p passes name on whole (return f(name),
    return (void *)name), or returns a pointer reached from it (return
    name->private_data: the object holding the file, dma_buf_get()); not
    only a value read through it (return name->f_mode)"""
    lines, i = fget_leak_function_at(p)
    text = "\n".join(lines[int(p.line) - 1:int(p.line) + 5])
    stmt = text[text.find("return"):].split(";", 1)[0]
    if fget_leak_re.search(r"\b%s\b(?!\s*->)" % fget_leak_re.escape(name), stmt):
        return True
    if not fget_leak_re.search(r"\b%s\s*->" % fget_leak_re.escape(name), stmt):
        return False
    header = " ".join(lines[max(0, i - 4):i]).split(";")[-1]
    return bool(fget_leak_re.search(r"\*\s*\w+\s*\(", header))


def fget_leak_stored_before(p, name):
    """name was stored into something ("b->file = name;") before the
    get_file() at p: the new reference is that copy's"""
    lines, i = fget_leak_function_at(p)
    before = "\n".join(lines[i:int(p.line) - 1])
    return bool(fget_leak_re.search(r"[\w\]]\s*=\s*%s\s*;" % fget_leak_re.escape(name), before))


def fget_leak_isfile(p, name):
    """declared struct file * (a local or a parameter): a value taken out of
    an object is a file only then"""
    return fget_leak_declared(p, r"\bstruct\s+file\s*\*[^;{]*\b%s\b" % fget_leak_re.escape(name))

@script:python depends on audit@
p1 << fleak.p1;
p2 << fleak.p2;
fv << fleak.fv;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_returned(p2[0], fv):
    print("%s:%s: [fget-leak] file from line %s not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak.p1;
p2 << fleak.p2;
fv << fleak.fv;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_returned(p2[0], fv):
    coccilib.report.print_report(p2[0], "ERROR: missing fput; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak_pos.p1;
p2 << fleak_pos.p2;
fv << fposv.fv;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_returned(p2[0], fv):
    print("%s:%s: [fget-leak] file from line %s not put on this exit (its non-NULL block ends without a put)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_pos.p1;
p2 << fleak_pos.p2;
fv << fposv.fv;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_returned(p2[0], fv):
    coccilib.report.print_report(p2[0], "ERROR: missing fput; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak_take.p1;
p2 << fleak_take.p2;
fv << fleak_take.fv;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_returned(p2[0], fv) and fget_leak_isfile(p1[0], fv) and not fget_leak_stored_before(p1[0], fv):
    print("%s:%s: [fget-leak] file taken on line %s not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_take.p1;
p2 << fleak_take.p2;
fv << fleak_take.fv;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_returned(p2[0], fv) and fget_leak_isfile(p1[0], fv) and not fget_leak_stored_before(p1[0], fv):
    coccilib.report.print_report(p2[0], "ERROR: missing fput; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak_end.p1;
fv << fleak_end.fv;
@@
if not fget_leak_skip(p1[0], fv):
    print("%s:%s: [fget-leak] file not put when the function ends" % (p1[0].file, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_end.p1;
fv << fleak_end.fv;
@@
if not fget_leak_skip(p1[0], fv):
    coccilib.report.print_report(p1[0], "ERROR: missing fput before the end of the function")

@script:python depends on audit@
p1 << fleak_or.p1;
p2 << fleak_or.p2;
fv << fleak_or.fv;
@@
if not fget_leak_skip(p1[0], fv):
    print("%s:%s: [fget-leak] file from line %s not put on this exit (the NULL test's other condition is true with a file in hand)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_or.p1;
p2 << fleak_or.p2;
fv << fleak_or.fv;
@@
if not fget_leak_skip(p1[0], fv):
    coccilib.report.print_report(p2[0], "ERROR: missing fput; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak_inst.p1;
p2 << fleak_inst.p2;
fv << fleak_inst.fv;
@@
if not fget_leak_skip(p1[0], fv):
    print("%s:%s: [fget-leak] file from line %s not put when the call installing it fails" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_inst.p1;
p2 << fleak_inst.p2;
fv << fleak_inst.fv;
@@
if not fget_leak_skip(p1[0], fv):
    coccilib.report.print_report(p2[0], "ERROR: missing fput when the installing call fails; file from line " + p1[0].line)

@script:python depends on audit@
p1 << fleak.p1;
p3 << fleak.p3;
fv << fleak.fv;
@@
if not fget_leak_skip(p1[0], fv) and p3[0].line != p1[0].line:
    print("%s:%s: [fget-leak] file from line %s overwritten while still held" % (p3[0].file, p3[0].line, p1[0].line))

@script:python depends on audit@
p1 << fleak_pos.p1;
p3 << fleak_pos.p3;
fv << fposv.fv;
@@
if not fget_leak_skip(p1[0], fv) and p3[0].line != p1[0].line:
    print("%s:%s: [fget-leak] file from line %s overwritten while still held" % (p3[0].file, p3[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak.p1;
p3 << fleak.p3;
fv << fleak.fv;
@@
if not fget_leak_skip(p1[0], fv) and p3[0].line != p1[0].line:
    coccilib.report.print_report(p3[0], "ERROR: file overwritten without fput; file from line " + p1[0].line)

@script:python depends on report && !audit@
p1 << fleak_pos.p1;
p3 << fleak_pos.p3;
fv << fposv.fv;
@@
if not fget_leak_skip(p1[0], fv) and p3[0].line != p1[0].line:
    coccilib.report.print_report(p3[0], "ERROR: file overwritten without fput; file from line " + p1[0].line)

// a reference acquired into a member of a local object by a callee that
// then returned success (summary "acqout": err = get_clock_desc(id, &cd)),
// and an exit without the release of that object (summary "outrel") and
// without the object's address passed on
@fleak_out exists@
identifier get = {__fdsafe_none}; // @acqout@
identifier rel = {__fdsafe_none}; // @outrel@
identifier v, g2, fld;
expression E, E1;
position p1, p2;
statement S;
@@
E = get@p1(..., &v, ...);
if (\(E\|E < 0\|E != 0\|unlikely(E)\|unlikely(E < 0)\)) S
... when != rel(&v)
    when != g2(..., &v, ...)
    when != g2(..., v.fld, ...)
    when != E1 = v
    when != E1 = &v
    when != E1 = v.fld
(
return <+... &v ...+>;
|
return@p2 ...;
)

@script:python depends on audit@
p1 << fleak_out.p1;
p2 << fleak_out.p2;
v << fleak_out.v;
get << fleak_out.get;
@@
if fget_leak_declared(p1[0], r"\bstruct\s+\w+\s+%s\s*[;=]" % fget_leak_re.escape(v)):
    print("%s:%s: [fget-leak] reference %s() stored in %s on line %s not released on this exit" % (p2[0].file, p2[0].line, get, v, p1[0].line))

@script:python depends on report && !audit@
p1 << fleak_out.p1;
p2 << fleak_out.p2;
v << fleak_out.v;
get << fleak_out.get;
@@
if fget_leak_declared(p1[0], r"\bstruct\s+\w+\s+%s\s*[;=]" % fget_leak_re.escape(v)):
    coccilib.report.print_report(p2[0], "ERROR: missing release of " + v + " acquired by " + get + "() on line " + p1[0].line)

// handed to a function that keeps it only when it succeeds (summary
// "okstore"), and no release of it after the call: when the call fails
// the reference is still this function's and nothing puts it
@fleak_okst exists@
identifier fv;
identifier get = {fget, fget_raw, fget_task, filp_open, file_open_name, file_open_root, dentry_open, alloc_file_pseudo, alloc_file_clone, anon_inode_getfile, open_with_fake_path, shmem_file_setup, shmem_kernel_file_setup, sock_alloc_file, open_exec, dma_buf_export, dma_buf_get, sockfd_lookup}; // @owner+acquire@
identifier oks = {__fdsafe_none}; // @okstore@
expression E1, RET;
type T;
position p1, p2;
statement S, S3;
identifier rel = {fput}; // @release@
@@
(
T *fv = get@p1(...);
|
fv = get@p1(...);
)
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|rel(fv)\)
    when != E1 = fv
if (\(!fv\|IS_ERR(fv)\|IS_ERR_OR_NULL(fv)\|fv == NULL\|unlikely(!fv)\|unlikely(IS_ERR(fv))\) || ...) S
... when != \(fput(fv)\|dma_buf_put(fv)\|sockfd_put(fv)\|rel(fv)\)
    when != E1 = fv
(
RET = oks@p2(..., fv, ...);
|
return oks@p2(..., fv, ...);
)

@script:python depends on audit@
p1 << fleak_okst.p1;
p2 << fleak_okst.p2;
fv << fleak_okst.fv;
oks << fleak_okst.oks;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_put_after(p2[0], fv):
    print("%s:%s: [fget-leak] reference from line %s kept by %s() only when it succeeds, not released when it fails" % (p2[0].file, p2[0].line, p1[0].line, oks))

@script:python depends on report && !audit@
p1 << fleak_okst.p1;
p2 << fleak_okst.p2;
fv << fleak_okst.fv;
oks << fleak_okst.oks;
@@
if not fget_leak_skip(p1[0], fv) and not fget_leak_put_after(p2[0], fv):
    coccilib.report.print_report(p2[0], "ERROR: reference from line " + p1[0].line + " not released when " + oks + "() fails")

// SPDX-License-Identifier: GPL-2.0
/// fget rule set [fileout-leak]: a file that a callee stored through a
/// struct file ** parameter reaches an exit of the caller without fput()
/// and without being handed off.  The callee is a function the first pass
/// found to return an int and, when it succeeds, to leave an owned file
/// in *p or p[i] (summary "fileout": create_pipe_files(files, flags),
/// __do_pipe_flags(fd, files, flags), pidfd_prepare(pid, flags, &file),
/// sctp_getsockopt_peeloff_common(sk, &arg, &newfile, flags)); the caller
/// passes the address of a local struct file * ("&fv": fv is owned) or a
/// local array of them, or its own struct file ** parameter ("fv": fv[0]
/// and fv[1] are owned, one path each).  The paths checked start on the
/// success side of the call's test: after "if (err) S" / "if (err < 0) S",
/// or inside "if (!err) {...}" (the callee left nothing when it failed).
/// The hand-offs are fget-leak's: fput() (or an inferred release, also
/// under an "if", or with one other statement in a block under an "if":
/// "if (flag) { put_unused_fd(fd); fput(f); }"), storing it ("x = fv[1]"),
/// taking another reference, passing it to a function that consumes it
/// (summary "fconsume") or whose name says it keeps it (fd_install(), ...;
/// unless summary "pborrow"), returning it; a struct file ** parameter is also handed back to the
/// caller by "return 0;"; a later "if (fv)" whose branch uses it ends the
/// path.  Overwriting it while held is reported too.
/// Only names declared struct file * / struct file *[] / struct file **
/// in the function (an int fd[2] passed next to the files is no file).
///
// Confidence: Moderate (whole trees: 1 finding on pristine 6.1, true; none
//   on Debian 6.12.118; hand-offs to functions outside the tree are
//   guessed from their names)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

// the failure test right after the call: "if (err) S", "if (err < 0) S"
// (a position on the tested name; a disjunction of these forms in the
// leak rules themselves does not match "if (err)" after the call)
// the calls first: a file without one skips every rule below (matching
// the call-and-test sequences of fo_test on every statement of a file
// costs ~40 s on io_uring.c)
@fo_call@
identifier fn = {__fdsafe_none}; // @fileout@
position pc;
@@
fn@pc(...)

@fo_test exists@
identifier fo_call.fn;
position fo_call.pc;
expression E;
identifier I;
type T;
position pt;
statement S;
@@
(
E = fn@pc(...);
if (\(E@pt\|E@pt != 0\|unlikely(E@pt)\|E@pt < 0\|unlikely(E@pt < 0)\|IS_ERR_VALUE(E@pt)\)) S
|
T I = fn@pc(...);
if (\(I@pt\|I@pt != 0\|unlikely(I@pt)\|I@pt < 0\|unlikely(I@pt < 0)\|IS_ERR_VALUE(I@pt)\)) S
)

// "err = fn(..., &fv, ...); if (err) S": the file in fv is owned after S
@fo_neg exists@
identifier fo_call.fn;
position fo_call.pc, fo_test.pt;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
identifier rel = {fput}; // @release@
identifier fv, I;
type T;
expression E, E1, E2, E3, E4;
position p2, p3;
statement S, S3, S5;
@@
(
E = fn@pc(..., &fv, ...);
|
T I = fn@pc(..., &fv, ...);
)
if (\(E2@pt\|E2@pt != 0\|unlikely(E2@pt)\|E2@pt < 0\|unlikely(E2@pt < 0)\|IS_ERR_VALUE(E2@pt)\)) S
... when != \(fput(fv)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|rel(fv)\);
    when != if (...) \(fput(fv)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|rel(fv)\);
    when != if (...) { \(fput(fv)\|rel(fv)\); E4; }
    when != if (...) { E4; \(fput(fv)\|rel(fv)\); }
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> } else S5
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> }
(
return <+... fv ...+>;
|
fv@p3 = E3
|
return@p2 ...;
)

// the same for an array (or a struct file ** parameter) the callee fills:
// one rule per element (a path putting fv[0] may still leak fv[1])
@fo_neg0 exists@
identifier fo_call.fn;
position fo_call.pc, fo_test.pt;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
identifier rel = {fput}; // @release@
identifier fv, I;
type T;
expression E, E1, E2, E3, E4;
position p2, p3;
statement S, S3, S5;
@@
(
E = fn@pc(..., fv, ...);
|
T I = fn@pc(..., fv, ...);
)
if (\(E2@pt\|E2@pt != 0\|unlikely(E2@pt)\|E2@pt < 0\|unlikely(E2@pt < 0)\|IS_ERR_VALUE(E2@pt)\)) S
... when != \(fput(fv[0])\|rel(fv[0])\)
    when != E1 = fv[0]
    when != E1 = get_file(fv[0])
    when != keep(..., fv[0], ...)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv[0])\|rel(fv[0])\);
    when != if (...) \(fput(fv[0])\|rel(fv[0])\); else S3
    when != if (...) S3 else \(fput(fv[0])\|rel(fv[0])\);
    when != if (...) { \(fput(fv[0])\|rel(fv[0])\); E4; }
    when != if (...) { E4; \(fput(fv[0])\|rel(fv[0])\); }
(
return <+... fv[0] ...+>;
|
fv[0]@p3 = E3
|
return@p2 ...;
)

@fo_neg1 exists@
identifier fo_call.fn;
position fo_call.pc, fo_test.pt;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
identifier rel = {fput}; // @release@
identifier fv, I;
type T;
expression E, E1, E2, E3, E4;
position p2, p3;
statement S, S3, S5;
@@
(
E = fn@pc(..., fv, ...);
|
T I = fn@pc(..., fv, ...);
)
if (\(E2@pt\|E2@pt != 0\|unlikely(E2@pt)\|E2@pt < 0\|unlikely(E2@pt < 0)\|IS_ERR_VALUE(E2@pt)\)) S
... when != \(fput(fv[1])\|rel(fv[1])\)
    when != E1 = fv[1]
    when != E1 = get_file(fv[1])
    when != keep(..., fv[1], ...)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv[1])\|rel(fv[1])\);
    when != if (...) \(fput(fv[1])\|rel(fv[1])\); else S3
    when != if (...) S3 else \(fput(fv[1])\|rel(fv[1])\);
    when != if (...) { \(fput(fv[1])\|rel(fv[1])\); E4; }
    when != if (...) { E4; \(fput(fv[1])\|rel(fv[1])\); }
(
return <+... fv[1] ...+>;
|
fv[1]@p3 = E3
|
return@p2 ...;
)

// "err = fn(...); if (!err) { ... }": every expression statement of the
// success block is an anchor (the paths start inside the block, so the
// failure side is not followed); an anchor that is itself a hand-off of
// the file checked is dropped in python
@fo_anchor exists@
identifier fo_call.fn;
position fo_call.pc;
expression E, E2;
identifier I;
type T;
position ps;
@@
(
E = fn@pc(...);
if (\(!E\|E == 0\|likely(!E)\)) {
  ... when any
  E2@ps;
  ... when any
}
|
T I = fn@pc(...);
if (\(!I\|I == 0\|likely(!I)\)) {
  ... when any
  E2@ps;
  ... when any
}
)

@fo_pos exists@
identifier fo_call.fn;
position fo_call.pc, fo_anchor.ps;
expression fo_anchor.E2;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
identifier rel = {fput}; // @release@
identifier fv, I;
type T;
expression E, E1, E3, E4;
position p2, p3;
statement S3, S5;
@@
(
E = fn@pc(..., &fv, ...);
|
T I = fn@pc(..., &fv, ...);
)
... when != \(fput(fv)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|rel(fv)\);
    when != if (...) \(fput(fv)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|rel(fv)\);
    when != if (...) { \(fput(fv)\|rel(fv)\); E4; }
    when != if (...) { E4; \(fput(fv)\|rel(fv)\); }
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> } else S5
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> }
E2@ps;
... when != \(fput(fv)\|rel(fv)\)
    when != E1 = fv
    when != E1 = get_file(fv)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv)\|rel(fv)\);
    when != if (...) \(fput(fv)\|rel(fv)\); else S3
    when != if (...) S3 else \(fput(fv)\|rel(fv)\);
    when != if (...) { \(fput(fv)\|rel(fv)\); E4; }
    when != if (...) { E4; \(fput(fv)\|rel(fv)\); }
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> } else S5
    when != if (\(fv\|fv != NULL\)) { <+... fv ...+> }
(
return <+... fv ...+>;
|
fv@p3 = E3
|
return@p2 ...;
)

@fo_pos0 exists@
identifier fo_call.fn;
position fo_call.pc, fo_anchor.ps;
expression fo_anchor.E2;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
identifier rel = {fput}; // @release@
identifier fv, I;
type T;
expression E, E1, E3, E4;
position p2, p3;
statement S3, S5;
@@
(
E = fn@pc(..., fv, ...);
|
T I = fn@pc(..., fv, ...);
)
... when != \(fput(fv[0])\|rel(fv[0])\)
    when != E1 = fv[0]
    when != E1 = get_file(fv[0])
    when != keep(..., fv[0], ...)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv[0])\|rel(fv[0])\);
    when != if (...) \(fput(fv[0])\|rel(fv[0])\); else S3
    when != if (...) S3 else \(fput(fv[0])\|rel(fv[0])\);
    when != if (...) { \(fput(fv[0])\|rel(fv[0])\); E4; }
    when != if (...) { E4; \(fput(fv[0])\|rel(fv[0])\); }
E2@ps;
... when != \(fput(fv[0])\|rel(fv[0])\)
    when != E1 = fv[0]
    when != E1 = get_file(fv[0])
    when != keep(..., fv[0], ...)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv[0])\|rel(fv[0])\);
    when != if (...) \(fput(fv[0])\|rel(fv[0])\); else S3
    when != if (...) S3 else \(fput(fv[0])\|rel(fv[0])\);
    when != if (...) { \(fput(fv[0])\|rel(fv[0])\); E4; }
    when != if (...) { E4; \(fput(fv[0])\|rel(fv[0])\); }
(
return <+... fv[0] ...+>;
|
fv[0]@p3 = E3
|
return@p2 ...;
)

@fo_pos1 exists@
identifier fo_call.fn;
position fo_call.pc, fo_anchor.ps;
expression fo_anchor.E2;
identifier keep =~ "install|attach|add|set|regist|queue|insert|link|assign|store|push|init|create|receive|fput|close|release|put|consume|free|destroy|transfer|idr_alloc|xa_alloc|xchg|WRITE_ONCE|smp_store_release"; // @fconsume!pborrow+fgetref@
identifier rel = {fput}; // @release@
identifier fv, I;
type T;
expression E, E1, E3, E4;
position p2, p3;
statement S3, S5;
@@
(
E = fn@pc(..., fv, ...);
|
T I = fn@pc(..., fv, ...);
)
... when != \(fput(fv[1])\|rel(fv[1])\)
    when != E1 = fv[1]
    when != E1 = get_file(fv[1])
    when != keep(..., fv[1], ...)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv[1])\|rel(fv[1])\);
    when != if (...) \(fput(fv[1])\|rel(fv[1])\); else S3
    when != if (...) S3 else \(fput(fv[1])\|rel(fv[1])\);
    when != if (...) { \(fput(fv[1])\|rel(fv[1])\); E4; }
    when != if (...) { E4; \(fput(fv[1])\|rel(fv[1])\); }
E2@ps;
... when != \(fput(fv[1])\|rel(fv[1])\)
    when != E1 = fv[1]
    when != E1 = get_file(fv[1])
    when != keep(..., fv[1], ...)
    when != keep(..., fv, ...)
    when != if (...) \(fput(fv[1])\|rel(fv[1])\);
    when != if (...) \(fput(fv[1])\|rel(fv[1])\); else S3
    when != if (...) S3 else \(fput(fv[1])\|rel(fv[1])\);
    when != if (...) { \(fput(fv[1])\|rel(fv[1])\); E4; }
    when != if (...) { E4; \(fput(fv[1])\|rel(fv[1])\); }
(
return <+... fv[1] ...+>;
|
fv[1]@p3 = E3
|
return@p2 ...;
)

@initialize:python@
@@
import re as fo_re


def fo_function_at(p):
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


def fo_kind(p, name):
    """how name is declared in the function holding p: "ptr" (a local
    struct file *), "arr" (a local array of them), "param" (a struct file
    ** parameter), or None (anything else: int fd[2], a global)"""
    lines, i = fo_function_at(p)
    n = fo_re.escape(name)
    head = " ".join(lines[max(0, i - 4):i]).split(";")[-1]
    body = "\n".join(lines[i:int(p.line)])
    lead = r"\bstruct\s+file\s*\*\s*(?:\w+\s*(?:\[[^]]*\]\s*)?(?:=[^,;]*)?,\s*\*\s*)*"
    if fo_re.search(r"\bstruct\s+file\s*\*\s*\*\s*%s\s*[,)]" % n, head):
        return "param"
    if fo_re.search(lead + r"%s\s*\[" % n, body):
        return "arr"
    if fo_re.search(lead + r"%s\s*[;,=]" % n, body) and \
            not fo_re.search(r"\b%s\s+__free\s*\(" % n, body):
        return "ptr"
    return None


def fo_stmt(p):
    lines, _ = fo_function_at(p)
    return "\n".join(lines[int(p.line) - 1:int(p.line) + 3]).split(";")[0]


def fo_report(pc, p2, p3, fv, elem, want, anchor=None):
    """the position and text of the finding, or None: pc the call, p2 the
    exit (or p3 the overwrite), elem the expression checked (fv, fv[0],
    fv[1]), want the declarations fv may have ("ptr" or "arr+param")"""
    k = fo_kind(pc, fv)
    if k is None or k not in want:
        return None
    e = fo_re.escape(elem).replace(r"\[", r"\s*\[\s*").replace(r"\]", r"\s*\]")
    if anchor is not None and fo_re.search(r"(?<![\w.>])%s(?!\s*(?:->|\.))" % e, fo_stmt(anchor)):
        return None         # the anchor statement is itself a use of the file
    if p3:
        if p3[0].line == pc.line:
            return None
        return p3[0], "overwritten while still held"
    if k == "param" and fo_re.match(r"\s*return\s*\(?\s*0\s*\)?\s*$", fo_stmt(p2[0])):
        return None         # handed back to the caller of this function
    return p2[0], "not put on this exit"


def fo_print(r, elem, fn, pc):
    if r:
        print("%s:%s: [fileout-leak] file stored in %s by %s() on line %s %s" %
              (r[0].file, r[0].line, elem, fn, pc.line, r[1]))


def fo_print_report(r, elem, fn, pc):
    if r:
        coccilib.report.print_report(r[0], "ERROR: %s from %s() on line %s %s" %
                                     (elem, fn, pc.line, r[1]))

@script:python depends on audit@
pc << fo_call.pc;
p2 << fo_neg.p2 = [];
p3 << fo_neg.p3 = [];
fv << fo_neg.fv;
fn << fo_call.fn;
@@
fo_print(fo_report(pc[0], p2, p3, fv, fv + "", "ptr"), fv + "", fn, pc[0])

@script:python depends on report && !audit@
pc << fo_call.pc;
p2 << fo_neg.p2 = [];
p3 << fo_neg.p3 = [];
fv << fo_neg.fv;
fn << fo_call.fn;
@@
fo_print_report(fo_report(pc[0], p2, p3, fv, fv + "", "ptr"), fv + "", fn, pc[0])

@script:python depends on audit@
pc << fo_call.pc;
p2 << fo_neg0.p2 = [];
p3 << fo_neg0.p3 = [];
fv << fo_neg0.fv;
fn << fo_call.fn;
@@
fo_print(fo_report(pc[0], p2, p3, fv, fv + "[0]", "arr+param"), fv + "[0]", fn, pc[0])

@script:python depends on report && !audit@
pc << fo_call.pc;
p2 << fo_neg0.p2 = [];
p3 << fo_neg0.p3 = [];
fv << fo_neg0.fv;
fn << fo_call.fn;
@@
fo_print_report(fo_report(pc[0], p2, p3, fv, fv + "[0]", "arr+param"), fv + "[0]", fn, pc[0])

@script:python depends on audit@
pc << fo_call.pc;
p2 << fo_neg1.p2 = [];
p3 << fo_neg1.p3 = [];
fv << fo_neg1.fv;
fn << fo_call.fn;
@@
fo_print(fo_report(pc[0], p2, p3, fv, fv + "[1]", "arr+param"), fv + "[1]", fn, pc[0])

@script:python depends on report && !audit@
pc << fo_call.pc;
p2 << fo_neg1.p2 = [];
p3 << fo_neg1.p3 = [];
fv << fo_neg1.fv;
fn << fo_call.fn;
@@
fo_print_report(fo_report(pc[0], p2, p3, fv, fv + "[1]", "arr+param"), fv + "[1]", fn, pc[0])

@script:python depends on audit@
pc << fo_call.pc;
ps << fo_anchor.ps;
p2 << fo_pos.p2 = [];
p3 << fo_pos.p3 = [];
fv << fo_pos.fv;
fn << fo_call.fn;
@@
fo_print(fo_report(pc[0], p2, p3, fv, fv + "", "ptr", ps[0]), fv + "", fn, pc[0])

@script:python depends on report && !audit@
pc << fo_call.pc;
ps << fo_anchor.ps;
p2 << fo_pos.p2 = [];
p3 << fo_pos.p3 = [];
fv << fo_pos.fv;
fn << fo_call.fn;
@@
fo_print_report(fo_report(pc[0], p2, p3, fv, fv + "", "ptr", ps[0]), fv + "", fn, pc[0])

@script:python depends on audit@
pc << fo_call.pc;
ps << fo_anchor.ps;
p2 << fo_pos0.p2 = [];
p3 << fo_pos0.p3 = [];
fv << fo_pos0.fv;
fn << fo_call.fn;
@@
fo_print(fo_report(pc[0], p2, p3, fv, fv + "[0]", "arr+param", ps[0]), fv + "[0]", fn, pc[0])

@script:python depends on report && !audit@
pc << fo_call.pc;
ps << fo_anchor.ps;
p2 << fo_pos0.p2 = [];
p3 << fo_pos0.p3 = [];
fv << fo_pos0.fv;
fn << fo_call.fn;
@@
fo_print_report(fo_report(pc[0], p2, p3, fv, fv + "[0]", "arr+param", ps[0]), fv + "[0]", fn, pc[0])

@script:python depends on audit@
pc << fo_call.pc;
ps << fo_anchor.ps;
p2 << fo_pos1.p2 = [];
p3 << fo_pos1.p3 = [];
fv << fo_pos1.fv;
fn << fo_call.fn;
@@
fo_print(fo_report(pc[0], p2, p3, fv, fv + "[1]", "arr+param", ps[0]), fv + "[1]", fn, pc[0])

@script:python depends on report && !audit@
pc << fo_call.pc;
ps << fo_anchor.ps;
p2 << fo_pos1.p2 = [];
p3 << fo_pos1.p3 = [];
fv << fo_pos1.fv;
fn << fo_call.fn;
@@
fo_print_report(fo_report(pc[0], p2, p3, fv, fv + "[1]", "arr+param", ps[0]), fv + "[1]", fn, pc[0])

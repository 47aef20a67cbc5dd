// SPDX-License-Identifier: GPL-2.0
/// Rule 1 [leak]: a struct fd obtained with fdget()/fdget_raw()/fdget_pos()
/// reaches a function exit (or is overwritten) without fdput()/fdput_pos(),
/// on a path where it was not empty and was not handed off.
/// Empty paths are recognised by the usual tests: !f.file, !fd_file(f),
/// fd_empty(f), f.file == NULL, also under unlikely() (and their "f.file"
/// / "&&" positive forms).
/// A hand-off is: "return f", storing f ("x = f"), passing f (by value or by
/// reference) to any function other than the fd_file()/fd_empty() accessors,
/// or copying f.flags out (the sockfd_lookup_light() "fput_needed" split).
/// Clearing FDPUT_FPUT by hand without handing the reference off is a leak too.
/// A put under any condition ("if (C) fdput(f);") counts as a put here; the
/// shape rule reports the ones whose condition is not an emptiness test.
///
// Confidence: Moderate (void functions falling off their end are not seen;
//   tests through a copy of f.file into another variable are not followed)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@leak exists@
identifier f;
identifier g != {fd_file, fd_empty, fdput, fdput_pos}; // @fdborrow@
identifier get = {fdget, fdget_raw, fdget_pos};
expression E, E1, E2;
position p1, p2;
statement S, S3;
@@
(
struct fd f = get@p1(E);
|
f = get@p1(E);
)
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
(
if (\(!f.file\|!fd_file(f)\|fd_empty(f)\|f.file == NULL\|unlikely(!f.file)\|unlikely(!fd_file(f))\|unlikely(fd_empty(f))\) || ...) S
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
(
return f;
|
return <+... g(..., f, ...) ...+>;
|
return@p2 ...;
|
f@p2 = E2
)
|
if (\(f.file\|fd_file(f)\|!fd_empty(f)\|f.file != NULL\|likely(f.file)\|likely(fd_file(f))\|likely(!fd_empty(f))\) && ...) {
 ... when != \(fdput\|fdput_pos\)(f)
     when != fput(f.file)
     when != E1 = f
     when != E1 = <+... f.flags ...+>
     when != E1 = <+... f.word ...+>
     when != if (...) \(fdput\|fdput_pos\)(f); else S3
     when != if (...) S3 else \(fdput\|fdput_pos\)(f);
     when != if (...) \(fdput\|fdput_pos\)(f);
     when != g(..., f, ...)
     when != &f
 return@p2 ...;
}
)

// "if (!f.file || other) S": S also runs for a non-empty f; S exits unput
@leak_or exists@
identifier f;
identifier g != {fd_file, fd_empty, fdput, fdput_pos}; // @fdborrow@
identifier get = {fdget, fdget_raw, fdget_pos};
expression E, E1, E3;
position p1, p2;
statement S3;
@@
(
struct fd f = get@p1(E);
|
f = get@p1(E);
)
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
if (<+... \(!f.file\|!fd_file(f)\|fd_empty(f)\) ...+> || E3)
(
 return@p2 ...;
|
 {
 ... when != \(fdput\|fdput_pos\)(f)
     when != fput(f.file)
     when != E1 = f
     when != E1 = <+... f.flags ...+>
     when != E1 = <+... f.word ...+>
     when != if (...) \(fdput\|fdput_pos\)(f); else S3
     when != if (...) S3 else \(fdput\|fdput_pos\)(f);
     when != if (...) \(fdput\|fdput_pos\)(f);
     when != g(..., f, ...)
     when != &f
 return@p2 ...;
 }
)

// f reaches an exit before it is ever looked at (no test, no use, no put)
@leak_untested exists@
identifier f, g != {fdput, fdput_pos};
identifier get = {fdget, fdget_raw, fdget_pos};
expression E, E1;
position p1, p2;
statement S3;
@@
(
struct fd f = get@p1(E);
|
f = get@p1(E);
)
... when != f.file
    when != fd_file(f)
    when != fd_empty(f)
    when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
(
return f;
|
return <+... g(..., f, ...) ...+>;
|
return@p2 ...;
)

// a positive test "if (f.file) { ... }" whose block ends without a put:
// from a statement of the block (before any put), a path leaves the block
// still holding the reference.  (Anchored inside the block: a pattern
// "if (f.file) {...} ... return" would also follow the empty branch.)
@pos_block exists@
identifier f;
expression E1;
statement S;
position ps;
@@
if (\(f.file\|fd_file(f)\|!fd_empty(f)\|f.file != NULL\|likely(f.file)\|likely(fd_file(f))\|likely(!fd_empty(f))\)) {
  ... when != \(fdput\|fdput_pos\)(f)
(
  \(fdput\|fdput_pos\)(f);
|
  E1 = \(f\|<+... f.flags ...+>\|<+... f.word ...+>\);
|
  return ...;
|
  S@ps
)
  ... when any
}

@leak_pos exists@
identifier pos_block.f;
statement pos_block.S;
position pos_block.ps;
identifier g != {fd_file, fd_empty, fdput, fdput_pos}; // @fdborrow@
identifier get = {fdget, fdget_raw, fdget_pos};
expression E, E1;
position p1, p2;
statement S3;
@@
(
struct fd f = get@p1(E);
|
f = get@p1(E);
)
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
S@ps
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
(
return f;
|
return <+... g(..., f, ...) ...+>;
|
return@p2 ...;
)

// a helper that takes the struct fd by value and puts it on its error
// path (summary "fdputs": __bpf_map_get(), ____bpf_prog_get(),
// vmsplice_type()) failed or succeeded: on success the caller still owns f
@leak_errcons exists@
identifier f;
identifier fill = {__fd_leak_none}; // @fdputs@
identifier g != {fd_file, fd_empty, fdput, fdput_pos}; // @fdborrow@
expression R, E1;
position p1, p2;
statement S, S3;
@@
R = fill@p1(..., f, ...);
(
if (\(IS_ERR(R)\|IS_ERR_OR_NULL(R)\|R\) || ...) S
|
if (R < 0 || ...) S
)
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
(
return f;
|
return <+... g(..., f, ...) ...+>;
|
return@p2 ...;
)
// a function given a struct fd by value that tests it for emptiness owns
// it on its error exits (the convention of the "fdputs" helpers): an error
// return after the test must put it
@leak_param exists@
identifier fn = {__fd_leak_none}; // @fdputs@
identifier f;
identifier g != {fd_file, fd_empty, fdput, fdput_pos}; // @fdborrow@
expression E1, E2;
position p2;
statement S, S3;
@@
fn(..., struct fd f, ...) {
... when any
if (\(!f.file\|!fd_file(f)\|fd_empty(f)\|f.file == NULL\|unlikely(!f.file)\|unlikely(!fd_file(f))\|unlikely(fd_empty(f))\)) S
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
\(return@p2 ERR_PTR(E2);\|return@p2 -E2;\)
... when any
}

// f filled in by a helper through a pointer ("ret = ovl_real_fdget(file, &f);",
// perf_fget_light(), timerfd_fget()), which succeeded, then not put.
// "when any": without it the path may not pass another statement like the
// test ("ret = other(); if (ret) return ret;" reuses the variable)
@leak_byref exists@
local idexpression struct fd f;
identifier fill, g != {fd_file, fd_empty, fdput, fdput_pos};
identifier R;
expression E1;
type T;
position p1, p2;
statement S, S3;
@@
(
R = fill@p1(..., &f, ...);
|
T R = fill@p1(..., &f, ...);
)
(
if (R || ...) S
|
if (R < 0 || ...) S
)
... when != \(fdput\|fdput_pos\)(f)
    when != fput(f.file)
    when != E1 = f
    when != E1 = <+... f.flags ...+>
    when != E1 = <+... f.word ...+>
    when != if (...) \(fdput\|fdput_pos\)(f); else S3
    when != if (...) S3 else \(fdput\|fdput_pos\)(f);
    when != if (...) \(fdput\|fdput_pos\)(f);
    when != g(..., f, ...)
    when != &f
    when any
(
return f;
|
return <+... g(..., f, ...) ...+>;
|
return@p2 ...;
)

// FDPUT_FPUT cleared by hand ("f.flags = 0") when neither f nor f.file was
// stored away first (the old hand-off idiom "x->fd = f; f.flags = 0;") and f
// was not built by hand from a borrowed file ("f.file = ...; f.flags = 0;"):
// the reference fdget()/the helper took is then never dropped.  This is the
// 6.1 ovl_read_iter()/ovl_write_iter() aio leak.
@flags_handed_off exists@
struct fd f;
expression E1, E2;
position pa;
@@
(
E1 = \(f\|f.file\|fd_file(f)\)
|
f.file = E2
)
...
\(f.flags@pa = 0\|f.word@pa = E2\|f@pa = BORROWED_FD(...)\)

@leak_flags@
struct fd f;
position p != flags_handed_off.pa;
@@
(
f.flags@p = 0
|
f.flags@p &= ~FDPUT_FPUT
|
f.word@p &= ~FDPUT_FPUT
|
f.word@p = (unsigned long)fd_file(f)
|
f@p = BORROWED_FD(fd_file(f))
)

// the same for the 6.1 port's overlayfs "struct fderr" (patch 0003), whose
// ownership marker is the bool .cloned
@fderr_handed_off exists@
struct fderr f;
symbol false;
expression E1, E2;
position pa;
@@
(
E1 = \(f\|f.file\)
|
f.file = E2
)
...
f.cloned@pa = \(false\|0\)

@leak_fderr@
struct fderr f;
symbol false;
position p != fderr_handed_off.pa;
@@
f.cloned@p = \(false\|0\)

@script:python depends on audit@
p1 << leak.p1;
p2 << leak.p2;
@@
print("%s:%s: [leak] struct fd from line %s not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on audit@
p1 << leak_untested.p1;
p2 << leak_untested.p2;
@@
print("%s:%s: [leak] struct fd from line %s not put on this exit (never tested)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << leak.p1;
p2 << leak.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fdput; fdget on line " + p1[0].line)

@script:python depends on report && !audit@
p1 << leak_untested.p1;
p2 << leak_untested.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fdput; fdget on line " + p1[0].line)

@script:python depends on audit@
p1 << leak_byref.p1;
p2 << leak_byref.p2;
@@
print("%s:%s: [leak] struct fd filled on line %s not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << leak_byref.p1;
p2 << leak_byref.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fdput; struct fd filled on line " + p1[0].line)

@script:python depends on audit@
p1 << leak_or.p1;
p2 << leak_or.p2;
@@
print("%s:%s: [leak] struct fd from line %s not put on this exit (taken also when not empty)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << leak_or.p1;
p2 << leak_or.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fdput; fdget on line " + p1[0].line)

@script:python depends on audit@
p << leak_flags.p;
f << leak_flags.f;
@@
print("%s:%s: [leak] FDPUT_FPUT of struct fd %s cleared although its reference was not handed off" % (p[0].file, p[0].line, f))

@script:python depends on report && !audit@
p << leak_flags.p;
@@
coccilib.report.print_report(p[0], "ERROR: FDPUT_FPUT cleared without handing the reference off")

@script:python depends on audit@
p << leak_fderr.p;
f << leak_fderr.f;
@@
print("%s:%s: [leak] ownership (.cloned) of struct fderr %s cleared although its reference was not handed off" % (p[0].file, p[0].line, f))

@script:python depends on report && !audit@
p << leak_fderr.p;
@@
coccilib.report.print_report(p[0], "ERROR: fderr .cloned cleared without handing the reference off")

@script:python depends on audit@
p1 << leak_pos.p1;
p2 << leak_pos.p2;
@@
print("%s:%s: [leak] struct fd from line %s not put on this exit (its non-empty block ends without a put)" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << leak_pos.p1;
p2 << leak_pos.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fdput; fdget on line " + p1[0].line)

@script:python depends on audit@
p1 << leak_errcons.p1;
p2 << leak_errcons.p2;
@@
print("%s:%s: [leak] struct fd passed on line %s to a helper that keeps it only on error, not put on this exit" % (p2[0].file, p2[0].line, p1[0].line))

@script:python depends on report && !audit@
p1 << leak_errcons.p1;
p2 << leak_errcons.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fdput; struct fd passed on line " + p1[0].line)

@script:python depends on audit@
p2 << leak_param.p2;
f << leak_param.f;
@@
print("%s:%s: [leak] error exit without putting struct fd parameter %s (other exits own it)" % (p2[0].file, p2[0].line, f))

@script:python depends on report && !audit@
p2 << leak_param.p2;
@@
coccilib.report.print_report(p2[0], "ERROR: missing fdput of struct fd parameter on error exit")

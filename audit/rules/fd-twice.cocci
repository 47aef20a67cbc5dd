// SPDX-License-Identifier: GPL-2.0
/// [fd-twice]: the same fd number (the same expression: a parameter, an attr
/// field) reaches two fd lookups on one path, with no assignment to it in
/// between: fdget*(), fget*(), sockfd_lookup(), or a function the first pass
/// found to resolve the fd it is given (summary "lookup", e.g.
/// bpf_map_get(), bpf_prog_get(), dma_buf_get(); "lookup1"/"lookup2" when
/// the fd is its second/third argument, e.g. svc_alien_sock(net, fd) before
/// svc_addsock(serv, fd, ...), fixed by c034203b6a9d).  Another thread can
/// close() or dup2() the fd between the two lookups, so the object that was
/// checked is not the object that is used.  Indexed expressions (fds[i]) are
/// not reported (loops).
///
// Confidence: Moderate (a second lookup that does not depend on the first
//   is harmless)
// Options: --no-includes --include-headers
// Comments: part of the fd-lifetime auditor, audit/ of the fdsafe project

virtual report
virtual audit

@twice exists@
expression E, E2, A, B, A2, B2;
identifier get1 = {fdget, fdget_raw, fdget_pos, fget, fget_raw, sockfd_lookup, sockfd_lookup_light}; // @lookup@
identifier get2 = {fdget, fdget_raw, fdget_pos, fget, fget_raw, sockfd_lookup, sockfd_lookup_light}; // @lookup@
identifier get1b = {__fd_twice_none1}; // @lookup1@
identifier get2b = {__fd_twice_none1}; // @lookup1@
identifier get1c = {__fd_twice_none2}; // @lookup2@
identifier get2c = {__fd_twice_none2}; // @lookup2@
position p1, p2;
@@
(
get1@p1(E, ...)
|
get1b@p1(A, E, ...)
|
get1c@p1(A, B, E, ...)
)
... when != E = E2
    when != &E
(
get2@p2(E, ...)
|
get2b@p2(A2, E, ...)
|
get2c@p2(A2, B2, E, ...)
)

@script:python depends on audit@
p1 << twice.p1;
p2 << twice.p2;
E << twice.E;
@@
if "[" not in E and (p1[0].line, p1[0].column) != (p2[0].line, p2[0].column):
    print("%s:%s: [fd-twice] fd %s looked up again (first lookup on line %s)" % (p2[0].file, p2[0].line, E, p1[0].line))

@script:python depends on report && !audit@
p1 << twice.p1;
p2 << twice.p2;
E << twice.E;
@@
if "[" not in E and (p1[0].line, p1[0].column) != (p2[0].line, p2[0].column):
    coccilib.report.print_report(p2[0], "WARNING: fd looked up again, first on line " + p1[0].line)

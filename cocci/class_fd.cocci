// SPDX-License-Identifier: GPL-2.0-only
/// Convert regular fdget()/fdget_raw()/fdget_pos() users to
/// CLASS(fd)/CLASS(fd_raw)/CLASS(fd_pos).
///
/// A site is regular when, in one function, a local struct fd F is
///   - filled exactly once, by fdget*(E) (in its declaration or by one
///     assignment after a bare declaration "struct fd F;"),
///   - put only by fdput(F) (fdput_pos(F) for fdget_pos) in that function,
///   - otherwise used only as fd_file(F) or fd_empty(F): never assigned
///     again, never has its address taken, never copied, passed to
///     another function or returned, no member of it read directly.
/// The fdget*() becomes a CLASS() declaration at the same place and every
/// fdput*(F) statement goes: the put moves to the end of F's scope, which
/// takes and drops the same reference and returns the same values.
///
/// What this cannot see, the compilers do: a goto that jumps forward over
/// the new declaration (clang rejects it; gcc 12 accepts it and would run
/// the destructor on garbage), and an F used outside the block the
/// assignment sits in.  cocci/regen.sh STEP=3 runs this; the commit
/// messages list the sites fixed by hand after it.
///
/// Confidence: High for what it converts (the exclusions above are
/// checked, not assumed); it skips functions spatch cannot parse.
// Options: --include-headers --local-includes --max-width 100 --macro-file cocci/fd_macros.h

virtual patch

@initialize:python@
@@
BAD = set()
FILLS = {}

// ---- find the fdget*() fills of a local struct fd -------------------
@fill@
identifier F;
expression E;
position p;
@@
(
struct fd F@p = fdget(E);
|
struct fd F@p = fdget_raw(E);
|
struct fd F@p = fdget_pos(E);
|
F@p = fdget(E)
|
F@p = fdget_raw(E)
|
F@p = fdget_pos(E)
)

// the function it is in; more than one fill of the same F in a function
// (e.g. a retry loop) makes it irregular
@script:python infn@
F << fill.F;
p << fill.p;
fn;
@@
coccinelle.fn = cocci.make_ident(p[0].current_element)
k = (p[0].file, p[0].current_element, p[0].current_element_line, str(F))
FILLS.setdefault(k, set()).add((p[0].line, p[0].column))
if len(FILLS[k]) > 1:
    BAD.add(k)

// ---- uses that make a site irregular ---------------------------------
@other_fill@
identifier infn.fn, fill.F;
expression E;
position q != fill.p;
@@
fn(...) {
<+...
(
struct fd F@q = E;
|
F@q = E
)
...+>
}

@escape@
identifier infn.fn, fill.F;
identifier g !~ "^(fd_file|fd_empty|fdput|fdput_pos)$";
identifier fld;
expression E;
position e;
@@
fn(...) {
<+...
(
E = F@e
|
 &F@e
|
F@e.fld
|
g(..., F@e, ...)
)
...+>
}

@escape_ret@
identifier infn.fn, fill.F;
position e;
@@
fn(...) {
<+...
return F@e;
...+>
}

@script:python@
F << fill.F;
p << fill.p;
q << other_fill.q;
@@
BAD.add((p[0].file, p[0].current_element, p[0].current_element_line, str(F)))

@script:python@
F << fill.F;
p << fill.p;
e << escape.e;
@@
BAD.add((p[0].file, p[0].current_element, p[0].current_element_line, str(F)))

@script:python@
F << fill.F;
p << fill.p;
e << escape_ret.e;
@@
BAD.add((p[0].file, p[0].current_element, p[0].current_element_line, str(F)))

@script:python keep@
F << fill.F;
p << fill.p;
G;
@@
if (p[0].file, p[0].current_element, p[0].current_element_line, str(F)) in BAD:
    cocci.include_match(False)
else:
    coccinelle.G = F

// ---- rewrite ---------------------------------------------------------
@conv depends on patch@
identifier infn.fn, keep.G;
expression E;
@@
fn(...) {
<+...
(
- struct fd G = fdget(E);
+ CLASS(fd, G)(E);
|
- struct fd G = fdget_raw(E);
+ CLASS(fd_raw, G)(E);
|
- struct fd G = fdget_pos(E);
+ CLASS(fd_pos, G)(E);
)
...+>
}

@conv2 depends on patch exists@
identifier infn.fn, keep.G;
expression E;
@@
fn(...) {
...
- struct fd G;
... when != G
(
- G = fdget(E);
+ CLASS(fd, G)(E);
|
- G = fdget_raw(E);
+ CLASS(fd_raw, G)(E);
|
- G = fdget_pos(E);
+ CLASS(fd_pos, G)(E);
)
...
}

// A block left with one statement loses its braces; the statement itself
// is kept as it is (the blank line spatch leaves in place of the opening
// brace is dropped by cocci/regen.sh).
@put depends on patch@
identifier infn.fn, keep.G;
expression C;
statement S;
@@
fn(...) {
<...
(
  if (C)
- {
  S
(
- fdput(G);
|
- fdput_pos(G);
)
- }
|
  if (C)
- {
(
- fdput(G);
|
- fdput_pos(G);
)
  S
- }
|
(
- fdput(G);
|
- fdput_pos(G);
)
)
...>
}

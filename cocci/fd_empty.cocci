// SPDX-License-Identifier: GPL-2.0-only
/// Convert emptiness tests of a struct fd to fd_empty().
///
/// Rule: for an expression E of type struct fd,
///   !fd_file(E), fd_file(E) == NULL, NULL == fd_file(E)  -> fd_empty(E)
///   fd_file(E) != NULL, NULL != fd_file(E)               -> !fd_empty(E)
///   fd_file(E) used as a truth value (if/while/&&/||/?:)  -> !fd_empty(E)
/// Comparisons of fd_file(E) with another pointer are left alone.
///
/// Confidence: High.  Matching is on the C type of E, so only struct fd
/// tests are rewritten.  Same blind spots as fd_file.cocci (functions
/// spatch cannot parse, #if 0); the commit message lists hand fixes.
///
/// Run it on a tree that has the fd_file() conversion
/// (cocci/fd_file.cocci), see cocci/regen.sh:
///
///   spatch --sp-file cocci/fd_empty.cocci --in-place --include-headers \
///       --local-includes --very-quiet --max-width 100 \
///       --macro-file cocci/fd_macros.h <files using struct fd>
//
// Confidence: High
// Options: --include-headers --local-includes --max-width 100 --macro-file cocci/fd_macros.h

virtual patch

@neg@
struct fd E;
@@
(
- !fd_file(E)
+ fd_empty(E)
|
- fd_file(E) == NULL
+ fd_empty(E)
|
- NULL == fd_file(E)
+ fd_empty(E)
|
- fd_file(E) != NULL
+ !fd_empty(E)
|
- NULL != fd_file(E)
+ !fd_empty(E)
)

@pos@
struct fd E;
expression X, Y;
statement S1, S2;
@@
(
- if (fd_file(E))
+ if (!fd_empty(E))
  S1 else S2
|
- if (fd_file(E))
+ if (!fd_empty(E))
  S1
|
- while (fd_file(E))
+ while (!fd_empty(E))
  S1
|
- fd_file(E) && X
+ !fd_empty(E) && X
|
- X && fd_file(E)
+ X && !fd_empty(E)
|
- fd_file(E) || X
+ !fd_empty(E) || X
|
- X || fd_file(E)
+ X || !fd_empty(E)
|
- fd_file(E)
+ !fd_empty(E)
  ? X : Y
)

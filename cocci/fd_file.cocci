// SPDX-License-Identifier: GPL-2.0-only
/// Convert every access to the .file member of struct fd to fd_file().
///
/// Rule: for any expression E of type struct fd, E.file -> fd_file(E);
/// for any expression P of type struct fd *, P->file -> fd_file(*P).
/// fd_file() is an lvalue (#define fd_file(f) ((f).file)) at this point,
/// so stores into the member are converted too; the later constructor
/// patch removes those.
///
/// Confidence: High.  The match is on the C type of the expression, not
/// on names, so members called "file" of other structures are never
/// touched.  What it cannot see: expressions whose type Coccinelle
/// cannot infer (struct fd coming from a macro argument, or from a
/// member of a structure declared in a header that is not parsed).
/// Those were fixed by hand; the commit message lists them.
///
/// Regenerate the conversion from a pristine 6.1 tree (the include/linux/
/// file.h hunk that adds fd_file() is not generated):
///
///   git grep -lP '\bstruct fd\b|\bfdget(_raw|_pos)?\s*\(' -- '*.c' '*.h' \
///       ':!tools' ':!include/linux/file.h' ':!include/linux/cleanup.h' |
///     xargs spatch --sp-file cocci/fd_file.cocci --in-place \
///       --include-headers --local-includes --very-quiet
///
/// then check that nothing is left (must print nothing except the
/// definition in include/linux/file.h and the hand-fixed lines):
///
///   spatch --sp-file cocci/fd_file_check.cocci <same file list>
//
// Confidence: High
// Options: --include-headers --local-includes

virtual patch

@fd_member depends on patch@
struct fd E;
@@
- E.file
+ fd_file(E)

@fd_ptr_member depends on patch@
struct fd *P;
@@
- P->file
+ fd_file(*P)

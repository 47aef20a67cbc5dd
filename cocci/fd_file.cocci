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
///   cocci/regen.sh /path/to/pristine-6.1
///
/// which runs, on every file that mentions struct fd or fdget*():
///
///   spatch --sp-file cocci/fd_file.cocci -D patch --in-place \
///     --include-headers --local-includes --very-quiet --max-width 100 \
///     --macro-file cocci/fd_macros.h FILES...
///
/// and then lists the .file members that are left: the struct fd ones
/// among them are the hand fixes named in the commit message of patch 0004.
//
// Confidence: High
// Options: --include-headers --local-includes --max-width 100 --macro-file cocci/fd_macros.h

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

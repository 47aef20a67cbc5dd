/*
 * Macros added to spatch's --macro-file-builtins (standard.h), which are
 * expanded on every parse: --macro-file (macros.h) is only tried on a
 * parse error, too late for a construct that parses wrongly instead.
 *
 * __free(f) (linux/cleanup.h): "struct file *p __free(fput) = NULL;"
 * makes spatch infer that fput names a type, so "fput(x);" further down
 * becomes a declaration of x and no rule sees the put.
 */
#define __free(f)

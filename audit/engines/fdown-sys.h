/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of fdown.h (audit/engines/clang-sa).  A system header, so that the
 * analyzer's malloc checker keeps tracking a pointer passed to
 * __fdown_init(): unknown functions of the program may free what they are
 * passed (the pointer escapes, no leak is reported any more), those of a
 * system header with no void * parameter may not.
 */
#pragma clang system_header

/* the object at p holds unknown values (not malloc()'s uninitialized ones) */
void __fdown_init(char *p);

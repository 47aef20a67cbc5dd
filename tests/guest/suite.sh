#!/bin/sh
# Guest side of the suite: run each test program named on the command line
# (they are in /bin), framing its TAP output so the host can attribute
# every result to its program.  Exits 1 if any program failed.
rc=0
for t in "$@"; do
	echo "# fdsafe-begin: $t"
	"/bin/$t"
	r=$?
	echo "# fdsafe-end: $t rc=$r"
	[ $r -eq 0 ] || rc=1
done
exit $rc

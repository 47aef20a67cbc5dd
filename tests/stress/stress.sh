#!/bin/sh
# Guest side of scripts/run-stress.sh: each argument is one command line
# ("failnth -n 8", "race -t 30"; the programs are in /bin).  Its output
# is framed like tests/guest/suite.sh's, so the host can attribute every
# TAP line to its program.  Exits 1 if any program failed.
rc=0
for cmd in "$@"; do
	prog=${cmd%% *}
	echo "# fdsafe-begin: $prog"
	start=$(cut -d' ' -f1 /proc/uptime)
	/bin/$cmd
	r=$?
	echo "# fdsafe-end: $prog rc=$r secs=$start-$(cut -d' ' -f1 /proc/uptime)"
	[ $r -eq 0 ] || rc=1
done
exit $rc

#!/bin/sh
# Guest side of scripts/run-stress.sh: each argument is one command line
# ("failnth -n 8", "race -t 30"; the programs are in /bin).  Its output
# is framed like tests/guest/suite.sh's, so the host can attribute every
# TAP line to its program.  Exits 1 if any program failed.
rc=0
# Objects kmemleak would report before the programs ran are the boot's
# (ACPI's early caches on the stress config), not theirs: count, clear.
k=/sys/kernel/debug/kmemleak
if [ -w $k ]; then
	sleep 6	# kmemleak reports objects older than 5 s
	# twice: an object whose checksum changed since the last scan waits
	echo scan >$k
	echo scan >$k
	echo "# kmemleak: $(grep -c 'unreferenced object' $k) objects from before the programs, cleared"
	echo clear >$k
fi
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

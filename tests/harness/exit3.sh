#!/bin/sh
# vm-run self-test: the program's exit status comes back out.
exit 3

#!/bin/bash
# vm-run self-test: a script whose interpreter is not in busybox.
echo "bash ${BASH_VERSINFO[0]}"

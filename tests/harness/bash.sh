#!/bin/bash
# vm-run self-test: a script whose interpreter is not in busybox runs GNU ls
# (a dynamic program, --add) and counts the vCPUs (--smp).
echo "bash ${BASH_VERSINFO[0]}"
ls --version | head -n1
echo "vcpus=$(nproc)"

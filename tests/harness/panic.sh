#!/bin/sh
# vm-run self-test: a guest kernel panic is a failure with a reason.
echo c >/proc/sysrq-trigger
sleep 30

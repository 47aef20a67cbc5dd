#!/bin/sh
# vm-run self-test: a guest that never finishes is stopped by the timeout.
sleep 100000

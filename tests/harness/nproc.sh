#!/bin/sh
# vm-run self-test: the vCPUs the guest sees.
echo "vcpus=$(nproc)"

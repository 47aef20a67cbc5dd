#!/bin/sh
# vm-run self-test: lsmod shows what --module loaded.
lsmod

# fdsafe: upstream's memory-safe struct fd, ported to Debian 12's
# linux-source-6.1.  See README.md.
SHELL := /bin/bash
export FDSAFE_CACHE ?= $(or $(XDG_CACHE_HOME),/var/tmp)/fdsafe
S := scripts
OUT := out
BASE_SRC = $(FDSAFE_CACHE)/linux-6.1
PATCHED_SRC = $(FDSAFE_CACHE)/patched

.PHONY: all deps source apply kernel kernels tests test check-series run audit bench deb debian-kernel debian-test check-touched check-fix-alone stress clean

all: run

deps:
	@$(S)/deps.sh

source: deps
	@$(S)/fetch-source.sh >/dev/null

apply: source
	@$(S)/apply-series.sh >/dev/null

# out/bzImage (patched), out/linux -> patched tree
kernel: apply
	@$(S)/make-kernels.sh patched

# and out/bzImage.base (unpatched), for the comparisons
kernels: apply
	@$(S)/make-kernels.sh patched base

tests: source
	@$(MAKE) -s -C tests/guest KSRC=$(BASE_SRC) OUT=$(CURDIR)/$(OUT)/tests

# The main job: boot the patched kernel and run the guest suite.
run: kernel tests
	@$(S)/run-suite.sh $(OUT)/bzImage $(OUT)/results/patched
	@$(S)/report.sh $(OUT)/results/patched

# Everything: series checks, both kernels, guest suite on both, audit tests.
test: source
	@$(S)/test-all.sh

check-series: apply
	@$(S)/check-series.sh

audit: source
	@audit/run $(or $(TREE),$(BASE_SRC))

bench: kernels
	@bench/run

# The patched tree built as Debian builds it (config and release of
# Debian's linux-image-*-cloud-amd64 of the same source): out/deb/*.deb.
deb debian-kernel: apply
	@$(S)/make-deb.sh

# A/B with Debian's binary kernel: suite on both, Debian's shipped modules
# (those importing __fdget) loaded into ours.
debian-test: debian-kernel tests
	@$(S)/debian-test.sh

# The leading Fixes: patches alone on the pristine tree: builds, bugfix_* pass.
check-fix-alone: kernels tests
	@$(S)/check-fix-alone.sh

check-touched: apply
	@$(S)/check-touched.sh

# fail-nth walks and fd-table races, full length, on the stress kernels
# (lean + configs/stress.config, built here), patched and baseline.
stress: apply
	@$(S)/run-stress.sh full

clean:
	rm -rf $(OUT)

#!/usr/bin/env bash
# make-deb.sh: an installable linux-image .deb of the patched kernel, built
# with the kernel's own bindeb-pkg from the lean config, into out/deb/.
# For a VM elsewhere: never installed on this machine.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
build=$FDSAFE_CACHE/build-patched
rm -f "$FDSAFE_CACHE"/linux-*.deb "$FDSAFE_CACHE"/linux-upstream_*
"$FDSAFE_TOP/scripts/build-kernel.sh" "$FDSAFE_CACHE/patched" "$build" \
	bindeb-pkg KDEB_PKGVERSION="$KVER-fdsafe1" >/dev/null || die "bindeb-pkg failed"
mkdir -p "$FDSAFE_TOP/out/deb"
mv "$FDSAFE_CACHE"/linux-image-*.deb "$FDSAFE_TOP/out/deb/"
rm -f "$FDSAFE_CACHE"/linux-*.deb "$FDSAFE_CACHE"/linux-upstream_*
ls "$FDSAFE_TOP"/out/deb/*.deb

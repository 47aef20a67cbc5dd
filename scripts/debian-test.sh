#!/usr/bin/env bash
# debian-test.sh: A/B of Debian's binary kernel (A, debian-lib.sh) and the
# patched tree built as Debian builds it (B, make-deb.sh: out/deb/).
#  1. the guest suite on both, each with its own overlay.ko: same results,
#     bugfix_ cases failing on A and passing on B (compare-results.sh);
#  2. binary module compatibility: every module of Debian's package that
#     imports __fdget (nm -u), plus overlay and loop, unchanged bytes from
#     the package, loaded into B, and btrfs used through Debian's btrfs.ko
#     (on A too, as the control).
# TAP lines; results and logs in out/results/debian-*.
set -euo pipefail
. "$(dirname "$0")/debian-lib.sh"
"$FDSAFE_TOP/scripts/deps.sh" btrfs-progs
debian_select
a=$(debian_binary)
deb=$(ls "$FDSAFE_TOP/out/deb/linux-image-${DEB_RELEASE}_"*.deb 2>/dev/null) ||
	die "no patched $DEB_RELEASE .deb in out/deb (make debian-kernel)"
b=$DEB_DIR/fdsafe-$DEB_RELEASE
debian_unpack "$deb" "$b"
R=$FDSAFE_TOP/out/results
mkdir -p "$R"
vmlinuz() { echo "$1/boot/vmlinuz-$DEB_RELEASE"; }
mods() { echo "$1/lib/modules/$DEB_RELEASE"; }

suite() { # ROOT RESULTS [--baseline]
	local t0=$SECONDS
	if "$FDSAFE_TOP/scripts/run-suite.sh" "${@:3}" --vm-arg --modules \
		--vm-arg "$(mods "$1")" --vm-arg --module --vm-arg overlay "$(vmlinuz "$1")" "$2" >&2; then
		echo "ok - guest suite on $(basename "$2") ($((SECONDS - t0)) s)"
	else
		echo "not ok - guest suite on $(basename "$2") # see $2.log"
		return 1
	fi
}
suite "$a" "$R/debian-binary" --baseline && suite "$b" "$R/debian-patched" &&
	"$FDSAFE_TOP/scripts/compare-results.sh" "$R/debian-binary" "$R/debian-patched"

# Debian's modules that call __fdget, in B (each after its dependencies).
mapfile -t fdget < <(cd "$(mods "$a")" && find . -name '*.ko' | sort |
	while read -r f; do nm -u "$f" | grep -w __fdget >/dev/null && basename "$f" .ko; done)
modargs=(--modules "$(mods "$a")")
for m in "${fdget[@]}" overlay loop btrfs; do modargs+=(--module "$m"); done
for k in "$a" "$b"; do
	name=$([ "$k" = "$a" ] && echo "Debian binary" || echo patched)
	log=$R/debian-modules-$(basename "$k").log rc=0
	"$FDSAFE_TOP/tools/vm-run" --kernel "$(vmlinuz "$k")" --timeout 300 --log "$log" \
		"${modargs[@]}" --add "$(command -v mkfs.btrfs)" --add "$(command -v btrfs)" \
		-- "$FDSAFE_TOP/tests/debian/btrfs_snapshot.sh" >/dev/null 2>&1 || rc=$?
	grep -aq '^VMRUN-EXIT=' "$log" || { echo "not ok - $name kernel with Debian's modules: boot failed (rc $rc), see $log"; continue; }
	for m in "${fdget[@]}" overlay; do
		if grep -aq "^VMRUN-INSMOD-FAIL /lib/modules/${m//-/_}.ko" "$log"; then
			why=$(grep -a "^\[ *[0-9.]*\] ${m//-/_}: " "$log" | head -n1 | sed 's/^\[[^]]*\] //')
			echo "not ok - Debian's $m.ko loads into the $name kernel # ${why:-see $log}"
		else
			echo "ok - Debian's $m.ko loads into the $name kernel$([[ " ${fdget[*]} " == *" $m "* ]] && echo " (imports __fdget)")"
		fi
	done
	grep -a '^\(not \)\?ok - btrfs' "$log" | tr -d '\r' | sed "s/\$/ [$name kernel]/" ||
		echo "not ok - btrfs snapshot on the $name kernel: no result, see $log"
done

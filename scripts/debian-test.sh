#!/usr/bin/env bash
# debian-test.sh: A/B of Debian's binary kernel (A, debian-lib.sh) and the
# patched tree built as Debian builds it (B, make-deb.sh: the .deb in
# out/deb/, or without one the bzImage and overlay.ko of its build folder).
#  1. the guest suite on both, each with its own overlay.ko: same results,
#     bugfix_ cases failing on A and passing on B (compare-results.sh);
#  2. binary module compatibility: every module of Debian's package that
#     imports __fdget (nm -u), plus overlay, unchanged bytes from the
#     package, loaded into B (and A, the control), and a btrfs snapshot
#     through Debian's btrfs.ko, whose subvolume fd goes through __fdget;
#  3. with B's .deb: both packages installed into a debootstrapped Debian 12
#     (debian-image.sh), booted to multi-user.target, the suite built as
#     ordinary dynamic programs run there, compared as in 1.
# TAP lines; results and logs in out/results/debian-*.
set -euo pipefail
. "$(dirname "$0")/debian-lib.sh"
"$FDSAFE_TOP/scripts/deps.sh" btrfs-progs
debian_select
a=$(debian_binary)
amods=$a/lib/modules/$DEB_RELEASE
deb=$(ls "$FDSAFE_TOP/out/deb/linux-image-${DEB_RELEASE}_"*.deb 2>/dev/null || true)
if [ -n "$deb" ]; then
	b=$DEB_DIR/fdsafe-$DEB_RELEASE
	debian_unpack "$deb" "$b"
	bkernel=$b/boot/vmlinuz-$DEB_RELEASE bovl=(--modules "$b/lib/modules/$DEB_RELEASE" --module overlay)
else
	b=$FDSAFE_CACHE/build-debian-$DEB_FLAVOUR
	bkernel=$b/arch/x86/boot/bzImage bovl=(--module "$b/fs/overlayfs/overlay.ko")
	[ -f "$bkernel" ] && [ -f "${bovl[1]}" ] ||
		die "no patched $DEB_RELEASE kernel: make debian-kernel (or make-deb.sh --kernel-only)"
fi
R=$FDSAFE_TOP/out/results
mkdir -p "$R"

suite() { # NAME KERNEL RESULTS RUN-SUITE-ARGS...
	local name=$1 k=$2 res=$3 t0=$SECONDS
	shift 3
	if "$FDSAFE_TOP/scripts/run-suite.sh" "$@" "$k" "$res" >&2; then
		echo "ok - guest suite on $name ($((SECONDS - t0)) s)"
	else
		echo "not ok - guest suite on $name # see $res.log"
		return 1
	fi
}
vmargs() { for x in "$@"; do printf '%s\n' --vm-arg "$x"; done; }
mapfile -t aargs < <(vmargs --modules "$amods" --module overlay)
mapfile -t bargs < <(vmargs "${bovl[@]}")
suite "Debian's binary kernel" "$a/boot/vmlinuz-$DEB_RELEASE" "$R/debian-binary" --baseline "${aargs[@]}" &&
	suite "the patched Debian-config kernel" "$bkernel" "$R/debian-patched" "${bargs[@]}" &&
	"$FDSAFE_TOP/scripts/compare-results.sh" "$R/debian-binary" "$R/debian-patched"

# Debian's modules that call __fdget, each after its dependencies.
mapfile -t fdget < <(cd "$amods" && find . -name '*.ko' -print0 | xargs -0 nm -u -A |
	awk '$NF == "__fdget" { sub(/:.*/, ""); n = split($0, p, "/"); sub(/\.ko$/, "", p[n]); print p[n] }' | sort)
modargs=(--modules "$amods")
for m in "${fdget[@]}" overlay loop btrfs; do modargs+=(--module "$m"); done
for k in "$a/boot/vmlinuz-$DEB_RELEASE" "$bkernel"; do
	name=$([ "$k" = "$bkernel" ] && echo patched || echo "Debian binary")
	log=$R/debian-modules-${name// /-}.log rc=0
	"$FDSAFE_TOP/tools/vm-run" --kernel "$k" --timeout 300 --log "$log" \
		"${modargs[@]}" --add "$(command -v mkfs.btrfs)" --add "$(command -v btrfs)" \
		-- "$FDSAFE_TOP/tests/debian/btrfs_snapshot.sh" >/dev/null 2>&1 || rc=$?
	grep -aq 'VMRUN-BEGIN' "$log" || { echo "not ok - $name kernel with Debian's modules: boot failed (rc $rc), see $log"; continue; }
	for m in "${fdget[@]}" overlay; do
		if grep -aq "^VMRUN-INSMOD-FAIL /lib/modules/${m//-/_}.ko" "$log"; then
			why=$(grep -a "^\[ *[0-9.]*\] ${m//-/_}: " "$log" | head -n1 | sed 's/^\[[^]]*\] //')
			echo "not ok - Debian's $m.ko loads into the $name kernel # ${why:-see $log}"
		else
			echo "ok - Debian's $m.ko loads into the $name kernel$([[ " ${fdget[*]} " == *" $m "* ]] && echo " (imports __fdget)")"
		fi
	done
	grep -a '^\(not \)\?ok - btrfs' "$log" | tr -d '\r' | sed "s/\$/ [$name kernel]/" ||
		echo "not ok - btrfs snapshot on the $name kernel: no result (vm-run rc $rc), see $log"
done

# A real Debian 12 system with each package installed.
[ -n "$deb" ] || { echo "ok - Debian 12 system boots # SKIP no patched .deb (make debian-kernel)"; exit 0; }
dyn=$FDSAFE_TOP/out/tests-dynamic
make -s -C "$FDSAFE_TOP/tests/guest" KSRC="$(pristine_tree)" OUT="$dyn" LDFLAGS=-pthread
ia=$("$FDSAFE_TOP/scripts/debian-image.sh" "$DEB_DIR/${DEB_PKG}_${DEB_VERSION}_amd64.deb" binary)
ib=$("$FDSAFE_TOP/scripts/debian-image.sh" "$deb" patched)
suite "Debian 12 with Debian's kernel" "$ia/vmlinuz" "$R/debian-system-binary" --baseline \
	--tests "$dyn" --vm-arg --image --vm-arg "$ia" &&
	suite "Debian 12 with the patched kernel" "$ib/vmlinuz" "$R/debian-system-patched" \
		--tests "$dyn" --vm-arg --image --vm-arg "$ib" &&
	"$FDSAFE_TOP/scripts/compare-results.sh" "$R/debian-system-binary" "$R/debian-system-patched"

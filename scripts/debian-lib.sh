# shellcheck shell=bash
# Debian's binary kernel of our source, for the debian-* scripts.  Source it.
#
# DEB_FLAVOUR   Debian kernel flavour (cloud-amd64; amd64 opt-in)
# debian_select sets DEB_PKG (linux-image-6.1.0-NN-FLAVOUR), DEB_VERSION
# (= linux-source-$KVER's version) and DEB_RELEASE (6.1.0-NN-FLAVOUR).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DEB_FLAVOUR=${DEB_FLAVOUR:-cloud-amd64}
DEB_DIR=$FDSAFE_CACHE/debian

debian_lookup() {
	local p
	for p in $(apt-cache pkgnames linux-image- |
		grep -E "^linux-image-$KVER\.0-[0-9]+-$DEB_FLAVOUR\$" | sort -V); do
		apt-cache show "$p" | grep -xF "Version: $DEB_VERSION" >/dev/null && DEB_PKG=$p
	done
	[ -n "${DEB_PKG:-}" ]
}
debian_select() {
	[ -z "${DEB_PKG:-}" ] || return 0
	DEB_VERSION=$(dpkg-query -W -f='${Version}' "linux-source-$KVER") ||
		die "linux-source-$KVER is not installed"
	debian_lookup || { apt-get update -qq >/dev/null 2>&1 && debian_lookup; } ||
		die "no linux-image-*-$DEB_FLAVOUR of version $DEB_VERSION in apt"
	# shellcheck disable=SC2034 # used by the scripts that source this
	DEB_RELEASE=${DEB_PKG#linux-image-}
}

# debian_unpack DEB DIR: unpack a linux-image .deb into DIR (once per .deb)
# with a modules.dep made by depmod -b (files only: nothing is loaded).
debian_unpack() {
	local rel
	[ "$1" -ot "$2/.unpacked" ] 2>/dev/null && return 0
	rm -rf "$2"
	dpkg-deb -x "$1" "$2" || die "cannot unpack $1"
	rel=$(ls "$2/lib/modules") || die "$1 has no modules"
	depmod -b "$2" "$rel" || die "depmod failed on $2"
	touch "$2/.unpacked"
}

# debian_binary: Debian's shipped package, downloaded with apt-get download
# (never installed), unpacked into $DEB_DIR/$DEB_PKG; echo that folder.
debian_binary() {
	local deb
	debian_select
	deb=$DEB_DIR/${DEB_PKG}_${DEB_VERSION}_amd64.deb
	if [ ! -s "$deb" ]; then
		mkdir -p "$DEB_DIR"
		(cd "$DEB_DIR" && apt-get download -q "$DEB_PKG=$DEB_VERSION" >/dev/null 2>&1) ||
			die "apt-get download $DEB_PKG=$DEB_VERSION failed"
	fi
	debian_unpack "$deb" "$DEB_DIR/$DEB_PKG"
	echo "$DEB_DIR/$DEB_PKG"
}

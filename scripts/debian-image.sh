#!/usr/bin/env bash
# debian-image.sh DEB NAME: a Debian 12 system for tools/vm-run --image, in
# $DEB_DIR/image-NAME/ (echoed): debootstrap --variant=minbase bookworm from
# the mirror apt uses (cached in $DEB_DIR/rootfs), the kernel package DEB
# installed into a copy with dpkg (initramfs-tools makes its initramfs),
# vmrun.service, all as an ext4 root.img beside vmlinuz and initrd.img.
# Rebuilt only when DEB is newer than the image.
set -euo pipefail
. "$(dirname "$0")/debian-lib.sh"
[ $# -eq 2 ] || die "usage: $0 DEB NAME"
deb=$1 out=$DEB_DIR/image-$2
[ -s "$deb" ] || die "$deb: no such package"
[ "$deb" -ot "$out/root.img" ] && { echo "$out"; exit 0; }
"$FDSAFE_TOP/scripts/deps.sh" debootstrap e2fsprogs
base=$DEB_DIR/rootfs
if [ ! -e "$base/.done" ]; then
	mirror=$(apt-get indextargets --format '$(REPO_URI)' 'Codename: bookworm' 'Identifier: Packages' | head -n1)
	log "debootstrap bookworm from ${mirror:=http://deb.debian.org/debian/}"
	rm -rf "$base"
	debootstrap --variant=minbase --include=systemd-sysv,udev,kmod,initramfs-tools \
		bookworm "$base" "$mirror" >"$DEB_DIR/debootstrap.log" 2>&1 ||
		die "debootstrap failed, see $DEB_DIR/debootstrap.log"
	touch "$base/.done"
fi
rm -rf "$out" && mkdir -p "$out"
root=$out/root
cp -a "$base" "$root"
cp "$deb" "$root/tmp/kernel.deb"
chroot "$root" dpkg -i /tmp/kernel.deb >"$out/dpkg.log" 2>&1 || die "dpkg -i failed, see $out/dpkg.log"
rm "$root/tmp/kernel.deb" "$root/.done"
echo fdsafe >"$root/etc/hostname"
cat >"$root/etc/systemd/system/vmrun.service" <<'UNIT'
[Unit]
Description=vm-run program (tools/vm-init from the second disk)
After=multi-user.target
[Service]
Type=oneshot
Environment=VMRUN_ROOT=/run/vmrun
ExecStartPre=/bin/mkdir -p /run/vmrun
ExecStartPre=/bin/mount -o ro /dev/vdb /run/vmrun
ExecStart=/bin/sh /run/vmrun/init
StandardOutput=tty
StandardError=tty
TTYPath=/dev/ttyS0
[Install]
WantedBy=multi-user.target
UNIT
# No login on the serial console: its hangup would cut vmrun.service's output.
ln -s /dev/null "$root/etc/systemd/system/serial-getty@ttyS0.service"
ln -s ../vmrun.service "$root/etc/systemd/system/multi-user.target.wants/vmrun.service"
# From /boot: Debian's package makes the /vmlinuz and /initrd.img links
# (linux-update-symlinks), the kernel's bindeb-pkg package does not.
k=$(cd "$root/boot" && ls vmlinuz-*) || die "$deb installed no /boot/vmlinuz-*"
[ "$(echo "$k" | wc -l)" -eq 1 ] || die "more than one kernel in the image: $k"
cp "$root/boot/$k" "$out/vmlinuz"
cp "$root/boot/initrd.img-${k#vmlinuz-}" "$out/initrd.img" || die "no initramfs for ${k#vmlinuz-}, see $out/dpkg.log"
mkfs.ext4 -q -L root -d "$root" "$out/root.img" 2G >&2 || die "mkfs.ext4 failed"
rm -rf "$root"
echo "$out"

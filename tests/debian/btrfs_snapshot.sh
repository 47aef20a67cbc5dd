#!/bin/sh
# Guest: btrfs through the btrfs.ko vm-run loaded.  "btrfs subvolume
# snapshot" passes the source subvolume as an fd (BTRFS_IOC_SNAP_CREATE_V2),
# which btrfs.ko looks up with fdget(), i.e. the kernel's __fdget export.
# Needs mkfs.btrfs and btrfs (--add) and loop.ko.
img=/tmp/btrfs.img mnt=/tmp/btrfs
fail() { echo "not ok - btrfs snapshot: $*"; exit 1; }
truncate -s 256M $img && mkfs.btrfs -q $img || fail "mkfs.btrfs"
mkdir -p $mnt && mount -o loop -t btrfs $img $mnt || fail "mount"
echo fdsafe >$mnt/f
btrfs -q subvolume snapshot $mnt $mnt/snap || fail "BTRFS_IOC_SNAP_CREATE_V2 with the subvolume's fd"
[ "$(cat $mnt/snap/f)" = fdsafe ] || fail "snapshot lacks the file"
umount $mnt || fail "umount"
echo "ok - btrfs snapshot from a subvolume fd (Debian's btrfs.ko: fdget -> __fdget)"

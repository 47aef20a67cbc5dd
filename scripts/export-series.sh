#!/usr/bin/env bash
# export-series.sh TREE [BASE]
# Rewrite patches/ from the commits BASE..HEAD of TREE (a worktree of the
# pristine tree; BASE defaults to the tag "pristine"), as
# "git format-patch --cover-letter" writes them: NNNN-subject.patch
# numbered [PATCH nn/NN], a 0000-cover-letter.patch and patches/series.
# The cover letter keeps the subject and text of the existing
# 0000-cover-letter.patch (everything above its shortlog); the shortlog
# and diffstat are regenerated.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=${1:?usage: $0 TREE [BASE]}
base=${2:-pristine}
pdir=$FDSAFE_TOP/patches
cover=$pdir/0000-cover-letter.patch
[ -z "$(git -C "$tree" status --porcelain)" ] || die "$tree has uncommitted changes"
[ -f "$cover" ] || die "$cover missing (it holds the cover letter's text)"

# Subject and blurb of the current cover letter.
subject=$(sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p' "$cover")
[ -n "$subject" ] || die "$cover has no [PATCH 0/N] subject"
blurb=$(awk 'body && /^[^ ].* \([0-9]+\):$/ { exit } body { print }
	/^$/ && !body { body = 1 }' "$cover")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$tree" -c core.abbrev=12 format-patch -q --cover-letter -n --zero-commit \
	--no-signature -o "$tmp" "$base..HEAD"
python3 - "$tmp/0000-cover-letter.patch" "$subject" "$blurb" <<'EOF'
import sys
path, subject, blurb = sys.argv[1:]
s = open(path).read()
s = s.replace('*** SUBJECT HERE ***', subject, 1)
s = s.replace('*** BLURB HERE ***', blurb.rstrip('\n'), 1)
open(path, 'w').write(s)
EOF
rm -f "$pdir"/[0-9][0-9][0-9][0-9]-*.patch
cp "$tmp"/*.patch "$pdir/"
{
	echo "# Applied in this order by scripts/apply-series.sh (git am) and by"
	echo "# quilt push -a; 0000-cover-letter.patch is the cover letter only."
	(cd "$tmp" && ls -- [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-')
} >"$pdir/series"
log "exported $(($(ls "$tmp" | wc -l) - 1)) patches and the cover letter to $pdir"

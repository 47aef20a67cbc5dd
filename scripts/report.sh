#!/usr/bin/env bash
# report.sh RESULTS: summary of one guest-suite run (make run).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -eq 1 ] || die "usage: $0 RESULTS"
res=$1
[ -f "$res" ] || die "$res missing"
grep ' fail$' "$res" | sed 's/^/FAIL: /' || true
ok=$(grep -c ' ok$' "$res" || true)
bad=$(grep -c ' fail$' "$res" || true)
sk=$(grep -c ' skip$' "$res" || true)
cat <<MSG
patched kernel:  $FDSAFE_TOP/out/bzImage  (source: $FDSAFE_TOP/out/linux)
guest results:   $res  (console: $res.log)
$ok passed, $bad failed, $sk skipped
MSG
[ "$bad" -eq 0 ]

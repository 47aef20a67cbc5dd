#!/usr/bin/env bash
# check-upstream-ids.sh [PATCH...]: provenance of every patch of
# patches/series (or of the PATCH files named), one TAP line each.
#  - "commit <id> upstream." (or "[ Upstream commit <id> ]") is the first
#    body line, <id> has 40 hex digits, patches/upstream-commits knows it,
#    and the patch's subject is that commit's subject; such a patch says
#    what was adapted in a "[ 6.1: ... ]" note;
#  - every Fixes: tag and every upstream id cited in the message names a
#    known commit by at least 12 hex digits, with its exact subject, in
#    the kernel's form: 'commit <id> ("subject")' (it may wrap onto a
#    second line, not a third), or 'Fixes: <id> ("subject")'.  The forms checkpatch.pl
#    rejects are refused with the form to use instead: '<id> "subject"',
#    '<id> ("subject")' without "commit", 'commit <id>' without its
#    ("subject"), and a bare id;
#  - the author and the only sign-off are the project's identity, and no
#    other person's tag (Acked-by:, Reviewed-by:, ...) is added.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

table=$FDSAFE_TOP/patches/upstream-commits
ident="${GIT_ID[1]#user.name=} <${GIT_ID[3]#user.email=}>"
if [ $# -eq 0 ]; then
	mapfile -t names < <(series_patches)
	set -- "${names[@]/#/$FDSAFE_TOP/patches/}"
fi
python3 - "$table" "$ident" "$@" <<'EOF'
import re, sys
table_path, ident, *patches = sys.argv[1:]
table = {}
for line in open(table_path):
    if line.strip() and not line.startswith('#'):
        cid, subj = line.rstrip('\n').split(' ', 1)
        table[cid] = subj
HEX40 = re.compile(r'^[0-9a-f]{40}$')
TAGS = re.compile(r'^(Signed-off-by|Acked-by|Reviewed-by|Tested-by|Reported-by|'
                   r'Suggested-by|Co-developed-by|Cc): *(.*)$', re.M)

def lookup(short):
    hits = [c for c in table if c.startswith(short)]
    return hits[0] if len(hits) == 1 else None

# A run of hex digits with at least one digit, not part of a longer word;
# what comes before and after it says whether and how it cites a commit.
HEXRUN = re.compile(r'(?<![0-9A-Za-z_])(?=[a-f]*[0-9])([0-9a-f]{5,})(?![0-9A-Za-z_])')

def flatten(body):
    """body with each run of white space made one space, so that a
    citation may wrap, and the body line of each character of it."""
    flat, line, n = [], [], 0
    for ch in body:
        if not ch.isspace():
            flat.append(ch)
            line.append(n)
        elif not flat or flat[-1] != ' ':
            flat.append(' ')
            line.append(n)
        n += ch == '\n'
    return ''.join(flat), line

def citations(body):
    """Check every upstream id cited in body."""
    flat, line = flatten(body)
    errs = []
    for m in HEXRUN.finditer(flat):
        short, before, after = m.group(1), flat[:m.start()], flat[m.end():]
        commit = re.search(r'\bcommit $', before, re.I)
        fixes = re.search(r'(?:^| )Fixes: $', before)
        ref = re.match(r' \("(.+?)"\)', after)
        bare = re.match(r' "(.+?)"', after)
        # "commit <40 hex> upstream." / "[ Upstream commit <40 hex> ]":
        # the stable form's own line, checked above.
        if commit and (after.startswith(' upstream.') or
                       (after.startswith(' ]') and before.endswith('[ Upstream commit '))):
            continue
        if not (commit or fixes or ref or bare or
                (len(short) >= 12 and (not before or before.endswith(' ')) and
                 re.match(r'(?:[\s"\'(\[]|$)', after))):
            continue  # not an id: a number, a hash in a Link:, ...
        if bare:
            subj = bare.group(1)
            cid = lookup(short)
            if cid and after.startswith(' "%s"' % table[cid]):
                subj = table[cid]
            errs.append('%s%s "%s": cite it as commit %s ("%s")'
                        % ('commit ' if commit else '', short, subj, short, subj))
            continue
        if not ref:
            errs.append('%s: cite it as commit %s ("subject"), with its subject'
                        % (short, short))
            continue
        if not (commit or fixes):
            errs.append('%s ("%s"): write "commit" before the id: commit %s ("%s")'
                        % (short, ref.group(1), short, ref.group(1)))
            continue
        # checkpatch.pl reads a citation from "commit" to '")' on at
        # most two lines; one that spans more is reported as malformed.
        first = line[len(before) - len('commit ')] if commit else None
        if commit and line[m.end() + ref.end() - 1] - first > 1:
            errs.append('commit %s ("%s") spans more than two lines: rewrap it'
                        % (short, ref.group(1)))
        cid = lookup(short)
        if len(short) < 12:
            errs.append('%s: a citation needs at least 12 hex digits' % short)
        elif not cid:
            errs.append('%s ("%s") is not in patches/upstream-commits' % (short, ref.group(1)))
        elif table[cid] != ref.group(1):
            errs.append('%s names %r, upstream subject is %r' % (short, ref.group(1), table[cid]))
    return errs

def check(path):
    text = open(path).read()
    head, _, rest = text.partition('\n\n')
    body = rest.split('\n---\n', 1)[0]
    subj = re.search(r'^Subject: (.*(?:\n .*)*)', head, re.M)
    subj = re.sub(r'\s*\n\s*', ' ', subj.group(1)) if subj else ''
    subj = re.sub(r'^\[PATCH[^\]]*\] ', '', subj)
    author = re.search(r'^From: (.*(?:\n .*)*)', head, re.M)
    author = re.sub(r'\s*\n\s*', ' ', author.group(1)) if author else ''
    errs = []
    if author != ident:
        errs.append('author is %r, not the project identity' % author)
    for tag, who in TAGS.findall(body):
        if tag != 'Signed-off-by' or who != ident:
            errs.append('tag not ours: %s: %s' % (tag, who))
    if ('Signed-off-by: ' + ident) not in body:
        errs.append('no Signed-off-by of the project identity')
    first = body.lstrip('\n').split('\n', 1)[0]
    up = re.match(r'^(?:commit (\S+) upstream\.|\[ Upstream commit (\S+) \])$', first)
    for m in re.finditer(r'^(?:commit \S+ upstream\.|\[ Upstream commit \S+ \])$', body, re.M):
        if m.group(0) != first:
            errs.append('upstream line is not the first body line: %s' % m.group(0))
    if up:
        cid = up.group(1) or up.group(2)
        if not HEX40.match(cid):
            errs.append('upstream id %s is not 40 hex digits' % cid)
        elif cid not in table:
            errs.append('upstream id %s is not in patches/upstream-commits' % cid)
        elif table[cid] != subj:
            errs.append('subject %r is not upstream %s\'s %r' % (subj, cid[:12], table[cid]))
        if '[ 6.1:' not in body:
            errs.append('no "[ 6.1: ... ]" note on what was adapted')
    errs += citations(body)
    for fix in re.findall(r'^Fixes: (.*)$', body, re.M):
        if not re.match(r'^[0-9a-f]{12,40} \(".+"\)$', fix):
            errs.append('malformed Fixes: %s' % fix)
    return errs

bad = 0
for p in patches:
    name = p.rsplit('/', 1)[-1]
    errs = check(p)
    for e in errs:
        print('# %s: %s' % (name, e))
    print(('not ok' if errs else 'ok') + ' - provenance ' + name)
    bad |= bool(errs)
sys.exit(bad)
EOF

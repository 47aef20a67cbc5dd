#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Rule 7 [goto-class]: a jump into the scope of a CLASS(fd...) variable
past its declaration.

gcc <= 12 accepts "goto l; ... CLASS(fd, f)(n); ... l:" and runs the
destructor (fdput) on the uninitialised f when the scope is left; clang
rejects it.  Coccinelle has no notion of scope, so this is a small lexical
scope analysis: comments, strings and preprocessor lines are dropped, braces
give the blocks, and a goto (or a case/default label of an enclosing switch)
whose target lies after a CLASS(fd...) declaration, inside that
declaration's block, while the jump itself starts outside that range, is
reported.

Usage: goto_class.py FILE...   (prints "FILE:LINE: [goto-class] message")
"""
import re
import sys

TOKEN = re.compile(r"""
    (?P<skip>/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<pp>^[ \t]*\#(?:\\\n|[^\n])*)
  | (?P<id>[A-Za-z_]\w*)
  | (?P<nl>\n)
  | (?P<punct>[{}();:,?])
""", re.S | re.M | re.X)


def tokens(text):
    """Yield (kind, value, line) for the tokens the analysis needs."""
    line = 1
    for m in TOKEN.finditer(text):
        kind, val = m.lastgroup, m.group()
        if kind == "id" or kind == "punct":
            yield val, line
        line += val.count("\n")


def analyse(path):
    with open(path, errors="replace") as fh:
        toks = list(tokens(fh.read()))
    findings = []
    blocks = []          # stack of (start index, is_switch)
    ends = {}            # block start index -> end index
    decls = []           # (index, block start, var, line)
    labels = {}          # name -> (index, line)
    gotos = []           # (index, label, line)
    cases = []           # (index, switch block start, line)
    pending_switch = False
    paren = 0

    def flush():
        for d_idx, d_blk, var, d_line in decls:
            end = ends.get(d_blk, len(toks))
            def inside(i):
                return d_idx < i < end
            for g_idx, name, g_line in gotos:
                if name in labels and inside(labels[name][0]) and not inside(g_idx):
                    findings.append((g_line, "goto %s jumps into the scope of CLASS(fd) %s "
                                     "(line %d) past its initialisation" % (name, var, d_line)))
            for c_idx, sw_blk, c_line in cases:
                if inside(c_idx) and sw_blk <= d_blk:
                    findings.append((c_line, "case label jumps into the scope of CLASS(fd) %s "
                                     "(line %d) past its initialisation" % (var, d_line)))
        decls.clear(), labels.clear(), gotos.clear(), cases.clear()

    for i, (tok, line) in enumerate(toks):
        prev = toks[i - 1][0] if i else ";"
        nxt = toks[i + 1][0] if i + 1 < len(toks) else ""
        if tok == "(":
            paren += 1
        elif tok == ")":
            paren -= 1
        elif tok == "{":
            blocks.append((i, pending_switch and paren == 0))
            pending_switch = False
        elif tok == "}":
            if blocks:
                start, _ = blocks.pop()
                ends[start] = i
            if not blocks:
                flush()
        elif tok == "switch":
            pending_switch = True
        elif tok == "goto" and i + 2 < len(toks) and toks[i + 2][0] == ";":
            gotos.append((i, nxt, line))
        elif tok in ("case", "default") and blocks:
            sw = [b for b, is_sw in blocks if is_sw]
            if sw:
                cases.append((i, sw[-1], line))
        elif (tok == "CLASS" and nxt == "(" and i + 4 < len(toks)
              and toks[i + 2][0].startswith("fd") and toks[i + 3][0] == ","
              and blocks):
            decls.append((i, blocks[-1][0], toks[i + 4][0], line))
        elif (nxt == ":" and prev in (";", "{", "}") and re.match(r"[A-Za-z_]", tok)
              and tok not in ("default", "case") and blocks):
            labels[tok] = (i, line)
    flush()
    return findings


def main(argv):
    for path in argv:
        for line, msg in analyse(path):
            print("%s:%d: [goto-class] %s" % (path, line, msg))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

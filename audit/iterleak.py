#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Loops that hold a reference (issue 23, --all-pairs): a loop whose
variable is assigned an acquirer's result each time round holds a
reference on it in the body; leaving the body by break, return or goto
keeps that reference, and when the step releases the previous value a
release in the body that goes on to the next step is a second one.

First pass (summary.py calls kinds() with the inferred pairs):
  objiterN NAME  a function-like macro NAME is such a loop, its parameter
        N (0-based) the variable: its expansion starts with a for or
        while header assigning the parameter an acquirer's result
        (for_each_child_of_node(parent, child): "for (child =
        of_get_next_child(parent, NULL); ...", for_each_pci_dev(d):
        "while ((d = pci_get_device(..., d)) != NULL)"), or with another
        such macro given the parameter as its variable (a fixpoint);
        macros declaring their own variable with __free() are skipped.
  objiterput NAME  and the step's acquirer releases the previous value
        it is given (of_get_next_child(node, prev): of_node_put(prev))
  objcursorJ ACQ  an acquirer that releases its argument J, directly or
        through the callees it passes it to (pci_get_device() ->
        pci_get_subsys() -> pci_get_dev_by_id(): pci_dev_put(from)), for
        the loops written by hand.
The check also finds loops written by hand with the same header ("while
((pdev = pci_get_device(V, D, pdev)))") and loops whose body starts by
taking the next value from the current one ("while (1) { ep =
of_get_next_child(port, ep); if (!ep) break; ...").

Checks:
  [ref-leak] an exit from the body (a break of this loop, a return, a
        goto to a label outside it), not under a NULL test of the
        variable, reached with the variable neither released (a release
        of the acquirer's type, inferred: of_node_put(), pci_dev_put(),
        fwnode_handle_put() ...) nor handed on (stored, "= v;", or passed
        to a function that consumes or stores its parameter, summary
        objconsume) in the statements that lead to it, and that does not
        take the variable along: a return of an expression naming it,
        code after the loop (for a break) or after the label (for a goto)
        that names it.  That is the leak the kernel's
        scripts/coccinelle/iterators/for_each_child.cocci checks for the
        eight OF iterators it lists; here the iterators and their releases
        come from the tree.
  [ref-double-put] in a loop whose step releases the previous value, a
        release of the variable followed by "continue", or by the end of
        the body with no exit and no new value on the way, and no
        reference of its own taken in the body (a *get*() of it).

Usage: iterleak.py TREE SUMMARY   (findings "path:line: [rule] ..." on
stdout, paths relative to TREE)
"""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summary as S     # noqa: E402  (parsing helpers)

DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", re.M)
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else"}


def macro_defs(text):
    """(name, parameters, expansion) of the function-like macros of text"""
    for m in DEFINE.finditer(text):
        params = [p.strip() for p in m.group(2).split(",")]
        yield m.group(1), params, re.sub(r"\\\n", " ", m.group(3)).strip()


def loop_var(header, acqs):
    """(variable, acquirer, position of the variable among the acquirer's
    arguments in the step, or None) of a loop header (the text inside
    "for (...)" or "while (...)") assigning an acquirer's result each time
    round, or None"""
    secs = header.split(";")
    if len(secs) == 3:     # for (v = acq(...); cond; v = acq(..., v))
        m = re.match(r"\s*(\w+)\s*=\s*(\w+)\s*\(", secs[0])
        if not m or m.group(2) not in acqs:
            return None
        st = re.search(r"\b%s\s*=\s*(\w+)\s*\(" % m.group(1), secs[2])
        if not st:
            return None
        return m.group(1), st.group(1), arg_pos(secs[2], st.end(), m.group(1))
    m = re.match(r"\s*\(\s*(\w+)\s*=\s*(\w+)\s*\(", header)   # while ((v = acq(...)) ...)
    if len(secs) == 1 and m and m.group(2) in acqs:
        return m.group(1), m.group(2), arg_pos(header, m.end(), m.group(1))
    return None


def arg_pos(text, i, var):
    args = S.call_args(text, i)
    return args.index(var) if var in args else None


def iter_macros(texts, acqs):
    """{macro: (index of its loop-variable parameter, step acquirer,
    position of the variable among its arguments)}, to a fixpoint over
    macros built on other such macros"""
    defs = [d for t in texts for d in macro_defs(t) if "__free" not in d[2]]
    iters, grown = {}, True
    while grown:
        grown = False
        for name, params, exp in defs:
            if name in iters:
                continue
            m = re.match(r"(for|while)\s*\(", exp)
            lv = None
            if m:
                lv = loop_var(exp[m.end():match_close(exp, m.end() - 1)], acqs)
            else:
                c = re.match(r"(\w+)\s*\(", exp)
                if c and c.group(1) in iters:
                    a = S.call_args(exp, c.end())
                    k, acq, j = iters[c.group(1)]
                    lv = (a[k], acq, j) if k < len(a) else None
            if lv and lv[0] in params:
                iters[name] = (params.index(lv[0]),) + lv[1:]
                grown = True
    return iters


def cursors(tree, cands, rels, cache):
    """the (acquirer, position) of cands whose acquirer releases its
    argument at that position (of_get_next_child(node, prev): of_node_put(
    prev)), directly or through the callees it passes it to"""
    relpat = r"\b(?:%s)\s*\(\s*(?:[^;()]*,\s*)?%%s\s*\)" % "|".join(sorted(rels))
    facts, todo, seen = {}, set(cands), set()
    while todo - seen:
        names = {n for n, j in todo - seen}
        seen |= todo
        for f in S.definitions(tree, names, cache, headers=True):
            for n, j in list(todo):
                if n != f.name or j is None or j >= len(f.params):
                    continue
                p = re.escape(f.params[j][0])
                if re.search(relpat % p, f.body):
                    facts[(n, j)] = True
                    continue
                for c in re.finditer(r"\b(\w+)\s*\(", f.body):
                    if c.group(1) in KEYWORDS or c.group(1) == n:
                        continue
                    args = S.call_args(f.body, c.end())
                    if p in args:
                        facts.setdefault((n, j), set()).add((c.group(1), args.index(p)))
                        todo.add((c.group(1), args.index(p)))
    done = {k for k, v in facts.items() if v is True}
    grown = True
    while grown:
        grown = False
        for k, v in facts.items():
            if k not in done and v is not True and v & done:
                done.add(k)
                grown = True
    return done & set(cands)


def kinds(tree, acqs, rels, texts, cache, kinds_):
    """objiterN / objiterput kinds from the macros of texts (the files
    calling an acquirer), then of the files using those macros in their
    own macros; objcursorJ: an acquirer that releases its argument J,
    for the hand-written loops over it"""
    iters = iter_macros(texts, acqs)
    if iters:
        more = S.grep(tree, r"define\s+\w+\(.*\b(%s)\s*\(" % "|".join(sorted(iters)))
        for f in more:
            if f not in cache:
                cache[f] = open(os.path.join(tree, f), errors="replace").read()
        iters = iter_macros(texts + [cache[f] for f in sorted(more)], acqs)
    cands = {(acq, j) for k, acq, j in iters.values()}
    loop = r"(for|while)\s*\(\s*\(?\s*(\w+)\s*=\s*(%s)\s*\(" % "|".join(sorted(acqs))
    for f in S.grep(tree, loop):
        if f not in cache:
            cache[f] = open(os.path.join(tree, f), errors="replace").read()
        for m in re.finditer(loop, cache[f]):
            cands.add((m.group(3), arg_pos(cache[f], m.end(), m.group(2))))
    curs = cursors(tree, cands, rels, cache) if rels else set()
    for n, (k, acq, j) in iters.items():
        kinds_.setdefault(n, set()).add("objiter%d" % k)
        if (acq, j) in curs:
            kinds_[n].add("objiterput")
    for acq, j in curs:
        kinds_.setdefault(acq, set()).add("objcursor%d" % j)


def match_close(code, i):
    """the index of the bracket closing the one at code[i]"""
    depth = 0
    for j in range(i, len(code)):
        if code[j] in "({[":
            depth += 1
        elif code[j] in ")}]":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def statement_end(code, i):
    """the end (exclusive) of the statement starting at code[i]"""
    depth = 0
    for j in range(i, len(code)):
        c = code[j]
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
            if depth < 0:
                return j
            if depth == 0 and c == "}" and not re.match(r"\s*else\b", code[j + 1:j + 20]):
                return j + 1
        elif c == ";" and depth == 0:
            if re.match(r"\s*else\b", code[j + 1:j + 20]):
                continue
            return j + 1
    return len(code)


def at_statement(code, i):
    before = code[:i].rstrip()
    return not before or before[-1] in ";{}):" or before.endswith("else")


def loops(body, iters, acqs, puts=frozenset()):
    """(variable, what, body start, body end, holding from) of the
    reference-holding loops of a function body (masked): an iterator
    macro, a for / while header assigning an acquirer's result, or a loop
    whose body assigns the variable an acquirer's result given the
    variable itself ("while (1) { ep = of_get_next_child(port, ep); if
    (!ep) break; ...": the reference is held from there on)"""
    for m in re.finditer(r"\b(\w+)\s*\(|\bdo\s*\{", body):
        name = m.group(1) or "do"
        if not at_statement(body, m.start()):
            continue
        close = match_close(body, m.end() - 1) if name != "do" else m.end() - 2
        var = None
        if name in iters:
            args = S.call_args(body, m.end())
            k = iters[name]
            if k >= len(args) or not re.fullmatch(r"\w+", args[k]):
                continue
            var, what, put = args[k], name + "()", name in puts
        elif name in ("for", "while"):
            if name == "while" and body[:m.start()].rstrip().endswith("}"):
                continue        # the tail of a do { } while (...)
            lv = loop_var(body[m.end():close], acqs)
            var = lv and lv[0]
            what = "%s (%s = %s())" % (name, var, lv and lv[1])
            put = bool(lv) and lv[1:] in puts
        elif name != "do":
            continue
        s = close + 1
        while s < len(body) and body[s].isspace():
            s += 1
        if s >= len(body) or body[s] == ";":
            continue
        e = match_close(body, s) + 1 if body[s] == "{" else statement_end(body, s)
        if var:
            yield var, what, s, e, s, put
            continue
        if body[s] != "{":
            continue
        for a in re.finditer(r"(?:^|[;{}])\s*(\w+)\s*=\s*(\w+)\s*\(", body[s + 1:e]):
            at = s + 1 + a.start(1)
            args = S.call_args(body, s + 1 + a.end())
            if a.group(2) in acqs and dominating(body, s + 1, at).count("{") == 0 and \
                    a.group(1) in args:
                yield a.group(1), "%s() in the loop" % a.group(2), s, e, \
                    statement_end(body, at), (a.group(2), args.index(a.group(1))) in puts


def breakables(body, s, e):
    """(start, end) of the loops and switches nested in body[s:e]"""
    out = []
    for m in re.finditer(r"\b(for|while|switch|do|\w+)\s*(\(|\{)", body[s:e]):
        i = s + m.start()
        kw = m.group(1)
        if kw in ("if", "return", "sizeof") or not at_statement(body, i):
            continue
        j = s + m.end() - 1
        if m.group(2) == "(":
            close = match_close(body, j)
            k = close + 1
            while k < e and body[k].isspace():
                k += 1
            # a macro loop: a call at statement level followed by a
            # statement, not by ";" or an operator
            if kw not in ("for", "while", "switch") and \
                    (k >= e or not re.match(r"\{|[A-Za-z_]", body[k])):
                continue
            if k >= e or body[k] == ";":
                continue
            end = match_close(body, k) + 1 if body[k] == "{" else statement_end(body, k)
        elif kw == "do":
            end = match_close(body, j) + 1
        else:
            continue
        out.append((i, end))
    return out


def dominating(body, s, i):
    """body[s:i] without the blocks closed before i: the statements whose
    blocks enclose i, and the braceless ones"""
    text = body[s:i]
    prev = None
    while prev != text:
        prev = text
        text = re.sub(r"\{[^{}]*\}", " ", text)
    return text


def null_tested(body, s, i, v):
    """the statement at body[i] is under a test that v is NULL: the
    condition of the if whose branch it is ("if (!v) exit"), or whose
    braced branch holds it ("if (!v) { ...; exit")"""
    before = dominating(body, s, i).rstrip()
    if not before.endswith(")"):
        k = before.rfind("{")
        before = before[:k].rstrip() if k >= 0 else ""
        if not before.endswith(")"):
            return False
    depth, j = 0, len(before) - 1
    while j >= 0:
        depth += {")": 1, "(": -1}.get(before[j], 0)
        if depth == 0:
            break
        j -= 1
    if not re.search(r"\bif\s*$", before[:j]):
        return False
    return bool(re.search(r"!\s*%s\b(?!\s*(->|\.|\[))|\b%s\s*==\s*NULL|IS_ERR_OR_NULL\(\s*%s\s*\)"
                          % (v, v, v), before[j:]))


def check_fn(body, off, text, iters, acqs, rels, consumers, puts):
    found = []
    labels = {m.group(1): m.start(1) for m in re.finditer(r"(?:^|[;{}])\s*(\w+)\s*:(?!:)", body)
              if m.group(1) not in ("default", "case")}
    relpat = r"\b(?:%s)\s*\(\s*(?:[^;()]*,\s*)?&?\s*%%s\s*\)" % "|".join(sorted(rels))
    conpat = r"\b(?:%s)\s*\([^;]*\b%%s\b" % "|".join(sorted(consumers)) if consumers else None
    for var, what, s, e, hold, put in loops(body, iters, acqs, puts):
        v = re.escape(var)
        inner = breakables(body, s + 1, e)
        exits = []
        for m in re.finditer(r"\b(return\b[^;]*|break\s*|goto\s+(\w+)\s*);", body[hold:e]):
            i = hold + m.start()
            if null_tested(body, s, i, v):
                continue
            stmt = m.group(1)
            if stmt.startswith("break"):
                if any(a <= i < b for a, b in inner):
                    continue
                if re.search(r"\b%s\b" % v, body[e:]):
                    continue
            elif stmt.startswith("goto"):
                at = labels.get(m.group(2))
                if at is None or s <= at < e or re.search(r"\b%s\b" % v, body[at:]):
                    continue
            elif re.search(r"\b%s\b" % v, stmt):
                continue
            before = dominating(body, hold, i)
            if re.search(relpat % v, before) or re.search(r"=\s*%s\s*;|\b%s\s*=[^=]" % (v, v),
                                                           before):
                continue
            if conpat and re.search(conpat % v, before):
                continue
            # the calls given the variable on the way: one that stores
            # its argument hands it on (device_set_node(dev,
            # of_fwnode_handle(child)); return;), read in main()
            given = set()
            for c in re.finditer(r"\b(\w+)\s*\(", before):
                if not re.search(r"(?:^|[;{}])\s*$", before[:c.start()]):
                    continue    # its result is used: stored only if it succeeds
                args = S.call_args(before, c.end())
                given |= {(c.group(1), n) for n, a in enumerate(args)
                          if re.search(r"\b%s\b" % v, a)}
            exits.append((i, stmt.split()[0] if stmt.split() else stmt, frozenset(given)))
        for i, how, given in exits:
            line = text.count("\n", 0, off + i) + 1
            found.append((line, "ref-leak", "'%s' holds the reference %s took; this %s leaves "
                          "the loop without releasing it" % (var, what, how), given))
        # the loop's next step releases the previous one: a release in the
        # body that goes on to it (continue, or the end of the body with
        # no exit and no new value of the variable on the way) is a second
        for r in re.finditer(relpat % v, body[hold:e]) if put else ():
            i, rest = hold + r.start(), body[hold + r.end():e]
            if re.search(r"\b\w*get\w*\s*\(\s*%s\s*\)" % v, body[s:i]):
                continue        # a reference of its own taken in the body
            if re.match(r"\s*;\s*continue\s*;", rest) or not re.search(
                    r"\b(return|break|goto)\b|\b%s\s*=[^=]" % v, rest):
                line = text.count("\n", 0, off + i) + 1
                found.append((line, "ref-double-put", "'%s' is released here and again by the "
                              "next step of %s, which releases the previous one" % (var, what),
                              frozenset()))
    return found


def check_file(path, text, iters, acqs, rels, consumers, puts=frozenset()):
    code = S.fast_mask(text)
    found = []
    for s, o, e in S.mut.functions(code):
        for line, rule, msg, given in check_fn(code[o:e + 1], o, text, iters, acqs, rels,
                                               consumers, puts):
            found.append((path, line, rule, msg, given))
    return found


def load(sum_path):
    iters, acqs, rels, consumers, puts = {}, set(), set(), set(), set()
    for line in open(sum_path):
        k, n = line.split()[:2]
        if k == "objiterput" or k.startswith("objcursor"):
            puts.add((n, int(k[9:])) if k != "objiterput" else n)
        elif k.startswith("objiter"):
            iters[n] = int(k[7:])
        elif k in ("acquire", "objacquire"):
            acqs.add(n)
        elif k in ("release", "objrelease", "objrelease1"):
            rels.add(n)
        elif k == "objconsume":
            consumers.add(n)
    return iters, acqs, rels, consumers, puts


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: iterleak.py TREE SUMMARY")
    tree = sys.argv[1]
    iters, acqs, rels, consumers, puts = load(sys.argv[2])
    if not (iters or acqs) or not rels:
        return
    names = sorted(iters)
    pat = r"\b(%s)\s*\(" % "|".join(names) if names else None
    loop = r"(for|while)\s*\(\s*\(?\s*\w+\s*=\s*(%s)\s*\(" % "|".join(sorted(acqs))
    files = S.grep(tree, "%s|%s" % (pat, loop) if pat else loop)
    found = []
    for f in sorted(files):
        found += check_file(f, open(os.path.join(tree, f), errors="replace").read(),
                            iters, acqs, rels, consumers, puts)
    store = storing(tree, set().union(*(g for *_, g in found)) if found else set())
    for path, line, rule, msg, given in sorted(set(found)):
        if not given & store:
            print("%s:%d: [%s] %s" % (path, line, rule, msg))


def storing(tree, calls):
    """the (function, argument index) of calls whose definition stores
    that argument (or a one-call conversion of it, to_of_node(p)) into a
    member, through a pointer or in an array"""
    out = set()
    names = {n for n, j in calls if n not in KEYWORDS}
    for f in S.definitions(tree, names, {}, headers=True) if names else ():
        for n, j in calls:
            if n == f.name and j < len(f.params):
                p = re.escape(f.params[j][0])
                if re.search(r"(?:->\s*\w+|\.\w+|\]|\*\s*\w+)\s*=\s*(?:\w+\(\s*)?%s\s*\)?\s*;"
                             % p, f.body):
                    out.add((n, j))
    return out


if __name__ == "__main__":
    main()

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
  [ref-leak], hand-off: "v = acq(...);" (not acq(..., v, ...), which
        renews a reference held before) followed in the same block by a
        store of v into a member, an array or through a pointer, a
        list_add*(&v->m, ...) or a "return v;": the
        function owns the reference until that store, as the store
        shows, so a return or goto between the two (after v's failure
        test) that neither releases nor hands v on leaks it.  This needs
        no release of v elsewhere in the function, which the ref-leak
        rule of rules/ needs as its evidence ("greth->rx_skbuff[i] =
        skb" after a DMA-mapping failure exit).
A release is one of the inferred pairs, or a call given v whole (at
any argument) whose name says it releases, the guess fieldleak.py makes
for callees it did not read (dev_kfree_skb_any(), clk_put(),
abort_creds()); an exit in another case of the switch holding the
acquisition, under a NULL / error test of v (if or while) or in the
else branch of "if (v)", keeps nothing.

Usage: iterleak.py TREE SUMMARY   (findings "path:line: [rule] ..." on
stdout, paths relative to TREE)
"""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summary as S     # noqa: E402  (parsing helpers)
import fieldleak        # noqa: E402  (its release names)

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


def release_pattern(rels):
    """a pattern of a call of one of rels given %s (a name) as an
    argument: first or last, or last after "&" (sk_psock_put(sk,
    psock))"""
    return r"\b(?:%s)\s*\(\s*(?:[^;()]*,\s*)?&?\s*%%s\s*\)" % "|".join(sorted(rels))


def cursors(tree, cands, rels, cache):
    """the (acquirer, position) of cands whose acquirer releases its
    argument at that position (of_get_next_child(node, prev): of_node_put(
    prev)), directly or through the callees it passes it to"""
    relpat = release_pattern(rels)
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
    blocks enclose i, and the braceless ones; a closed block leaves "@"
    ("if (v) @ else @"), a statement boundary like ";" """
    text = body[s:i]
    prev = None
    while prev != text:
        prev = text
        text = re.sub(r"\{[^{}]*\}", "@", text)
    return text


def conditions(dom):
    """the conditions of the ifs whose branches hold the end of dom (a
    dominating() text), innermost first (the braceless branch "if (C)
    exit" and the braced ones "if (C) { ...; exit")"""
    before = dom.rstrip()
    out = []
    while before:
        if not before.endswith(")"):
            k = before.rfind("{")
            if k < 0:
                break
            before = before[:k].rstrip()
            continue
        depth, j = 0, len(before) - 1
        while j >= 0:
            depth += {")": 1, "(": -1}.get(before[j], 0)
            if depth == 0:
                break
            j -= 1
        if re.search(r"\b(?:if|while)\s*$", before[:j]):
            out.append(before[j:])
        k = before.rfind("{", 0, j)
        before = before[:k].rstrip() if k >= 0 else ""
    return out


def null_tested(body, s, i, v):
    """the statement at body[i] is under a test that v is NULL or an
    error pointer (or of a variable holding that test: "ret =
    PTR_ERR_OR_ZERO(v); if (ret)"), or in the else branch of a test that
    it is not"""
    dom = dominating(body, s, i)
    derived = [d for d in re.findall(r"\b(\w+)\s*=\s*(?:PTR_ERR_OR_ZERO|PTR_ERR|IS_ERR(?:_OR_NULL)?)"
                                     r"\(\s*%s\s*\)" % v, dom)
               if len(re.findall(r"\b%s\s*=[^=]" % d, dom)) == 1]
    if any(re.search(r"!\s*%s\b(?!\s*(->|\.|\[))|\b%s\s*==\s*(?:NULL|ERR_PTR)\b|"
                     r"(?:IS_ERR(?:_OR_NULL)?|PTR_ERR)\(\s*%s\s*\)" % (v, v, v), c) or
           any(re.search(r"\b%s\b" % d, c) for d in derived)
           for c in conditions(dom)):
        return True
    # "if (v) { ... } else { ...; exit": the branch holding the exit is
    # what is left of the else in the dominating text
    m = re.search(r"\bif\s*\(\s*(?:likely\s*\(\s*)?%s\s*(?:!=\s*NULL\s*)?\)?\s*\)\s*@?\s*else\b"
                  r"(?:\s*\{.*|[^;@]*)$" % v, dom, re.S)
    return bool(m)


class Ctx:
    """what the checks of one function share: its labels and the
    patterns of the releases and consumers"""

    def __init__(self, body, rels, consumers):
        self.body = body
        self.labels = {m.group(1): m.start(1)
                       for m in re.finditer(r"(?:^|[;{}])\s*(\w+)\s*:(?!:)", body)
                       if m.group(1) not in ("default", "case")}
        self.relpat = release_pattern(rels)
        self.conpat = r"\b(?:%s)\s*\([^;]*\b%%s\b" % "|".join(sorted(consumers)) \
            if consumers else None


def leaving(cx, v, s, e, hold, end, kinds=("return", "break", "goto")):
    """(offset, how, calls given v) of the exits of body[hold:end] that
    leave the stretch body[s:e] (breaks of a loop body s..e, returns, gotos
    to a label outside it) still holding v: not under a NULL test of v,
    not taking v along (a return naming it, code after the loop or the
    label naming it), with no release, store or new value of v on the
    way from hold"""
    body = cx.body
    inner = breakables(body, s + 1, e) if "break" in kinds else []
    out = []
    for m in re.finditer(r"\b(return\b[^;]*|break\s*|goto\s+(\w+)\s*);", body[hold:end]):
        i = hold + m.start()
        stmt = m.group(1)
        how = stmt.split()[0] if stmt.split() else stmt
        if how not in kinds or null_tested(body, s, i, v):
            continue
        if how == "break":
            if any(a <= i < b for a, b in inner) or re.search(r"\b%s\b" % v, body[e:]):
                continue
        elif how == "goto":
            at = cx.labels.get(m.group(2))
            if at is None or s <= at < e or re.search(r"\b%s\b" % v, body[at:]):
                continue
        elif re.search(r"\b%s\b" % v, stmt):
            continue
        before = dominating(body, hold, i)
        # v or an alias of it made by a conversion (container_of() and
        # the to_*() helpers built on it: gpio_pdev =
        # to_platform_device(gpio_dev); platform_device_put(gpio_pdev))
        names = [v] + re.findall(r"\b(\w+)\s*=\s*(?:\w*to_\w+\(\s*%s\s*\)|container_of\(\s*%s\s*,)"
                                 % (v, v), before)
        if any(before[:c.start()].count("{") == 0 for c in
               re.finditer(r"(?:^|[;{}:@])\s*(?:case\b[^;:]*|default\s*):(?!:)", before)):
            continue    # another case of the switch holding the acquisition
        if any(re.search(cx.relpat % n, before) or re.search(RELCALL % n, before)
               for n in names) or \
                re.search(r"=\s*%s\s*;|\b%s\s*=[^=]" % (v, v), before):
            continue
        if cx.conpat and re.search(cx.conpat % v, before):
            continue
        # the calls given the variable on the way: one that stores its
        # argument hands it on (device_set_node(dev,
        # of_fwnode_handle(child)); return;), read in main()
        given = set()
        for c in re.finditer(r"\b(\w+)\s*\(", before):
            if not re.search(r"(?:^|[;{}@])\s*$", before[:c.start()]):
                continue    # its result is used: stored only if it succeeds
            args = S.call_args(before, c.end())
            given |= {(c.group(1), n) for n, a in enumerate(args) if re.search(r"\b%s\b" % v, a)}
        out.append((i, how, frozenset(given)))
    return out


# a callee the pair inference does not know as a release, named as one
# (dev_kfree_skb_any(), clk_put(), abort_creds(), xfs_perag_rele(),
# release_group(g, 0)),
# given the variable whole: fieldleak's guess for callees it did not read
RELCALL = r"(?:^|[;{}@])\s*\w*(?:%s|abort|rele)\w*\s*\(\s*(?:[^;()]*,\s*)?%%s\s*(?:,[^;()]*)?\)\s*;" \
    % fieldleak.RELNAME.pattern
# the end of an lvalue that outlives the function's locals: a member, an
# array element or a pointer's target
LVALUE = r"(?:->\s*\w+|\.\w+|\]|\*\s*\w+)\s*="
# a hand-off: stored there, linked into a list by a member, or returned
# to the caller
STORE = LVALUE + r"\s*%(v)s\s*;|\breturn\s+%(v)s\s*;|\blist_add\w*\s*\(\s*&\s*%(v)s\s*->"


def handoffs(body, acqs):
    """(variable, acquirer, hold, store) of the acquisitions "v =
    acq(...);" whose v the function then stores into a member, an array
    or through a pointer, in the same block (its main path): the stretch
    from the acquisition to that store holds a reference the function
    owns, as the store shows"""
    for m in re.finditer(r"(?:^|[;{}])\s*(?:(?:const\s+)?(?:struct\s+)?\w+\s*\*+\s*)?"
                         r"(\w+)\s*=\s*(\w+)\s*\(", body):
        if m.group(2) not in acqs:
            continue
        v = re.escape(m.group(1))
        hold = statement_end(body, m.start(1))
        if re.search(r"\b%s\b" % v, ",".join(S.call_args(body, m.end()))):
            continue    # v = skb_share_check(v): the reference was held before
        st = re.search(STORE % {"v": v}, body[hold:])
        if st and not re.search(r"\b%s\s*=[^=]" % v, body[hold:hold + st.start()]) and \
                not re.search(r"[{}]", dominating(body, hold, hold + st.start())):
            yield m.group(1), m.group(2), hold, hold + st.start()


def check_fn(body, off, text, iters, acqs, rels, consumers, puts):
    found = []
    cx = Ctx(body, rels, consumers)
    for var, what, s, e, hold, put in loops(body, iters, acqs, puts):
        v = re.escape(var)
        for i, how, given in leaving(cx, v, s, e, hold, e):
            line = text.count("\n", 0, off + i) + 1
            found.append((line, "ref-leak", "'%s' holds the reference %s took; this %s leaves "
                          "the loop without releasing it" % (var, what, how), given))
        # the loop's next step releases the previous one: a release in the
        # body that goes on to it (continue, or the end of the body with
        # no exit and no new value of the variable on the way) is a second
        for r in re.finditer(cx.relpat % v, body[hold:e]) if put else ():
            i, rest = hold + r.start(), body[hold + r.end():e]
            if re.search(r"\b\w*get\w*\s*\(\s*%s\s*\)" % v, body[s:i]):
                continue        # a reference of its own taken in the body
            if re.match(r"\s*;\s*continue\s*;", rest) or not re.search(
                    r"\b(return|break|goto)\b|\b%s\s*=[^=]" % v, rest):
                line = text.count("\n", 0, off + i) + 1
                found.append((line, "ref-double-put", "'%s' is released here and again by the "
                              "next step of %s, which releases the previous one" % (var, what),
                              frozenset()))
    for var, acq, hold, store in handoffs(body, acqs):
        v = re.escape(var)
        sline = text.count("\n", 0, off + store) + 1
        for i, how, given in leaving(cx, v, hold, store, hold, store, ("return", "goto")):
            line = text.count("\n", 0, off + i) + 1
            found.append((line, "ref-leak", "'%s' holds the reference %s() took, which the "
                          "function hands on at line %d; this %s leaves before that without "
                          "releasing it" % (var, acq, sline, how), given))
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
    # the loops, and the acquisitions of the hand-off check
    calls = r"\b(%s)\s*\(" % "|".join(sorted(acqs))
    files = S.grep(tree, "%s|%s" % (pat, calls) if pat else calls)
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
                if re.search(LVALUE + r"\s*(?:\w+\(\s*)?%s\s*\)?\s*;" % p, f.body):
                    out.add((n, j))
    return out


if __name__ == "__main__":
    main()

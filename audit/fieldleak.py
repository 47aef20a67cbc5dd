#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Owning fields of the fd-lifetime auditor (issue 23): a member that is
assigned a reference owns it, and a function that frees its object without
handing that member on leaks the reference.

First pass (summary.py calls kinds() on the selected functions; summary
lines "KIND NAME"):
  ownfield S.F[@FILE]  member F of struct S is assigned a reference (the
        result of an owner, an acquirer or get_file(), directly or through
        a local holding one).
        @FILE: S is defined in that .c file, so the field is that file's.
  backfield S.F  also assigned a file created with the object as its
        private data (x->file = anon_inode_getfile(name, fops, x, flags)):
        in that file's release op, x->F is the file being released.
  freer NAME:I  frees its parameter I: kfree(), kvfree(), kmem_cache_free(),
        kfree_rcu(), ... of it, or passes it to another freer (fixpoint).
  fieldrel NAME:I:S.F  hands on member F of the object it gets from its
        parameter I (the parameter, or container_of() of it): passes it to
        a call, returns or stores it, directly or through a local it was
        read into, or passes the object to another fieldrel of S.F
        (fixpoint).
  relfield S.F  some function hands on member F of an S object itself
        (fput(x->F), y = x->F; ... fput(y), return x->F, ...).
  objfn NAME  a function the first pass read that takes an object with
        owning fields (a callee not read is guessed from its name).
  pmacro NAME  a function-like macro that only dereferences its parameter
        (an accessor): passing a member to it, like passing it to a
        "pborrow" function, is no hand-off.
  opimpl OP:NAME  a designated initializer gives member OP the objfn NAME:
        an indirect call x->ops->OP(x) hands x's members on if one of the
        known implementations does.
Check (rule [field-leak]): a function that frees x (struct S *; kfree()
and the like or a freer), S having an owning field F (a back-pointer only
if it is released somewhere), and that neither hands on x->F nor passes x
to a fieldrel of S.F (or, for a callee the first pass did not read, to
one whose name says it releases; the object given to kref_put() /
call_rcu() with a fieldrel callback counts too), while it looks at x->F
(tests, dereferences or reads it: the function in charge of it) or no
function of the tree releases x->F at all.  A function that never looks
at a member released elsewhere is one stage of a teardown in stages
(a bpf_link's ->release puts, its ->dealloc frees).  A test (if (x->F)),
a dereference (x->F->f_mode), a store into it (x->F = NULL) or a pure
helper (IS_ERR(), WARN_ON(), file_inode()) is no hand-off.  Skipped: x
allocated in the function or x->F assigned there, or the free after a
label (a constructor's error path: the object may be half built); a free
wrapper (its parameter used in the free only: its callers release); RCU
callbacks (the member is put before the grace period, by the function
queueing it); and, in a file's release op, a back-pointer member of the
file's private data (it is the file being released).
Also reported: an owning member tested non-NULL (if (x->F)), or read
into a local that is never handed on (y = x->F), and then overwritten
(x->F = NULL) with no release; and one tested and left as it is by a
function whose name makes it the teardown of its first parameter x
(drm_gem_object_release(obj): if (obj->filp) with no put).

Usage: fieldleak.py SUMMARY < FILES   (findings, "path:line: [field-leak]
message", on stdout; FILES relative to the working directory)
"""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summary as S     # noqa: E402  (parsing helpers)

FREES = {"kfree": 0, "kvfree": 0, "kfree_sensitive": 0, "kvfree_sensitive": 0, "vfree": 0,
         "kfree_rcu": 0, "kvfree_rcu": 0, "kfree_rcu_mightsleep": 0, "kmem_cache_free": 1,
         "devm_kfree": 1}
# calls whose arguments are only read: a member passed to them is not handed on
PURE = set("""IS_ERR IS_ERR_OR_NULL PTR_ERR PTR_ERR_OR_ZERO WARN_ON WARN_ON_ONCE BUG_ON
likely unlikely file_inode sizeof typeof if while for switch pr_debug pr_info pr_err
pr_warn pr_notice printk dev_dbg dev_info dev_err dev_warn trace_printk
file_count""".split())
RELNAME = re.compile(r"put|release|free|destroy|cleanup|close|teardown|fini|uninit|unref"
                     r"|drop|clear|exit|remove|detach|shutdown|stop|reset")
TEARDOWN = re.compile(r"release|destroy|fini|free|put|close|cleanup|teardown|exit|uninit"
                      r"|remove|shutdown|drop|reset")
ALLOC = re.compile(r"alloc|new|create|dup|zalloc|init|open")
CALL = re.compile(r"\b(\w+)\s*\(")
READS = r"(?:READ_ONCE|xchg|rcu_dereference\w*|rcu_access_pointer|rcu_replace_pointer|unrcu_pointer)"


def struct_vars(f):
    """variable -> struct name, for f's struct pointer parameters and locals"""
    types = {p: t.split()[1] for p, t in f.params if re.match(r"struct \w+ \*$", t)}
    for m in re.finditer(r"\bstruct\s+(\w+)\s*\*\s*(?:const\s+)?(\w+)\s*[;=,)]", f.body):
        types.setdefault(m.group(2), m.group(1))
    return types


def objects_of(f):
    """(parameter index, variable, struct) of the objects f gets from its
    parameters: a struct pointer parameter, or a local assigned
    container_of(parameter, struct S, member)"""
    out = []
    for i, (p, t) in enumerate(f.params):
        if re.match(r"struct \w+ \*$", t):
            out.append((i, p, t.split()[1]))
        for m in re.finditer(r"\b(\w+)\s*=\s*container_of\(\s*%s\s*,\s*struct\s+(\w+)\s*,"
                             % re.escape(p), f.body):
            out.append((i, m.group(1), m.group(2)))
    return out


def enclosing_call(body, i):
    """the name of the call whose argument list holds offset i (None at
    statement level)"""
    d, j = 0, i - 1
    while j >= 0:
        c = body[j]
        if c in ")]":
            d += 1
        elif c in "([":
            if d == 0:
                if c == "[":
                    return "["
                m = re.search(r"(->|\.)?\s*(\w+)\s*$", body[max(0, j - 80):j])
                if not m:
                    return "("
                return "->" + m.group(2) if m.group(1) else m.group(2)
            d -= 1
        elif c in ";{}" and d == 0:
            return None
        j -= 1
    return None


def inert(body, s, e, borrow=frozenset()):
    """the expression at body[s:e] is only tested, dereferenced, assigned
    to, or passed to a pure helper there"""
    after = body[e:e + 40].lstrip()
    before = body[max(0, s - 40):s].rstrip()
    if re.match(r"(?:->|\.)\s*\w+\s*\(", after):    # a method of it
        return True
    if re.match(r"->|\.\s*\w|\[|=(?!=)|\+\+|--|[-+*/|&^]=", after):
        return True
    if re.match(r"[=!]=|&&|\|\||\?", after) or re.search(r"(?:[=!]=|&&|\|\||!|\?)$", before):
        return True
    call = enclosing_call(body, s)
    return call in PURE or call in borrow or call == "["


class Facts:
    """the summary's owning fields, freers and field releasers"""

    def __init__(self, kinds):
        self.owned = {}         # struct -> {(field, file or "")}
        self.back = {}          # the same, of files created with the object as data
        self.freer = {}         # name -> {param index}
        self.fieldrel = {}      # name -> {(index, struct, field)}
        self.borrow = set()     # pborrow functions and accessor macros: no hand-off
        self.released = set()   # "S.F" whose member some function hands on
        self.objfn = set()      # read functions taking an object with owning fields
        self.ops = {}           # op member -> the objfn functions initializers give it
        for n, ks in kinds.items():
            for k in ks:
                if k in ("ownfield", "backfield"):
                    s, _, f = n.partition(".")
                    f, _, where = f.partition("@")
                    getattr(self, "owned" if k == "ownfield" else "back").setdefault(
                        s, set()).add((f, where))
                elif k == "freer":
                    name, _, i = n.partition(":")
                    self.freer.setdefault(name, set()).add(int(i))
                elif k == "fieldrel":
                    name, i, sf = n.split(":")
                    s, _, f = sf.partition(".")
                    self.fieldrel.setdefault(name, set()).add((int(i), s, f))
                elif k in ("pborrow", "pmacro") and not RELNAME.search(n):
                    # (fput() itself only dereferences its parameter)
                    self.borrow.add(n)
                elif k == "relfield":
                    self.released.add(n)
                elif k == "objfn":
                    self.objfn.add(n)
                elif k == "opimpl":
                    op, _, fn = n.partition(":")
                    self.ops.setdefault(op, set()).add(fn)

    @staticmethod
    def key(s, f, where):
        return "%s.%s%s" % (s, f, "@" + where if where else "")

    def fields(self, s, path):
        """(member, summary key) of the owning fields of struct s seen from
        path: a member that is also a back-pointer owns a reference only if
        something releases it"""
        return sorted((f, self.key(s, f, where)) for f, where in self.owned.get(s, ())
                      if (not where or path.endswith(where)) and
                      ((f, where) not in self.back.get(s, ()) or
                       self.key(s, f, where) in self.released))

    def teardowns(self, body):
        """(offset, variable) of each free of a plain variable in body"""
        for m in CALL.finditer(body):
            n = m.group(1)
            idx = {FREES[n]} if n in FREES else self.freer.get(n, ())
            if not idx:
                continue
            args = S.call_args(body, m.end())
            for i in idx:
                if i < len(args) and re.match(r"\w+$", S.strip_casts(args[i])):
                    yield m.start(), S.strip_casts(args[i])


def member(x, fld):
    return re.compile(r"(?<![\w.>])%s\s*->\s*%s\b" % (re.escape(x), re.escape(fld)))


def handed(body, x, fld, facts, struct):
    """body hands on x->fld itself, or passes x to a field releaser"""
    return handed_member(body, x, fld, facts.borrow) or \
        handed_whole(body, x, fld, facts, struct)


def handed_member(body, x, fld, borrow=frozenset()):
    """body hands on x->fld: passes it (or a local read from it) to a
    non-pure call, returns or stores it"""
    for m in member(x, fld).finditer(body):
        s, e = m.start(), m.end()
        if e < len(body) and body[s - 1:s] == "&":     # &x->F passed: handed
            s -= 1
        # a local read from it: y = x->F / y = READ_ONCE(x->F) / xchg(&x->F, NULL)
        stmt = body[max(0, s - 120):s]
        am = re.search(r"(?<![\w.>])(\w+)\s*=\s*(?:%s\s*\(\s*)?&?\s*$" % READS, stmt)
        if am and re.search(r"(?:^|[^\w\s*])\s*\*\s*$", stmt[:am.start()]):
            am = None               # *p = x->F: stored through a pointer
        if am and am.group(1) != "return" and re.match(r"\s*[;)]", body[e:]):
            if handed_local(body, am.group(1), e, borrow):
                return True
            continue
        if inert(body, s, e, borrow):
            continue
        return True
    return False


def handed_whole(body, x, fld, facts, struct):
    """body passes x to a function handing on its member fld (a fieldrel),
    or to one the first pass did not read whose name says it releases; or
    gives x to kref_put()/call_rcu()/... with a callback that is a
    fieldrel"""
    for m in re.finditer(r"(?<![\w.>&])%s\b(?!\s*(?:->|\.|\[))" % re.escape(x), body):
        call = enclosing_call(body, m.start())
        if not call or call in PURE or call in FREES or call == "[":
            continue
        if call.startswith("->"):
            # an op: handed on if one of its known implementations (the
            # functions a designated initializer gives that member) hands
            # the member on.  An op is another layer's hook: the layer
            # that fills a member releases it, not the hooks it calls
            impls = facts.ops.get(call[2:], ())
            if any(s == struct and f == fld for n in impls
                   for _, s, f in facts.fieldrel.get(n, ())):
                return True
            continue
        cm = None
        for cm in re.finditer(r"\b%s\s*\(" % re.escape(call), body[:m.start()]):
            pass
        if not cm:
            continue
        args = S.call_args(body, cm.end())
        idx = [i for i, a in enumerate(args) if S.strip_casts(a) == x]
        if any((i, struct, fld) in facts.fieldrel.get(call, ()) for i in idx):
            return True
        if call not in facts.objfn and call not in facts.borrow and RELNAME.search(call):
            return True             # a callee the first pass did not read
    for m in re.finditer(r"&\s*%s\s*->\s*\w+\s*,\s*(\w+)\s*\)" % re.escape(x), body):
        if any(s == struct and f == fld for _, s, f in facts.fieldrel.get(m.group(1), ())):
            return True
    return False


def handed_local(body, y, start, borrow):
    """the local y, read from an owning member at body[start], is handed on
    after it: passed to a non-pure call, returned or stored"""
    pat = re.compile(r"(?<![\w.>])%s\b" % re.escape(y))
    for m in pat.finditer(body, start):
        s, e = m.start(), m.end()
        if re.match(r"\s*=(?!=)", body[e:]):
            continue
        before = body[max(0, s - 40):s]
        whole = re.match(r"\s*[;,]", body[e:])
        if whole and re.search(r"[^=!<>]=\s*$", before):
            return True             # stored into another variable or member
        if whole and re.search(r"\breturn\s*$", before):
            return True
        if inert(body, s, e, borrow):
            continue
        if enclosing_call(body, s) is None:
            continue
        return True
    return False


def block_after(body, i):
    """the statement starting at body[i] (an if's branch): a { } block or
    up to its ';'"""
    j = i
    while j < len(body) and body[j].isspace():
        j += 1
    if body[j:j + 1] == "{":
        d = 0
        for k in range(j, len(body)):
            d += {"{": 1, "}": -1}.get(body[k], 0)
            if d == 0:
                return body[i:k + 1]
        return body[i:]
    k = body.find(";", j)
    return body[i:k + 1] if k >= 0 else body[i:]


def assigned(body, x, fld):
    """body stores something other than NULL into x->fld (it sets it up)"""
    return re.search(r"(?<![\w.>])%s\s*->\s*%s\s*=(?!=)\s*(?!\s|NULL\b)"
                     % (re.escape(x), re.escape(fld)), body)


def check_fn(f, facts, text, off):
    """the field-leak findings of one function: (line, message)"""
    if re.search(r"\bstruct\s+rcu_head\s*\*", " ".join(t for _, t in f.params)):
        return []
    types = struct_vars(f)
    out = []
    tds = list(facts.teardowns(f.body))
    for pos, x in tds:
        s = types.get(x)
        flds = facts.fields(s, f.path) if s else []
        if not flds:
            continue
        if re.search(r"(?<![\w.>])%s\s*=\s*(?:\([^()]*\)\s*)?\w*(?:%s)\w*\s*\("
                     % (re.escape(x), ALLOC.pattern), f.body):
            continue
        if re.search(r"(?m)^\s*\w+:(?!:)", f.body[:pos]):
            continue            # an error path: the object may be half built
        uses = re.findall(r"(?<![\w.>])%s\b" % re.escape(x), f.body)
        if len(uses) == sum(1 for _, y in tds if y == x) and \
                x in dict(f.params):
            continue            # a plain free wrapper: its callers release
        # a file's release op freeing the file's private data: a member
        # holding a file created with that object as its data is the file
        # being released
        fp = [p for p, t in f.params if t == "struct file *"]
        back = {fld for fld, _ in facts.back.get(s, ())} if any(
            re.search(r"(?<![\w.>])%s\s*=\s*(?:\([^()]*\)\s*)?%s\s*->\s*private_data\b"
                      % (re.escape(x), re.escape(p)), f.body) for p in fp) else set()
        for fld, key in flds:
            if fld in back:
                continue
            if assigned(f.body, x, fld) or handed(f.body, x, fld, facts, s):
                continue
            if not member(x, fld).search(f.body) and key in facts.released:
                continue            # released by another stage of the teardown
            line = text.count("\n", 0, off + pos) + 1
            out.append((line, "%s freed without a release of its owning field %s->%s"
                        % (x, x, fld)))
    # the member tested non-NULL and then dropped: overwritten inside the
    # test, or never handed on by a function whose name makes it the
    # teardown of its first parameter (which it does not free itself);
    # or read into a local that is never handed on, then overwritten
    subjects = {x for i, x, _ in objects_of(f) if i == 0}
    freed = {x for _, x in tds}
    for x, s in types.items():
        for fld, key in facts.fields(s, f.path) if s in facts.owned else ():
            test = re.search(r"\bif\s*\(\s*%s\s*->\s*%s\s*(?:!=\s*NULL\s*)?\)"
                             % (re.escape(x), re.escape(fld)), f.body)
            # or taken out into a local: y = x->F; ... x->F = NULL
            take = re.search(r"(?<![\w.>])\w+\s*=\s*%s\s*->\s*%s\s*;"
                             % (re.escape(x), re.escape(fld)), f.body)
            if not (test or take) or assigned(f.body, x, fld) or \
                    handed(f.body, x, fld, facts, s):
                continue
            at = test.end() if test else take.end()
            block = f.body[at:at + len(block_after(f.body, at))] if test else f.body[at:]
            store = re.search(r"(?<![\w.>])%s\s*->\s*%s\s*=(?!=)" % (re.escape(x), re.escape(fld)),
                              block)
            if store:
                pos = at + store.start()
                what = "overwritten" if test else "taken out and dropped"
            elif test and TEARDOWN.search(f.name) and x in subjects and x not in freed and \
                    not member(x, fld).search(block):
                pos = test.start()
                what = "tested in a teardown"
            else:
                continue
            out.append((text.count("\n", 0, off + pos) + 1,
                        "owning field %s->%s %s without a release" % (x, fld, what)))
    return out


def functions_at(text):
    """(header, body, body offset) of each top-level function definition"""
    code = S.fast_mask(text)
    for s, o, e in S.mut.functions(code):
        yield code[s:o], code[o:e + 1], o


def check_file(path, text, facts):
    out = []
    for header, body, off in functions_at(text):
        f = S.parse_fn(path, header, body)
        if f and "->" in body:
            out += [(path, ln, msg) for ln, msg in check_fn(f, facts, text, off)]
    return out


# --- first pass ---

def ownfield_kinds(fns, cache, kinds, acqset):
    """ownfield S.F: see the module's doc"""
    acqset = acqset | {"get_file"}
    for f in fns:
        types = struct_vars(f)
        held = {}           # local -> the arguments of the acquiring call
        for m in re.finditer(r"(?<![\w.>])(\w+)\s*=\s*(\w+)\s*\(", f.body):
            if m.group(2) in acqset:
                held[m.group(1)] = S.call_args(f.body, m.end())
        for m in re.finditer(r"\b(\w+)\s*->\s*(\w+)\s*=\s*(\w+)\s*(\(|;)", f.body):
            x = m.group(1)
            if x not in types:
                continue
            if m.group(4) == "(":
                if m.group(3) not in acqset:
                    continue
                args = S.call_args(f.body, m.end())
            elif m.group(3) in held:
                args = held[m.group(3)]
            else:
                continue
            s = types[x]
            local = re.search(r"\bstruct\s+%s\s*\{" % s, cache[f.path])
            name = "%s.%s%s" % (s, m.group(2), "@" + f.path if local else "")
            kinds.setdefault(name, set()).add("ownfield")
            if any(S.strip_casts(a) == x for a in args[1:]):
                # x is the new file's private data: the file holds x
                kinds[name].add("backfield")


def callee_defs(tree, fns, cache, facts):
    """the functions, wherever they are in the tree, that fns call with an
    object having owning fields, named like a release and not among fns:
    read rather than guessed from their names"""
    have = {f.name for f in fns}
    want = set()
    for f in fns:
        objs = {x for x, s in struct_vars(f).items() if s in facts.owned}
        if not objs:
            continue
        for m in CALL.finditer(f.body):
            n = m.group(1)
            if n in have or n in FREES or n in PURE or not RELNAME.search(n):
                continue
            if objs & {S.strip_casts(a) for a in S.call_args(f.body, m.end())}:
                want.add(n)
    names, paths = sorted(want), set()
    for i in range(0, len(names), 200):
        paths |= S.grep(tree, r"^[a-z].*[ *](%s)\(" % "|".join(names[i:i + 200]))
    return [f for f in S.file_fns(tree, paths, cache, headers=True) if f.name in want]


def kinds(tree, fns, cache, kinds_, acqset):
    """ownfield, freer, fieldrel, ... of the selected functions fns, and of
    the release-like functions they pass an object with owning fields to"""
    ownfield_kinds(fns, cache, kinds_, acqset)
    facts = Facts(kinds_)
    fns = fns + callee_defs(tree, fns, cache, facts)
    # function-like macros that only dereference their parameter
    # (shm_file_data(file): (*((struct shm_file_data **)&(file)->private_data)))
    for path in {f.path for f in fns}:
        for m in re.finditer(r"(?m)^#\s*define\s+(\w+)\(\s*(\w+)\s*\)[ \t]+(.*)$", cache[path]):
            uses = list(re.finditer(r"\b%s\b" % m.group(2), m.group(3)))
            if uses and all(re.match(r"\s*\)?\s*->", m.group(3)[u.end():]) for u in uses) \
                    and not RELNAME.search(m.group(1)):
                facts.borrow.add(m.group(1))
                kinds_.setdefault(m.group(1), set()).add("pmacro")
    grown = True
    while grown:
        grown = False
        for f in fns:
            if not (FREES.keys() & f.calls or facts.freer.keys() & f.calls):
                continue
            for pos, x in facts.teardowns(f.body):
                for i, (p, _) in enumerate(f.params):
                    if p == x and i not in facts.freer.get(f.name, ()):
                        facts.freer.setdefault(f.name, set()).add(i)
                        grown = True
    todo = []               # the objects whose members f does not hand on itself
    for f in fns:
        for i, x, s in objects_of(f):
            if s in facts.owned:
                facts.objfn.add(f.name)
    for path in {f.path for f in fns}:
        for m in re.finditer(r"\.\s*(\w+)\s*=\s*&?\s*(\w+)\s*[,}\n]", cache[path]):
            if m.group(2) in facts.objfn:
                facts.ops.setdefault(m.group(1), set()).add(m.group(2))
    for f in fns:
        for i, x, s in objects_of(f):
            for fld, _ in facts.owned.get(s, ()):
                if fld in f.body and handed_member(f.body, x, fld, facts.borrow):
                    facts.fieldrel.setdefault(f.name, set()).add((i, s, fld))
                else:
                    todo.append((f, i, x, s, fld))
    grown = True
    while grown:            # through the objects passed whole: a fixpoint
        grown = False
        for f, i, x, s, fld in todo:
            if (i, s, fld) not in facts.fieldrel.get(f.name, ()) and \
                    handed_whole(f.body, x, fld, facts, s):
                facts.fieldrel.setdefault(f.name, set()).add((i, s, fld))
                grown = True
    for f in fns:
        for x, s in struct_vars(f).items():
            for fld, where in facts.owned.get(s, ()):
                key = facts.key(s, fld, where)
                if key not in facts.released and fld in f.body and \
                        (not where or f.path.endswith(where)) and \
                        handed_member(f.body, x, fld, facts.borrow):
                    facts.released.add(key)
    for n in facts.released:
        kinds_.setdefault(n, set()).add("relfield")
    for n in facts.objfn:
        kinds_.setdefault(n, set()).add("objfn")
    for op, impls in facts.ops.items():
        for n in impls:
            kinds_.setdefault("%s:%s" % (op, n), set()).add("opimpl")
    for n, idx in facts.freer.items():
        for i in idx:
            kinds_.setdefault("%s:%d" % (n, i), set()).add("freer")
    for n, keys in facts.fieldrel.items():
        for i, s, fld in keys:
            kinds_.setdefault("%s:%d:%s.%s" % (n, i, s, fld), set()).add("fieldrel")
    return facts


def load(sum_path):
    kinds_ = {}
    for line in open(sum_path):
        k, n = line.split()
        kinds_.setdefault(n, set()).add(k)
    return Facts(kinds_)


def report(findings, out):
    for path, line, msg in sorted(set(findings)):
        out.write("%s:%d: [field-leak] %s\n" % (path, line, msg))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fieldleak.py SUMMARY < FILES")
    facts = load(sys.argv[1])
    found = []
    for path in sys.stdin.read().split("\n"):
        if path.endswith(".c"):
            found += check_file(path, open(path, errors="replace").read(), facts)
    report(found, sys.stdout)


if __name__ == "__main__":
    main()

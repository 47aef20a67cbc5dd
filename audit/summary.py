#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""First pass of the fd-lifetime auditor: per-function summaries computed
from the tree, and the list of files the rules must look at.

Usage: summary.py TREE FILES_OUT SUMMARY_OUT
       summary.py --specialize SUMMARY < RULES.cocci > RULES.cocci
       summary.py --pairs TREE | --pairs-table TREE
The second form puts the computed names into the rules: a metavariable
line ending in "// @KIND@" (or "// @KIND+KIND@") gets the KIND names added to its {...} list (or
to its =~ "..." regex as whole names), so spatch matches plain names and
needs no python per candidate.

SUMMARY_OUT gets one "KIND name" line per function:
  owner      returns an owned struct file * (the result of fget*(), of an
             opener, or of another owner, directly or through a local, or
             a file it took a reference on: get_file(), get_file_rcu(),
             atomic_long_inc_not_zero(&f->f_count));
             computed to a fixpoint over the whole tree from the seed list
  fconsume   takes a struct file * parameter and fput()s or stores it
  objconsume (--all-pairs) is passed a reference of another object by a
             caller holding it, and releases or stores that parameter
             (passing a file to it hands the reference off); also read
             for callees defined outside the selected files, wherever
             they are, when a held file is passed to them
  fgetref    takes its own reference on its struct file * parameter
             (get_file()) and neither puts nor stores nor installs the
             parameter itself: the caller's reference stays the caller's
  installok  takes a struct file * parameter and fd_install()s it after a
             failure exit, never puts or stores it (the file is the
             caller's again when the call fails)
  fdinstaller  returns an fd that it installed in the fd table (the fd is
             the table's: put_unused_fd() of it is wrong)
  fdcheck    takes a struct fd by value and tests it for emptiness
             (is_perf_file() in the patched tree): a call is a test
  fdborrow   takes a struct fd by value and never puts or stores it
  acqout     returns int and stores a reference it acquired into a member
             of an object its caller passed (get_clock_desc(id, &cd)); the
             caller owns it once the call succeeded
  outrel     puts that member of an object of that type (put_clock_desc())
  fileout    returns an int and stores an owned file through a struct
             file ** (or array) parameter (create_pipe_files(files),
             sctp_getsockopt_peeloff_common(..., &newfile)): when the call
             succeeds the caller owns *p / p[i]
  okstore    named like a hand-off, but stores its pointer parameter only
             after a failure exit and never puts it: keeps the reference
             only when it succeeds (its definition is read wherever it is)
  ownfield / freer / fieldrel  owning fields, functions freeing a
             parameter and functions handing on an owning field of one:
             fieldleak.py (its own check, rule field-leak, reads them)
  pborrow    only dereferences or tests its pointer parameters (never
             stores, passes on, puts or returns one): passing a reference
             to it is no hand-off, whatever its name says (a rule's
             "// @K!pborrow@" drops these names from a name regex)
  fdputs     takes a struct fd by value and puts it on some path (the
             "put on error, caller puts on success" convention)
  lookup     passes its first parameter to an fd lookup (as the fd of
             fdget*(), fget*(), sockfd_lookup(), or of another "lookup"
             function), i.e. resolves an fd number it was given (fixpoint
             over the files); lookup1 / lookup2: the same for its second /
             third parameter
  fieldputter / putfield  puts the file or socket in a field of an object
             (fput(s->sock->file)) / the names of such fields
  errput     its callers put the file or socket they passed when it failed
  fnullok    takes a struct file * parameter and tests it for NULL itself
             (file_is_kvm(): "return file && ..."): passing an untested
             fget() result to it is fine
  retput0 / retput1 / retput2  puts its first / second / third (pointer)
             parameter only where it then returns non-zero, returns 0
             elsewhere (netlink_attachskb()): after a non-zero result the
             reference is gone
  argput     puts a pointer parameter on some path (netlink_detachskb())
  refgetter  takes a reference on (or raises a count of) something it was
             passed: a GETREF call on a parameter (dma_fence_get(fence) in
             drm_syncobj_replace_fence()); fd-installed's late_get takes a
             call to it after the file's publication as that reference
  acquire / release  inferred acquire/release pairs (issue 23): an
             ACQUIRER returns a pointer (or a struct) to an object after
             taking a reference on it: a refcount primitive on it or its
             member (kref_get/kref_init, refcount_inc/_set(,1),
             atomic*_inc/_set(,1), get_file*(), or a "getter": a function
             doing one of these on its parameter, sock_hold()), or the
             result of another acquirer (returned directly, through a
             local, in a one-argument wrapper, or as v->m / g(v) when the
             reference on v is not dropped unconditionally); a RELEASE of a
             type drops it: a put primitive (kref_put, refcount_dec_and_*,
             atomic*_dec_and_test, ...) on its parameter's counter (the
             counter the type's acquirers raise, when known), or a known
             release of the parameter or of a member of it (dma_buf_put():
             fput(dmabuf->file)), unconditionally or under a test of the
             parameter; function-like macros too (sockfd_put()).  An FD
             LOOKUP passes an int parameter on to an fd table index
             (fdt->fd[fd]) or to another fd lookup.  Seeds: fget() and
             fput() only; a fixpoint over the call graph of the files using
             a primitive, fget(), fput() or an fd table, grown by the
             callers of the fd lookups.  The pair of an acquirer is the
             release of its type called on most functions together with it
             (none if no function of the tree calls both).  "acquire" lists
             the fd lookups returning a pointer whose pair is seen in two
             functions, "release" their releases; fget-leak takes them as
             owners and puts, fget-double-put and fget-use-after-put take
             the releases as puts.  summary.py --pairs-table TREE prints all
             pairs (docs/audit-pairs.md); summary.py --pairs TREE the two
             kinds, which AUDIT_PAIRS=FILE adds to a run on a few files of
             that tree (tests/corpus).  AUDIT_ALL_PAIRS=1 (audit/run
             --all-pairs, opt-in): also every other acquirer with a
             pointer type whose pair two functions confirm, as kinds
  objacquire / objrelease  (rules/ref-*.cocci: references the function
             took itself, with the function's own release as evidence;
             objrelease1: a release of its second argument,
             sk_psock_put(sk, psock))
FILES_OUT gets the .c/.h files (outside tools/) that mention the fd API, a
put, a lookup, any owner, a caller of a lookup function, or an fd install
(fd_install(), dma_buf_fd(), anon_inode_getfd()), or an "acquire" or
"fileout" function.
"""
import collections, functools, os, re, subprocess, sys

# the passes build patterns per name and variable: tens of thousands of
# distinct ones, far past re's default cache of 512
re._MAXCACHE = 1 << 17

SEEDS = """fget fget_raw fget_task fget_many filp_open file_open_name file_open_root
file_open_root_mnt dentry_open dentry_create kernel_file_open alloc_file_pseudo
alloc_file_clone alloc_empty_file alloc_empty_file_noaccount anon_inode_getfile
anon_inode_getfile_secure open_with_fake_path shmem_file_setup shmem_kernel_file_setup
shmem_file_setup_with_mnt hugetlb_file_setup sock_alloc_file open_exec get_file
get_mm_exe_file get_task_exe_file""".split()
LOOKUP_SEEDS = "fdget fdget_raw fdget_pos fget fget_raw sockfd_lookup sockfd_lookup_light".split()
FD_API = r"\b(fdget(_raw|_pos)?|fdput(_pos)?|fd_file|fd_empty)\b|CLASS\(fd|struct fd\b"
PUTS = r"\b(fput|sockfd_lookup|sockfd_put)\("
GETFD = "anon_inode_getfd|anon_inode_getfd_secure|dma_buf_fd|sync_file_fd"  # install, return the fd
INSTALLS = r"\b(fd_install|%s)\(" % GETFD
# the names fd-installed.cocci's late_get takes for "takes a reference"
GETREF = re.compile(r"\b(kref_get|refcount_inc|get_file|atomic_(?:long_)?inc|\w+_get_[a-z0-9]+"
                    r"|\w+_get|get_[a-z0-9]+_ref)\s*\(")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests"))
import importlib.machinery
mut = importlib.machinery.SourceFileLoader(
    "mutants", os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests", "mutants")
).load_module()


def grep(tree, regex):
    out = subprocess.run(["grep", "-rlE", "--include=*.c", "--include=*.h",
                          "--exclude-dir=tools", "--exclude-dir=.?*", regex, "."],
                         cwd=tree, stdout=subprocess.PIPE, text=True).stdout
    return {f[2:] for f in out.split()}


def returns(v, body):
    """body returns local v: "return v;", or v when it is not NULL
    ("return v ?: ERR_PTR(-EBADF);", "return v ? v : ...")"""
    return re.search(r"\breturn\s+(?:%s\s*;|\(?\s*%s\s*\)?\s*\?\s*(?:%s\s*)?:)" % (v, v, v),
                     body)


@functools.lru_cache(maxsize=None)
def funcs(text):
    """(header, body) of each top-level function of text (parsed once per
    text: the passes read the same files again)"""
    code = fast_mask(text)
    return tuple((code[s:o], code[o:e + 1]) for s, o, e in mut.functions(code))



def param_names(header):
    """the parameter names of a definition header, in order (None: no list)"""
    m = re.search(r"\((.*)\)\s*$", header, re.S)
    return re.findall(r"(\w+)\s*(?=,|$)", m.group(1)) if m else None


def params(header, typ):
    m = re.search(r"\((.*)\)\s*$", header, re.S)
    if not m:
        return []
    return re.findall(r"(?:^|,)\s*(?:const\s+)?%s\s*(\w+)\s*(?=,|$)" % typ, m.group(1))


def call_args(text, i):
    """the top-level arguments (stripped text) of the call whose "(" ends
    just before text[i]"""
    args, depth, start = [], 0, i
    for j in range(i, min(len(text), i + 2000)):
        c = text[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(text[start:j].strip())
                return args
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:j].strip())
            start = j + 1
    return args


def name_of(header):
    """the function name of a definition header (the syscall name for
    SYSCALL_DEFINEn(name, ...))"""
    m = re.search(r"\b(?:COMPAT_)?SYSCALL(?:32)?_DEFINE\d\s*\(\s*(\w+)", header)
    if m:
        return "sys_" + m.group(1)
    m = re.search(r"(\w+)\s*\(", header)
    return m.group(1) if m else None


def borrowed(body, p):
    """every use of the pointer parameter p in body is a dereference (p->m,
    p.m, *p) or a test (!p, p == q, if (p)): never stored, passed on, put
    or returned"""
    for m in re.finditer(r"\b%s\b" % re.escape(p), body):
        before = body[:m.start()].rstrip()
        after = body[m.end():].lstrip()
        if after.startswith("->") or re.match(r"\.\w", after) or \
                re.match(r"[=!]=|&&|\|\|", after) or re.search(r"(?:[=!]=|&&|\|\||!)$", before):
            continue
        if before.endswith("*") and not re.search(r"[\w)\]]\s*\*$", before):
            continue
        if after.startswith(")") and re.search(r"\b(?:if|while)\s*\($", before):
            continue
        return False
    return True


def specialize(sum_path):
    kinds = {}
    for line in open(sum_path):
        k, n = line.split()
        kinds.setdefault(k, []).append(n)
    text = sys.stdin.read()
    # names that would clash with SmPL: rule names, metavariable kinds
    clash = set(re.findall(r"(?m)^@(\w+)", text)) | set(
        "identifier expression statement type position symbol fresh idexpression local "
        "constant declaration field typedef iterator virtual depends on exists forall when "
        "any strict script python ocaml initialize finalize".split())
    for decls in re.findall(r"(?ms)^@[^@\n]*@\n(.*?)^@@", text):
        clash |= set(re.findall(r"\b\w+\b", re.sub(r"\{[^}]*\}|\"[^\"]*\"|//.*", "", decls)))
    for line in text.splitlines(True):
        m = re.search(r"// @([\w+]+)(?:!([\w+]+))?@\s*$", line)
        names = [n for k in m.group(1).split("+") for n in kinds.get(k, [])
                 if n not in clash] if m else []
        if m and m.group(2) and '=~ "' in line:
            # @keep!not@: the regex's names less those of kind "not" (a
            # name-guessed hand-off that the function's body refutes)
            a = line.index('=~ "') + 4
            b = line.index('"', a)
            old = re.compile(line[a:b])
            drop = sorted({n for k in m.group(2).split("+") for n in kinds.get(k, [])
                           if old.search(n)} - set(names))
            if drop:
                line = line[:a] + "^(?!(?:%s)$)(?:.*(?:%s))" % ("|".join(drop), line[a:b]) + \
                    line[b:]
        if m and (names or m.group(2)) and "{" in line:
            # @release!relnullok@: the list less the names of kind "not"
            drop = {n for k in (m.group(2) or "").split("+") for n in kinds.get(k, [])}
            a, b = line.index("{") + 1, line.rindex("}")
            old = [x.strip() for x in line[a:b].split(",") if x.strip()]
            keep = [x for x in old + sorted(set(names) - set(old)) if x not in drop]
            # SmPL has no empty list: a name that is called nowhere
            line = line[:a] + ", ".join(keep or ["__fdsafe_none"]) + line[b:]
        elif names and '=~ "' in line:
            a = line.index('=~ "') + 4
            b = line.index('"', a)
            line = line[:b] + "|^(%s)$" % "|".join(sorted(names)) + line[b:]
        sys.stdout.write(line)


# --- acquire/release pair inference (issue 23 item 2) ---
# an acquirer returns a pointer (or a struct fd-like value) to an object after
# taking a reference on it; a release drops that reference; both inferred from
# the tree to a fixpoint over the call graph from fget()/fput() and the
# refcount primitives.
PAIR_SEED_ACQ = {"fget": "struct file *"}
PAIR_SEED_REL = {"fput": "struct file *"}
PRIM_GET = re.compile(
    r"\b(kref_get(?:_unless_zero)?|kref_init|refcount_inc(?:_not_zero)?|refcount_set"
    r"|atomic(?:64|_long)?_inc(?:_not_zero)?|atomic(?:64|_long)?_set|atomic_long_add_unless"
    r"|get_file(?:_rcu(?:_many)?)?)\s*\(")
PRIM_PUT = re.compile(
    r"\b(kref_put(?:_mutex|_lock)?|refcount_dec_and_(?:test|lock|lock_irqsave|mutex_lock)"
    r"|refcount_dec_if_one|atomic(?:64|_long)?_dec_and_(?:test|lock|lock_irqsave|mutex_lock)"
    r"|atomic(?:64|_long)?_sub_and_test)\s*\(")
PRIMS_ERE = (r"\b(kref_get|kref_get_unless_zero|kref_init|refcount_inc|refcount_inc_not_zero"
             r"|refcount_set|atomic(64|_long)?_(inc|inc_not_zero|set)|atomic_long_add_unless"
             r"|get_file|get_file_rcu|get_file_rcu_many|kref_put|kref_put_mutex|kref_put_lock"
             r"|refcount_dec_and_(test|lock|lock_irqsave|mutex_lock)|refcount_dec_if_one"
             r"|atomic(64|_long)?_dec_and_(test|lock|lock_irqsave|mutex_lock)"
             r"|atomic(64|_long)?_sub_and_test|fget|fput)\s*\(|->fd\s*[[+]")
STORAGE = set("""static inline extern __always_inline noinline __init __exit __must_check
notrace const volatile __cold __weak asmlinkage __sched __latent_entropy __maybe_unused
__used __inline__ __inline __noreturn __ref __meminit __noinline_for_stack
__attribute_const__ __pure __flatten __iomem __user __rcu __force signed""".split())
INTS = set("int unsigned long short u32 __u32 s32 __s32 u64 __u64 s64 size_t".split())
MASK = re.compile(r"""/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'"""
                  r"""|^[ \t]*\#(?:\\\n|[^\n])*""", re.S | re.M)
CAST = re.compile(r"^\(\s*(?:const\s+)?(?:struct\s+|union\s+)?\w+(?:\s+\w+)*\s*\**\s*\)\s*")


def fast_mask(text):
    return MASK.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def fast_funcs(text):
    """(header, body) of each top-level function definition, fast"""
    code = fast_mask(text)
    depth, last_top, start, open_at = 0, 0, -1, -1
    for m in re.finditer(r"[{};]", code):
        c, i = m.group(0), m.start()
        if c == "{":
            if depth == 0:
                j = i - 1
                while j >= 0 and code[j].isspace():
                    j -= 1
                start = last_top if j >= 0 and code[j] == ")" else i
                open_at = i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                depth = 0
            if depth == 0:
                if start != open_at and start >= 0:
                    yield code[start:open_at].strip(), code[open_at:i + 1]
                start = -1
                last_top = i + 1
        elif depth == 0:
            last_top = i + 1


def type_key(decl):
    """normalized type of a declaration without its name: "struct x *", "long" ..."""
    toks = [t for t in re.findall(r"\w+|\*", decl) if t not in STORAGE]
    stars = toks.count("*")
    words = [t for t in toks if t != "*"]
    for i, t in enumerate(words[:-1]):
        if t in ("struct", "union", "enum"):
            return "%s %s%s" % (t, words[i + 1], " " + "*" * stars if stars else "")
    if not words:
        return ""
    return words[-1] + (" " + "*" * stars if stars else "")


def split_top(s):
    out, depth, start = [], 0, 0
    for i, c in enumerate(s):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(s[start:i].strip())
            start = i + 1
    out.append(s[start:].strip())
    return [x for x in out if x]


def strip_casts(e):
    e = e.strip()
    while True:
        m = CAST.match(e)
        if not m or m.end() == len(e):
            return e
        e = e[m.end():].strip()


def arg_base(a):
    """the variable an argument is about: p, &p->m, &(p)->m, p->m, p.m"""
    m = re.match(r"&?\s*\(?\s*\*?\s*(\w+)\s*\)?\s*(?:->|\.|$|\[)", strip_casts(a))
    return m.group(1) if m else None


def depth_at(body, i):
    return body.count("{", 0, i) - body.count("}", 0, i)


def guarded_by(body, i, var):
    """the call at i runs unconditionally at the top of the body, or under
    an if () whose condition mentions var"""
    d = depth_at(body, i)
    j = i - 1
    while j >= 0 and body[j].isspace():
        j -= 1
    cond = None
    if j >= 0 and body[j] in ";}" and d == 2:
        # later in an if block: if (C) { s; ...; call; }, when no earlier
        # statement of the block leaves it (return, goto, break, continue)
        dd, k = 0, i - 1
        while k >= 0 and not (body[k] == "{" and dd == 0):
            dd += {"}": 1, "{": -1}.get(body[k], 0)
            k -= 1
        if k < 0 or re.search(r"\b(?:return|goto|break|continue)\b", body[k:i]):
            return False
        j = k
    if j >= 0 and body[j] == ")":           # if (C) call;
        cond_end = j
    elif j >= 0 and body[j] == "{" and d == 2:
        k = j - 1
        while k >= 0 and body[k].isspace():
            k -= 1
        if k < 0 or body[k] != ")":
            return False
        cond_end = k
    elif re.search(r"\belse\s*$", body[max(0, j - 10):j + 1]):
        return False
    else:
        return d == 1
    # find the ( matching cond_end
    dd, k = 0, cond_end
    while k >= 0:
        if body[k] == ")":
            dd += 1
        elif body[k] == "(":
            dd -= 1
            if dd == 0:
                break
        k -= 1
    cond = body[k:cond_end + 1]
    if not re.search(r"\bif\s*$", body[max(0, k - 6):k]):
        return False
    return depth_at(body, k) == 1 and bool(re.search(r"\b%s\b" % re.escape(var), cond))


class Fn:
    __slots__ = ("name", "path", "ret", "params", "body", "calls", "rets", "assigns",
                 "pget", "pput", "fdt")


def parse_fn(path, header, body):
    name = name_of(header)
    if not name or name.startswith("sys_") or "(" not in header:
        return None
    i = header.find(name)
    if i < 0:
        return None
    f = Fn()
    f.name, f.path, f.body = name, path, body
    f.ret = type_key(header[:i])
    m = re.search(r"\((.*)\)\s*$", header[i:], re.S)
    f.params = []
    for d in split_top(m.group(1)) if m else []:
        if "(" in d or d in ("void", "..."):
            continue
        pm = re.search(r"(\w+)\s*(?:\[[^\]]*\])?\s*$", d)
        if pm:
            f.params.append((pm.group(1), type_key(d[:pm.start()])))
    f.calls = set(re.findall(r"\b(\w+)\s*\(", body))
    f.rets = [re.sub(r"\s+", " ", r).strip() for r in re.findall(r"\breturn\s+([^;]+);", body)]
    f.assigns = re.findall(r"(?<![\w.>])(\w+)\s*=(?!=)\s*([^;]+);", body)
    f.pget = bool(PRIM_GET.search(body))
    f.pput = bool(PRIM_PUT.search(body))
    f.fdt = "->fd" in body
    return f


def is_int(t):
    return bool(t) and "*" not in t and t.split()[0] in INTS


def infer_pairs(tree, cache=None, log=None):
    """(acq, rel, lookups, ncalls): acq name -> returned type, rel name ->
    released type, lookups name -> fd parameter positions, ncalls name ->
    call sites read; a fixpoint over the call graph of the files that use a
    refcount primitive, fget(), fput() or an fd table, grown by the files
    that call an fd lookup found so far"""
    cache = {} if cache is None else cache
    acq, rel = dict(PAIR_SEED_ACQ), dict(PAIR_SEED_REL)
    relpos = {}         # release -> the position of the parameter it drops
    lookups = {"fget": {0}}
    getters, members, macros = set(), {}, {}
    fns, parsed = [], set()
    ncalls = collections.Counter()
    todo = grep(tree, PRIMS_ERE)
    grepped = set(lookups)
    rounds = 0
    while todo:
        rounds += 1
        batch = []
        for p in sorted(todo - parsed):
            parsed.add(p)
            if p not in cache:
                cache[p] = open(os.path.join(tree, p), errors="replace").read()
            for header, body in fast_funcs(cache[p]):
                f = parse_fn(p, header, body)
                if f:
                    batch.append(f)
                    ncalls.update(f.calls)
        fns += batch
        # the counters that the creating / getting acquirers raise, per type
        for f in batch:
            if f.pget and "*" in f.ret:
                for m in PRIM_GET.finditer(f.body):
                    a = call_args(f.body, m.end())
                    mm = re.match(r"&\s*\(?\s*(\w+)\s*\)?\s*(?:->|\.)\s*([\w.>-]+)$", a[0]) \
                        if a else None
                    if mm and re.search(r"\breturn\s+%s\s*;" % mm.group(1), f.body):
                        members.setdefault(f.ret, set()).add(mm.group(2))
            # and those a getter (bpf_map_inc(map)) raises on its parameter
            if f.pget and f.ret == "void":
                ptypes = {q: pt for q, pt in f.params if "*" in pt}
                for m in PRIM_GET.finditer(f.body):
                    a = call_args(f.body, m.end())
                    mm = re.match(r"&\s*\(?\s*(\w+)\s*\)?\s*->\s*([\w.>-]+)$", a[0]) \
                        if a else None
                    if mm and mm.group(1) in ptypes:
                        members.setdefault(ptypes[mm.group(1)], set()).add(mm.group(2))
        # function-like macros that put their parameter (sockfd_put())
        for p in sorted(todo):
            for m in re.finditer(r"(?m)^#\s*define\s+(\w+)\(\s*(\w+)\s*\)[ \t]+(.*)$",
                                 cache.get(p, "")):
                if re.search(r"\w\s*\(\s*\(?\s*%s\b" % m.group(2), m.group(3)):
                    macros.setdefault(m.group(1), (m.group(2), m.group(3)))
        work, new = fns, None
        while work:
            added = set()
            acqs, rels, lks = set(acq), set(rel), set(lookups)
            for n, (p, mb) in macros.items():
                if n in rel:
                    continue
                for m in re.finditer(r"\b(\w+)\s*\(\s*\(?\s*%s\s*\)?\s*(?:->\s*\w+\s*)?\)" % p, mb):
                    if m.group(1) in rels:
                        rel[n] = macro_type(n, fns)
                        added.add(n)
                        break
            for f in work:
                if f.name not in getters and f.pget and f.ret == "void":
                    for m in PRIM_GET.finditer(f.body):
                        a = call_args(f.body, m.end())
                        if a and arg_base(a[0]) in [q for q, _ in f.params]:
                            getters.add(f.name)
                if f.name not in acq and pointer_or_value(f.ret) and \
                        (f.pget or not f.calls.isdisjoint(acqs) or not f.calls.isdisjoint(getters)) \
                        and acquires(f, acq, rel, getters):
                    acq[f.name] = f.ret
                    added.add(f.name)
                for k, (p, t) in enumerate(f.params):
                    if is_int(t):
                        if k not in lookups.get(f.name, ()) and \
                                (f.fdt or not f.calls.isdisjoint(lks)) and \
                                fd_lookup(f, p, lookups):
                            lookups.setdefault(f.name, set()).add(k)
                            added.add(f.name)
                    elif f.name not in rel and t and (f.pput or not f.calls.isdisjoint(rels)) \
                            and releases(f, p, t, rel, members):
                        rel[f.name] = t
                        relpos[f.name] = k
                        added.add(f.name)
            work = [f for f in fns if not f.calls.isdisjoint(added)] if added else []
        # grow: the files calling an fd lookup (or an acquirer of what one
        # returns) found so far
        roots = {acq[n] for n in lookups if n in acq} | {"struct file *"}
        names = {n for n in lookups} | {n for n, t in acq.items() if t in roots} | \
            {n for n, t in rel.items() if t in roots}
        # with every pair (--all-pairs), also the library files (headers
        # and files that export symbols) calling any acquirer or release
        # found so far: the wrappers of other objects' counters
        # (kobject_get() -> get_device() -> pci_dev_get(), pci_get_device())
        libnames = (set(acq) | set(rel)) - grepped if os.environ.get("AUDIT_ALL_PAIRS") else set()
        names -= grepped
        grepped |= names | libnames
        todo = callers(tree, names) - parsed
        if libnames:
            for p in callers(tree, libnames) - parsed - todo:
                if p not in cache:
                    cache[p] = open(os.path.join(tree, p), errors="replace").read()
                if p.endswith(".h") or "EXPORT_SYMBOL" in cache[p]:
                    todo.add(p)
        if log:
            log("pairs: round %d: %d files, %d acquirers, %d releases, %d lookups, %d new files"
                % (rounds, len(parsed), len(acq), len(rel), len(lookups), len(todo)))
    # a pair needs a function of the tree that releases what the acquirer
    # returned with it (both called in one function)
    pure = {f.name for f in fns if f.name in rel and pure_release(f, rel)} | \
        (set(macros) & set(rel))
    together = collections.Counter()
    relnames = set(rel)
    for f in fns:
        a = f.calls & set(acq)
        if a:
            for x in a:
                for r in f.calls & relnames:
                    if rel[r] == acq[x]:
                        together[(x, r)] += 1
    return acq, rel, lookups, ncalls, together, pure, relpos


PURE_TESTS = {"IS_ERR", "IS_ERR_OR_NULL", "ZERO_OR_NULL_PTR", "WARN_ON", "WARN_ON_ONCE",
              "BUG_ON", "likely", "unlikely", "if", "while", "for", "switch", "sizeof", "return"}
UNLINK = re.compile(r"(?:^|_)(?:del|remove|erase|unlink|detach|unregister|dequeue)(?:_|$)")


def pure_release(f, rel):
    """f is a plain release: before it drops the reference (a refcount put,
    or a call of a release, on its parameter or a member of it) it passes
    its parameter to no other call (tests aside) and unlinks no member of
    it.  A function that also unlinks, unregisters or submits its object
    (i915_request_add(), zcrypt_card_unregister()) drops a reference as
    one of its effects, and its callers may go on using the object."""
    ps = [q for q, t in f.params if t == rel[f.name]] or [q for q, t in f.params if "*" in t]
    if not ps:
        return False
    p = ps[0]
    calls = list(re.finditer(r"\b(\w+)\s*\(", f.body))
    for m in calls:
        if not (PRIM_PUT.match(f.body, m.start()) or (m.group(1) in rel and m.group(1) != f.name)):
            continue
        a = call_args(f.body, m.end())
        if not a or arg_base(a[0]) != p:
            continue
        for c in calls:
            if c.start() >= m.start():
                return True
            if c.group(1) in PURE_TESTS:
                continue
            for x in call_args(f.body, c.end()):
                x = strip_casts(x.strip())
                if x == p or (UNLINK.search(c.group(1)) and arg_base(x) == p):
                    return False
        return True
    return False


def macro_type(n, fns):
    """the type a macro release is applied to, from its callers' declarations"""
    votes = collections.Counter()
    for f in fns:
        if n in f.calls:
            for m in re.finditer(r"\b%s\s*\(" % n, f.body):
                a = call_args(f.body, m.end())
                v = arg_base(a[0]) if a else None
                if v:
                    d = re.search(r"\b((?:struct|union)\s+\w+)\s*\*\s*(?:\w+\s*,\s*\*?\s*)*%s\b" % v,
                                  f.body) or next((None for _ in ()), None)
                    t = d.group(1) + " *" if d else dict(f.params).get(v)
                    if t:
                        votes[t] += 1
    return votes.most_common(1)[0][0] if votes else "?"


_tmp = []


def tmpdir():
    if not _tmp:
        import tempfile, atexit, shutil
        _tmp.append(tempfile.mkdtemp())
        atexit.register(shutil.rmtree, _tmp[0], True)
    return _tmp[0]


def grep_words(tree, names_file):
    out = subprocess.run(["grep", "-rlwF", "--include=*.c", "--include=*.h",
                          "--exclude-dir=tools", "--exclude-dir=.?*", "-f", names_file, "."],
                         cwd=tree, stdout=subprocess.PIPE, text=True).stdout
    return {f[2:] for f in out.split()}


def callers(tree, names):
    """the files that call one of names (none when names is empty)"""
    if not names:
        return set()
    with open(os.path.join(tmpdir(), "names"), "w") as out:
        out.write("".join(n + "\n" for n in sorted(names)))
    return grep_words(tree, os.path.join(tmpdir(), "names"))


def pointer_or_value(t):
    return "*" in t or t.startswith("struct ") or t == "long"


def acquires(f, acq, rel, getters=()):
    """f returns a reference it took: the result of an acquirer (directly, in
    a wrapper call, or through a local), or an object it took a reference on
    (a refcount primitive), or something reached from it (v->m, g(v)) when
    the reference it took is not dropped unconditionally"""
    if not pointer_or_value(f.ret):
        return False
    for r in f.rets:
        e = strip_casts(r)
        # dev ? kobj_to_dev(kobject_get(&dev->kobj)) : NULL
        q = re.match(r"[^?:]+\?\s*(.+?)\s*:\s*(?:NULL|0|ERR_PTR\([^?:]*\))$", e, re.S)
        e = strip_casts(q.group(1)) if q else e
        while True:
            m = re.match(r"(\w+)\s*\((.*)\)$", e, re.S)
            if not m:
                break
            if m.group(1) in acq:
                return True
            a = split_top(m.group(2))
            if len(a) != 1:
                break
            e = strip_casts(a[0])
    held = set()
    for v, rhs in f.assigns:
        m = re.match(r"(\w+)\s*\(", strip_casts(rhs))
        if m and m.group(1) in acq:
            held.add(v)
    for m in PRIM_GET.finditer(f.body):
        a = call_args(f.body, m.end())
        if not a:
            continue
        if m.group(1).endswith("_set") and (len(a) < 2 or a[1] != "1"):
            continue
        b = arg_base(a[0])
        if b:
            held.add(b)
    # a getter on its argument, or an acquirer called for its effect on
    # its argument, its result not kept (pci_dev_get(): "get_device(
    # &dev->dev); return dev;"); a void getter's result is never kept
    for g in f.calls & (set(getters) | set(acq)):
        for m in re.finditer(r"\b%s\s*\(" % g, f.body):
            if re.search(r"(?:[^=!<>]=|\breturn)\s*(?:\([^()]*\)\s*)?$", f.body[max(0, m.start() - 80):m.start()]):
                continue
            a = call_args(f.body, m.end())
            b = arg_base(a[0]) if a else None
            if b:
                held.add(b)
    if not held:
        return False
    # dropped unconditionally: not held any more
    for v in list(held):
        for m in re.finditer(r"\b(\w+)\s*\(", f.body):
            if m.group(1) in rel or PRIM_PUT.match(f.body, m.start()):
                a = call_args(f.body, m.end())
                if a and arg_base(a[0]) == v and guarded_by(f.body, m.start(), "\0"):
                    held.discard(v)
                    break
    derived = set()
    for w, rhs in f.assigns:
        if any(re.search(r"\b%s\b" % re.escape(v), rhs) for v in held) and w not in held:
            derived.add(w)
    for r in f.rets:
        e = strip_casts(r)
        e = re.sub(r"^\w+\s*\|\s*", "", e)      # FDPUT_FPUT | (unsigned long)file
        e = strip_casts(e)
        q = re.match(r"\(?\s*(\w+)\s*\)?\s*\?\s*(?:\1\s*)?:", e)
        e = q.group(1) if q else e              # v ?: ERR_PTR(-EBADF)
        m = re.match(r"(\w+)(?:\s*(?:->|\.)\s*\w+)?$", e)
        if f.ret == "long" and e != (m.group(1) if m else None):
            continue
        if m and (m.group(1) in held or (m.group(1) in derived and e == m.group(1)
                                         and "*" in f.ret)):
            return True
    return False


def releases(f, p, t, rel, members):
    """f drops the reference its parameter p holds: a refcount put on a
    counter of p (the one the type's acquirers raise, when known), or a
    known release of p / p->m, unconditionally or under a test of p; p->m
    may be reached through a local set once from it (aux = prog->aux)"""
    alias = {p: ""}
    nset = collections.Counter(v for v, _ in f.assigns)
    for v, rhs in f.assigns:
        m = re.match(r"\(?\s*%s\s*\)?\s*->\s*(\w+)$" % re.escape(p), strip_casts(rhs))
        if m and nset[v] == 1 and v != p:
            alias[v] = m.group(1) + "->"
    for m in re.finditer(r"\b(\w+)\s*\(", f.body):
        prim = PRIM_PUT.match(f.body, m.start())
        if m.group(1) in rel and m.group(1) != f.name or prim:
            a = call_args(f.body, m.end())
            b = arg_base(a[0]) if a else None
            if b not in alias or not (guarded_by(f.body, m.start(), p) or
                                      guarded_by(f.body, m.start(), b)):
                continue
            if b != p and not prim:
                continue                # a known release of p->m: p itself only
            if prim and t in members:
                mm = re.match(r"&\s*\(?\s*\w+\s*\)?\s*(?:->|\.)\s*([\w.>-]+)$", a[0])
                if not mm or alias[b] + mm.group(1) not in members[t]:
                    continue
            elif prim and b != p:
                continue                # through an alias: only a known counter
            return True
    return False


def fd_lookup(f, p, lookups):
    """f resolves its int parameter p as an fd: it indexes a file table with
    it (fdt->fd[p]) or passes it on to another fd lookup"""
    if re.search(r"->fd\s*(?:\[\s*|\+\s*)(?:array_index_nospec\(\s*)?%s\b" % p, f.body):
        return True
    for m in re.finditer(r"\b(\w+)\s*\(", f.body):
        if m.group(1) in lookups and m.group(1) != f.name:
            a = call_args(f.body, m.end())
            if any(j < len(a) and a[j] == p for j in lookups[m.group(1)]):
                return True
    return False


def fd_pairs(tree, cache=None, log=None):
    """the inferred pairs: (pairs, fdacq, acq, ncalls, together), pairs:
    acquirer -> (release, type, functions using both); fdacq: the fd
    lookups among the acquirers.  A pair needs a pointer (or struct) type
    other than void *, and a function of the tree calling both."""
    acq, rel, lookups, ncalls, together, pure, relpos = infer_pairs(tree, cache, log)
    bytype = collections.defaultdict(list)
    for r, t in rel.items():
        bytype[t].append(r)
    pairs = {}
    for a, t in acq.items():
        if t in ("void *", "?") or not ("*" in t or t.startswith("struct ")):
            continue
        rs = [r for r in bytype.get(t, ()) if together[(a, r)]]
        if rs:
            # a plain release first (pure_release()), then the one most
            # often called together with the acquirer
            r = max(rs, key=lambda r: (r in pure, together[(a, r)], ncalls[r], r))
            pairs[a] = (r, t, together[(a, r)], r in pure, relpos.get(r, 0))
    fdacq = {a for a in lookups if a in acq}
    return pairs, fdacq, acq, ncalls, together


def pair_kinds(pairs, fdacq):
    """summary lines for the rules: "acquire A" for the fd lookups that
    return a pointer with a reference and whose pair is confirmed by two
    functions of the tree, "release R" for their releases; with
    AUDIT_ALL_PAIRS=1, "objacquire A" / "objrelease R" for the confirmed
    pairs of every other acquirer (the ref-* rules)"""
    out = set()
    for a in (pairs if os.environ.get("AUDIT_ALL_PAIRS") else fdacq):
        if a in pairs and "*" in pairs[a][1] and pairs[a][2] >= 2:
            fd = a in fdacq
            if not fd and (not pairs[a][3] or pairs[a][4] > 1):
                continue        # the ref-* rules: plain releases of arg 1 or 2
            out.add(("acquire" if fd else "objacquire", a))
            # objrelease1: drops its second argument (sk_psock_put(sk, psock))
            out.add(("release" if fd else "objrelease" + ("1" if pairs[a][4] else ""),
                     pairs[a][0]))
    return fd_pairs_first(out)


def fd_pairs_first(pk):
    """pk less the obj* lines of names that are also an fd lookup's pair
    ("acquire" / "release"): those stay with the fget-* rules"""
    fdnames = {n for k, n in pk if k in ("acquire", "release")}
    return {(k, n) for k, n in pk if not (k.startswith("obj") and n in fdnames)}


def iter_kinds(tree, pk, acqfiles, cache, kinds):
    """objiterN / objiterput / objcursorJ: the macros and hand-written
    loops iterating over an acquirer's results (iterleak.py); the macros
    are defined in the files calling an acquirer"""
    import iterleak
    objacqs = {n for k, n in pk if k == "objacquire"}
    if not objacqs:
        return
    if acqfiles is None:
        acqfiles = grep(tree, r"\b(%s)\s*\(" % "|".join(sorted(objacqs)))
    for f in acqfiles:
        if f not in cache:
            cache[f] = open(os.path.join(tree, f), errors="replace").read()
    iterleak.kinds(tree, objacqs, {n for k, n in pk if k in ("objrelease", "objrelease1")},
                   [cache[f] for f in sorted(acqfiles) if "define" in cache[f]], cache, kinds)


def pairs_main(tree, table):
    pairs, fdacq, acq, ncalls, together = fd_pairs(
        tree, log=lambda m: sys.stderr.write(m + "\n"))
    if not table:
        pk = pair_kinds(pairs, fdacq)
        kinds = {}
        iter_kinds(tree, pk, None, {}, kinds)
        pk |= {(k, n) for n in kinds for k in kinds[n]}
        for k, n in sorted(pk):
            print("%s %s" % (k, n))
        return
    rules = {n for k, n in pair_kinds(pairs, fdacq) if k in ("acquire", "objacquire")}
    print("| acquirer | release | type | functions calling both | fd lookup | in the rules |")
    print("|---|---|---|---|---|---|")
    for a in sorted(pairs, key=lambda a: (a not in fdacq, -pairs[a][2], a)):
        r, t, n = pairs[a][:3]
        print("| %s | %s | `%s` | %d | %s | %s |" % (a, r, t, n, "yes" if a in fdacq else "",
                                                  "yes" if a in rules else ""))
    sys.stderr.write("pairs: %d acquirers, %d pairs, %d fd lookups among the acquirers, "
                     "%d pairs of fd lookups, %d in the rules\n" % (
                         len(acq), len(pairs), len(fdacq), len(fdacq & set(pairs)), len(rules)))


def file_fns(tree, paths, cache, headers=False):
    """the parsed functions (Fn) of the .c files among paths (and of the
    headers, static inline helpers, if headers), read into cache when not
    there yet"""
    fns = []
    for path in sorted(paths):
        if not headers and not path.endswith(".c"):
            continue
        if path not in cache:
            cache[path] = open(os.path.join(tree, path), errors="replace").read()
        for header, body in funcs(cache[path]):
            f = parse_fn(path, header, body)
            if f:
                fns.append(f)
    return fns


def definitions(tree, names, cache, headers=False):
    """the parsed functions (Fn) of the files defining any of names,
    wherever they are in the tree (a line starting a definition: "type
    name(" at column 0, or "name(" there after a line holding the type),
    static inlines of headers too if headers"""
    names, defs = sorted(names), set()
    for i in range(0, len(names), 200):
        defs |= grep(tree, r"^([a-z].*[ *])?(%s)\(" % "|".join(names[i:i + 200]))
    return file_fns(tree, defs, cache, headers)


def held_locals(f, acqset):
    """the locals of f assigned the result of a call to one of acqset"""
    return {v for v, rhs in f.assigns
            if re.match(r"(\w+)\s*\(", strip_casts(rhs)) and
            re.match(r"(\w+)", strip_casts(rhs)).group(1) in acqset}


def out_kinds(fns, kinds, acqset, relset):
    """acqout: returns int and stores a reference it acquired (the result of
    an owner or acquirer, directly or through a local) into a member of an
    object its caller passed (get_clock_desc(id, cd): cd->fp = fget(...)):
    when it succeeds the caller owns that member.  outrel: takes a pointer
    of such an object's type and puts that member (put_clock_desc(cd):
    fput(cd->fp)), the release of it."""
    outs = {}
    for f in fns:
        if f.ret not in ("int", "long"):
            continue
        held = held_locals(f, acqset)
        for p, ty in f.params:
            if not ty.startswith("struct ") or not ty.endswith("*"):
                continue
            for m in re.finditer(r"\b%s\s*->\s*(\w+)\s*=\s*(\w+)\s*(\(?)" % p, f.body):
                if (m.group(2) in acqset) if m.group(3) else (m.group(2) in held):
                    kinds.setdefault(f.name, set()).add("acqout")
                    outs.setdefault(ty, set()).add(m.group(1))
    for f in fns:
        for q, ty in f.params:
            for m in re.finditer(r"\b(\w+)\s*\(\s*%s\s*->\s*(\w+)\s*\)" % q, f.body) \
                    if ty in outs else ():
                if m.group(1) in relset and m.group(2) in outs[ty] and \
                        "acqout" not in kinds.get(f.name, ()):
                    kinds.setdefault(f.name, set()).add("outrel")


def fileout_kinds(fns, kinds, acqset):
    """fileout: returns an int and stores an owned file (the result of an
    owner or acquirer, directly or through a local) through a parameter
    that points to the caller's struct file * or array of them ("*res =
    sock_alloc_file(...)", "res[0] = alloc_file_clone(...)"), or passes
    such a parameter on to another fileout function (__do_pipe_flags() ->
    create_pipe_files()); a fixpoint over the functions read.  When the
    call succeeds the caller owns what it passed the address of."""
    cands = []
    for f in fns:
        if not is_int(f.ret):
            continue
        outp = [p for p, ty in f.params if re.fullmatch(r"struct file \*\*?", ty)]
        if outp:
            cands.append((f, outp))
    held = {f.name: held_locals(f, acqset) for f, _ in cands}
    grown = True
    while grown:
        grown = False
        for f, outp in cands:
            if "fileout" in kinds.get(f.name, ()):
                continue
            for p in outp:
                ok = False
                for m in re.finditer(r"(?:\*\s*%s|\b%s\s*\[[^\]]*\])\s*=(?!=)\s*(\w+)\s*(\(?)"
                                     % (p, p), f.body):
                    if (m.group(1) in acqset) if m.group(2) else (m.group(1) in held[f.name]):
                        ok = True
                for m in re.finditer(r"\b(\w+)\s*\(", f.body):
                    if "fileout" in kinds.get(m.group(1), ()) and \
                            p in call_args(f.body, m.end()):
                        ok = True
                if ok:
                    kinds.setdefault(f.name, set()).add("fileout")
                    grown = True
                    break


def release_tests(tree, cache, kinds, rels):
    """relnullok / relerrok: a release whose body tests its (first pointer)
    parameter for NULL (dma_fence_put(): "if (fence)"; dma_buf_put():
    "WARN_ON(!dmabuf ...)") / for an error pointer (IS_ERR(p),
    IS_ERR_OR_NULL(p)): calling it with one is no crash.  The definitions
    are read wherever they are in the tree, headers too (static inlines)."""
    for f in definitions(tree, rels, cache, headers=True):
        if f.name not in rels:
            continue
        ps = [p for p, ty in f.params if "*" in ty]
        if not ps:
            continue
        p = re.escape(ps[0])
        if re.search(r"!\s*%s\b(?!\s*->)|\b%s\s*[=!]=\s*NULL|\bif\s*\(\s*(?:likely\()?%s\s*\)"
                     r"|\b%s\s*&&|IS_ERR_OR_NULL\(\s*%s\s*\)" % (p, p, p, p, p), f.body):
            kinds.setdefault(f.name, set()).add("relnullok")
        if re.search(r"\bIS_ERR(?:_OR_NULL)?\(\s*%s\s*\)" % p, f.body):
            kinds.setdefault(f.name, set()).add("relerrok")


def keep_names():
    """the name regex of fget-leak's guessed hand-offs (audit/rules)"""
    rule = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules", "fget-leak.cocci")
    m = re.search(r'identifier keep =~ "([^"]+)"', open(rule).read())
    return re.compile(m.group(1))


def okstore_kinds(tree, fns, cache, kinds, acqset):
    """okstore: a function whose name says it keeps what it is passed
    (fget-leak's guessed hand-offs), called with an acquired reference, and
    whose body shows that it stores a pointer parameter only after a
    failure exit and never puts it (ocxl_irq_set_handler(): idr_find()
    fails -> -EINVAL; else irq->private = private): the reference is
    handed off only when the call succeeds.  Its definition is read
    wherever it is in the tree."""
    keep, want = keep_names(), set()
    for f in fns:
        held = held_locals(f, acqset)
        for m in re.finditer(r"\b(\w+)\s*\(", f.body):
            if m.group(1) in acqset or not keep.search(m.group(1)):
                continue
            if held & set(call_args(f.body, m.end())):
                want.add(m.group(1))
    if not want:
        return
    for f in definitions(tree, want, cache):
        if f.name not in want or f.ret not in ("int", "long"):
            continue
        for p, ty in f.params:
            if "*" not in ty:
                continue
            st = re.search(r"[\w\]]\s*(?:->|\.)\s*\w+\s*=\s*%s\s*;" % p, f.body)
            if not st or re.search(r"\b\w*(?:put|free|close|release)\w*\s*\(\s*%s\s*\)" % p,
                                   f.body):
                continue
            if re.search(r"\breturn\s+(?!0\s*;)[^;]+;|\bgoto\s+\w+\s*;", f.body[:st.start()]):
                kinds.setdefault(f.name, set()).add("okstore")


NOT_CALLS = {"if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__",
             "defined", "likely", "unlikely", "READ_ONCE", "WARN_ON", "WARN_ON_ONCE",
             "BUG_ON", "IS_ERR", "PTR_ERR", "IS_ERR_OR_NULL", "ERR_PTR", "ERR_CAST"}


def callee_consume_kinds(tree, fns, cache, kinds, acqset):
    """fconsume for the callees that the files read do not define: a
    function passed a held file (a local assigned an owner's or acquirer's
    result, or filled through "&v" by a fileout call) by a function read
    here, whose own definition, wherever it is in the tree, puts its
    struct file * parameter or stores it in a member ("btp->bt_bdev_file =
    bdev_file;"): the caller handed the reference over.  Only its success
    path may keep it (xfs_alloc_buftarg() frees btp and returns NULL on
    failure), so this is a hand-off for the leak rules, which look at the
    success side.  Static callees of the files read are summarized by the
    main pass already."""
    fo = {n for n in kinds if "fileout" in kinds[n]}
    known = {f.name for f in fns} | set(acqset) | NOT_CALLS

    def held(f):
        h = held_locals(f, acqset)
        for m in re.finditer(r"\b(\w+)\s*\(", f.body):
            if m.group(1) in fo:
                h |= {a[1:].strip() for a in call_args(f.body, m.end())
                      if re.fullmatch(r"&\s*\w+", a)}
        return h
    want = held_callees(fns, held, lambda n: n in known or
                        kinds.get(n, set()) & {"fconsume", "pborrow", "fgetref"})
    if not want:
        return
    for f in definitions(tree, want, cache):
        if f.name not in want:
            continue
        for p, ty in f.params:
            if ty == "struct file *" and releases_or_stores(f, p, "fput"):
                kinds.setdefault(f.name, set()).add("fconsume")


def held_callees(fns, held, skip):
    """the functions that a function of fns passes one of its held locals
    (held(f)) to, less those skip(name) rules out"""
    want = set()
    for f in fns:
        h = held(f)
        if not h:
            continue
        for m in re.finditer(r"\b(\w+)\s*\(", f.body):
            n = m.group(1)
            if n not in want and not skip(n) and h & set(call_args(f.body, m.end())):
                want.add(n)
    return want


def releases_or_stores(f, p, rels):
    """f calls one of rels (a regex alternation) on its parameter p, or
    stores p in a member ("btp->bt_bdev_file = bdev_file;")"""
    p = re.escape(p)
    return bool(re.search(r"\b(?:%s)\s*\(\s*%s\s*\)|[\w\]]\s*(?:->|\.)\s*\w+\s*=\s*%s\s*;"
                          % (rels, p, p), f.body))


def obj_consume_kinds(tree, fns, cache, kinds, objacqs, objrels):
    """objconsume (--all-pairs, the ref-* rules): a function that a held
    reference of another object is passed to (a local assigned an
    "objacquire" result), and whose definition, in the files read or
    wherever the tree has it, releases its pointer parameter with an
    inferred release ("objrelease") or stores it in a member on some path
    (btmrvl_check_evtpkt() frees the skb it is given when it handles it):
    the caller may have handed the reference over, so its leak rule takes
    the call as a hand-off."""
    if not objacqs or not objrels:
        return
    rels = "|".join(sorted(objrels))
    byname = {f.name: f for f in fns}
    want = held_callees(fns, lambda f: held_locals(f, objacqs),
                        lambda n: n in NOT_CALLS or n in objacqs or n in objrels)
    defs = [byname[n] for n in want if n in byname]
    other = want - set(byname)
    if other:
        defs += [f for f in definitions(tree, other, cache) if f.name in other]
    for f in defs:
        for q, ty in f.params:
            if "*" in ty and releases_or_stores(f, q, rels):
                kinds.setdefault(f.name, set()).add("objconsume")


def pair_kinds_of(tree):
    """the "acquire" / "release" summary lines of the tree's fd lookups
    (run in a worker process, beside the rest of the first pass)"""
    return pair_kinds(*fd_pairs(tree)[:2])


def main():
    if sys.argv[1] == "--specialize":
        return specialize(sys.argv[2])
    if sys.argv[1] in ("--pairs", "--pairs-table"):
        return pairs_main(sys.argv[2], sys.argv[1] == "--pairs-table")
    tree, files_out, sum_out = sys.argv[1:4]
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fieldleak
    # the pair inference needs nothing of the passes below: it runs in a
    # second process from the start (the first pass is a third of a run)
    import multiprocessing
    pool = multiprocessing.get_context("fork").Pool(1)
    pairs_job = pool.apply_async(pair_kinds_of, (tree,))
    owners, seen_files, cache = set(SEEDS), set(), {}
    kinds = {}
    new = set(SEEDS)
    while new:
        files = grep(tree, r"\b(%s)\s*\(" % "|".join(sorted(new))) - seen_files
        seen_files |= files
        new = set()
        for f in files:
            if f not in cache:
                cache[f] = open(os.path.join(tree, f), errors="replace").read()
        # re-examine every file seen so far against the grown owner set
        pat = re.compile(r"\b(%s)\s*\(" % "|".join(sorted(owners)))
        for f in seen_files:
            for header, body in funcs(cache[f]):
                n = name_of(header)
                if not n or n in owners or not re.search(r"struct\s+file\s*\*\s*(\w+\s+)*\w+\s*\(",
                                                           header):
                    continue
                ok = bool(re.search(r"\breturn\s+" + pat.pattern, body))
                for v in re.findall(r"\b(\w+)\s*=\s*" + pat.pattern, body):
                    v = re.escape(v[0])
                    # not when it puts the file just before returning it:
                    # a raw pointer to compare (get_file_raw_ptr())
                    if returns(v, body) and not re.search(
                            r"\bfput\(\s*%s\s*\)\s*;\s*return\s+%s\s*;" % (v, v), body):
                        ok = True
                # a reference taken on a file it then returns (epi_fget():
                # atomic_long_inc_not_zero(&file->f_count); get_file(file)
                # when the file is not also stored)
                for m in re.finditer(r"\b(?:atomic_long_inc_not_zero\(\s*&\s*(\w+)->f_count|"
                                     r"get_file_rcu\(\s*(\w+)|get_file\(\s*(\w+))\s*\)", body):
                    v = next(g for g in m.groups() if g)
                    if returns(v, body) and \
                            not re.search(r"=\s*%s\s*;" % v, body):
                        ok = True
                if ok:
                    owners.add(n)
                    new.add(n)
    sel = grep(tree, FD_API) | grep(tree, PUTS) | seen_files
    # fd-installed: files that install a file in the fd table (a put after
    # it, or a reference taken after it)
    sel |= grep(tree, INSTALLS)
    for f in sel:
        if f.endswith(".c") and f not in cache:
            cache[f] = open(os.path.join(tree, f), errors="replace").read()
    # one pass over the selected functions: fconsume / fdputs / fdborrow
    # from their struct file * and struct fd parameters;
    # putfield / fieldputter: a function that puts a file or socket it finds
    # in a field of an object (fput(s->sock->file), sockfd_put(s->sock),
    # fput(o->file)): passing the object to it (or starting it as a
    # thread on the object) hands the reference in that field over.
    # errput: a function whose caller puts the file / socket it passed
    # when the call failed (err = f(..., sock); ... else sockfd_put(sock))
    fieldpat = re.compile(r"\b(?:fput\(\s*\w+->(\w+)->file\s*\)|sockfd_put\(\s*\w+->(\w+)\s*\)"
                          r"|fput\(\s*\w+->(\w+)\s*\))")
    callpat = re.compile(r"\b(\w+)\s*=\s*(\w+)\s*\(([^;]*?)\b(\w+)\s*\)\s*;")
    for f in sel:
        if f not in cache:      # headers too: static inline helpers
            cache[f] = open(os.path.join(tree, f), errors="replace").read()
        for header, body in funcs(cache[f]):
            n = name_of(header)
            if not n:
                continue
            for p in params(header, r"struct\s+file\s*\*"):
                if re.search(r"!\s*%s\b(?!\s*->)|\b%s\s*&&|\b%s\s*==\s*NULL|IS_ERR_OR_NULL\(\s*%s\s*\)"
                             % (p, p, p, p), body):
                    kinds.setdefault(n, set()).add("fnullok")
                kept = re.search(r"\bfput\(\s*%s\s*\)|=\s*%s\s*;" % (p, p), body)
                # the file itself, not fd_install(fd, get_file(p)): that
                # installs a new reference and leaves p to the caller
                inst = re.search(r"\bfd_install\(\s*[^,;]+,\s*%s\s*\)" % p, body)
                if kept or inst:
                    kinds.setdefault(n, set()).add("fconsume")
                # fgetref: takes its own reference on the file
                # (fd_install(fd, get_file(file))) and neither puts nor
                # stores the caller's: a name that says it keeps its
                # parameter ("install", "attach") is wrong about this one
                elif re.search(r"\bget_file\(\s*%s\s*\)" % p, body):
                    kinds.setdefault(n, set()).add("fgetref")
                # installok: installs the file in the fd table only after
                # a failure exit (and never puts or stores it): when it
                # fails, the file is still the caller's
                if inst and not kept and \
                        re.search(r"\b(return\s+[^;]+|goto\s+\w+)\s*;", body[:inst.start()]):
                    kinds.setdefault(n, set()).add("installok")
            # fdinstaller: returns an fd it installed (fd_install(fd, ...);
            # ... return fd;) or the result of an installing call
            for v in re.findall(r"\bfd_install\(\s*(\w+)\s*,", body):
                if re.search(r"\breturn\s+%s\s*;" % v, body):
                    kinds.setdefault(n, set()).add("fdinstaller")
            if re.search(r"\breturn\s+(%s)\s*\(" % GETFD, body):
                kinds.setdefault(n, set()).add("fdinstaller")
            for p in params(header, r"struct\s+fd"):
                if re.search(r"\bfd_empty\(\s*%s\s*\)|!\s*fd_file\(\s*%s\s*\)|!\s*%s\.file\b" %
                             (p, p, p), body):
                    kinds.setdefault(n, set()).add("fdcheck")
                if re.search(r"\bfdput(_pos)?\(\s*%s\s*\)" % p, body):
                    kinds.setdefault(n, set()).add("fdputs")
                elif not re.search(r"=\s*%s\s*;|&\s*%s\b" % (p, p), body):
                    kinds.setdefault(n, set()).add("fdborrow")
            pp = [p for p in (param_names(header) or ())
                  if re.search(r"\*\s*%s\s*(?:,|\)\s*$)" % p, header)]
            if pp and all(borrowed(body, p) for p in pp):
                kinds.setdefault(n, set()).add("pborrow")
            ps = set(param_names(header) or ())
            for m in GETREF.finditer(body):
                a = call_args(body, m.end())
                base = re.match(r"&?\s*\(?\s*(\w+)", a[0]) if a else None
                if base and base.group(1) in ps and m.group(1) != n:
                    kinds.setdefault(n, set()).add("refgetter")
            for m in fieldpat.finditer(body):
                kinds.setdefault(n, set()).add("fieldputter")
                kinds.setdefault(next(g for g in m.groups() if g), set()).add("putfield")
            for m in callpat.finditer(body):
                v = m.group(4)
                if re.search(r"\b(sockfd_put\(\s*%s\s*\)|fput\(\s*%s(->file)?\s*\))" % (v, v),
                             body[m.end():m.end() + 300]):
                    kinds.setdefault(m.group(2), set()).add("errput")
    # retput0/1/2: puts its first / second / third parameter (a pointer:
    # fput(), sock_put(), sockfd_put()) only on paths that then return
    # something other than 0, and returns 0 elsewhere (netlink_attachskb():
    # "sock_put(sk); ... return 1;", "return 0;" when it keeps the
    # reference): a caller that puts it again after a non-zero result puts
    # it twice.  argput: puts one of its pointer parameters on some path
    # (netlink_detachskb()), a put for that caller-side rule.  Every file
    # with such a put is read, selected or not.
    putpat = r"\b(?:fput|sock_put|sockfd_put)\(\s*%s\s*\)\s*;"
    for f in grep(tree, r"\b(fput|sock_put|sockfd_put)\s*\("):
        if f not in cache:
            cache[f] = open(os.path.join(tree, f), errors="replace").read()
        for header, body in funcs(cache[f]):
            n, ps = name_of(header), param_names(header)
            if not n or not ps:
                continue
            for i, p in enumerate(ps):
                if not re.search(r"\*\s*%s\s*(?:,|\)\s*$)" % p, header):
                    continue
                puts = list(re.finditer(putpat % p, body))
                if not puts:
                    continue
                kinds.setdefault(n, set()).add("argput")
                if i > 2 or not re.search(r"\breturn\s+0\s*;", body):
                    continue
                after = [re.search(r"\breturn\b\s*([^;]*);", body[m.end():]) for m in puts]
                if all(r and r.group(1).strip() not in ("", "0") for r in after):
                    kinds.setdefault(n, set()).add("retput%d" % i)
    # lookups: name -> set of the argument positions that are the fd
    # (0: the first argument; "lookup1": the second, e.g. svc_alien_sock(net,
    # fd); "lookup2": the third), so that a lookup function's other
    # arguments (a request, a context) are not taken for the fd
    lookups = {n: {0} for n in LOOKUP_SEEDS}
    bodies, parsed, todo = [], set(), sel
    while todo:
        for f in todo:
            if f.endswith(".c") and f not in parsed:
                parsed.add(f)
                if f not in cache:
                    cache[f] = open(os.path.join(tree, f), errors="replace").read()
                for header, body in funcs(cache[f]):
                    n = name_of(header)
                    ps = param_names(header)
                    if n and ps is not None:
                        bodies.append((n, ps, body))
        grown = True
        while grown:
            grown = False
            pat = re.compile(r"\b(%s)\s*\(" % "|".join(sorted(lookups)))
            for n, ps, body in bodies:
                for m in pat.finditer(body):
                    args = call_args(body, m.end())
                    for j in lookups[m.group(1)]:
                        if j < len(args) and args[j] in ps and ps.index(args[j]) <= 2:
                            k = ps.index(args[j])
                            if k not in lookups.setdefault(n, set()):
                                lookups[n].add(k)
                                grown = True
        # the callers of the lookup functions (fd-twice through a callee:
        # svc_alien_sock(net, fd) then svc_addsock(serv, net, fd, ...))
        extra = set(lookups) - set(LOOKUP_SEEDS)
        todo = (grep(tree, r"\b(%s)\s*\(" % "|".join(sorted(extra))) - sel) if extra else set()
        sel |= todo
    for n in set(lookups) - set(LOOKUP_SEEDS):
        for k in lookups[n]:
            kinds.setdefault(n, set()).add("lookup" + (str(k) if k else ""))
    # acquire / release: the inferred pairs of the fd lookups (AUDIT_PAIRS:
    # a "summary.py --pairs" output of the whole tree, for runs on a few
    # files of it, tests/corpus); the files calling an acquirer are read
    pk = pairs_job.get()
    pool.close()
    pool.join()
    if os.environ.get("AUDIT_PAIRS"):
        pk |= {tuple(l.split()) for l in open(os.environ["AUDIT_PAIRS"]) if len(l.split()) == 2}
    pk = fd_pairs_first(pk)    # a pair of an fd lookup in either source
    for k, n in pk:
        kinds.setdefault(n, set()).add(k)
    acqs = sorted(n for k, n in pk if k in ("acquire", "objacquire"))
    if acqs:
        acqfiles = grep(tree, r"\b(%s)\s*\(" % "|".join(acqs))
        sel |= acqfiles
        iter_kinds(tree, pk, acqfiles, cache, kinds)
    fns = file_fns(tree, sel, cache)     # parsed once for the three passes
    okstore_kinds(tree, fns, cache, kinds, owners | set(acqs))
    fieldleak.kinds(tree, fns, cache, kinds, owners | set(acqs))
    rels = {"fput", "sockfd_put", "dma_buf_put"} | {n for k, n in pk if k in ("release", "objrelease", "objrelease1")}
    out_kinds(fns, kinds, owners | set(acqs), rels)
    fileout_kinds(fns, kinds, owners | set(acqs))
    callee_consume_kinds(tree, fns, cache, kinds, owners | set(acqs))
    obj_consume_kinds(tree, fns, cache, kinds, {n for k, n in pk if k == "objacquire"},
                      {n for k, n in pk if k in ("objrelease", "objrelease1")})
    # the callers of the fileout functions (fileout-leak checks them)
    fo = sorted(n for n in kinds if "fileout" in kinds[n])
    for i in range(0, len(fo), 200):
        sel |= grep(tree, r"\b(%s)\s*\(" % "|".join(fo[i:i + 200]))
    release_tests(tree, cache, kinds, rels)
    with open(sum_out, "w") as out:
        for n in sorted(owners - {"get_file"}):
            out.write("owner %s\n" % n)
        for n in sorted(kinds):
            for k in sorted(kinds[n]):
                out.write("%s %s\n" % (k, n))
    with open(files_out, "w") as out:
        out.write("".join(f + "\n" for f in sorted(sel)))


if __name__ == "__main__":
    main()

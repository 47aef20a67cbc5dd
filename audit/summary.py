#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""First pass of the fd-lifetime auditor: per-function summaries computed
from the tree, and the list of files the rules must look at.

Usage: summary.py TREE FILES_OUT SUMMARY_OUT
       summary.py --specialize SUMMARY < RULES.cocci > RULES.cocci
The second form puts the computed names into the rules: a metavariable
line ending in "// @KIND@" gets the KIND names added to its {...} list (or
to its =~ "..." regex as whole names), so spatch matches plain names and
needs no python per candidate.

SUMMARY_OUT gets one "KIND name" line per function:
  owner      returns an owned struct file * (the result of fget*(), of an
             opener, or of another owner, directly or through a local, or
             a file it took a reference on: get_file(), get_file_rcu(),
             atomic_long_inc_not_zero(&f->f_count));
             computed to a fixpoint over the whole tree from the seed list
  fconsume   takes a struct file * parameter and fput()s or stores it
             (passing a file to it hands the reference off)
  installok  takes a struct file * parameter and fd_install()s it after a
             failure exit, never puts or stores it (the file is the
             caller's again when the call fails)
  fdinstaller  returns an fd that it installed in the fd table (the fd is
             the table's: put_unused_fd() of it is wrong)
  fdcheck    takes a struct fd by value and tests it for emptiness
             (is_perf_file() in the patched tree): a call is a test
  fdborrow   takes a struct fd by value and never puts or stores it
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
FILES_OUT gets the .c/.h files (outside tools/) that mention the fd API, a
put, a lookup, any owner, a caller of a lookup function, or an fd install
(fd_install(), dma_buf_fd(), anon_inode_getfd()).
"""
import os, re, subprocess, sys

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


def funcs(text):
    code = mut.mask(text)
    for s, o, e in mut.functions(code):
        yield code[s:o], code[o:e + 1]


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
        m = re.search(r"// @(\w+)@\s*$", line)
        names = [n for n in kinds.get(m.group(1), []) if n not in clash] if m else []
        if names and "{" in line:
            a, b = line.index("{") + 1, line.rindex("}")
            old = [x.strip() for x in line[a:b].split(",") if x.strip()]
            line = line[:a] + ", ".join(old + sorted(set(names) - set(old))) + line[b:]
        elif names and '=~ "' in line:
            a = line.index('=~ "') + 4
            b = line.index('"', a)
            line = line[:b] + "|^(%s)$" % "|".join(sorted(names)) + line[b:]
        sys.stdout.write(line)


def main():
    if sys.argv[1] == "--specialize":
        return specialize(sys.argv[2])
    tree, files_out, sum_out = sys.argv[1:4]
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
                    if re.search(r"\breturn\s+%s\s*;" % v, body) and not re.search(
                            r"\bfput\(\s*%s\s*\)\s*;\s*return\s+%s\s*;" % (v, v), body):
                        ok = True
                # a reference taken on a file it then returns (epi_fget():
                # atomic_long_inc_not_zero(&file->f_count); get_file(file)
                # when the file is not also stored)
                for m in re.finditer(r"\b(?:atomic_long_inc_not_zero\(\s*&\s*(\w+)->f_count|"
                                     r"get_file_rcu\(\s*(\w+)|get_file\(\s*(\w+))\s*\)", body):
                    v = next(g for g in m.groups() if g)
                    if re.search(r"\breturn\s+%s\s*;" % v, body) and \
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
                inst = re.search(r"\bfd_install\([^;]*\b%s\s*\)" % p, body)
                if kept or inst:
                    kinds.setdefault(n, set()).add("fconsume")
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

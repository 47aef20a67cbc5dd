#!/usr/bin/env python3
"""layout.py: the common path of the hot fd users, from objdump of the objects.

  layout.py OUTDIR NAME:BASE_BUILD:PATCHED_BUILD...

For each function of TARGETS, in each build folder, reads
`objdump -dr --no-show-raw-insn OBJECT` and follows its common path: fd
valid, FDPUT_FPUT and FDPUT_POS_UNLOCK clear.  The path never calls
fput()/__f_unlock_pos(), a KASAN report or a noreturn function, and goes:
  - from the start (the function's entry, "entry"; or the fdget*() call,
    "fdget", for a function inlined into a big one; or the fdget*() call,
    "loop", for one trip round a loop over fds) to the call to fdget*() and
    on to the call that does the operation (the anchor, e.g. vfs_read() or
    ->poll()) the shortest way (fewest instructions, then fewest taken
    branches): that is the way with a valid fd and no error;
  - after the anchor, "loop": the shortest way back to the fdget*() call
    (the next fd; nothing found, so no result bits set); otherwise the
    compiler's layout to the return: fall through each conditional branch
    unless the fall-through runs straight into one of the calls above.
A call counts as one instruction; its callee is not followed.

On that path, a conditional branch whose other side runs straight on (no
conditional branch, at most GUARD_WALK instructions, not back onto the
path) to a call to fput() or __f_unlock_pos() is an fdput() guard: the
slow path is out of line when the path falls through the branch, in line
when the path has to jump over it.  Writes OUTDIR/layout.md and
OUTDIR/layout/*.path (each path, instruction by instruction).  Exit 1 if
a patched kernel has an fput() guard in line where the baseline had all
of them out of line, 2 if an object, function or path is not found.
"""
import heapq
import os
import re
import subprocess
import sys

# label, object, where it is (first symbol found: it or its inliner), mode,
# anchors (the callees that do the operation; "*": an indirect call)
TARGETS = [
    ("do_pollfd", "fs/select.o", ["do_poll", "do_sys_poll"], "loop", "*"),
    ("do_select", "fs/select.o", ["do_select", "core_sys_select"], "loop", "*"),
    ("ksys_read", "fs/read_write.o", ["ksys_read", "__x64_sys_read"], "entry", "vfs_read"),
    ("ksys_write", "fs/read_write.o", ["ksys_write", "__x64_sys_write"], "entry", "vfs_write"),
    ("ksys_lseek", "fs/read_write.o", ["ksys_lseek", "__x64_sys_lseek"], "entry",
     "vfs_llseek *"),
    ("map_lookup_elem", "kernel/bpf/syscall.o", ["map_lookup_elem", "__sys_bpf"], "fdget",
     "bpf_map_copy_value"),
    ("map_update_elem", "kernel/bpf/syscall.o", ["map_update_elem", "__sys_bpf"], "fdget",
     "bpf_map_update_value"),
]
MODE_TEXT = {"entry": "from entry", "fdget": "from fdget", "loop": "per fd"}
FDGET = re.compile(r"^(__)?fdget(_raw|_pos)?$")
SLOW = re.compile(r"^(fput|fput_many|__fput_sync|____fput|__f_unlock_pos)$")
FPUT = re.compile(r"^(fput|fput_many|__fput_sync|____fput)$")
COLD = re.compile(r"^(__asan_report|__kasan_report|kasan_report|__ubsan_handle|"
                  r"__stack_chk_fail|__warn_printk|warn_slowpath|report_bug|panic$|"
                  r"do_exit$|__fortify_panic|fortify_panic)")
PREFIXES = {"lock", "rep", "repz", "repnz", "repe", "repne", "notrack", "bnd", "cs", "ds",
            "ss", "es", "fs", "gs", "data16", "addr32"}
GUARD_WALK = 32


class Insn:
    __slots__ = ("key", "text", "op", "args", "reloc", "next")

    def __init__(self, key, text):
        self.key, self.text, self.reloc, self.next = key, text, None, None
        words = text.split()
        while words and words[0] in PREFIXES:
            words = words[1:]
        self.op = words[0] if words else "nop"
        self.args = " ".join(words[1:])


def disassemble(obj):
    """Instructions by key (section, address); symbols: name -> key; the
    symbol each instruction belongs to: key -> name."""
    out = subprocess.run(["objdump", "-dr", "--no-show-raw-insn", obj], check=True,
                         capture_output=True, text=True).stdout
    insns, syms, owner, sec, cur, prev = {}, {}, {}, None, None, None
    for line in out.splitlines():
        m = re.match(r"^Disassembly of section (\S+):$", line)
        if m:
            sec, prev = m.group(1), None
            continue
        m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if m:
            cur = m.group(2)
            syms[cur] = (sec, int(m.group(1), 16))
            continue
        m = re.match(r"^\s+[0-9a-f]+: (R_X86_64_\w+)\s+(.+)$", line)
        if m and prev:
            prev.reloc = m.group(2)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\t(.*)$", line)
        if m and sec:
            ins = Insn((sec, int(m.group(1), 16)), m.group(2).strip())
            if prev:
                prev.next = ins.key
            insns[ins.key] = ins
            owner[ins.key] = cur
            prev = ins
    return insns, syms, owner


def split_reloc(r):
    m = re.match(r"^(.+?)([+-]0x[0-9a-f]+)?$", r)
    return m.group(1), int(m.group(2) or "0", 16)


def target(ins, syms):
    """Where a call/jmp goes: ("insn", key), ("ext", name) or ("ind", None)."""
    if ins.args.startswith("*"):
        return ("ind", None)
    if ins.reloc:
        name, add = split_reloc(ins.reloc)
        if name.startswith("."):
            return ("insn", (name, add + 4))
        if name.startswith("__x86_indirect_thunk") or name.startswith("__x86_indirect_call_thunk"):
            return ("ind", None)
        if name in syms:
            s, a = syms[name]
            return ("insn", (s, a + add + 4))
        return ("ext", name)
    m = re.match(r"^([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>", ins.args)
    if not m:
        return ("ind", None)
    return ("insn", (ins.key[0], int(m.group(1), 16)))


class Graph:
    def __init__(self, obj, container):
        self.insns, self.syms, self.owner = disassemble(obj)
        self.container = container
        self.starts = {v: k for k, v in self.syms.items()}

    def callee(self, ins):
        """Name of what ins calls or jumps to, without gcc's clone suffixes
        (.isra.0, .constprop.0, ...); "*" when indirect."""
        kind, t = target(ins, self.syms)
        if kind == "ind":
            return "*"
        name = t if kind == "ext" else self.starts.get(t, self.owner.get(t) or "?")
        return name.split(".")[0] or name

    def mine(self, key):
        """key is in the container or in a part of it (.cold)?"""
        o = self.owner.get(key) or ""
        return o == self.container or o.startswith(self.container + ".")

    def succ(self, key):
        """[(next key, taken?)]; [] at an exit or a dead end."""
        ins = self.insns[key]
        op = ins.op
        if op.startswith("ret") or op in ("ud2", "int3", "hlt"):
            return []
        if op.startswith("call"):
            c = self.callee(ins)
            if SLOW.match(c) or COLD.match(c):
                return []
            return [(ins.next, False)] if ins.next else []
        if op.startswith("j"):
            kind, t = target(ins, self.syms)
            out = []
            if op != "jmp" and ins.next:
                out.append((ins.next, False))
            if kind == "insn" and t in self.insns and self.mine(t):
                out.append((t, True))
            return out
        return [(ins.next, False)] if ins.next else []

    def is_exit(self, key):
        ins = self.insns[key]
        if ins.op.startswith("ret"):
            return True
        if ins.op == "jmp":   # tail call, return thunk, indirect jump
            kind, t = target(ins, self.syms)
            return kind != "insn" or not self.mine(t)
        return False

    def shortest(self, start, goal):
        """Path (list of keys, taken flags) from start's successors to a key
        with goal(key), by (instructions, taken branches); None if none."""
        dist, prev, heap = {}, {}, []
        for n, tk in self.succ(start):
            c = (1, int(tk))
            if n not in dist or c < dist[n]:
                dist[n], prev[n] = c, (start, tk)
                heapq.heappush(heap, (c, n))
        while heap:
            c, k = heapq.heappop(heap)
            if c > dist[k]:
                continue
            if goal(k):
                path = [k]
                taken = []
                while path[-1] != start:
                    p, tk = prev[path[-1]]
                    taken.append(tk)
                    path.append(p)
                return path[::-1][1:], taken[::-1]
            for n, tk in self.succ(k):
                nc = (c[0] + 1, c[1] + int(tk))
                if n not in dist or nc < dist[n]:
                    dist[n], prev[n] = nc, (k, tk)
                    heapq.heappush(heap, (nc, n))
        return None


def is_call_to(g, key, pred):
    ins = g.insns[key]
    return ins.op.startswith("call") and pred(g.callee(ins))


def slow_side(g, key, hot=()):
    """Straight on from key (no conditional branch passed, at most GUARD_WALK
    instructions, not back on the hot path), is the first call one to
    fput() ("fput"), __f_unlock_pos() ("unlock"), a KASAN report or a
    noreturn function ("cold")?"""
    for _ in range(GUARD_WALK):
        if key not in g.insns or key in hot:
            return None
        ins = g.insns[key]
        if ins.op.startswith("call") or (ins.op == "jmp" and g.is_exit(key)):
            c = g.callee(ins)
            return "fput" if FPUT.match(c) else "unlock" if SLOW.match(c) else \
                "cold" if COLD.match(c) else None
        if ins.op in ("ud2", "int3"):
            return "cold"
        if ins.op.startswith("ret") or (ins.op.startswith("j") and ins.op != "jmp"):
            return None
        if ins.op == "jmp":
            kind, t = target(ins, g.syms)
            if kind != "insn":
                return None
            key = t
        else:
            key = ins.next
    return None


def fall_through(g, start):
    """From start's successors to an exit the way the compiler laid it out:
    fall through every conditional branch unless that runs into fput(),
    __f_unlock_pos() or a KASAN report (then the branch is taken)."""
    keys, taken, k, seen = [], [], start, {start}
    while True:
        succ = g.succ(k)
        if not succ:
            return None
        n, tk = succ[0]
        if len(succ) == 2 and slow_side(g, n) and not slow_side(g, succ[1][0]):
            n, tk = succ[1]
        if n in seen:
            return None
        seen.add(n)
        keys.append(n)
        taken.append(tk)
        if g.is_exit(n):
            return keys, taken
        k = n


def hot_path(g, mode, anchor):
    ent = g.syms[g.container]
    calls = [k for k in sorted(g.insns) if g.mine(k) and is_call_to(g, k, FDGET.match)]
    is_anchor = set(anchor.split()).__contains__
    best = None
    for c in calls:
        keys, taken = [], []
        if mode == "entry":
            seg = g.shortest(ent, lambda k, c=c: k == c)
            if seg is None:
                continue
            keys, taken = [ent] + seg[0], seg[1]
        else:
            keys = [c]
        seg = g.shortest(keys[-1], lambda k: is_call_to(g, k, is_anchor))
        if seg is None:
            continue
        keys, taken = keys + seg[0], taken + seg[1]
        if mode == "loop":
            seg = g.shortest(keys[-1], lambda k, c=c: k == c)
            if seg is None:
                continue
            keys, taken = keys + seg[0][:-1], taken + seg[1]
        else:
            seg = fall_through(g, keys[-1])
            if seg is None:
                continue
            keys, taken = keys + seg[0], taken + seg[1]
        cost = (len(keys), sum(taken))
        if best is None or cost < best[0]:
            best = (cost, keys, taken)
    return best


def guards(g, keys, taken):
    """{branch key: (fput or unlock, slow path in line?)}: the fdput() guards
    on the path."""
    out, hot = {}, set(keys)
    for i, tk in enumerate(taken):
        ins = g.insns[keys[i]]
        if not ins.op.startswith("j") or ins.op == "jmp":
            continue
        kind, t = target(ins, g.syms)
        other = ins.next if tk else (t if kind == "insn" else None)
        kind = other is not None and slow_side(g, other, hot)
        if kind in ("fput", "unlock"):
            out[keys[i]] = (kind, tk)
    return out


def analyse(build, label, obj, containers, mode, anchor):
    path = os.path.join(build, obj)
    if not os.path.exists(path):
        return None, "%s missing" % path
    g = Graph(path, None)
    found = next((s for c in containers for s in sorted(g.syms)
                  if s == c or (s.startswith(c + ".") and ".cold" not in s)), None)
    if found is None:
        return None, "none of %s in %s" % (", ".join(containers), path)
    g.container = found
    best = hot_path(g, mode, anchor)
    if best is None:
        return None, "no hot path in %s (%s)" % (found, path)
    (n, nt), keys, taken = best
    gd = guards(g, keys, taken)
    listing = []
    for i, k in enumerate(keys):
        ins = g.insns[k]
        mark = " taken" if i < len(taken) and taken[i] else ""
        if k in gd:
            mark += " [%s guard: %s]" % (gd[k][0], "in line" if gd[k][1] else "out of line")
        extra = " -> " + g.callee(ins) if ins.op.startswith("call") else ""
        listing.append("%s+%#x\t%s%s%s" % (k[0], k[1], ins.text, extra, mark))
    ool = {kind: ooline([il for kd, il in gd.values() if kd == kind])
           for kind in ("fput", "unlock")}
    return {"container": found, "insns": n, "taken": nt, "ool": ool,
            "listing": listing}, None


def ooline(inline):
    """yes: every guard of the kind keeps its slow path out of line."""
    if not inline:
        return "n/a"
    k = sum(inline)
    return "yes" if not k else "no" if k == len(inline) else \
        "no (%d of %d in line)" % (k, len(inline))


def main():
    outdir, pairs = sys.argv[1], sys.argv[2:]
    os.makedirs(os.path.join(outdir, "layout"), exist_ok=True)
    rows, fails, errors = [], [], []
    for pair in pairs:
        cc, base, patched = pair.split(":", 2)
        for label, obj, containers, mode, anchor in TARGETS:
            res = {}
            for kern, build in (("base", base), ("patched", patched)):
                r, err = analyse(build, label, obj, containers, mode, anchor)
                if err:
                    errors.append("%s %s %s: %s" % (cc, kern, label, err))
                    continue
                res[kern] = r
                with open(os.path.join(outdir, "layout", "%s-%s-%s.path" % (cc, kern, label)),
                          "w") as f:
                    f.write("\n".join(r["listing"]) + "\n")
                where = "%s, %s" % (r["container"], MODE_TEXT[mode])
                rows.append("| %s | %s | %s | %s | %d | %d | %s | %s |" % (
                    label, where, kern, cc, r["insns"], r["taken"], r["ool"]["fput"],
                    r["ool"]["unlock"]))
            b, p = res.get("base"), res.get("patched")
            if b and p and b["ool"]["fput"] == "yes" and p["ool"]["fput"].startswith("no"):
                fails.append("%s %s: patched kernel has the fput slow path in the "
                             "fall-through (baseline: out of line)" % (cc, label))
    md = ["## Hot-path layout (bench/layout.sh)", "",
          "Common path (fd valid, FDPUT_FPUT and FDPUT_POS_UNLOCK clear) found "
          "statically in `objdump -dr` of each object; method in bench/README.md.  "
          "Paths: `layout/`.", "",
          "| function | measured in | kernel | compiler | hot-path insns | taken branches "
          "| fput out of line | f_pos unlock out of line |",
          "| --- | --- | --- | --- | ---: | ---: | --- | --- |"] + rows
    md += [""] + ["**FAIL**: " + f for f in fails] + ["**error**: " + e for e in errors]
    text = "\n".join(md).rstrip("\n") + "\n"
    with open(os.path.join(outdir, "layout.md"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    sys.exit(2 if errors else 1 if fails else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""report.py: tables of the fdsafe bench, from the files bench/run leaves.

  report.py OUTDIR ELAPSED_S COMMAND

OUTDIR/runtime/{base,patched}-N.log   console logs of fdbench (runtime.sh)
OUTDIR/codesize-{gcc,clang}/          bloat-o-meter output (codesize.sh)
OUTDIR/layout.md                      hot-path layout table (layout.sh), included as is

Writes OUTDIR/results.md (also printed), OUTDIR/ratios.dat and
OUTDIR/codesize-CC.dat for the plots.  Per op and mode, a boot gives one
number (the median of its passes); across rounds we report the median and
min-max of those, and the median and min-max of the per-round
patched/baseline ratios (rounds are paired: booted back to back).  A boot's
number for an op is its fastest pass: the shared host only ever adds time.
"""
import glob
import os
import re
import statistics
import sys

TOP_FUNCS = 15
TOP_OBJS = 25
# Least noise assumed.  Even instruction counts differ a little from boot to
# boot of one kernel (an A/A run under icount: up to 0.8%, lseek and read).
NOISE_MIN = {"icount": 0.01, "wall": 0.01}
ORDER_TEXT = {
    "icount": "the two boots of a round at the same time (virtual time does not see the host)",
    "wall": "booted alternately (ABBA)",
}
CLOCK_TEXT = {
    "icount": "**Guest time is counted in instructions**: QEMU TCG with `-icount "
              "shift=0` (tools/vm-run --qemu-arg), so 1 ns is one guest instruction, the "
              "same whatever the host's load; it does not weigh what an instruction "
              "costs on real hardware (an atomic refcount is one instruction here).",
    "wall": "**Timings are emulated**: QEMU TCG, wall time by rdtsc at the host's TSC "
            "rate, on a host shared with other jobs: the absolute ns say little about "
            "real hardware and the spread is the host's load.",
}

# What each op exercises in the kernel, for the reader of the table.
OP_PATH = {
    "getppid": "no fd: the syscall floor",
    "array_lookup": "map_lookup_elem: fdget() + __bpf_map_get()",
    "hash_lookup": "map_lookup_elem: fdget() + __bpf_map_get()",
    "array_update": "map_update_elem: fdget() + __bpf_map_get()",
    "map_get_info": "bpf_obj_get_info_by_fd: fdget()",
    "inode_storage_lookup": "map fdget() + key fd: fget_raw() (6.1) / fdget_raw()",
    "lookup_ebadf": "map_lookup_elem on a closed fd: the empty path",
    "read": "ksys_read: fdget_pos()",
    "lseek": "ksys_lseek: fdget_pos()",
    "poll128": "poll(2) of 128 idle pipes (will-it-scale poll2): 128 x fdget()",
    "select128": "select(2) of 128 idle pipes: 128 x fdget()",
    "epoll_wait128": "epoll_wait(2), 128 ready pipes: fdget() of the epoll fd",
    "sendmsg_recvmsg": "unix dgram sendmsg + recvmsg: 2 x sockfd_lookup_light()",
}
MODES = {"st": "single thread (unshared fd table)",
         "mt": "second thread asleep (shared fd table)"}


def parse_logs(rundir):
    """{(kernel, round): {(mode, op): ns}} and the fdbench config line."""
    runs, config = {}, ""
    for path in glob.glob(os.path.join(rundir, "*.log")):
        m = re.match(r"(base|patched)-(\d+)\.log$", os.path.basename(path))
        if not m:
            continue
        vals = {}
        with open(path, errors="replace") as f:
            for line in f:
                line = line.strip()
                if line.startswith("FDBENCH-CONFIG"):
                    config = line.split(None, 1)[1]
                if not line.startswith("FDBENCH "):
                    continue
                kv = dict(w.split("=", 1) for w in line.split()[1:])
                vals[(kv["mode"], kv["op"])] = float(kv["min"])
        if vals:
            runs[(m.group(1), int(m.group(2)))] = vals
    return runs, config


def fmt_ns(x):
    return "%.0f" % x if x >= 100 else "%.1f" % x


def runtime_tables(runs, noise_min):
    rounds = sorted({r for (k, r) in runs if (("base", r) in runs and ("patched", r) in runs)})
    if not rounds:
        return [], [], 0
    ops = list(OP_PATH)
    lines, dat = [], []
    # Noise of a mode, from the getppid control (no fd, untouched by the
    # series): its median ratio's distance from 1 plus half the min-max
    # range of its per-round ratios, at least 1%.
    noise = {}
    for mode in MODES:
        key = (mode, "getppid")
        g = [runs[("patched", r)][key] / runs[("base", r)][key] for r in rounds]
        noise[mode] = max(noise_min, abs(statistics.median(g) - 1) + (max(g) - min(g)) / 2)
    for mode in MODES:
        lines += ["", "### %s" % MODES[mode], "",
                  "| op | baseline ns (min–max) | patched ns (min–max) | ratio p/b (min–max) | above floor b → p ns | ratio above floor | verdict |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
        for op in ops:
            key = (mode, op)
            if any(key not in runs[(k, r)] for k in ("base", "patched") for r in rounds):
                continue
            b = [runs[("base", r)][key] for r in rounds]
            p = [runs[("patched", r)][key] for r in rounds]
            ratios = [pp / bb for pp, bb in zip(p, b)]
            rmed, rmin, rmax = statistics.median(ratios), min(ratios), max(ratios)
            fb = [runs[("base", r)][(mode, "getppid")] for r in rounds]
            fp = [runs[("patched", r)][(mode, "getppid")] for r in rounds]
            ab = [x - f for x, f in zip(b, fb)]
            ap = [x - f for x, f in zip(p, fp)]
            if op == "getppid":
                above, aratio = "—", "—"
            else:
                above = "%s → %s" % (fmt_ns(statistics.median(ab)), fmt_ns(statistics.median(ap)))
                ar = [y / x for x, y in zip(ab, ap) if x > 0]
                aratio = "%.3f" % statistics.median(ar) if ar else "—"
            if op == "getppid":
                verdict = "control: noise ±%.1f%%" % (100 * noise[mode])
            elif rmin > 1.0 and rmed - 1 > noise[mode]:
                verdict = "**slower**"
            elif rmax < 1.0 and 1 - rmed > noise[mode]:
                verdict = "faster"
            else:
                verdict = "within noise"
            lines.append("| %s | %s (%s–%s) | %s (%s–%s) | %.3f (%.3f–%.3f) | %s | %s | %s |" % (
                op, fmt_ns(statistics.median(b)), fmt_ns(min(b)), fmt_ns(max(b)),
                fmt_ns(statistics.median(p)), fmt_ns(min(p)), fmt_ns(max(p)),
                rmed, rmin, rmax, above, aratio, verdict))
            dat.append((mode, op, rmed, rmin, rmax))
    return lines, dat, len(rounds)


def parse_bloat(path):
    """(summary line, total delta, [(name, old, new, delta)], before, after)."""
    with open(path) as f:
        text = f.read().splitlines()
    rows, before, after, summary, total = [], 0, 0, "", 0
    for line in text:
        if line.startswith("add/remove:"):
            summary = line
            total = int(re.search(r"\((-?\d+)\)\s*$", line).group(1))
        elif line.startswith("Total:"):
            m = re.match(r"Total: Before=(\d+), After=(\d+)", line)
            before, after = int(m.group(1)), int(m.group(2))
        else:
            w = line.split()
            if len(w) == 4 and re.match(r"[+-]\d+$", w[3]):
                rows.append((w[0], w[1], w[2], int(w[3])))
    return summary, total, rows, before, after


def codesize_section(outdir, cc):
    d = os.path.join(outdir, "codesize-" + cc)
    if not os.path.isdir(d):
        return ["", "## Code size (%s)" % cc, "", "not measured (see bench/run: BENCH_CLANG)"]
    lines = ["", "## Code size (%s)" % cc, ""]
    with open(os.path.join(d, "size.txt")) as f:
        sz = [l.split() for l in f.read().splitlines()[1:]]
    if len(sz) == 2:
        names = ["text", "data", "bss", "dec"]
        lines += ["`size vmlinux`: " + ", ".join(
            "%s %s → %s (%+d)" % (n, sz[0][i], sz[1][i], int(sz[1][i]) - int(sz[0][i]))
            for i, n in enumerate(names)), ""]
    summ, total, rows, before, after = parse_bloat(os.path.join(d, "vmlinux-text.bloat"))
    lines += ["bloat-o-meter -t vmlinux (functions): `%s`, total %d → %d (%+d bytes)" %
              (summ, before, after, total)]
    summ_all, total_all, _, b_all, a_all = parse_bloat(os.path.join(d, "vmlinux.bloat"))
    lines += ["", "bloat-o-meter vmlinux (all symbols): `%s`, total %d → %d (%+d bytes)" %
              (summ_all, b_all, a_all, total_all)]
    top = sorted(rows, key=lambda r: (-abs(r[3]), r[0]))[:TOP_FUNCS]
    lines += ["", "Top %d functions by |delta|:" % len(top), "",
              "| function | old | new | delta |", "| --- | ---: | ---: | ---: |"]
    lines += ["| `%s` | %s | %s | %+d |" % r for r in top]
    with open(os.path.join(outdir, "codesize-%s.dat" % cc), "w") as f:
        for r in sorted(top, key=lambda r: -r[3]):
            f.write('"%s" %d\n' % (r[0], r[3]))
    objs = []
    odir = os.path.join(d, "objects")
    for path in glob.glob(os.path.join(odir, "**", "*.bloat"), recursive=True):
        s, t, r, bf, af = parse_bloat(path)
        if r:
            objs.append((os.path.relpath(path, odir)[:-len(".bloat")], t, bf, af, len(r)))
    nzero = len(glob.glob(os.path.join(odir, "**", "*.bloat"), recursive=True)) - len(objs)
    objs.sort(key=lambda o: (o[1], o[0]))
    lines += ["", "Object files whose functions changed: %d (%d more differ with no function "
              "changing size: line numbers, code of the same size); text delta %+d bytes in all. Top %d by delta:" %
              (len(objs), nzero, sum(o[1] for o in objs), min(TOP_OBJS, len(objs))), "",
              "| object | functions before | after | delta | functions changed |",
              "| --- | ---: | ---: | ---: | ---: |"]
    shown = sorted(objs, key=lambda o: (-abs(o[1]), o[0]))[:TOP_OBJS]
    lines += ["| %s | %d | %d | %+d | %d |" % (o[0], o[2], o[3], o[1], o[4]) for o in shown]
    with open(os.path.join(outdir, "codesize-%s-obj.dat" % cc), "w") as f:
        for o in sorted(shown[:TOP_FUNCS], key=lambda o: -o[1]):
            f.write('"%s" %d\n' % (o[0], o[1]))
    by_dir = {}
    for o in objs:
        top_dir = os.path.dirname(o[0]) or "."
        by_dir.setdefault(top_dir, [0, 0])
        by_dir[top_dir][0] += o[1]
        by_dir[top_dir][1] += 1
    lines += ["", "Per directory: " + ", ".join(
        "%s %+d (%d obj)" % (k, v[0], v[1]) for k, v in sorted(by_dir.items(), key=lambda kv: kv[1][0]))]
    return lines


def main():
    outdir, elapsed, command = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    runs, config = parse_logs(os.path.join(outdir, "runtime"))
    clock = "wall"
    try:
        with open(os.path.join(outdir, "runtime", "clock")) as f:
            clock = f.read().strip()
    except OSError:
        pass
    rt, dat, nrounds = runtime_tables(runs, NOISE_MIN[clock])
    md = ["# fdsafe bench: baseline (Debian 6.1) vs patched (fdsafe series)", "",
          "Command: `%s`; the whole bench/run took %d min %d s." % (command, elapsed // 60, elapsed % 60),
          "", "## Runtime (guest ns/op)", "",
          CLOCK_TEXT[clock] + "  KVM does not boot on this machine kind; both kernels "
          "have KASAN and kmemleak on (configs/lean.config), whose allocation "
          "bookkeeping dominates every op that allocates (map lookup/update copy the "
          "key and value).  The patched/baseline ratios are what matters.  "
          "Rounds: %d per kernel, %s; fdbench %s per boot.  A boot's number is the fastest "
          "of its passes (interference from the shared host only adds time); the table shows the median over rounds (min–max), and the "
          "median (min–max) of the per-round ratios.  \"Above floor\" subtracts "
          "getppid(2) of the same boot and mode.  Verdict \"slower\"/\"faster\" only "
          "when every round's ratio is on that side of 1 and the median ratio is "
          "further from 1 than the noise of that mode: the getppid control's median "
          "ratio's distance from 1 plus half its min–max range, at least %.1f%%." % (nrounds, ORDER_TEXT[clock], config or "?", 100 * NOISE_MIN[clock]), ""]
    md += ["| op | kernel path |", "| --- | --- |"]
    md += ["| %s | %s |" % kv for kv in OP_PATH.items()]
    md += rt if rt else ["", "no runtime results"]
    md += ["", "![ratios](ratios.png)"]
    for cc in ("gcc", "clang"):
        md += codesize_section(outdir, cc)
        if os.path.exists(os.path.join(outdir, "codesize-%s.dat" % cc)):
            md += ["", "![code size %s](codesize-%s.png)" % (cc, cc)]
    try:
        with open(os.path.join(outdir, "layout.md")) as f:
            md += [""] + f.read().rstrip("\n").split("\n")
    except OSError:
        pass
    text = "\n".join(md) + "\n"
    with open(os.path.join(outdir, "results.md"), "w") as f:
        f.write(text)
    with open(os.path.join(outdir, "ratios.dat"), "w") as f:
        f.write("# op st st_min st_max mt mt_min mt_max\n")
        for op in OP_PATH:
            r = {m: next((d for d in dat if d[0] == m and d[1] == op), None) for m in MODES}
            if all(r.values()):
                f.write("%s %s\n" % (op, " ".join("%.4f %.4f %.4f" % r[m][2:] for m in MODES)))
    sys.stdout.write(text)


if __name__ == "__main__":
    main()

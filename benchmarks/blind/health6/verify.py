#!/usr/bin/env python3
"""Check one case of the health6 corpus.

broken project : must exit 0 and show the symptom described in case.json["verify"]
fixed project  : expected/ copied over the broken project; must exit 0 and its loss must fall
trap           : must exit 0 and its loss must fall (nothing to fix)
"""
import json, math, os, re, shutil, subprocess, sys, tempfile

PY = os.environ.get("PY", "/work/main/.venv/bin/python")


def run(workdir, args, timeout=600):
    p = subprocess.run(["nice", "-n", "10", PY] + args, cwd=workdir, capture_output=True,
                       text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr


def losses(out, rx):
    vals = []
    for m in re.finditer(rx, out):
        s = m.group(1).lower()
        vals.append(float("nan") if "nan" in s else float(s))
    return vals


def falls(vals, ratio):
    return (len(vals) >= 2 and all(math.isfinite(v) for v in vals)
            and vals[-1] < vals[0] * ratio)


def check_symptom(kind, out, vals):
    if kind == "nonfinite":
        return any(not math.isfinite(v) for v in vals), "a logged loss is nan/inf"
    if kind == "flat":          # first and last logged loss within 1.5 %
        ok = len(vals) >= 2 and all(math.isfinite(v) for v in vals) and \
            abs(vals[-1] - vals[0]) <= 0.015 * abs(vals[0])
        return ok, "loss flat first->last"
    if kind == "flat_tail":     # last two logged losses within 1 %
        ok = len(vals) >= 2 and all(math.isfinite(v) for v in vals) and \
            abs(vals[-1] - vals[-2]) <= 0.01 * abs(vals[-2])
        return ok, "loss flat over the last epochs"
    if kind == "not_falling":   # last logged loss not below the first (diverges / nan)
        ok = len(vals) >= 2 and (not math.isfinite(vals[-1]) or vals[-1] >= vals[0])
        return ok, "loss does not fall"
    if kind.startswith("grep:"):
        rx = kind[5:]
        return re.search(rx, out, re.M) is not None, "output matches /%s/" % rx
    raise ValueError(kind)


def main(case_dir):
    case = json.load(open(os.path.join(case_dir, "case.json")))
    v = case["verify"]
    rx, ratio = v["loss_regex"], v.get("fixed_ratio", 0.85)
    name = os.path.basename(os.path.normpath(case_dir))
    tmp = tempfile.mkdtemp(prefix="h5_")
    try:
        work = os.path.join(tmp, "broken")
        shutil.copytree(case_dir, work, ignore=shutil.ignore_patterns("expected", "case.json", "__pycache__"))
        rc, out = run(work, case["run"])
        vals = losses(out, rx)
        msgs = []
        ok = rc == 0
        if rc != 0:
            msgs.append("broken run rc=%d: %s" % (rc, out.strip().splitlines()[-1:]))
        if case["status"] == "NO_ERROR":
            f = falls(vals, ratio)
            ok = ok and f
            msgs.append("trap: rc=%d loss %s -> %s falls=%s" % (rc, fmt(vals[:1]), fmt(vals[-1:]), f))
            print(("PASS" if ok else "FAIL"), name, "|", "; ".join(msgs))
            return ok
        for kind in v["broken"]:
            s, desc = check_symptom(kind, out, vals)
            ok = ok and s
            msgs.append("broken %s: %s" % (desc, "yes" if s else "NO"))
        msgs.append("broken loss %s -> %s" % (fmt(vals[:1]), fmt(vals[-1:])))
        # fixed
        fixed = os.path.join(tmp, "fixed")
        shutil.copytree(work, fixed)
        exp = os.path.join(case_dir, "expected")
        for root, _, files in os.walk(exp):
            for f in files:
                src = os.path.join(root, f)
                dst = os.path.join(fixed, os.path.relpath(src, exp))
                assert os.path.exists(dst), "expected file has no counterpart: " + dst
                shutil.copy(src, dst)
        rc2, out2 = run(fixed, case["run"])
        vals2 = losses(out2, rx)
        f = rc2 == 0 and falls(vals2, ratio)
        for kind in v.get("fixed_absent", []):   # the symptom must be gone in the fixed run
            s, desc = check_symptom(kind, out2, vals2)
            f = f and not s
        ok = ok and f
        msgs.append("fixed rc=%d loss %s -> %s falls=%s" % (rc2, fmt(vals2[:1]), fmt(vals2[-1:]), f))
        print(("PASS" if ok else "FAIL"), name, "|", "; ".join(msgs))
        if not ok and os.environ.get("VERBOSE"):
            print("----- broken output\n" + out[-3000:] + "\n----- fixed output\n" + out2[-3000:])
        return ok
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def fmt(vs):
    return "[" + ", ".join("%.4g" % x for x in vs) + "]"


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv[1]) else 1)

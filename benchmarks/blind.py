"""Benchmark over a blind corpus: crash projects written by someone who had not read the rules,
each with the minimal human fix in `expected/`. No test uses these cases.

    python benchmarks/blind.py [DIR ...]      (default: benchmarks/blind/dev benchmarks/blind/holdout)

For every case it runs `resolve --no-llm --json` on a copy and judges the result against the human:
- fixed:      SUCCESS on a case the human could fix;
- false:      SUCCESS where the case is a trap (expected FAILED), or where the "fixed" project
              still fails when run plainly, in full (a false SUCCESS);
- root:       the fix touched only files the human's fix touched;
- lines:      changed lines in resolve's diff vs in the human's (resolve's must not be larger).
The plain run of the broken script is timed beside the resolve, for the resolve/plain ratio.
A memory case (`"memory_limit": "2500M"`, optionally `"memory_limit_kind": "cgroup"`) runs its plain
runs under that limit (RLIMIT_AS, or a cgroup where one is writable) and resolve with
`--memory-limit` (and `--memory-limit-kind`), so both meet the same limit.

Silent-failure cases (training that runs but does not learn) carry `"cause": {"file", "line"}`, the
root cause in the broken project; their traps, correct by design, expect NO_ERROR. For them:
- detected:   resolve did not say NO_ERROR;
- cause:      the first place resolve points at (its first fix, else the error's location) is in the
              cause's file, within 3 lines of it;
- flagged:    a trap that did not end NO_ERROR (a false alarm);
- false:      also a SUCCESS whose fixed project, resolved again, is not NO_ERROR (still unhealthy).
"""

from __future__ import annotations

import difflib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from resolver.run.memory_limit import Cgroup, parse_size

HERE = Path(__file__).resolve().parent
DEFAULT = [HERE / "blind" / "dev", HERE / "blind" / "holdout"]
PLAIN_TIMEOUT = 120


def _timed(command: list[str], cwd: Path, timeout: float = 600, limit: tuple[int, str] | None = None
           ) -> tuple[float, int, str]:
    """The command's seconds, exit code and stdout; under `limit` (bytes, "as" or "cgroup") when given."""
    started = time.perf_counter()
    group = Cgroup.make(limit[0]) if limit and limit[1] == "cgroup" else None
    try:
        completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                                   preexec_fn=_limited(limit, group) if limit else None)
        return time.perf_counter() - started, completed.returncode, completed.stdout
    except subprocess.TimeoutExpired:
        return time.perf_counter() - started, -1, ""
    finally:
        if group is not None:
            group.remove()


def _limited(limit: tuple[int, str], group):
    """Held to the case's memory limit, as the user's machine holds the script: RLIMIT_AS, or a cgroup."""
    def enter():
        if group is not None:
            (group.folder / "cgroup.procs").write_text(str(os.getpid()))
        else:
            resource.setrlimit(resource.RLIMIT_AS, (limit[0], resource.RLIM_INFINITY))
    return enter


def _memory(spec: dict) -> tuple[tuple[int, str] | None, list[str]]:
    """A memory case's limit (`"memory_limit": "2500M"`, `"memory_limit_kind": "cgroup"`) and the
    options that hold every run of resolve to it."""
    if not spec.get("memory_limit"):
        return None, []
    kind = spec.get("memory_limit_kind", "as")
    options = ["--memory-limit", spec["memory_limit"], "--memory-limit-kind", kind]
    return (parse_size(spec["memory_limit"]), kind), options


def _changed_lines(before: str, after: str) -> int:
    return sum(1 for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---")))


def measure(case: Path) -> dict:
    spec = json.loads((case / "case.json").read_text())
    human = {p.relative_to(case / "expected").as_posix() for p in (case / "expected").rglob("*") if p.is_file()}
    human_lines = sum(_changed_lines((case / f).read_text(), (case / "expected" / f).read_text()) for f in human)
    with tempfile.TemporaryDirectory() as folder:
        plain_dir, project = Path(folder) / "plain", Path(folder) / "project"
        ignore = shutil.ignore_patterns("expected", "case.json", "__pycache__")
        shutil.copytree(case, plain_dir, ignore=ignore)
        shutil.copytree(case, project, ignore=ignore)
        limit, options = _memory(spec)
        plain_seconds, _, _ = _timed([sys.executable, *spec["run"]], plain_dir, PLAIN_TIMEOUT, limit)
        seconds, _, stdout = _timed([sys.executable, "-m", "resolver", "--no-llm", "--json", *options, *spec["run"]],
                                    project)
        try:
            report = json.loads(stdout)
        except json.JSONDecodeError:
            report = {"status": "CRASHED", "files_modified": [], "runs": 0}
        touched = set(report.get("files_modified") or [])
        lines = sum(_changed_lines((case / f).read_text(), (project / f).read_text())
                    for f in touched if (case / f).is_file())
        really_runs = None
        if report["status"] == "SUCCESS":
            _, code, _ = _timed([sys.executable, *spec["run"]], project, PLAIN_TIMEOUT, limit)
            really_runs = code == 0
            if really_runs and "cause" in spec:  # it runs anyway: does it train now?
                _, _, again = _timed([sys.executable, "-m", "resolver", "--no-llm", "--json", *options, *spec["run"]],
                                     project)
                really_runs = _status(again) == "NO_ERROR"
    fixed = report["status"] == "SUCCESS" and spec["status"] == "SUCCESS" and really_runs
    return {
        "case": case.name, "family": spec.get("family", case.parent.name), "expected": spec["status"],
        "status": report["status"], "fixed": bool(fixed),
        "false": report["status"] == "SUCCESS" and not fixed,
        "root": bool(fixed) and touched <= human, "lines": lines, "human_lines": human_lines,
        "rules": sorted({f.get("rule", "?") for f in report.get("fixes", [])}),
        "seconds": seconds, "plain": plain_seconds, "runs": report.get("runs", 0),
        "health": "cause" in spec or spec["status"] == "NO_ERROR",
        "detected": report["status"] != "NO_ERROR", "cause": _points_at_cause(report, spec.get("cause")),
    }


def _status(stdout: str) -> str:
    try:
        return json.loads(stdout)["status"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return "CRASHED"


def _points_at_cause(report: dict, cause: dict | None) -> bool:
    """Whether the first place resolve names is the case's root cause (its file, within 3 lines)."""
    if not cause:
        return False
    fixes = report.get("fixes") or []
    where = fixes[0] if fixes else ((report.get("last_error") or {}).get("location") or {})
    return (Path(where.get("file") or "").as_posix() == cause["file"]
            and abs((where.get("line") or 0) - cause["line"]) <= 3)


def _summary(name: str, rows: list[dict]) -> str:
    fixable = [r for r in rows if r["expected"] == "SUCCESS"]
    fixed = [r for r in rows if r["fixed"]]
    as_expected = sum(r["fixed"] or (r["expected"] == "FAILED" and r["status"] != "SUCCESS")
                      or (r["expected"] == "NO_ERROR" and r["status"] == "NO_ERROR") for r in rows)
    root = sum(r["root"] for r in fixed)
    small = sum(r["lines"] <= r["human_lines"] for r in fixed)
    ratio = statistics.median(r["seconds"] / r["plain"] for r in fixed) if fixed else float("nan")
    return (f"{name:20} {len(fixed):>4}/{len(fixable):<4} {as_expected:>4}/{len(rows):<4} "
            f"{sum(r['false'] for r in rows):>5} {root:>4}/{len(fixed):<4} {small:>4}/{len(fixed):<4} {ratio:>7.2f}x")


def _health_summary(rows: list[dict]) -> str:
    bugs = [r for r in rows if r["expected"] == "SUCCESS"]
    traps = [r for r in rows if r["expected"] == "NO_ERROR"]
    return (f"silent failures: {sum(r['detected'] for r in bugs)}/{len(bugs)} detected, "
            f"{sum(r['cause'] for r in bugs)}/{len(bugs)} with the right first cause, "
            f"{sum(r['fixed'] for r in bugs)}/{len(bugs)} repaired ({sum(r['root'] for r in bugs)} at the root), "
            f"{sum(r['false'] for r in rows)} false SUCCESS; traps: {sum(r['detected'] for r in traps)}/{len(traps)} "
            f"flagged")


def main(argv: list[str]) -> int:
    roots = [Path(a).resolve() for a in argv] or DEFAULT
    cases = sorted(c.parent for root in roots for c in root.glob("*/case.json"))
    rows = []
    for case in cases:
        row = measure(case)
        rows.append(row)
        verdict = "fixed" if row["fixed"] else ("FALSE SUCCESS" if row["false"] else row["status"])
        print(f"  {row['case']:52} {verdict:13} {','.join(row['rules']):28} "
              f"{row['lines']}/{row['human_lines']} lines  {row['seconds'] / row['plain']:.2f}x", flush=True)
    print(f"{'family':20} {'fixed':>9} {'as expected':>9} {'false':>5} {'root':>9} {'<=human':>9} {'vs plain':>8}")
    for family in sorted({r["family"] for r in rows}):
        print(_summary(family, [r for r in rows if r["family"] == family]))
    print(_summary("all", rows))
    health = [r for r in rows if r["health"]]
    if health:
        print(_health_summary(health))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

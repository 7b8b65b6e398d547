"""Benchmark over a blind corpus: crash projects written by someone who had not read the rules,
each with the minimal human fix in `expected/`. No test uses these cases.

    python benchmarks/blind.py [--keep KEEP] [DIR ...]   (default: benchmarks/blind/dev benchmarks/blind/holdout)

A DIR is a split (a folder of cases) or one case (a folder with a case.json).

For every case it runs `resolve --no-llm --json` on a copy and judges the result against the human:
- fixed:      SUCCESS on a case the human could fix;
- false:      SUCCESS where the case is a trap (expected FAILED), or where the "fixed" project
              still fails when run plainly, in full (a false SUCCESS); a full plain rerun that passes
              VERIFY_TIMEOUT proves nothing either way: that SUCCESS is UNVERIFIED, neither fixed nor false;
- root:       the fix touched only files the human's fix touched;
- lines:      changed lines in resolve's diff vs in the human's (resolve's must not be larger);
- perturb:    a case may carry `"perturb": [{"name", "files": {path: [[old, new], ...]}, "run"?}, ...]`,
              settings a user would change (a width, a flag, a vocabulary) under which the human's fix
              still runs (benchmarks/check_perturbations.py checks that); a fix survives when resolve's
              fixed project, so changed, runs plainly too (a brittle fix, solved for today's numbers,
              does not);
- review:     a maintainer's verdict per fix, kept in blind/review.json (fix-review.md: same / ok /
              brittle / symptom / wrong); a verdict counts only while the fix's diff is the one reviewed.
`--no-plain` leaves out the plain runs (the broken script's timing, the full plain rerun of a fixed
project, the perturbations), which on a loaded 2-core machine take most of the time: a fixed project
is judged by the second resolve alone (a silent-failure case's must be NO_ERROR), and "vs plain" is nan.
`--keep KEEP` keeps each resolved project in KEEP/<split>/<case>, its diff and resolve's report beside
it (<case>.diff, <case>.report.json), to read each fix beside the human's.
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
import hashlib
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from resolver.run.memory_limit import Cgroup, parse_size
from resolver.run.ranks import only_shutdown_abort

HERE = Path(__file__).resolve().parent
DEFAULT = [HERE / "blind" / "dev", HERE / "blind" / "holdout"]
REVIEW = HERE / "blind" / "review.json"
VERDICTS = ("same", "ok", "brittle", "symptom", "wrong")
PLAIN_TIMEOUT = 120
VERIFY_TIMEOUT = 300  # a plain run of a fixed or perturbed project; the margin keeps a loaded machine from failing it


def _timed(command: list[str], cwd: Path, timeout: float = 600, limit: tuple[int, str] | None = None,
           stderr: bool = False) -> tuple[float, int, str]:
    """The command's seconds, exit code and stdout (or stderr); under `limit` (bytes, "as" or
    "cgroup") when given."""
    started = time.perf_counter()
    group = Cgroup.make(limit[0]) if limit and limit[1] == "cgroup" else None
    try:
        completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                                   preexec_fn=_limited(limit, group) if limit else None)
        return time.perf_counter() - started, completed.returncode, completed.stderr if stderr else completed.stdout
    except subprocess.TimeoutExpired:
        return time.perf_counter() - started, -1, ""
    finally:
        _kill_leftovers(cwd)
        if group is not None:
            group.remove()


def _kill_leftovers(folder: Path) -> None:
    """Processes still running in the case's folder: the ranks of a torchrun that timed out run in
    sessions of their own, and would hold the cores (and their collective) long after."""
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and Path(os.readlink(entry / "cwd")).is_relative_to(folder):
                os.kill(int(entry.name), signal.SIGKILL)
        except (OSError, ValueError):
            continue


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


def _diff(case: Path, project: Path, files: set[str]) -> str:
    return "".join(line for f in sorted(files) if (case / f).is_file() for line in difflib.unified_diff(
        (case / f).read_text().splitlines(True), (project / f).read_text().splitlines(True), f"a/{f}", f"b/{f}"))


def perturbed(project: Path, perturbation: dict) -> Path:
    """A copy of `project` (beside it) with the perturbation's text replacements applied; each old
    text must occur exactly once, else the setting it names is not there (ValueError)."""
    copy = project.with_name(f"{project.name}-{perturbation['name']}")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for relative, replacements in perturbation["files"].items():
        path = copy / relative
        text = path.read_text() if path.is_file() else ""
        for old, new in replacements:
            if text.count(old) != 1:
                raise ValueError(f"{perturbation['name']}: {relative} holds {old!r} {text.count(old)} times, not once")
            text = text.replace(old, new)
        path.write_text(text)
    return copy


def failing_perturbations(project: Path, spec: dict) -> list[str]:
    """The names of the case's perturbations under which `project` does not run plainly (exit 0)."""
    failing = []
    for perturbation in spec.get("perturb", []):
        try:
            copy = perturbed(project, perturbation)
        except ValueError:  # the fix rewrote the setting itself
            failing.append(perturbation["name"] + " (setting not found)")
            continue
        _, code, _ = _timed([sys.executable, *perturbation.get("run", spec["run"])], copy, VERIFY_TIMEOUT)
        shutil.rmtree(copy, ignore_errors=True)
        if code != 0:
            failing.append(perturbation["name"] + (" (timed out)" if code == -1 else ""))
    return failing


def measure(case: Path, keep: Path | None = None, plain: bool = True) -> dict:
    spec = json.loads((case / "case.json").read_text())
    human = {p.relative_to(case / "expected").as_posix() for p in (case / "expected").rglob("*") if p.is_file()}
    human_lines = sum(_changed_lines((case / f).read_text(), (case / "expected" / f).read_text()) for f in human)
    with tempfile.TemporaryDirectory() as folder:
        plain_dir, project = Path(folder) / "plain", Path(folder) / "project"
        ignore = shutil.ignore_patterns("expected", "case.json", "__pycache__")
        shutil.copytree(case, plain_dir, ignore=ignore)
        shutil.copytree(case, project, ignore=ignore)
        limit, options = _memory(spec)
        plain_seconds = _timed([sys.executable, *spec["run"]], plain_dir, PLAIN_TIMEOUT, limit)[0] if plain \
            else float("nan")
        seconds, _, stdout = _timed([sys.executable, "-m", "resolver", "--no-llm", "--json", *options, *spec["run"]],
                                    project)
        try:
            report = json.loads(stdout)
        except json.JSONDecodeError:
            report = {"status": "CRASHED", "files_modified": [], "runs": 0}
        touched = set(report.get("files_modified") or [])
        lines = sum(_changed_lines((case / f).read_text(), (project / f).read_text())
                    for f in touched if (case / f).is_file())
        diff = _diff(case, project, touched)
        if keep:
            shutil.copytree(project, keep / case.parent.name / case.name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__"))
            (keep / case.parent.name / f"{case.name}.diff").write_text(diff)
            (keep / case.parent.name / f"{case.name}.report.json").write_text(json.dumps(report, indent=1))
        really_runs, unsurvived, timed_out = None, [], False
        if report["status"] == "SUCCESS":
            _, code, stderr = _timed([sys.executable, *spec["run"]], project, VERIFY_TIMEOUT, limit, stderr=True) \
                if plain else (None, 0, "")
            really_runs = code == 0 or only_shutdown_abort(stderr)
            # a full plain run past VERIFY_TIMEOUT (a loaded machine, a long training) neither proves nor refutes it
            timed_out = code == -1
            if really_runs and "cause" in spec:  # it runs anyway: does it train now?
                _, _, again = _timed([sys.executable, "-m", "resolver", "--no-llm", "--json", *options, *spec["run"]],
                                     project)
                really_runs = _status(again) == "NO_ERROR"
            if really_runs and plain:
                unsurvived = failing_perturbations(project, spec)
    fixed = report["status"] == "SUCCESS" and spec["status"] == "SUCCESS" and really_runs
    return {
        "case": case.name, "family": spec.get("family", case.parent.name), "expected": spec["status"],
        "status": report["status"], "fixed": bool(fixed),
        "false": report["status"] == "SUCCESS" and not fixed and not timed_out, "timed_out": timed_out,
        "root": bool(fixed) and touched <= human, "lines": lines, "human_lines": human_lines,
        "perturbed": bool(fixed and spec.get("perturb")), "unsurvived": unsurvived,
        "key": f"{case.parent.name}/{case.name}", "diff_sha": hashlib.sha256(diff.encode()).hexdigest()[:16],
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
    perturbed = [r for r in fixed if r["perturbed"]]
    survived = sum(not r["unsurvived"] for r in perturbed)
    ratio = statistics.median(r["seconds"] / r["plain"] for r in fixed) if fixed else float("nan")
    return (f"{name:20} {len(fixed):>4}/{len(fixable):<4} {as_expected:>4}/{len(rows):<4} "
            f"{sum(r['false'] for r in rows):>5} {root:>4}/{len(fixed):<4} {small:>4}/{len(fixed):<4} "
            f"{survived:>4}/{len(perturbed):<4} {ratio:>7.2f}x")


def review_counts(rows: list[dict], review: dict) -> str:
    """The verdicts of the fixes among `rows`; a fix whose diff is not the reviewed one is unreviewed."""
    fixed = [r for r in rows if r["fixed"]]
    current = [review[r["key"]]["verdict"] for r in fixed if review.get(r["key"], {}).get("diff_sha") == r["diff_sha"]]
    unreviewed = len(fixed) - len(current)
    return ", ".join(f"{v} {current.count(v)}" for v in VERDICTS) + (f", unreviewed {unreviewed}" if unreviewed else "")


def _health_summary(rows: list[dict]) -> str:
    bugs = [r for r in rows if r["expected"] == "SUCCESS"]
    traps = [r for r in rows if r["expected"] == "NO_ERROR"]
    return (f"silent failures: {sum(r['detected'] for r in bugs)}/{len(bugs)} detected, "
            f"{sum(r['cause'] for r in bugs)}/{len(bugs)} with the right first cause, "
            f"{sum(r['fixed'] for r in bugs)}/{len(bugs)} repaired ({sum(r['root'] for r in bugs)} at the root), "
            f"{sum(r['false'] for r in rows)} false SUCCESS ({sum(r['timed_out'] for r in rows)} SUCCESS unverified: "
            f"the full plain rerun passed {VERIFY_TIMEOUT} s); traps: {sum(r['detected'] for r in traps)}/{len(traps)} "
            f"flagged")


def folder_option(argv: list[str], flag: str) -> tuple[Path | None, list[str]]:
    """The folder named after `flag` and the other arguments; a flag without its folder exits 2."""
    if flag not in argv:
        return None, argv
    at = argv.index(flag)
    if at + 1 == len(argv):
        print(f"{Path(sys.argv[0]).name}: {flag} needs a folder", file=sys.stderr)
        sys.exit(2)
    return Path(argv[at + 1]).resolve(), argv[:at] + argv[at + 2:]


def main(argv: list[str]) -> int:
    if {"-h", "--help"} & set(argv):
        print(__doc__)
        return 0
    keep, argv = folder_option(argv, "--keep")
    plain = "--no-plain" not in argv
    argv = [a for a in argv if a != "--no-plain"]
    roots = [Path(a).resolve() for a in argv] or DEFAULT
    missing = [str(r) for r in roots if not r.is_dir()]
    if missing:
        print(f"{Path(sys.argv[0]).name}: no such folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    cases = sorted({c.parent for root in roots for c in [*root.glob("*/case.json"), *root.glob("case.json")]})
    rows = []
    for case in cases:
        row = measure(case, keep, plain)
        rows.append(row)
        verdict = "fixed" if row["fixed"] else ("FALSE SUCCESS" if row["false"] else
                                                ("UNVERIFIED" if row["timed_out"] else row["status"]))
        brittle = f"  not under: {','.join(row['unsurvived'])}" if row["unsurvived"] else ""
        print(f"  {row['case']:52} {verdict:13} {','.join(row['rules']):28} "
              f"{row['lines']}/{row['human_lines']} lines  {row['seconds'] / row['plain']:.2f}x{brittle}", flush=True)
    print(f"{'family':20} {'fixed':>9} {'as expected':>9} {'false':>5} {'root':>9} {'<=human':>9} {'perturb':>9} "
          f"{'vs plain':>8}")
    for family in sorted({r["family"] for r in rows}):
        print(_summary(family, [r for r in rows if r["family"] == family]))
    print(_summary("all", rows))
    review = json.loads(REVIEW.read_text()) if REVIEW.is_file() else {}
    if any(r["key"] in review for r in rows):
        for split in sorted({r["key"].split("/")[0] for r in rows}):
            print(f"review {split:14} {review_counts([r for r in rows if r['key'].startswith(split + '/')], review)}")
    health = [r for r in rows if r["health"]]
    if health:
        print(_health_summary(health))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

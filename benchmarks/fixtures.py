"""Benchmark over fixtures/ (or another folder of cases): per rule, cases fixed, runs per fix,
wall time, and the cost of a whole `resolve` against one plain `python SCRIPT` run of the broken
script, measured side by side in this one process.

    python benchmarks/fixtures.py [--root DIR] [--warm first|parallel|off] [RULE ...]

--root benchmarks/corpus runs the held-out corpus: crash scripts written apart from the
fixtures, in other styles, that no test uses. --warm sets RESOLVE_WARM for the repairs: `first`
(the default: every run forks from the warm server, run 1 waits for it), `parallel` (run 1 starts
its own interpreter while the server starts), `off` (every run its own interpreter).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def timed(command: list[str], cwd: Path, warm: str = "first") -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                               env={**os.environ, "RESOLVE_WARM": warm})
    return time.perf_counter() - started, completed


def measure(case: Path, warm: str) -> dict:
    spec = json.loads((case / "case.json").read_text())
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        shutil.copytree(case, project, ignore=shutil.ignore_patterns("expected", "case.json", "llm"))
        plain_seconds, _ = timed([sys.executable, *spec["run"]], project)
        seconds, completed = timed([sys.executable, "-m", "resolver", "--no-llm", "--json", *spec["run"]],
                                   project, warm)
    report = json.loads(completed.stdout)
    return {"expected": spec["status"], "status": report["status"], "runs": report["runs"],
            "fixed": report["errors_fixed"], "seconds": seconds, "plain": plain_seconds}


def _rule_of(case_json: Path) -> str:
    return json.loads(case_json.read_text()).get("rule", case_json.parent.parent.name)


def main(argv: list[str]) -> int:
    root, warm = FIXTURES, "first"
    if argv[:1] == ["--root"]:
        root, argv = Path(argv[1]).resolve(), argv[2:]
    if argv[:1] == ["--warm"]:
        warm, argv = argv[1], argv[2:]
    cases = sorted(root.glob("**/case.json"))
    rules = sorted({_rule_of(c) for c in cases})
    rules = [r for r in rules if not argv or r in argv]
    print(f"{'rule':28} {'fixed/total':>11} {'as expected':>11} {'runs/fix':>8} {'wall s':>7} {'vs plain':>8}")
    totals = []
    for rule in rules:
        rows = [measure(c.parent, warm) for c in cases if _rule_of(c) == rule and not _gpu_only(c)]
        totals += rows
        if rows:
            print(_line(rule, rows))
        else:
            print(f"{rule:28} (CUDA only: checked from recorded tracebacks by tests/test_recorded.py)")
    print(_line("all", totals))
    return 0


def _gpu_only(case_json: Path) -> bool:
    """CUDA crashes from recorded tracebacks cannot run here: tests/test_recorded.py covers them."""
    return bool(json.loads(case_json.read_text()).get("recorded"))


def _line(name: str, rows: list[dict]) -> str:
    meant_to_fix = [r for r in rows if r["expected"] == "SUCCESS"]
    fixed = [r for r in meant_to_fix if r["status"] == "SUCCESS"]
    as_expected = sum(r["status"] == r["expected"] for r in rows)
    runs_per_fix = statistics.mean(r["runs"] / r["fixed"] for r in fixed) if fixed else float("nan")
    # median: robust to a slow outlier
    ratio = statistics.median(r["seconds"] / r["plain"] for r in fixed) if fixed else float("nan")
    wall = statistics.mean(r["seconds"] for r in rows)
    return (f"{name:28} {len(fixed):>5}/{len(meant_to_fix):<5} {as_expected:>5}/{len(rows):<5} "
            f"{runs_per_fix:>8.2f} {wall:>7.1f} {ratio:>7.2f}x")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

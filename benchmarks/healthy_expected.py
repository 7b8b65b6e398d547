"""No false alarm on working code: every human-fixed `expected/` of the crash fixtures and of the
blind crash splits must pass the training-health checks. For each case it overlays `expected/` on
a copy of the broken project and runs `resolve --no-llm --json` there: the answer must be NO_ERROR.

    python benchmarks/healthy_expected.py [DIR ...]   (default: fixtures/ and benchmarks/blind/)

Prints one line per case that is not NO_ERROR (with the health finding) and the count.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = [ROOT / "fixtures", ROOT / "benchmarks" / "blind"]


def cases(roots: list[Path]) -> list[Path]:
    found = []
    for root in roots:
        for spec in sorted(root.rglob("case.json")):
            case = spec.parent
            status = json.loads(spec.read_text()).get("status")
            if status == "SUCCESS" and (case / "expected").is_dir() and "recorded" not in spec.read_text():
                found.append(case)
    return found


def check(case: Path) -> tuple[str, str]:
    spec = json.loads((case / "case.json").read_text())
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        shutil.copytree(case, project, ignore=shutil.ignore_patterns("expected", "case.json", "llm", "__pycache__"))
        shutil.copytree(case / "expected", project, dirs_exist_ok=True)
        completed = subprocess.run([sys.executable, "-m", "resolver", "--no-llm", "--json", "--dry-run", *spec["run"]],
                                   cwd=project, capture_output=True, text=True, timeout=600)
    try:
        report = json.loads(completed.stdout)
    except json.JSONDecodeError:
        return "CRASHED", completed.stderr[-300:]
    error = report.get("last_error") or {}
    return report["status"], f"{error.get('category', '')}: {error.get('message', report.get('stop_reason', ''))}"


def main(argv: list[str]) -> int:
    found = cases([Path(a).resolve() for a in argv] or DEFAULT)
    alarms = 0
    for case in found:
        status, what = check(case)
        if status != "NO_ERROR":
            alarms += 1
            print(f"  {case.relative_to(ROOT)}: {status} {what[:200]}", flush=True)
    print(f"{len(found) - alarms}/{len(found)} fixed projects pass the health checks (NO_ERROR)")
    return 1 if alarms else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

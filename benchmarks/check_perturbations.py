"""Checks the blind cases' perturbations (the settings a user would change, see blind.py): each one
must name text that is a setting of the broken project, not part of the fix (every old text occurs
once in the broken file and in the human's fixed file), and the human's fixed project (the case with
expected/ over it) must still run under it (exit 0). A perturbation the human's fix does not survive
would count a correct fix of resolve's as brittle.

    python benchmarks/check_perturbations.py [--fixed KEEP] [DIR ...]   (default: every split in blind/)

With `--fixed KEEP` it runs the perturbations on resolve's fixed projects kept by
`blind.py --keep KEEP` instead (KEEP/<split>/<case>), to judge a run's fixes after the fact: the
cases whose kept report (<case>.report.json) says SUCCESS. Exit 1 when any check fails.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from blind import HERE, failing_perturbations, folder_option


def _problems_in_text(case: Path, perturbation: dict) -> list[str]:
    problems = []
    for relative, replacements in perturbation["files"].items():
        for where in (case / relative, case / "expected" / relative):
            if not where.is_file():
                continue
            text = where.read_text()
            problems += [f"{where.relative_to(case)} holds {old!r} {text.count(old)} times, not once"
                         for old, _ in replacements if text.count(old) != 1]
    return problems


def _status(report: Path) -> str | None:
    return json.loads(report.read_text())["status"] if report.is_file() else None


def check(case: Path, project: Path) -> list[str]:
    """The problems of `case`'s perturbations when run on `project` (an empty list when all pass)."""
    spec = json.loads((case / "case.json").read_text())
    problems = [f"{p['name']}: {problem}" for p in spec["perturb"] for problem in _problems_in_text(case, p)]
    return problems + [f"{name}: does not run" for name in failing_perturbations(project, spec)]


def main(argv: list[str]) -> int:
    keep, argv = folder_option(argv, "--fixed")
    roots = [Path(a).resolve() for a in argv] or sorted(p for p in (HERE / "blind").iterdir() if p.is_dir())
    cases = sorted(c.parent for root in roots for c in root.glob("*/case.json")
                   if "perturb" in json.loads(c.read_text()))
    if keep:  # resolve's fixes: the cases it fixed
        cases = [c for c in cases if _status(keep / c.parent.name / f"{c.name}.report.json") == "SUCCESS"]
    failed = 0
    for case in cases:
        with tempfile.TemporaryDirectory() as folder:
            if keep:
                project = keep / case.parent.name / case.name
            else:
                project = Path(folder) / "human"
                shutil.copytree(case, project, ignore=shutil.ignore_patterns("expected", "case.json", "__pycache__"))
                shutil.copytree(case / "expected", project, dirs_exist_ok=True)
            problems = check(case, project)
        failed += bool(problems)
        print(f"  {case.parent.name}/{case.name:60} {'; '.join(problems) or 'ok'}", flush=True)
    print(f"{len(cases) - failed}/{len(cases)} cases pass all their perturbations"
          + (" (resolve's kept fixes)" if keep else " (the human's fixes)"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

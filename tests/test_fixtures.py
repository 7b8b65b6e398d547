"""Every case under fixtures/ end to end: real scripts, real torch, the real command line.

fixtures/<rule>/<case>/ holds the broken project, case.json (the command and the expected
status) and expected/ with the fixed text of each file that must change. Every other file must
keep its bytes, and a fixed script must then run at full scale under plain python."""

import json
import os
import resource
import subprocess
import sys

import memory_limits
import pytest
from conftest import FIXTURES, copy_case, resolve, snapshot

from resolver.run.ranks import only_shutdown_abort

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

def _cases():
    """One case per folder of fixtures, end to end: a rule's first fix case that runs here (a
    CUDA-only case, with a recorded traceback, runs only on a GPU). Every case of every rule is
    proven in-process from its recorded diagnosis (test_rule_cases.py), and benchmarks/fixtures.py
    runs them all end to end."""
    for folder in sorted(p for p in FIXTURES.iterdir() if p.is_dir()):
        specs = [(path, json.loads(path.read_text())) for path in sorted(folder.glob("*/case.json"))]
        here = [(path, spec) for path, spec in specs if not spec.get("recorded")]
        fixes = [(path, spec) for path, spec in here if spec["status"] == "SUCCESS"]
        gpu = [(path, spec) for path, spec in specs if spec.get("gpu")]
        for path, spec in (fixes[:1] or here[:1]) + gpu:
            marks = [pytest.mark.gpu] if spec.get("gpu") else []
            yield pytest.param(path.parent, marks=marks, id=f"{folder.name}/{path.parent.name}")


@pytest.mark.parametrize("case", list(_cases()))
def test_fixture(case, tmp_path):
    spec = json.loads((case / "case.json").read_text())
    project = copy_case(case, tmp_path / "project")
    before = snapshot(project)

    # a memory case runs under its limit, as its user's machine would hold it: resolve and the
    # plain run of the fixed project alike
    held = memory_limits.limit(spec["memory_limit"]) if spec.get("memory_limit") else None
    options = ["--memory-limit", str(held)] if held else []
    allocator = memory_limits.STEADY_ALLOCATOR if held else {}
    result = resolve("--no-llm", "--json", *options, *spec["run"], cwd=project, env=allocator)

    assert "Traceback" not in result.stderr.replace("resolve: ", ""), result.stderr
    spec.pop("recorded", None)
    report = result.json
    assert report["status"] == spec["status"], result.stdout + result.stderr
    assert result.code == (1 if spec["status"] == "FAILED" else 0)
    expected = {str(p.relative_to(case / "expected")): p.read_bytes()
                for p in (case / "expected").rglob("*") if p.is_file()}
    after = snapshot(project)
    for name, content in before.items():
        assert after[name] == expected.get(name, content), f"{name} differs from what was expected"
    assert sorted(report["files_modified"]) == sorted(expected)
    if spec["status"] == "SUCCESS":
        assert report["errors_fixed"] >= 1
        assert report["fixes"][0]["rule"] == case.parent.name, "the case's own rule fixes its first error"
        plain = subprocess.run([sys.executable, *spec["run"]], cwd=project, capture_output=True, text=True, timeout=300,
                               preexec_fn=_held_to(held) if held else None, env={**os.environ, **allocator})
        assert plain.returncode == 0 or only_shutdown_abort(plain.stderr), plain.stderr
    if spec["status"] == "FAILED":
        assert report["last_error"]["category"]
        assert report["files_modified"] == []


def _held_to(limit: int):
    def enter():
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
    return enter

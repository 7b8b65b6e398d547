"""Training health end to end: each bug script in tests/health_runs/ and each working script of
fixtures/noop/ (the traps that train so by design among them) runs under the real probe, and the
verdict on its summary is the one expected (a bug's first line says `# expect: health.no_gradient`;
noop scripts get none), after the rerun that traces the cuts where the loop would make one.
`pytest -m slow tests/test_health_runs.py --record` writes the summaries anew
(tests/health_runs/<name>.json), which tests/test_health_verdict.py judges in milliseconds."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_health_verdict import CASES, FOLDER, summary_file

from resolver.diagnose import health
from resolver.run.runner import PROBE

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters


def summary_of(script: Path, tmp_path: Path, *flags: str) -> dict:
    command = [sys.executable, str(PROBE), "--out", str(tmp_path / "report.json"), "--project", str(script.parent),
               *flags, "--", script.name]
    completed = subprocess.run(command, cwd=script.parent, capture_output=True, text=True, timeout=120)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["outcome"] == "ok", completed.stderr
    assert "probe_error" not in report, report["probe_error"]
    return report["health"]


@pytest.mark.parametrize("name, script, expected", CASES, ids=[c[0] for c in CASES])
def test_the_run_gets_the_verdict_its_script_expects(name, script, expected, tmp_path, request):
    summary = summary_of(script, tmp_path)
    found = health.verdict(summary)
    if found and health.tracer_for(found) == "trace_graph_cut":  # as the loop does: the rerun that finds the cuts
        summary = summary_of(script, tmp_path, "--trace-graph-cut")
        found = health.verdict(summary)
    assert (found.category if found else "none") == expected, found and found.error
    if request.config.getoption("--record"):
        text = json.dumps(summary, indent=1, sort_keys=True).replace(str(script.parent), "{project}")
        summary_file(name).write_text(text + "\n")


def test_no_health_leaves_the_summary_out(tmp_path):
    script = CASES[0][1]
    command = [sys.executable, str(PROBE), "--out", str(tmp_path / "report.json"), "--project", str(script.parent),
               "--no-health", "--", script.name]
    subprocess.run(command, cwd=script.parent, capture_output=True, text=True, timeout=120, check=True)
    assert "health" not in json.loads((tmp_path / "report.json").read_text())


def test_the_first_non_finite_value_is_found_at_its_op_and_line(tmp_path):
    script = FOLDER / "bug_nan_log.py"
    found = health.verdict(summary_of(script, tmp_path, "--trace-non-finite"))
    assert found.category == "health.non_finite_loss"
    assert "first non-finite value from torch.log at bug_nan_log.py:11" in found.message
    assert (found.location.file.name, found.location.line) == ("bug_nan_log.py", 11)


def test_a_non_finite_derivative_is_found_at_its_forward_op_and_line(tmp_path):
    """sqrt at 0 is finite and its derivative is not: the origin is the sqrt, found in backward,
    not the step that wrote the nan gradient into the weights."""
    script = FOLDER / "bug_sqrt_at_zero.py"
    found = health.verdict(summary_of(script, tmp_path, "--trace-non-finite"))
    assert found.category == "health.non_finite_loss"
    assert "first non-finite value from the derivative of torch.sqrt at bug_sqrt_at_zero.py:11" in found.message
    assert (found.location.file.name, found.location.line) == ("bug_sqrt_at_zero.py", 11)
    assert found.health["origin"]["in_backward"]


def test_an_optimizer_over_the_frozen_part_is_located_where_its_parameters_were_gathered(tmp_path):
    """Not at the optimizer's constructor: at the helper's line that put the frozen module's parameters in."""
    script = FOLDER / "bug_optimizer_over_frozen_part.py"
    found = health.verdict(summary_of(script, tmp_path))
    assert found.category == "health.frozen_optimizer"
    assert (found.location.file.name, found.location.line) == ("bug_optimizer_over_frozen_part.py", 7)
    assert "gathered at bug_optimizer_over_frozen_part.py:7" in found.message


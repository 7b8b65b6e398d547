"""The loop's verdicts and limits, in-process and torch-free: the real loop and the real rules,
a scripted run function that answers from a fixture's recorded diagnosis; and the command line's
bad-input answers through cli.main(argv)."""

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import recorded
from conftest import FIXTURES, copy_case

from resolver import cli, report
from resolver.loop import Options, resolve
from resolver.run.runner import Run, Settings, Target
from resolver.status import Status, Verdict

TRANSPOSE = FIXTURES / "view_contiguous" / "transpose_then_view"
INPLACE = FIXTURES / "inplace_autograd" / "residual_plus_equals"


class ScriptedRun:
    """Fails with the case's recorded diagnosis until train.py holds `fixed_when`; then ends as
    `after` says: a pass (with its optimizer steps) or another recorded diagnosis."""

    def __init__(self, case: Path, project: Path, fixed_when: str | None, steps: int = 3, after=None):
        self.failing = recorded.load((case / "diagnosis.json").read_text(), project)
        self.script, self.fixed_when, self.steps, self.after = project / "train.py", fixed_when, steps, after
        self.calls: list[Settings] = []

    def __call__(self, target, settings, overlay):
        self.calls.append(settings)
        text = overlay.get(self.script, self.script.read_text())
        if self.fixed_when is None or self.fixed_when not in text:
            return Run(1, self.failing, 0.0, dict(self.failing.counters))
        if self.after is None:
            return Run(0, None, 0.0, {"optimizer_steps": self.steps})
        return Run(1, self.after, 0.0, dict(self.after.counters))


def _resolve(case: Path, tmp_path: Path, runner_of, **options):
    project = copy_case(case, tmp_path / "project").resolve()
    runner = runner_of(project)
    target = Target(project / "train.py", None, (), project, project, sys.executable)
    outcome = resolve(target, Settings(), Options(dry_run=True, **options), lambda _: None, runner=runner)
    return outcome, runner, project


def test_a_rule_edit_that_makes_the_run_pass_is_fixed(tmp_path):
    outcome, runner, _ = _resolve(TRANSPOSE, tmp_path, lambda p: ScriptedRun(TRANSPOSE, p, ".reshape("))
    assert outcome.status == "SUCCESS" and outcome.runs == 2
    assert [(a.edit.rule, a.verdict) for a in outcome.attempts] == [("view_contiguous", "fixed")]
    assert "+" in outcome.diff and ".reshape(" in outcome.diff


def test_an_edit_that_leaves_the_same_error_is_reverted_and_counted(tmp_path):
    outcome, runner, project = _resolve(TRANSPOSE, tmp_path, lambda p: ScriptedRun(TRANSPOSE, p, None))
    assert outcome.status == "FAILED" and outcome.diff == "" and outcome.changed == ()
    assert {a.verdict for a in outcome.attempts} == {"same error"}
    assert "survived" in outcome.stop_reason or "no remaining fix" in outcome.stop_reason


def test_an_edit_that_passes_by_skipping_training_is_not_a_fix(tmp_path):
    def runner(project):
        scripted = ScriptedRun(TRANSPOSE, project, ".reshape(", steps=0)
        scripted.failing = replace(scripted.failing, counters={"optimizer_steps": 2})
        return scripted

    outcome, _, _ = _resolve(TRANSPOSE, tmp_path, runner)
    assert outcome.status == "FAILED" and outcome.attempts[0].verdict == "fewer training steps"


def test_an_edit_that_fails_earlier_is_damage(tmp_path):
    def runner(project):
        scripted = ScriptedRun(TRANSPOSE, project, ".reshape(")
        scripted.failing = replace(scripted.failing, counters={"optimizer_steps": 2, "batches": 3})
        scripted.after = replace(recorded.load((INPLACE / "diagnosis.json").read_text(), project),
                                 counters={"optimizer_steps": 0, "batches": 1})
        return scripted

    outcome, _, _ = _resolve(TRANSPOSE, tmp_path, runner)
    assert outcome.attempts[0].verdict == "failed earlier" and outcome.status == "FAILED"


def test_statuses_and_verdicts_are_enums_rendered_as_their_plain_words(tmp_path):
    outcome, _, project = _resolve(TRANSPOSE, tmp_path, lambda p: ScriptedRun(TRANSPOSE, p, None))
    assert outcome.status is Status.FAILED and {a.verdict for a in outcome.attempts} == {Verdict.SAME_ERROR}
    reports = [report.Report("train.py", project, outcome)]
    dumped = json.dumps(report.as_json(reports))
    assert '"status": "FAILED"' in dumped and '"verdict": "same error"' in dumped and "Verdict." not in dumped
    for rendered in (report.text(reports), report.markdown(reports)):
        assert "-> same error" in rendered and "Status: FAILED | Errors Fixed: 0" in rendered
        assert "Status." not in rendered and "Verdict." not in rendered


def test_the_run_limit_stops_the_loop(tmp_path):
    outcome, runner, _ = _resolve(TRANSPOSE, tmp_path, lambda p: ScriptedRun(TRANSPOSE, p, None), max_runs=1)
    assert outcome.status == "FAILED" and len(runner.calls) == 1 and "--max-runs" in outcome.stop_reason


def test_the_loop_asks_the_rule_for_an_anomaly_rerun(tmp_path):
    def runner(project):
        scripted = ScriptedRun(INPLACE, project, "out = out + ")
        scripted.failing = replace(scripted.failing, forward_origin=None)  # what a plain run reports
        return scripted

    outcome, runner, _ = _resolve(INPLACE, tmp_path, runner)
    assert [s.anomaly for s in runner.calls[:2]] == [False, True]
    assert outcome.status == "SUCCESS" and outcome.attempts[-1].edit.rule == "inplace_autograd"


@pytest.mark.parametrize("argv, complaint", [
    (["missing.py"], "missing.py: no such file"),
    (["folder"], "is a directory"),
    (["data.bin"], "is a binary file"),
    (["--max-attempts", "x", "train.py"], "--max-attempts"),
])
def test_bad_input_is_one_line_and_exit_code_2(argv, complaint, tmp_path, monkeypatch, capsys):
    (tmp_path / "folder").mkdir()
    (tmp_path / "data.bin").write_bytes(b"\x00\x01\xff")
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert complaint in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.bin", "folder"]


@pytest.mark.parametrize("batches, reruns", [(0, 0), (3, 1)])
def test_an_error_holding_the_users_batch_size_is_rerun_at_it_only_once_a_batch_was_drawn(tmp_path, batches, reruns):
    class LoweredRun(ScriptedRun):
        def __call__(self, target, settings, overlay):
            result = super().__call__(target, settings, overlay)
            return replace(result, lowered_batch_sizes=(32,))

    def runner(project):
        scripted = LoweredRun(TRANSPOSE, project, ".reshape(")
        scripted.failing = replace(scripted.failing, message=scripted.failing.message + " (32 rows)",
                                   counters={"optimizer_steps": 0, "batches": batches})
        return scripted

    outcome, runner, _ = _resolve(TRANSPOSE, tmp_path, runner)
    assert outcome.status == "SUCCESS"
    assert [s.batch_size for s in runner.calls].count(32) == reruns
    assert outcome.runs == 2 + reruns

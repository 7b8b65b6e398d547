"""Training health in the whole loop, end to end: a run that exits 0 but does not train is an
error like a crash, and a fix that stops a crash by cutting the graph is rejected."""

import json

import pytest
from conftest import FIXTURES, copy_case, resolve, snapshot
from fake_anthropic import FakeAnthropic, Reply
from test_llm import env_for, right_answer

pytestmark = pytest.mark.slow  # runs real scripts, git, the SDK or forked interpreters

GRAPH_CUT = FIXTURES / "health" / "loss_rewrapped_by_the_llm"


def test_a_patch_that_stops_the_crash_by_cutting_the_graph_is_rejected(tmp_path):
    project = copy_case(GRAPH_CUT, tmp_path / "project")
    before = snapshot(project)
    with FakeAnthropic([Reply(right_answer(GRAPH_CUT))] * 3) as fake:
        result = resolve("--no-rules", "--json", "--max-llm-calls", "1", "train.py", cwd=project, env=env_for(fake))
    report = result.json
    assert report["status"] == "FAILED", result.stdout + result.stderr
    assert report["history"][0]["verdict"] == "stops the crash, but the model no longer learns"
    # the patch's requires_grad_() makes a new leaf: the verdict names it and where the values left the graph
    after = report["history"][0]["error_after"]
    assert after.startswith("NoGradient: backward() runs on a loss made by .requires_grad_() at train.py:16")
    assert "the values left the graph at train.py:7 (p = pred.detach().numpy())" in after
    assert report["files_modified"] == [] and snapshot(project) == before


def test_no_error_says_what_was_checked_and_no_health_turns_it_off(tmp_path):
    case = FIXTURES / "zero_grad_placement" / "never_cleared_in_epoch_loop"
    fixed = copy_case(case, tmp_path / "fixed")
    (fixed / "train.py").write_text((case / "expected" / "train.py").read_text())
    report = resolve("--json", "--no-llm", "train.py", cwd=fixed).json
    assert report["status"] == "NO_ERROR" and report["health"]["steps"] > 0
    text = resolve("--no-llm", "train.py", cwd=fixed).stdout
    assert "Training checked (loss, gradients, updates, zero_grad order, train mode):" in text
    assert "loss " in text and "4 of 4 trainable parameters got gradients" in text
    broken = copy_case(case, tmp_path / "broken")
    off = resolve("--json", "--no-llm", "--no-health", "train.py", cwd=broken)
    assert off.json["status"] == "NO_ERROR" and off.json["health"] is None
    assert "Training not checked (--no-health)" in resolve("--no-llm", "--no-health", "train.py", cwd=broken).stdout


def test_a_health_error_is_repaired_and_reported_in_both_languages(tmp_path):
    case = FIXTURES / "zero_grad_placement" / "cleared_between_backward_and_step"
    project = copy_case(case, tmp_path / "project")
    result = resolve("--no-llm", "--lang", "zh", "train.py", cwd=project)
    assert result.code == 0, result.stdout + result.stderr
    assert "[已修复] train.py:16" in result.stdout and "GradientsClearedBeforeStep" in result.stdout
    assert (project / "train.py").read_text() == (case / "expected" / "train.py").read_text()
    report = json.loads(resolve("--json", "--no-llm", "train.py", cwd=project).stdout)
    assert report["status"] == "NO_ERROR"


def test_a_crash_fix_is_kept_beside_a_cut_it_did_not_write_and_the_cut_is_said(tmp_path):
    # realworld9/03's shape: the encoder runs under no_grad in forward (frozen on purpose, or not: the
    # code cannot say), the optimizer holds it anyway, and int32 labels crash the loss before any step
    case = FIXTURES / "dtype_contract" / "crash_fix_beside_a_frozen_encoder"
    project = copy_case(case, tmp_path / "project")
    report = resolve("--json", "--no-llm", "train.py", cwd=project).json
    assert report["status"] == "SUCCESS", report
    assert report["files_modified"] == ["data.py"] and report["history"][-1]["verdict"] == "fixed"
    assert (project / "data.py").read_text() == (case / "expected" / "data.py").read_text()
    assert (project / "model.py").read_text() == (case / "model.py").read_text()  # the freeze is left as it is
    cut = [n for n in report["notes"] if "The failing run ran them under no_grad too" in n]
    assert len(cut) == 1 and "encoder.emb (Embedding), encoder.proj (Linear)" in cut[0], report["notes"]
    assert "a no_grad block at model.py:" in cut[0]
    assert report["health"]["params"]["without_grad_count"] == 3


def test_a_crash_fix_is_kept_where_a_setting_freezes_a_layer_the_crash_kept_from_running(tmp_path):
    # health7/01's shape: the crash comes before the model ever runs, so the failing run cannot show the
    # freeze; the code shows it: the backbone runs under no_grad only when its flag says so, written both ways
    case = FIXTURES / "noop" / "trains_by_design_backbone_frozen_by_a_setting"
    project = copy_case(case, tmp_path / "project")
    train = project / "train.py"
    train.write_text(train.read_text().replace("labels = (signals[:, 0].mean(-1) > 0).long()",
                                               "labels = (signals[:, 0].mean(-1) > 0).int()"))
    report = resolve("--json", "--no-llm", "train.py", cwd=project).json
    assert report["status"] == "SUCCESS", report
    assert report["files_modified"] == ["train.py"] and ".long()" in train.read_text()
    assert (project / "tagger" / "model.py").read_text() == (case / "tagger" / "model.py").read_text()
    frozen = [n for n in report["notes"] if "frozen by that setting" in n]
    assert len(frozen) == 1 and frozen[0].startswith("backbone.conv1, backbone.conv2 got no gradient"), report["notes"]
    assert "model.py:23 (if self.freeze_backbone:)" in frozen[0]

"""CUDA-only crashes on a CPU machine: each fixture with a recorded traceback is diagnosed from
that text and repaired by the rules; the rewrite must equal the fixture's expected file. (On a
GPU machine test_fixtures.py also runs the `gpu` ones end to end.) And the hardware rows of the
seed's table end in a STOP with the reason, never in an edit."""

import json
import textwrap

import pytest
from conftest import FIXTURES, copy_case, resolve, snapshot

from resolver.diagnose.categories import STOP_REASONS
from resolver.diagnose.diagnosis import parse_traceback
from resolver.fix import rules
from resolver.write.edits import Workspace

RECORDED = sorted(p.parent for p in FIXTURES.glob("*/*/case.json")
                  if json.loads(p.read_text()).get("recorded") and json.loads(p.read_text())["status"] == "SUCCESS")


@pytest.mark.parametrize("case", RECORDED, ids=[f"{c.parent.name}/{c.name}" for c in RECORDED])
def test_recorded_traceback_is_diagnosed_and_rewritten(case, tmp_path):
    spec = json.loads((case / "case.json").read_text())
    project = copy_case(case, tmp_path / "project").resolve()
    text = (case / spec["recorded"]).read_text().replace("{project}", str(project))
    diagnosis = parse_traceback(text, project)
    assert diagnosis.location.file.parent == project
    workspace = Workspace(project)
    edit = next(rules.candidates(diagnosis, workspace))
    assert edit.rule == case.parent.name
    for change in edit.changes:
        assert change.after == (case / "expected" / change.file.relative_to(project)).read_text(), edit.reason


@pytest.mark.slow
@pytest.mark.parametrize("category, message", [
    ("hardware.cudnn", "RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR"),
    ("hardware.driver", "RuntimeError: The NVIDIA driver on your system is too old (found version 11040)."),
    ("hardware.driver", "RuntimeError: CUDA error: no kernel image is available for execution on the device"),
])
def test_hardware_faults_stop_with_the_reason_and_touch_nothing(tmp_path, category, message):
    kind, text = message.split(": ", 1)
    (tmp_path / "train.py").write_text(textwrap.dedent(f"""\
        import torch
        model = torch.nn.Linear(3, 1)
        raise {kind}({text!r})
        """))
    before = snapshot(tmp_path)
    result = resolve("--json", "train.py", cwd=tmp_path, env={"ANTHROPIC_API_KEY": "sk-ant-unused",
                                                              "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"})
    report = result.json
    assert result.code == 1 and report["status"] == "FAILED"
    assert report["last_error"]["category"] == category
    assert report["stop_reason"] == STOP_REASONS[category] and report["llm_calls"] == 0
    assert snapshot(tmp_path) == before


@pytest.mark.slow
def test_oom_without_a_leak_stops_with_the_seeds_advice(tmp_path):
    (tmp_path / "train.py").write_text(
        "import torch\nraise torch.OutOfMemoryError('CUDA out of memory. Tried to allocate 20.00 GiB')\n")
    result = resolve("--no-llm", "--json", "train.py", cwd=tmp_path)
    assert result.json["last_error"]["category"] == "memory.cuda_oom"
    assert "smaller batch size, gradient checkpointing or mixed precision" in result.json["stop_reason"]

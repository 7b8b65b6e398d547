"""The training-health verdict on recorded summaries (tests/health_runs/<name>.json, written from
the real runs by tests/test_health_runs.py --record): the bug-like scripts in tests/health_runs/
get their category and a line to point at; the scripts of fixtures/noop/ (working code, and the
traps that train so by design: freezing, accumulation, a GAN, a warm-up from lr 0, an RL target,
an EMA teacher, a head-only optimizer, gradients reset by hand) get none. No process, no torch."""

import json
import re
from pathlib import Path

import pytest

from resolver.diagnose import health
from resolver.diagnose.categories import CATEGORIES

FOLDER = Path(__file__).parent / "health_runs"
NOOP = Path(__file__).resolve().parents[1] / "fixtures" / "noop"
# (name, script, the verdict its run must get); the noop cases that crash, or stop on a finding by design
# (NaN in the data), have no healthy run to judge
CASES = [(p.stem, p, re.match(r"# expect: ([\w.]+)", p.read_text()).group(1)) for p in sorted(FOLDER.glob("*.py"))] \
    + [(f"noop_{p.parent.name}", p, "none") for p in sorted(NOOP.glob("*/train.py"))
       if json.loads((p.parent / "case.json").read_text())["status"] == "NO_ERROR"]


def summary_file(name: str) -> Path:
    return FOLDER / f"{name}.json"


def recorded(name: str, script: Path) -> dict:
    return json.loads(summary_file(name).read_text().replace("{project}", str(script.parent)))


@pytest.mark.parametrize("name, script, expected", CASES, ids=[c[0] for c in CASES])
def test_verdict(name, script, expected):
    found = health.verdict(recorded(name, script))
    assert (found.category if found else "none") == expected, found and found.error
    if found:
        assert found.location is not None and found.location.file.parent == FOLDER, "a verdict points at a line"
        assert found.source == "health" and found.health


def test_every_health_category_is_defined_and_every_verdict_kind_has_one():
    ids = {category for category, _ in CATEGORIES}
    for _, _, expected in CASES:
        assert expected in ids | {"none"}
    assert {"health.non_finite_loss", "health.no_gradient", "health.grads_accumulate",
            "health.eval_mode_training", "health.zero_grad_before_step", "health.stale_optimizer"} <= ids


def test_a_run_with_no_optimizer_step_has_nothing_to_judge():
    assert health.verdict({}) is None
    assert health.verdict({"steps": 0, "records": []}) is None


def test_a_step_at_lr_zero_is_not_a_step_that_failed_to_update():
    records = [{"step": i, "optimizer": 0, "lr": 0.0, "measured": 2, "changed": 0, "finite_grad": 2, "reset": True}
               for i in range(4)]
    summary = {"steps": 4, "checked_steps": 4, "records": records, "params": {"trainable": 2, "with_grad": 2}}
    assert health.verdict(summary) is None
    moved_never = [dict(r, lr=0.1) for r in records]
    assert health.verdict(dict(summary, records=moved_never)).category == "health.no_update"


def test_the_report_line_says_what_was_checked_in_both_languages():
    name = "noop_trains_by_design_frozen_backbone"
    summary = recorded(name, NOOP / name[len("noop_"):] / "train.py")
    line = health.report_line(summary, "en")
    assert line.startswith("Training checked (loss, gradients, updates") and "1 frozen" not in line
    assert "2 frozen" in line and "2 of 2 trainable parameters got gradients" in line
    assert health.report_line(summary, "zh").startswith("训练检查")
    assert health.report_line(None, "en") == "Training not checked (--no-health)"


def test_an_optimizer_over_frozen_parameters_only_is_flagged_and_a_linear_probe_is_not():
    def run(frozen: int, unheld: list[str]) -> dict:
        records = [{"step": i, "optimizer": 0, "lr": 0.01, "params": 4, "frozen": frozen, "no_grad": frozen,
                    "finite_grad": 4 - frozen, "zero_grad": 0, "reset": True, "measured": 4 - frozen,
                    "changed": 4 - frozen} for i in range(4)]
        params = {"held": 4, "trainable": 4 - frozen, "with_grad": 4 - frozen, "without_grad_count": 0,
                  "unheld_with_grad": unheld, "unheld_with_grad_count": len(unheld)}
        return {"steps": 4, "checked_steps": 4, "records": records, "params": params,
                "optimizers": [{"class": "Adam", "site": {"file": "/p/main.py", "line": 9, "function": "main"}}]}

    found = health.verdict(run(frozen=4, unheld=["head.weight", "head.bias"]))
    assert found.category == "health.frozen_optimizer" and found.location.line == 9
    assert health.verdict(run(frozen=0, unheld=[])) is None  # a linear probe: the optimizer holds the head
    assert health.verdict(run(frozen=4, unheld=[])) is None  # nothing trainable is left out: nothing to train


def test_a_cut_under_no_grad_names_the_block_that_turned_gradients_off(tmp_path):
    # the run sees the op inside the encoder's forward; the block is in the caller's forward, or a decorator
    model = tmp_path / "model.py"
    model.write_text("import torch\n\n\nclass Head:\n    def forward(self, x):\n        with torch.no_grad():\n"
                     "            h = self.encoder(x)\n        return self.out(h)\n\n\n"
                     "@torch.inference_mode()\ndef embed(encoder, x):\n    return encoder(x)\n")
    op = {"file": str(model), "line": 1, "function": "forward", "code": "return self.proj(x)", "op": "no_grad"}
    run = {"steps": 3, "checked_steps": 3, "params": {"trainable": 4, "with_grad": 2, "without_grad_count": 2},
           "cut_modules": [{"module": "encoder", "class": "Linear"}]}
    in_block = {**op, "stack": [{"file": str(model), "line": 7, "function": "forward"}]}
    found = health.verdict({**run, "first_cut": in_block})
    assert found.category == "health.no_gradient"
    assert found.message.endswith("the first cut: a no_grad block at model.py:6 (with torch.no_grad():), around "
                                  "model.py:1 (return self.proj(x))")
    decorated = {**op, "stack": [{"file": str(model), "line": 13, "function": "embed"}]}
    message = health.verdict({**run, "first_cut": decorated}).message
    assert "a no_grad block at model.py:11 (@torch.inference_mode())," in message
    gone = {**op, "file": str(tmp_path / "gone.py"), "stack": [{"file": str(tmp_path / "gone.py"), "line": 7}]}
    message = health.verdict({**run, "first_cut": gone}).message
    assert message.endswith("a no_grad block at gone.py:1 (return self.proj(x))")

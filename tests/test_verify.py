"""How a verifying run is judged against the failing one (resolver/verify.py), on recorded values."""

from pathlib import Path

from resolver.diagnose import health
from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.run.runner import Run
from resolver.status import Verdict
from resolver.verify import cut_before_fix, judge
from resolver.write.edits import Change, Edit

OOM = ("[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to "
       "allocate 509607936 bytes. Error code 12 (Cannot allocate memory)")


def _out_of_memory(line: int, function: str) -> Run:
    return Run(1, Diagnosis("RuntimeError", OOM, frames=(Frame(Path("/project/fit.py"), line, function, True),)), 1.0)


def test_out_of_memory_again_in_the_same_function_is_no_progress():
    # a smaller batch whose training step fits, but whose validation a few lines on still does not
    failing = _out_of_memory(20, "fit")
    assert failing.diagnosis.category == "memory.cpu_oom"
    assert judge(failing, _out_of_memory(24, "fit")) == Verdict.SAME_ERROR


def test_a_leak_freed_then_the_batch_too_large_in_the_same_function_keeps_the_leaks_fix():
    # validation without no_grad kept every graph until batch 7; freed, the run trains 30 batches and the
    # batch itself runs out in the same function: progress, the batch is the next error
    before = Run(1, _out_of_memory(20, "fit").diagnosis, 1.0, counters={"batches": 7, "backward_calls": 7})
    after = Run(1, _out_of_memory(20, "fit").diagnosis, 1.0, counters={"batches": 30, "backward_calls": 30})
    assert judge(before, after) == Verdict.FIXED
    assert judge(before, Run(1, after.diagnosis, 1.0, counters=dict(before.counters))) == Verdict.SAME_ERROR


def test_out_of_memory_in_another_function_is_the_next_error_repaired_after_it():
    # a leak freed in the training function, then the batch too large for the evaluation function
    assert judge(_out_of_memory(20, "train"), _out_of_memory(41, "evaluate")) == Verdict.FIXED


def test_a_smaller_batch_must_clear_out_of_memory_wherever_it_strikes_next():
    # oom3/12: batch 32768 moved the out of memory from the model's forward to the loop's backward
    before, after = _out_of_memory(26, "forward"), _out_of_memory(56, "main")
    assert judge(before, after) == Verdict.FIXED  # a leak's fix: the next error is another one
    assert judge(before, after, clears="memory.") == Verdict.SAME_ERROR  # a batch's fix: still too large


# realworld9/03: a pretrained encoder run under no_grad in the model's forward, and int32 labels that
# crash the loss before any step; the crash fix's run is the first to reach the gradient check
MODEL = "class M:\n    def forward(self, x):\n        with torch.no_grad():\n            h = self.encoder(x)\n" \
        "        return self.head(h)\n"
STEP = "def step(batch):\n    x, y = batch\n    return loss_fn(model(x), y)\n"


def _cut_after_fix(line: int = 4, op: str = "no_grad", file: str = "/project/model.py") -> Run:
    cut = {"file": file, "line": line, "function": "forward", "code": "h = self.encoder(x)", "op": op}
    health = {"steps": 8, "checked_steps": 8, "first_cut": cut, "cut_modules": [{"module": "encoder"}]}
    found = Diagnosis("NoGradient", "encoder (Linear) ran in the training forward but got no gradient in 8 steps",
                      frames=(Frame(Path(file), line, "forward", True),), source="health", health=health)
    return Run(0, found, 1.0, counters={"optimizer_steps": 8}, health=health)


def _crash() -> Run:
    crash = Diagnosis("RuntimeError", "expected target dtype to be Long or Byte, but got Int",
                      frames=(Frame(Path("/project/step.py"), 3, "step", True),))
    return Run(1, crash, 1.0)


def _fix(file: str, before: str, old: str, new: str) -> Edit:
    return Edit((Change(Path(file), before, before.replace(old, new)),), 3, "cast the labels")


def test_a_crash_fix_is_not_blamed_for_a_cut_it_did_not_write():
    fix = _fix("/project/step.py", STEP, "model(x), y)", "model(x), y.long())")
    note = cut_before_fix(_crash(), _cut_after_fix(), fix)
    assert note.startswith("encoder (Linear) ran in the training forward") and "before this fix" in note
    assert judge(_crash(), _cut_after_fix()) == Verdict.CUTS_GRAPH  # unless the loop settles the cut first


def test_a_crash_fix_that_writes_a_cut_or_touches_the_cut_line_is_still_judged_by_it():
    crash, after = _crash(), _cut_after_fix()
    detaching = _fix("/project/step.py", STEP, "model(x), y)", "model(x).detach(), y.long())")
    assert cut_before_fix(crash, after, detaching) == ""  # it writes a cut, wherever the run saw the first one
    wrapped = _fix("/project/step.py", STEP, "    return loss_fn", "    with torch.no_grad():\n        return loss_fn")
    assert cut_before_fix(crash, after, wrapped) == ""
    at_the_line = _fix("/project/model.py", MODEL, "self.encoder(x)", "self.encoder(x.float())")
    assert cut_before_fix(crash, after, at_the_line) == ""  # the cut's own line was rewritten
    unfreezing = _fix("/project/conf.yaml", "freeze_encoder: false\n", "false", "true")
    assert cut_before_fix(crash, after, unfreezing) == ""  # a setting of what is frozen
    # a cut the run can only place at a numpy round trip or .item() is not an explicit, written one
    cast = _fix("/project/step.py", STEP, "y)", "y.long())")
    assert cut_before_fix(crash, _cut_after_fix(op="Tensor.numpy"), cast) == ""
    # a health error's fix is judged as before: the next health error is the next error
    health_first = Run(0, _cut_after_fix().diagnosis, 1.0)
    assert cut_before_fix(health_first, after, cast) == ""


def test_the_other_contracts_are_still_read_once_the_cut_is_settled():
    records = [{"step": i, "optimizer": 0, "reset": False} for i in range(1, 5)]
    trained = {"steps": 5, "checked_steps": 5, "params": {"trainable": 4, "with_grad": 2, "without_grad_count": 2},
               "cut_modules": [{"module": "encoder", "class": "Linear"}], "records": records}
    assert health.verdict(trained).category == "health.no_gradient"
    assert health.verdict(trained, passing="health.no_gradient").category == "health.grads_accumulate"

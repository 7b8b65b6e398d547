"""How a verifying run is judged against the failing one (resolver/verify.py), on recorded values."""

from pathlib import Path

from resolver.diagnose import health
from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.run.runner import Run
from resolver.status import Verdict
from resolver.verify import cut_before_fix, judge, settle_cut

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


def _cut_after_fix(op: str = "no_grad", modules=("encoder.emb", "encoder.proj"), with_grad: int = 2, **more) -> Run:
    cut = {"file": "/project/model.py", "line": 14, "function": "forward", "code": "return self.proj(x)", "op": op}
    health = {"steps": 8, "checked_steps": 8, "first_cut": cut, "params": {"trainable": 5, "with_grad": with_grad},
              "cut_modules": [{"module": m, "class": "Linear"} for m in modules], **more}
    found = Diagnosis("NoGradient", "encoder.emb (Embedding), encoder.proj (Linear) ran in the training forward but "
                      "got no gradient in 8 steps", frames=(Frame(Path("/project/model.py"), 14, "forward", True),),
                      source="health", health=health)
    return Run(0, found, 1.0, counters={"optimizer_steps": 8}, health=health)


def _crash(ran_without_grad=("encoder.emb", "encoder.proj")) -> Run:
    crash = Diagnosis("RuntimeError", "expected target dtype to be Long or Byte, but got Int",
                      frames=(Frame(Path("/project/step.py"), 3, "step", True),),
                      health={"ran_without_grad": list(ran_without_grad)} if ran_without_grad else {})
    return Run(1, crash, 1.0)


def test_a_crash_fix_is_not_blamed_for_a_cut_the_failing_run_already_had():
    note = cut_before_fix(_crash(), _cut_after_fix())
    assert note.startswith("encoder.emb (Embedding), encoder.proj (Linear) ran in the training forward")
    assert "The failing run ran them under no_grad too" in note
    settled, said = settle_cut(_crash(), _cut_after_fix())
    assert said == note and settled.passed
    assert judge(_crash(), _cut_after_fix()) == Verdict.CUTS_GRAPH  # unless the loop settles the cut first


def test_a_crash_fix_is_blamed_for_a_cut_of_layers_the_failing_run_trained():
    # the fix calls a no_grad helper instead, or flips a flag or a config value into an existing no_grad
    # branch: the failing run ran the encoder with gradients on, whatever the fix's text says
    assert cut_before_fix(_crash(ran_without_grad=()), _cut_after_fix()) == ""
    assert cut_before_fix(_crash(ran_without_grad=("encoder.emb",)), _cut_after_fix()) == ""  # one more cut
    assert cut_before_fix(_crash(), _cut_after_fix(op="Tensor.detach")) == ""  # not a no_grad block
    assert cut_before_fix(_crash(), _cut_after_fix(with_grad=0)) == ""  # nothing learns at all
    assert cut_before_fix(_crash(), _cut_after_fix(leaf_loss={"op": "requires_grad_"})) == ""  # a loss made a leaf
    assert settle_cut(_crash(ran_without_grad=()), _cut_after_fix())[1] == ""
    # a health error's fix is judged as before: the next health error is the next error
    assert cut_before_fix(Run(0, _cut_after_fix().diagnosis, 1.0), _cut_after_fix()) == ""


def test_the_other_contracts_are_still_read_once_the_cut_is_settled():
    records = [{"step": i, "optimizer": 0, "reset": False} for i in range(1, 5)]
    trained = {"steps": 5, "checked_steps": 5, "params": {"trainable": 4, "with_grad": 2, "without_grad_count": 2},
               "cut_modules": [{"module": "encoder", "class": "Linear"}], "records": records}
    assert health.verdict(trained).category == "health.no_gradient"
    assert health.verdict(trained, passing="health.no_gradient").category == "health.grads_accumulate"

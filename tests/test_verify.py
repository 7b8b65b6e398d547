"""How a verifying run is judged against the failing one (resolver/verify.py), on recorded values."""

from pathlib import Path

from resolver.diagnose import health
from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.run.runner import Run
from resolver.status import Verdict
from resolver.verify import cut_before_fix, judge, settle_cut, settle_unread, unread_layers

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


# realworld5/02: an FPN neck whose coarser levels the head never reads; the crash (an in-place add in the
# top-down loop) strikes in backward, after the forward ran every level


def _unread_after_fix(read=(), first_cut=None, with_grad: int = 28, **more) -> Run:
    modules = ("neck.fpn_convs.1.conv", "neck.fpn_convs.2.conv")
    health = {"steps": 8, "checked_steps": 8, "params": {"trainable": 34, "with_grad": with_grad},
              "cut_modules": [{"module": m, "class": "Conv2d", **({} if m in read else {"unread": True})}
                              for m in modules], **({"first_cut": first_cut} if first_cut else {}), **more}
    found = Diagnosis("NoGradient", "neck.fpn_convs.1.conv (Conv2d), neck.fpn_convs.2.conv (Conv2d) ran in the "
                      "training forward but got no gradient in 8 steps", source="health", health=health)
    return Run(0, found, 1.0, counters={"optimizer_steps": 8}, health=health)


def _inplace_crash(unread=("neck.fpn_convs.1.conv", "neck.fpn_convs.2.conv"), backward_calls: int = 1) -> Run:
    crash = Diagnosis("RuntimeError", "one of the variables needed for gradient computation has been modified by "
                      "an inplace operation", frames=(Frame(Path("/project/train.py"), 31, "train", True),),
                      health={"unread": list(unread)} if unread else {})
    return Run(1, crash, 1.0, counters={"backward_calls": backward_calls})


def test_layers_nothing_reads_before_the_fix_or_after_it_are_not_the_fixs_cut():
    failing = _inplace_crash(unread=())  # the untraced failing run: no facts of what it read
    assert unread_layers(failing, _unread_after_fix()) == ["neck.fpn_convs.1.conv", "neck.fpn_convs.2.conv"]
    settled, note = settle_unread(_inplace_crash(), _unread_after_fix(), failing)
    assert settled.passed
    assert note.startswith("neck.fpn_convs.1.conv, neck.fpn_convs.2.conv ran in the training forward, but nothing "
                           "reads their output, before this fix as after it")


def test_a_fix_is_blamed_when_a_layer_was_read_or_cut_or_the_failing_program_read_it():
    failing = _inplace_crash(unread=())
    assert unread_layers(failing, _unread_after_fix(read=("neck.fpn_convs.2.conv",))) == []  # read, then cut
    cut = {"file": "/project/neck.py", "line": 9, "function": "forward", "code": "x.detach()", "op": "Tensor.detach"}
    assert unread_layers(failing, _unread_after_fix(first_cut=cut)) == []
    assert unread_layers(failing, _unread_after_fix(with_grad=0)) == []  # nothing learns at all
    assert unread_layers(failing, _unread_after_fix(cut_modules_left_out=3)) == []  # not all of them named
    assert unread_layers(Run(0, _unread_after_fix().diagnosis, 1.0), _unread_after_fix()) == []  # a health fix
    # the fix stopped reading a layer the failing program read (its output fed the op that raised)
    before = _inplace_crash(unread=("neck.fpn_convs.1.conv",))
    assert settle_unread(before, _unread_after_fix(), failing)[1] == ""
    # a crash before any backward (a forward with no return, a missing key) had read nothing yet: every
    # layer it ran looks unread, so it shows nothing about what the fix stopped reading
    assert settle_unread(_inplace_crash(backward_calls=0), _unread_after_fix(), failing)[1] == ""
    assert settle_unread(_inplace_crash(), _unread_after_fix(), _inplace_crash(unread=(), backward_calls=0))[1] == ""
    # the traced rerun without the fix failed otherwise: its facts are of another path
    other = Run(1, Diagnosis("ValueError", "bad config"), 1.0)
    assert settle_unread(other, _unread_after_fix(), failing)[1] == ""
    assert judge(failing, _unread_after_fix()) == Verdict.CUTS_GRAPH  # unless the loop settles it first


def test_the_training_summary_says_why_the_unread_layers_have_no_gradient():
    summary = _unread_after_fix().health | {"params": {"trainable": 34, "with_grad": 28, "without_grad_count": 6}}
    assert health.summary(summary).endswith("6 without (they ran in the forward, but nothing reads their output)")
    assert health.summary(summary, "zh").endswith("6 个没有梯度（它们在前向中运行，但没有任何代码读取其输出）")
    summary["cut_modules"][0].pop("unread")
    assert health.summary(summary).endswith("6 without (they ran in the forward behind a cut of the graph)")

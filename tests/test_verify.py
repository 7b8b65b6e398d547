"""How a verifying run is judged against the failing one (resolver/verify.py), on recorded values."""

from pathlib import Path

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.run.runner import Run
from resolver.status import Verdict
from resolver.verify import judge

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

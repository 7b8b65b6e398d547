"""Verify: how a verifying run is judged against the run it should have fixed. A fix is a run
that gets further, never one that trains less or stops learning, and an error that only smoke
mode's smaller batches made is told apart from the user's."""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from typing import Callable

from resolver import memory_check
from resolver.diagnose import grad_off, health
from resolver.diagnose.diagnosis import Diagnosis
from resolver.run.runner import Run
from resolver.status import Verdict

# the words of a setting's test that name no setting (`if not self.freeze:`, `torch.set_grad_enabled(mode=...)`)
SETTING_WORDS = {"if", "not", "and", "or", "is", "in", "None", "True", "False", "self", "cls", "torch",
                 "set_grad_enabled", "mode", "else"}


def lowered_sizes_in_error(result: Run) -> list[int]:
    """The user batch sizes, lowered by smoke mode, that the error's message or the failing
    modules' input shapes hold: the script expected that many samples and got fewer. Before any
    batch was drawn, smoke mode has changed nothing the script saw."""
    if result.passed or not result.lowered_batch_sizes or result.diagnosis.counters.get("batches") == 0:
        return []
    error = result.diagnosis
    numbers = {int(n) for n in re.findall(r"\d+", error.message)}
    numbers |= {d for m in error.modules for t in m.inputs if t is not None for d in t.shape}
    return [size for size in result.lowered_batch_sizes if size in numbers]


def same_place(a: Diagnosis, b: Diagnosis) -> bool:
    """The same kind of error at the same line and module, whatever numbers its message holds
    (they hold the batch size, which differs between the two runs)."""
    where_a, where_b = a.location, b.location
    return (a.error_type == b.error_type
            and (where_a and (where_a.file, where_a.line)) == (where_b and (where_b.file, where_b.line))
            and (a.module and a.module.path) == (b.module and b.module.path))


def progress_note(before: Run, after: Run) -> str:
    return (f"it ran {after.counters.get('optimizer_steps', 0)} optimizer steps where the failing run had reached "
            f"{before.counters.get('optimizer_steps', 0)}")


def _reached(run: Run) -> tuple[int, int, int]:
    counters = run.counters
    return counters.get("optimizer_steps", 0), counters.get("backward_calls", 0), counters.get("batches", 0)


OUT_OF_MEMORY = (*memory_check.OUT_OF_MEMORY, "memory.forecast_oom")


def _same_error(before: Run, after: Run) -> bool:
    """Out of memory is judged by place and progress, not by line (where an allocation fails moves
    with what else the process holds). Out of memory again in the same function, no further into
    training, is no progress: a smaller batch whose step now fits but whose evaluation, a few lines
    on, still does not (oom2/06: training at 96 passed and the validation after it ran out). A leak
    freed in one function and the batch too large in another are two errors, repaired one after the
    other; so are a leak and a batch too large in one function, where freeing the leak carried the
    run further (more batches, backward passes or steps) before the batch ran out: the leak's fix is
    kept. A death with no traceback (killed) has no place, and counts as the same."""
    was, now = before.diagnosis, after.diagnosis
    if was.category not in OUT_OF_MEMORY or now.category not in OUT_OF_MEMORY:
        return now.same_error_as(was)
    if was.location is None or now.location is None:
        return True
    same_place = (was.location.file, was.location.function) == (now.location.file, now.location.function)
    return same_place and _reached(after) <= _reached(before)


def cut_before_fix(before: Run, after: Run) -> str:
    """A crash fix whose verifying run finds layers cut off the loss by no_grad, where the failing run
    had already run every one of those layers under no_grad in its training forward before it crashed:
    the cut is the project's own, often a part frozen on purpose, which the crash had kept from ever
    reaching the gradient check (realworld9/03: a pretrained encoder run under no_grad in forward, and
    int32 labels that crash the loss). The fix is judged as the crash fix it is, and the cut is said,
    not changed. Only the run's evidence counts, never the fix's text: a fix that calls a no_grad helper
    instead, or flips a flag or a config value into an existing no_grad branch, cuts layers the failing
    run trained, and is blamed for it. Something must still learn, from a loss on the graph. Empty
    when that is not shown."""
    found = after.diagnosis
    if not _crash_fix_without_gradient(before, after):
        return ""
    cut, params = found.health.get("first_cut") or {}, found.health.get("params", {})
    if cut.get("op") != "no_grad" or found.health.get("leaf_loss") or not params.get("with_grad"):
        return ""
    frozen = set(before.diagnosis.health.get("ran_without_grad", ()))
    modules = [m["module"] for m in found.health.get("cut_modules", ())]
    if not modules or not frozen.issuperset(modules):
        return ""
    return (f"{found.message}. The failing run ran them under no_grad too, before this fix, which does not "
            "change that, so it is left as it is: keep it if that part is frozen on purpose, otherwise remove the cut")


def settle_cut(before: Run, after: Run) -> tuple[Run, str]:
    """The verifying run judged without a cut the crash fix did not make (it is the project's own: said
    in the note, not changed), on the contracts it reads after that one; the note, empty when none."""
    note = cut_before_fix(before, after)
    if not note:
        return after, ""
    return replace(after, diagnosis=health.verdict(after.health, passing=after.diagnosis.category)), note


def _crash_fix_without_gradient(before: Run, after: Run) -> bool:
    """A crash fix whose verifying run found layers without a gradient (the cut settlements' case)."""
    return not after.passed and before.diagnosis.source != "health" and after.diagnosis.category == "health.no_gradient"


def unread_layers(before: Run, after: Run) -> list[str]:
    """The layers a crash fix's verifying run (traced: reads.py) finds without a gradient, when every one
    of them ran and had its output read by nothing, no op cut the way from them to the loss, and something
    else learns: a pyramid level the head never takes gets no gradient because nothing asks for one
    (realworld5/02). Empty when that is not shown, when the failing run reached no backward (it had read
    nothing yet), or when the path may be the fix's doing (then the failing program, traced as well, must
    show those layers run and unread before the fix)."""
    found = after.diagnosis
    if not _crash_fix_without_gradient(before, after) or not before.counters.get("backward_calls"):
        return []  # a crash before any backward had read nothing yet: every layer it ran would look unread
    cut, params = found.health.get("cut_modules") or [], found.health.get("params", {})
    if found.health.get("first_cut") or found.health.get("leaf_loss") or not params.get("with_grad"):
        return []
    if not cut or found.health.get("cut_modules_left_out") or not all(m.get("unread") for m in cut):
        return []  # one of them read, or more of them than the summary names
    return [m["module"] for m in cut]


def settle_unread(before_traced: Run | Callable[[], Run], after: Run, failing: Run) -> tuple[Run, str]:
    """The verifying run judged without the layers nobody reads, when the failing program, traced
    without the fix (a run, or the rerun that makes it, made only when some layer is unread), crashed as
    before after running them unread too: the fix changed nothing of what reads them. Only a failing run
    that reached a backward has read what its step reads. Said in the note, not changed; the note, empty
    when not shown."""
    layers = unread_layers(failing, after)
    if not layers:
        return after, ""
    before_traced = before_traced() if callable(before_traced) else before_traced
    if before_traced.passed or not before_traced.diagnosis.same_error_as(failing.diagnosis):
        return after, ""
    if not before_traced.counters.get("backward_calls"):
        return after, ""  # the traced rerun crashed before any backward: it read nothing yet
    if not set(before_traced.diagnosis.health.get("unread", ())).issuperset(layers):
        return after, ""
    one = len(layers) == 1
    their, they = ("its", "it gets") if one else ("their", "they get")
    note = (f"{', '.join(layers)} ran in the training forward, but nothing reads {their} output, before this fix "
            f"as after it: {they} no gradient because nothing asks for one. Left as it is: read {their} output "
            f"if {'it' if one else 'they'} should learn, or stop running {'it' if one else 'them'}")
    return replace(after, diagnosis=health.verdict(after.health, passing="health.no_gradient")), note


def settle_setting(changes, after: Run, notes: list[str]) -> tuple[Run, list[str]]:
    """A verifying run that passed with layers frozen by a setting (a no_grad block the program chooses),
    judged again without that excuse when the fix changed a name the setting reads: the fix may have
    flipped the program into the frozen branch (`freeze: true` written into the config). The run, and
    the notes without the one it no longer earns."""
    if not after.passed or not after.health:
        return after, notes
    choices = [c for m in after.health.get("cut_modules") or () if (c := grad_off.frozen_by_setting(after.health, m))]
    read = {w for _, _, code in choices for w in re.findall(r"[A-Za-z_]\w*", code)} - SETTING_WORDS
    written = "\n".join(line[1:] for change in changes for line in difflib.unified_diff(
        change.before.splitlines(), change.after.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---")))
    if not any(re.search(rf"\b{re.escape(word)}\b", written) for word in read):
        return after, notes
    unearned = grad_off.frozen_by_settings(after.health)
    return replace(after, diagnosis=health.verdict({**after.health, "cuts": []})), [n for n in notes if n != unearned]


def judge(before: Run, after: Run, clears: str = "") -> Verdict:
    """`clears`: the category family the fix set out to clear wherever the error strikes next (a
    smaller batch and "memory."): an error of that family after it is the same error."""
    if not after.passed and after.diagnosis.category in health.GRAPH_CUT and before.diagnosis.source != "health":
        return Verdict.CUTS_GRAPH  # a crash stopped by cutting the path from the loss to the model
    if after.passed:
        # exiting 0 by skipping training is hiding the error, not fixing it; out of memory, gradient
        # accumulation steps once per k micro-batches, so there the backward passes tell
        counted = "backward_calls" if before.diagnosis.category.startswith("memory.") else "optimizer_steps"
        if after.counters.get(counted, 0) < before.counters.get(counted, 0):
            return Verdict.FEWER_STEPS
        return Verdict.FIXED
    if _same_error(before, after) or (clears and after.diagnosis.category.startswith(clears)):
        return Verdict.SAME_ERROR
    # a different error that strikes before the old one did is damage, not progress
    return Verdict.FAILED_EARLIER if _reached(after) < _reached(before) else Verdict.FIXED

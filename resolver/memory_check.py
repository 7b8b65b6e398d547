"""Confirming a memory forecast: smoke mode runs the script at small batches, so a step at the
user's own batch size that would not fit is forecast (resolver/diagnose/memory.py), then shown by
one faithful run at that batch size, cut to a few batches, before anything is changed. When a
smoke draw itself runs out of memory, the draws step down until two sizes fit: that draw's death
already shows the user's batch does not fit, and the smaller draws give the cost per sample. A
script that accumulates gradients steps once every k batches, so its forecast draws share steps
and one size is measured: it is run once more with k draws of each size."""

from __future__ import annotations

from dataclasses import replace

from resolver.diagnose.memory import confirmed, forecast, limit_of, shown_at, size
from resolver.run.runner import Run, Settings

OUT_OF_MEMORY = ("memory.cpu_oom", "memory.killed", "memory.cuda_oom")
STEP = 4  # each step down draws a quarter of the batches the run before it drew
STEP_DOWNS = 2  # at most: 1/64 and 1/256 of the user's batch after the first 1/16
MAX_ACCUMULATION = 8  # k draws of each forecast size: past this the draws would cost a real epoch


def confirm(session, forecast_run: Run) -> Run:
    """The run that settles a forecast over the limit: the faithful one's error (out of memory,
    with the forecast beside its figures), or its pass, and a note that the forecast was wrong.
    Memory kept across steps is not confirmed so: only a whole epoch would show it."""
    error = forecast_run.diagnosis
    forecast = error.memory["forecast"]
    if forecast["kept_per_step"] and forecast["step_peak"] <= forecast["limit"]:
        return forecast_run
    smoke_size, own_size = session.settings.batch_size, forecast["user_batch"]
    session.log(f"{error.headline}: running one faithful step at your batch size {own_size}")
    session.settings = replace(session.settings, batch_size=own_size)
    again = session._run_once(f"confirming the memory forecast at batch size {own_size}")
    if again.passed:
        session.notes.append(f"the memory forecast at batch size {own_size} ({size(forecast['peak'])}) was over the "
                             f"limit, but a faithful step at that batch size fit "
                             f"(peak {size(again.memory.get('peak_rss'))} resident)")
        session.settings = replace(session.settings, batch_size=smoke_size)
        return again
    if not again.diagnosis.category.startswith("memory."):
        session.settings = replace(session.settings, batch_size=smoke_size)
        return again
    # confirmed: the repair goes on faithfully, so that the fix is verified at the batch it writes
    return replace(again, diagnosis=replace(again.diagnosis, memory={**again.memory, "forecast": confirmed(forecast)}))


def died_at_a_draw(settings: Settings, run: Run) -> int | None:
    """The batch of a smoke run's forecast draw (larger than the smoke batch size) that the run ran
    out of memory at, if it did."""
    error = run.diagnosis
    if run.passed or settings.full or error.category not in OUT_OF_MEMORY or not error.memory:
        return None
    batch = error.memory.get("last_batch")
    return batch if batch and batch > settings.batch_size and error.memory.get("draws") else None


def step_down(session, failing: Run) -> Run:
    """Smaller forecast draws after a smoke run died at one, at most STEP_DOWNS more runs: the run
    whose draws fit, with the finding its forecast and the death make (memory.forecast_oom); else
    the failing run, for the stop to explain."""
    oom_batch = died_at_a_draw(session.settings, failing)
    for _ in range(STEP_DOWNS):
        share = session.settings.forecast_share * STEP
        session.log(f"out of memory at a smoke batch of {oom_batch}: drawing 1/{share} and 2/{share} of your "
                    f"batch for the memory forecast")
        session.settings = replace(session.settings, forecast_share=share)
        again = session._run_once(f"forecasting memory from smaller batches (1/{share})")
        smaller = died_at_a_draw(session.settings, again)
        if smaller is None:
            break
        failing, oom_batch = again, smaller
    else:
        return failing
    if not again.passed and again.diagnosis.category != "memory.forecast_oom":
        return again  # another error, met at the smaller batches: repaired as any other
    finding = shown_at(again.memory, oom_batch)
    return replace(again, diagnosis=finding) if finding else failing


def unmeasured_accumulation(settings: Settings, run: Run) -> int:
    """k, when a smoke run held to a memory limit passed with no forecast because its script steps
    once every k batches (two or more backward passes per optimizer step): the forecast's two draws
    fell into one step, whose peak is its largest batch's, so one size was measured. 0 otherwise."""
    if not run.passed or run.diagnosis is not None or settings.full or settings.forecast_accumulation > 1:
        return 0
    memory, trained = run.memory or {}, run.health or {}
    limit, found = limit_of(memory), forecast(memory)
    if limit is None or limit[0] == "ram" or (found is not None and found.sizes[0] > 0):
        return 0  # no limit of its own (RAM alone is not worth a run), or two sizes were measured
    if not any((s.get("user_batch") or 0) > (s.get("batch") or 0) for s in memory.get("steps") or []):
        return 0  # no loader was lowered: the steps ran at the user's batch
    steps, backwards = trained.get("steps") or 0, trained.get("backward_calls") or 0
    if steps < 2 or backwards < 2 * steps:
        return 0
    return min(round(backwards / steps), MAX_ACCUMULATION)


def measure_accumulated(session, k: int) -> Run:
    """The run again, with k draws of each forecast size, so that each fills whole steps."""
    session.log(f"the script steps once every {k} batches: drawing {k} batches of each size for the memory forecast")
    session.settings = replace(session.settings, forecast_accumulation=k)
    return session._run_once(f"forecasting memory over whole optimizer steps of {k} batches")

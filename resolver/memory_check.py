"""Confirming a memory forecast: smoke mode runs the script at small batches, so a step at the
user's own batch size that would not fit is forecast (resolver/diagnose/memory.py), then shown by
one faithful run at that batch size, cut to a few batches, before anything is changed."""

from __future__ import annotations

from dataclasses import replace

from resolver.diagnose.memory import confirmed, size
from resolver.run.runner import Run


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

"""## What it does
Lowers a batch size that does not fit in memory to the largest that does (from the memory forecast,
with headroom), where the batch size is written (a literal, an argparse default, a config dict or a
config file), and keeps the effective batch the same with gradient accumulation in the training
loop: the loss divided by the number of micro-batches, `step()` and `zero_grad()` every k
micro-batches, the last partial group stepped, a scheduler stepped per optimizer step. A loop that
already accumulates (`if (i + 1) % accum_steps == 0: optimizer.step()`) is left as it is: the batch is
lowered and its own count multiplied where each is written (a config file, a literal argument).

## Why is this bad?
`DefaultCPUAllocator: can't allocate memory`, `CUDA out of memory`, MemoryError, or a run the
kernel's OOM killer ends: one step at this batch size needs more memory than the run has. A plain
smaller batch would change the training (a noisier gradient, another learning-rate schedule);
accumulation keeps the gradient of the full batch.

## Example
```python
loader = DataLoader(data, batch_size=256, shuffle=True)
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
```

Use instead:
```python
loader = DataLoader(data, batch_size=64, shuffle=True)
accumulation_steps = 4  # batch 256 as 4 micro-batches of 64: the effective batch is kept
for accumulation_index, (x, y) in enumerate(loader):
    if accumulation_index % accumulation_steps == 0:
        optimizer.zero_grad()
    loss = criterion(model(x), y)
    (loss / accumulation_steps).backward()
    if (accumulation_index + 1) % accumulation_steps == 0 or accumulation_index + 1 == len(loader):
        optimizer.step()
```
"""

from __future__ import annotations

from typing import Iterator

from resolver.diagnose.diagnosis import Diagnosis, Site
from resolver.diagnose.memory import HEADROOM, Forecast, size
from resolver.fix.rules._accumulation import (
    accumulated,
    accumulating_loops,
    batch_changes,
    count_changes,
    loader_of,
    plan,
    scheduler_calls,
    step_down,
    training_loops,
)
from resolver.fix.rules._hand_batches import hand_cut, lower_bound, plans, written
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import parsed, project_sources
from resolver.write.edits import Change, Edit, Workspace


class BatchAccumulation(Rule):
    categories = ("memory.forecast_oom", "memory.cpu_oom", "memory.killed", "memory.cuda_oom")
    priority = 1  # after memory_leaks: a leak is freed before the batch is lowered

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(diagnosis.memory)  # a run whose memory was measured

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = diagnosis.memory.get("forecast")
        if not found and diagnosis.category != "memory.forecast_oom":  # no DataLoader drew a forecast
            yield from self._hand_cut(diagnosis, workspace)
            return
        # no forecast (out of memory at the smallest batch), or a step that fits (the memory goes elsewhere)
        if not found or not found.get("loader_site") or found["step_peak"] <= found["limit"] * HEADROOM:
            return
        forecast = Forecast.from_dict(found)
        first = plan(forecast)
        if first is None:
            return
        for micro, k in (first, *filter(None, [step_down(forecast.user_batch, *first)])):
            edit = self._edit(workspace, forecast, micro, k)
            if edit is None:
                return
            yield edit

    def _hand_cut(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        """Batches cut by hand (_hand_batches): the bound's plan, then two steps down."""
        found = hand_cut(diagnosis, workspace)
        forecast = found and lower_bound(diagnosis, found[-1])
        if not forecast:
            return
        source, loop, file, node, batch = found
        line, path = source.line_of(loop), source.path.resolve()
        counted = [(source, lp, count) for lp, count in accumulating_loops(source) if lp is loop]
        for attempt, (micro, k) in enumerate(plans(forecast)):
            placed = written(workspace, file, node, batch, micro)
            if placed is None:
                return
            changes, where = placed
            if counted:  # the loop already accumulates: its own count grows, the loop stays as it is
                edit = self._more_micro_batches(workspace, forecast, counted, changes, where, micro, k)
                if edit is None:
                    return
                yield edit
                continue
            texts = {c.file.resolve(): c.after for c in changes}
            here, at = source, loop
            if path in texts:  # the batch is written in the loop's file: the loop rewritten in the changed text
                here = parsed(source.path, texts[path])
                at = next((lp for lp in training_loops(here) if here.line_of(lp) == line), None) if here else None
            text = at and accumulated(here, at, batch, micro, k, sized=False)  # a generator has no len()
            if not text:
                return
            by_file = {c.file.resolve(): c for c in changes}
            before = by_file.pop(path).before if path in by_file else source.text
            by_file = {path: Change(source.path, before, text), **by_file}
            exact = "" if micro * k == batch else f" (the effective batch is {micro * k}, the nearest even split)"
            bound = (f"no DataLoader draws a forecast there, so the batch comes from the least a step can need, "
                     f"{size(forecast.per_sample)} a sample (what the failing run held and the allocation that failed)")
            if attempt:
                bound += f", {attempt} step{'s' * (attempt > 1)} down: the larger batch ran out of memory too"
            reason = (f"Out of memory at batch size {batch}, cut by hand in the training loop "
                      f"({source.path.name}:{line}): set the batch size to {micro} in {where} and accumulated "
                      f"gradients over {k} micro-batches, so the effective batch stays {batch}{exact}; {bound}")
            yield Edit(tuple(by_file.values()), line, reason, clears="memory.")

    def _edit(self, workspace: Workspace, forecast: Forecast, micro: int, k: int) -> Edit | None:
        batch = forecast.user_batch
        site = Site.from_json(forecast.loader_site)
        changes, where = batch_changes(workspace, site, batch, micro, k)
        if not changes:
            return None
        texts = {c.file.resolve(): c.after for c in changes}
        accumulating = [(s, loop, count) for s in project_sources(workspace) for loop, count in accumulating_loops(s)]
        if accumulating:
            return self._more_micro_batches(workspace, forecast, accumulating, changes, where, micro, k)
        loops = [(s, loop) for s in project_sources(workspace) for loop in training_loops(s)]
        beside = [(s, loop) for s, loop in loops if s.path.resolve() == site.file.resolve()]
        loops = beside if len(beside) == 1 else loops
        if len(loops) != 1:
            return  # none, or several training loops: which one draws this loader is not certain
        source, loop = loops[0]
        path = source.path.resolve()
        if path in texts:  # the batch size is written in the same file: transform the changed text
            source = parsed(source.path, texts[path])
            loop = training_loops(source)[0] if source and training_loops(source) else None
            if loop is None:
                return None
        text = accumulated(source, loop, batch, micro, k)
        if text is None:
            return None
        by_file = {c.file.resolve(): c for c in changes}
        before = by_file.pop(path).before if path in by_file else source.text
        by_file = {path: Change(source.path, before, text), **by_file}  # the loop's file first: the line is its
        exact = "" if micro * k == batch else f" (the effective batch is {micro * k}, the nearest even split)"
        if any(f"len({source.code(loader_of(loop))})" in source.code(c) for c in scheduler_calls(source)):
            exact += "; the scheduler's len(loader) now counts optimizer steps"
        if any("BatchNorm" in s.text for s in project_sources(workspace)):
            exact += (f"; the model has BatchNorm, whose statistics now come from micro-batches of {micro}, so its "
                      f"gradients differ slightly from those of one batch of {batch}")
        reason = (f"Out of memory at batch size {batch}: set the batch size to {micro} in {where} and accumulated "
                  f"gradients over {k} micro-batches in the training loop ({source.path.name}:{source.line_of(loop)}), "
                  f"so the effective batch stays {batch}{exact}; a step at batch {micro} is forecast to peak at "
                  f"{size(forecast.step_peak(micro))} of the {size(forecast.limit)} limit")
        return Edit(tuple(by_file.values()), source.line_of(loop), reason, clears="memory.")

    def _more_micro_batches(self, workspace, forecast, accumulating, changes, where, micro, k) -> Edit | None:
        """A loop that already accumulates: the batch lowered and its own count multiplied by k, both
        where they are written; the loop itself is left as it is."""
        if len(accumulating) != 1:
            return None
        source, loop, count = accumulating[0]
        texts = {c.file.resolve(): c.after for c in changes}
        counted = count_changes(workspace, source, count, k, texts)
        if counted is None:
            return None
        more, count_where = counted
        by_file = {c.file.resolve(): c for c in changes}
        for change in more:  # the count's change holds the batch's too where both are in one file
            by_file[change.file.resolve()] = Change(change.file, by_file.get(change.file.resolve(), change).before,
                                                    change.after)
        batch = forecast.user_batch
        exact = "" if micro * k == batch else f" (the effective batch is {micro * k} per count, the nearest even split)"
        reason = (f"Out of memory at batch size {batch}: set the batch size to {micro} in {where} and multiplied "
                  f"{count_where} by {k}, the count of micro-batches the training loop "
                  f"({source.path.name}:{source.line_of(loop)}) already accumulates over, so the effective batch "
                  f"stays the same{exact}; a step at batch {micro} is forecast to peak at "
                  f"{size(forecast.step_peak(micro))} of the {size(forecast.limit)} limit")
        first = next(iter(by_file.values()))
        return Edit(tuple(by_file.values()), _changed_line(first), reason, clears="memory.")


def _changed_line(change: Change) -> int:
    """The first line a change rewrites."""
    before, after = change.before.splitlines(), change.after.splitlines()
    return next((i + 1 for i, (a, b) in enumerate(zip(before, after)) if a != b), 1)

"""## What it does
Moves `scaler.update()` next to the `scaler.step(optimizer)` it belongs to, when the step is
taken only on some iterations (gradient accumulation, a warm-up guard) and the update runs on
every one; and adds `scaler.update()` after a `scaler.step(optimizer)` that runs in a loop
without one (a GAN's critic steps, `n_critic` times per generator step).

## Why is this bad?
`No inf checks were recorded prior to update.`: `GradScaler.update()` adjusts the scale from
the inf checks that `step()` (or `unscale_()`) recorded since the last update. On an iteration
without a step there are none. The scale is meant to change once per optimizer step, so the
update goes where the step is, inside the same condition. `step() has already been called since
the last update()`: a step in a loop whose update comes only after the loop steps twice.

## Example
```python
scaler.scale(loss / accum).backward()
if (i + 1) % accum == 0:
    scaler.step(optimizer)
    optimizer.zero_grad()
scaler.update()
```

Use instead:
```python
scaler.scale(loss / accum).backward()
if (i + 1) % accum == 0:
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, user_frames
from resolver.write.edits import Edit, Workspace

STEPPED_TWICE = "step() has already been called since the last update()"


def _alone(source: Source, statement: cst.CSTNode | None, name: str) -> cst.Call | None:
    """The statement is one `receiver.name(...)` call and nothing else."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
            and isinstance(statement.body[0], cst.Expr) and method_call(statement.body[0].value, name):
        return statement.body[0].value
    return None


def _scaler_statements(source: Source, scope: cst.CSTNode, name: str, scaler: str) -> list:
    """The statements in the scope that are one `scaler.name(...)` call."""
    return [s for s in source.nodes(cst.SimpleStatementLine, lambda s: source.within(s, scope))
            if (call := _alone(source, s, name)) is not None and source.code(call.func.value) == scaler]


class _Move(cst.CSTTransformer):
    def __init__(self, moved: cst.SimpleStatementLine, after: cst.SimpleStatementLine):
        self.moved, self.after = moved, after

    def leave_SimpleStatementLine(self, original, updated):
        if original is self.moved:
            return cst.RemovalSentinel.REMOVE
        if original is self.after:
            return cst.FlattenSentinel([updated, self.moved.with_changes(leading_lines=())])
        return updated


class _InsertAfter(cst.CSTTransformer):
    def __init__(self, after: cst.SimpleStatementLine, inserted: cst.SimpleStatementLine):
        self.after, self.inserted = after, inserted

    def leave_SimpleStatementLine(self, original, updated):
        return cst.FlattenSentinel([updated, self.inserted]) if original is self.after else updated


def _update_for_loop_step(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`scaler.step(opt)` in a loop whose body has no `scaler.update()`: the second pass steps
    again before any update. The update goes right after that step, inside the loop."""
    for frame, source in user_frames(diagnosis, workspace):
        step_line = source.statement_at(frame.line)
        step = _alone(source, step_line, "step")
        loop = source.loop_of(step_line) if step is not None else None
        if loop is None or source.function_of(loop) is not source.function_of(step_line):
            return  # no loop around the step in its own function: where the second step comes from is not here
        scaler = source.code(step.func.value)
        if _scaler_statements(source, loop, "update", scaler):
            return  # the loop updates: the second step comes from elsewhere
        update = cst.parse_statement(f"{scaler}.update()\n")
        new_text = source.module.visit(_InsertAfter(step_line, update)).code
        reason = (f"Added {scaler}.update() after {source.code(step)} inside its loop (line "
                  f"{source.line_of(loop)}): a GradScaler takes one step per optimizer between updates, and "
                  "this loop stepped again before any update")
        yield source.edit(new_text, source.line_of(step_line), reason)
        return


class ScalerUpdateWithStep(Rule):
    categories = ("amp.update_without_step", "amp.unscale_after_step")

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and (diagnosis.category == "amp.update_without_step"
                                               or STEPPED_TWICE in diagnosis.message)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if diagnosis.category == "amp.unscale_after_step":
            yield from _update_for_loop_step(diagnosis, workspace)
            return
        for frame, source in user_frames(diagnosis, workspace):
            update_line = source.statement_at(frame.line)
            update = _alone(source, update_line, "update")
            if update is None:
                return
            function = source.function_of(update_line) or source.module  # a loop at top level too
            scaler = source.code(update.func.value)
            steps = _scaler_statements(source, function, "step", scaler)
            block = source.parents.get(update_line)
            # the step sits in a condition (or a loop) nested in the update's own block, after nothing moved it
            nested = [s for s in steps if source.within(s, block) and source.parents.get(s) is not block]
            if len(steps) != 1 or len(nested) != 1:
                return
            step = nested[0]
            new_text = source.module.visit(_Move(update_line, step)).code
            reason = (f"Moved {source.code(update)} after {source.code(step.body[0].value)} "
                      f"(line {source.line_of(step)}): the scale is updated once per optimizer step, "
                      "not on the iterations that take none")
            yield source.edit(new_text, source.line_of(step), reason)
            return

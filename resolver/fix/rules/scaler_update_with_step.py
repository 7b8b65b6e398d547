"""## What it does
Moves `scaler.update()` next to the `scaler.step(optimizer)` it belongs to, when the step is
taken only on some iterations (gradient accumulation, a warm-up guard) and the update runs on
every one.

## Why is this bad?
`No inf checks were recorded prior to update.`: `GradScaler.update()` adjusts the scale from
the inf checks that `step()` (or `unscale_()`) recorded since the last update. On an iteration
without a step there are none. The scale is meant to change once per optimizer step, so the
update goes where the step is, inside the same condition.

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


def _alone(source: Source, statement: cst.CSTNode | None, name: str) -> cst.Call | None:
    """The statement is one `receiver.name(...)` call and nothing else."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
            and isinstance(statement.body[0], cst.Expr) and method_call(statement.body[0].value, name):
        return statement.body[0].value
    return None


class _Move(cst.CSTTransformer):
    def __init__(self, moved: cst.SimpleStatementLine, after: cst.SimpleStatementLine):
        self.moved, self.after = moved, after

    def leave_SimpleStatementLine(self, original, updated):
        if original is self.moved:
            return cst.RemovalSentinel.REMOVE
        if original is self.after:
            return cst.FlattenSentinel([updated, self.moved.with_changes(leading_lines=())])
        return updated


class ScalerUpdateWithStep(Rule):
    categories = ("amp.update_without_step",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            update_line = source.statement_at(frame.line)
            update = _alone(source, update_line, "update")
            if update is None:
                return
            function = source.function_of(update_line) or source.module  # a loop at top level too
            scaler = source.code(update.func.value)
            steps = [s for s in source.nodes(cst.SimpleStatementLine, lambda s: source.within(s, function))
                     if (call := _alone(source, s, "step")) is not None and source.code(call.func.value) == scaler]
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

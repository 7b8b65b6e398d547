"""## What it does
Scales the loss through the GradScaler that steps the optimizer: `loss.backward()` ->
`scaler.scale(loss).backward()`, for the one unscaled `backward()` in the function (or the loop
at top level) that calls `scaler.step(...)`.

## Why is this bad?
`No inf checks were recorded for this optimizer.`, `Attempted step but _scale is None`:
`scaler.step(optimizer)` steps only after it has unscaled the gradients and checked them for
inf/NaN, which needs the loss to have been multiplied by the scale before `backward()`. Without
it, float16 gradients underflow, and the scaler has nothing to check.

## Example
```python
with torch.autocast("cuda", dtype=torch.float16):
    loss = criterion(model(x), y)
loss.backward()
scaler.step(optimizer)
scaler.update()
```

Use instead:
```python
with torch.autocast("cuda", dtype=torch.float16):
    loss = criterion(model(x), y)
scaler.scale(loss).backward()
scaler.step(optimizer)
scaler.update()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import method_call, user_frames
from resolver.write.edits import Edit, Workspace


class ScalerScaleLoss(Rule):
    categories = ("amp.step_without_scale",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            steps = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "step")]
            if len(steps) != 1:
                return
            scaler = source.code(steps[0].func.value)
            scope = source.function_of(steps[0]) or source.module
            if any(method_call(c, "scale") and source.code(c.func.value) == scaler  # it scales here already
                   for c in source.nodes(cst.Call, lambda c: source.within(c, scope))):
                return
            home = source.function_of(steps[0])  # the backward of this function, not of one it defines
            backwards = [c for c in source.nodes(cst.Call, lambda c: source.within(c, scope))
                         if method_call(c, "backward") and not c.args and source.function_of(c) is home
                         and not method_call(c.func.value, "scale")]
            if len(backwards) != 1:
                return
            loss = backwards[0].func.value
            if getattr(loss, "lpar", None):
                loss = loss.with_changes(lpar=[], rpar=[])  # `(loss / accum).backward()`: one pair of parentheses
            scaled = backwards[0].with_changes(func=backwards[0].func.with_changes(
                value=cst.parse_expression(f"{scaler}.scale({source.module.code_for_node(loss)})")))
            reason = (f"Changed {source.code(backwards[0])} to {source.code(scaled)}: {scaler}.step() "
                      "steps only on gradients of a loss the scaler scaled")
            yield source.edit(source.replaced(backwards[0], scaled), source.line_of(backwards[0]), reason)
            return

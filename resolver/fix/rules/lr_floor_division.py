"""A learning-rate factor is a true division: `step // warmup` is 0 for every step below `warmup`.

## What it does
Where a run's learning rate is 0 at every step although the optimizer was built with one above 0,
and the probe names the line that made the 0 (the return line of the scheduler's lr_lambda, or the
line that writes the group's "lr"), the floor division on that line becomes a true division:
`return step // warmup_steps` -> `return step / warmup_steps`. Only the floor divisions that take
part in the value written (a returned expression, a lambda's body, the right side of the
assignment); a line without one gets nothing (a schedule that multiplies the current rate by a
factor that was 0 once is a redesign: keep the base rate; the report says so).

## Why is this bad?
On integers, `//` rounds down: a warm-up factor `step // warmup_steps` is 0 for every step before
the warm-up ends, and LambdaLR multiplies the base rate by it, so the learning rate is exactly 0 and
no parameter moves. In a short run (or with a warm-up longer than the run) the model never trains.

## Example
```python
scheduler = LambdaLR(optimizer, lambda step: min(1.0, step // warmup_steps))
```

Use instead:
```python
scheduler = LambdaLR(optimizer, lambda step: min(1.0, step / warmup_steps))
```"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import user_frames
from resolver.write.edits import Edit, Workspace


def _written(statement: cst.CSTNode) -> list[cst.BaseExpression]:
    """The expressions whose value a statement returns or assigns: the value of a return, of an
    assignment, of an expression (a lambda passed to a scheduler)."""
    values = []
    for small in getattr(statement, "body", ()):
        if isinstance(small, (cst.Return, cst.Assign, cst.AugAssign, cst.Expr)) and small.value is not None:
            values.append(small.value)
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            values.append(small.value)
    return values


class _TrueDivision(cst.CSTTransformer):
    def __init__(self, divisions: list[cst.BinaryOperation]):
        super().__init__()
        self.divisions = divisions

    def leave_BinaryOperation(self, original, updated):
        if any(original is d for d in self.divisions):
            return updated.with_changes(operator=cst.Divide(
                whitespace_before=updated.operator.whitespace_before,
                whitespace_after=updated.operator.whitespace_after))
        return updated


class LrFloorDivision(Rule):
    categories = ("health.zero_lr",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            if not isinstance(statement, cst.SimpleStatementLine):
                return
            divisions = [d for d in source.nodes(cst.BinaryOperation) if isinstance(d.operator, cst.FloorDivide)
                         and any(d is v or source.within(d, v) for v in _written(statement))]
            if not divisions:
                return
            module = source.module.visit(_TrueDivision(divisions))
            shown = ", ".join(source.code(d) for d in divisions)
            reason = (f"Changed {shown} to a true division: the learning rate was 0 at every step because the "
                      f"integer division rounds the factor down to 0 below its divisor")
            yield source.edit(module.code, source.line_of(statement), reason)
            return

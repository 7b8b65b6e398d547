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
from resolver.fix.rules._definitions import imported_from
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames
from resolver.fix.rules._syntax import own_nodes
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


def _rate_made(workspace: Workspace, source: Source, statement: cst.CSTNode) -> tuple[Source, list] | None:
    """Where the `lr` an optimizer is built with on `statement` is made: the argument, the one
    assignment of its name before the line in the same function, and a project function it calls
    (in this file or imported from another) to that function's returned values."""
    calls = [c for c in source.nodes(cst.Call, lambda c: source.within(c, statement)) if argument(c, 1, "lr")]
    named = [c for c in calls if any(a.keyword is not None and a.keyword.value == "lr" for a in c.args)]
    calls = named or [c for c in calls if not any(source.within(c, other) for other in calls)]  # not `d.get(k, 0.0)`
    if len(calls) != 1:
        return None
    value = argument(calls[0], 1, "lr").value
    if isinstance(value, cst.Name):
        function = source.function_of(statement)
        assigned = [a.value for a in source.nodes(cst.Assign, lambda a: source.function_of(a) is function
                                                   and source.line_of(a) < source.line_of(statement))
                    if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
                    and a.targets[0].target.value == value.value]
        if len(assigned) != 1:
            return None
        value = assigned[0]
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
        name = value.func.value
        home = source if any(f.name.value == name for f in source.nodes(cst.FunctionDef)) \
            else imported_from(workspace, source, name)
        made = home and next((f for f in home.nodes(cst.FunctionDef) if f.name.value == name), None)
        if made is None:
            return None
        return home, [r.value for r in own_nodes(made, cst.Return) if r.value is not None]
    return source, [value]


def _factor_of(source: Source, division: cst.BinaryOperation, value: cst.BaseExpression) -> bool:
    """`division` is a factor of the rate itself (`base_lr * batch // 256`), not inside an exponent,
    an index or a call (`0.1 ** (epoch // step)` is a step decay: its `//` is meant)."""
    node = division
    while node is not value:
        node = source.parents.get(node)
        if not isinstance(node, cst.BinaryOperation) \
                or not isinstance(node.operator, (cst.Multiply, cst.Divide, cst.FloorDivide)):
            return False
    return True


class LrFloorDivision(Rule):
    categories = ("health.zero_lr",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            if not isinstance(statement, cst.SimpleStatementLine):
                return
            written = _written(statement)
            divisions = [d for d in source.nodes(cst.BinaryOperation) if isinstance(d.operator, cst.FloorDivide)
                         and any(d is v or source.within(d, v) for v in written)]
            if not divisions:  # the line built the optimizer with a rate of 0: where that rate is made
                made = _rate_made(workspace, source, statement)
                if made is None:
                    return
                source, written = made
                divisions = [d for d in source.nodes(cst.BinaryOperation) if isinstance(d.operator, cst.FloorDivide)
                             and any(_factor_of(source, d, v) for v in written)]
                statement = next((source.enclosing(d, (cst.SimpleStatementLine,)) for d in divisions), statement)
            if not divisions:
                return
            module = source.module.visit(_TrueDivision(divisions))
            shown = ", ".join(source.code(d) for d in divisions)
            reason = (f"Changed {shown} to a true division: the learning rate was 0 at every step because the "
                      f"integer division rounds the factor down to 0 below its divisor")
            yield source.edit(module.code, source.line_of(statement), reason)
            return

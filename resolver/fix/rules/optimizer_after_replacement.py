"""An optimizer is built after the model's layers are in place, not before they are replaced.

## What it does
Where a run's optimizer holds parameters no model that ran has, while the model's own get
gradients no optimizer applies (the probe sees both), the statement that builds the optimizer
(the run names its line) moves below the last statement of the same block that replaces a layer
of the model it was given: `model.fc = nn.Linear(...)`, `model[2] = ...`, `setattr(model, ...)`.

## Why is this bad?
`model.parameters()` is read once, when the optimizer is built. A layer assigned afterwards
(a new head for fine-tuning) brings new parameters the optimizer never sees: they get gradients
and never change, while the optimizer steps the old layer's, which no longer take part.

## Example
```python
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
model.fc = nn.Linear(512, 10)
```

Use instead:
```python
model.fc = nn.Linear(512, 10)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
```"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace


def _base(expression: cst.BaseExpression, source: Source) -> str:
    while isinstance(expression, (cst.Attribute, cst.Subscript)):
        expression = expression.value
    return source.code(expression)


def _models_given(statement: cst.CSTNode, source: Source) -> set[str]:
    """What the optimizer's parameters come from: `model` in `Adam(model.parameters())`."""
    return {_base(c.func.value, source) for c in source.nodes(cst.Call)
            if source.within(c, statement) and isinstance(c.func, cst.Attribute)
            and c.func.attr.value in ("parameters", "named_parameters")}


def _replaces(statement: cst.CSTNode, models: set[str], source: Source) -> bool:
    """`model.fc = ...`, `model[2] = ...`, `model.head.out = ...`, `setattr(model, ...)`."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, cst.Assign) and any(isinstance(t.target, (cst.Attribute, cst.Subscript))
                                                 and _base(t.target, source) in models for t in small.targets):
            return True
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                and source.code(small.value.func) == "setattr" and small.value.args \
                and source.code(small.value.args[0].value) in models:
            return True
    return False


class OptimizerAfterReplacement(Rule):
    categories = ("health.stale_optimizer",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            block = statement and source.parents.get(statement)
            if block is None or not hasattr(block, "body") or not isinstance(block.body, (list, tuple)):
                return
            models = _models_given(statement, source)
            body = list(block.body)
            at = body.index(statement)
            later = [i for i in range(at + 1, len(body)) if _replaces(body[i], models, source)]
            if not models or not later:
                return
            to = later[-1]
            moved = statement.with_changes(leading_lines=())
            new_body = body[:at] + [body[at + 1].with_changes(
                leading_lines=[*statement.leading_lines, *body[at + 1].leading_lines])] \
                + body[at + 2:to + 1] + [moved] + body[to + 1:]
            names = ", ".join(sorted(models))
            reason = (f"Moved {source.code(statement)} below {source.code(body[to].body[0])}: built before the layer "
                      f"was replaced, the optimizer held the old parameters of {names} and never updated the new ones")
            text = source.replaced(block, block.with_changes(body=new_body))
            first = source.module.code_for_node(moved).strip().splitlines()[0]
            line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip() == first.strip())
            yield source.edit(text, line, reason)
            return

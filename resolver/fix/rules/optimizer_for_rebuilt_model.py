"""A model built again (per fold, per trial) gets an optimizer of its own.

## What it does
Where a run's optimizer holds parameters that never get a gradient while a model that trains was
built again after it, and no optimizer holds that model's parameters (the probe sees both, and the
line that rebuilds the model), the optimizer is built again right below that line, over the new
model: `self.optimizer = type(self.optimizer)(self.model.parameters(), **self.optimizer.defaults)`
when the two are in different methods of one class (the same class and hyper-parameters, which the
optimizer keeps in `defaults`), or the optimizer's own statement repeated when both are in one
function. Only when the optimizer was built over that very model's `.parameters()`, and nothing
else in the file takes the optimizer as an argument (a scheduler built on it would go on stepping
the old one: that is a redesign, and the report says so).

## Why is this bad?
`model.parameters()` is read once, when the optimizer is built. A model built again for the next
fold or trial brings new parameters: they get gradients that no optimizer applies, and the
optimizer steps the old model's, which no longer take part. Every fold evaluates an untrained model.

## Example
```python
def reset(self):
    self.model = build_model()
```

Use instead:
```python
def reset(self):
    self.model = build_model()
    self.optimizer = type(self.optimizer)(self.model.parameters(), **self.optimizer.defaults)
```"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace


def _assigned(statement: cst.CSTNode | None) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """The one target and the value of `target = value`."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    return small.targets[0].target, small.value


def _over(call: cst.BaseExpression, model: str, source: Source) -> bool:
    """Whether an optimizer call's first argument is `model.parameters()`."""
    if not isinstance(call, cst.Call) or not call.args or call.args[0].keyword is not None:
        return False
    first = call.args[0].value
    return isinstance(first, cst.Call) and not first.args and isinstance(first.func, cst.Attribute) \
        and first.func.attr.value == "parameters" and source.code(first.func.value) == model


def _handed_on(optimizer: str, statement: cst.CSTNode, source: Source) -> bool:
    """Whether an object kept outside the optimizer's own statement is built on it (a scheduler):
    `scheduler = StepLR(optimizer, ...)`; a call that only uses it (`train(model, optimizer)`) is not."""
    return any(source.code(arg.value) == optimizer for a in source.nodes(cst.Assign)
               if isinstance(a.value, cst.Call) and not source.within(a, statement) for arg in a.value.args)


class OptimizerForRebuiltModel(Rule):
    categories = ("health.stale_optimizer",)
    priority = 1  # after optimizer_after_replacement, which claims a layer replaced in place (they never both match)

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(diagnosis.health.get("rebuilt")) \
            and not diagnosis.health.get("replaced")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        built = next((o["site"] for o in diagnosis.health.get("optimizers") or [] if o.get("site")), None)
        for frame, source in user_frames(diagnosis, workspace):
            held = built and Source.parse(workspace, Path(built["file"]))
            if not held or held.path != source.path:
                return
            rebuild, optimizer_statement = source.statement_at(frame.line), source.statement_at(built["line"])
            model, optimizer = _assigned(rebuild), _assigned(optimizer_statement)
            if model is None or optimizer is None or rebuild is optimizer_statement:
                return
            model_text, optimizer_text = source.code(model[0]), source.code(optimizer[0])
            if not _over(optimizer[1], model_text, source) or _handed_on(optimizer_text, optimizer_statement, source):
                return
            same_function = source.function_of(rebuild) is source.function_of(optimizer_statement)
            same_class = optimizer_text.startswith("self.") and source.enclosing(rebuild, cst.ClassDef) is not None \
                and source.enclosing(rebuild, cst.ClassDef) is source.enclosing(optimizer_statement, cst.ClassDef)
            if same_function:
                new = f"{optimizer_text} = {source.code(optimizer[1])}"
            elif same_class:
                new = (f"{optimizer_text} = type({optimizer_text})({model_text}.parameters(), "
                       f"**{optimizer_text}.defaults)")
            else:
                return
            added = cst.parse_statement(new + "\n")
            text = source.replaced(rebuild, cst.FlattenSentinel([rebuild, added]))
            reason = (f"Built {optimizer_text} again over the new {model_text} after {source.code(rebuild)}: the "
                      f"optimizer built before held the old model's parameters, and the new model never trained")
            yield source.edit(text, source.line_of(rebuild) + 1, reason)
            return

"""## What it does
Makes a `forward` that ends without a `return` return what its last statement computes:
`return x` after the last assignment, or the last call returned. Only for a model the failing
line takes the output of (a local the probe saw holding an nn.Module, or `self.part` built from
a project class).

## Why is this bad?
`must be Tensor, not NoneType`, `'NoneType' object has no attribute 'argmax'`: the model's
output is None. A None from anywhere else (a regex that did not match) is not this: nothing is
proposed.

## Example
```python
def forward(self, x):
    x = self.body(x)
    logits = self.head(x)
```

Use instead:
```python
def forward(self, x):
    x = self.body(x)
    logits = self.head(x)
    return logits
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import classes_named, methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace


def _forward_without_return(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The failing line takes the output of a model (a local the probe saw holding an nn.Module,
    or `self.part` built from a project class) whose `forward` never returns a value."""
    for frame, source in user_frames(diagnosis, workspace):
        statement = source.statement_at(frame.line)
        function = source.function_of(statement) if statement is not None else None
        names = {n.value for n in source.on_line(cst.Name, frame.line)}
        calls = source.on_line(cst.Call, frame.line)
        # a model's output assigned before the line (`out = model(x)`, then `out`)
        calls += [assign.value for assign in source.nodes(cst.Assign, lambda a: source.function_of(a) is function)
                  if isinstance(assign.value, cst.Call) and source.line_of(assign) < frame.line
                  and any(isinstance(t.target, cst.Name) and t.target.value in names for t in assign.targets)]
        for call in calls:
            klass = _module_class_called(source, call, frame)
            for where, node in classes_named(workspace, klass) if klass else ():
                edit = _return_added(where, node)
                if edit is not None:
                    yield edit
                    return


def _module_class_called(source: Source, call: cst.Call, frame) -> str | None:
    func = call.func
    if isinstance(func, cst.Name) and func.value in frame.models:
        return frame.models[func.value][0]
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        owner = source.enclosing(call, cst.ClassDef)
        init = methods(owner).get("__init__") if owner else None
        for assign in source.nodes(cst.Assign, lambda a: init is not None and source.function_of(a) is init):
            if any(isinstance(t.target, cst.Attribute) and t.target.attr.value == func.attr.value
                   for t in assign.targets) \
                    and isinstance(assign.value, cst.Call):
                name = source.code(assign.value.func).rsplit(".", 1)[-1]
                return name if name[:1].isupper() else None
    return None


def _return_added(source: Source, node: cst.ClassDef) -> Edit | None:
    forward = methods(node).get("forward")
    if forward is None or not isinstance(forward.body, cst.IndentedBlock) or any(
            isinstance(r, cst.Return) and r.value is not None and source.function_of(r) is forward
            for r in source.nodes(cst.Return)):
        return None
    last = forward.body.body[-1]
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        if len(targets) != 1 or not isinstance(targets[0], cst.Name):
            return None
        returned = targets[0].value
        new = cst.FlattenSentinel([last, cst.SimpleStatementLine([cst.Return(cst.Name(returned))])])
    elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        returned = source.code(small.value)
        new = last.with_changes(body=[cst.Return(small.value)])
    else:
        return None
    reason = (f"Made {node.name.value}.forward return {returned}: it computes it and ends without a return, "
              "so the model's output was None")
    return source.edit(source.replaced(last, new), source.line_of(last), reason)


class ForwardReturn(Rule):
    categories = ("module.forward_returns_none",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _forward_without_return(diagnosis, workspace)

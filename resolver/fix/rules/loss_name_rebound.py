"""## What it does
Gives the result of `criterion = criterion(...)` its own name (`loss`), and its later uses with
it.

## Why is this bad?
`'Tensor' object is not callable`: the result took the loss function's name, so the next call
of it called a tensor. A tensor called for any other reason (a buffer called like a layer) is
not a rebound name: nothing is proposed.

## Example
```python
for x, y in loader:
    criterion = criterion(model(x), y)
    criterion.backward()
```

Use instead:
```python
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import first_frame_edits
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.write.edits import Edit, Workspace


def _rebound_name(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in reversed(source.on_line(cst.Call, frame.line)):
        if not isinstance(call.func, cst.Name):
            continue
        name = call.func.value
        function = source.enclosing(call, cst.FunctionDef)
        scope = function if function is not None else source.module
        rebinding = [a for a in source.nodes(cst.Assign) if _rebinds(a, name)
                     and source.enclosing(a, cst.FunctionDef) is function]
        if len(rebinding) != 1:
            continue
        assign = rebinding[0]
        taken = {n.value for n in source.nodes(cst.Name) if source.enclosing(n, cst.FunctionDef) is function}
        new_name = next(n for n in ("loss", "loss_value", f"{name}_value", f"{name}_result") if n not in taken)
        start = source.line_of(assign)
        end = source.positions[scope].end.line  # the result is read after its loop too (`print(loss.item())`)
        uses = [n for n in source.nodes(cst.Name, lambda n: n.value == name)
                if start <= source.line_of(n) <= end and not _called(source, n) and n is not call.func]
        module = source.module
        replacements = {n: cst.Name(new_name) for n in uses}
        new_module = module.visit(_Renamer(replacements))
        reason = (f"Changed `{name} = {name}(...)` to `{new_name} = {name}(...)` and its later uses: the result "
                  f"took the loss function's name, so the next call of {name}(...) called a tensor")
        yield source.edit(new_module.code, start, reason)
        return


def _rebinds(assign: cst.Assign, name: str) -> bool:
    return (len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name)
            and assign.targets[0].target.value == name and isinstance(assign.value, cst.Call)
            and isinstance(assign.value.func, cst.Name) and assign.value.func.value == name)


def _called(source: Source, node: cst.Name) -> bool:
    parent = source.parents.get(node)
    return isinstance(parent, cst.Call) and parent.func is node


class _Renamer(cst.CSTTransformer):
    def __init__(self, replacements: dict):
        super().__init__()
        self.replacements = replacements

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return self.replacements.get(original, updated)


class LossNameRebound(Rule):
    categories = ("type.tensor_not_callable",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _rebound_name)

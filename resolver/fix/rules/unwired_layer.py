"""## What it does
Calls a layer that `__init__` builds but nothing ever calls, at its place in the forward pass:
after the call of the layer `__init__` declares just before it (`h = self.encoder(h)` is followed
by `h = self.proj(h)`), past the lines that go on reshaping the same name (`_, h = self.gru(x)`
then `h = h[-1]`: the projection reads the last step's state). Only when the attribute is read
nowhere in the project (no call under a condition, no `getattr` by name): a layer the code calls on
some steps is skipped by design, and `find_unused_parameters` is that case's fix.

## Why is this bad?
`RuntimeError: Expected to have finished reduction in the prior iteration before starting a new
one`: DDP waits for a gradient of every parameter, and a layer never called gives none. Without
DDP the same bug is silent: the layer is trained by nobody. The model the author wrote has the
layer in its stream; `find_unused_parameters=True` would hide the bug and cost a graph traversal
per step.

## Example
```python
def __init__(self):
    self.encoder = nn.Sequential(nn.Linear(64, 128), nn.GELU())
    self.proj = nn.Sequential(nn.Linear(128, 128), nn.GELU())
    self.head = nn.Linear(128, 4)

def forward(self, x):
    h = self.encoder(x)
    return self.head(h)
```

Use instead:
```python
def forward(self, x):
    h = self.encoder(x)
    h = self.proj(h)
    return self.head(h)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._unused import Owner, mentioned_as_text, owner_of, readers, self_attribute
from resolver.write.edits import Edit, Workspace

WHY = ("it was built but never called, so its parameters got no gradient: DDP waited for them, and without DDP "
       "they would never train")


def _declared(owner: Owner) -> list[str]:
    """The attributes `__init__` assigns, in order."""
    init = methods(owner.node)["__init__"]
    found = []
    for assign in owner.source.nodes(cst.Assign, lambda a: owner.source.within(a, init)):
        for target in assign.targets:
            name = self_attribute(target.target)
            if name and name not in found:
                found.append(name)
    return found


def _stream(target: cst.BaseAssignTargetExpression) -> str | None:
    """The one name an assignment carries on: `h` in `h = ...`, and in `_, h = self.gru(x)`."""
    if isinstance(target, cst.Name):
        return target.value
    if isinstance(target, cst.Tuple):
        names = [e.value.value for e in target.elements if isinstance(e.value, cst.Name)]
        kept = [n for n in names if not n.startswith("_")]
        return kept[0] if len(names) == len(target.elements) and len(kept) == 1 else None
    return None


def _chain_statement(source: Source, forward: cst.FunctionDef, attribute: str) -> tuple[cst.CSTNode, str] | None:
    """The statement directly in forward's body that assigns one name from a call of the layer
    (`h = self.encoder(h)`, `x = F.relu(self.fc1(x))`, `_, h = self.gru(x)`), or the last of the
    lines right after it that only go on reshaping that name (`h = h[-1]`), with the name."""
    body = list(forward.body.body)
    for index, statement in enumerate(body):
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            continue
        assign = statement.body[0]
        if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
                and source.nodes(cst.Call, lambda c: source.within(c, assign) and self_attribute(c.func) == attribute)):
            continue
        stream = _stream(assign.targets[0].target)
        if stream is None:
            return None
        for after in body[index + 1:]:
            if not (isinstance(after, cst.SimpleStatementLine) and len(after.body) == 1
                    and isinstance(after.body[0], cst.Assign) and _stream(after.body[0].targets[0].target) == stream
                    and not source.nodes(cst.Call, lambda c: source.within(c, after) and self_attribute(c.func))):
                break
            statement = after
        return statement, stream
    return None


class UnwiredLayer(Rule):
    categories = ("dist.unused_parameters",)
    priority = -1  # a layer nobody calls is a bug even where other parts are skipped by design

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for part in diagnosis.unused_parameters:
            owner = owner_of(part, workspace)
            if owner is None or not isinstance(owner.assignment.value, cst.Call) \
                    or owner.source.code(owner.assignment.value.func).endswith("Parameter"):
                continue  # a bare parameter has no place in a stream of layers
            if readers(part.attribute, owner, workspace) or mentioned_as_text(part.attribute, workspace):
                continue
            forward = methods(owner.node).get("forward")
            declared = _declared(owner)
            if forward is None or part.attribute not in declared:
                continue
            for before in reversed(declared[:declared.index(part.attribute)]):
                found = _chain_statement(owner.source, forward, before)
                if found is None:
                    continue
                statement, stream = found
                call = cst.parse_statement(f"{stream} = self.{part.attribute}({stream})\n")
                new = owner.source.replaced(statement, cst.FlattenSentinel([statement, call]))
                yield owner.source.edit(new, owner.source.line_of(statement) + 1,
                                        f"Called self.{part.attribute} in {part.owner}.forward after self.{before}, "
                                        f"where __init__ declares it: {WHY}")
                break

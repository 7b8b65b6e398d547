"""## What it does
Calls a layer that `__init__` builds but nothing ever calls, at its place in the forward pass:
after the call of the layer `__init__` declares just before it (`h = self.encoder(h)` is followed
by `h = self.proj(h)`), past the lines that go on reshaping the same name (`_, h = self.gru(x)`
then `h = h[-1]`: the projection reads the last step's state), and past attributes that are
numbers. When the layer before it has no one line of forward that calls it (a ModuleList looped
over), it goes before the call of the first layer declared after it, on the name that call reads
(`pooled = self.dropout(pooled)`); when neither neighbour gives a line, nothing is written. An
activation the class docstring names right after the layer (`pre_classifier + ReLU`) wraps the
call (`torch.relu(self.pre_classifier(pooled))`). Only when the attribute is read
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

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import methods
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._unused import Owner, mentioned_as_text, owner_of, readers, self_attribute
from resolver.write.edits import Edit, Workspace

# what a docstring calls the activation after a layer -> its function under torch
ACTIVATIONS = {"relu": "relu", "tanh": "tanh", "sigmoid": "sigmoid", "gelu": "nn.functional.gelu",
               "silu": "nn.functional.silu"}
WHY = ("it was built but never called, so its parameters got no gradient: DDP waited for them, and without DDP "
       "they would never train")


def _declared(owner: Owner) -> list[tuple[str, bool]]:
    """The attributes `__init__` assigns, in order, each with whether it is built by a call (a
    layer, a container of layers) rather than a number (`self.scale = width ** 0.5`)."""
    init = methods(owner.node)["__init__"]
    found: dict[str, bool] = {}
    for assign in owner.source.nodes(cst.Assign, lambda a: owner.source.within(a, init)):
        for target in assign.targets:
            name = self_attribute(target.target)
            if name and name not in found:
                found[name] = isinstance(assign.value, cst.Call)
    return list(found.items())


def _activation(owner: Owner, attribute: str) -> str | None:
    """The activation the class's docstring names right after the layer (`pre_classifier + ReLU`)."""
    docstring = owner.node.get_docstring() or ""
    said = re.search(rf"\b{re.escape(attribute)}\b\s*(?:\+|->|→|,|then)\s*(\w+)", docstring)
    return ACTIVATIONS.get(said.group(1).lower()) if said else None


def _feeding_statement(source: Source, forward: cst.FunctionDef, attribute: str) -> tuple[cst.CSTNode, str] | None:
    """The statement directly in forward's body that calls the layer on a name
    (`pooled = self.dropout(pooled)`, `return self.out(h)`), with that name. A layer forward
    calls more than once (one `self.dropout` shared by two places) gives no one place."""
    if not _called_once(source, forward, attribute):
        return None
    for statement in forward.body.body:
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
                or not isinstance(statement.body[0], (cst.Assign, cst.Return)):
            continue
        calls = source.nodes(cst.Call, lambda c: source.within(c, statement) and self_attribute(c.func) == attribute)
        if calls:
            first = calls[0].args[0].value if calls[0].args and not calls[0].args[0].keyword else None
            return (statement, first.value) if len(calls) == 1 and isinstance(first, cst.Name) else None
    return None


def _called_once(source: Source, forward: cst.FunctionDef, attribute: str) -> bool:
    return len(source.nodes(cst.Call, lambda c: source.within(c, forward) and self_attribute(c.func) == attribute)) == 1


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
    lines right after it that only go on reshaping that name (`h = h[-1]`), with the name; none
    for a layer forward calls more than once."""
    if not _called_once(source, forward, attribute):
        return None
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
            names = [name for name, _ in declared]
            if forward is None or part.attribute not in names:
                continue
            edit = self._after_the_layer_before(part, owner, forward, declared[:names.index(part.attribute)]) \
                or self._before_the_layer_after(part, owner, forward, declared[names.index(part.attribute) + 1:])
            if edit is not None:
                yield edit

    def _after_the_layer_before(self, part, owner: Owner, forward, before: list[tuple[str, bool]]) -> Edit | None:
        """After the call of the layer declared before it, past attributes that are numbers; a
        layer before it whose call is not one line of forward (a ModuleList looped over) stops
        the walk: the layers further back are not where the stream reaches it."""
        for name, layer in reversed(before):
            found = _chain_statement(owner.source, forward, name)
            if found is not None:
                return _wired(part, owner, *found, f"after self.{name}", after=True)
            if layer:
                return None
        return None

    def _before_the_layer_after(self, part, owner: Owner, forward, after: list[tuple[str, bool]]) -> Edit | None:
        """Before the call of the first layer declared after it, on the name that call reads."""
        layers = [name for name, layer in after if layer]
        found = _feeding_statement(owner.source, forward, layers[0]) if layers else None
        return _wired(part, owner, *found, f"before self.{layers[0]}", after=False) if found else None


def _wired(part, owner: Owner, statement: cst.SimpleStatementLine, stream: str, where: str, after: bool) -> Edit:
    """`stream = self.layer(stream)` (inside the activation the docstring names after the layer)
    on its own line after or before the statement."""
    activation = _activation(owner, part.attribute)
    called = f"self.{part.attribute}({stream})"
    if activation is not None:
        called = f"{owner.source.torch}.{activation}({called})"
    call = cst.parse_statement(f"{stream} = {called}\n")
    lines = [statement, call] if after else [call.with_changes(leading_lines=statement.leading_lines),
                                              statement.with_changes(leading_lines=())]
    return owner.source.edit(owner.source.replaced(statement, cst.FlattenSentinel(lines)),
                             owner.source.line_of(statement) + after,
                             f"Called self.{part.attribute} in {part.owner}.forward {where}, where __init__ declares "
                             f"it: {WHY}", uses_torch=activation is not None)

"""## What it does
Reconnects a loss cut from the graph: a `.detach()`, `.item()`, `.data` or `torch.tensor(...)`
re-wrap on the way to the loss is removed, or the `torch.no_grad()` block that swallowed the
training step is unwrapped. The way to the loss goes on into the project functions that compute
it (the model's and the loss class's `forward`, the methods they call, a loss picked by a
factory): there the cut may be a `@torch.no_grad()` on the function, or a detour through numpy
that comes back as a fresh tensor, which is taken back to torch as a whole. Only the part of a
return the loss is unpacked from is followed: floats returned beside it for logging
(`return loss, {"loss": loss.item()}`) stay floats, or they would keep every step's graph.

## Why is this bad?
`element 0 of tensors does not require grad and does not have a grad_fn`: backward has no
graph to go through, and the model would not learn.

## Example
```python
pred = model(x).detach()
loss = criterion(pred, y)
loss.backward()
```

Use instead:
```python
pred = model(x)
loss = criterion(pred, y)
loss.backward()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import (
    Source,
    method_call,
    names_in,
    user_frames,
)
from resolver.fix.rules._syntax import returned_part
from resolver.write.edits import Edit, Workspace

REWRAPS = frozenset({"torch.tensor", "torch.as_tensor", "torch.from_numpy"})
MAX_FUNCTIONS = 12  # project functions followed from the loss into what computes it


class _Reconnect(cst.CSTTransformer):
    """Drops what cuts the graph: x.detach() -> x, x.item() -> x, x.data -> x, torch.tensor(x) -> x."""

    def __init__(self, source: Source):
        super().__init__()
        self.source = source
        self.removed: list[str] = []

    def leave_Call(self, original, updated):
        if method_call(updated, "numpy") and not updated.args:
            self.removed.append(".numpy()")
            value = updated.func.value
            # the `.cpu()` that only served the numpy copy goes with it
            return value.func.value if method_call(value, "cpu") and not value.args else value
        if method_call(updated, "detach", "item") and not updated.args:
            self.removed.append(f".{updated.func.attr.value}()")
            return updated.func.value
        if self.source.calls(original, REWRAPS) and updated.args:
            self.removed.append("torch.tensor(...)")
            return updated.args[0].value
        return updated

    def leave_Attribute(self, original, updated):
        if updated.attr.value == "data":
            self.removed.append(".data")
            return updated.value
        return updated


def _feeding(source: Source, function: cst.FunctionDef, wanted: set[str], before: int) -> list[cst.Assign]:
    """The assignments in `function` before line `before` that the names feed on, closest first."""
    wanted = set(wanted)
    found = []
    assignments = [a for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is function
                   and source.line_of(a) < before]
    for assign in sorted(assignments, key=source.line_of, reverse=True):
        if {n for t in assign.targets for n in names_in(t.target)} & wanted:
            found.append(assign)
            wanted |= set(names_in(assign.value))
    return found


def _calls_in(nodes) -> list[cst.Call]:
    found = []

    class Calls(cst.CSTVisitor):
        def visit_Call(self, call):
            found.append(call)

    for node in nodes:
        node.visit(Calls())
    return found


def _undecorated(source: Source, function: cst.FunctionDef, decorator: cst.Decorator, called_from: str) -> Edit:
    new = function.with_changes(decorators=[d for d in function.decorators if d is not decorator])
    reason = (f"Removed @{source.code(decorator.decorator)} from {function.name.value}() (line "
              f"{source.line_of(function)}): {called_from} computes the training loss through it, and no graph "
              "is recorded inside it (callers that only evaluate can keep their own no_grad)")
    return source.edit(source.replaced(function, new), source.line_of(decorator), reason)


def _computed_by(tracer: Tracer, source: Source, function: cst.FunctionDef | None, line: int,
                 loss: str) -> Iterator[Edit]:
    """Edits in the project functions the loss is computed by, nearest first: each function the
    flow into `loss` calls, then what their returns call in turn."""
    caller = f"{function.name.value}()" if function is not None else "the training loop"
    queue = [(source, c, caller, _taken(a, c, {loss})) for a in _feeding(source, function, {loss}, line)
             for c in _calls_in([a.value])]
    seen: set[cst.FunctionDef] = {function}
    while queue and len(seen) <= MAX_FUNCTIONS:
        where, call, caller, taken = queue.pop(0)
        for callee_source, callee in tracer.functions_called(where, call):
            if callee in seen:
                continue
            seen.add(callee)
            decorator = callee_source.no_grad_decorator(callee)
            if decorator is not None:
                yield _undecorated(callee_source, callee, decorator, caller)
                continue
            # only the part of each return the loss is taken from: the floats returned beside it
            # for logging (`loss, {"loss": loss.item()}`) stay floats
            returns = [returned_part(r.value, taken) for r in callee_source.nodes(cst.Return) if r.value is not None
                       and callee_source.enclosing(r, cst.FunctionDef) is callee]
            returns = [r for r in returns if r is not None]
            end = callee_source.positions[callee].end.line + 1
            flow = _feeding(callee_source, callee, {n for r in returns for n in names_in(r)}, end)
            edit = _back_to_torch(callee_source, callee, returns, flow)
            if edit is not None:
                yield edit
            queue += [(callee_source, c, f"{callee.name.value}()", ())
                      for c in _calls_in([*returns, *(a.value for a in flow)])]


def _taken(assign: cst.Assign, call: cst.Call, wanted: set[str]) -> tuple:
    """The path to the element of the call's returned tuple the loss's flow unpacks
    (`loss, logs = step()` -> (0,)); () when it takes the whole value."""
    if assign.value is not call or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Tuple):
        return ()
    elements = assign.targets[0].target.elements
    hits = [i for i, e in enumerate(elements) if set(names_in(e.value)) & wanted]
    return (hits[0],) if len(hits) == 1 else ()


def _back_to_torch(source: Source, function: cst.FunctionDef, returns: list, flow: list[cst.Assign]) -> Edit | None:
    """Every cut on the way to the function's return removed at once: the numpy detour
    (`.detach().cpu().numpy()` ... `torch.tensor(result)`) only works as a whole. Not when the
    detour calls numpy functions, which a tensor that requires grad cannot go through."""
    if any(name.startswith("numpy.") for c in _calls_in([*returns, *(a.value for a in flow)])
           for name in source.qualified_names(c.func)):
        return None
    replacements, removed = {}, []
    for node in [*(a.value for a in flow), *returns]:
        reconnect = _Reconnect(source)
        new = node.visit(reconnect)
        if reconnect.removed:
            replacements[node] = new
            removed += reconnect.removed
    if not replacements:
        return None
    reason = (f"Removed {', '.join(dict.fromkeys(removed))} in {function.name.value}() (line "
              f"{source.line_of(function)}): they cut the training loss from the autograd graph; the same "
              "arithmetic runs on the tensors themselves")
    lines = [source.line_of(n) for n in replacements]
    return source.edit(replaced_all(source.module, replacements), min(lines), reason)


class NoGradFn(Rule):
    categories = ("autograd.no_grad_fn",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            backward = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "backward")]
            if not backward:
                continue
            loss = source.module.code_for_node(backward[0].func.value)
            function = source.enclosing(backward[0], cst.FunctionDef)
            for assign in _feeding(source, function, {loss}, frame.line):
                reconnect = _Reconnect(source)
                new_value = assign.value.visit(reconnect)
                if reconnect.removed:
                    reason = (f"Removed {', '.join(dict.fromkeys(reconnect.removed))} from `{source.code(assign)}`: "
                              "it cut the loss from the autograd graph")
                    yield source.edit(source.replaced(assign.value, new_value), source.line_of(assign), reason)
            for node in [backward[0], *_feeding(source, function, {loss}, frame.line)]:
                block = source.in_no_grad(node)
                if block is not None:
                    reason = (f"Took the training step out of `with {source.code(block.items[0].item)}:` "
                              f"(line {source.line_of(block)}): no graph is recorded inside it")
                    yield source.edit(source.replaced(block, cst.FlattenSentinel(block.body.body)),
                                      source.line_of(block), reason)
                    break
            decorator = source.no_grad_decorator(function) if function is not None else None
            if decorator is not None:
                yield _undecorated(source, function, decorator, "the training step")
                return
            yield from _computed_by(Tracer(diagnosis, workspace), source, function, frame.line, loss)
            return

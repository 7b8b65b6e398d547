"""## What it does
Puts a one-off preprocessing module's call under `with torch.no_grad():` where it makes the
training data. The probe names a tensor that requires grad, made once outside the training loop
(not per step), or a batch that requires grad, drawn from a Dataset that made its samples once;
its trail (through helpers, files, the Dataset's `__init__`) reaches a call of a module that the
code builds for that purpose alone: bound to a constructor (`mixer = nn.Conv1d(...)`, or
`self.compress = nn.Linear(...)` in a class that is no module) and only called, never handed on,
returned, stored or asked for its `parameters()`, so no optimizer holds it. Every training
step's loss then reaches back into that module's graph, which the first backward frees.
A module whose parameters the code hands on (to an optimizer, to another object) is left alone:
a learned front-end computed once is a redesign (compute it in the step), not a `no_grad`.

## Why is this bad?
`Trying to backward through the graph a second time`: each sample still holds the graph of the
module that made it, and every step's backward runs into it again.

## Example
```python
def to_channels(raw):
    mixer = nn.Conv1d(raw.shape[1], 1, kernel_size=1)
    data = mixer(raw)
    return data
```

Use instead:
```python
def to_channels(raw):
    mixer = nn.Conv1d(raw.shape[1], 1, kernel_size=1)
    with torch.no_grad():
        data = mixer(raw)
    return data
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import attribute_assignments, latest_binding, own_nodes

HANDS_ON = {"parameters", "named_parameters", "state_dict", "children", "modules"}


class PreprocessingNoGrad(Rule):
    categories = ("autograd.backward_twice",)
    priority = -1  # before backward_twice, whose last resort (retain_graph) would keep the freed graph alive

    def propose(self, diagnosis: Diagnosis, workspace):
        tracer = Tracer(diagnosis, workspace)
        seen: set[tuple] = set()  # (file, line): frames that reach one call each yield it once
        for frame, source in user_frames(diagnosis, workspace):
            for value in _made_once(source, frame):
                for step in tracer.chain(source, value, frame):
                    call = step.node
                    if not isinstance(call, cst.Call) or (step.source.path, step.source.line_of(call)) in seen \
                            or not _preprocessing_module(step.source, call):
                        continue
                    seen.add((step.source.path, step.source.line_of(call)))
                    edit = _under_no_grad(step.source, call)
                    if edit is not None:
                        yield edit


def _made_once(source: Source, frame: Frame) -> Iterator[cst.BaseExpression]:
    """The values the frame's tensors that require grad were made from, bound once: not drawn by
    a loop, not made inside a loop around the frame's line (a step's own output, the loss)."""
    line = source.statement_at(frame.line)
    scope = source.function_of(line) if line is not None else None
    for name, tensor in frame.tensors.items():
        if not tensor.requires_grad:
            continue
        binding = latest_binding(source, scope, name, frame.line)
        if binding is not None and binding[2] is not None:  # a batch the loop draws: its dataset made it
            drawn = _first_read(source, binding[2], name)
            if drawn is not None:
                yield drawn
            continue
        if binding is None or not isinstance(binding[0], cst.Call):
            continue
        loop = source.loop_of(binding[0])
        if loop is not None and line is not None and source.within(line, loop):
            continue
        yield binding[0]


def _first_read(source: Source, loop: cst.For, name: str) -> cst.Name | None:
    """The first place the loop's body reads the batch it draws under `name`."""
    reads = [n for n in own_nodes(loop.body, cst.Name) if n.value == name and source.enclosing(n, cst.AssignTarget)
             is None and not (isinstance(p := source.parents.get(n), cst.Attribute) and p.attr is n)]
    return min(reads, key=source.line_of) if reads else None


def _preprocessing_module(source: Source, call: cst.Call) -> bool:
    """`mixer(raw)` where `mixer = SomeModule(...)` (or a factory's call) in the same scope, or
    `self.compress(raw)` where a class that is no module itself (a Dataset) builds `self.compress`;
    and the code only calls it."""
    if source.in_no_grad(call) is not None:
        return False
    if isinstance(call.func, cst.Name):
        scope = source.function_of(call)
        binding = latest_binding(source, scope, call.func.value, source.line_of(call))
        made = binding[0] if binding is not None and binding[2] is None and not binding[1] else None
        uses = [n for n in own_nodes(scope if scope is not None else source.module, cst.Name)
                if n.value == call.func.value and source.enclosing(n, cst.AssignTarget) is None]
    elif isinstance(call.func, cst.Attribute) and source.code(call.func.value) == "self":
        klass = source.enclosing(call, cst.ClassDef)
        if klass is None or any("Module" in source.code(b.value) for b in klass.bases):
            return False  # a module's own submodule: the model's optimizer holds it
        made = attribute_assignments(source, klass, call.func.attr.value)
        made = made[0][0] if len(made) == 1 and not made[0][1] else None
        uses = [n for m in own_nodes(klass, cst.FunctionDef) for n in own_nodes(m, cst.Attribute)
                if source.code(n) == source.code(call.func) and source.enclosing(n, cst.AssignTarget) is None]
    else:
        return False
    if not isinstance(made, cst.Call):
        return False  # a constructor (`nn.Conv1d(...)`) or a factory (`resnet18(weights=...)`) made it here
    return all(_only_used(source, use) for use in uses)


def _only_used(source: Source, use: cst.BaseExpression) -> bool:
    parent = source.parents.get(use)
    if isinstance(parent, cst.Call) and parent.func is use:
        return True  # called: what a preprocessing step does with it
    # `mixer.weight`, `mixer.eval()`: its own setup; handed on, returned, stored or asked for its
    # parameters, an optimizer may hold it
    return isinstance(parent, cst.Attribute) and parent.value is use and parent.attr.value not in HANDS_ON


def _under_no_grad(source: Source, call: cst.Call):
    statement = source.enclosing(call, cst.SimpleStatementLine)
    if statement is None or not isinstance(source.parents.get(statement), cst.IndentedBlock) \
            and source.parents.get(statement) is not source.module:
        return None
    reason = (f"Wrapped {source.code(statement).strip()} in {source.torch}.no_grad(): {source.code(call.func)} "
              "only prepares the data, but its graph stays attached to every sample, so each training step's "
              "backward runs into the graph the first one freed")
    return source.edit(source.replaced(statement, source.no_grad_block([statement])), source.line_of(statement),
                       reason, uses_torch=True)

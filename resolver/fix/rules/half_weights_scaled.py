"""## What it does
Keeps the weights float32 where the project makes them float16 (`dtype=torch.float16` given to a layer,
`model.half()`, `model.to(torch.float16)`), when the project already runs its forward under autocast.

## Why is this bad?
`Attempting to unscale FP16 gradients.`: `GradScaler` unscales gradients in place and checks them for
inf/NaN, which needs float32 weights (a float16 weight's gradient would underflow or overflow in the
unscaling, which is what the scaler exists to avoid). Mixed precision keeps the weights float32 and lets
autocast run each op in half precision; a layer or model converted by hand breaks that contract. Without
autocast in the project the fix is not this one line (the half-precision math would have to move into
an autocast region), so the rule leaves it to the report.

## Example
```python
self.act = nn.PReLU(channels, dtype=torch.float16)
...
with torch.autocast("cuda", dtype=torch.float16):
    loss = criterion(model(x), y)
scaler.scale(loss).backward()
scaler.step(optimizer)
```

Use instead:
```python
self.act = nn.PReLU(channels)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import enters_autocast, module_classes
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources
from resolver.fix.rules._syntax import last_name, without_argument
from resolver.write.edits import Edit, Workspace

HALF = {"torch.float16", "torch.half"}


def _half(source: Source, node: cst.BaseExpression) -> bool:
    return bool(source.qualified_names(node) & HALF)


MOVES = {"to", "cuda", "cpu", "train", "float"}  # calls that hand back the module they are called on


def _unmoved(node: cst.BaseExpression) -> cst.BaseExpression:
    """`Net().to(device).train()` -> `Net()`."""
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in MOVES:
        node = node.func.value
    return node


def _nn_layer(source: Source, call: cst.Call) -> bool:
    return any(q.startswith("torch.nn.") and q.rsplit(".", 1)[-1][:1].isupper()
               for q in source.qualified_names(call.func))


def _makes_module(source: Source, node: cst.BaseExpression, classes: set[str]) -> bool:
    """Whether the expression is a module made here: `Net(...)`, `nn.Linear(...)`, maybe moved on."""
    node = _unmoved(node)
    return isinstance(node, cst.Call) and (last_name(node.func) in classes or _nn_layer(source, node))


def _module_names(source: Source, classes: set[str]) -> set[str]:
    """Names (and `self.x` attributes) the file binds to a module it makes, or whose `.parameters()`
    it reads (a model handed to a training function)."""
    names = {source.code(c.func.value) for c in source.nodes(cst.Call)
             if isinstance(c.func, cst.Attribute) and c.func.attr.value in {"parameters", "named_parameters"}}
    for assign in source.nodes(cst.Assign):
        value = assign.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "half":
            value = value.func.value  # `model = Net().half()` binds a module too
        if _makes_module(source, value, classes):
            names |= {source.code(t.target) for t in assign.targets}
    return names


def _module(source: Source, node: cst.BaseExpression, classes: set[str], names: set[str]) -> bool:
    """A module: made here, bound to a module's name, or a submodule of one (`model.head`)."""
    node = _unmoved(node)
    if _makes_module(source, node, classes):
        return True
    while isinstance(node, cst.Attribute) and source.code(node) not in names:
        node = node.value
    return source.code(node) in names


def _conversions(source: Source, classes: set[str]) -> Iterator[tuple[cst.Call, cst.BaseExpression, str]]:
    """(call, what it becomes, what was done) for each float16 weight conversion in the file: a
    torch.nn layer built with dtype=float16 (a project class may default to another dtype), `.half()` or
    `.to(torch.float16)` on a module."""
    names = _module_names(source, classes)
    for call in source.nodes(cst.Call):
        func = call.func
        dtype = next((a for a in call.args if a.keyword and a.keyword.value == "dtype"), None)
        if dtype is not None and _half(source, dtype.value) and _nn_layer(source, call):
            yield call, without_argument(call, dtype), f"dropped {source.code(dtype).rstrip(', ')}"
        if not isinstance(func, cst.Attribute) or not _module(source, func.value, classes, names):
            continue
        if func.attr.value == "half" and not call.args:
            yield call, func.value, "dropped .half()"
        elif func.attr.value == "to" and len(call.args) == 1 and _half(source, call.args[0].value):
            yield call, func.value, f"dropped .to({source.code(call.args[0].value)})"


def _rewrite(source: Source, call: cst.Call, kept: cst.BaseExpression) -> str | None:
    """The file with the conversion gone. A line that only converts (`model.half()`, `model = model.half()`)
    is deleted, with an `if` that does nothing else; a line that is all of a branch with an `else` is
    not deleted (the branch would be empty): None."""
    line = source.enclosing(call, cst.SimpleStatementLine)
    small = line.body[0] if line is not None and len(line.body) == 1 else None
    only = (isinstance(small, cst.Expr) and small.value is call) or (
        isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1
        and source.code(small.targets[0].target) == source.code(kept))
    if not only:
        return source.replaced(call, kept)
    block = source.parents.get(line)
    owner = source.parents.get(block)
    if isinstance(block, cst.IndentedBlock) and len(block.body) == 1:
        if isinstance(owner, cst.If) and owner.orelse is None:
            return source.replaced(owner, cst.RemoveFromParent())
        return None
    return source.replaced(line, cst.RemoveFromParent())


HALF_WORDS = re.compile(r"fp16|float16|half", re.IGNORECASE)


def _ships_half(source: Source, call: cst.Call) -> bool:
    """The project says the float16 weights are wanted: a comment on the conversion's line says so
    (`# the deployed checkpoint is float16`), or a checkpoint saved after it in the same function is
    named for it (`model_fp16.pt`). Then where the conversion belongs (after training) is its call."""
    line = source.text.splitlines()[source.line_of(call) - 1]
    if "#" in line and HALF_WORDS.search(line.split("#", 1)[1]):
        return True
    scope = source.function_of(call) or source.module
    return any(source.line_of(c) > source.line_of(call) and HALF_WORDS.search(source.code(c)) and (
        source.qualified_names(c.func) & {"torch.save", "torch.onnx.export", "torch.jit.save"}
        or last_name(c.func) in {"save_pretrained", "save_checkpoint"})
        for c in source.nodes(cst.Call, lambda c: source.within(c, scope)))


class HalfWeightsScaled(Rule):
    categories = ("amp.unscale_fp16",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        sources = project_sources(workspace)
        if not enters_autocast(sources):
            return
        on_traceback = {f.file.resolve() for f in diagnosis.frames if f.user}
        sources.sort(key=lambda source: source.path.resolve() not in on_traceback)  # the failing run's files first
        classes = {c.name.value for _, c in module_classes(workspace)}
        for source in sources:
            for call, kept, done in _conversions(source, classes):
                text = _rewrite(source, call, kept)
                if text is None or _ships_half(source, call):
                    continue
                reason = (f"Changed {source.code(call)}: {done}, so the weights stay float32; GradScaler "
                          "unscales float32 gradients, and the project's autocast does the half-precision math")
                yield source.edit(text, source.line_of(call), reason)

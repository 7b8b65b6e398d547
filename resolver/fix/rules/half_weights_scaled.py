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

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import module_classes
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources
from resolver.fix.rules._syntax import last_name, without_argument
from resolver.write.edits import Edit, Workspace

HALF = {"torch.float16", "torch.half"}


def _half(source: Source, node: cst.BaseExpression) -> bool:
    return bool(source.qualified_names(node) & HALF)


def _makes_module(source: Source, node: cst.BaseExpression, classes: set[str]) -> bool:
    """Whether the expression is a module made here: `Net(...)`, `nn.Linear(...)`, or one moved on
    with `.to(...)`/`.cuda()`/`.train()`."""
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in {"to", "cuda", "cpu", "train", "float"}:
        node = node.func.value
    if not isinstance(node, cst.Call):
        return False
    name = last_name(node.func)
    return name in classes or any(q.startswith("torch.nn.") and q.rsplit(".", 1)[-1][:1].isupper()
                                  for q in source.qualified_names(node.func))


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
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in {"to", "cuda", "cpu", "train"}:
        node = node.func.value
    return _makes_module(source, node, classes) or source.code(node) in names


def _conversions(source: Source, classes: set[str]) -> Iterator[tuple[cst.CSTNode, cst.CSTNode, str]]:
    """(node, what it becomes, what was done) for each float16 weight conversion in the file."""
    names = _module_names(source, classes)
    for call in source.nodes(cst.Call):
        func = call.func
        dtype = next((a for a in call.args if a.keyword and a.keyword.value == "dtype"), None)
        if dtype is not None and _half(source, dtype.value) and _makes_module(source, call, classes):
            yield call, without_argument(call, dtype), f"dropped {source.code(dtype).rstrip(', ')}"
        if not isinstance(func, cst.Attribute) or not _module(source, func.value, classes, names):
            continue
        if func.attr.value == "half" and not call.args:
            yield call, func.value, "dropped .half()"
        elif func.attr.value == "to" and len(call.args) == 1 and _half(source, call.args[0].value):
            yield call, func.value, f"dropped .to({source.code(call.args[0].value)})"


def _bare_statement(source: Source, node: cst.CSTNode) -> cst.CSTNode | None:
    """The statement to delete when the conversion is a line of its own (`model.half()`), or the `if`
    around it when that line is all the `if` does (`if args.fp16: model.half()`)."""
    line = source.enclosing(node, cst.SimpleStatementLine)
    if line is None or len(line.body) != 1 or not isinstance(line.body[0], cst.Expr) or line.body[0].value is not node:
        return None
    block = source.parents.get(line)
    owner = source.parents.get(block)
    if isinstance(owner, cst.If) and owner.orelse is None and len(block.body) == 1:
        return owner
    return line


def _autocast(sources: list[Source]) -> bool:
    return any(name.endswith(".autocast") for source in sources
               for call in source.nodes(cst.Call) for name in source.qualified_names(call.func))


class HalfWeightsScaled(Rule):
    categories = ("amp.unscale_fp16",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        sources = project_sources(workspace)
        if not _autocast(sources):
            return
        classes = {c.name.value for _, c in module_classes(workspace)}
        for source in sources:
            for node, kept, done in _conversions(source, classes):
                bare = _bare_statement(source, node)
                text = source.replaced(bare, cst.RemoveFromParent()) if bare else source.replaced(node, kept)
                reason = (f"Changed {source.code(node)}: {done}, so the weights stay float32; GradScaler "
                          "unscales float32 gradients, and autocast already runs the forward in float16")
                yield source.edit(text, source.line_of(node), reason)
                return

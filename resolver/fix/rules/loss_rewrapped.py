"""## What it does
Where `backward()` ran on a loss made by `torch.tensor(total, requires_grad=True)` (the probe
records the leaf loss and where it was made), and `total` is made on one line of the same function
from `.item()` of loss tensors (`total = recon.item() + w * tv.item()`), that line keeps the
tensors (`total = recon + w * tv`) and the loss is `total` itself. Where `total` is a project
function's numpy formula called on tensors taken off the graph (`smape(t.detach().cpu().numpy(),
p.detach().cpu().numpy())`, the function one `return` of numpy's elementwise functions and
reductions), that formula is written in torch on the tensors themselves, in place of the new leaf
(`np.mean(np.abs(a - b), axis=1)` -> `torch.mean(torch.abs(p - t), dim=1)`); a formula that branches, loops or calls
anything else gets no edit.

## Why is this bad?
`.item()` turns each term into a Python float (`.numpy()` into an array), and
`torch.tensor(..., requires_grad=True)` makes a new leaf from their sum: `backward()` then has no
graph to walk, no parameter gets a gradient, and the model never learns, while the loss prints
fine. `requires_grad=True` only silences the error `backward()` would raise on a tensor without it.

## Example
```python
total = recon.item() + self.tv_weight * tv.item()
return torch.tensor(total, requires_grad=True)
```

Use instead:
```python
total = recon + self.tv_weight * tv
return total
```
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._numpy_port import in_torch
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call
from resolver.fix.rules._syntax import read_names, sums_in_loop
from resolver.write.edits import Edit, Workspace


def _rewrap(source: Source, line: int) -> tuple[cst.Call, cst.Name] | None:
    """`torch.tensor(name, requires_grad=True)` on the line: the call and the name it wraps."""
    for call in source.on_line(cst.Call, line):
        if source.calls(call, {"torch.tensor", "torch.as_tensor"}) and call.args \
                and isinstance(call.args[0].value, cst.Name) and call.args[0].keyword is None \
                and any(a.keyword is not None and a.keyword.value == "requires_grad" for a in call.args):
            return call, call.args[0].value
    return None


def _arithmetic_of_items(node: cst.CSTNode) -> bool:
    """Sums and products of numbers, names and `name.item()`: what keeps its meaning when the
    `.item()`s go. A `.item()` of a computed value (`log_alpha.exp().item()`, held constant on
    purpose) or a call around one (`math.log(x.item())`) is not."""
    if isinstance(node, cst.BinaryOperation):
        return _arithmetic_of_items(node.left) and _arithmetic_of_items(node.right)
    if isinstance(node, cst.UnaryOperation):
        return _arithmetic_of_items(node.expression)
    if isinstance(node, cst.Call):
        return method_call(node, "item") and not node.args and _plain(node.func.value)
    return isinstance(node, (cst.Integer, cst.Float)) or _plain(node)


def _plain(node: cst.CSTNode) -> bool:
    """`recon`, `self.tv_weight`, `out.loss`."""
    return isinstance(node, cst.Name) or isinstance(node, cst.Attribute) and _plain(node.value)


class _WithoutItem(cst.CSTTransformer):
    def leave_Call(self, original, updated):
        if method_call(original, "item") and not original.args:
            return updated.func.value
        return updated


def _running_total(source: Source, function, call: cst.Call, name: cst.Name) -> Iterator[Edit]:
    """`total = 0.0`, then one `total += w * l.item()` in a loop: the terms are added as tensors
    (`total = total + w * l`) and `total` is the loss."""
    adds = sums_in_loop(source, source.module if function is None else function, name.value)
    if len(adds) != 1 or not _arithmetic_of_items(adds[0].value):
        return
    kept = adds[0].value.visit(_WithoutItem())
    if kept.deep_equals(adds[0].value):
        return
    summed = cst.Assign([cst.AssignTarget(name)], cst.BinaryOperation(name, cst.Add(), kept))
    text = replaced_all(source.module, {adds[0]: summed, call: name})
    yield source.edit(text, source.line_of(adds[0]),
                      f"Added the loss terms as tensors (`{source.code(adds[0])}` -> "
                      f"`{source.module.code_for_node(summed)}`) and returned {name.value} itself instead of "
                      f"{source.code(call)}: a loss rebuilt from .item() floats is a new leaf, so backward() reached "
                      f"no parameter")


class LossRewrapped(Rule):
    categories = ("health.no_gradient",)
    priority = -1  # before graph_cut: the leaf the loss was rebuilt as is where its graph was lost

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        leaf = diagnosis.health.get("leaf_loss") or {}
        if not leaf.get("file") or not leaf.get("line"):
            return
        source = Source.parse(workspace, Path(leaf["file"]))
        found = source and _rewrap(source, leaf["line"])
        if not found:
            return
        call, name = found
        function = source.function_of(call)
        assigned = [a for a in source.nodes(cst.Assign, lambda a: source.function_of(a) is function)
                    if any(isinstance(t.target, cst.Name) and t.target.value == name.value for t in a.targets)]
        if len(assigned) != 1 or len(assigned[0].targets) != 1:
            return
        if isinstance(assigned[0].value, (cst.Integer, cst.Float)):
            yield from _running_total(source, function, call, name)
            return
        reads = [n for n in read_names(function or source.module)
                 if n.value == name.value and n is not assigned[0].targets[0].target]
        if len(reads) != 1:
            return  # `total` also logged, or made in steps: keeping its graph would change more than the loss
        value = assigned[0].value
        ported = in_torch(value, source, workspace)
        if ported is not None:  # the formula takes the place of the new leaf, the numpy line goes
            statement = source.enclosing(assigned[0], cst.SimpleStatementLine)
            text = replaced_all(source.module, {statement: cst.RemoveFromParent(), call: ported})
            yield source.edit(text, source.line_of(assigned[0]),
                              f"Computed {source.code(value)} in torch on the tensors themselves "
                              f"({source.module.code_for_node(ported)}) in place of {source.code(call)}: a loss "
                              f"computed in numpy and wrapped again is a new leaf, so backward() reached no parameter",
                              uses_torch=True)
            return
        if not _arithmetic_of_items(value):
            return
        kept = value.visit(_WithoutItem())
        if kept.deep_equals(value):
            return  # no `.item()` there: the numbers come from elsewhere (a dict of floats, numpy not ported)
        text = replaced_all(source.module, {value: kept, call: name})
        now = source.module.code_for_node(kept)
        yield source.edit(text, source.line_of(assigned[0]),
                          f"Kept the loss terms as tensors ({source.code(value)} -> {now}) and returned {name.value} "
                          f"itself instead of {source.code(call)}: a loss rebuilt from .item() floats is a new leaf, "
                          f"so backward() reached no parameter")

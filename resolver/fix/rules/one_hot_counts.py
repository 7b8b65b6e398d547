"""## What it does
Counts pairs of labels with `torch.bincount` where the script made them as a product of two one-hot
matrices: `F.one_hot(targets, C).T @ F.one_hot(preds, C)` (also through names made once and read
there, with `.float()`-like casts, `torch.matmul`/`mm`, `einsum("ni,nj->ij", ...)`) becomes
`torch.bincount(targets * C + preds, minlength=C * C).view(C, C)`, cast as the product was.

## Why is this bad?
`DefaultCPUAllocator: can't allocate memory`, `CUDA out of memory`, or a run the OOM killer ends
where a confusion matrix is built: each one-hot matrix holds N x C values (40 000 labels over 2 000
classes are 640 MB as int64, as much again as floats) to count N pairs. The counts are the same:
entry (i, j) of the product is how many samples have label i and prediction j, which is what
bincount counts at i * C + j. Only a product of two one-hots of 1-D labels with the number of
classes given is rewritten; a one-hot that feeds a loss, or one multiplied with probabilities, is
left as it is.

## Example
```python
t = F.one_hot(targets, num_classes).float()
p = F.one_hot(preds, num_classes).float()
confusion = t.T @ p
```

Use instead:
```python
confusion = torch.bincount(targets * num_classes + preds,
                           minlength=num_classes * num_classes).view(num_classes, num_classes).float()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._needless import cast_chain, made_once, parenthesized, seen, sources
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call
from resolver.write.edits import Edit, Workspace

ONE_HOT = {"torch.nn.functional.one_hot"}
PRODUCTS = {"torch.matmul", "torch.mm"}
PAIR_COUNTS = re.compile(r"(\w)(\w),\1(\w)->\2\3")  # einsum("ni,nj->ij"): a transposed product


def _operands(file: Source, node: cst.CSTNode) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(the transposed left factor, the right one) of a matrix product of the form A.T @ B."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
        left, right = node.left, node.right
    elif isinstance(node, cst.Call) and (file.calls(node, PRODUCTS) or method_call(node, "matmul", "mm")):
        pair = [a.value for a in node.args] if file.calls(node, PRODUCTS) else [node.func.value, node.args[0].value]
        if len(pair) != 2 or any(a.keyword or a.star for a in node.args):
            return None
        left, right = pair
    elif file.calls(node, {"torch.einsum"}) and len(node.args) == 3 and _counts_pairs(node.args[0].value):
        return node.args[1].value, node.args[2].value
    else:
        return None
    return _untransposed(left), right


def _counts_pairs(spec: cst.BaseExpression) -> bool:
    """An einsum's subscripts that sum the shared first index of two matrices: `"ni,nj->ij"`."""
    return isinstance(spec, cst.SimpleString) and bool(PAIR_COUNTS.fullmatch(spec.evaluated_value.replace(" ", "")))


def _untransposed(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """X of `X.T`, `X.mT`, `X.t()`, `X.transpose(0, 1)`; None for anything else."""
    if isinstance(node, cst.Attribute) and node.attr.value in ("T", "mT"):
        return node.value
    if method_call(node, "t") and not node.args:
        return node.func.value
    swapped = sorted(cst.Module([]).code_for_node(a.value) for a in node.args) if isinstance(node, cst.Call) else []
    if method_call(node, "transpose") and swapped == ["0", "1"]:
        return node.func.value
    return None


def _one_hot(file: Source, node: cst.BaseExpression | None):
    """(labels, number of classes, cast, the statement that made it) of a one-hot, given directly or
    through a name made once; None for anything else, or a one-hot whose classes it infers."""
    if node is None:
        return None
    value, statement = made_once(file, node)
    call, cast = cast_chain(value)
    if not file.calls(call, ONE_HOT) or not (labels := argument(call, 0, "tensor")) \
            or not (classes := argument(call, 1, "num_classes")) or isinstance(classes.value, cst.UnaryOperation):
        return None
    return labels.value, classes.value, cast, statement


class OneHotCounts(Rule):
    categories = ("memory.cpu_oom", "memory.cuda_oom", "memory.killed", "memory.forecast_oom")
    priority = -3  # before memory_leaks and the batch: the memory goes to a product nothing needs

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for file in sources(diagnosis, workspace):
            for node in file.nodes((cst.BinaryOperation, cst.Call)):
                edit = self._counted(diagnosis, file, node)
                if edit is not None:
                    yield edit

    def _counted(self, diagnosis: Diagnosis, file: Source, node: cst.CSTNode) -> Edit | None:
        operands = _operands(file, node)
        rows, columns = (_one_hot(file, o) for o in operands) if operands else (None, None)
        if rows is None or columns is None or rows[2] != columns[2]:
            return None
        code = file.module.code_for_node
        if code(rows[1]) != code(columns[1]) or any((found := seen(diagnosis, file, labels)) and len(found.shape) != 1
                                                    for labels in (rows[0], columns[0])):
            return None  # classes counted differently, or labels that are not one per sample
        classes = parenthesized(code(rows[1]), rows[1])
        counted = (f"{file.torch}.bincount({parenthesized(code(rows[0]), rows[0])} * {classes} + "
                   f"{parenthesized(code(columns[0]), columns[0])}, minlength={classes} * {classes})"
                   f".view({classes}, {classes}){rows[2]}")
        replacements = {node: cst.parse_expression(counted).with_changes(lpar=node.lpar, rpar=node.rpar)}
        replacements |= {made[3]: cst.RemovalSentinel.REMOVE for made in (rows, columns) if made[3] is not None}
        reason = (f"`{file.code(node)}` counted label pairs as a product of two one-hot matrices (samples x "
                  f"classes each); torch.bincount counts the same pairs without making them")
        return file.edit(replaced_all(file.module, replacements), file.line_of(node), reason, uses_torch=True)

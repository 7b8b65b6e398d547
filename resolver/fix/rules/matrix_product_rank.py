"""## What it does
Replaces a `torch.dot`, `torch.mv` or `torch.mm` call whose operands have ranks the call does not
take with the product the ranks say: two tensors of the same shape whose product is used as one
number (`.item()`, `.data[0]`, `float(...)`) get their inner product `(a * b).sum()`; other ranks
get `torch.matmul`, which takes vectors, matrices and batches of matrices. A pre-0.4 `.data[0]`
or `[0]` on the result, which a 0-dim result no longer has, becomes `.item()`.

## Why is this bad?
`1D tensors expected, but got 2D and 2D tensors`, `vector + matrix @ vector expected, got 1, 2, 2`,
`self must be a matrix`: unlike `numpy.dot`, `torch.dot` multiplies two vectors only, `torch.mv`
a matrix by a vector only and `torch.mm` two matrices only. Code ported from numpy, or written
for flattened gradients and then given the parameters' own shapes, hands them other ranks.

## Example
```python
for k in range(len(grads[i])):
    dps[(i, j)] += torch.dot(grads[i][k], grads[j][k]).data[0]
scores = torch.mm(queries, keys.transpose(1, 2))  # [B, T, D] batches
```

Use instead:
```python
for k in range(len(grads[i])):
    dps[(i, j)] += (grads[i][k] * grads[j][k]).sum().item()
scores = torch.matmul(queries, keys.transpose(1, 2))
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

PRODUCTS = {"dot": "torch.dot", "mv": "torch.mv", "mm": "torch.mm"}
DOT_RANKS = re.compile(r"1D tensors expected, but got (\d+)D and (\d+)D tensors")


def _product(source: Source, call: cst.Call) -> tuple[str, cst.BaseExpression, cst.BaseExpression] | None:
    """(name, left, right) of a `torch.dot(a, b)` or `a.dot(b)` call, else None."""
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    for name, qualified in PRODUCTS.items():
        if source.calls(call, {qualified}) and len(positional) == 2 and len(call.args) == 2:
            return name, positional[0], positional[1]
        if (isinstance(call.func, cst.Attribute) and call.func.attr.value == name and len(positional) == 1
                and len(call.args) == 1 and not source.qualified_names(call.func.value) & {"torch", "numpy"}):
            return name, call.func.value, positional[0]
    return None


def _legacy_index(source: Source, call: cst.Call) -> cst.Subscript | None:
    """`call.data[0]` or `call[0]` around the call: the pre-0.4 way to read a one-element result."""
    node = source.parents.get(call)
    if isinstance(node, cst.Attribute) and node.value is call and node.attr.value == "data":
        node = source.parents.get(node)
    if (isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index)
            and isinstance(node.slice[0].slice.value, cst.Integer) and node.slice[0].slice.value.value == "0"):
        return node
    return None


def _used_as_number(source: Source, call: cst.Call) -> bool:
    parent = source.parents.get(call)
    if isinstance(parent, cst.Attribute) and parent.value is call and parent.attr.value == "item":
        return True
    if isinstance(parent, cst.Arg):
        outer = source.parents.get(parent)
        return isinstance(outer, cst.Call) and isinstance(outer.func, cst.Name) and outer.func.value == "float"
    return _legacy_index(source, call) is not None


def _code(source: Source, node: cst.CSTNode) -> str:
    return source.module.code_for_node(node)


def _operand(source: Source, node: cst.BaseExpression) -> str:
    simple = isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
    return _code(source, node) if simple else f"({_code(source, node)})"


def _rewrite(source: Source, call: cst.Call, name: str, left, right, ranks) -> tuple[cst.CSTNode, str, str] | None:
    """(node to replace, its new code, why) for one product call."""
    same_rank = ranks is not None and ranks[0] == ranks[1]
    if name == "dot" and same_rank and _used_as_number(source, call):
        new = f"({_operand(source, left)} * {_operand(source, right)}).sum()"
        why = "both operands have the same shape and the result is used as one number: their inner product"
    elif name == "dot" and same_rank:
        return None  # same ranks, the result kept as a tensor: an inner product or a matrix product, unclear
    else:
        if isinstance(call.func, cst.Attribute) and not source.calls(call, {PRODUCTS[name]}):
            new = f"{_code(source, call.func.value)}.matmul({_code(source, right)})"
        else:
            new = f"{source.torch}.matmul({_code(source, left)}, {_code(source, right)})"
        why = "matmul takes the vectors, matrices and batches of matrices it was given"
    legacy = _legacy_index(source, call)
    if legacy is not None:
        return legacy, f"{new}.item()", why + "; a 0-dim result has no [0]: .item() reads its number"
    return call, new, why


class MatrixProductRank(Rule):
    categories = ("api.dot_rank", "api.mm_rank")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = DOT_RANKS.search(diagnosis.message)
        ranks = (int(found[1]), int(found[2])) if found else None
        for frame, source in user_frames(diagnosis, workspace):
            products = [(call, p) for call in source.on_line(cst.Call, frame.line)
                        if (p := _product(source, call)) is not None]
            if diagnosis.category == "api.dot_rank":
                products = [(call, p) for call, p in products if p[0] == "dot"]
            if len(products) != 1:
                return  # none here, or several: which one failed is not visible
            call, (name, left, right) = products[0]
            rewrite = _rewrite(source, call, name, left, right, ranks)
            if rewrite is None:
                return
            old, new, why = rewrite
            reason = f"Changed {source.code(old)} to {new}: {why}"
            yield source.edit(source.replaced(old, cst.parse_expression(new)), frame.line, reason,
                              uses_torch=source.torch_binding is None and "torch." in new)
            return

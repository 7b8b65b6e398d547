"""## What it does
Computes pairwise distances with `torch.cdist` where the script made them from the broadcast
difference of every pair: `(a[:, None, :] - b[None, :, :]).norm(dim=-1)` (also `torch.norm`,
`torch.linalg.norm`/`vector_norm`, `((d) ** 2).sum(-1).sqrt()`, `d.abs().sum(-1)`, the difference
through a name made once) becomes `torch.cdist(a, b)` (`p=1` for the absolute sum); squared
distances, `(d ** 2).sum(-1)`, become `torch.cdist(a, b) ** 2`, or `torch.cdist(a, b)` where only
their order is read (`argmin`, `topk(...).indices`): the square root keeps the order.

## Why is this bad?
`DefaultCPUAllocator: can't allocate memory`, `CUDA out of memory`, or a run the OOM killer ends
at a kNN or prototype evaluation: the difference holds every pair's whole vector, N x M x D values
(3 000 queries against 8 000 stored 128-wide embeddings are 12 GB), only to reduce it to N x M.
`cdist` makes the N x M distances alone. Only 2-D operands are rewritten: the run's frames say so,
or the indexing spells both dimensions (`a[:, None, :]`); a difference used unreduced, weighted, or
reduced over another dimension is left as it is.

## Example
```python
dists = ((query[:, None, :] - bank[None, :, :]) ** 2).sum(-1)
nearest = dists.argmin(dim=1)
```

Use instead:
```python
dists = torch.cdist(query, bank)
nearest = dists.argmin(dim=1)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._needless import made_2d, made_once, seen, sources
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call
from resolver.write.edits import Edit, Workspace

LAST = ("-1", "2")  # the vector's dimension of an N x M x D difference
NORMS = {"torch.norm": ("p", 1), "torch.linalg.norm": ("ord", 1), "torch.linalg.vector_norm": ("ord", 1)}
ORDER_ONLY = ("argmin", "argmax", "argsort")
ORDER_AND_VALUES = ("topk", "sort", "min", "max")  # read for their order when only `.indices` is taken


def _code(node: cst.CSTNode | None) -> str | None:
    return None if node is None else cst.Module([]).code_for_node(node)


def _spread(node: cst.BaseExpression, axis: int) -> tuple[cst.BaseExpression, bool] | None:
    """(X, whether the indexing spells both of X's dimensions) of `X[:, None, :]`/`X[:, None]`/
    `X.unsqueeze(1)` (axis 1) or `X[None, :, :]`/`X[None]`/`X.unsqueeze(0)` (axis 0)."""
    if method_call(node, "unsqueeze") and len(node.args) == 1 and _code(node.args[0].value) == str(axis):
        return node.func.value, False
    if not isinstance(node, cst.Subscript):
        return None
    entries = [_code(e.slice) for e in node.slice]
    full = ["None", ":", ":"] if axis == 0 else [":", "None", ":"]
    return (node.value, len(entries) == 3) if entries == full[:len(entries)] and len(entries) >= axis + 1 else None


def _pairs(file: Source, diagnosis: Diagnosis, node: cst.BaseExpression):
    """(a, b, the statement that made the difference) of the broadcast difference of every pair of
    rows of two 2-D tensors, given directly or through a name made once; None for anything else."""
    value, statement = made_once(file, node)
    if not isinstance(value, cst.BinaryOperation) or not isinstance(value.operator, cst.Subtract):
        return None
    rows, columns = _spread(value.left, 1), _spread(value.right, 0)
    if rows is None or columns is None:
        return None
    tensors = [seen(diagnosis, file, operand) for operand in (rows[0], columns[0])]
    if any(t is not None and (len(t.shape) != 2 or "float" not in t.dtype) for t in tensors):
        return None
    operands = (rows[0], columns[0])
    spelled = rows[1] and columns[1] and all(isinstance(o, cst.Name) or made_2d(file, o) for o in operands)
    if not (all(tensors) or spelled):
        return None  # the rank is neither seen nor written (`s.q[:, None, :]` may index a 3-D tensor too)
    return rows[0], columns[0], statement


def _reduced(file: Source, node: cst.CSTNode) -> tuple[cst.BaseExpression, str, int] | None:
    """(what is reduced, the distance's p, its power) of a reduction over the last dimension: a norm
    (p 1 or 2, power 1), a sum of squares (p 2, power 2), a sum of absolute values (p 1, power 1)."""
    if not isinstance(node, cst.Call):
        return None
    found = NORMS.keys() & file.qualified_names(node.func)
    if found or method_call(node, "norm"):
        keyword, index = NORMS[next(iter(found))] if found else ("p", 0)
        shift = 1 if found else 0  # torch.norm(x, p, dim) has the tensor first
        dim, p = argument(node, 1 + shift, "dim"), argument(node, index, keyword)
        keep = argument(node, 2 + shift, "keepdim")
        if _code(dim and dim.value) not in LAST or keep and _code(keep.value) != "False" \
                or _code(p and p.value) not in (None, "1", "2") or len(node.args) > 3 + shift \
                or any(a.keyword and a.keyword.value not in (keyword, "dim", "keepdim") for a in node.args):
            return None
        return (node.args[0].value if found else node.func.value), _code(p and p.value) or "2", 1
    summed, dim = _summed(file, node)
    if summed is None or _code(dim) not in LAST:
        return None
    if method_call(summed, "abs") and not summed.args:
        return summed.func.value, "1", 1
    squared = _squared(summed)
    return (squared, "2", 2) if squared is not None else None


def _summed(file: Source, node: cst.Call) -> tuple[cst.BaseExpression | None, cst.CSTNode | None]:
    """(X, dim) of `X.sum(dim)` or `torch.sum(X, dim)` with nothing else given."""
    if method_call(node, "sum") and len(node.args) == 1:
        return node.func.value, node.args[0].value
    if file.calls(node, {"torch.sum"}) and len(node.args) == 2:
        return node.args[0].value, node.args[1].value
    return None, None


def _squared(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """X of `X ** 2`, `X.pow(2)`, `X.square()`."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Power) and _code(node.right) == "2":
        return node.left
    if method_call(node, "pow") and len(node.args) == 1 and _code(node.args[0].value) == "2":
        return node.func.value
    return node.func.value if method_call(node, "square") and not node.args else None


def _rooted(file: Source, node: cst.CSTNode) -> cst.CSTNode | None:
    """The square root around `node`, if one: `node.sqrt()`, `torch.sqrt(node)`."""
    parent = file.parents.get(node)
    if isinstance(parent, cst.Attribute) and parent.attr.value == "sqrt":
        call = file.parents.get(parent)
        return call if isinstance(call, cst.Call) and not call.args else None
    if isinstance(parent, cst.Arg) and file.calls(call := file.parents.get(parent), {"torch.sqrt"}) \
            and len(call.args) == 1:
        return call
    return None


def _order_only(file: Source, node: cst.CSTNode) -> bool:
    """The value is assigned to a name whose every read takes its order alone (`d.argmin(1)`,
    `d.topk(k, largest=False).indices`)."""
    assign = file.parents.get(node)
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1 \
            or not isinstance(assign.targets[0].target, cst.Name):
        return False
    name, scope = assign.targets[0].target.value, file.function_of(node) or file.module
    reads = [n for n in file.nodes(cst.Name, lambda n: n.value == name) if file.within(n, scope)
             and n is not assign.targets[0].target and not file.is_attribute_name(n)]
    return bool(reads) and all(_order_read(file, n) for n in reads)


def _order_read(file: Source, name: cst.Name) -> bool:
    method = file.parents.get(name)
    call = file.parents.get(method)
    if not isinstance(method, cst.Attribute) or not isinstance(call, cst.Call) or call.func is not method:
        return False
    if method.attr.value in ORDER_ONLY:
        return True
    taken = file.parents.get(call)
    return method.attr.value in ORDER_AND_VALUES and isinstance(taken, cst.Attribute) and taken.attr.value == "indices"


class PairwiseDistance(Rule):
    categories = ("memory.cpu_oom", "memory.cuda_oom", "memory.killed", "memory.forecast_oom")
    priority = -2  # before memory_leaks and the batch: the memory goes to a difference nothing keeps

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for file in sources(diagnosis, workspace):
            for node in file.nodes(cst.Call):
                edit = self._distance(diagnosis, file, node)
                if edit is not None:
                    yield edit

    def _distance(self, diagnosis: Diagnosis, file: Source, node: cst.Call) -> Edit | None:
        reduced = _reduced(file, node)
        pairs = reduced and _pairs(file, diagnosis, reduced[0])
        if not pairs:
            return None
        a, b, statement = pairs
        power, outer = reduced[2], node
        if power == 2 and (root := _rooted(file, node)) is not None:
            power, outer = 1, root
        elif power == 2 and _order_only(file, node):
            power = 1  # the square root keeps the order, and only the order is read
        order = "" if reduced[1] == "2" else f", p={reduced[1]}"
        cdist = f"{file.torch}.cdist({_code(a)}, {_code(b)}{order})" + (" ** 2" if power == 2 else "")
        # `.sum(-1) ** 0.5`, `.sum(-1).clamp_min(eps)`: the squared form binds looser than what follows it
        alone = isinstance(file.parents.get(outer), (cst.Assign, cst.AnnAssign, cst.Return, cst.Arg, cst.Element))
        new = cst.parse_expression(cdist).with_changes(lpar=outer.lpar, rpar=outer.rpar)
        if power == 2 and not outer.lpar and not alone:
            new = new.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        replacements = {outer: new}
        if statement is not None:
            replacements[statement] = cst.RemovalSentinel.REMOVE
        reason = (f"`{file.code(outer)}` made the difference of every pair of rows (rows x rows x features) to "
                  f"reduce it to one distance a pair; torch.cdist makes the distances alone")
        return file.edit(replaced_all(file.module, replacements), file.line_of(outer), reason, uses_torch=True)

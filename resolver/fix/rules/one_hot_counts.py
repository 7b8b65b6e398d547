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
left as it is. one_hot refuses a label outside [0, C) where bincount would count it in another cell
(a -1 "abstained" prediction): labels not known to be in range (an argmax, `torch.randint(0, C, ...)`)
keep that check, written before the count; labels made by a call it would have to run again are not
rewritten. Of several products in the failing run's files, only the one on its frames' lines (or
the same expression) is rewritten: the others did not make the tensor that did not fit.

## Example
```python
t = F.one_hot(targets, num_classes).float()
p = F.one_hot(preds, num_classes).float()
confusion = t.T @ p
```

Use instead:
```python
if not all(((labels >= 0) & (labels < num_classes)).all() for labels in (targets, preds)):
    raise ValueError('class values must be in [0, num_classes)')  # one_hot's check: bincount would miscount them
confusion = torch.bincount(targets * num_classes + preds,
                           minlength=num_classes * num_classes).view(num_classes, num_classes).float()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._definitions import _assigned_values, _owner
from resolver.fix.rules._needless import allocating, cast_chain, made_once, parenthesized, seen, sources
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call
from resolver.write.edits import Edit, Workspace

ONE_HOT = {"torch.nn.functional.one_hot"}
PRODUCTS = {"torch.matmul", "torch.mm"}
INDICES = ("argmax", "argmin")
RANDINT = {"torch.randint"}
REPEATABLE = {"flatten", "view", "reshape", "ravel", "squeeze", "long", "int", "to", "cpu"}
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


def _in_range(file: Source, labels: cst.BaseExpression, classes: str) -> bool:
    """Labels one_hot's range check cannot fail on (directly, or a name assigned once from them): an
    argmax/argmin (an index over the scores' own classes, never negative), batches of them joined
    with torch.cat, or `torch.randint(0, classes, ...)`."""
    if isinstance(labels, cst.Name):
        values = _assigned_values(file, _owner(file, labels), labels.value)
        labels = values[0] if len(values) == 1 and values[0] is not None else labels
    labels, _ = cast_chain(labels)
    if method_call(labels, *INDICES) or file.calls(labels, {f"torch.{name}" for name in INDICES}):
        return True
    if file.calls(labels, {"torch.cat"}) and labels.args:
        parts = labels.args[0].value
        parts = [parts.elt] if isinstance(parts, (cst.ListComp, cst.GeneratorExp)) \
            else [e.value for e in parts.elements] if isinstance(parts, (cst.List, cst.Tuple)) else []
        return bool(parts) and all(_in_range(file, part, classes) for part in parts)
    bounds = [file.module.code_for_node(a.value) for a in labels.args[:2]] if file.calls(labels, RANDINT) else []
    return bounds[:1] == [classes] or bounds == ["0", classes] and not any(a.keyword for a in labels.args[:2])


def _repeatable(node: cst.BaseExpression) -> bool:
    """An expression a check may read again at no cost: names, attributes, subscripts, reshapes, casts."""
    calls = []

    class Calls(cst.CSTVisitor):
        def visit_Call(self, call):
            calls.append(call)

    node.visit(Calls())
    return all(isinstance(c.func, cst.Attribute) and c.func.attr.value in REPEATABLE for c in calls)


def _range_check(unchecked: list[str], classes: str) -> cst.BaseStatement:
    """one_hot's own check of the labels, which bincount lacks: a -1 ("abstained") or a label past the
    classes would silently land in another pair's cell."""
    inside = "(({labels} >= 0) & ({labels} < " + classes + ")).all()"
    test = inside.format(labels=unchecked[0]) if len(unchecked) == 1 else \
        f"all({inside.format(labels='labels')} for labels in ({', '.join(unchecked)}))"
    message = repr(f"class values must be in [0, {classes})")
    return cst.parse_statement(f"if not {test}:\n"
                               f"    raise ValueError({message})  # one_hot's check: bincount would miscount them\n")


def _statement(file: Source, node: cst.CSTNode) -> cst.CSTNode:
    """The statement of a block that holds `node`."""
    while not isinstance(file.parents.get(node), (cst.IndentedBlock, cst.Module)):
        node = file.parents[node]
    return node


class OneHotCounts(Rule):
    categories = ("memory.cpu_oom", "memory.cuda_oom", "memory.killed", "memory.forecast_oom")
    priority = -3  # before memory_leaks and the batch: the memory goes to a product nothing needs

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for file in sources(diagnosis, workspace):
            matches = [m for node in file.nodes((cst.BinaryOperation, cst.Call))
                       if (m := self._counted(diagnosis, file, node)) is not None]
            yield from allocating(diagnosis, file, matches)

    def _counted(self, diagnosis: Diagnosis, file: Source, node: cst.CSTNode):
        """(the product, the statements that made its one-hots, the edit), or None."""
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
        unchecked = [labels for labels in (rows[0], columns[0]) if not _in_range(file, labels, code(rows[1]))]
        if not all(_repeatable(labels) for labels in unchecked):
            return None  # a check would compute them again
        before = {_statement(file, node): [_range_check([parenthesized(code(u), u) for u in unchecked], classes)]} \
            if unchecked else {}
        reason = (f"`{file.code(node)}` counted label pairs as a product of two one-hot matrices (samples x "
                  f"classes each); torch.bincount counts the same pairs without making them")
        feeding = [made[3] for made in (rows, columns) if made[3] is not None]
        reason += "; the labels' range is checked as one_hot checked it" if unchecked else ""
        return node, feeding, file.edit(replaced_all(file.module, replacements, before), file.line_of(node), reason,
                                        uses_torch=True)

"""## What it does
Counts the matches of an element-wise comparison before `.item()`: `torch.eq(y, pred).item()`,
`(pred == y).item()`, `pred.eq(y).float().item()` get `.sum()` before `.item()`, or `.mean()`
when the value is stored straight into an accuracy (`acc = (pred == y).float().item()`, no
division by a count on the line).

## Why is this bad?
`a Tensor with 800 elements cannot be converted to Scalar`: a comparison gives one boolean per
element, and `.item()` reads a tensor of one element. Counting correct predictions needs the
reduction first. Nothing is proposed when `.item()` is taken of anything but a comparison (a
batch of predictions, an unreduced loss: what was meant is not in the code), or when the value
is a condition (`if (a == b).item():`, `assert`, `not`: all or any is meant, not a count).

## Example
```python
correct = torch.eq(y_true, y_pred).item()
acc = correct / len(y_pred) * 100
```

Use instead:
```python
correct = torch.eq(y_true, y_pred).sum().item()
acc = correct / len(y_pred) * 100
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace

COMPARISONS = {"eq", "ne", "lt", "le", "gt", "ge", "isclose", "logical_and", "logical_or", "logical_not"}
# methods that keep one value per element: the comparison is still below them
ELEMENTWISE = {"float", "double", "long", "int", "to", "cpu", "detach", "type", "squeeze", "view", "flatten"}
ACCURACY = re.compile(r"(^|_)acc(uracy)?($|_)", re.IGNORECASE)


def _compared(node: cst.BaseExpression) -> bool:
    """The receiver of `.item()` is, under per-element methods, an element-wise comparison."""
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in ELEMENTWISE:
        node = node.func.value
    if isinstance(node, cst.Comparison):
        return len(node.comparisons) == 1 and not isinstance(
            node.comparisons[0].operator, (cst.In, cst.NotIn, cst.Is, cst.IsNot))
    return isinstance(node, cst.Call) and last_name(node.func) in COMPARISONS


def _in_a_condition(source: Source, item: cst.Call) -> bool:
    """`if (a == b).item():`, `assert`, `not`, `and`: a truth value is meant (all? any?), not a count."""
    node = item
    while (parent := source.parents.get(node)) is not None:
        if isinstance(parent, (cst.Assert, cst.BooleanOperation)) \
                or isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not) \
                or isinstance(parent, (cst.If, cst.While, cst.IfExp)) and parent.test is node:
            return True
        if isinstance(parent, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
            return False
        node = parent
    return False


def _reduction(source: Source, item: cst.Call) -> str:
    """`mean` when the value is an accuracy stored as it is, else `sum` (a count)."""
    statement = source.enclosing(item, (cst.Assign, cst.AugAssign))
    if not isinstance(statement, cst.Assign) or statement.value is not item or len(statement.targets) != 1:
        return "sum"
    return "mean" if ACCURACY.search(last_name(statement.targets[0].target) or "") else "sum"


def _reduced(source: Source, line: int) -> Iterator[Edit]:
    for item in source.on_line(cst.Call, line):
        func = item.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "item" and not item.args
                and _compared(func.value)) or _in_a_condition(source, item):
            continue
        how = _reduction(source, item)
        reduced = cst.Call(cst.Attribute(func.value, cst.Name(how)))
        new = item.with_changes(func=func.with_changes(value=reduced))
        reason = (f"Changed {source.code(item)} to {source.module.code_for_node(new)}: a comparison holds one "
                  f"boolean per element and .item() reads one value, so the matches are "
                  f"{'averaged' if how == 'mean' else 'counted'} first")
        yield source.edit(source.replaced(item, new), line, reason)
        return


class CountBeforeItem(Rule):
    categories = ("tensor.item_non_scalar",)
    priority = 1  # after tensor_from_tensors: the two never meet (a constructor's list, a comparison's .item())

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            found = list(_reduced(source, frame.line))
            if found:
                yield from found
                return

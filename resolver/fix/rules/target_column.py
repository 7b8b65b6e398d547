"""## What it does
Makes class-index targets (N,) where they are made: the column slice that kept a dimension of 1
(`t[:, -1:]` -> `t[:, -1]`), or the one-element list a sample's label is wrapped in
(`torch.tensor([k])` -> `torch.tensor(k)`), else `.squeeze(1)` on the target at the loss call.

## Why is this bad?
`0D or 1D target tensor expected, multi-target not supported`: cross entropy takes one class
index per sample, and an (N, 1) target looks like several. Multi-label targets (more than one
column) are not this: nothing is proposed.

## Example
```python
labels = table[:, -1:]
loss = F.cross_entropy(logits, labels)
```

Use instead:
```python
labels = table[:, -1]
loss = F.cross_entropy(logits, labels)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import changed, first_frame_edits, loss_calls, loss_input
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, wrap
from resolver.fix.rules._syntax import argument, last_name
from resolver.write.edits import Edit, Workspace


def _column_target(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    for call in loss_calls(source, frame.line):
        target = argument(call, 1, "target")
        fact = (frame.tensors.get(target.value) if isinstance(target, cst.Name) else None) or loss_input(diagnosis, 1)
        if fact is not None and (len(fact.shape) != 2 or fact.shape[1] != 1):
            continue
        chain = tracer.chain(source, target, frame)
        for at, step in enumerate(chain):
            column = _kept_column(step.node)
            if column is not None:
                new = step.node.with_changes(slice=[*step.node.slice[:-1], step.node.slice[-1].with_changes(
                    slice=cst.Index(cst.parse_expression(column)))])
                yield changed(step.source, step.node, new, "where the label column is taken: class-index targets "
                              "are (N,), a one-column slice keeps them (N, 1)")
                return
            label = _listed_label(step.node)
            if label is not None and any(s.role == "sample" for s in chain[:at]):
                new = step.node.with_changes(args=[step.node.args[0].with_changes(value=label), *step.node.args[1:]])
                yield changed(step.source, step.node, new, "where the sample's label is made: a label in a one-element "
                            "list is a (1,) tensor, and the batch of them is (N, 1); class-index targets are (N,)")
                return
        if fact is not None:
            new = wrap(source.module.code_for_node(target), ".squeeze(1)")
            yield changed(source, target, new, "in the loss call: class-index targets are (N,), not (N, 1)")
            return


def _kept_column(node) -> str | None:
    """`t[:, -1:]` / `t[:, 4:5]`: the column slice that keeps a dimension of 1; its index."""
    if not isinstance(node, cst.Subscript) or len(node.slice) < 2 or not isinstance(node.slice[-1].slice, cst.Slice):
        return None
    piece = node.slice[-1].slice
    code = lambda n: None if n is None else cst.Module([]).code_for_node(n)
    lower, upper = code(piece.lower), code(piece.upper)
    if piece.step is not None or lower is None:
        return None
    if lower == "-1" and upper is None:
        return "-1"
    if lower.isdigit() and upper is not None and upper.isdigit() and int(upper) == int(lower) + 1:
        return lower
    return None


# Conversions that make a 0-d value of a scalar (`torch.LongTensor(k)` would make k elements instead).
SCALAR_CONVERSIONS = {"tensor", "as_tensor", "array", "asarray"}


def _listed_label(node) -> cst.BaseExpression | None:
    """`torch.tensor([k])` / `np.array([k], dtype=...)`: the one element the list wraps."""
    if not isinstance(node, cst.Call) or last_name(node.func) not in SCALAR_CONVERSIONS or not node.args:
        return None
    first = node.args[0]
    if first.keyword is not None or first.star or not isinstance(first.value, (cst.List, cst.Tuple)):
        return None
    elements = first.value.elements
    if len(elements) != 1 or isinstance(elements[0], cst.StarredElement):
        return None
    label = elements[0].value
    # a nested literal or comprehension is a row of labels, not one label
    if isinstance(label, (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp, cst.Set, cst.Dict)):
        return None
    return label


class TargetColumn(Rule):
    categories = ("loss.multi_target",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _column_target)

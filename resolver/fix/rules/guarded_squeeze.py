"""## What it does
Names the dimension of a bare `squeeze()` that sits under a test stating which dimension is meant:
`if pred.size(1) == 1: pred = pred.squeeze()` becomes `pred.squeeze(1)`. It acts when a shape check
(an `assert` that reads the squeezed value) fails in the function that squeezes, and the value before
the squeeze, seen in the frames, was a batch of one whose only other dimension of size one is the tested
one.

## Why is this bad?
`squeeze()` drops every dimension of size one. The test says the code means the channel of a
one-channel prediction, but when a batch holds one sample (the last batch of a split, one image at
inference) the batch dimension goes too, and the tensor reaches the next shape check with a rank too
few. A fixed batch size hides it; the dimension the test already names does not.

## Example
```python
if pred.size(1) == 1:
    pred = pred.squeeze()
assert pred.dim() == label.dim(), "pred shape [N, H, W] and label shape [N, H, W] are supported"
```

Use instead:
```python
if pred.size(1) == 1:
    pred = pred.squeeze(1)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import bare_squeeze, squeezed_with_dim
from resolver.write.edits import Edit, Workspace


def _size_one(source: Source, test: cst.BaseExpression) -> tuple[str, int] | None:
    """`x.size(k) == 1`, `x.shape[k] == 1`: (the code of x, k)."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
            or not isinstance(test.comparisons[0].operator, cst.Equal):
        return None
    sides = (test.left, test.comparisons[0].comparator)
    one = [s for s in sides if isinstance(s, cst.Integer) and s.value == "1"]
    size = [s for s in sides if s not in one]
    if len(one) != 1 or len(size) != 1:
        return None
    node = size[0]
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "size" \
            and len(node.args) == 1 and isinstance(node.args[0].value, cst.Integer):
        return source.code(node.func.value), int(node.args[0].value.value)
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape" \
            and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and isinstance(node.slice[0].slice.value, cst.Integer):
        return source.code(node.value.value), int(node.slice[0].slice.value.value)
    return None


def _squeezed(source: Source, call: cst.Call) -> str | None:
    """The code of what a squeeze without a dimension squeezes: `x` of `x.squeeze()`, `torch.squeeze(x)`."""
    if bare_squeeze(source, call) is None:
        return None
    return source.code(call.args[0].value if call.args else call.func.value)


def _only_batch_and(diagnosis: Diagnosis, squeezed: tuple[int, ...], dim: int) -> bool:
    """Whether the value before the squeeze, found among the frames' tensors (the caller's argument,
    the local it was computed from), had ones only at the batch and at `dim`: then squeeze(dim) keeps
    every other dimension the bare squeeze kept. A value with more ones (`[N, 1, 1]` meant to become
    `[N]`), or none found, leaves the squeeze alone."""
    before = [t.shape for f in diagnosis.frames if f.user for t in f.tensors.values()
              if len(t.shape) > max(dim, 0) and t.shape[0] == 1 and t.shape[dim] == 1
              and tuple(n for n in t.shape if n != 1) == tuple(squeezed)]
    return bool(before) and all({i for i, n in enumerate(shape) if n == 1} == {0, dim} for shape in before)


def _read_names(source: Source, statement: cst.CSTNode) -> set[str]:
    return {source.code(n) for n in source.nodes((cst.Name, cst.Attribute), lambda n: source.within(n, statement))}


class GuardedSqueeze(Rule):
    categories = ("shape.assertion",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            raising = source.statement_at(frame.line)
            scope = source.function_of(raising) if raising is not None else None
            if scope is None:
                continue
            for test in source.nodes(cst.If, lambda i: source.within(i, scope)):
                guard = _size_one(source, test.test)
                if guard is None or guard[0] not in _read_names(source, raising):
                    continue  # the failed check does not read what was squeezed
                squeezed = frame.tensors.get(guard[0])
                if squeezed is None or not _only_batch_and(diagnosis, squeezed.shape, guard[1]):
                    continue
                for call in source.nodes(cst.Call, lambda c: source.within(c, test.body)):
                    if _squeezed(source, call) == guard[0] and source.line_of(call) < frame.line:
                        named = squeezed_with_dim(call, guard[1])
                        reason = (f"Changed {source.code(call)} to {source.code(named)}: the test above it names "
                                  f"dimension {guard[1]}; a bare squeeze() also dropped the batch of one")
                        yield source.edit(source.replaced(call, named), source.line_of(call), reason)
                        return

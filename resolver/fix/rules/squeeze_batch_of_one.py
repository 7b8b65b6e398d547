"""## What it does
Replaces a `squeeze()` without a dimension that made a layer's input, when that input arrives with
one dimension too few and is a vector, by `flatten(1)`: it keeps the batch dimension, and for any
batch of two or more it gives the very tensor the squeeze gave (a squeeze that leaves
`[batch, features]` has only ones to drop besides them).

## Why is this bad?
`expected 2D or 3D input (got 1D input)`: `squeeze()` drops every dimension of size one, the batch
dimension too when the batch holds one sample (the last batch of a split, a single test image).
Pooled features `[N, C, 1, 1]` then become `[C]` instead of `[1, C]`, and the next BatchNorm or
Linear sees no batch. A fixed batch size or `drop_last=True` hides this; naming what to keep does
not.

## Example
```python
x = self.avgpool(x)
x = torch.squeeze(x)
x = self.classifier(x)  # BatchNorm1d inside
```

Use instead:
```python
x = self.avgpool(x)
x = torch.flatten(x, 1)
x = self.classifier(x)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, user_frames
from resolver.write.edits import Edit, Workspace

RANKS = re.compile(r"expected (\d+)D (?:or (\d+)D )?input \(got (\d+)D input\)")
FRAMES = 3  # the user frames looked at, innermost first: the layer's call and the forwards around it


def _bare_squeeze(source: Source, node: cst.CSTNode) -> tuple[cst.Call, str] | None:
    """(the call, its flatten(1) form) for `torch.squeeze(x)` or `x.squeeze()` with no dimension."""
    if not isinstance(node, cst.Call):
        return None
    if source.calls(node, {"torch.squeeze"}) and len(node.args) == 1 and node.args[0].keyword is None:
        prefix = source.module.code_for_node(node.func.value) if isinstance(node.func, cst.Attribute) else "torch"
        return node, f"{prefix}.flatten({source.module.code_for_node(node.args[0].value)}, 1)"
    if method_call(node, "squeeze") and not node.args and not source.qualified_names(node.func.value) & {"torch"}:
        return node, f"{source.module.code_for_node(node.func.value)}.flatten(1)"
    return None


def _lost_the_batch(diagnosis: Diagnosis) -> bool:
    """The layer wanted [batch, features] (or more) and got a vector: one dimension short."""
    found = RANKS.search(diagnosis.message)
    return bool(found) and int(found[3]) == 1 and int(found[1]) == 2


class SqueezeBatchOfOne(Rule):
    categories = ("shape.norm_input_rank",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        return diagnosis.category in self.categories and _lost_the_batch(diagnosis)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        tracer = Tracer(diagnosis, workspace)
        for depth, (frame, source) in enumerate(user_frames(diagnosis, workspace)):
            if depth == FRAMES:
                return
            for call in source.on_line(cst.Call, frame.line):
                positional = [a for a in call.args if a.keyword is None and not a.star]
                if len(positional) != 1:
                    continue
                for step in tracer.chain(source, positional[0].value, frame)[1:]:
                    found = _bare_squeeze(step.source, step.node)
                    if found is None:
                        continue
                    squeeze, flat = found
                    reason = (f"Changed {step.source.code(squeeze)} to {flat}: the squeeze also dropped the batch "
                              "dimension of a batch of one sample; flatten(1) keeps it and gives the same features "
                              "for larger batches")
                    yield step.source.edit(step.source.replaced(squeeze, cst.parse_expression(flat)),
                                           step.source.line_of(squeeze), reason)
                    return

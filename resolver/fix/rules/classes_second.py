"""## What it does
Moves the classes of per-step logits to dimension 1 at the loss call: `.transpose(1, 2)` on
(N, T, C) logits given with (N, T) targets.

## Why is this bad?
`Expected target size [N, C], got [N, T]`: cross entropy takes (N, C, T) for a sequence. Logits
that are not (N, T, C) for those targets (targets padded to another length) are not this:
nothing is proposed.

## Example
```python
loss = F.cross_entropy(tagger(tokens), tags)
```

Use instead:
```python
loss = F.cross_entropy(tagger(tokens).transpose(1, 2), tags)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import changed, first_frame_edits, loss_calls, loss_input
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, wrap
from resolver.fix.rules._syntax import argument
from resolver.write.edits import Edit, Workspace

TARGET_SIZE = re.compile(r"Expected target size \[(\d+), (\d+)\], got \[(\d+), (\d+)\]")


def _classes_last(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    """(N, T, C) sequence logits with (N, T) targets: cross entropy wants the classes second."""
    match = TARGET_SIZE.search(diagnosis.message)
    if not match:
        return
    batch, classes, _, steps = (int(n) for n in match.groups())
    for call in loss_calls(source, frame.line):
        logits = argument(call, 0, "input")
        fact = (frame.tensors.get(logits.value) if isinstance(logits, cst.Name) else None) or loss_input(diagnosis, 0)
        if fact is None or fact.shape != (batch, steps, classes):
            continue
        new = wrap(source.module.code_for_node(logits), ".transpose(1, 2)")
        yield changed(source, logits, new, f"in {source.code(call.func)}(...): the logits are (N, T, C) = "
                    f"{list(fact.shape)}, cross entropy takes the classes in dimension 1")
        return


class ClassesSecond(Rule):
    categories = ("loss.target_size",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _classes_last)

"""## What it does
Draws a loop that numbers its batches through `enumerate`, or unpacks what `enumerate` gives as
a number and a batch.

## Why is this bad?
`too many values to unpack (expected 2)` at `for i, (x, y) in loader:`: the loader gives batches
alone. `not enough values to unpack (expected 3, got 2)` at `for i, x, y in enumerate(loader):`:
enumerate gives a number and the batch, which holds the rest.

## Example
```python
for step, (x, y) in loader:
    ...
```

Use instead:
```python
for step, (x, y) in enumerate(loader):
    ...
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import user_frames
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace


def _loop_numbering(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`for i, (x, y) in loader:` unpacks a batch into an index and a pair: the index comes from
    `enumerate`. `for i, x, y in enumerate(loader):` unpacks the (index, batch) pair into three."""
    for frame, source in user_frames(diagnosis, workspace):
        loop = source.statement_at(frame.line)
        if not isinstance(loop, cst.For) or not isinstance(loop.target, (cst.Tuple, cst.List)):
            continue
        parts = loop.target.elements
        numbered = isinstance(loop.iter, cst.Call) and last_name(loop.iter.func) == "enumerate"
        if not numbered and len(parts) == 2 and isinstance(parts[0].value, cst.Name) \
                and isinstance(parts[1].value, (cst.Tuple, cst.List)):
            new = loop.with_changes(iter=cst.parse_expression(f"enumerate({source.code(loop.iter)})"))
            reason = (f"Drew {source.code(loop.iter)} through enumerate: the loop takes a batch number and a batch "
                      f"({source.code(loop.target)}), and the loader gives batches alone")
        elif numbered and len(parts) >= 3 and all(isinstance(p.value, cst.Name) for p in parts):
            inner = ", ".join(source.code(p.value) for p in parts[1:])
            target = cst.parse_expression(f"{source.code(parts[0].value)}, ({inner})")
            new = loop.with_changes(target=target)
            reason = (f"Unpacked {source.code(loop.iter)} as {source.code(target)}: enumerate gives a batch number "
                      "and the batch, which holds the rest")
        else:
            continue
        yield source.edit(source.replaced(loop, new), frame.line, reason)
        return


class LoopEnumerate(Rule):
    categories = ("data.loop_unpack",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _loop_numbering(diagnosis, workspace)

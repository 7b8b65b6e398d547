"""## What it does
Passes a model only the inputs its `forward` takes where a batch is spread into it:
`model(*batch)` becomes `model(batch[0])`, or `model(*batch[:-1])` when only the last element
(the target) is too many, else `model(*batch[:n])`.

## Why is this bad?
`forward() takes 2 positional arguments but 3 were given`: `*batch` spreads the target in too.
Inputs written out one by one (`model(x, y)`) are the author's choice: nothing is proposed.

## Example
```python
for batch in loader:
    loss = loss_fn(model(*batch), batch[-1])
```

Use instead:
```python
for batch in loader:
    loss = loss_fn(model(batch[0]), batch[-1])
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import user_frames
from resolver.write.edits import Edit, Workspace


def _spread_batch(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """`model(*batch)` where forward takes fewer inputs than the batch holds: pass the inputs."""
    match = re.search(r"takes (\d+) positional arguments? but (\d+) were given", diagnosis.message)
    if not match:
        return
    inputs, extra = int(match[1]) - 1, int(match[2]) - int(match[1])  # less self
    # one element more than forward takes: everything before the last (the target) is input,
    # which stays true when a feature is added to both the batch and forward
    kept = ":-1" if extra == 1 else f":{inputs}"
    for frame, source in user_frames(diagnosis, workspace):
        for call in source.on_line(cst.Call, frame.line):
            starred = [a for a in call.args if a.star == "*"]
            if len(starred) != 1 or len(call.args) != 1 or inputs < 1:
                continue
            batch = source.module.code_for_node(starred[0].value)
            new_arg = cst.Arg(cst.parse_expression(f"{batch}[0]")) if inputs == 1 else \
                starred[0].with_changes(value=cst.parse_expression(f"{batch}[{kept}]"))
            reason = (f"Passed only the model's inputs ({source.code(new_arg)}) to {source.code(call.func)}: "
                      f"forward takes {inputs} and *{batch} spread the target in too")
            yield source.edit(source.replaced(starred[0], new_arg), frame.line, reason)
            return


class ForwardInputs(Rule):
    categories = ("module.extra_inputs",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _spread_batch(diagnosis, workspace)

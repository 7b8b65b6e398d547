"""## What it does
Changes the failing `.view(` to `.reshape(`.

## Why is this bad?
`view size is not compatible with input tensor's size and stride`: `.view()` cannot reshape a
tensor that is not contiguous (after transpose/permute/expand); `.reshape()` copies when it must.
A view the line does not make (torch's own, inside `parameters_to_vector`) is not this: nothing
is proposed.

## Example
```python
out = (att @ v).transpose(1, 2).view(b, t, d)
```

Use instead:
```python
out = (att @ v).transpose(1, 2).reshape(b, t, d)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import method_call, user_frames
from resolver.write.edits import Edit, Workspace


class ViewContiguous(Rule):
    categories = ("shape.view_contiguous",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            views = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "view")]
            for call in views:
                new_call = call.with_changes(func=call.func.with_changes(attr=cst.Name("reshape")))
                old, new = source.code(call), source.code(new_call)
                reason = f"Changed {old} to {new}: the tensor is not contiguous, so view cannot reshape it in place"
                yield source.edit(source.replaced(call, new_call), source.line_of(call), reason)
            if views:
                return

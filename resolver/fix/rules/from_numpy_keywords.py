"""## What it does
Moves the keywords handed to `torch.from_numpy` onto the tensor it returns: `dtype=` and `device=`
become `.to(...)`, `requires_grad=True` becomes `.requires_grad_()`.

## Why is this bad?
`from_numpy() takes no keyword arguments`: `torch.from_numpy` shares the array's memory, so it
takes the array alone and keeps its dtype. A conversion the call asked for is a step of its own,
on the tensor, where the value is made.

## Example
```python
x = torch.from_numpy(frame, dtype=torch.float32)
```

Use instead:
```python
x = torch.from_numpy(frame).to(torch.float32)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

FROM_NUMPY = {"torch.from_numpy"}
MOVED = ("dtype", "device", "requires_grad")  # the keywords whose meaning has a place on the tensor


def _moved(source: Source, call: cst.Call) -> str | None:
    """`torch.from_numpy(a).to(...)`, or None where a keyword has no place on the tensor."""
    keywords = {a.keyword.value: source.module.code_for_node(a.value) for a in call.args if a.keyword}
    positional = [a for a in call.args if a.keyword is None]
    if not keywords or set(keywords) - set(MOVED) or len(positional) != 1 \
            or keywords.get("requires_grad", "True") != "True":
        return None
    plain = call.with_changes(args=[positional[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)])
    text = source.module.code_for_node(plain)
    conversions = [keywords[k] for k in ("device", "dtype") if k in keywords]  # .to(device, dtype)
    if conversions:
        text += f".to({', '.join(conversions)})"
    return text + (".requires_grad_()" if "requires_grad" in keywords else "")


class FromNumpyKeywords(Rule):
    categories = ("api.keyword_argument",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if "from_numpy()" not in diagnosis.message:
            return
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                moved = source.calls(call, FROM_NUMPY) and _moved(source, call)
                if moved:
                    reason = (f"Changed {source.code(call)} to {moved}: from_numpy takes the array alone; "
                              "the conversion happens on the tensor it returns")
                    yield source.edit(source.replaced(call, cst.parse_expression(moved)), frame.line, reason)
                    return
            return

"""## What it does
Gives `torch.autocast` the device's type where the code passes the device itself:
`torch.autocast(device_type=device)` -> `torch.autocast(device_type=device.type)` for a `torch.device`,
and `torch.device(name).type` where the error shows a device string with an index (`'cuda:0'`).

## Why is this bad?
`torch.autocast` (and `torch.amp.autocast`) selects its casting policy by device *type*, a string
such as `"cuda"` or `"cpu"`. A `torch.device` object is refused (`Expected device_type of type str,
got: <class 'torch.device'>`; before torch 2.4 the same call failed as `User specified an
unsupported autocast device_type 'cuda'`), and so is an indexed name like `"cuda:0"`. Only the
autocast call on the failing path is rewritten; the device stays what the code decides.

## Example
```python
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
with torch.autocast(device_type=device, dtype=torch.bfloat16):
    loss = model(x).mean()
```

Use instead:
```python
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
with torch.autocast(device_type=device.type, dtype=torch.bfloat16):
    loss = model(x).mean()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames
from resolver.write.edits import Edit, Workspace

AUTOCASTS = ("torch.autocast", "torch.amp.autocast", "torch.amp.autocast_mode.autocast")
DEVICE_OBJECT = re.compile(r"got: `<class 'torch\.device'>`")
# the older wording prints the value: a bare type here was a torch.device (a string "cuda" is accepted)
PRINTED = re.compile(r"unsupported autocast device_type '(\w+)(:\d+)?'")


def _device_type(source: Source, value: cst.BaseExpression, device_object: bool) -> cst.BaseExpression | None:
    """The expression that gives the device's type for `value`; None for a literal (a typo, not a device)."""
    if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return None
    if device_object:
        return cst.Attribute(value, cst.Name("type"))
    return cst.parse_expression(f"{source.torch_binding or 'torch'}.device({source.code(value)}).type")


class AutocastDeviceType(Rule):
    categories = ("amp.device_type",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        printed = PRINTED.search(diagnosis.message)
        if not printed and not DEVICE_OBJECT.search(diagnosis.message):
            return  # another type given (a dict, a module): which value holds the device is the project's call
        device_object = not printed or not printed.group(2)
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                if not any(name in AUTOCASTS for name in source.qualified_names(call.func)):
                    continue
                given = argument(call, 0, "device_type")
                fixed = given and _device_type(source, given.value, device_object)
                if fixed is None:
                    continue
                new = call.with_changes(args=[a.with_changes(value=fixed) if a is given else a for a in call.args])
                reason = (f"Changed {source.code(call)} to {source.code(new)}: autocast takes the device's type "
                          f"as a string ('cpu', 'cuda'), not the device")
                yield source.edit(source.replaced(call, new), frame.line, reason, uses_torch=not device_object)
                return

"""## What it does
Puts a tensor on the model's device: a tensor created inside forward without `device=` gets
`device=<input>.device`; a tensor that enters the model or the loss from outside gets
`.to(device)`, with the script's own device variable.

## Why is this bad?
`Expected all tensors to be on the same device`: a tensor stayed on the CPU while the model is
on the GPU (or the other way round).

## Example
```python
def forward(self, x):
    mask = torch.ones(x.size(0), x.size(1))
    return self.encoder(x) * mask
```

Use instead:
```python
def forward(self, x):
    mask = torch.ones(x.size(0), x.size(1), device=x.device)
    return self.encoder(x) * mask
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, keyword_arg, user_frames, wrap
from resolver.write.edits import Edit, Workspace

FACTORIES = {f"torch.{name}" for name in ("zeros", "ones", "empty", "full", "rand", "randn", "randint", "arange",
                                          "linspace", "eye", "tensor", "zeros_like", "ones_like")}


def _device_variable(source: Source) -> str | None:
    for assign in source.nodes(cst.Assign):
        for target in assign.targets:
            if isinstance(target.target, cst.Name) and target.target.value in ("device", "DEVICE", "dev"):
                return target.target.value
    return None


def _in_forward(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    for frame, source in user_frames(diagnosis, workspace):
        if frame.function != "forward":
            continue
        statement = source.statement_at(frame.line)
        function = statement and source.enclosing(statement, cst.FunctionDef)
        params = [p.name.value for p in function.params.params] if function else []
        if len(params) < 2:
            continue
        factories = [c for c in source.nodes(cst.Call) if source.function_of(c) is function
                     and source.calls(c, FACTORIES) and argument(c, 10**6, "device") is None]
        if not factories:
            continue
        module = source.module
        for call in factories:
            on_device = keyword_arg("device", f"{params[1]}.device")
            module = module.deep_replace(call, call.with_changes(args=[*call.args, on_device]))
        names = ", ".join(source.code(c.func) for c in factories)
        reason = f"Created the tensors of {names} in forward on {params[1]}'s device (device={params[1]}.device)"
        yield source.edit(module.code, source.line_of(factories[0]), reason)
        return


class DeviceMismatch(Rule):
    categories = ("device.mismatch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _in_forward(diagnosis, workspace)
        for frame, source in user_frames(diagnosis, workspace):
            device = _device_variable(source)
            if device is None:
                continue
            devices = {t.device for t in frame.tensors.values()}
            # with runtime facts, the tensors left on the CPU beside GPU ones; from a traceback, any
            on_wrong_device = {n for n, t in frame.tensors.items() if t.device == "cpu" or len(devices) == 1}
            for call in source.on_line(cst.Call, frame.line):
                for arg in call.args:
                    value = arg.value
                    if not isinstance(value, cst.Name) or (frame.tensors and value.value not in on_wrong_device):
                        continue
                    new = wrap(value.value, f".to({device})")
                    reason = (f"Moved {value.value} to the model's device ({value.value}.to({device})) "
                              f"where it enters {source.code(call.func)}(...)")
                    yield source.edit(source.replaced(value, new), source.line_of(call), reason)
            return

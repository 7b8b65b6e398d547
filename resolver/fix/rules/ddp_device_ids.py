"""## What it does
Passes DDP's `device_ids` (and `output_device`) only where the model is on CUDA: the value gains
`if device.type == "cuda" else None`, with the device the code already names (`device`,
`self.device`), else `if torch.cuda.is_available() else None`.

## Why is this bad?
`ValueError: DistributedDataParallel device_ids and output_device arguments only work with
single-device/multiple-device GPU modules or CPU modules, but got device_ids [0] ...`: `device_ids`
names the CUDA device each rank's replica lives on. A script that falls back to the CPU and gloo
when there is no GPU still wraps its CPU model with the GPU's `device_ids`, which DDP refuses.

## Example
```python
device = torch.device(f"cuda:{rank}" if torch.cuda.is_available() else "cpu")
model = DDP(model.to(device), device_ids=[rank])
```

Use instead:
```python
device = torch.device(f"cuda:{rank}" if torch.cuda.is_available() else "cpu")
model = DDP(model.to(device), device_ids=[rank] if device.type == "cuda" else None)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._checkpoint import device_name, in_scope
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

DDP = {"torch.nn.parallel.DistributedDataParallel", "torch.nn.parallel.distributed.DistributedDataParallel"}
ON_CUDA_ONLY = ("device_ids", "output_device")
WHY = "device_ids names the CUDA device of each rank's replica; a model on the CPU takes none"


def _guarded_devices(source: Source, call: cst.Call) -> tuple[cst.Call, list[str]]:
    """The DDP call with each CUDA-only argument given only where the model is on CUDA, and their names."""
    device = _torch_device(source, source.function_of(call))
    cuda = f'{device}.type == "cuda"' if device else f"{source.torch}.cuda.is_available()"
    args, names = list(call.args), []
    for i, arg in enumerate(args):
        position = i if arg.keyword is None and not arg.star else None
        name = arg.keyword.value if arg.keyword is not None else ON_CUDA_ONLY[position - 1] \
            if position in (1, 2) else None
        if name not in ON_CUDA_ONLY or isinstance(arg.value, cst.IfExp) or source.code(arg.value) == "None":
            continue
        guarded = cst.parse_expression(f"{source.code(arg.value)} if {cuda} else None")
        args[i] = arg.with_changes(value=guarded)
        names.append(name)
    return call.with_changes(args=args), names


def _torch_device(source: Source, function: cst.FunctionDef | None) -> str | None:
    """The name the code binds to its device when every binding in reach is a `torch.device(...)`
    (a string such as "cuda:0" has no `.type`)."""
    name = device_name(source, function)
    if name is None:
        return None
    scope = function if function is not None else source.module
    values = [a.value for a in source.nodes(cst.Assign, lambda a: in_scope(source, a, scope))
              if any(source.code(t.target) == name for t in a.targets)]
    made = {"torch.device"}
    return name if values and all(isinstance(v, cst.Call) and source.calls(v, made) for v in values) else None


class DdpDeviceIds(Rule):
    categories = ("dist.device_ids_cpu",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            if statement is None:
                continue
            for call in source.nodes(cst.Call, lambda c: source.within(c, statement) and source.calls(c, DDP)):
                new, names = _guarded_devices(source, call)
                if names:
                    yield source.edit(source.replaced(call, new), frame.line,
                                      f"Passed {' and '.join(names)} only where the model is on CUDA: {WHY}",
                                      uses_torch=True)
                    return

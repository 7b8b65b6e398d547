"""## What it does
Binds an autocast region or a GradScaler that names CUDA to the device the code itself decides:
`torch.autocast("cuda", ...)` -> `torch.autocast(torch.device(device).type, ...)`, the deprecated
`torch.cuda.amp.autocast(...)` -> `torch.autocast(device.type, ...)` and
`torch.cuda.amp.GradScaler(...)` -> `torch.amp.GradScaler(device.type, ...)`. The device is the
name the surrounding code keeps it in (a `device` parameter or local, `self.device`,
`self.device_type`, a module-level `DEVICE`), spelled `.type` where the code already reads it so.

## Why is this bad?
An autocast region for CUDA does nothing to CPU tensors (on a machine without CUDA it is
disabled with a warning), so a bfloat16 module inside it meets float32 ones with no cast:
`mat1 and mat2 must have the same dtype, but got BFloat16 and Float`. A `torch.cuda.amp.GradScaler`
on such a machine is disabled and saves an empty state, which an enabled scaler then refuses:
`The source state dict is empty, possibly because it was saved from a disabled instance of
GradScaler`. `torch.cuda.amp.*` is deprecated for `torch.amp.*(device_type, ...)` for this
reason. Only when the failing tensors are not on CUDA, and only the region (or the one scaler)
on the failing path, is rewritten.

## Example
```python
def run_epoch(model, loader, device):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            logits = model(x)
```

Use instead:
```python
def run_epoch(model, loader, device):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        with torch.autocast(torch.device(device).type, dtype=torch.bfloat16):
            logits = model(x)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources, user_frames
from resolver.fix.rules._syntax import parameter_names, string
from resolver.write.edits import Edit, Workspace

AUTOCAST = {"torch.autocast", "torch.amp.autocast", "torch.amp.autocast_mode.autocast"}
CUDA_AUTOCAST = {"torch.cuda.amp.autocast", "torch.cuda.amp.autocast_mode.autocast"}
SCALER = {"torch.amp.GradScaler", "torch.GradScaler", "torch.amp.grad_scaler.GradScaler"}
CUDA_SCALER = {"torch.cuda.amp.GradScaler", "torch.cuda.amp.grad_scaler.GradScaler"}
DEVICE_NAME = re.compile(r"^(device|dev|\w+_device|device_type|DEVICE)$")


def _device_slot(source: Source, call: cst.Call) -> cst.Arg | None:
    """The `"cuda"` literal the call is bound by, first positional or `device_type=`/`device=`."""
    for index, arg in enumerate(call.args):
        named = arg.keyword.value if arg.keyword else None
        if (named in ("device_type", "device") or (named is None and index == 0)) and string(arg.value) == "cuda":
            return arg
    return None


def _device(source: Source, node: cst.CSTNode) -> str | None:
    """How the code around the node names its device, as a device-type expression."""
    scope = source.function_of(node)
    candidates = []
    if scope is not None:
        candidates += [n for n in parameter_names(scope) if DEVICE_NAME.match(n)]
        klass = source.enclosing(scope, cst.ClassDef)
        text = source.module.code_for_node(klass if klass is not None else scope)
        candidates += [f"self.{m}" for m in re.findall(r"self\.(\w+)\s*=", text) if DEVICE_NAME.match(m)]
        candidates += [t for t in re.findall(r"^\s*(\w+)\s*=", source.module.code_for_node(scope), re.M)
                       if DEVICE_NAME.match(t)]
    candidates += [t for t in re.findall(r"^(\w+)\s*=", source.text, re.M) if DEVICE_NAME.match(t)]
    if not candidates:
        return None
    name = candidates[0]
    if name.endswith("device_type"):
        return name
    if f"{name}.type" in source.text or re.search(rf"{re.escape(name)}\s*=\s*(\w+\.)?device\(", source.text):
        return f"{name}.type"  # a torch.device already: read as the code reads it
    return f"{source.torch}.device({name}).type"


def _rebound(source: Source, call: cst.Call, device: str, cuda_namespace: bool, kind: str) -> cst.Call:
    device_arg = cst.Arg(cst.parse_expression(device))
    if cuda_namespace:
        func = cst.parse_expression(f"{source.torch}.autocast" if kind == "autocast"
                                    else f"{source.torch}.amp.GradScaler")
        args = [device_arg.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                if call.args else device_arg, *call.args]
        return call.with_changes(func=func, args=args)
    slot = _device_slot(source, call)
    return call.deep_replace(slot.value, cst.parse_expression(device))


class AmpDevice(Rule):
    categories = ("dtype.mismatch", "amp.dtype_mismatch", "amp.scaler_state_empty")
    priority = -3  # the region that does nothing comes before what went wrong inside it

    def matches(self, diagnosis: Diagnosis) -> bool:
        devices = {t.device.split(":")[0] for f in diagnosis.frames if f.user for t in f.tensors.values()}
        return super().matches(diagnosis) and "cuda" not in devices

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if diagnosis.category == "amp.scaler_state_empty":
            found = [(s, c, bool(s.calls(c, CUDA_SCALER))) for s in project_sources(workspace)
                     for c in s.nodes(cst.Call) if s.calls(c, CUDA_SCALER)
                     or (s.calls(c, SCALER) and _device_slot(s, c) is not None)]
            kind = "GradScaler"
        else:
            found = []
            for frame, source in user_frames(diagnosis, workspace):
                for block in source.nodes(cst.With, lambda w: source.positions[w].start.line
                                          <= frame.line <= source.positions[w].end.line):
                    for item in block.items:
                        cuda = source.calls(item.item, CUDA_AUTOCAST)
                        if cuda or (source.calls(item.item, AUTOCAST) and _device_slot(source, item.item)):
                            found.append((source, item.item, cuda))
            kind = "autocast"
        if len({(s.path, s.line_of(c)) for s, c, _ in found}) != 1:
            return
        source, call, cuda_namespace = found[-1]
        device = _device(source, call)
        if device is None:
            return
        new_call = _rebound(source, call, device, cuda_namespace, kind)
        reason = (f"Changed {source.code(call)} to {source.code(new_call)}: the {kind} was bound to CUDA while "
                  f"the code runs on the device it chooses ({device}), where a CUDA {kind} does nothing")
        yield source.edit(source.replaced(call, new_call), source.line_of(call), reason)

"""## What it does
Upcasts the low-precision tensor an operation outside autocast receives beside float32 ones,
with `.float()` where it enters the computation: the loss call in the training loop, not the
loss helper's inside when the helper only passes it on (`balanced_bce(probs, ...)` ->
`balanced_bce(probs.float(), ...)`).

## Why is this bad?
`expected scalar type BFloat16 but found Float`, `Found dtype Float but expected BFloat16`: the
model ran under autocast and returned bfloat16 (or float16) logits; the loss is computed after the
`with torch.autocast(...)` block, where nothing converts, against float32 targets or class
weights. Computing the loss in float32 is what autocast itself would do (losses are on its
float32 list), so the upcast keeps the program's meaning.

## Example
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    logits = model(images)
loss = criterion(logits, targets)  # CrossEntropyLoss(weight=class_weights)
```

Use instead:
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    logits = model(images)
loss = criterion(logits.float(), targets)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, user_frames, wrap
from resolver.fix.rules._syntax import last_name, parameter_names
from resolver.write.edits import Edit, Workspace

LOW = {"bfloat16", "float16"}
CASTS = {"half", "bfloat16"}  # an argument the line itself casts down is not this rule's to undo


def _low_arguments(source: Source, frame: Frame) -> list[tuple[cst.Call, cst.Arg, str]]:
    """(call, argument, low-precision name) for the outermost calls on the line with such an argument."""
    found = []
    for call in source.on_line(cst.Call, frame.line):
        if any(source.within(call, outer) for outer, _, _ in found):
            continue
        for arg in call.args:
            if isinstance(arg.value, cst.Call) and last_name(arg.value.func) in CASTS:
                continue
            low = [n for n in names_in(arg.value) if (t := frame.tensors.get(n)) is not None and t.dtype in LOW]
            if low:
                found.append((call, arg, low[0]))
    return found


def _passed_on(source: Source, frame: Frame, name: str) -> bool:
    """The name is the enclosing function's own parameter: the caller handed the tensor in."""
    statement = source.statement_at(frame.line)
    function = source.function_of(statement) if statement is not None else None
    return function is not None and function.name.value == frame.function and name in parameter_names(function)


class AmpUpcast(Rule):
    categories = ("amp.dtype_mismatch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        callee = None  # the function the frame inside this one runs, once the tensor was passed on
        for frame, source in user_frames(diagnosis, workspace):
            found = _low_arguments(source, frame)
            if callee is not None:
                found = [f for f in found if last_name(f[0].func) == callee]
            if not found:
                return
            call, arg, name = found[0]
            if isinstance(arg.value, cst.Name) or callee is None:
                if _passed_on(source, frame, name):
                    callee = frame.function
                    continue
            upcast = wrap(source.module.code_for_node(arg.value), ".float()")
            reason = (f"Changed {source.code(arg.value)} to {source.code(upcast)}: {name} is "
                      f"{frame.tensors[name].dtype} from the autocast region and meets float32 tensors here, "
                      "outside it; the loss is computed in float32 as autocast would")
            yield source.edit(source.replaced(arg.value, upcast), source.line_of(arg.value), reason)
            return

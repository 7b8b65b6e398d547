"""## What it does
Upcasts the low-precision tensor an operation outside autocast receives beside float32 ones,
with `.float()` where it enters the computation: the loss call in the training loop, not the
loss helper's inside when the helper only passes it on (`balanced_bce(probs, ...)` ->
`balanced_bce(probs.float(), ...)`), or the operand of a matrix product with a float32 buffer
(`feats @ self.prototypes.t()` -> `feats.float() @ self.prototypes.t()`).

## Why is this bad?
`expected scalar type BFloat16 but found Float`, `Found dtype Float but expected BFloat16`,
`expected m1 and m2 to have the same dtype, but got: c10::BFloat16 != float`: the
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

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, user_frames, wrap
from resolver.fix.rules._syntax import last_name, parameter_names
from resolver.write.edits import Edit, Workspace

LOW = {"bfloat16", "float16"}
CASTS = {"half", "bfloat16"}
LOW_IN_MESSAGE = re.compile(r"BFloat16|Half")  # an argument the line itself casts down is not this rule's to undo


def _low_arguments(source: Source, frame: Frame) -> list[tuple[cst.CSTNode, cst.BaseExpression, str]]:
    """(call or `@`, operand, low-precision name) for the outermost calls and matrix products on the
    line with such an operand."""
    found = []
    products = [b for b in source.on_line(cst.BinaryOperation, frame.line)
                if isinstance(b.operator, cst.MatrixMultiply)]
    nodes = [*source.on_line(cst.Call, frame.line), *products]
    for node in sorted(nodes, key=lambda n: (source.positions[n].start.line, source.positions[n].start.column)):
        if any(source.within(node, outer) for outer, _, _ in found):
            continue
        operands = [a.value for a in node.args] if isinstance(node, cst.Call) else [node.left, node.right]
        for operand in operands:
            if isinstance(operand, cst.Call) and last_name(operand.func) in CASTS:
                continue
            low = [n for n in names_in(operand) if (t := frame.tensors.get(n)) is not None and t.dtype in LOW]
            if low:
                found.append((node, operand, low[0]))
    return found


def _passed_on(source: Source, frame: Frame, name: str) -> bool:
    """The name is the enclosing function's own parameter: the caller handed the tensor in."""
    statement = source.statement_at(frame.line)
    function = source.function_of(statement) if statement is not None else None
    return function is not None and function.name.value == frame.function and name in parameter_names(function)


class AmpUpcast(Rule):
    categories = ("amp.dtype_mismatch", "dtype.mismatch")
    priority = 1  # after dtype_contract, which knows the model inputs' own contracts

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(LOW_IN_MESSAGE.search(diagnosis.message))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        callee = None  # the function the frame inside this one runs, once the tensor was passed on
        for frame, source in user_frames(diagnosis, workspace):
            found = _low_arguments(source, frame)
            if callee is not None:
                found = [f for f in found if isinstance(f[0], cst.Call) and last_name(f[0].func) == callee]
            if not found:
                return
            _, operand, name = found[0]
            if (isinstance(operand, cst.Name) or callee is None) and _passed_on(source, frame, name):
                callee = frame.function
                continue
            upcast = wrap(source.module.code_for_node(operand), ".float()")
            reason = (f"Changed {source.code(operand)} to {source.code(upcast)}: {name} is "
                      f"{frame.tensors[name].dtype} from the autocast region and meets float32 tensors here, "
                      "outside it; this step runs in float32 as autocast would run it")
            yield source.edit(source.replaced(operand, upcast), source.line_of(operand), reason)
            return

"""## What it does
Joins a list of tensors with `torch.stack` where `torch.tensor(...)` (or `torch.Tensor`,
`torch.FloatTensor`, `torch.LongTensor`, ...) was handed one.

## Why is this bad?
`only one element tensors can be converted to Python scalars`: the tensor constructors read a
list element by element as Python numbers, so a list whose elements are tensors of several values
cannot be read. `torch.stack` joins them along a new first dimension and keeps their dtype, device
and graph; a dtype the call stated is kept with `.to(...)`.

## Example
```python
embeddings = [encoder(crop) for crop in crops]
batch = torch.tensor(embeddings)
```

Use instead:
```python
batch = torch.stack(embeddings)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

# the constructors that read a list as numbers, and the dtype each one states by its name
CONSTRUCTORS = {"torch.tensor": None, "torch.as_tensor": None, "torch.Tensor": "float",
                "torch.FloatTensor": "float", "torch.DoubleTensor": "double", "torch.LongTensor": "long",
                "torch.IntTensor": "int", "torch.BoolTensor": "bool"}
# an argument that is already numbers, never a list of tensors
NUMBERS = (cst.Integer, cst.Float, cst.SimpleString, cst.Dict, cst.Set)


def _constructor(source: Source, call: cst.Call) -> str | None:
    return next((name for name in CONSTRUCTORS if source.calls(call, {name})), None)


def _stacked(source: Source, call: cst.Call, constructor: str) -> str | None:
    """The `torch.stack(...)` text for the call, or None where the call is not one list argument."""
    positional = [a for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    if len(positional) != 1 or positional[0].star or isinstance(positional[0].value, NUMBERS) \
            or set(keywords) - {"dtype", "device"}:
        return None
    stacked = f"{source.torch}.stack({source.module.code_for_node(positional[0].value)})"
    if CONSTRUCTORS[constructor]:
        stacked += f".{CONSTRUCTORS[constructor]}()"
    moves = [source.module.code_for_node(keywords[k]) for k in ("dtype", "device") if k in keywords]
    return stacked + (f".to({', '.join(moves)})" if moves else "")


class TensorFromTensors(Rule):
    categories = ("tensor.item_non_scalar",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                constructor = _constructor(source, call)
                stacked = constructor and _stacked(source, call, constructor)
                if not stacked:
                    continue
                new = cst.parse_expression(stacked)
                reason = (f"Changed {source.code(call)} to {stacked}: the list holds tensors of several values, "
                          "which the constructor cannot read as numbers; stack joins them")
                yield source.edit(source.replaced(call, new), frame.line, reason, uses_torch=True)
                return
            return  # only the innermost user frame made the value

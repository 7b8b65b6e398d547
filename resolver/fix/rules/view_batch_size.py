"""## What it does
Infers the batch dimension of a view/reshape written with the configured batch size:
`x.view(args.batch_size, n)` becomes `x.view(-1, n)`, and `x.view(BATCH_SIZE, -1)` becomes
`x.view(x.size(0), -1)`. It fires only when the first dimension asked for is the loader's batch
size (a literal equal to it, or a setting named for it: `args.batch_size`, `cfg["batch_size"]`,
`self.batch_size`, `BATCH_SIZE`), the tensor's own rows are fewer, the other dimensions account
for every element of the tensor, and those rows are a short batch the run was on (the model's input,
or a tensor without a graph in the user frames up to the view, has exactly that many rows). A first dimension that is
not the batch (`view(seq_len, batch, d)`), a view whose other dimensions are wrong too, rows that no
batch had (a full batch, the wrong axis taken upstream) or a module's own parameter or buffer
(`self.bank.view(8, -1)`) gets nothing.

## Why is this bad?
`shape '[32, 10]' is invalid for input of size 80`: a loader gives a smaller last batch when the
dataset's size is not a multiple of the batch size (and smoke runs, evaluation loaders or a single
sample give other sizes), so a view that names the configured size breaks on it.

## Example
```python
for data, targets in loader:  # DataLoader(dataset, batch_size=args.batch_size)
    scores = net(data).view(args.batch_size, args.num_classes)
```

Use instead:
```python
for data, targets in loader:
    scores = net(data).view(-1, args.num_classes)
```
"""

from __future__ import annotations

import math
import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import method_call, user_frames
from resolver.fix.rules._syntax import string
from resolver.write.edits import Edit, Workspace

SHAPE = re.compile(r"shape '\[([-\d, ]*)\]' is invalid for input of size (\d+)")
WEIGHTS = frozenset({"weight", "bias", "data", "running_mean", "running_var"})
BATCH_WORD = re.compile(r"(^|_)(batch(_?size)?|bs|bsz)$", re.IGNORECASE)


class ViewBatchSize(Rule):
    categories = ("shape.view_invalid",)

    def matches(self, diagnosis: Diagnosis) -> bool:
        return (super().matches(diagnosis) and diagnosis.loader is not None
                and diagnosis.loader.batch_size is not None and SHAPE.search(diagnosis.message) is not None)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = SHAPE.search(diagnosis.message)
        asked = [int(d) for d in found[1].replace(" ", "").split(",") if d]
        size = int(found[2])
        batch = diagnosis.loader.batch_size
        if len(asked) < 2 or asked[0] != batch or asked.count(-1) > 1:
            return
        for frame, source in user_frames(diagnosis, workspace):
            views = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "view", "reshape")]
            if not views:
                continue
            for call in views:
                dims = _dimensions(call)
                if dims is None or len(dims) != len(asked) or not _names_batch(dims[0], batch):
                    continue
                rows = _rows(frame, source.code(call.func.value))
                if not _rest_accounts(asked, size, rows) or _weights(source, call.func.value):
                    continue
                inferred = rows if -1 in asked else size // math.prod(d for d in asked[1:] if d != -1)
                if inferred not in _short_batches(diagnosis, frame, source.code(call.func.value), batch):
                    continue  # no batch of that many rows was seen: the tensor's rows are not a batch's
                if -1 in asked:  # another dimension is inferred: the batch is the tensor's own rows
                    receiver = call.func.value
                    if not isinstance(receiver, (cst.Name, cst.Attribute)):
                        continue
                    new = cst.parse_expression(f"{source.code(receiver)}.size(0)")
                else:
                    new = cst.parse_expression("-1")
                new_call = call.deep_replace(dims[0], new)
                reason = (f"Changed {source.code(call)} to {source.code(new_call)}: {source.code(dims[0])} is the "
                          f"configured batch size ({batch}), but a batch can hold fewer rows (the last one, when the "
                          "dataset's size is not a multiple of it); the other dimensions hold the rest")
                yield source.edit(source.replaced(call, new_call), source.line_of(call), reason)
            return  # the innermost frame with a view is the one that raised


def _dimensions(call: cst.Call) -> list[cst.BaseExpression] | None:
    """The shape's expressions: `view(a, b)` or `view((a, b))`; None with keywords or a star."""
    if any(a.keyword is not None or a.star for a in call.args):
        return None
    values = [a.value for a in call.args]
    if len(values) == 1 and isinstance(values[0], (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in values[0].elements):
            return None
        values = [e.value for e in values[0].elements]
    return values


def _names_batch(node: cst.BaseExpression, batch: int) -> bool:
    """A literal equal to the batch size, or a name, attribute or key that says batch size."""
    if isinstance(node, cst.Integer):
        return int(node.value, 0) == batch
    if isinstance(node, cst.Name):
        return bool(BATCH_WORD.search(node.value))
    if isinstance(node, cst.Attribute):
        return bool(BATCH_WORD.search(node.attr.value))
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        key = string(node.slice[0].slice.value)
        return key is not None and bool(BATCH_WORD.search(key))
    return False


def _short_batches(diagnosis: Diagnosis, frame, receiver: str, batch: int) -> set[int]:
    """The rows of the batches the run was on, where fewer than the batch size: the model's input, and
    the tensors without a graph (what a loader gives) in the user frames from the outermost to the one
    that raised, the viewed tensor aside."""
    seen = set()
    if diagnosis.modules and diagnosis.modules[0].inputs and diagnosis.modules[0].inputs[0] is not None:
        seen.add(diagnosis.modules[0].inputs[0].shape[:1])
    frames = diagnosis.frames[:diagnosis.frames.index(frame) + 1] if frame in diagnosis.frames else ()
    seen.update(t.shape[:1] for f in frames if f.user for name, t in f.tensors.items()
                if not t.requires_grad and (f is not frame or name != receiver))
    return {shape[0] for shape in seen if shape and 0 < shape[0] < batch}


def _weights(source, receiver: cst.BaseExpression, seen: frozenset = frozenset()) -> bool:
    """The viewed tensor is a module's own (a parameter or buffer): `self.bank`, `fc.weight`, or a
    name the function binds to one. Its rows are not a batch's."""
    if isinstance(receiver, cst.Name) and receiver.value not in seen:
        function = source.function_of(receiver)
        bound = [a.value for a in source.nodes(cst.Assign) if len(a.targets) == 1
                 and isinstance(a.targets[0].target, cst.Name) and a.targets[0].target.value == receiver.value
                 and source.function_of(a) is function]
        return any(_weights(source, value, seen | {receiver.value}) for value in bound)
    if isinstance(receiver, cst.Attribute):
        root = receiver
        while isinstance(root, cst.Attribute):
            root = root.value
        return (isinstance(root, cst.Name) and root.value == "self") or receiver.attr.value in WEIGHTS
    return False


def _rows(frame, receiver: str) -> int | None:
    """The viewed tensor's first dimension, when the frame holds it under that name."""
    tensor = frame.tensors.get(receiver)
    return tensor.shape[0] if tensor is not None and tensor.shape else None


def _rest_accounts(asked: list[int], size: int, rows: int | None) -> bool:
    """The other dimensions hold every element of a batch with fewer rows than asked for."""
    rest = [d for d in asked[1:] if d != -1]
    per_row = math.prod(rest)
    if per_row <= 0 or size % per_row:
        return False
    if -1 in asked:  # the inferred dimension takes what is left: the tensor's own rows must be known
        return rows is not None and 0 < rows < asked[0] and size % rows == 0 and (size // rows) % per_row == 0
    inferred = size // per_row
    return 0 < inferred < asked[0] and (rows is None or rows == inferred)

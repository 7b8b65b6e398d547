"""## What it does
Builds a recurrent layer with `batch_first=True` where the code gives it batch-first input: the
input's first dimension is the batch its initial state was built for (`torch.zeros(1, x.size(0),
hidden)`), the layer, built without batch_first, reads the second dimension (the sequence) as the
batch, and nothing in the function reads the output time-major. The layer is changed where it is
built (`self.lstm = nn.LSTM(...)`), when its one call is the failing one. Nothing is proposed when
the function reads the output by time step first (`out[-1]`, `out[t]`), swaps or reduces its first
dimension (`out.transpose(0, 1)`, `out.mean(0)`), packs sequences, or when batch_first is set from
a setting.

## Why is this bad?
`Expected hidden[0] size (1, 60, 32), got [1, 32, 32]`: without batch_first an RNN takes
`(seq_len, batch, features)`, so a batch of 32 sequences of 60 steps is read as 60 sequences of 32
steps. Building the state for 60 would make the error go away and train on time steps as if they
were samples; the state and the input agree on what the batch is, the layer does not.

## Example
```python
self.lstm = nn.LSTM(input_size=EMBEDSIZE, hidden_size=NUMHIDDEN)
...
embeds = self.embedding(x)  # (batch, seq_len, embed)
h0 = torch.zeros(1, x.size(0), NUMHIDDEN)
out, (h_n, c_n) = self.lstm(embeds, (h0, c0))
```

Use instead:
```python
self.lstm = nn.LSTM(input_size=EMBEDSIZE, hidden_size=NUMHIDDEN, batch_first=True)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, keyword_given, user_frames
from resolver.fix.rules._syntax import argument, attribute_assignments, last_name, read_names, self_attribute
from resolver.fix.rules.rnn_state_batch import batch_first_input
from resolver.write.edits import Edit, Workspace

RECURRENT = {"torch.nn.LSTM", "torch.nn.GRU", "torch.nn.RNN"}
PACKING = ("pack_padded_sequence", "pad_packed_sequence", "pack_sequence", "pad_sequence")
DIMENSIONED = ("transpose", "permute", "mean", "sum", "max", "min", "amax", "amin", "argmax", "softmax", "log_softmax",
               "cumsum", "logsumexp")
ORDER_ZERO = ("unbind", "split", "chunk", "flip")


class RnnBatchFirst(Rule):
    categories = ("shape.rnn_state_batch",)
    priority = -1  # before rnn_state_batch: a state built for the input's own batch is right, the layer is not

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                layer = self_attribute(call.func)
                if argument(call, 0, "input") is None or argument(call, 1, "hx") is None or layer is None:
                    continue
                seen = batch_first_input(diagnosis, frame, source, call)
                edit = _batch_first(source, call, layer, "x".join(map(str, seen.shape))) if seen else None
                if edit is not None:
                    yield edit
                return


def _batch_first(source: Source, call: cst.Call, layer: str, shape: str) -> Edit | None:
    klass, function = source.enclosing(call, cst.ClassDef), source.function_of(call)
    if klass is None or function is None:
        return None
    built = attribute_assignments(source, klass, layer)
    if len(built) != 1 or not isinstance(built[0][0], cst.Call) or built[0][1] \
            or not source.calls(built[0][0], RECURRENT):
        return None
    constructor = built[0][0]
    flag = keyword_given(constructor, "batch_first")
    if flag is not None and not (isinstance(flag.value, cst.Name) and flag.value.value == "False"):
        return None  # set from a setting: the setting is the user's
    calls = [c for c in source.nodes(cst.Call, lambda c: source.within(c, klass)) if self_attribute(c.func) == layer]
    if calls != [call] or not _read_batch_first(source, function, call):
        return None
    if flag is None:
        new = constructor.with_changes(args=[*constructor.args, keyword_arg("batch_first", "True")])
    else:
        new = constructor.with_changes(args=[a if a is not flag else a.with_changes(value=cst.Name("True"))
                                             for a in constructor.args])
    spelled = source.code(constructor.func)
    return source.edit(source.replaced(constructor, new), source.line_of(constructor),
                       f"Built self.{layer} ({spelled}) with batch_first=True: it gets batch-first input ({shape}, the "
                       "batch its initial state was built for first), and without batch_first it read the sequence "
                       "length as the batch")


def _read_batch_first(source: Source, function: cst.FunctionDef, call: cst.Call) -> bool:
    """The output (the first of the RNN's results) is read only in ways that hold for batch-first:
    not by time step first, not swapped or reduced over its first dimension, no sequence packing."""
    if any(source.code(n.func).endswith(PACKING) for n in source.nodes(cst.Call, lambda n: source.within(n, function))):
        return False
    assign = source.parents.get(call)
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
        return False
    target = assign.targets[0].target
    if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(target.elements[0].value, cst.Name):
        return False
    output = target.elements[0].value.value
    for name in read_names(function):
        if name.value == output and source.line_of(name) > source.line_of(call) and _read_time_major(source, name):
            return False
    return True


def _read_time_major(source: Source, name: cst.Name) -> bool:
    """`out[-1]`, `out[t]`; `out.transpose(0, 1)`, `out.mean(0)`, `torch.sum(out, dim=0)`; `out.unbind()`,
    `out.split(k)`, `out.chunk(k)` (dimension 0 unless told): the output read by its first dimension."""
    parent = source.parents.get(name)
    if isinstance(parent, cst.Subscript) and parent.value is name:
        first = parent.slice[0].slice
        return not (isinstance(first, cst.Slice) and first.lower is None and first.upper is None)
    if isinstance(parent, cst.Attribute) and parent.value is name:
        call, method, rest = source.parents.get(parent), parent.attr.value, 0
    elif isinstance(parent, cst.Arg):
        call = source.parents.get(parent)
        method = last_name(call.func) if isinstance(call, cst.Call) else None
        rest = 1 if isinstance(call, cst.Call) and call.args and call.args[0] is parent else None
    else:
        return False
    if not isinstance(call, cst.Call) or rest is None or method not in DIMENSIONED + ORDER_ZERO:
        return False
    if method in ORDER_ZERO:
        return True
    named = ("dim", "dim0", "dim1", "dims")
    dims = [a.value for a in call.args[rest:] if a.keyword is None or a.keyword.value in named]
    if any(not isinstance(d, cst.Integer) for d in dims):
        return True  # a dimension given by a name or a tuple: not read here
    return any(d.evaluated_value == 0 for d in dims) or method in ("permute", "transpose") and not dims

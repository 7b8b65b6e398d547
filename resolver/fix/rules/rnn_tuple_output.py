"""## What it does
Takes the output tensor of an RNN or attention module's `(output, state)` tuple where it is
used as a tensor: unpacked where it is assigned (`out, _ = self.lstm(x)`), or `[0]` on a call
used inline.

## Why is this bad?
`'tuple' object has no attribute 'size'`, `must be Tensor, not tuple`, `tuple indices must be
integers or slices, not tuple`: nn.LSTM, nn.GRU, nn.RNN, nn.MultiheadAttention and
`pad_packed_sequence` return a tuple. A tuple from the project's own code is its author's to
pick from: nothing is proposed.

## Example
```python
out = self.gru(x)
return self.head(out[:, -1])
```

Use instead:
```python
out, _ = self.gru(x)
return self.head(out[:, -1])
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

# modules and functions that return a tuple whose first item is the tensor people expect
TUPLE_RETURNING = {"LSTM", "GRU", "RNN", "MultiheadAttention", "pad_packed_sequence"}


def _tuple_assignments(source: Source, line: int) -> Iterator[Edit]:
    """A name on the failing line holds the tuple of an RNN call: unpack it where it is assigned;
    an RNN call used inline gets `[0]`."""
    statement = source.statement_at(line)
    function = statement and source.enclosing(statement, cst.FunctionDef)
    if function is None:
        return
    returns_tuple = _tuple_callees(source, function)
    for call in source.on_line(cst.Call, line):
        for arg in call.args:
            if isinstance(arg.value, cst.Call) and source.code(arg.value.func) in returns_tuple:
                reason = f"Took the output tensor of {source.code(arg.value.func)}(...) ([0]): it returns a tuple"
                new = cst.parse_expression(f"{source.module.code_for_node(arg.value)}[0]")
                yield source.edit(source.replaced(arg.value, new), line, reason)
                return
    used = {n.value for n in source.on_line(cst.Name, line)}
    line_start = source.line_of(statement)
    assigned = [a for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is function
                and source.line_of(a) < line_start and len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name)
                and a.targets[0].target.value in used and isinstance(a.value, cst.Call)
                and source.code(a.value.func) in returns_tuple]
    if not assigned:
        return
    assign = max(assigned, key=source.line_of)
    name = assign.targets[0].target.value
    target = cst.Tuple([cst.Element(cst.Name(name)), cst.Element(cst.Name("_"))], lpar=[], rpar=[])
    new = assign.with_changes(targets=[assign.targets[0].with_changes(target=target)])
    reason = (f"Unpacked {source.code(assign.value.func)}(...) into `{name}, _`: it returns (output, state), "
              f"and {name} was used as the output tensor")
    yield source.edit(source.replaced(assign, new), source.line_of(assign), reason)


def _tuple_callees(source: Source, function: cst.FunctionDef) -> set[str]:
    """Callee spellings in this class that return a tuple: `self.lstm` when __init__ built an
    nn.LSTM there, and the tuple-returning functions by name."""
    callees = set()
    owner = source.enclosing(function, cst.ClassDef)
    for assign in source.nodes(cst.Assign, lambda a: owner is not None and source.enclosing(a, cst.ClassDef) is owner):
        target = assign.targets[0].target
        if isinstance(target, cst.Attribute) and isinstance(assign.value, cst.Call):
            if source.code(assign.value.func).rsplit(".", 1)[-1] in TUPLE_RETURNING:
                callees.add(source.code(target))
    for call in source.nodes(cst.Call):
        if source.code(call.func).rsplit(".", 1)[-1] in TUPLE_RETURNING and source.code(call.func)[:1].islower():
            callees.add(source.code(call.func))
    return callees


class RnnTupleOutput(Rule):
    categories = ("module.tuple_output",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            yield from _tuple_assignments(source, frame.line)

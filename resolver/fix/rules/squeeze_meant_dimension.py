"""## What it does
Names the dimension of a bare `squeeze()` whose input, in the failing run, held a batch of one and
exactly one other dimension of size one, when a later op asks for a dimension the squeezed values no
longer have (`Dimension out of range`): `gate.squeeze()` on `[batch, 1]` becomes `gate.squeeze(1)`.
The squeeze is looked for where the failing line's values were made: in its function, or in the
function that called it by name and passed them (collected in a list with `+=`, `append`, or assigned;
a submodule's forward, called through its module, is not followed). Nothing when the input had more
ones (which of them is meant is unknown), when its first dimension may not be the batch (unpacked or
indexed out of a module call's tuple, such as an RNN's state, which `batch_first=True` does not
reorder; a project module holding a sequence-first one; a reordering), when the squeeze is in a helper
called from more than one place (another caller's layout may put the one elsewhere), or when no other
tensor of the run shows a batch of one.

## Why is this bad?
`squeeze()` drops every dimension of size one. The code means the one that is one by construction (a
single gate logit, one channel), but when a batch holds one sample (the last batch of a split, one
utterance at inference) the batch goes too, and an op further on (`stack(...).transpose(0, 1)`,
`x[:, 0]`) finds a dimension missing. A fixed batch size hides it; naming the dimension does not.

## Example
```python
for step in range(steps):
    gate = self.gate_layer(hidden)      # [batch, 1]
    gates.append(gate.squeeze())
gates = torch.stack(gates).transpose(0, 1)
```

Use instead:
```python
    gates.append(gate.squeeze(1))
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, user_frames
from resolver.fix.rules._syntax import bare_squeeze, last_name, squeezed_with_dim
from resolver.write.edits import Edit, Workspace

FRAMES = 3  # the failing function and the callers that passed it the values
# modules whose output may put the batch second (an RNN's h_n is [layers, batch, ...] even with batch_first=True)
SEQUENCE_FIRST = {"RNN", "LSTM", "GRU", "Transformer", "TransformerEncoder", "TransformerDecoder", "MultiheadAttention"}
REORDERING = ("permute", "transpose", "t", "swapaxes", "swapdims", "movedim", "moveaxis")


def _read_names(source: Source, statement: cst.CSTNode) -> set[str]:
    return {n.value for n in source.nodes(cst.Name, lambda n: source.within(n, statement))
            if not source.is_attribute_name(n)}


def _passed(source: Source, statement: cst.CSTNode, callee: cst.FunctionDef, carried: set[str]) -> set[str]:
    """The caller's names passed (by position or keyword) as the callee's parameters in `carried`."""
    params = [p.name.value for p in callee.params.params]
    if params and params[0] == "self":
        params = params[1:]
    names = set()
    for call in source.nodes(cst.Call, lambda c: source.within(c, statement)):
        if last_name(call.func) != callee.name.value:
            continue
        for position, arg in enumerate(call.args):
            param = arg.keyword.value if arg.keyword is not None else (params[position] if position < len(params)
                                                                       else None)
            if param in carried and isinstance(arg.value, cst.Name):
                names.add(arg.value.value)
    return names


def _sink(source: Source, squeeze: cst.Call) -> str | None:
    """The name the squeezed value is kept in: `xs += [s]`, `xs.append(s)`, `x = s`."""
    node = squeeze
    while node in source.parents:
        parent = source.parents[node]
        if isinstance(parent, cst.AugAssign) and isinstance(parent.target, cst.Name):
            return parent.target.value
        targets = parent.targets if isinstance(parent, cst.Assign) else ()
        if len(targets) == 1 and isinstance(targets[0].target, cst.Name):
            return targets[0].target.value
        if isinstance(parent, cst.Call) and method_call(parent, "append") and isinstance(parent.func.value, cst.Name):
            return parent.func.value.value
        if not isinstance(parent, (cst.List, cst.Element, cst.Arg)):
            return None
        node = parent
    return None


def _meant(frame: Frame, operand: str) -> int | None:
    """The one dimension of size one besides the batch (dimension 0) in the operand's observed shape."""
    tensor = frame.tensors.get(operand)
    ones = [i for i, n in enumerate(tensor.shape) if n == 1] if tensor is not None else []
    return ones[1] if len(ones) == 2 and ones[0] == 0 else None


def _batch_of_one(diagnosis: Diagnosis, operand: str) -> bool:
    """Another tensor of the run holds a batch of one: first dimension 1, some other dimension larger."""
    return any(name != operand and len(t.shape) >= 2 and t.shape[0] == 1 and max(t.shape[1:]) > 1
               for f in diagnosis.frames if f.user for name, t in f.tensors.items())


def _batch_first(tracer: Tracer, source: Source, operand: cst.BaseExpression, frame: Frame) -> bool:
    """Not taken from a reordering, from an element of a module call's tuple (`_, h_n = self.gru(x)`,
    `_, h = self.encoder(x)`), or from a sequence-first module or a project module that holds one."""
    steps = tracer.chain(source, operand, frame)
    for step, after in zip(steps, steps[1:] + [None]):
        node = step.node
        if method_call(node, *REORDERING) or isinstance(node, cst.Attribute) and node.attr.value in ("T", "mT"):
            return False
        if not isinstance(node, cst.Call):
            continue
        if step.path and (after is None or after.role != "returned"):
            return False  # an element of a result the trail could not enter: its layout is unknown
        if isinstance(node.func, cst.Attribute) and _sequence_first(tracer, step.source, node.func.attr.value):
            return False
    return True


def _built(source: Source, attribute: str) -> Iterator[str]:
    """The class names `self.<attribute>` is built from in the file."""
    for assign in source.nodes(cst.Assign):
        target = assign.targets[0].target if len(assign.targets) == 1 else None
        if isinstance(target, cst.Attribute) and target.attr.value == attribute and isinstance(assign.value, cst.Call):
            name = last_name(assign.value.func)
            if name is not None:
                yield name


def _sequence_first(tracer: Tracer, source: Source, attribute: str) -> bool:
    """`self.<attribute>` is a sequence-first module, or a project module whose own attributes include one
    (a wrapper's output layout is unknown)."""
    for name in _built(source, attribute):
        if name in SEQUENCE_FIRST:
            return True
        for where in tracer.project_sources():
            for klass in where.nodes(cst.ClassDef, lambda c: c.name.value == name):
                if any(last_name(a.value.func) in SEQUENCE_FIRST for a in where.nodes(
                        cst.Assign, lambda a: where.within(a, klass) and isinstance(a.value, cst.Call))):
                    return True
    return False


def _shared(tracer: Tracer, function: cst.FunctionDef) -> bool:
    """The function is called from more than one place in the project (by name; a forward runs through
    its module's calls, which are not counted)."""
    name = function.name.value
    if name in ("forward", "__call__"):
        return False
    calls = sum(1 for where in tracer.project_sources()
                for _ in where.nodes(cst.Call, lambda c: last_name(c.func) == name))
    return calls > 1


class SqueezeMeantDimension(Rule):
    categories = ("shape.dim_out_of_range",)
    priority = 1  # after squeeze_batch_of_one, which drops a squeeze that made a model's output

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        tracer, carried, callee = Tracer(diagnosis, workspace), set(), None
        for depth, (frame, source) in enumerate(user_frames(diagnosis, workspace)):
            statement = source.statement_at(frame.line)
            scope = source.function_of(statement) if statement is not None else None
            if depth == FRAMES or scope is None:
                return
            carried = _read_names(source, statement) if depth == 0 else _passed(source, statement, callee, carried)
            for call in source.nodes(cst.Call, lambda c: source.within(c, scope)):
                if bare_squeeze(source, call) is None or _sink(source, call) not in carried \
                        or source.line_of(call) >= frame.line:
                    continue
                operand = call.args[0].value if call.args else call.func.value
                dim = _meant(frame, source.code(operand))
                if dim is None or not _batch_of_one(diagnosis, source.code(operand)) \
                        or not _batch_first(tracer, source, operand, frame) or _shared(tracer, scope):
                    continue
                named = squeezed_with_dim(call, dim)
                reason = (f"Changed {source.code(call)} to {source.code(named)}: {source.code(operand)} was "
                          f"[batch, ...] with a batch of one and dimension {dim} of size one; a bare squeeze() also "
                          "dropped the batch, which a later op needs")
                yield source.edit(source.replaced(call, named), source.line_of(call), reason)
                return
            callee = scope

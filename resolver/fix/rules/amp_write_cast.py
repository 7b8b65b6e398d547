"""## What it does
Casts the value an in-place write puts into a tensor to that tensor's dtype, at the write:
`buf.index_add_(0, idx, m)` -> `buf.index_add_(0, idx, m.to(buf.dtype))`, and likewise for
`index_copy_`, `index_reduce_`, `masked_scatter`, `scatter`/`scatter_add`/`scatter_reduce`,
`index_put_`, `buf[idx] = value` and the moving averages of `lerp_` (`ema.lerp_(live, 1 - d)`
-> `ema.lerp_(live.to(ema.dtype), 1 - d)`, or its tensor `weight` when the message names it),
as methods or as `torch.index_add(buf, ...)`. Lists moved with `torch._foreach_lerp_(shadow, live, w)`
get each value cast to its destination's dtype,
`[p.to(e.dtype) for e, p in zip(shadow, live)]`, where the value list is bound after the
destinations in the same function (`live = list(model.parameters())`), else at the write. Only
floating dtypes are reconciled: an integer destination that receives floats is a design error,
not a cast, and nothing is proposed. Nor is a low-precision destination the program never asked
for (no line outside its autocast names bfloat16 or float16): a buffer made lazily under autocast
is low by accident, and casting the float32 value down would keep the accident.

## Why is this bad?
`index_add_(): self (Float) and source (BFloat16) must have the same scalar type`, `Index put
requires the source and destination dtypes match`, ``expected dtype c10::BFloat16 for `end` but
got dtype float``: under autocast a Linear or a matmul returns
bfloat16 (or float16), while a buffer made with `torch.zeros(...)`, a registered queue or a
parameter stays float32; an EMA shadow kept in bfloat16 meets the live float32 weights.
Autocast converts the inputs of the ops it knows; an in-place write is not one of them. The
destination's dtype is the contract: it is what the rest of the code reads, and in float32 it
keeps the accumulation exact.

## Example
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    keys = encoder(images)
    self.queue.index_copy_(0, idx, keys)
```

Use instead:
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    keys = encoder(images)
    self.queue.index_copy_(0, idx, keys.to(self.queue.dtype))
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._project import names_low_dtype_besides_autocast
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, user_frames, wrap
from resolver.fix.rules._syntax import last_name, latest_binding
from resolver.write.edits import Edit, Workspace

# method -> (position, keyword) of the value written into the receiver
WRITES = {"index_add_": (2, "source"), "index_add": (2, "source"), "index_copy_": (2, "source"),
          "index_copy": (2, "source"), "index_reduce_": (2, "source"), "index_reduce": (2, "source"),
          "masked_scatter_": (1, "source"), "masked_scatter": (1, "source"), "scatter_": (2, "src"),
          "scatter": (2, "src"), "scatter_add_": (2, "src"), "scatter_add": (2, "src"),
          "scatter_reduce_": (2, "src"), "scatter_reduce": (2, "src"), "index_put_": (1, "values"),
          "index_put": (1, "values"), "lerp_": (0, "end"), "lerp": (0, "end")}
# torch.<function>(destination, ...): the same writes, out of place (the value one position later)
FUNCTIONS = {f"torch.{name}" for name in WRITES if not name.endswith("_")}
# torch._foreach_<op>(destinations, values, ...): lists of tensors, the value list second
FOREACH = {"torch._foreach_lerp_": "tensors1"}  # _foreach_copy_ and _foreach_add_ convert: no error
LOW_DESTINATION = re.compile(r"expected dtype (?:c10::)?(BFloat16|Half) for|\((BFloat16|Half)\) and source")
FLOATING = {"Float", "Double", "Half", "BFloat16", "float32", "float64", "float16", "bfloat16", "float", "double"}
NAMED_DTYPES = re.compile(r"\((\w+)\) and source \((\w+)\)|\(self\) (\w+) and \(source\) (\w+)"
                          r"|but got ?(\w+) and (\w+)|got (\w+) for the destination and (\w+) for the source"
                          r"|expected dtype (?:c10::)?(\w+) for `\w+` but got dtype (?:c10::)?(\w+)")
WEIGHT = re.compile(r"for `weight` but got")  # lerp's tensor weight, not its end, has the other dtype


def _floating_pair(diagnosis: Diagnosis, frame: Frame, destination: str, value: str) -> bool:
    """Both sides are floating: from the message where it names them, else from the frame's tensors."""
    match = NAMED_DTYPES.search(diagnosis.message)
    if match:
        return all(dtype in FLOATING for dtype in match.groups() if dtype)
    tensors = [frame.tensors.get(name) for name in (destination, value)]
    return all(t is None or t.dtype in FLOATING for t in tensors)


def _plain(node: cst.BaseExpression) -> bool:
    """An expression cheap and safe to name twice (`buf`, `self.queue`, `bank[k]`)."""
    return isinstance(node, cst.Name) or (isinstance(node, (cst.Attribute, cst.Subscript)) and _plain(node.value))


def _written(method: str, weight: bool) -> tuple[int, str]:
    """(position, keyword) of the value the method writes: lerp's `weight` when the message names it."""
    return (1, "weight") if weight and method.startswith("lerp") else WRITES[method]


def _writes(source: Source, line: int, weight: bool = False) \
        -> Iterator[tuple[cst.CSTNode, cst.BaseExpression, cst.BaseExpression]]:
    """(the value's node, the destination, the value) for each write in the statement on the line."""
    for call in source.on_line(cst.Call, line):
        function = next(iter(source.qualified_names(call.func) & FUNCTIONS), None)
        foreach = next(iter(source.qualified_names(call.func) & set(FOREACH)), None)
        if foreach is not None and not weight:  # torch._foreach_lerp_(shadow, live, 1 - d)
            destination, arg = argument(call, 0, "self"), argument(call, 1, FOREACH[foreach])
            if destination is not None and arg is not None and _plain(destination.value):
                yield arg.value, destination.value, None
        elif function is not None:  # torch.index_add(buf, 0, idx, m)
            position, keyword = _written(function.removeprefix("torch."), weight)
            destination, arg = argument(call, 0, "input"), argument(call, position + 1, keyword)
            if destination is not None and arg is not None and _plain(destination.value):
                yield arg.value, destination.value, arg.value
        elif isinstance(call.func, cst.Attribute) and call.func.attr.value in WRITES:
            arg = argument(call, *_written(call.func.attr.value, weight))
            if arg is not None and _plain(call.func.value):
                yield arg.value, call.func.value, arg.value
    statement = source.statement_at(line)
    for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
        if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                and isinstance(small.targets[0].target, cst.Subscript) and _plain(small.targets[0].target.value):
            yield small.value, small.targets[0].target.value, small.value


class AmpWriteCast(Rule):
    categories = ("amp.write_dtype",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            writes = list(_writes(source, frame.line, bool(WEIGHT.search(diagnosis.message))))
            for node, destination, value in writes:
                if LOW_DESTINATION.search(diagnosis.message) and not names_low_dtype_besides_autocast(workspace):
                    return  # a low-precision destination the program never asked for: autocast made it so
                if value is None:  # lists of tensors, each cast to its destination's dtype
                    if NAMED_DTYPES.search(diagnosis.message) and _floating_pair(diagnosis, frame, "", ""):
                        yield _foreach_cast(source, frame, node, destination)
                    return
                into, what = source.code(destination), source.code(value)
                if not _floating_pair(diagnosis, frame, into, what):
                    return
                cast = wrap(source.module.code_for_node(value), f".to({into}.dtype)")
                reason = (f"Changed {what} to {source.code(cast)}: the value is written into {into}, which keeps "
                          "its own dtype (autocast does not convert a write)")
                yield source.edit(source.replaced(node, cast), source.line_of(node), reason)
                return
            if writes:
                return


def _foreach_cast(source: Source, frame: Frame, values: cst.BaseExpression, destinations: cst.BaseExpression) -> Edit:
    """`[p.to(e.dtype) for e, p in zip(<destinations>, <values>)]`: where the value list is bound in this
    function after the destinations (`live = list(model.parameters())` -> from `model.parameters()`),
    when the binding runs as often as the write (in the same loop) and nothing else reads the list (a
    cast to another dtype is a copy: bound once before the loop, the lerp would chase the first
    weights forever, and a clip or an optimizer given the list would get copies); else at the write."""
    into = source.code(destinations)
    function = source.function_of(values)
    bound = latest_binding(source, function, values.value, frame.line) if isinstance(values, cst.Name) else None
    made = latest_binding(source, function, into, frame.line) if isinstance(destinations, cst.Name) else None
    node = values
    if bound is not None and bound[0] is not None and bound[1] == () and bound[2] is None \
            and made is not None and made[0] is not None and source.line_of(made[0]) < source.line_of(bound[0]) \
            and source.loop_of(bound[0]) is source.loop_of(values) \
            and len(source.nodes(cst.Name, lambda n: n.value == values.value
                                 and source.within(n, function or source.module))) <= 2:
        node = bound[0]
        if isinstance(node, cst.Call) and last_name(node.func) == "list" and len(node.args) == 1:
            values = node.args[0].value  # `list(model.parameters())`: zip takes the iterable itself
        else:
            values = node
    cast = cst.parse_expression(f"[p.to(e.dtype) for e, p in zip({into}, {source.module.code_for_node(values)})]")
    return source.edit(source.replaced(node, cast), source.line_of(node),
                       f"Cast each tensor written into {into} to its dtype: the lists are written in place "
                       f"into tensors that keep their own dtype")

"""## What it does
Repairs an in-place op that writes a float result into an integer tensor, by which of the two
the code means to be integer. The probe names the dtypes of the names on the failing line:
- a clamp of integer indices (`gj.clamp_(0, gain[3] - 1)`) given a float bound: the bound is cast
  to the indices' dtype at the call (`.long()` for a tensor, `int(...)` for a Python number);
- an update added, subtracted or scaled into a module's state (`for k, v in
  model.state_dict().items(): v.add_(delta)`), which holds integer buffers such as BatchNorm's
  `num_batches_tracked`: the update is cast to the entry's dtype (`delta.to(v.dtype)`);
- a tensor integer only because of what it was made from: an integer literal (`torch.tensor(0)`,
  `torch.full(n, 1)`), an integer tensor it was made like (`torch.zeros_like(labels)`), or image
  bytes converted from numpy (a uint8 `torch.from_numpy(frame)` normalized in place by `sub_`,
  `div_`): it is made float where it is made.
An integer tensor whose dtype the code states (`dtype=torch.long`, `.long()`) and that takes a
float update is left alone: casting the update would truncate values the author may mean to
keep, and making the tensor float would overturn a stated choice.

## Why is this bad?
`result type Float can't be cast to the desired output type Long`: an in-place op keeps its
target's dtype, and PyTorch refuses to truncate a float result into an integer tensor silently.

## Example
```python
gj, gi = (gxy - offsets).long().T
indices.append((gj.clamp_(0, gain[3] - 1), gi.clamp_(0, gain[2] - 1)))
```

Use instead:
```python
gj, gi = (gxy - offsets).long().T
indices.append((gj.clamp_(0, (gain[3] - 1).long()), gi.clamp_(0, (gain[2] - 1).long())))
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import swapped
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, inplace_call, keyword_arg, names_in, user_frames, wrap
from resolver.fix.rules._syntax import argument, last_name, latest_binding, own_nodes
from resolver.write.edits import Edit, Workspace

INPLACE_RESULT = re.compile(r"result type (Float|Double|Half|BFloat16) can't be cast to the desired output type",
                            re.IGNORECASE)
CLAMPS = {"clamp_", "clamp_min_", "clamp_max_", "clip_"}
UPDATES = {"add_", "sub_", "mul_", "div_", "addcmul_", "addcdiv_", "lerp_"}
AUGMENTED = (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign, cst.DivideAssign)
ADDITIONS = {"add_", "sub_", "AddAssign", "SubtractAssign"}
MODULE_STATE = {"state_dict", "buffers", "named_buffers"}
CAST_METHODS = {"int64": "long", "int32": "int", "int16": "short", "int8": "char", "uint8": "byte"}
LIKE_FACTORIES = {"zeros_like", "ones_like", "empty_like"}
CONVERTED = {"from_numpy", "as_tensor", "tensor"}
MAKERS = frozenset(f"torch.{n}" for n in {"full", *CONVERTED, *LIKE_FACTORIES})
INTEGER_CASTS = {"long", "int", "short", "byte", "char"}
INTEGER_DTYPE = re.compile(r"\b(u?int\d*|long|short)\b")


class InplaceIntegerTarget(Rule):
    categories = ("dtype.float_target",)
    priority = -1  # before dtype_contract: an in-place op raised on the user's own line, not a loss's target

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(INPLACE_RESULT.search(diagnosis.message))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if not diagnosis.frames or not diagnosis.frames[-1].user:
            return  # the op ran inside a library (a loss given integer targets): not this rule's
        frame, source = next(user_frames(diagnosis, workspace), (None, None))
        if frame is None or frame is not diagnosis.location:
            return
        ops = [op for op in _inplace_ops(source, frame.line) if _integer_target(frame, op[0]) is not False]
        if len(ops) > 1:  # which failed: those the probe saw integer, given a float
            ops = [op for op in ops if _integer_target(frame, op[0]) and _the_float(frame, op[2])]
        if not ops:
            return
        if all(name in CLAMPS for _, name, _ in ops):
            yield from _cast_operands(source, frame, ops, "the bound is cast to the indices' dtype at the call")
            return
        if len(ops) != 1 or ops[0][1] in CLAMPS:
            return
        target, name, _ = ops[0]
        kept = "the module keeps each entry's dtype, so the update takes it"
        if _module_state(source, frame, target):
            if name in ADDITIONS:  # a scale (an EMA's decay) truncated to an integer would wipe the buffer
                yield from _cast_operands(source, frame, ops, kept)
            return
        made = _inferred_integer(Tracer(diagnosis, workspace), source, frame, target)
        if made is not None:
            yield made


def _inplace_ops(source: Source, line: int) -> list[tuple[cst.BaseExpression, str, list[cst.BaseExpression]]]:
    """(target, op, operands) of each in-place op on the line: `t.add_(v)`, `t.clamp_(lo, hi)`, `t += v`."""
    found = []
    for call in source.on_line(cst.Call, line):
        name = last_name(call.func)
        if inplace_call(call) and name in CLAMPS | UPDATES:
            values = [a.value for a in call.args if not a.star and (a.keyword is None or a.keyword.value != "alpha")]
            found.append((call.func.value, name, values))
    statement = source.statement_at(line)
    for node in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
        if isinstance(node, cst.AugAssign) and isinstance(node.operator, AUGMENTED):
            found.append((node.target, type(node.operator).__name__, [node.value]))
    return found


def _root(node: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(node, cst.Subscript):
        node = node.value
    return node


def _integer_target(frame: Frame, target: cst.BaseExpression) -> bool | None:
    """Whether the probe saw the target as an integer tensor; None when it did not see it."""
    root = _root(target)
    seen = frame.tensors.get(root.value) if isinstance(root, cst.Name) else None
    if seen is None:
        return None
    return not seen.dtype.startswith(("float", "bfloat", "complex")) and seen.dtype != "bool"


def _floating(frame: Frame, value: cst.BaseExpression) -> bool:
    """An operand holding a float: a float literal, a true division, or a float tensor the probe saw."""
    if _has(value, cst.Float) or _has(value, cst.Divide):
        return True
    seen = [frame.tensors.get(n) for n in names_in(value)]
    return any(t is not None and t.dtype.startswith(("float", "bfloat")) for t in seen)


def _the_float(frame: Frame, values: list[cst.BaseExpression]) -> list[cst.BaseExpression]:
    """The operands that made the result float: those seen floating, else (a dict's entry, an
    attribute the probe does not name) every one that is not an integer literal or tensor."""
    floating = [v for v in values if _floating(frame, v)]
    if floating:
        return floating
    return [v for v in values if not isinstance(v, cst.Integer) and not (
        isinstance(v, cst.Name) and v.value in frame.tensors and _integer_target(frame, v))]


def _has(node: cst.CSTNode, kind: type) -> bool:
    return isinstance(node, kind) or bool(own_nodes(node, kind))


def _cast_operands(source: Source, frame: Frame, ops, why: str) -> Iterator[Edit]:
    """Every float operand of the ops cast to its target's dtype, in one edit of the statement."""
    statement = source.statement_at(frame.line)
    casts = {value: _to_dtype(source, frame, target, value)
             for target, _, values in ops for value in _the_float(frame, values)}
    if not casts or statement is None:
        return

    said = "; ".join(f"{source.code(old)} to {source.module.code_for_node(new)}" for old, new in casts.items())
    reason = f"Changed {said}: an in-place op keeps its integer target's dtype; {why}"
    yield source.edit(source.replaced(statement, swapped(statement, casts)), frame.line, reason)


def _to_dtype(source: Source, frame: Frame, target: cst.BaseExpression, value: cst.BaseExpression):
    """`value` in the target's dtype: `.to(target.dtype)` for a module's entry (its dtype varies
    from entry to entry), `int(...)` for a Python number, else the cast the target's dtype names."""
    code = source.module.code_for_node(value)
    root = _root(target)
    seen = frame.tensors.get(root.value) if isinstance(root, cst.Name) else None
    if _module_state(source, frame, target) or seen is None or seen.dtype not in CAST_METHODS:
        return wrap(code, f".to({source.module.code_for_node(target)}.dtype)")
    if not any(n in frame.tensors for n in names_in(value)):
        return cst.parse_expression(f"int({code})")
    return wrap(code, f".{CAST_METHODS[seen.dtype]}()")


def _module_state(source: Source, frame: Frame, target: cst.BaseExpression) -> bool:
    """The target is an entry of a module's state: bound by a loop over `state_dict()` /
    `buffers()`, or indexed out of one (`sd[k]`, `model.state_dict()[k]`)."""
    root = _root(target)
    expression = root
    if isinstance(root, cst.Name):
        scope = source.enclosing(root, cst.FunctionDef)
        binding = latest_binding(source, scope, root.value, frame.line)
        if binding is None:
            return False
        value, _, loop = binding
        expression = loop.iter if loop is not None else value
    calls = [expression, *own_nodes(expression, cst.Call)]
    return any(isinstance(n, cst.Call) and last_name(n.func) in MODULE_STATE for n in calls)


def _inferred_integer(tracer: Tracer, source: Source, frame: Frame, target: cst.BaseExpression) -> Edit | None:
    """Where the target was made integer only by what it was made from: `torch.tensor(0)`,
    `torch.full(size, 1)`, `torch.zeros_like(labels)`, made float there. A stated dtype stops it."""
    root = _root(target)
    if not isinstance(root, (cst.Name, cst.Attribute)):
        return None
    seen = frame.tensors.get(root.value) if isinstance(root, cst.Name) else None
    uint8 = seen is not None and seen.dtype == "uint8"
    for step in tracer.chain(source, root, frame)[1:]:
        node, made_in = step.node, step.source
        if not isinstance(node, cst.Call):
            continue
        name = last_name(node.func)
        if _states_dtype(made_in, node):
            return None  # the code states the integer dtype: its author's choice
        if not made_in.calls(node, MAKERS):
            continue
        first = argument(node, 1 if name == "full" else 0, "fill_value" if name == "full" else "data")
        if name in CONVERTED and uint8:
            new = wrap(made_in.module.code_for_node(node), ".float()")  # image bytes, normalized as floats
        elif name in ("tensor", "full") and isinstance(first, cst.Integer):
            new = node.deep_replace(first, cst.Float(f"{first.value}.0"))
        elif name in LIKE_FACTORIES:
            new = node.with_changes(args=[*node.args[:-1], node.args[-1].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                keyword_arg("dtype", f"{made_in.torch}.float32")])
        else:
            return None
        reason = (f"Changed {made_in.code(node)} to {made_in.module.code_for_node(new)} where it is made: it is "
                  f"integer only because of what it was made from, and it takes float values in place")
        return made_in.edit(made_in.replaced(node, new), made_in.line_of(node), reason, uses_torch=True)
    return None


def _states_dtype(source: Source, call: cst.Call) -> bool:
    """`.long()`, `dtype=...`, `.to(torch.int64)`, `.to(x.dtype)`: a dtype the code chose (`.to(device)` is not one)."""
    name = last_name(call.func)
    if isinstance(call.func, cst.Attribute) and name in INTEGER_CASTS and not call.args:
        return True
    if argument(call, 99, "dtype") is not None:
        return True
    if name in ("to", "type") and isinstance(call.func, cst.Attribute) and call.args:
        return bool(INTEGER_DTYPE.search(source.code(call.args[0].value))) or "dtype" in source.code(call.args[0].value)
    return False

"""## What it does
Makes an in-place operation on a view out-of-place when autograd forbids it there: on an output
of `unbind`/`split`/`chunk` (views that share one base), or on a view made under `torch.no_grad()`
and changed with gradients on. `part.add_(bias)` becomes `part = part.add(bias)`, `part += bias`
becomes `part = part + bias`. It does so only when nothing reads the view's base after the
operation in that function, so that no one relied on the base being changed; a view of a
parameter or of an attribute (state that outlives the function) is left to a human.

## Why is this bad?
`Output 0 of UnbindBackward0 is a view and is being modified inplace. This view is the output of a
function that returns multiple views.`, `A view was created in no_grad mode and is being modified
inplace with grad mode enabled`: autograd cannot record a change made through such a view, so it
refuses it. When only the view's new value is used, the out-of-place form computes the same thing
and autograd records it.

## Example
```python
mean, log_var = stats.unbind(-1)
log_var.clamp_(-10, 10)
```

Use instead:
```python
mean, log_var = stats.unbind(-1)
log_var = log_var.clamp(-10, 10)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import latest_binding, own_nodes
from resolver.write.edits import Edit, Workspace

# in-place methods whose out-of-place twin takes the same arguments
TWINS = frozenset({"add", "sub", "mul", "div", "clamp", "clamp_min", "clamp_max", "clip", "relu", "sigmoid", "tanh",
                   "exp", "log", "pow", "neg", "abs", "sqrt", "rsqrt", "masked_fill", "index_fill", "scatter",
                   "scatter_add", "index_add", "addcmul", "addcdiv", "lerp", "floor", "ceil", "round", "sign",
                   "fmod", "remainder", "reciprocal", "sin", "cos", "square", "nan_to_num", "true_divide"})
# calls whose result is a view of their input (or of their receiver)
VIEWS = frozenset({"unbind", "split", "chunk", "tensor_split", "view", "reshape", "transpose", "permute", "t",
                   "squeeze", "unsqueeze", "narrow", "select", "expand", "flatten", "unflatten", "view_as",
                   "detach", "diagonal", "movedim", "swapaxes", "unfold", "split_with_sizes"})
PRECEDENCE = {"**": 4, "*": 3, "/": 3, "//": 3, "%": 3, "@": 3, "+": 2, "-": 2}
TEMPORARY = "<a temporary>"
MAX_HOPS = 12
OPERATORS = {cst.AddAssign: "+", cst.SubtractAssign: "-", cst.MultiplyAssign: "*", cst.DivideAssign: "/",
             cst.PowerAssign: "**", cst.FloorDivideAssign: "//"}


def _out_of_place(source: Source, statement: cst.SimpleStatementLine) -> tuple[str, str] | None:
    """(the name changed in place, the statement's out-of-place form) for `x.op_(...)` or `x += y`."""
    if len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
            and isinstance(small.value.func, cst.Attribute) and isinstance(small.value.func.value, cst.Name):
        call, method = small.value, small.value.func.attr.value
        if method.endswith("_") and method[:-1] in TWINS:
            name = call.func.value.value
            twin = call.with_changes(func=call.func.with_changes(attr=cst.Name(method[:-1])))
            return name, f"{name} = {source.module.code_for_node(twin)}"
    if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
        operator = OPERATORS.get(type(small.operator))
        if operator:
            name = small.target.value
            right = source.module.code_for_node(small.value)
            return name, f"{name} = {name} {operator} ({right})" if _needs_parens(small.value, operator) \
                else f"{name} = {name} {operator} {right}"
    return None


def _needs_parens(node: cst.BaseExpression, operator: str) -> bool:
    """Whether `x op right` would parse otherwise than `x op= right` computes."""
    if isinstance(node, cst.BinaryOperation):
        spelled = cst.Module(body=[]).code_for_node(node.operator).strip()
        return PRECEDENCE.get(spelled, 0) <= PRECEDENCE[operator]
    return isinstance(node, (cst.BooleanOperation, cst.Comparison, cst.IfExp, cst.Lambda))


def _base(source: Source, scope, name: str, line: int) -> str | None:
    """What the view was taken from: the local name in `a, b = y.unbind(0)` or `for part in
    y.split(2)`, TEMPORARY for a value made right there (`self.enc(x).unbind(1)`), None when it is
    state that outlives the function (an attribute, a parameter, a global) or cannot be told."""
    binding = latest_binding(source, scope, name, line)
    if binding is None:
        return None
    value, _, loop = binding
    value = loop.iter if loop is not None else value
    for _ in range(MAX_HOPS):
        if isinstance(value, cst.Subscript):
            value = value.value
        elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and value.func.attr.value in VIEWS and not source.qualified_names(value.func.value) & {"torch"}:
            value = value.func.value
        elif isinstance(value, cst.Call) and source.calls(value, {f"torch.{v}" for v in VIEWS}):
            positional = [a.value for a in value.args if a.keyword is None and not a.star]
            value = positional[0] if positional else None
        elif isinstance(value, (cst.Call, cst.BinaryOperation)):
            return TEMPORARY  # a tensor the statement made: nothing else holds it
        elif isinstance(value, cst.Name):
            local = latest_binding(source, scope, value.value, line) is not None
            return value.value if local and (scope is not None or value.value != "self") else None
        else:
            return None
    return None


def _read_after(source: Source, scope, name: str, line: int) -> bool:
    container = scope if scope is not None else source.module
    return any(n.value == name and source.line_of(n) > line for n in own_nodes(container, cst.Name))


class ViewInplace(Rule):
    categories = ("autograd.view_inplace", "autograd.view_no_grad_inplace")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            found = _out_of_place(source, statement) if isinstance(statement, cst.SimpleStatementLine) else None
            if found is None:
                return
            name, new = found
            scope = source.function_of(statement)
            base = _base(source, scope, name, frame.line)
            if base is None or base != TEMPORARY and _read_after(source, scope, base, frame.line):
                return  # the base lives on or is read later: the in-place change may be what was meant
            of = "a tensor made in one statement" if base == TEMPORARY else base
            replacement = cst.parse_statement(new).body[0]  # the small statement: the line's comment stays
            reason = (f"Changed {source.code(statement.body[0])} to {new}: {name} is a view of {of} that autograd "
                      "cannot change in place, and nothing reads what it views afterwards")
            yield source.edit(source.replaced(statement.body[0], replacement), frame.line, reason)
            return

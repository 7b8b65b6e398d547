"""A project's numpy formula, called on tensors taken off the graph, written again in torch on the
tensors themselves: `smape(t.detach().cpu().numpy(), p.detach().cpu().numpy())`, where `smape`
returns one expression of numpy's elementwise functions and reductions, becomes that expression
in torch over `t` and `p`. Anything else the formula does (a loop, a branch, a function torch
spells differently) and it is not ported."""

from __future__ import annotations

import libcst as cst

from resolver.fix.rules._definitions import imported_from
from resolver.fix.rules._source import Source, method_call
from resolver.write.edits import Workspace

# numpy's functions that torch spells the same and that mean the same on a tensor
SAME_IN_TORCH = frozenset({"abs", "mean", "sum", "sqrt", "log", "log1p", "exp", "square", "maximum", "minimum",
                           "tanh", "sin", "cos"})
AS_ARRAY = frozenset({"numpy.asarray", "numpy.array", "numpy.asanyarray"})
OFF_THE_GRAPH = ("detach", "cpu", "numpy")


def _tensor_of(argument: cst.BaseExpression) -> cst.BaseExpression | None:
    """`x` of `x.detach().cpu().numpy()` (`.numpy()` last, the others in any order), else None."""
    if not (method_call(argument, "numpy") and not argument.args):
        return None
    node = argument.func.value
    while isinstance(node, cst.Call) and not node.args and any(method_call(node, m) for m in OFF_THE_GRAPH[:2]):
        node = node.func.value
    return node


def _definition(workspace: Workspace, source: Source, name: str) -> tuple[Source, cst.FunctionDef] | None:
    for where in (source, imported_from(workspace, source, name)):
        found = [f for f in (where.module.body if where else ()) if isinstance(f, cst.FunctionDef)
                 and f.name.value == name]
        if found:
            return where, found[0]
    return None


def _formula(where: Source, function: cst.FunctionDef) -> cst.BaseExpression | None:
    """The one expression the function returns, its other statements only `a = np.asarray(a)` (and a docstring)."""
    *before, last = function.body.body
    if before and function.get_docstring() is not None:
        before = before[1:]
    if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Return)):
        return None
    for statement in before:
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
        values = small.value.elements if isinstance(small, cst.Assign) and isinstance(small.value, cst.Tuple) \
            else [small.value] if isinstance(small, cst.Assign) else None
        if values is None or not all(where.calls(getattr(v, "value", v), AS_ARRAY) for v in values):
            return None
    return last.body[0].value


def _ported(node: cst.CSTNode, where: Source, torch: str, tensors: dict[str, cst.BaseExpression]):
    """The node in torch, or None where it holds something not ported."""
    if isinstance(node, (cst.Integer, cst.Float)):
        return node
    if isinstance(node, cst.Name):
        tensor = tensors.get(node.value)
        simple = isinstance(tensor, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
        return tensor if tensor is None or simple else tensor.with_changes(lpar=node.lpar or [cst.LeftParen()],
                                                                             rpar=node.rpar or [cst.RightParen()])
    if isinstance(node, cst.BinaryOperation):
        left, right = _ported(node.left, where, torch, tensors), _ported(node.right, where, torch, tensors)
        return None if left is None or right is None else node.with_changes(left=left, right=right)
    if isinstance(node, cst.UnaryOperation):
        inner = _ported(node.expression, where, torch, tensors)
        return None if inner is None else node.with_changes(expression=inner)
    if isinstance(node, cst.Call):
        named = {n.removeprefix("numpy.") for n in where.qualified_names(node.func) if n.startswith("numpy.")}
        if len(named) != 1 or not named <= SAME_IN_TORCH:
            return None
        arguments = []
        for argument in node.args:
            if argument.star or argument.keyword is not None and argument.keyword.value != "axis":
                return None
            value = _ported(argument.value, where, torch, tensors)
            if value is None:
                return None
            keyword = cst.Name("dim") if argument.keyword is not None else None
            arguments.append(argument.with_changes(value=value, keyword=keyword))
        return node.with_changes(func=cst.parse_expression(f"{torch}.{named.pop()}"), args=arguments)
    return None


def in_torch(call: cst.Call, source: Source, workspace: Workspace) -> cst.BaseExpression | None:
    """The call of a project's numpy formula on tensors off the graph, as that formula in torch."""
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name) or not call.args:
        return None
    tensors = [_tensor_of(a.value) if a.keyword is None and not a.star else None for a in call.args]
    defined = _definition(workspace, source, call.func.value)
    if None in tensors or defined is None:
        return None
    where, function = defined
    parameters = function.params.params
    if function.params.star_arg is not cst.MaybeSentinel.DEFAULT or len(parameters) != len(tensors):
        return None
    formula = _formula(where, function)
    mapping = {p.name.value: t for p, t in zip(parameters, tensors)}
    return _ported(formula, where, source.torch, mapping) if formula is not None else None

"""float32_island's first candidate where the kernel-less call's low-precision input is made in the
same function from other low-precision tensors by a helper of the file that autocast does not lower
(one that builds a Cholesky factor, a triangular matrix, a covariance): the float32 computation
starts where those tensors enter it, so they get `.float()` there (`self.scale_tril(raw_tril.float())`),
and every tensor made from them, the call's input included, is float32 without an island."""

from __future__ import annotations

import libcst as cst

from resolver.diagnose.diagnosis import Frame
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import own_nodes

LOW = {"bfloat16", "float16"}
METADATA = {"shape", "dtype", "device", "ndim", "size", "dim", "numel"}


def entry_cast(source: Source, frame: Frame, statement: cst.SimpleStatementLine, call: cst.Call,
               lowered) -> str | None:
    """The text with the low-precision tensors the call's inputs are made from cast where they enter,
    or None: an input that is itself such a tensor, one made by an op autocast lowers (`@`, a
    linear; there only an island helps), by a helper that holds one, or assigned twice."""
    function = source.function_of(statement)
    if function is None:
        return None
    chain: list[cst.SimpleStatementLine] = []
    roots: set[str] = set()
    inputs = [name for arg in call.args for name in _low_reads(frame, arg.value)]
    if not inputs or not all(_trace(source, function, frame, statement, name, chain, roots, lowered) == "made"
                             for name in inputs):
        return None  # an input is itself where low precision enters: the call's own `.float()` is the fix
    if not any(_helpers(source, made) for made in chain):
        return None  # built inline, in view: the cast at the call is where float32 starts (det_kernel_matrix)
    module = source.module
    for old in chain:
        if set(_low_reads(frame, old.body[0].value)) & roots:
            module = module.deep_replace(old, old.visit(_CastReads(roots)))
    return module.code


def _trace(source, function, frame, before, name, chain, roots, lowered, depth: int = 0) -> str:
    """Where a low-precision name comes from: "root" (a parameter, or made low by one op: float32 starts
    at its reads), "made" (from other low-precision names by ops autocast keeps in their dtype, each
    followed back), or "unclear" (bound twice, made by a helper that lowers again, too deep)."""
    made = _made(source, function, before, name)
    if made is None:
        roots.add(name)
        return "root"
    if made is UNCLEAR or depth > 8:
        return "unclear"
    reads = _low_reads(frame, made.body[0].value)
    if lowered([made]) or not reads or _opaque(source, frame, made):
        roots.add(name)
        return "root"
    if _lowering_helper(source, made, lowered):
        return "unclear"
    if made not in chain:
        chain.append(made)
    traced = [_trace(source, function, frame, made, n, chain, roots, lowered, depth + 1) for n in reads]
    return "unclear" if "unclear" in traced else "made"


def _made(source: Source, function: cst.FunctionDef, before: cst.CSTNode, name: str):
    """The one plain statement `name = ...` in the function, on a line before `before`; None for a
    name bound nowhere in it but as a parameter (where float32 starts); UNCLEAR for one bound twice
    (a loop's state, a parameter rebound), in a tuple, a `for` or a `with`."""
    bound = [n for n in own_nodes(function, cst.Name) if n.value == name and isinstance(
        source.parents.get(n), (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.AsName, cst.For, cst.Element,
                                cst.Param))]
    if not bound or len(bound) == 1 and isinstance(source.parents[bound[0]], cst.Param):
        return None
    target = source.parents[bound[0]]
    assign = source.parents.get(target)
    statement = source.parents.get(assign)
    if len(bound) != 1 or not isinstance(target, cst.AssignTarget) or len(assign.targets) != 1 \
            or not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
            or source.line_of(statement) >= source.line_of(before):
        return UNCLEAR
    return statement


UNCLEAR = object()


def _lowering_helper(source: Source, made, lowered) -> bool:
    """Whether the assignment calls a function of this file (`self.scale_tril`, `build_cov`) whose body
    has an op autocast lowers: the cast where its input enters would be lowered again inside it."""
    return any(lowered([s]) for f in _helpers(source, made) for s in own_nodes(f, cst.SimpleStatementLine))


def _opaque(source: Source, frame: Frame, made: cst.SimpleStatementLine) -> bool:
    """Whether the statement calls what this file does not show keeps its input's dtype: a submodule
    (`self.hyper(h)`, a Linear autocast lowers), an imported function; not a torch function, a
    tensor's method (`raw.view(...)`) or a helper of this file."""
    helpers = {f.name.value for f in source.nodes(cst.FunctionDef)}
    for call in own_nodes(made, cst.Call):
        func = call.func
        if any(n.startswith("torch.") for n in source.qualified_names(func)):
            continue
        if isinstance(func, cst.Name) and func.value in helpers:
            continue
        if isinstance(func, cst.Attribute) and (func.attr.value in helpers and source.code(func.value) == "self"
                                                or not isinstance(func.value, cst.Name)
                                                or func.value.value in frame.tensors):
            continue  # a method of this file's class, of a call's result, or of a tensor
        return True
    return False


def _helpers(source: Source, made: cst.SimpleStatementLine) -> list[cst.FunctionDef]:
    """The functions of this file the statement calls (`self.scale_tril(raw)`, `build_cov(raw)`)."""
    names = {c.func.attr.value if isinstance(c.func, cst.Attribute) else getattr(c.func, "value", "")
             for c in own_nodes(made, cst.Call)}
    return source.nodes(cst.FunctionDef, lambda f: f.name.value in names)


def _low_reads(frame: Frame, node: cst.CSTNode) -> list[str]:
    """The low-precision locals the expression reads for their values (not `x.shape`, not `self.x`)."""
    kept, found = set(), []

    class Reads(cst.CSTVisitor):
        def visit_Attribute(self, attribute):
            kept.add(attribute.attr)
            if attribute.attr.value in METADATA:
                kept.add(attribute.value)

        def visit_Arg(self, arg):
            if arg.keyword is not None:
                kept.add(arg.keyword)

        def visit_Name(self, name):
            tensor = frame.tensors.get(name.value)
            if name not in kept and tensor is not None and tensor.dtype in LOW and name.value not in found:
                found.append(name.value)

    node.visit(Reads())
    return found


class _CastReads(cst.CSTTransformer):
    """`name.float()` where the statement's value reads one of the names."""

    def __init__(self, names: set[str]):
        self.names, self.kept = names, set()

    def visit_Attribute(self, node):
        self.kept.add(node.attr)
        if node.attr.value in METADATA:
            self.kept.add(node.value)

    def visit_AssignTarget(self, node):
        return False

    def visit_Arg(self, node):
        if node.keyword is not None:
            self.kept.add(node.keyword)

    def leave_Name(self, original, updated):
        if original.value in self.names and original not in self.kept:
            return cst.parse_expression(f"{original.value}.float()")
        return updated

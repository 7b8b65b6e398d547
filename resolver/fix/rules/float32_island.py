"""## What it does
Runs a call that has no bfloat16/float16 kernel in float32. The call is a solver, determinant or
FFT, a complex constructor, or the op the message names (`"pdist" not implemented for
'BFloat16'`). When nothing on the way to it is an op autocast lowers again (`@`, matmul, linear,
conv), its arguments get `.float()` and that is all. Otherwise the statement goes into
`with torch.autocast(<tensor>.device.type, enabled=False):`, its arguments and the other
low-precision tensors it combines get `.float()`; and when the call's input was made just before
by such an op (`gram = z @ z.T` before `torch.det(gram)`), those lines go into the island too,
with the tensor they start from cast once at its top: a Gram matrix rounded to bf16 can make the
determinant 0. The device type is read from the tensor itself, so the same code runs on CPU and
CUDA. When the call's input is made in the same function from low-precision tensors by a helper of
the file that keeps their dtype (`L = self.scale_tril(raw_tril)` before `solve_triangular(L, ...)`),
the first candidate casts them where they enter it instead (`self.scale_tril(raw_tril.float())`):
the whole factor is then built in float32. A linalg call that has a low-precision kernel (a norm, a
product) is not one of these. A project that never enters autocast and makes its low-precision tensors itself
(`model.to(torch.bfloat16)`, `.half()`, a `dtype` setting naming bfloat16) keeps them so: there the
inputs get `.float()` where they are read and the real floating results go back with
`.to(<input>.dtype)`, on the call or, for results unpacked from a tuple (`q, r = torch.linalg.qr(a)`),
where the block reads them, so they meet the low-precision state unconverted. Integer results
(pivots, rank, info) stay as they are; a call with complex results (`eig`, most FFTs) or one not
named, a result written in place later (`evals.clamp_(...)`, `evals[evals < eps] = eps`), or an
input that needs its gradient (the model's design) gets nothing.

## Why is this bad?
`logdet: Low precision dtypes not supported. Got BFloat16`, `linalg.pinv(BFloat16{[25, 64]}):
expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types`,
`"cholesky_cpu" not implemented for 'BFloat16'`: linear-algebra solvers, determinants and
FFTs have no low-precision kernels (nor would their answers be accurate in 8 bits of mantissa),
and autocast handed them a bfloat16 tensor. Autocast's own lists run such ops in float32; a
function outside its lists needs the same island by hand. A call that is not one of these
functions (a layer, a matmul on a `.half()` model) is not this: nothing is proposed.

## Example
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    feats = backbone(x)
    weights = torch.linalg.pinv(feats) @ targets
```

Use instead:
```python
with torch.autocast("cpu", dtype=torch.bfloat16):
    feats = backbone(x)
    with torch.autocast(feats.device.type, enabled=False):
        weights = torch.linalg.pinv(feats.float()) @ targets.float()
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._float32_entry import entry_cast
from resolver.fix.rules._project import keeps_low_precision
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, user_frames, wrap
from resolver.fix.rules._syntax import own_nodes
from resolver.write.edits import Edit, Workspace

LOW = {"bfloat16", "float16"}
# torch functions without low-precision kernels on some device, and their method spellings
FAMILIES = ("torch.linalg.", "torch.fft.")
# ... less those that have low-precision kernels (norms, products): no island for them
FINE = {f"torch.linalg.{n}" for n in ("vector_norm", "matrix_norm", "norm", "multi_dot", "vecdot", "cross", "diagonal",
                                      "matmul", "matrix_power")}
FUNCTIONS = {"torch.logdet", "torch.det", "torch.slogdet", "torch.inverse", "torch.pinverse", "torch.cholesky",
             "torch.cholesky_solve", "torch.cholesky_inverse", "torch.svd", "torch.lu", "torch.lstsq",
             "torch.triangular_solve", "torch.cdist", "torch.stft", "torch.istft", "torch.matrix_exp",
             "torch.geqrf", "torch.ormqr", "torch.lobpcg"}
METHODS = {"logdet", "det", "slogdet", "inverse", "pinverse", "cholesky", "svd", "lu", "matrix_exp", "stft"}
COMPLEX = {"torch.complex", "torch.polar", "torch.view_as_complex"}  # there is no complex bfloat16 dtype
# what autocast runs in low precision whatever its inputs: an island around them needs autocast off
LOWERED = {"matmul", "mm", "bmm", "baddbmm", "addmm", "addbmm", "linear", "conv1d", "conv2d", "conv3d", "einsum",
           "prelu", "scaled_dot_product_attention"}
# Without autocast the result goes back to the input's dtype, which only a real floating output can
# take (`eig` is complex, `lu_factor`'s pivots integers): the calls whose one output is real float ...
REAL = {"inv", "pinv", "det", "logdet", "cholesky", "solve", "lu_solve", "cholesky_solve", "cholesky_inverse",
        "matrix_exp", "norm", "matrix_norm", "vector_norm", "svdvals", "eigvalsh", "multi_dot", "solve_triangular",
        "inverse", "pinverse", "cdist", "pdist", "matrix_power", "tensorinv", "tensorsolve", "householder_product",
        "irfft", "irfft2", "irfftn", "hfft"}
# ... and the named tuples' fields, None for an integer one (pivots, rank, info), which is left as it is
TUPLED = {"qr": ("Q", "R"), "eigh": ("eigenvalues", "eigenvectors"), "svd": ("U", "S", "Vh"),
          "slogdet": ("sign", "logabsdet"), "lu_factor": ("LU", None), "lu_factor_ex": ("LU", None, None),
          "lstsq": ("solution", "residuals", None, "singular_values"), "inv_ex": ("inverse", None),
          "cholesky_ex": ("L", None), "solve_ex": ("result", None), "ldl_factor": ("LD", None),
          "ldl_factor_ex": ("LD", None, None), "geqrf": ("a", "tau")}
METADATA = {"shape", "dtype", "device", "ndim", "size", "dim", "numel"}  # reads that do not care about the dtype
LOW_IN_MESSAGE = re.compile(r"BFloat16|Half")
NAMED_OP = re.compile(r'"(\w+?)(?:_cpu|_cuda)?" not implemented for')


def _kernelless(source: Source, call: cst.Call, named: set[str]) -> bool:
    """A call without a low-precision kernel: a solver, determinant or FFT, a complex constructor,
    or the op the message names (`"pdist" not implemented for 'BFloat16'`), a loss excepted (a loss
    on low-precision outputs is amp_upcast's)."""
    names = source.qualified_names(call.func) if not _on_result(call.func) else frozenset()
    if any(n in FUNCTIONS or n in COMPLEX or n.startswith(FAMILIES) and n not in FINE for n in names):
        return True
    last = _last(call)
    if last in named and not last.endswith("loss"):
        return True
    return isinstance(call.func, cst.Attribute) and call.func.attr.value in METHODS and not names & FUNCTIONS \
        and not any(n.startswith("torch.") for n in names)


def _on_result(func: cst.BaseExpression) -> bool:
    """A method of a call's result (`torch.linalg.solve(a, b).squeeze`), which libcst names as if it were
    the module's (`torch.linalg.solve.squeeze`)."""
    while isinstance(func, cst.Attribute):
        func = func.value
    return not isinstance(func, cst.Name)


def _low(frame: Frame, node: cst.CSTNode) -> list[str]:
    """The low-precision tensors the expression names, per the frame's locals, in order."""
    seen = []
    for name in names_in(node):
        tensor = frame.tensors.get(name)
        if tensor is not None and tensor.dtype in LOW and name not in seen:
            seen.append(name)
    return seen


class _ValueReads(cst.CSTTransformer):
    """Keeps aside the names that are no value read: `self.x` is not the local x, `x.shape` reads no values."""

    def __init__(self):
        self.kept = set()

    def visit_Attribute(self, node):
        self.kept.add(node.attr)
        if node.attr.value in METADATA:
            self.kept.add(node.value)


class _Upcast(_ValueReads):
    """`.float()` on the call's arguments and on the statement's other low-precision names."""

    def __init__(self, source: Source, call: cst.Call | None, names: set[str], back: tuple | None = None):
        super().__init__()
        self.source, self.call, self.names, self.inside = source, call, names, 0
        self.back = back  # (node, suffix): the call's result, cast back to the program's dtype

    def on_leave(self, original, updated):
        result = super().on_leave(original, updated)
        if self.back is not None and original is self.back[0]:
            return wrap(cst.Module([]).code_for_node(result), self.back[1])
        return result

    def visit_Call(self, node):
        if node is self.call:
            self.inside += 1

    def leave_Call(self, original, updated):
        if original is self.call:
            self.inside -= 1
            args = [a.with_changes(value=wrap(self.source.module.code_for_node(a.value), ".float()"))
                    if a.keyword is None and not a.star else a for a in updated.args]
            return updated.with_changes(args=args)
        return updated

    def visit_AssignTarget(self, node):
        return False  # the name the result is bound to

    def visit_Arg(self, node):
        if node.keyword is not None:
            self.kept.add(node.keyword)

    def leave_Name(self, original, updated):
        if not self.inside and original.value in self.names and original not in self.kept:
            return cst.parse_expression(f"{original.value}.float()")
        return updated


def _last(call: cst.Call) -> str:
    func = call.func
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""


def _lowered(statements: list) -> bool:
    """Whether autocast would run part of `statements` in low precision again (`@`, matmul, ...)."""
    return any(isinstance(n, cst.BinaryOperation) and isinstance(n.operator, cst.MatrixMultiply)
               or isinstance(n, cst.Call) and _last(n) in LOWERED
               for s in statements for n in [s, *own_nodes(s, cst.BinaryOperation), *own_nodes(s, cst.Call)])


def _feeders(source: Source, frame: Frame, statement: cst.SimpleStatementLine) -> list:
    """The statement, after the statements just before it in its block that make the low-precision
    names it reads (`gram = x.T @ x` before `torch.det(gram)`): they go into the island too, or
    they would hand the call a tensor already rounded to 8 bits of mantissa."""
    block = list(source.parents[statement].body)
    island, reads = [statement], set(names_in(statement))
    for earlier in reversed(block[:block.index(statement)]):
        assign = earlier.body[0] if isinstance(earlier, cst.SimpleStatementLine) and len(earlier.body) == 1 else None
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1 \
                or not isinstance(assign.targets[0].target, cst.Name):
            break
        name = assign.targets[0].target.value
        tensor = frame.tensors.get(name)
        if name not in reads or tensor is None or tensor.dtype not in LOW:
            break
        island.insert(0, earlier)
        reads |= set(names_in(assign.value))
    while len(island) > 1 and not _lowered(island[:1]):  # from the first op autocast lowers: before it,
        island.pop(0)  # the tensors are only as low as their input, which the island casts once
    return island


class Float32Island(Rule):
    categories = ("amp.low_precision_kernel", "dtype.kernel_not_implemented")

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(LOW_IN_MESSAGE.search(diagnosis.message))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        named = set(NAMED_OP.findall(diagnosis.message))
        for frame, source in user_frames(diagnosis, workspace):
            calls = [c for c in source.on_line(cst.Call, frame.line) if _kernelless(source, c, named)]
            statement = source.statement_at(frame.line)
            inputs = [name for call in calls for arg in call.args for name in _low(frame, arg.value)]
            if not calls or not inputs or not isinstance(statement, cst.SimpleStatementLine) \
                    or not isinstance(source.parents.get(statement), cst.IndentedBlock):
                return  # a bare module-level line or a compound header: no island to draw
            call = calls[-1]  # the innermost: `pinv(x)` inside `logdet(...)` fails first
            dtype = frame.tensors[inputs[0]].dtype
            island = _feeders(source, frame, statement)
            if keeps_low_precision(workspace):  # the program keeps its tensors in low precision itself
                restored = _restored(source, frame, island, call)
                if restored is not None:
                    yield source.edit(restored, frame.line,
                                      f"Ran {source.code(call.func)} in float32 and cast its result back to "
                                      f"{dtype}: it has no {dtype} kernel, and the program keeps these tensors "
                                      f"in {dtype} (no autocast)")
                return
            entry = entry_cast(source, frame, statement, call, _lowered)
            if entry is not None:  # its input made here from low-precision tensors: float32 from where they enter
                yield source.edit(entry, frame.line, f"Made the input of {source.code(call.func)} in float32 from "
                                  f"where its {dtype} tensors enter: it has no {dtype} kernel")
            if not _lowered(island):  # nothing autocast would lower again: the inputs in float32 suffice
                upcast = statement.visit(_Upcast(source, call, set()))
                yield source.edit(source.replaced(statement, upcast), frame.line,
                                  f"Gave {source.code(call.func)} float32 inputs: it has no {dtype} kernel")
                return
            yield source.edit(_islanded(source, frame, island, call, inputs[0]), frame.line,
                              f"Ran {source.code(call.func)} in float32 with autocast disabled around it"
                              + (" and the lines that make its input" if len(island) > 1 else "")
                              + f": it has no {dtype} kernel, and its inputs were low precision")
            return


def _islanded(source: Source, frame: Frame, island: list, call: cst.Call, first_input: str) -> str:
    """The island's statements under `with torch.autocast(<device>, enabled=False):`: one
    statement with its call's arguments and other low-precision names cast; several, with the
    low-precision names they start from cast once at the top."""
    statement = island[-1]
    if len(island) == 1:
        others = {n for n in _low(frame, statement) if n not in {m for a in call.args for m in names_in(a.value)}}
        body = [statement.visit(_Upcast(source, call, others)).with_changes(leading_lines=())]
    else:
        made = {s.body[0].targets[0].target.value for s in island[:-1]}
        roots = [n for s in island for n in _low(frame, s) if n not in made]
        if not roots:  # nothing low comes in from before the island: the call's statement alone
            return _islanded(source, frame, [statement], call, first_input)
        casts = [cst.parse_statement(f"{n} = {n}.float()") for n in dict.fromkeys(roots)]
        body = [*casts, island[0].with_changes(leading_lines=()), *island[1:]]
        first_input = roots[0]  # the call's own input is made inside the island
    device = f"{first_input}.device.type"
    block = cst.With(items=[cst.WithItem(cst.parse_expression(f"{source.torch}.autocast({device}, enabled=False)"))],
                     body=cst.IndentedBlock(body=body), leading_lines=island[0].leading_lines)
    if len(island) == 1:
        return source.replaced(statement, block)
    parent = source.parents[statement]
    kept = list(parent.body)
    start = kept.index(island[0])
    return source.replaced(parent, parent.with_changes(
        body=[*kept[:start], block, *kept[start + len(island):]]))


def _reads(statement: cst.SimpleStatementLine) -> list[str]:
    """The names whose values a statement reads: an assignment's value (its targets may hold last
    iteration's values), not `x.shape`."""
    small = statement.body[0]
    node = small.value if isinstance(small, cst.Assign) else statement
    metadata = {a.value for a in own_nodes(node, cst.Attribute) if a.attr.value in METADATA}
    return [n.value for n in own_nodes(node, cst.Name) if n not in metadata]


def _restored(source: Source, frame: Frame, island: list, call: cst.Call) -> str | None:
    """Without autocast: the island's low-precision inputs get `.float()` where they are read, and the
    call's result `.to(<input>.dtype)`, on the call itself or, for a tuple of results unpacked into
    names, where the block reads those names next; None when the results go where it cannot follow,
    or an input needs its gradient (a low-precision parameter is the model's design, not a helper's)."""
    statement = island[-1]
    made = {s.body[0].targets[0].target.value for s in island[:-1]}
    reads = [n for s in island for n in _reads(s)]
    roots = list(dict.fromkeys(n for n in reads if n not in made and _low_tensor(frame, n)))
    if not roots or any(frame.tensors[n].requires_grad for n in roots):
        return None
    suffix = f".to({roots[0]}.dtype)"
    argued = {n for a in call.args for n in names_in(a.value)}
    result, names = _result(source, statement, call)
    if result is None and names is None:
        return None
    upcast = statement.visit(_Upcast(source, call if argued & set(roots) else None, set(roots) - argued,
                                     (result, suffix) if result is not None else None))
    new = {s: s.visit(_Upcast(source, None, set(roots))) for s in island[:-1]} | {statement: upcast}
    parent = source.parents[statement]
    body = list(parent.body)
    later = body[body.index(statement) + 1:]
    if names:
        function = source.function_of(statement) or source.module
        uses = [n for n in source.nodes(cst.Name, lambda n: n.value in names and source.within(n, function))
                if not source.within(n, statement)]
        if any(not any(source.within(n, s) for s in later) or _written(source, n) for n in uses):
            return None  # read before the call, rebound, written in place, or outside its block: a cast copy
            # there would take the write (`evals.to(dtype).clamp_(min=eps)`), which later reads never see
        new |= {s: s.visit(_CastUses(set(names), suffix)) for s in later}
    return source.replaced(parent, parent.with_changes(body=[new.get(s, s) for s in body]))


def _written(source: Source, name: cst.Name) -> bool:
    """Whether this use of a name rebinds it or writes into it: an assignment or augmented assignment's
    target, `x[i] = ...`, `x.attr = ...`, `x.clamp_(...)`, `out=x`."""
    node, parent = name, source.parents.get(name)
    while isinstance(parent, (cst.Element, cst.Tuple, cst.List)):  # `a, x = ...`
        node, parent = parent, source.parents.get(parent)
    if isinstance(parent, cst.AssignTarget) or isinstance(parent, cst.AugAssign) and parent.target is node \
            or isinstance(parent, cst.Arg) and parent.keyword is not None and parent.keyword.value == "out":
        return True
    if isinstance(parent, (cst.Subscript, cst.Attribute)) and parent.value is name:
        above = source.parents.get(parent)
        if isinstance(above, (cst.AssignTarget, cst.AugAssign)) and above.target is parent:
            return True
        return isinstance(parent, cst.Attribute) and parent.attr.value.endswith("_") \
            and not parent.attr.value.startswith("_") and isinstance(above, cst.Call) and above.func is parent
    return False


def _low_tensor(frame: Frame, name: str) -> bool:
    tensor = frame.tensors.get(name)
    return tensor is not None and tensor.dtype in LOW


def _result(source: Source, statement: cst.SimpleStatementLine, call: cst.Call) -> tuple:
    """Where the call's result is cast back: (the node to suffix, None), or (None, the names a
    tuple of results is unpacked into); (None, None) when neither is plain."""
    parent, op = source.parents.get(call), _last(call)
    fields = TUPLED.get(op)
    if fields is None:
        return (call, None) if op in REAL else (None, None)
    if isinstance(parent, cst.Attribute) and parent.value is call:
        return (parent, None) if parent.attr.value in fields else (None, None)  # `slogdet(x).logabsdet`
    if isinstance(parent, cst.Subscript) and parent.value is call:
        index = parent.slice[0].slice if len(parent.slice) == 1 else None
        value = getattr(index, "value", None)
        taken = isinstance(value, cst.Integer) and int(value.value) < len(fields) and fields[int(value.value)]
        return (parent, None) if taken else (None, None)  # `qr(x)[0]`: the one tensor taken from the tuple
    small = statement.body[0]
    if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1 \
            and isinstance(small.targets[0].target, cst.Tuple) \
            and len(small.targets[0].target.elements) == len(fields) \
            and all(isinstance(e.value, cst.Name) for e in small.targets[0].target.elements):
        return None, [e.value.value for e, f in zip(small.targets[0].target.elements, fields)
                      if f is not None and e.value.value != "_"]
    return None, None


class _CastUses(_ValueReads):
    """`name.to(<dtype>)` where a later statement reads one of the names for its values."""

    def __init__(self, names: set[str], suffix: str):
        super().__init__()
        self.names, self.suffix = names, suffix

    def leave_Name(self, original, updated):
        if original.value in self.names and original not in self.kept:
            return cst.parse_expression(f"{original.value}{self.suffix}")
        return updated

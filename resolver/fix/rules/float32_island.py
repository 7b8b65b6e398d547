"""## What it does
Runs a call that has no bfloat16/float16 kernel in float32: the statement that holds it goes
into `with torch.autocast(<tensor>.device.type, enabled=False):`, the call's arguments get
`.float()`, and so does every other low-precision tensor the statement combines with its
result. The device type is read from the tensor itself, so the same code runs on CPU and CUDA.

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
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, user_frames, wrap
from resolver.write.edits import Edit, Workspace

LOW = {"bfloat16", "float16"}
# torch functions without low-precision kernels on some device, and their method spellings
FAMILIES = ("torch.linalg.", "torch.fft.")
FUNCTIONS = {"torch.logdet", "torch.det", "torch.slogdet", "torch.inverse", "torch.pinverse", "torch.cholesky",
             "torch.cholesky_solve", "torch.cholesky_inverse", "torch.svd", "torch.lu", "torch.lstsq",
             "torch.triangular_solve", "torch.cdist", "torch.stft", "torch.istft", "torch.matrix_exp",
             "torch.geqrf", "torch.ormqr", "torch.lobpcg"}
METHODS = {"logdet", "det", "slogdet", "inverse", "pinverse", "cholesky", "svd", "lu", "matrix_exp", "stft"}
LOW_IN_MESSAGE = re.compile(r"BFloat16|Half")


def _kernelless(source: Source, call: cst.Call) -> bool:
    names = source.qualified_names(call.func)
    if any(n in FUNCTIONS or n.startswith(FAMILIES) for n in names):
        return True
    return isinstance(call.func, cst.Attribute) and call.func.attr.value in METHODS and not names & FUNCTIONS \
        and not any(n.startswith("torch.") for n in names)


def _low(frame: Frame, node: cst.CSTNode) -> list[str]:
    """The low-precision tensors the expression names, per the frame's locals, in order."""
    seen = []
    for name in names_in(node):
        tensor = frame.tensors.get(name)
        if tensor is not None and tensor.dtype in LOW and name not in seen:
            seen.append(name)
    return seen


class _Upcast(cst.CSTTransformer):
    """`.float()` on the call's arguments and on the statement's other low-precision names."""

    def __init__(self, source: Source, call: cst.Call, names: set[str]):
        self.source, self.call, self.names, self.inside, self.kept = source, call, names, 0, set()

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

    def visit_Attribute(self, node):
        self.kept.add(node.attr)  # `self.x` is not the local x

    def visit_AssignTarget(self, node):
        return False  # the name the result is bound to

    def visit_Arg(self, node):
        if node.keyword is not None:
            self.kept.add(node.keyword)

    def leave_Name(self, original, updated):
        if not self.inside and original.value in self.names and original not in self.kept:
            return cst.parse_expression(f"{original.value}.float()")
        return updated


class Float32Island(Rule):
    categories = ("amp.low_precision_kernel", "dtype.kernel_not_implemented")

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(LOW_IN_MESSAGE.search(diagnosis.message))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            calls = [c for c in source.on_line(cst.Call, frame.line) if _kernelless(source, c)]
            statement = source.statement_at(frame.line)
            inputs = [name for call in calls for arg in call.args for name in _low(frame, arg.value)]
            if not calls or not inputs or not isinstance(statement, cst.SimpleStatementLine) \
                    or not isinstance(source.parents.get(statement), cst.IndentedBlock):
                return  # a bare module-level line or a compound header: no island to draw
            call = calls[-1]  # the innermost: `pinv(x)` inside `logdet(...)` fails first
            others = {n for n in _low(frame, statement) if n not in {m for a in call.args for m in names_in(a.value)}}
            upcast = statement.visit(_Upcast(source, call, others))
            device = f"{inputs[0]}.device.type"
            island = cst.With(items=[cst.WithItem(cst.parse_expression(
                f"{source.torch}.autocast({device}, enabled=False)"))],
                body=cst.IndentedBlock(body=[upcast.with_changes(leading_lines=())]),
                leading_lines=statement.leading_lines)
            reason = (f"Ran {source.code(call.func)} in float32 with autocast disabled around it: it has no "
                      f"{frame.tensors[inputs[0]].dtype} kernel, and its inputs were low precision")
            yield source.edit(source.replaced(statement, island), frame.line, reason)
            return

"""## What it does
Decorates a custom `torch.autograd.Function` for autocast: `@torch.amp.custom_fwd(device_type=...)`
on its `forward` and `@torch.amp.custom_bwd(device_type=...)` on its `backward` (under
`@staticmethod`), with the device type decided once in the module, the way the code picks its
device (`"cuda" if torch.cuda.is_available() else "cpu"`).

## Why is this bad?
`expected m1 and m2 to have the same dtype, but got: c10::BFloat16 != float` raised in a custom
Function's `backward`: the forward ran inside the autocast region and saved bfloat16 activations,
but autograd runs `backward` outside any autocast region, where the saved low-precision tensors
meet the float32 weights. `custom_fwd` records the autocast state of the forward and `custom_bwd`
runs the backward under the same state, as PyTorch's AMP notes prescribe. Needs torch >= 2.4
(`torch.amp.custom_fwd`); for an older torch nothing is proposed.

## Example
```python
class ScaledMatmul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        return x @ w

    @staticmethod
    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        return grad @ w.t(), x.t() @ grad
```

Use instead:
```python
AMP_DEVICE_TYPE = "cuda" if torch.cuda.is_available() else "cpu"


class ScaledMatmul(torch.autograd.Function):
    @staticmethod
    @torch.amp.custom_fwd(device_type=AMP_DEVICE_TYPE)
    def forward(ctx, x, w):
        ...

    @staticmethod
    @torch.amp.custom_bwd(device_type=AMP_DEVICE_TYPE)
    def backward(ctx, grad):
        ...
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

FUNCTION = {"torch.autograd.Function", "torch.autograd.function.Function"}
CONSTANT = "AMP_DEVICE_TYPE"
DECORATORS = {"forward": "custom_fwd", "backward": "custom_bwd"}


def _torch_at_least(diagnosis: Diagnosis, major: int, minor: int) -> bool:
    version = str(diagnosis.versions.get("torch", ""))
    parts = version.split("+")[0].split(".")
    if len(parts) < 2 or not all(p.isdigit() for p in parts[:2]):
        return True  # not recorded: the rule's fixtures run the torch of this checkout
    return (int(parts[0]), int(parts[1])) >= (major, minor)


class _Decorate(cst.CSTTransformer):
    def __init__(self, source: Source, klass: cst.ClassDef):
        self.source, self.klass, self.inside = source, klass, False

    def visit_ClassDef(self, node):
        self.inside = node is self.klass

    def leave_ClassDef(self, original, updated):
        self.inside = False
        return updated

    def leave_FunctionDef(self, original, updated):
        name = original.name.value
        if not self.inside or name not in DECORATORS:
            return updated
        decorator = cst.Decorator(cst.parse_expression(
            f"{self.source.torch}.amp.{DECORATORS[name]}(device_type={CONSTANT})"))
        return updated.with_changes(decorators=[*updated.decorators, decorator])


def _with_constant(source: Source, module: cst.Module) -> cst.Module:
    """`AMP_DEVICE_TYPE = ...` after the module's top-level imports."""
    torch = source.torch
    line = cst.parse_statement(f'{CONSTANT} = "cuda" if {torch}.cuda.is_available() else "cpu"\n')
    body = list(module.body)
    last_import = max((i for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine)
                       and any(isinstance(small, (cst.Import, cst.ImportFrom)) for small in s.body)), default=-1)
    after = last_import + 1
    line = line.with_changes(leading_lines=[cst.EmptyLine()])
    if after < len(body):
        body[after] = body[after].with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    return module.with_changes(body=[*body[:after], line, *body[after:]])


class CustomFunctionAutocast(Rule):
    categories = ("dtype.mismatch", "amp.dtype_mismatch")
    priority = -2  # before the dtype, upcast and unregistered-layer rules: the backward ran outside autocast

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and any(f.user and f.function == "backward" for f in diagnosis.frames)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if not _torch_at_least(diagnosis, 2, 4):
            return
        for frame, source in user_frames(diagnosis, workspace):
            if frame.function != "backward":
                continue
            statement = source.statement_at(frame.line)
            method = source.function_of(statement) if statement is not None else None
            klass = source.enclosing(method, cst.ClassDef) if method is not None else None
            if klass is None or not any(source.qualified_names(b.value) & FUNCTION for b in klass.bases):
                return
            methods = {m.name.value: m for m in klass.body.body if isinstance(m, cst.FunctionDef)}
            if set(DECORATORS) - set(methods) or any(
                    "custom_fwd" in source.code(d) or "custom_bwd" in source.code(d)
                    for m in methods.values() for d in m.decorators) or CONSTANT in source.text:
                return
            module = _with_constant(source, source.module.visit(_Decorate(source, klass)))
            reason = (f"Decorated {klass.name.value}.forward with custom_fwd and backward with custom_bwd: "
                      "its backward runs outside autocast and met the bfloat16 tensors the forward saved")
            yield source.edit(module.code, source.line_of(methods["forward"]), reason, uses_torch=True)
            return

"""## What it does
Converts a copy of the weights for a checkpoint, not the model: `model.half().state_dict()`,
`model.bfloat16().state_dict()` and `model.to(torch.bfloat16).state_dict()` become the state dict
with each floating tensor converted (`{k: v.half() if v.is_floating_point() else v for k, v in
model.state_dict().items()}`); integer buffers (BatchNorm's counter) keep their dtype.

## Why is this bad?
`Module.to(dtype)`, `.half()` and `.bfloat16()` convert the module itself and return it. A save
that shrinks its file this way also turns the live model to half precision: the next forward fails
where float32 inputs meet the half-precision weights (`mixed dtype (CPU): expect parameter to have
scalar type of Float`, `Input type (float) and bias type (c10::BFloat16) should be the same`), or
training goes on in half precision without a word.

## Example
```python
def save_checkpoint(model, path):
    torch.save(model.half().state_dict(), path)
```

Use instead:
```python
def save_checkpoint(model, path):
    torch.save({k: v.half() if v.is_floating_point() else v for k, v in model.state_dict().items()}, path)
```
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import swapped_in_each_file
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources
from resolver.write.edits import Edit, Workspace

LOW_DTYPES = {"torch.bfloat16", "torch.float16", "torch.half"}
LOW_METHODS = {"half", "bfloat16"}
HALF_WEIGHTS = re.compile(r"BFloat16|Half|mixed dtype \(CPU\)")


def _converted(source: Source, call: cst.Call) -> str | None:
    """What `call` converts a module to, as the tensor method that does the same to a tensor
    (`.half()`, `.to(torch.bfloat16)`), when it is `<module>.half()`/`.bfloat16()`/`.to(<low dtype>)`."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return None
    if func.attr.value in LOW_METHODS and not call.args:
        return f".{func.attr.value}()"
    keyword = call.args[0].keyword.value if call.args and call.args[0].keyword else None
    if func.attr.value == "to" and len(call.args) == 1 and keyword in (None, "dtype") \
            and source.qualified_names(call.args[0].value) & LOW_DTYPES:
        return f".to({source.code(call.args[0].value)})"
    return None


def _saved_conversions(source: Source) -> list[cst.Call]:
    """`<module>.<conversion>.state_dict()` calls: only a module has both, so the receiver is one."""
    found = []
    for call in source.nodes(cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "state_dict" and not call.args \
                and isinstance(func.value, cst.Call) and _converted(source, func.value) \
                and isinstance(func.value.func.value, (cst.Name, cst.Attribute)):  # not a fresh copy's
            found.append(call)
    return found


def _copy(source: Source, call: cst.Call) -> cst.BaseExpression:
    inner = call.func.value
    module = source.code(inner.func.value)
    cast = _converted(source, inner)
    return cst.parse_expression(f"{{k: v{cast} if v.is_floating_point() else v "
                                f"for k, v in {module}.state_dict().items()}}")


class ModuleCastForSave(Rule):
    categories = ("dtype.mismatch",)
    priority = -4  # the model itself was converted: before any rule that casts at the layer

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and bool(HALF_WEIGHTS.search(diagnosis.message))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        origins = [(source, call) for source in project_sources(workspace) for call in _saved_conversions(source)]
        if origins:
            yield swapped_in_each_file(origins, _copy, (
                "Converted a copy of the weights for the checkpoint at {where}, not the model: .half(), "
                ".bfloat16() and .to(dtype) convert a module in place, so the save turned the live model "
                "to half precision and the next forward met float32 inputs"))

    def explain(self, diagnosis: Diagnosis, workspace: Workspace) -> str | None:
        """Where the project converts a live module to half precision, when no save explains it:
        the measured facts for the stop, not a fix (whether the cast was meant only under CUDA's
        autocast is the author's call)."""
        # a conversion whose result is dropped (`self.wte.to(dtype=torch.bfloat16)` as a statement):
        # only a module converts itself, a tensor's would be lost
        live = [(source, node.value) for source in project_sources(workspace) for node in source.nodes(cst.Expr)
                if isinstance(node.value, cst.Call) and _converted(source, node.value)
                and isinstance(node.value.func.value, (cst.Name, cst.Attribute))][:3]
        if not live:
            return None
        where = ", ".join(f"{s.code(c)} ({_named(s.path, workspace)}:{s.line_of(c)})" for s, c in live)
        devices = {t.device.split(":")[0] for f in diagnosis.frames if f.user for t in f.tensors.values()}
        run = " on the CPU, where no autocast makes the float32 layers take them" if devices == {"cpu"} else ""
        return (f"the project converts a module itself to half precision: {where}; its outputs keep that "
                f"dtype{run}, and a float32 layer they reach raises")


def _named(path, workspace: Workspace) -> str:
    try:
        return path.resolve().relative_to(workspace.project.resolve()).as_posix()
    except ValueError:
        return path.name

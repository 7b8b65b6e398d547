"""## What it does
Guards a device hard-coded to CUDA (`"cuda"`, `"cuda:N"`, `torch.device("cuda")`) with
`torch.cuda.is_available()`: each one in the failing function, or, when the failing line only
uses a device, the constants, defaults and config fields that make it. `x.cuda()` becomes
`x.to(device)` when the code already computes a `device`. A call that needs CUDA itself
(`torch.cuda.set_device(local_rank)`, which a CPU-only build of torch lacks) runs under
`if torch.cuda.is_available():`. A tensor a module's method makes
(`torch.zeros(..., device="cuda")` in `init_state`) goes where the module's parameters are,
`next(self.parameters()).device`: the caller chose that device when it moved the model. In a module
that holds no parameter (a positional table, a noise layer) it goes on a buffer the module registers,
and where it has none the device is guarded.

## Why is this bad?
`Torch not compiled with CUDA enabled`, `Found no NVIDIA driver on your system`, `No CUDA GPUs
are available`: the script runs only where CUDA exists. The guard keeps CUDA where it is. A
device read from a YAML/JSON file is not in the Python the rule edits: nothing is proposed.

## Example
```python
DEVICE = "cuda"
model = Net().to(DEVICE)
```

Use instead:
```python
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
model = Net().to(DEVICE)
```
"""

from __future__ import annotations

import ast
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._checkpoint import CUDA, device_name, guarded, in_scope
from resolver.fix.rules._project import replaced_all, sources_mentioning, swapped_in_each_file
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, user_frames
from resolver.fix.rules._syntax import BUILTINS, is_none, last_name, own_nodes, parameter_names
from resolver.write.edits import Edit, Workspace

MAX_ORIGINS = 4  # hard-coded device defaults fixed in one edit
CUDA_ONLY_CALLS = {"torch.cuda.set_device", "torch.cuda.synchronize", "torch.cuda.empty_cache"}


def _cuda_literal(source: Source, node: cst.CSTNode) -> bool:
    """A `"cuda"`/`"cuda:0"` string that chooses a device: not compared against, not already
    one branch of a conditional."""
    if not isinstance(node, cst.SimpleString):
        return False
    value = ast.literal_eval(node.value)
    if not isinstance(value, str) or not CUDA.fullmatch(value):
        return False
    return source.enclosing(node, (cst.Comparison, cst.IfExp, cst.Subscript, cst.DictElement)) is None


def _cuda_call(node: cst.CSTNode) -> bool:
    """`x.cuda()` or `x.cuda(0)`."""
    return method_call(node, "cuda") and all(isinstance(a.value, cst.Integer) and not a.keyword for a in node.args) \
        and len(node.args) <= 1


MODULE_DEVICE = cst.parse_expression("next(self.parameters()).device")


def _module_device(source: Source, node: cst.SimpleString) -> cst.BaseExpression | None:
    """Where a tensor made in a method of an `nn.Module` subclass (`device="cuda"` given to a call
    there, the method binding no device of its own) belongs: with the module's parameters, or, in a
    module that clearly holds none (its `__init__` builds no layer), with a buffer it registers;
    None when the module has neither."""
    parent = source.parents.get(node)
    function = source.function_of(node)
    klass = source.enclosing(node, cst.ClassDef)
    if not (isinstance(parent, cst.Arg) and parent.keyword is not None and parent.keyword.value == "device"):
        return None
    if function is None or klass is None or function.name.value == "__init__" \
            or parameter_names(function)[:1] != ["self"] or device_name(source, function):
        return None
    if not any((last_name(base.value) or "").endswith("Module") for base in klass.bases):
        return None
    init = next((f for f in own_nodes(klass, cst.FunctionDef) if f.name.value == "__init__"), None)
    if init is None or _may_hold_parameters(source, init):
        return MODULE_DEVICE
    buffer = next((c.args[0].value for c in own_nodes(init, cst.Call) if method_call(c, "register_buffer")
                   and len(c.args) > 1 and isinstance(c.args[0].value, cst.SimpleString)
                   and not is_none(c.args[1].value)), None)
    return cst.parse_expression(f"self.{ast.literal_eval(buffer.value)}.device") if buffer is not None else None


def _may_hold_parameters(source: Source, init: cst.FunctionDef) -> bool:
    """`__init__` keeps something it was given (`self.net = net`), or calls something that may make a
    layer or a parameter: a class (`nn.Linear`, a submodule of the project, `nn.Parameter`), a
    function of the project (`make_mlp()`) or a method of its own (`self._build()`). Builtins,
    torch's functions and tensor methods (`torch.zeros`, `pe.unsqueeze(0)`) and
    `super().__init__()` make none."""
    given = set(parameter_names(init)) - {"self"}
    for assign in own_nodes(init, cst.Assign):  # `self.net = net`: a module it was given
        if isinstance(assign.value, cst.Name) and assign.value.value in given:
            return True
    for call in own_nodes(init, cst.Call):
        name = last_name(call.func) or ""
        if name[:1].isupper():
            return True
        if isinstance(call.func, cst.Name) and name not in BUILTINS:
            return True
        if isinstance(call.func, cst.Attribute) and source.code(call.func.value) == "self" \
                and name != "register_buffer":
            return True
    return False


def _replacements(source: Source, nodes: list[cst.CSTNode]) -> dict[cst.CSTNode, cst.CSTNode]:
    swaps = {}
    for node in nodes:
        if isinstance(node, cst.SimpleString):
            swaps[node] = _module_device(source, node) or guarded(source, node.value)
            continue
        device = device_name(source, source.function_of(node))
        index = node.args[0].value.value if node.args else None
        target = device or source.code(guarded(source, f'"cuda:{index}"' if index else '"cuda"'))
        swaps[node] = cst.parse_expression(f"{source.code(node.func.value)}.to({target})") \
            if "\n" not in source.module.code_for_node(node.func.value) else node
    return {old: new for old, new in swaps.items() if new is not old}


def _cuda_sites(source: Source, scope: cst.CSTNode) -> list[cst.CSTNode]:
    return [n for n in source.nodes((cst.SimpleString, cst.Call), lambda n: in_scope(source, n, scope))
            if _cuda_literal(source, n) or _cuda_call(n)]


def _cuda_only_statement(source: Source, line: int) -> cst.SimpleStatementLine | None:
    """`torch.cuda.set_device(local_rank)` alone on its line: a call that needs CUDA itself (a
    CPU-only build has no `torch._C._cuda_setDevice`), where no device is hard-coded to guard."""
    statement = source.statement_at(line)
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
            and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.Call) \
            and source.code(statement.body[0].value.func) in CUDA_ONLY_CALLS \
            and isinstance(source.parents.get(statement), cst.IndentedBlock | cst.Module):
        return statement
    return None


def _hard_coded_cuda(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    for frame, source in user_frames(diagnosis, workspace):
        on_line = [n for n in source.on_line(cst.CSTNode, frame.line) if _cuda_literal(source, n) or _cuda_call(n)]
        statement = _cuda_only_statement(source, frame.line)
        if not on_line and statement is None:
            continue
        function = source.function_of(on_line[0] if on_line else statement)
        swaps = _replacements(source, _cuda_sites(source, function or source.module) if function else on_line)
        spelled = ", ".join(sorted({source.code(n) for n in swaps}))
        reason = (f"Chose the device where CUDA is available instead of {spelled}: this machine has no CUDA, "
                  "and the guard keeps CUDA where it is")
        if statement is not None:  # the call runs where CUDA is, the devices beside it are guarded
            call = source.code(statement.body[0].value)
            beside = f", and chose the device there instead of {spelled}" if swaps else ""
            reason = (f"Called {call} only where CUDA is available{beside}: this machine has no CUDA, and the guard "
                      "keeps CUDA where it is")
            swaps = {statement: cst.If(test=cst.parse_expression("torch.cuda.is_available()"),
                                       body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=[])]),
                                       leading_lines=statement.leading_lines), **swaps}
        if swaps:
            if all(isinstance(new, cst.Attribute) and new.attr.value == "device" for new in swaps.values()):
                reason = (f"Made the tensor on the module's own device instead of {spelled}: this machine has no "
                          "CUDA, and the module's parameters and buffers are wherever its caller moved it")
            yield source.edit(replaced_all(source.module, swaps), source.line_of(next(iter(swaps))), reason,
                              uses_torch=True)
        return
    yield from _device_origin(diagnosis, workspace)


def _device_origin(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
    """The failing line uses a device made elsewhere: the constants, defaults and config defaults
    that hard-code CUDA are where it is chosen."""
    frame = next((f for f in reversed(diagnosis.frames) if f.user), None)
    if frame is None:
        return
    origins = [(s, n) for s in sources_mentioning(workspace, r"""["']cuda(:\d+)?["']""")
               for n in s.nodes(cst.SimpleString, lambda n, s=s: _cuda_literal(s, n) and _chooses(s, n))]
    if not origins or len(origins) > MAX_ORIGINS:
        return
    yield swapped_in_each_file(origins, lambda source, node: guarded(source, node.value),
                               "Chose the device where CUDA is available at {where}, where the code hard-codes "
                               "CUDA: this machine has none, and the guard keeps CUDA where it is")


def _chooses(source: Source, node: cst.SimpleString) -> bool:
    """The literal is a value something is set to: a constant, a default, a config field, also
    spelled `torch.device("cuda")` or made by a `lambda:` (a dataclass `field(default_factory=...)`)."""
    parent = source.parents.get(node)
    while True:
        if isinstance(parent, cst.Arg) and parent.keyword is None \
                and source.calls(source.parents.get(parent), {"torch.device"}):
            node = source.parents[parent]
        elif isinstance(parent, cst.Lambda) and parent.body is node:
            node = parent
        else:
            break
        parent = source.parents.get(node)
    if isinstance(parent, (cst.Assign, cst.AnnAssign, cst.Param)):
        return True
    return isinstance(parent, cst.Arg) and parent.keyword is not None \
        and parent.keyword.value in {"default", "device", "default_factory"}


class HardCodedCuda(Rule):
    categories = ("device.no_cuda",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from _hard_coded_cuda(diagnosis, workspace)

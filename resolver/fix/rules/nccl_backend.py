"""## What it does
Chooses gloo where there is no GPU, where the backend is written: a `"nccl"` given to
`init_process_group` becomes `"nccl" if torch.cuda.is_available() else "gloo"`, in the call
itself, or, when the call passes a name (`backend=args.backend`, `cfg.backend`), at the
constants, argparse defaults and config fields that write `"nccl"`.

## Why is this bad?
`Distributed package doesn't have NCCL built in`, `ProcessGroupNCCL is only supported with GPUs`:
NCCL runs only between CUDA GPUs, so the script cannot start on a CPU machine or a rank without a
GPU. The guard keeps NCCL wherever there is CUDA. A backend read from a YAML/JSON file is not in
the Python the rule edits: nothing is proposed. Nor is anything proposed for a program that needs
CUDA anyway (`torch.cuda.set_device`, CUDA streams and events, `.cuda()`, `device="cuda"` outside
a CUDA check): gloo would only move the crash to the next CUDA call; it needs a GPU.

## Example
```python
dist.init_process_group(backend="nccl")
```

Use instead:
```python
dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")
```
"""

from __future__ import annotations

import ast
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._checkpoint import CUDA
from resolver.fix.rules._project import replaced_all, sources_mentioning, swapped_in_each_file
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, method_call, user_frames
from resolver.write.edits import Edit, Workspace

INIT = {"torch.distributed.init_process_group"}
CUDA_ONLY = {f"torch.cuda.{name}" for name in ("set_device", "Stream", "stream", "Event", "synchronize",
                                                "current_stream", "device")}
MAX_ORIGINS = 3  # places that write the backend, fixed in one edit
WHY = "this machine has no CUDA GPU, and NCCL runs only between GPUs; the guard keeps NCCL where there is CUDA"


def _nccl(source: Source, node: cst.CSTNode) -> bool:
    """A `"nccl"` that chooses the backend: not compared against, not one branch of a
    conditional, not an entry of a `choices=[...]` list or a dict key."""
    if not isinstance(node, cst.SimpleString):
        return False
    try:
        value = ast.literal_eval(node.value)
    except (ValueError, SyntaxError):
        return False
    if not isinstance(value, str) or value.lower() != "nccl":
        return False
    parent = source.parents.get(node)
    if isinstance(parent, cst.Element) or isinstance(parent, cst.DictElement) and parent.key is node:
        return False
    return source.enclosing(node, (cst.Comparison, cst.IfExp, cst.Subscript)) is None


def _guarded(source: Source, node: cst.SimpleString) -> cst.BaseExpression:
    return cst.parse_expression(f'{node.value} if {source.torch}.cuda.is_available() else "gloo"')


def _backend_argument(source: Source, line: int) -> cst.Arg | None:
    for call in source.on_line(cst.Call, line):
        if source.calls(call, INIT):
            return argument(call, 0, "backend")
    return None


def _needs_cuda(workspace: Workspace) -> bool:
    """The project uses CUDA outside any CUDA check: it is a GPU program, not one that NCCL alone keeps off the CPU."""
    for source in sources_mentioning(workspace, r"cuda"):
        for node in source.nodes((cst.Call, cst.SimpleString)):
            if isinstance(node, cst.Call):
                uses = source.calls(node, CUDA_ONLY) or method_call(node, "cuda")
            else:
                uses = _cuda_device(node)
            if uses and not _under_cuda_check(source, node):
                return True
    return False


def _cuda_device(node: cst.SimpleString) -> bool:
    try:
        value = ast.literal_eval(node.value)
    except (ValueError, SyntaxError):
        return False
    return isinstance(value, str) and CUDA.fullmatch(value) is not None


def _under_cuda_check(source: Source, node: cst.CSTNode) -> bool:
    parent = source.parents.get(node)
    while parent is not None:
        if isinstance(parent, (cst.If, cst.IfExp, cst.While)) and "cuda" in source.code(parent.test):
            return True
        if isinstance(parent, cst.Comparison):  # `device.type == "cuda"`: a check, not a use
            return True
        parent = source.parents.get(parent)
    return False


class NcclBackend(Rule):
    categories = ("dist.nccl_unavailable",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        if _needs_cuda(workspace):
            return
        for frame, source in user_frames(diagnosis, workspace):
            given = _backend_argument(source, frame.line)
            if given is None:
                continue
            if _nccl(source, given.value):
                yield source.edit(replaced_all(source.module, {given.value: _guarded(source, given.value)}),
                                  source.line_of(given.value), f"Chose gloo where there is no GPU: {WHY}",
                                  uses_torch=True)
                return
            break  # a name: the backend is written elsewhere
        yield from _origins(workspace)


def _origins(workspace: Workspace) -> Iterator[Edit]:
    """The constants, defaults and config fields that write "nccl", project-wide."""
    origins = [(s, n) for s in sources_mentioning(workspace, r"""["']nccl["']""")
               for n in s.nodes(cst.SimpleString, lambda n, s=s: _nccl(s, n) and _chooses(s, n))]
    if not origins or len(origins) > MAX_ORIGINS:
        return
    yield swapped_in_each_file(origins, _guarded, "Chose gloo where there is no GPU at {where}, where the backend "
                                                  "is written: " + WHY)


def _chooses(source: Source, node: cst.SimpleString) -> bool:
    """The literal is a value the backend is set to: a constant, a parameter or field default, an
    argparse `default=`, a `backend=` keyword, or the fallback of `os.environ.get(...)`."""
    parent = source.parents.get(node)
    if isinstance(parent, (cst.Assign, cst.AnnAssign, cst.Param, cst.DictElement)):
        return True
    if not isinstance(parent, cst.Arg):
        return False
    if parent.keyword is not None:
        return parent.keyword.value in {"default", "backend", "dist_backend"}
    call = source.parents.get(parent)
    function = call.func if isinstance(call, cst.Call) else None
    return isinstance(function, cst.Attribute) and function.attr.value in {"get", "getenv"} or \
        isinstance(function, cst.Name) and function.value == "getenv"

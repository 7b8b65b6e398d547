"""Helpers the checkpoint and device rules share: how CUDA is spelled, the loaders, the guard,
and the `load_state_dict` call on a failing line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis, Frame
from resolver.fix.rules._source import Source, method_call, user_frames
from resolver.write.edits import Workspace

CUDA = re.compile(r"cuda(:\d+)?")

LOADERS = frozenset({"torch.load", "torch.serialization.load"})


def guarded(source: Source, literal: str) -> cst.BaseExpression:
    return cst.parse_expression(f'{literal} if {source.torch}.cuda.is_available() else "cpu"')


def in_scope(source: Source, node: cst.CSTNode, scope: cst.CSTNode) -> bool:
    """`node` belongs to `scope`'s own namespace: anywhere in the module, or in the function and not a nested one."""
    return scope is source.module or source.enclosing(node, cst.FunctionDef) is scope


def device_name(source: Source, function: cst.FunctionDef | None) -> str | None:
    """A name the code already binds to its device (`device`, `self.device`) in the function or the module."""
    scope = function if function is not None else source.module
    params = [p.name.value for p in function.params.params] if function is not None else []
    bound = {*params, *(source.code(t.target) for a in source.nodes(cst.Assign, lambda a: in_scope(source, a, scope))
                        for t in a.targets)}
    return next((n for n in ("device", "self.device", "dev") if n in bound), None)


@dataclass(frozen=True)
class StateDictLoad:
    """`model.load_state_dict(sd)` on a failing line: the call, the dict it is given, that dict as
    an operand, and two names for a comprehension over it that the dict's code does not use."""

    call: cst.Call
    given: cst.BaseExpression
    held: str
    key: str
    value: str


def state_dict_load(source: Source, line: int) -> StateDictLoad | None:
    loads = [c for c in source.on_line(cst.Call, line) if method_call(c, "load_state_dict") and c.args
             and c.args[0].keyword is None]
    if not loads:
        return None
    given = loads[0].args[0].value
    held = source.code(given) if isinstance(given, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)) \
        else f"({source.code(given)})"
    key, value = ("k", "v") if not {"k", "v"} & set(re.findall(r"\w+", held)) else ("key", "tensor")
    return StateDictLoad(loads[0], given, held, key, value)


def failing_loads(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[tuple[Frame, Source, StateDictLoad]]:
    """The `load_state_dict(sd)` call on each of the user's failing lines, innermost first."""
    for frame, source in user_frames(diagnosis, workspace):
        load = state_dict_load(source, frame.line)
        if load is not None:
            yield frame, source, load

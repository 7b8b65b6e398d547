"""`expected target dtype to be Long or Byte, but got Float` from CrossEntropy/NLL: class-index
targets must be integers. `.long()` goes on the target argument of the loss call that failed."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.rules._source import user_frames, wrap
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule


def _target(call: cst.Call) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "target":
            return arg
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[1] if len(positional) >= 2 else None


class TargetLong(Rule):
    categories = ("dtype.target_long",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            found = False
            for call in reversed(source.on_line(cst.Call, frame.line)):  # innermost calls first
                target = _target(call)
                if target is None:
                    continue
                code = source.module.code_for_node(target.value)
                if code.endswith(".long()"):
                    continue
                found = True
                new = wrap(code, ".long()")
                reason = (f"Changed the target {source.code(target.value)} to {source.code(new)} in "
                          f"{source.code(call.func)}(...): class-index targets must be int64")
                yield source.edit(source.replaced(target.value, new), source.line_of(call), reason)
            if found:
                return

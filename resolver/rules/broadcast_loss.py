"""`Target size (torch.Size([4])) must be the same as input size (torch.Size([4, 1]))`: the
model's (N, 1) output meets an (N,) target. The extra dimension is squeezed where the output
meets the target, in the loss call that failed."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.rules._source import user_frames, wrap
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

SIZES = re.compile(r"(?:Target size|Using a target size) \(torch\.Size\(\[([\d, ]*)\]\)\)"
                   r" (?:must be the same as|that is different to the) input size \(torch\.Size\(\[([\d, ]*)\]\)\)")


def _shape(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split(",") if n.strip())


class BroadcastLoss(Rule):
    categories = ("shape.broadcast",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        match = SIZES.search(diagnosis.message)
        if not match:
            return
        target, given = _shape(match[1]), _shape(match[2])
        if given == target + (1,):
            index, step = 0, ".squeeze(-1)"  # squeeze the model's output
        elif target == given + (1,):
            index, step = 1, ".squeeze(-1)"  # the target has the extra dimension
        else:
            return
        for frame, source in user_frames(diagnosis, workspace):
            for call in reversed(source.on_line(cst.Call, frame.line)):
                positional = [a for a in call.args if a.keyword is None and not a.star]
                if len(positional) != 2:
                    continue
                value = positional[index].value
                new = wrap(source.module.code_for_node(value), step)
                reason = (f"Changed {source.code(value)} to {source.code(new)} in {source.code(call.func)}(...): "
                          f"input {list(given)} and target {list(target)} differ by a trailing dimension of 1")
                yield source.edit(source.replaced(value, new), source.line_of(call), reason)
                return

"""`a leaf Variable that requires grad is being used in an in-place operation`: a manual
parameter update (`w -= lr * w.grad`) recorded by autograd. The update, with the in-place
statements right after it (the other parameters, `.grad.zero_()`), goes under
`with torch.no_grad():`."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.codeedit import user_frames
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

UPDATE_WORDS = ("grad", "lr", "learning_rate", "step_size", "momentum", "weight_decay")


def _in_place(statement: cst.CSTNode) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    return all(isinstance(s, cst.AugAssign)
               or isinstance(s, cst.Expr) and isinstance(s.value, cst.Call) and isinstance(s.value.func, cst.Attribute)
               and s.value.func.attr.value.endswith("_") and not s.value.func.attr.value.startswith("_")
               or isinstance(s, cst.Assign) and any(isinstance(t.target, (cst.Attribute, cst.Subscript)) for t in s.targets)
               for s in statement.body)


class LeafInplace(Rule):
    categories = ("autograd.leaf_inplace",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            torch = source.torch_name()
            statement = source.statement_at(frame.line)
            if torch is None or not isinstance(statement, cst.SimpleStatementLine):
                continue
            if not any(word in source.code(statement) for word in UPDATE_WORDS):
                return  # an in-place op in the model's math, not an optimizer step: not ours to wrap
            block = source.parents().get(statement)
            if not isinstance(block, (cst.IndentedBlock, cst.Module)):
                continue
            body = list(block.body)
            start = body.index(statement)
            end = start + 1
            while end < len(body) and _in_place(body[end]):
                end += 1
            wrapped = cst.With(items=[cst.WithItem(cst.parse_expression(f"{torch}.no_grad()"))],
                               body=cst.IndentedBlock(body=body[start:end]),
                               leading_lines=statement.leading_lines)
            first = body[start].with_changes(leading_lines=())
            wrapped = wrapped.with_changes(body=cst.IndentedBlock(body=[first, *body[start + 1:end]]))
            new_block = block.with_changes(body=[*body[:start], wrapped, *body[end:]])
            count = end - start
            reason = (f"Wrapped the manual parameter update at line {frame.line}"
                      + (f" and the {count - 1} in-place statement(s) after it" if count > 1 else "")
                      + f" in `with {torch}.no_grad():` so autograd does not record it")
            yield source.edit(source.replaced(block, new_block), frame.line, reason)
            return

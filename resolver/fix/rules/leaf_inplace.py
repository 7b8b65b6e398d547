"""## What it does
Puts a manual parameter update (`w -= lr * w.grad`), with the in-place statements right after it
(the other parameters, `.grad.zero_()`), under `with torch.no_grad():`.

## Why is this bad?
`a leaf Variable that requires grad is being used in an in-place operation`: autograd records
the update as part of the graph, on a tensor it must not change in place.

## Example
```python
loss.backward()
w -= lr * w.grad
w.grad.zero_()
```

Use instead:
```python
loss.backward()
with torch.no_grad():
    w -= lr * w.grad
    w.grad.zero_()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import inplace_call, user_frames
from resolver.write.edits import Edit, Workspace

UPDATE_WORDS = ("grad", "lr", "learning_rate", "step_size", "momentum", "weight_decay")


def _in_place(statement: cst.CSTNode) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    return all(isinstance(s, cst.AugAssign) or isinstance(s, cst.Expr) and inplace_call(s.value)
               or isinstance(s, cst.Assign)
               and any(isinstance(t.target, (cst.Attribute, cst.Subscript)) for t in s.targets)
               for s in statement.body)


class LeafInplace(Rule):
    categories = ("autograd.leaf_inplace",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            if not any(word in source.code(statement) for word in UPDATE_WORDS):
                return  # an in-place op in the model's math, not an optimizer step: not ours to wrap
            block = source.parents.get(statement)
            if not isinstance(block, (cst.IndentedBlock, cst.Module)):
                continue
            body = list(block.body)
            start = body.index(statement)
            end = start + 1
            while end < len(body) and _in_place(body[end]):
                end += 1
            new_block = block.with_changes(body=[*body[:start], source.no_grad_block(body[start:end]), *body[end:]])
            count = end - start
            reason = (f"Wrapped the manual parameter update at line {frame.line}"
                      + (f" and the {count - 1} in-place statement(s) after it" if count > 1 else "")
                      + f" in `with {source.torch}.no_grad():` so autograd does not record it")
            yield source.edit(source.replaced(block, new_block), frame.line, reason, uses_torch=True)
            return

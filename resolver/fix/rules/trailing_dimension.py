"""## What it does
Drops the trailing dimension of 1 that makes a loss's input and target disagree: `.squeeze(-1)`
in the project model's `forward` when the model returns the (N, 1) side, else at the loss call.

## Why is this bad?
`Target size (torch.Size([32])) must be the same as input size (torch.Size([32, 1]))`: a BCE or
regression loss compares element by element, and (N, 1) against (N,) broadcasts to (N, N) or
fails.

## Example
```python
def forward(self, x):
    return self.head(x)  # (N, 1)
```

Use instead:
```python
def forward(self, x):
    return self.head(x).squeeze(-1)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import changed, class_method, first_frame_edits, loss_calls, target_and_input_sizes
from resolver.fix.rules._origin import Step, Tracer
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, wrap
from resolver.fix.rules._syntax import argument
from resolver.write.edits import Edit, Workspace


def _trailing_one(diagnosis, tracer: Tracer, frame, source: Source) -> Iterator[Edit]:
    sizes = target_and_input_sizes(diagnosis.message)
    if sizes is None:
        return
    target, given = sizes
    if given == target + (1,):
        index = 0  # the model's output has the extra dimension
    elif target == given + (1,):
        index = 1
    else:
        return
    for call in loss_calls(source, frame.line):
        value = argument(call, index, "input" if index == 0 else "target")
        if value is None:
            continue
        if index == 0:
            returned = _model_return(tracer, source, value, frame)
            if returned is not None:
                new = wrap(returned.source.module.code_for_node(returned.node), ".squeeze(-1)")
                yield changed(returned.source, returned.node, new, f"where the model returns its output: it is "
                            f"{list(given)} against the target's {list(target)}; one value per sample is (N,)")
        new = wrap(source.module.code_for_node(value), ".squeeze(-1)")
        yield changed(source, value, new, f"in {source.code(call.func)}(...): input {list(given)} and target "
                    f"{list(target)} differ by a trailing dimension of 1")
        return


def _model_return(tracer: Tracer, source: Source, value, frame) -> Step | None:
    """The return value of the project model's forward, when `value` is `model(x)` (or a name bound to it)."""
    chain = tracer.chain(source, value, frame)
    call = next((s for s in chain if isinstance(s.node, cst.Call)), None)
    if call is None:
        return None
    forward = class_method(tracer, call.source, call.node.func, frame, "forward")
    if forward is None:
        return None
    returns = [n for n in forward[1].nodes(cst.Return) if forward[1].enclosing(n, cst.FunctionDef) is forward[0]]
    if len(returns) != 1 or returns[0].value is None:
        return None
    return Step(forward[1], returns[0].value, "returned")


class TrailingDimension(Rule):
    categories = ("shape.broadcast",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        yield from first_frame_edits(diagnosis, workspace, _trailing_one)

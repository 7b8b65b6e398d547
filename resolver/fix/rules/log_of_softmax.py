"""The log of a softmax is one op, `log_softmax`: the two apart give `log(0) = -inf`.

## What it does
Where a run's loss turns non-finite and the first non-finite value comes from a `log` of a
`softmax` (the probe's rerun names the op and the line), the pair becomes one `log_softmax`
with the softmax's arguments: `torch.log(torch.softmax(z, dim=1))` -> `torch.log_softmax(z, dim=1)`,
`F.softmax(z, -1).log()` -> `F.log_softmax(z, -1)`, and a `probs.log()` whose `probs` is that
function's one softmax assignment.

## Why is this bad?
A softmax of large logits underflows to exactly 0 for the classes it is sure are wrong, and the
log of 0 is -inf: the loss becomes inf, then nan, and the model is ruined from that step on.
`log_softmax` subtracts the largest logit first and never takes the log of 0.

## Example
```python
loss = F.nll_loss(torch.log(torch.softmax(logits, dim=1)), y)
```

Use instead:
```python
loss = F.nll_loss(torch.log_softmax(logits, dim=1), y)
```"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import nonfinite_from
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

LOGS = frozenset({"torch.log", "torch.Tensor.log"})
SOFTMAX = frozenset({"torch.softmax", "torch.nn.functional.softmax", "torch.special.softmax"})


def _is_softmax(node: cst.CSTNode, source: Source) -> bool:
    if not isinstance(node, cst.Call):
        return False
    method = isinstance(node.func, cst.Attribute) and node.func.attr.value == "softmax"
    return source.calls(node, SOFTMAX) or method and not source.qualified_names(node.func)


def _log_of(call: cst.Call, source: Source) -> cst.BaseExpression | None:
    """The argument a log call takes the log of: `torch.log(x)` or `x.log()`."""
    if source.calls(call, LOGS) and len(call.args) == 1:
        return call.args[0].value
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "log" and not call.args:
        return call.func.value
    return None


def _softmax_assigned(name: cst.Name, call: cst.Call, source: Source) -> cst.Call | None:
    """The softmax a name holds: its one assignment in the function, used by this log alone."""
    function = source.function_of(call)
    assigned = [a for a in source.nodes(cst.Assign) if source.function_of(a) is function
                and any(isinstance(t.target, cst.Name) and t.target.value == name.value for t in a.targets)]
    uses = [n for n in source.nodes(cst.Name) if n.value == name.value and source.function_of(n) is function]
    if len(assigned) != 1 or len(uses) != 2 or not _is_softmax(assigned[0].value, source):
        return None
    return assigned[0].value


def _log_softmax(softmax: cst.Call) -> cst.Call:
    func = softmax.func
    if isinstance(func, cst.Attribute):
        return softmax.with_changes(func=func.with_changes(attr=cst.Name("log_softmax")))
    return softmax.with_changes(func=cst.parse_expression("torch.log_softmax"))


class _Rewrite(cst.CSTTransformer):
    def __init__(self, call: cst.Call, new: cst.Call, removed: cst.CSTNode | None):
        super().__init__()
        self.call, self.new, self.removed = call, new, removed

    def leave_Call(self, original, updated):
        return self.new if original is self.call else updated

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemoveFromParent() if original is self.removed else updated


class LogOfSoftmax(Rule):
    categories = ("health.non_finite_loss",)
    priority = 0  # before eps_guard: a softmax's log is one op, not a log that needs an eps

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and nonfinite_from(diagnosis, ("torch.log", "Tensor.log"))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                inner = _log_of(call, source)
                if inner is None:
                    continue
                softmax = inner if _is_softmax(inner, source) else None
                if softmax is None and isinstance(inner, cst.Name):
                    softmax = _softmax_assigned(inner, call, source)
                if softmax is None:
                    continue
                new = _log_softmax(softmax)
                # `probs = softmax(...)`, when it held the softmax for this log alone, goes too
                held = source.enclosing(softmax, cst.SimpleStatementLine) if softmax is not inner else None
                module = source.module.visit(_Rewrite(call, new, held))
                reason = (f"Changed {source.code(call)} to {source.code(new)}: the softmax underflowed to 0 and its "
                          f"log was -inf; log_softmax computes the same without taking the log of 0")
                yield source.edit(module.code, source.line_of(call), reason,
                                  uses_torch=not isinstance(softmax.func, cst.Attribute))
                return
            return

"""## What it does
Where a run's loss turns non-finite and the first non-finite value comes from a `cosh` on a line
of the project (the probe's rerun names the op and the line) that takes its log
(`torch.log(torch.cosh(d))`, `d.cosh().log()`: a log-cosh loss), the log-cosh is written in the
form that never leaves the float range: `d + F.softplus(-2.0 * d) - math.log(2.0)`, the same
value for every `d`. A `cosh` whose log is not taken is left alone.

## Why is this bad?
`cosh(d)` overflows float32 at |d| > 89: a residual that large (prices in dollars, an unscaled
target) makes the loss inf and its gradient nan, although log-cosh itself is only about |d|.

## Example
```python
loss = torch.log(torch.cosh(pred - target)).mean()
```

Use instead:
```python
loss = (pred - target + F.softplus(-2.0 * (pred - target)) - math.log(2.0)).mean()
```
"""

from __future__ import annotations

import sys
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._loss import functional_spelling, nonfinite_from
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.write.edits import Edit, Workspace

SIMPLE = (cst.Name, cst.Attribute, cst.Call, cst.Subscript)


def _argument_of(call: cst.BaseExpression, source: Source, name: str) -> cst.BaseExpression | None:
    """What `torch.name(x)` or `x.name()` is applied to."""
    if not isinstance(call, cst.Call):
        return None
    if source.calls(call, {f"torch.{name}"}) and len(call.args) == 1 and call.args[0].keyword is None:
        return call.args[0].value
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == name and not call.args:
        return call.func.value
    return None


def _with_math(source: Source, text: str) -> str:
    """The file with `import math` before its first import, when it has none."""
    if any(source.code(n).strip() == "import math" for n in source.nodes(cst.Import)):
        return text
    module = cst.parse_module(text)
    body = list(module.body)
    imports = [i for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine)
               and isinstance(s.body[0], (cst.Import, cst.ImportFrom))]
    future = [i for i in imports if "__future__" in module.code_for_node(body[i])]
    first = future[-1] + 1 if future else imports[0] if imports else 0
    after = body[first:]
    standard = after and module.code_for_node(after[0]).split()[1].split(".")[0] in sys.stdlib_module_names
    if after and not standard and not after[0].leading_lines:  # a group of its own above third-party imports
        after[0] = after[0].with_changes(leading_lines=[cst.EmptyLine()])
    return module.with_changes(body=body[:first] + [cst.parse_statement("import math\n")] + after).code


class LogCoshStable(Rule):
    categories = ("health.non_finite_loss",)
    priority = 4  # a cosh, which the log rules, eps_guard and the exp rule leave alone

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and nonfinite_from(diagnosis, ("torch.cosh", "Tensor.cosh"))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                residual = _argument_of(_argument_of(call, source, "log"), source, "cosh")
                if residual is None:
                    continue
                code = source.module.code_for_node(residual)
                d = code if isinstance(residual, SIMPLE) else f"({code})"
                functional, _ = functional_spelling(source)
                new = cst.parse_expression(f"({d} + {functional}.softplus(-2.0 * {d}) - math.log(2.0))")
                if isinstance(source.parents.get(call), (cst.Assign, cst.Return, cst.Arg, cst.AnnAssign)):
                    new = new.with_changes(lpar=[], rpar=[])
                text = _with_math(source, source.replaced(call, new))
                yield source.edit(text, frame.line,
                                  f"Changed {source.code(call)} to {source.module.code_for_node(new)}: cosh "
                                  "overflows float32 for residuals beyond 89, making the loss inf; this form is "
                                  "the same log-cosh for every value and never overflows", uses_torch=True)
                return
            return

"""## What it does
Enables the GradScaler only where the code scales the loss: when `scaler.scale(loss)` runs only
under a test (`if self.amp_dtype == torch.float16:`, the usual "bf16 needs no loss scaling"), while
`unscale_`, `step` and `update` run on every iteration, the same test joins the scaler's
`enabled=` where it is built. A disabled scaler's `unscale_`/`step`/`update` are pass-throughs.

## Why is this bad?
`Attempted unscale_ but _scale is None`, `Attempted step but _scale is None`: a scaler that is
enabled but never scaled this iteration has no scale to divide the gradients by. The code's own test
says when scaling is wanted (float16 underflows, bfloat16 has float32's exponent range); the
scaler's switch should say the same, not only the backward.

## Example
```python
self.scaler = torch.amp.GradScaler("cuda", enabled=cfg.amp)
...
if self.amp_dtype == torch.float16:
    self.scaler.scale(loss).backward()
else:
    loss.backward()
```

Use instead:
```python
self.scaler = torch.amp.GradScaler("cuda", enabled=cfg.amp and self.amp_dtype == torch.float16)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, keyword_arg, method_call, user_frames
from resolver.fix.rules._syntax import bound_names, parameter_names
from resolver.write.edits import Edit, Workspace


def _scale_test(source: Source, scaler: str) -> cst.BaseExpression | None:
    """The one test under which every `scaler.scale(...)` of the file runs (its else negated), or
    None when one runs unconditionally or the tests differ."""
    tests = set()
    for call in source.nodes(cst.Call, lambda c: method_call(c, "scale") and source.code(c.func.value) == scaler):
        branch = source.enclosing(call, cst.If)
        if branch is None or source.enclosing(branch, cst.FunctionDef) is not source.function_of(call) \
                or isinstance(source.parents.get(branch), cst.If) or isinstance(branch.orelse, cst.If):
            return None  # an elif chain: one test does not say when the scale runs
        test = source.code(branch.test)
        tests.add(test if source.within(call, branch.body) else f"not ({test})")
    return cst.parse_expression(tests.pop()) if len(tests) == 1 else None


def _construction(source: Source, scaler: str) -> tuple[cst.Call, cst.CSTNode] | None:
    """`scaler = ...GradScaler(...)` in the file, with its statement."""
    for assign in source.nodes(cst.Assign):
        if len(assign.targets) == 1 and source.code(assign.targets[0].target) == scaler \
                and isinstance(assign.value, cst.Call) and source.code(assign.value.func).endswith("GradScaler"):
            return assign.value, assign
    return None


def _bound_before(source: Source, test: cst.BaseExpression, statement: cst.CSTNode) -> bool:
    """Everything the test reads (`self.amp_dtype`, `args.precision`, `torch`) is set before the
    scaler is built, in the function that builds it or at module level, so the test can be
    evaluated there."""
    function = source.function_of(statement)
    line = source.line_of(statement)
    earlier = [a for a in source.nodes((cst.Assign, cst.AnnAssign), lambda a: function is not None
                                       and source.within(a, function) and source.line_of(a) < line)]
    made = {source.code(t.target) for a in earlier for t in getattr(a, "targets", ())} \
        | {source.code(a.target) for a in earlier if isinstance(a, cst.AnnAssign)}
    # at module level, only what the statements before it bind (`args`, `dtype`), not a name the loop
    # after it sets each epoch
    top = [s for s in source.module.body if function is not None or source.line_of(s) < line]
    known = made | {n for s in top for n in _module_bound(s)} \
        | set(parameter_names(function) if function is not None else ())
    reads = set()

    class Reads(cst.CSTVisitor):
        def visit_Attribute(self, node):  # `self.amp_dtype` is read whole; `torch.float16` by its root
            root = node.value
            if isinstance(root, cst.Name) and root.value == "self":
                reads.add(source.code(node))
            else:
                root.visit(self)
            return False

        def visit_Name(self, node):
            reads.add(node.value)

    test.visit(Reads())
    return reads <= known


def _module_bound(statement: cst.CSTNode) -> set[str]:
    """The names a module-level statement binds: imports, defs, classes, assignment targets; not the
    names a function body or a loop uses inside."""
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return {statement.name.value}
    bound = set()
    for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
        if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                named = alias.asname.name if alias.asname else alias.name
                bound.add(cst.Module([]).code_for_node(named).split(".")[0])
        elif isinstance(small, cst.Assign):
            bound.update(*(bound_names(t.target) for t in small.targets))
        elif isinstance(small, cst.AnnAssign):
            bound.update(bound_names(small.target))
    return bound


class ScalerEnabledWhereScaled(Rule):
    categories = ("amp.step_without_scale",)
    priority = 1  # after scaler_scale_loss, which takes the loss that is never scaled

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            calls = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "step", "unscale_", "update")]
            if len(calls) != 1:
                continue
            scaler = source.code(calls[0].func.value)
            test = _scale_test(source, scaler)
            built = _construction(source, scaler)
            if test is None or built is None or not _bound_before(source, test, built[1]):
                return
            call, _ = built
            enabled = next((a for a in call.args if a.keyword is not None and a.keyword.value == "enabled"), None)
            said = source.code(test)
            if enabled is None:
                new = call.with_changes(args=[*call.args, keyword_arg("enabled", said)])
            else:
                both = cst.parse_expression(f"{source.code(enabled.value)} and {said}")
                new = call.with_changes(args=[a if a is not enabled else a.with_changes(value=both) for a in call.args])
            yield source.edit(source.replaced(call, new), source.line_of(call),
                              f"Enabled the GradScaler only when `{said}`, the test under which the code scales "
                              f"the loss: an enabled scaler that never scaled this iteration cannot unscale or "
                              f"step, and a disabled one passes them through")
            return

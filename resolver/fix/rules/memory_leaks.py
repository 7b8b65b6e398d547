"""## What it does
Lets go of graphs the script holds on to: a running total or a list of losses that keeps every
step's graph alive (`total_loss += loss`, `losses.append(loss)`) gets `.item()`; an evaluation
loop after `model.eval()` that runs without `torch.no_grad()` is wrapped in it.

## Why is this bad?
`CUDA out of memory`, or on the CPU an allocator error, a MemoryError, a run the OOM killer ends, or
a forecast over the limit, where the probe measured memory growing from one step to the next: every
kept loss keeps its step's activations. The fix is verified by the measured peak falling (the
forecast over an epoch no longer over the limit). When no such leak is in the code, the batch is
lowered (batch_accumulation), or the loop stops: memory is simply too small for the model.

## Example
```python
for x, y in loader:
    loss = criterion(model(x), y)
    total_loss += loss
```

Use instead:
```python
for x, y in loader:
    loss = criterion(model(x), y)
    total_loss += loss.item()
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, project_sources, user_frames
from resolver.write.edits import Edit, Workspace


def _is_loss_name(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Name) and "loss" in node.value.lower()


def _accumulators(source: Source) -> Iterator[tuple[cst.CSTNode, cst.CSTNode, str]]:
    for aug in source.nodes(cst.AugAssign, lambda a: isinstance(a.operator, cst.AddAssign) and _is_loss_name(a.value)):
        new = aug.with_changes(value=cst.parse_expression(f"{aug.value.value}.item()"))
        yield aug, new, f"`{source.code(aug)}` kept every step's graph alive; it now adds {aug.value.value}.item()"
    appends = source.nodes(cst.Call, lambda c: method_call(c, "append") and len(c.args) == 1
                           and _is_loss_name(c.args[0].value))
    for call in appends:
        name = call.args[0].value.value
        new = call.with_changes(args=[call.args[0].with_changes(value=cst.parse_expression(f"{name}.item()"))])
        yield call, new, f"`{source.code(call)}` kept every step's graph alive; it now appends {name}.item()"


def _eval_loops(source: Source) -> Iterator[cst.For]:
    """For loops that run after `<model>.eval()` in the same block (and before any `.train()`),
    neither inside nor holding a no_grad block, nor in a function decorated with one."""
    for block in source.nodes(cst.IndentedBlock) + [source.module]:
        evaluating = False
        for statement in block.body:
            code = source.module.code_for_node(statement)
            if isinstance(statement, cst.SimpleStatementLine):
                evaluating = (evaluating or ".eval()" in code) and ".train()" not in code
            elif (isinstance(statement, cst.For) and evaluating and not source.holds_no_grad(statement)
                  and source.in_no_grad(statement) is None and not source.in_no_grad_function(statement)):
                yield statement


def _sources(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Source]:
    """The error's own files; for a forecast or a killed run, which have no frames, the project's."""
    frames = list(user_frames(diagnosis, workspace))
    yield from (source for _, source in frames) if frames else project_sources(workspace)


class MemoryLeaks(Rule):
    categories = ("memory.cuda_oom", "memory.cpu_oom", "memory.killed", "memory.forecast_oom")

    def matches(self, diagnosis: Diagnosis) -> bool:
        """On the GPU, as recorded; elsewhere only where the run measured memory kept from one step to
        the next (a batch that is simply too big is batch_accumulation's)."""
        if diagnosis.category == "memory.cuda_oom" and not diagnosis.memory:
            return True
        found = diagnosis.memory.get("forecast") or {}
        return super().matches(diagnosis) and bool(found.get("kept_per_step"))

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        seen = set()
        for source in _sources(diagnosis, workspace):
            if source.path in seen:
                continue
            seen.add(source.path)
            for old, new, why in _accumulators(source):
                yield source.edit(source.replaced(old, new), source.line_of(old), f"Memory leak: {why}")
            for loop in _eval_loops(source):
                reason = (f"Wrapped the evaluation loop at line {source.line_of(loop)} in "
                          f"`with {source.torch}.no_grad():`"
                          ": without it every batch kept its activations for a backward that never comes")
                yield source.edit(source.replaced(loop, source.no_grad_block([loop])), source.line_of(loop), reason,
                                  uses_torch=True)

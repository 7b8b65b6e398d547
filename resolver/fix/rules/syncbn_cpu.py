"""## What it does
Converts BatchNorm layers to `SyncBatchNorm` only where there is a GPU: the condition that guards
`nn.SyncBatchNorm.convert_sync_batchnorm(...)` gains `and torch.cuda.is_available()` (a config
flag, `if cfg.sync_bn:`), and an unguarded conversion is put under `if torch.cuda.is_available():`.
A `SyncBatchNorm(...)` built directly in a model is left alone: which plain BatchNorm takes its
place depends on the input's rank.

## Why is this bad?
`ValueError: SyncBatchNorm layers only work with GPU modules`: SyncBatchNorm synchronises the batch
statistics over CUDA devices only; DDP refuses to wrap it on the CPU (gloo), and its forward
raises there. On a machine or rank without CUDA each rank's plain BatchNorm is what runs.

## Example
```python
if cfg["sync_bn"]:
    model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
```

Use instead:
```python
if cfg["sync_bn"] and torch.cuda.is_available():
    model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, project_sources
from resolver.write.edits import Edit, Workspace

CONVERT = {"torch.nn.SyncBatchNorm.convert_sync_batchnorm",
           "torch.nn.modules.batchnorm.SyncBatchNorm.convert_sync_batchnorm"}
WHY = "SyncBatchNorm synchronises batch statistics over CUDA devices only; without CUDA each rank keeps plain BatchNorm"


def _guarded(source: Source, statement: cst.SimpleStatementLine) -> str:
    """The module with the conversion run only where CUDA is: its own `if` (when it guards only
    the conversion) gains the condition, else the statement is put under a new one."""
    available = f"{source.torch}.cuda.is_available()"
    block = source.parents.get(statement)
    branch = source.parents.get(block)
    if isinstance(branch, cst.If) and branch.body is block and len(block.body) == 1 and branch.orelse is None:
        test = branch.test
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or) \
                or isinstance(test, (cst.IfExp, cst.NamedExpr, cst.Lambda)):
            test = test.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        new_test = cst.BooleanOperation(test, cst.And(), cst.parse_expression(available))
        return source.replaced(branch, branch.with_changes(test=new_test))
    guard = cst.If(test=cst.parse_expression(available),
                   body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=())]),
                   leading_lines=statement.leading_lines)
    return source.replaced(statement, guard)


class SyncbnCpu(Rule):
    categories = ("dist.syncbn_cpu",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        found = []
        for source in project_sources(workspace):
            if "convert_sync_batchnorm" not in source.text:
                continue
            for call in source.nodes(cst.Call, lambda c: source.calls(c, CONVERT)):
                statement = source.enclosing(call, cst.SimpleStatementLine)
                branch = source.enclosing(call, cst.If)
                if statement is None or "cuda" in source.code(statement) or \
                        branch is not None and "cuda" in source.code(branch.test):
                    return  # a conversion that already asks about CUDA: the failure is elsewhere
                found.append((source, statement))
        if len(found) != 1:
            return  # none: SyncBatchNorm built directly; several: one rewrite each, left to the fallback
        source, statement = found[0]
        yield source.edit(_guarded(source, statement), source.line_of(statement),
                          f"Converted to SyncBatchNorm only where CUDA is available: {WHY}", uses_torch=True)

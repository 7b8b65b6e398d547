"""## What it does
Calls `sampler.set_epoch(epoch)` as the first statement of the epoch loop, for a shuffling
`DistributedSampler` whose passes the run saw all shuffle with one epoch. The epoch loop is the
nearest `for epoch in ...:` around the loop over the loader, in its function or in a caller;
the sampler is named as the code that built it named it (`self.sampler`, `train_sampler`), as the
parameter of the epoch loop's function its caller passes it to (`fit(model, loader, sampler)`), or
as the loader's `.sampler` when the loader loop is inside the epoch loop's own function.

## Why is this bad?
The run trains and the loss goes down, but a `DistributedSampler` shuffles with its seed plus
the epoch set on it: never told the epoch, it gives every epoch the same order on each rank, as
if `shuffle=False` were set after the first epoch. Nothing fails; the health checks see it.

## Example
```python
sampler = DistributedSampler(train_set)
loader = DataLoader(train_set, batch_size=32, sampler=sampler)
for epoch in range(epochs):
    for x, y in loader:
        ...
```

Use instead:
```python
for epoch in range(epochs):
    sampler.set_epoch(epoch)
    for x, y in loader:
        ...
```
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import calls_function
from resolver.write.edits import Edit, Workspace

WHY = ("a DistributedSampler shuffles with its seed plus the epoch set on it: without set_epoch every epoch "
       "showed each rank its samples in the same order")


def _sampler_name(workspace: Workspace, site: dict) -> tuple[Source, cst.CSTNode, str] | None:
    """The file, the scope (class for `self.x`, else function or module) and the name the built sampler is bound to."""
    source = Source.parse(workspace, Path(site["file"]))
    statement = source.statement_at(site["line"]) if source is not None else None
    if not isinstance(statement, cst.SimpleStatementLine) or not isinstance(statement.body[0], cst.Assign) \
            or len(statement.body[0].targets) != 1 or not isinstance(statement.body[0].value, cst.Call) \
            or not source.code(statement.body[0].value.func).endswith("DistributedSampler"):
        return None  # the sampler is made inside another call (a DataLoader's argument): no name of its own
    target = statement.body[0].targets[0].target
    name = source.code(target)
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
        return source, source.enclosing(statement, cst.ClassDef), name
    if isinstance(target, cst.Name):
        return source, source.function_of(statement) or source.module, name
    return None


def _epoch_loop(source: Source, line: int) -> cst.For | None:
    """The nearest `for <name> in ...:` around the statement on `line`, within its function."""
    statement = source.statement_at(line)
    function = source.function_of(statement) if statement is not None else None
    node = source.parents.get(statement) if statement is not None else None
    while node is not None and node is not function:
        if isinstance(node, cst.For) and isinstance(node.target, cst.Name) and node.target.value != "_":
            return node
        node = source.parents.get(node)
    return None


def _passed_as(workspace: Workspace, source: Source, loop: cst.For, caller: dict, bound) -> str | None:
    """The parameter of the epoch loop's function that its caller passes the built sampler to
    (`run_epochs(model, loader, sampler, epochs)` -> the callee's `sampler`)."""
    function = source.function_of(loop)
    caller_source = Source.parse(workspace, Path(caller["file"]))
    statement = caller_source.statement_at(caller["line"]) if caller_source is not None else None
    if function is None or statement is None or bound[0].path != caller_source.path \
            or not caller_source.within(statement, bound[1]):
        return None
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]  # positional
    offset = 1 if params[:1] in (["self"], ["cls"]) else 0
    for call in caller_source.on_line(cst.Call, caller["line"]):
        if not calls_function(call, function, method=bool(offset)):
            continue
        for position, arg in enumerate(call.args):
            if arg.star or caller_source.code(arg.value) != bound[2]:
                continue
            if arg.keyword is not None:
                return arg.keyword.value
            return params[position + offset] if position + offset < len(params) else None
    return None


class SamplerSetEpoch(Rule):
    categories = ("health.sampler_epoch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        samplers = diagnosis.health.get("samplers") or []
        if not samplers or not samplers[0].get("site") or not samplers[0].get("stack"):
            return
        bound = _sampler_name(workspace, samplers[0]["site"])
        stack = samplers[0]["stack"]  # innermost first: the loop over the loader, then its callers
        for depth, frame in enumerate(stack):
            source = Source.parse(workspace, Path(frame["file"]))
            loop = _epoch_loop(source, frame["line"]) if source is not None else None
            if loop is None:
                continue
            name = None
            if bound is not None and bound[0].path == source.path and source.within(loop, bound[1]):
                name = bound[2]
            elif bound is not None and depth + 1 < len(stack):
                name = _passed_as(workspace, source, loop, stack[depth + 1], bound)
            if name is None and depth == 0:
                header = source.statement_at(frame["line"])
                if isinstance(header, cst.For) and isinstance(header.iter, (cst.Name, cst.Attribute)):
                    name = f"{source.code(header.iter)}.sampler"
            if name is None:
                return
            epoch = loop.target.value
            call = cst.parse_statement(f"{name}.set_epoch({epoch})\n")
            body = loop.body.with_changes(body=[call, *loop.body.body])
            yield source.edit(source.replaced(loop, loop.with_changes(body=body)), source.line_of(loop) + 1,
                              f"Called {name}.set_epoch({epoch}) at the start of each epoch: {WHY}")
            return

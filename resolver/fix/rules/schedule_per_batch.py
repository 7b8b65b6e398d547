"""An epoch schedule steps once per epoch, after the batch loop.

## What it does
Where the run shows an epoch schedule (StepLR, MultiStepLR, ExponentialLR) stepped more than once
in one pass of a DataLoader, and its own formula takes the learning rate to almost 0 within one
full pass, the `scheduler.step()` statement moves out of the innermost loop around it (in its
function) to the line after that loop: once per pass over the batches, with the condition around it
when that only tests the schedule (`if scheduler is not None:`). Nothing is proposed when
the step is the only statement of a condition in the loop (stepping every k batches is a choice
of the code's, not a slip), or when no loop around it in its function holds it (a per-batch helper:
which caller's loop is the epoch is not shown). One such helper is fixed: a callback method that only
steps the schedule (`def on_batch_end(self, state): self.scheduler.step()`), which the fit loop calls
inside its batch loop while it calls another hook of the same base class on the same callbacks after
that loop (`cb.on_epoch_end(state)`), is renamed to that hook, unless the class defines it already.

## Why is this bad?
`StepLR(step_size=30)`, `MultiStepLR(milestones=[30, 60])` and `ExponentialLR(gamma=0.9)` count
epochs: stepped after every batch, a schedule meant to decay over 90 epochs decays within the
first, and the model stops learning after a few dozen updates while the script runs on without
an error.

## Example
```python
for epoch in range(epochs):
    for x, y in loader:
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()
```

Use instead:
```python
for epoch in range(epochs):
    for x, y in loader:
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    scheduler.step()
```"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import classes_named, methods, sources_mentioning
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, names_in, user_frames
from resolver.fix.rules._syntax import statement_call
from resolver.write.edits import Edit, Workspace


def _prefixes(code: str) -> set[str]:
    """`self` and `self.trainer` for `self.trainer.scheduler`."""
    parts = code.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _epoch_hook(source: Source, statement: cst.CSTNode, call: cst.Call, workspace: Workspace) -> Iterator[Edit]:
    """A callback method that only steps the schedule (`def on_batch_end(self, state): self.scheduler.step()`),
    called by the fit loop inside its batch loop, while the same callbacks get another hook of their base class
    after that batch loop, in the epoch loop (`cb.on_epoch_end(state)`): the method is renamed to that hook. Not
    when the class defines that hook already, or the loop is not found in the project."""
    method = source.function_of(statement)
    cls = method and source.enclosing(method, cst.ClassDef)
    body = method.body.body if method is not None and isinstance(method.body, cst.IndentedBlock) else ()
    if cls is None or len(body) != 1 or body[0] is not statement:
        return
    hooks = {name: hook for base in cls.bases for _, node in classes_named(workspace, source.code(base.value))
             for name, hook in methods(node).items() if name not in methods(cls)}
    hook = method.name.value
    for caller in sources_mentioning(workspace, rf"\.{hook}\("):
        for site in caller.nodes(cst.Call, lambda c: isinstance(c.func, cst.Attribute) and c.func.attr.value == hook):
            loops, node = [], site  # the loops around the call in its function: `for cb in callbacks`, the batches, ...
            while (node := caller.enclosing(node, (cst.For, cst.While, cst.FunctionDef))) is not None \
                    and not isinstance(node, cst.FunctionDef):
                loops.append(node)
            after = set()
            for batches, epochs in zip(loops, loops[1:]):
                after = {c.func.attr.value for c in caller.nodes(cst.Call) if isinstance(c.func, cst.Attribute)
                         and caller.within(c, epochs) and not caller.within(c, batches)
                         and caller.line_of(c) > caller.line_of(batches)
                         and caller.code(c.func.value) == caller.code(site.func.value)} & set(hooks)
                if after:
                    break
            if len(after) == 1:
                epoch_hook = after.pop()
                reason = (f"Renamed {cls.name.value}.{hook} to {epoch_hook}: it only runs {source.code(call)}, "
                          f"an epoch schedule, and {hook} runs after every batch ({caller.path.name}:"
                          f"{caller.line_of(site)}) while {epoch_hook} runs once per epoch")
                renamed = method.with_changes(name=cst.Name(epoch_hook))
                read = {n.value for n in source.nodes(cst.Name, lambda n: source.within(n, statement))
                        if not (isinstance(a := source.parents.get(n), cst.Attribute) and a.attr is n)}
                if not read & {p.name.value for p in method.params.params[1:]}:  # unused: the base hook's own names
                    renamed = renamed.with_changes(params=hooks[epoch_hook].params)
                yield source.edit(source.replaced(method, renamed), source.line_of(method), reason)
                return


class SchedulePerBatch(Rule):
    categories = ("health.schedule_per_batch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        frame = next(iter(user_frames(diagnosis, workspace)), None)
        if frame is None:
            return
        frame, source = frame
        statement = source.statement_at(frame.line)
        call = statement_call(statement, "step")
        call = call if call is not None and not call.args else None  # `x.step()` alone: a schedule's step
        block = call and source.parents.get(statement)
        loop = call and source.enclosing(statement, (cst.For, cst.While))
        if call is not None and (loop is None or source.function_of(loop) is not source.function_of(statement)):
            yield from _epoch_hook(source, statement, call, workspace)  # a per-batch callback hook
            return
        if not isinstance(block, cst.IndentedBlock) or not isinstance(loop, cst.For) \
                or source.function_of(loop) is not source.function_of(statement) \
                or source.code(call.func.value).split(".")[0] in names_in(loop.target, chains=True):
            return  # a `while` batch loop (which loop is the epoch is not shown), or a loop over the schedules
        guard = source.parents.get(block)
        receiver = source.code(call.func.value)
        read = set(names_in(guard.test, chains=True)) if isinstance(guard, cst.If) else set()
        if len(block.body) == 1 and isinstance(guard, cst.If) and guard.orelse is None and receiver in read \
                and read <= {receiver, "None", *_prefixes(receiver), *receiver.split(".")}:
            statement, block = guard, source.parents.get(guard)  # `if scheduler is not None:` goes with it
            if not isinstance(block, cst.IndentedBlock) or not source.within(block, loop):
                return
        rest = [s for s in block.body if s is not statement]
        if not rest:
            return  # `if i % k == 0: scheduler.step()`: stepping every k batches is the code's choice
        outer = source.parents.get(loop)
        if not isinstance(outer, (cst.IndentedBlock, cst.Module)):
            return
        body = list(outer.body)
        at = body.index(loop)
        inner = block.with_changes(body=rest)
        new_loop = loop.with_changes(body=inner) if block is loop.body else loop.deep_replace(block, inner)
        new_outer = outer.with_changes(body=body[:at] + [new_loop, statement] + body[at + 1:])
        text = new_outer.code if outer is source.module else source.replaced(outer, new_outer)
        health = diagnosis.health or {}
        first = (health.get("schedules_per_batch") or [{}])[0]
        cls, factor, steps = first.get("class", "the schedule"), first.get("factor"), first.get("epoch_steps")
        took = f" to {factor:.2g} of its start within the first epoch ({steps} steps)" \
            if factor is not None and steps else " to almost 0 within the first epoch"
        reason = (f"Moved {source.code(call)} after the batch loop: {cls} counts epochs, and stepped in the "
                  f"batch loop it took the learning rate{took}")
        yield source.edit(text, source.positions[loop].end.line, reason)  # where the moved line lands

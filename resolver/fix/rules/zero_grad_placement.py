"""Gradients are cleared once per optimizer step, before the backward that fills them.

## What it does
Moves an `optimizer.zero_grad()` that runs between `loss.backward()` and `optimizer.step()` in
front of the backward (the step may be in another method the caller runs next; or to the top of
the loop body when the backward is elsewhere; or, when a step helper clears first,
`self._optimizer_step()`, in front of the backward the run saw in the method of the same class
that goes on to call that helper), and adds the missing `optimizer.zero_grad()` at the top of the
loop whose body steps after every backward.

## Why is this bad?
Cleared between backward and step, every step applies empty gradients: the model never moves.
Never cleared, each step applies the sum of every gradient so far: the steps grow and training
drifts. The run shows it (the probe sees the order and the gradients), and the script exits 0.

## Example
```python
for x, y in loader:
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.zero_grad()
    optimizer.step()
```

Use instead:
```python
for x, y in loader:
    loss = criterion(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
```

A step taken only every k backward passes (accumulation by design) is left alone: its verdict
never fires, and the rule adds a zero_grad only where a step follows the backward in the same
block: unconditionally, or the very step the run saw under a condition of its own (`if
torch.isfinite(grad_norm): optimizer.step()`) when it ran after every backward, with no zero_grad
anywhere in the loop."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._project import replaced_all
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import statement_call
from resolver.write.edits import Edit, Workspace


def _calls(statement: cst.CSTNode, source: Source, method: str) -> list[cst.Call]:
    return [c for c in source.nodes(cst.Call) if isinstance(c.func, cst.Attribute) and c.func.attr.value == method
            and (c is statement or source.within(c, statement))]


def _with_body(block: cst.IndentedBlock, body: list) -> cst.IndentedBlock:
    return block.with_changes(body=body)


class ZeroGradPlacement(Rule):
    categories = ("health.zero_grad_before_step", "health.grads_accumulate")

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            block = statement and source.parents.get(statement)
            if not isinstance(block, cst.IndentedBlock):
                continue
            if diagnosis.category == "health.zero_grad_before_step":
                yield from self._move(statement, block, source, (diagnosis.health.get("sites") or {}).get("backward"))
            else:
                step = (diagnosis.health.get("sites") or {}).get("step")
                # a step under a condition that let it run after every backward (`if torch.isfinite(norm):`),
                # not every k-th (accumulation): the run counted as many steps as backward passes
                every = diagnosis.health.get("steps") == diagnosis.health.get("backward_calls")
                step_line = step["line"] if step and every and Path(step["file"]).resolve() == source.path.resolve() \
                    else None
                yield from self._add(statement, block, source, step_line)
            return

    def _move(self, statement, block, source: Source, backward_site: dict | None) -> Iterator[Edit]:
        call = statement_call(statement, "zero_grad")
        body = list(block.body)
        at = body.index(statement)
        backward = [i for i, s in enumerate(body[:at]) if _calls(s, source, "backward")]
        # the step after it here, or in a method the caller runs next (`self._backward(loss)`, then
        # `self._update()`): the run saw the order, so a backward before it here is the one it undoes
        if call is None or not backward and not any(_calls(s, source, "step") for s in body[at + 1:]):
            return
        loop = source.parents.get(block)
        if backward:
            to = backward[-1]
        elif isinstance(loop, (cst.For, cst.While)) and loop.body is block:
            to = 0  # the backward is in a helper the loop calls: clear at the top of each pass
        elif isinstance(loop, cst.If) and loop.body is block:
            yield from self._after_step(statement, block, source)  # every k-th batch steps: accumulation
            return
        else:
            yield from self._move_to_backward(statement, block, source, backward_site)
            return
        moved = statement.with_changes(leading_lines=())
        new_body = body[:to] + [moved] + body[to:at] + body[at + 1:]
        code = source.code(call)
        where = "before the backward" if backward else "to the top of the loop"
        reason = (f"Moved {code} {where}: between backward and step it cleared every gradient before the "
                  f"optimizer could apply it, so the model never learned")
        line = source.line_of(body[to]) - len(body[to].leading_lines)  # where the moved line lands
        yield source.edit(source.replaced(block, _with_body(block, new_body)), line, reason)

    def _after_step(self, statement, block, source: Source) -> Iterator[Edit]:
        """A step guarded by a condition (`if (i + 1) % accum_steps == 0:`) that clears first: the
        gradients the micro-batches accumulated are wiped before the step. Cleared right after the
        step instead, the next group accumulates from zero."""
        body = list(block.body)
        at = body.index(statement)
        steps = [i for i, s in enumerate(body) if i > at and _calls(s, source, "step")]
        call = statement_call(statement, "zero_grad")
        moved = statement.with_changes(leading_lines=())
        new_body = body[:at] + body[at + 1:steps[-1] + 1] + [moved] + body[steps[-1] + 1:]
        reason = (f"Moved {source.code(call)} after {source.code(body[steps[-1]]).strip()}: before it, it cleared "
                  "the gradients the micro-batches had accumulated, so every step applied nothing; after it, the "
                  "next group accumulates from zero")
        yield source.edit(source.replaced(block, _with_body(block, new_body)), source.line_of(statement), reason)

    def _move_to_backward(self, statement, block, source: Source, backward_site: dict | None) -> Iterator[Edit]:
        """The step is in a helper (`_optimizer_step()`) that clears first: the zero_grad moves in
        front of the backward the run saw, in the method of the same class that calls the helper,
        where the optimizer is spelt the same (`self.optimizer`)."""
        call = statement_call(statement, "zero_grad")
        if not backward_site or Path(backward_site["file"]).resolve() != source.path.resolve():
            return
        backward = source.statement_at(backward_site["line"])
        target = backward and source.parents.get(backward)
        code = source.code(call.func.value)
        cls = source.enclosing(statement, cst.ClassDef)
        if not isinstance(target, cst.IndentedBlock) or not _calls(backward, source, "backward") \
                or not code.startswith("self.") or cls is None or source.enclosing(backward, cst.ClassDef) is not cls:
            return
        helper = source.function_of(statement).name.value
        if not any(_calls(s, source, helper) for s in target.body[target.body.index(backward) + 1:]):
            return  # the backward's method does not go on to the helper that steps
        moved = statement.with_changes(leading_lines=())
        body = list(target.body)
        at = body.index(backward)
        new_target = _with_body(target, body[:at] + [moved] + body[at:])
        rest = [s for s in block.body if s is not statement]
        if not rest or source.within(target, block) or source.within(block, target):
            return
        text = replaced_all(source.module, {block: _with_body(block, rest), target: new_target})
        reason = (f"Moved {source.code(call)} from {helper}() before the backward: between backward and step it "
                  f"cleared every gradient before the optimizer could apply it, so the model never learned")
        yield source.edit(text, source.line_of(statement), reason)  # the first line the move changes

    def _add(self, statement, block, source: Source, step_line: int | None) -> Iterator[Edit]:
        body = list(block.body)
        at = body.index(statement)
        if not _calls(statement, source, "backward") or any(_calls(s, source, "zero_grad") for s in body):
            return
        steps = [statement_call(s, "step") for s in body[at + 1:]]
        steps = [c for c in steps if c is not None]
        if len(steps) != 1 and step_line is not None:
            # the step the run saw, under a condition of its own (`if torch.isfinite(grad_norm):`): the run
            # showed the gradients kept across its steps, so nothing clears them on the way
            steps = [c for s in body[at + 1:] for c in _calls(s, source, "step")
                     if source.line_of(c) == step_line and not c.args]  # not `scaler.step(optimizer)`
        if len(steps) != 1:
            return  # no step after the backward in this block, or several
        optimizer = source.code(steps[0].func.value)
        loop = source.parents.get(block)
        to = 0 if isinstance(loop, (cst.For, cst.While)) and loop.body is block else at
        new_body = body[:to] + [cst.parse_statement(f"{optimizer}.zero_grad()\n")] + body[to:]
        reason = (f"Added {optimizer}.zero_grad() before each backward: without it every step applied the sum of "
                  f"all gradients so far")
        line = source.line_of(body[to]) - len(body[to].leading_lines)
        yield source.edit(source.replaced(block, _with_body(block, new_body)), line, reason)

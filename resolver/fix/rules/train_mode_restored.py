"""A model put in eval mode for validation is put back in train mode before training resumes.

## What it does
Where a run trained in eval mode after a `model.eval()` (the probe sees the model's training
flag at every step), `model.train()` goes at the top of the training epoch: the first statement
of the loop that holds both the optimizer step and the `eval()`, or of the loop around the step
that calls the validation helper holding the `eval()` (an `evaluate(model, ...)` at the end of
each epoch, with `model.train()` only once before the loop), or of the function that runs the
training steps when the `eval()` is elsewhere (a `train_one_epoch(model, ...)`), unless its caller
calls `model.train()` once before an epoch loop that calls the validation helper: then the top of
that loop, where the user's own `train()` was meant to be.

## Why is this bad?
After `model.eval()` dropout is off and batch norm uses its running statistics instead of the
batch's and stops updating them: from the second epoch on the model trains as it would be
evaluated, with no error, only worse results.

## Example
```python
for epoch in range(epochs):
    for x, y in train_loader:
        ...
        optimizer.step()
    model.eval()
    validate(model)
```

Use instead:
```python
for epoch in range(epochs):
    model.train()
    for x, y in train_loader:
        ...
        optimizer.step()
    model.eval()
    validate(model)
```"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import last_name
from resolver.write.edits import Edit, Workspace


def _eval_receiver(line: int, source: Source) -> cst.BaseExpression | None:
    calls = [c for c in source.on_line(cst.Call, line) if isinstance(c.func, cst.Attribute)
             and (c.func.attr.value == "eval" and not c.args
                  or c.func.attr.value == "train" and len(c.args) == 1
                  and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == "False")]
    return calls[0].func.value if len(calls) == 1 else None


def _base_name(expression: cst.BaseExpression) -> str | None:
    while isinstance(expression, cst.Attribute):
        expression = expression.value
    return expression.value if isinstance(expression, cst.Name) else None


def _top_of(block: cst.IndentedBlock) -> int:
    body = block.body
    first = body[0] if body else None
    docstring = isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 \
        and isinstance(first.body[0], cst.Expr) and isinstance(first.body[0].value, cst.SimpleString)
    return 1 if docstring else 0


class TrainModeRestored(Rule):
    categories = ("health.eval_mode_training",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        step = (diagnosis.health.get("sites") or {}).get("step")
        for frame, source in user_frames(diagnosis, workspace):
            receiver = _eval_receiver(frame.line, source)
            if receiver is None or not step:
                return
            training = Source.parse(workspace, Path(step["file"]))
            statement = training and training.statement_at(step["line"])
            if statement is None:
                return
            target = self._epoch_top(statement, training, source, frame.line)
            if isinstance(target, cst.FunctionDef):  # a train_one_epoch(): unless its caller sets train() already
                training, target = self._caller_loop(diagnosis, workspace, source, frame.line, receiver) \
                    or (training, target)
            name = _base_name(receiver)
            if target is None or name is None or not any(n.value == name for n in training.nodes(cst.Name)
                                                         if target is n or training.within(n, target)):
                return
            code = source.code(receiver)
            block = target.body
            body = list(block.body)
            at = _top_of(block)
            body.insert(at, cst.parse_statement(f"{code}.train()\n"))
            kind = "epoch loop" if isinstance(target, (cst.For, cst.While)) else f"{target.name.value}()"
            reason = (f"Added {code}.train() at the top of the {kind}: {code}.eval() at "
                      f"{frame.file.name}:{frame.line} was never undone, so training resumed in eval mode "
                      f"(dropout off, batch norm frozen)")
            yield training.edit(training.replaced(block, block.with_changes(body=body)),
                                training.line_of(block.body[at]) if at < len(block.body) else step["line"], reason)
            return

    @staticmethod
    def _caller_loop(diagnosis: Diagnosis, workspace: Workspace, source: Source, eval_line: int,
                     receiver: cst.BaseExpression) -> tuple[Source, cst.For | cst.While] | None:
        """The epoch loop of a caller of the training function (`fit()` calling `train_one_epoch()`
        and the validation helper each epoch) whose function calls `model.train()` once, before that
        loop: the user's train() is at the wrong level, and the top of that loop is where it belongs."""
        helper = source.function_of(source.statement_at(eval_line))
        code = source.code(receiver)
        for caller in (diagnosis.health.get("step_stack") or [])[1:]:
            outer = Source.parse(workspace, Path(caller["file"]))
            statement = outer and outer.statement_at(caller["line"])
            if statement is None or helper is None:
                return None
            node = statement
            while (node := outer.enclosing(node, (cst.For, cst.While, cst.FunctionDef))) is not None \
                    and not isinstance(node, cst.FunctionDef):
                calls = [c for c in outer.nodes(cst.Call) if outer.within(c, node)]
                function = outer.function_of(node)  # None: the loop runs at the script's top level
                trained = any(
                    isinstance(c.func, cst.Attribute) and c.func.attr.value == "train" and not c.args
                    and outer.code(c.func.value) == code and outer.function_of(c) is function
                    and not outer.within(c, node) and outer.line_of(c) < outer.line_of(node)
                    for c in outer.nodes(cst.Call))
                if trained and any(last_name(c.func) == helper.name.value for c in calls):
                    return outer, node
        return None

    @staticmethod
    def _epoch_top(step: cst.CSTNode, training: Source, source: Source, eval_line: int):
        """The loop or function whose top starts each training epoch."""
        function = training.function_of(step)
        loops, node = [], step
        while (node := training.enclosing(node, (cst.For, cst.While, cst.FunctionDef))) is not None \
                and not isinstance(node, cst.FunctionDef):
            loops.append(node)
        evaluating = source.statement_at(eval_line)
        if source is training:
            common = [loop for loop in loops if training.within(evaluating, loop)]
            if common:
                return common[0]  # the innermost loop that holds both: the epoch
        helper = source.function_of(evaluating) if evaluating is not None else None
        calling = [loop for loop in loops if helper is not None and any(
            last_name(call.func) == helper.name.value
            for call in training.nodes(cst.Call) if training.within(call, loop))]
        if calling:
            return calling[0]  # the innermost loop around the step that calls the validation helper: the epoch
        if function is not None and not (source is training and training.within(evaluating, function)):
            return function  # a train_one_epoch(): validation happens elsewhere
        return loops[-1] if loops else None

"""## What it does
Moves the forward pass into the training loop when it was computed once above it: the loss that
`loss.backward()` runs on in every step is assigned before the loop, from parameters the loop
updates (`W.data += -lr * W.grad`, `w -= lr * w.grad`, `optimizer.step()` on an optimizer built
over them, or handed in and so over any module the probe saw there). The statements that
compute the loss from those parameters go to the top of the loop body, so each step builds a
fresh graph from the updated values; what does not read the parameters (the one-hot inputs, the
data) stays where it is. Not when the loop updates nothing
the loss is computed from: then the repeated backward is a question for the author.

## Why is this bad?
`Trying to backward through the graph a second time`: the first backward frees the graph of the
loss built once, and the loss would never see the updated parameters anyway.

## Example
```python
logits = x @ W
loss = F.cross_entropy(logits, y)
for step in range(100):
    W.grad = None
    loss.backward()
    W.data += -lr * W.grad
```

Use instead:
```python
for step in range(100):
    logits = x @ W
    loss = F.cross_entropy(logits, y)
    W.grad = None
    loss.backward()
    W.data += -lr * W.grad
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, argument, inplace_call, method_call, user_frames
from resolver.fix.rules._syntax import bound_names, own_nodes, read_names
from resolver.write.edits import Edit, Workspace

LOOPS = (cst.For, cst.While)


def _reads(node: cst.CSTNode) -> set[str]:
    """The names an expression reads: not attribute names (`x.weight`) or keywords (`dim=1`)."""
    return {name.value for name in read_names(node)}


def _root(node: cst.BaseExpression) -> str | None:
    """The bare name under `.data` (`W.data` -> `W`); None for anything else (`self.W`)."""
    while isinstance(node, cst.Attribute) and node.attr.value == "data":
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _updated(source: Source, loop: cst.CSTNode, scope: cst.CSTNode, models: set[str]) -> set[str]:
    """Names of the parameters the loop updates: in place (`W.data += ...`, `w -= ...`,
    `W.data.sub_(...)`, `W.data = ...`), rebound from themselves (`w = w - lr * w.grad`), or through
    `opt.step()` on an optimizer built over them (`SGD([W, b])`, `Adam(model.parameters())`); an
    optimizer built elsewhere (handed in) may hold any module the probe saw in the frame (`models`)."""
    updated: set[str] = set()
    for node in own_nodes(loop, cst.AugAssign):
        if (name := _root(node.target)) is not None:
            updated.add(name)
    for node in own_nodes(loop, cst.Assign):
        for target in node.targets:
            if isinstance(target.target, cst.Attribute) and target.target.attr.value == "data":
                updated |= {n for n in [_root(target.target)] if n}
            elif isinstance(target.target, cst.Name) and target.target.value in _reads(node.value):
                updated.add(target.target.value)
    for call in own_nodes(loop, cst.Call):
        if inplace_call(call) and (name := _root(call.func.value)) is not None:
            updated.add(name)
        elif method_call(call, "step") and not call.args and isinstance(call.func.value, cst.Name):
            held = _optimized(source, scope, call.func.value.value, source.line_of(loop))
            updated |= models if held is None else held
    return updated


def _optimized(source: Source, scope: cst.CSTNode, optimizer: str, before: int) -> set[str] | None:
    """The names an optimizer assigned in scope before the loop was built over (its params);
    None when it is not assigned there."""
    made = [a for a in own_nodes(scope, cst.Assign) if source.line_of(a) < before and isinstance(a.value, cst.Call)
            and any(isinstance(t.target, cst.Name) and t.target.value == optimizer for t in a.targets)]
    if not made:
        return None
    params = argument(made[-1].value, 0, "params")
    return _reads(params.value) if params is not None else set()


def _assigned(assign: cst.Assign) -> set[str]:
    return {n for t in assign.targets for n in bound_names(t.target)}


def _enclosing_block(source: Source, statement: cst.CSTNode) -> cst.CSTNode | None:
    parent = source.parents.get(statement)
    return parent if isinstance(parent, (cst.IndentedBlock, cst.Module)) else None


def _forward(source: Source, block: cst.CSTNode, loop_at: int, loss: str, updated: set[str]) -> list[int]:
    """Indexes of the statements above the loop in its block that compute the loss from the
    updated parameters, in order; [] when the loss is not computed there from them."""
    body = list(block.body)
    feeding, wanted = [], {loss}
    for index in range(loop_at - 1, -1, -1):
        statement = body[index]
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
                or not isinstance(statement.body[0], cst.Assign):
            continue
        assign = statement.body[0]
        if _assigned(assign) & wanted:
            feeding.append(index)
            wanted |= _reads(assign.value)
    dependent, moved = set(updated), []
    for index in reversed(feeding):
        assign = body[index].body[0]
        if _reads(assign.value) & dependent:
            moved.append(index)
            dependent |= _assigned(assign)
    if loss not in dependent or not updated:
        return []
    made = set().union(*(_assigned(body[i].body[0]) for i in moved)) if moved else set()
    if any(_assigned(body[i].body[0]) & _reads(body[i].body[0].value) for i in moved):
        return []  # `x = model.prep(x)` would be applied again at every step
    # a statement that stays must not read what moves into the loop
    staying = [body[i] for i in range(moved[0], loop_at) if i not in moved] if moved else []
    if any(_reads(s) & made for s in staying):
        return []
    return moved


def _into_loop(block: cst.CSTNode, loop_at: int, moved: list[int], inner: cst.CSTNode) -> cst.CSTNode:
    """The block with the moved statements taken out and put first in the inner loop's body."""
    body = list(block.body)
    statements = [body[i] for i in moved]
    statements[0] = statements[0].with_changes(leading_lines=[line for line in statements[0].leading_lines
                                                              if line.comment is not None])
    first, *rest = inner.body.body
    if first.leading_lines and first.leading_lines[0].comment is not None:
        first = first.with_changes(leading_lines=[cst.EmptyLine(indent=False), *first.leading_lines])
    new_inner = inner.with_changes(body=inner.body.with_changes(body=[*statements, first, *rest]))
    loop = body[loop_at].deep_replace(inner, new_inner) if inner is not body[loop_at] else new_inner
    kept = [s for i, s in enumerate(body) if i not in moved and i != loop_at]
    return block.with_changes(body=[*kept[:loop_at - len(moved)], loop, *kept[loop_at - len(moved):]])


class ForwardBeforeLoop(Rule):
    categories = ("autograd.backward_twice",)
    priority = 1  # after backward_twice's carried states: a state passed between steps is the nearer cause

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            backward = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "backward")]
            if not backward:
                continue
            if not isinstance(backward[0].func.value, cst.Name):
                return
            loss = backward[0].func.value.value
            seen = frame.tensors.get(loss)
            inner = source.loop_of(backward[0])
            if inner is None or not isinstance(inner.body, cst.IndentedBlock) \
                    or (seen is not None and not seen.requires_grad):
                return
            if any(loss in bound_names(t.target) for a in own_nodes(inner, cst.Assign) for t in a.targets):
                return  # made in the step: not this contract
            scope = source.enclosing(inner, cst.FunctionDef) or source.module
            loop = inner
            while loop is not None:  # the loop whose block holds the loss, the innermost first
                block = _enclosing_block(source, loop)
                if block is not None:
                    at = list(block.body).index(loop)
                    moved = _forward(source, block, at, loss, _updated(source, inner, scope, set(frame.models)))
                    if moved:
                        yield self._edit(source, block, at, moved, inner, loss)
                        return
                loop = source.enclosing(loop, LOOPS)
            return

    def _edit(self, source: Source, block, at: int, moved: list[int], inner, loss: str) -> Edit:
        body = list(block.body)
        new = _into_loop(block, at, moved, inner)
        text = source.replaced(block, new) if block is not source.module else new.code
        lines = ", ".join(str(source.line_of(body[i])) for i in moved)
        reason = (f"Moved the forward pass that computes `{loss}` (lines {lines}) into the loop (line "
                  f"{source.line_of(inner)}): it was computed once before the loop from parameters the loop "
                  "updates, so the second backward went through the graph the first one freed")
        return source.edit(text, source.line_of(body[moved[0]]), reason)

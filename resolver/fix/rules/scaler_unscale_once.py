"""## What it does
Leaves one `scaler.unscale_(optimizer)` per iteration, the one on the clipping path:
- a second `unscale_` in the same function as an earlier one goes (the earlier one already
  unscaled everything after it);
- an `unscale_` inside a helper the loop calls earlier (grad-norm logging) goes, and the helper's
  call moves after the statement that unscales and clips, so it still reads unscaled gradients.

- an `unscale_` that runs on every pass while the loop's `scaler.update()` sits in the branch
  that steps (skipped after an overflow) stays; the update moves after the branch.
- a branch after the `unscale_` that leaves the pass before the block's `scaler.update()` (a
  `continue` on a non-finite grad norm, a `return` from the step function) gets the update too,
  on that path, ahead of its trailing `zero_grad()` and its `continue`/`return`.
- either update is added or moved only where the gradients are cleared before the next backward on
  that path (a `zero_grad()` or `p.grad = None` in the leaving branch, or a `zero_grad()` ahead of the
  backward on every pass): under gradient accumulation the skipping pass keeps its gradients, and an
  update there would mix unscaled gradients with the next pass's scaled ones. Nothing is proposed.

## Why is this bad?
`unscale_() has already been called on this optimizer since the last update().`: the scaler
divides the gradients by the scale once per step; a second call would divide them again, so it
refuses. Logging helpers that unscale "to be safe" collide with the clipping code that unscales
before `clip_grad_norm_`. Reading the gradients after the clip's unscale gives the same numbers.
A pass that skips `update()` (the overflow skip) leaves the optimizer marked unscaled, so the next
pass's one `unscale_` raises the same error, and the scale is never lowered after the overflow.

## Example
```python
def grad_norm(self):
    self.scaler.unscale_(self.opt)
    return total_norm(self.model)

stats = self.grad_norm() if log_now else None
self.scaler.unscale_(self.opt)
clip_grad_norm_(self.model.parameters(), 1.0)
```

Use instead:
```python
def grad_norm(self):
    return total_norm(self.model)

self.scaler.unscale_(self.opt)
clip_grad_norm_(self.model.parameters(), 1.0)
stats = self.grad_norm() if log_now else None
```
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, method_call, names_in, project_sources, user_frames
from resolver.fix.rules._syntax import is_none, last_name, own_nodes
from resolver.write.edits import Change, Edit, Workspace


def _unscale_statement(statement: cst.CSTNode) -> bool:
    """`x.unscale_(opt)` alone on its line."""
    return isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Expr) and method_call(statement.body[0].value, "unscale_")


def _helper(sources: list[Source], name: str) -> tuple[Source, cst.SimpleStatementLine] | None:
    """The one project function of that name, and its one `unscale_` statement."""
    found = [(s, f) for s in sources for f in s.nodes(cst.FunctionDef, lambda f: f.name.value == name)]
    if len(found) != 1:
        return None
    source, function = found[0]
    unscales = [s for s in own_nodes(function, cst.SimpleStatementLine) if _unscale_statement(s)]
    return (source, unscales[0]) if len(unscales) == 1 else None


def _bound(statement: cst.CSTNode) -> set[str]:
    return {n for small in getattr(statement, "body", ()) if isinstance(small, cst.Assign)
            for t in small.targets for n in names_in(t.target)}


class _Move(cst.CSTTransformer):
    def __init__(self, moved, after, removed):
        self.moved, self.after, self.removed = moved, after, removed

    def on_leave(self, original, updated):
        if original is self.moved or original is self.removed:
            return cst.RemovalSentinel.REMOVE
        if original is self.after and self.moved is not None:
            return cst.FlattenSentinel([updated, self.moved.with_changes(leading_lines=())])
        return updated


class ScalerUnscaleOnce(Rule):
    categories = ("amp.unscale_twice",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        frames = list(user_frames(diagnosis, workspace))
        if not frames or not _unscale_statement(frames[0][1].statement_at(frames[0][0].line)):
            return
        failing = frames[0][1].statement_at(frames[0][0].line)
        sources = project_sources(workspace)
        for depth, (frame, source) in enumerate(frames):
            for chain, before in _earlier(source, source.statement_at(frame.line)):
                found, edit = _unscale_once(source, sources, depth, frame.line, failing, chain, before)
                if found:  # the earlier unscale: fixed, or not this rule's to fix
                    yield from [edit] if edit is not None else []
                    return
        edits = list(_update_out_of_branch(frames[0][1], failing))
        yield from edits or _update_on_skip(frames[0][1], failing)


def _single_call(statement: cst.CSTNode, name: str, receiver: str | None, source: Source) -> bool:
    """`receiver.name(...)` alone on its line (any receiver when None)."""
    return isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Expr) and method_call(statement.body[0].value, name) \
        and (receiver is None or source.code(statement.body[0].value.func.value) == receiver)


def _leaves(source: Source, branch: cst.CSTNode, failing: cst.SimpleStatementLine) -> bool:
    """The branch's block ends by leaving the pass the unscale ran in: `continue` to the unscale's own
    loop, or `return` from the unscale's own function."""
    body = branch.body.body if isinstance(getattr(branch, "body", None), cst.IndentedBlock) else ()
    last = body[-1] if body else None
    if not isinstance(last, cst.SimpleStatementLine) or not last.body:
        return False
    end, function = last.body[-1], source.function_of(failing)
    if isinstance(end, cst.Continue):
        loop = source.loop_of(failing)
        return loop is not None and source.loop_of(last) is loop and source.function_of(loop) is function
    return isinstance(end, cst.Return) and function is not None and source.function_of(last) is function


class _Before(cst.CSTTransformer):
    """Puts `added` in each of these blocks, before its trailing `zero_grad()` calls and its last statement."""

    def __init__(self, blocks, added, source):
        self.blocks, self.added, self.source = blocks, added, source

    def leave_IndentedBlock(self, original, updated):
        if original not in self.blocks:
            return updated
        at = len(original.body) - 1
        while at > 0 and _single_call(original.body[at - 1], "zero_grad", None, self.source):
            at -= 1
        return updated.with_changes(body=[*updated.body[:at], self.added, *updated.body[at:]])


def _clears(source: Source, node: cst.CSTNode) -> bool:
    """The node clears gradients: a `zero_grad()` call or a `p.grad = None` in it."""
    def inside(n):
        return n is node or source.within(n, node)
    return any(isinstance(c.func, cst.Attribute) and c.func.attr.value == "zero_grad"
               for c in source.nodes(cst.Call, inside)) \
        or any(isinstance(t.target, cst.Attribute) and t.target.attr.value == "grad"
               and is_none(a.value)
               for a in source.nodes(cst.Assign, inside) for t in a.targets)


def _cleared_each_pass(source: Source, failing: cst.SimpleStatementLine) -> bool:
    """A `zero_grad()` runs on every pass ahead of the backward that precedes the unscale, in its block
    (the loop body, or the step function's body): whatever path a pass leaves by, the next backward
    starts from cleared gradients."""
    block = source.parents.get(failing)
    if not isinstance(block, cst.IndentedBlock):
        return False
    ahead = list(block.body[:block.body.index(failing)])
    backward = [i for i, s in enumerate(ahead) if any(
        isinstance(c.func, cst.Attribute) and c.func.attr.value == "backward"
        for c in source.nodes(cst.Call, lambda c, s=s: source.within(c, s)))]
    return bool(backward) and any(isinstance(s, cst.SimpleStatementLine) and _clears(source, s)
                                  for s in ahead[:backward[-1]])


def _update_on_skip(source: Source, failing: cst.SimpleStatementLine) -> Iterator[Edit]:
    """After the unscale, a branch leaves the pass (`continue` on a non-finite grad norm, `return` from
    the step function) before the block's `scaler.update()`: the scaler still marks the optimizer
    unscaled at the next pass's unscale_. The update is called on that path too, where it leaves."""
    block = source.parents.get(failing)
    if not isinstance(block, cst.IndentedBlock):
        return
    scaler = source.code(failing.body[0].value.func.value)
    later = list(block.body[block.body.index(failing) + 1:])
    update = next((i for i, s in enumerate(later) if _single_call(s, "update", scaler, source)), None)
    if update is None:
        return  # no update after it on the way through: not a path that skips it
    branches = []
    for statement in later[:update]:
        node = statement
        while isinstance(node, cst.If):
            branches.append(node)
            node = node.orelse.body if isinstance(node.orelse, cst.If) else node.orelse
        if isinstance(node, cst.Else):
            branches.append(node)
    skipping = [b for b in branches if _leaves(source, b, failing) and not any(
        _single_call(s, "update", scaler, source) for s in source.nodes(cst.SimpleStatementLine,
                                                                          lambda s: source.within(s, b)))]
    if not skipping or not (_cleared_each_pass(source, failing) or all(_clears(source, b) for b in skipping)):
        return  # a path that keeps its gradients (accumulation): an update there would mix scaled and unscaled
    added = cst.parse_statement(f"{scaler}.update()\n")
    text = source.module.visit(_Before({b.body for b in skipping}, added, source)).code
    lines = ", ".join(str(source.line_of(b)) for b in skipping)
    reason = (f"Added {scaler}.update() on the path that leaves the pass at line {lines} after "
              f"{source.code(failing.body[0].value)}: without it the scaler still counts this optimizer unscaled "
              f"when the next pass unscales it (and never lowers the scale after the overflow)")
    yield source.edit(text, source.line_of(skipping[0]), reason)


def _update_out_of_branch(source: Source, failing: cst.SimpleStatementLine) -> Iterator[Edit]:
    """One `unscale_` per pass, but the loop's one `scaler.update()` sits in a branch after it (the
    step's, skipped on an overflow): a pass without it leaves the optimizer marked unscaled for the
    next. The update moves after the branch, once per pass, where the unscale is."""
    loop = source.loop_of(failing)
    if loop is None or source.function_of(loop) is not source.function_of(failing):
        return
    scaler = source.code(failing.body[0].value.func.value)
    updates = [s for s in source.nodes(cst.SimpleStatementLine, lambda s: source.within(s, loop))
               if len(s.body) == 1 and isinstance(s.body[0], cst.Expr) and method_call(s.body[0].value, "update")
               and source.code(s.body[0].value.func.value) == scaler]
    body = loop.body.body if isinstance(loop.body, cst.IndentedBlock) else ()
    if len(updates) != 1 or failing not in body:
        return
    branch = next((b for b in body if isinstance(b, cst.If) and source.within(updates[0], b)), None)
    if branch is None or body.index(branch) < body.index(failing) or not _cleared_each_pass(source, failing):
        return  # without a zero_grad ahead of every backward, the skipping pass keeps its (unscaled) gradients
    reason = (f"Moved {source.code(updates[0].body[0].value)} out of the branch at line {source.line_of(branch)} "
              f"to after it: {source.code(failing.body[0].value)} runs on every pass, and a pass that skips "
              "the update leaves the optimizer unscaled for the next one (and never lowers the scale)")
    yield source.edit(source.module.visit(_Move(updates[0], branch, None)).code, source.line_of(branch), reason)


def _unscale_once(source, sources, depth, line, failing, chain, before) -> tuple[bool, Edit | None]:
    """Whether `before` (the statements ahead of `chain`) holds the earlier unscale, and the edit."""
    for statement in reversed(before):
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            continue  # a definition runs none of the calls written in it
        if _unscale_statement(statement):
            if depth:
                return True, None  # the second one is in a helper the function calls: both are its own
            reason = (f"Removed the second {source.code(failing.body[0].value)}: the gradients were already "
                      f"unscaled at line {source.line_of(statement)} of this iteration")
            return True, source.edit(source.module.visit(_Move(None, None, failing)).code, line, reason)
        calls = source.nodes(cst.Call, lambda c: source.within(c, statement))
        helpers = [h for c in calls if (h := _helper(sources, last_name(c.func) or "")) is not None]
        if not helpers:
            continue
        later = cst.Module(body=[*before[before.index(statement) + 1:], chain])
        if len(helpers) != 1 or _bound(statement) & set(names_in(later)):
            return True, None
        helper_source, unscale = helpers[0]
        moved = _Move(statement, chain, unscale if helper_source.path == source.path else None)
        changes = [Change(source.path, source.text, source.module.visit(moved).code)]
        if helper_source.path != source.path:
            changes.append(Change(helper_source.path, helper_source.text,
                                  helper_source.module.visit(_Move(None, None, unscale)).code))
        reason = (f"Removed {helper_source.code(unscale.body[0].value)} from its helper and moved the line "
                  f"that calls it after line {source.line_of(chain)}: the clipping path unscales once, and the "
                  "helper then reads the same unscaled gradients")
        return True, Edit(tuple(changes), source.line_of(statement), reason)
    return False, None


def _earlier(source: Source, statement: cst.CSTNode | None) -> Iterator[tuple[cst.CSTNode, list]]:
    """(the statement or block holding it, the statements ahead of it), innermost block first,
    up to the function's own body (the module's, for a loop at top level)."""
    scope = (source.function_of(statement) or source.module) if statement is not None else None
    node = statement
    while scope is not None and node is not scope and node in source.parents:
        block = source.parents.get(node)
        if isinstance(block, (cst.IndentedBlock, cst.Module)):
            yield node, list(block.body[:block.body.index(node)])
        node = block

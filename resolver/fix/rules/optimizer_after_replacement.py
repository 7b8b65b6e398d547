"""An optimizer is built after the model's layers are in place, not before they are replaced.

## What it does
Where a run's optimizer holds parameters no model that ran has, while the model's own get
gradients no optimizer applies (the probe sees both), and the probe saw the layer replaced (the
user frames of `model.fc = ...` and of the optimizer's construction), the two are put in order
in the innermost function both went through: the statement that builds the optimizer moves
below the one that replaced the layer (directly, `model.fc = nn.Linear(...)`, `model[2] = ...`,
or through a call, `model.reset_classifier(n)`, `if ...: load_pretrained(...)`); when a statement
between them uses the optimizer (a scheduler built on it), the replacing call moves up above the
optimizer instead. When the two meet in no function before training starts (the layer is replaced
inside the trainer), the new layer's parameters are added to the optimizer where it is replaced:
`optimizer.add_param_group({"params": model.fc.parameters()})`, spelt as the trainer spells its
optimizer. Without the probe's frames, a replacement in the optimizer's own block is found in the text.
Under mixed precision the same order crashes first, when the optimizer held only the replaced layer
(a frozen backbone): `GradScaler.step` finds `No inf checks were recorded for this optimizer`. The
probe's record of the replacement leads to the same move, the replacing statement put above the
optimizer where nothing between touches the model; without that record (an optimizer stepped with no
backward through its model) nothing is proposed. The record followed is that of the optimizer the
failing `scaler.step(...)` was given; nothing is proposed when an optimizer built after the
replacement already holds the new layer (the step names the wrong optimizer), nor, on either path,
when a statement between the optimizer and the replacement steps or trains it (a linear probe of
the old head, trained on purpose before the swap).

## Why is this bad?
`model.parameters()` is read once, when the optimizer is built. A layer assigned afterwards
(a new head for fine-tuning) brings new parameters the optimizer never sees: they get gradients
and never change, while the optimizer steps the old layer's, which no longer take part.

## Example
```python
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
model.fc = nn.Linear(512, 10)
```

Use instead:
```python
model.fc = nn.Linear(512, 10)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
```"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import Source, user_frames
from resolver.fix.rules._syntax import bound_names
from resolver.write.edits import Edit, Workspace

NO_INF_CHECKS = "No inf checks were recorded for this optimizer"


def _base(expression: cst.BaseExpression, source: Source) -> str:
    while isinstance(expression, (cst.Attribute, cst.Subscript)):
        expression = expression.value
    return source.code(expression)


def _models_given(statement: cst.CSTNode, source: Source) -> set[str]:
    """What the optimizer's parameters come from: `model` in `Adam(model.parameters())`."""
    return {_base(c.func.value, source) for c in source.nodes(cst.Call)
            if source.within(c, statement) and isinstance(c.func, cst.Attribute)
            and c.func.attr.value in ("parameters", "named_parameters")}


def _targets(statement: cst.CSTNode) -> list[cst.BaseExpression]:
    """What a simple statement binds: `optimizer`, `self.optimizer`, `net, opt`."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return []  # a compound statement (for, if) binds nothing on its own line
    found = []
    for small in statement.body:
        if isinstance(small, cst.Assign):
            for target in small.targets:
                elements = target.target.elements if isinstance(target.target, cst.Tuple) else [target.target]
                found += [e.value if isinstance(e, cst.Element) else e for e in elements]
        elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
            found.append(small.target)
    return found


def _mentions(statement: cst.CSTNode, spelt: set[str], source: Source) -> bool:
    return any(source.code(n) in spelt for n in source.nodes((cst.Name, cst.Attribute))
               if n is statement or source.within(n, statement))


def _trains(statement: cst.CSTNode, names: set[str], source: Source) -> bool:
    """The statement steps or trains the optimizer: `opt.step()`, `scaler.step(opt)` (in a loop too), or
    a bare call given it (`train(model, opt)`)."""
    for call in source.nodes(cst.Call, lambda c: c is statement or source.within(c, statement)):
        given = any(source.code(a.value) in names for a in call.args)
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "step" \
                and (given or source.code(call.func.value) in names):
            return True
        if given and isinstance(source.parents.get(call), cst.Expr):
            return True
    return False


def _span(node: cst.CSTNode, source: Source) -> range:
    where = source.positions[node]
    return range(where.start.line, where.end.line + 1)


def _meeting(optimizer: list[dict], replaced: list[dict]) -> tuple[Path, int, int] | None:
    """The innermost function the optimizer's construction and the replacement both went through,
    the optimizer first: its file, the optimizer's line, the replacing line."""
    for built in optimizer:
        for swap in replaced:
            if (built["file"], built["function"]) == (swap["file"], swap["function"]) and swap["line"] > built["line"]:
                return Path(built["file"]), built["line"], swap["line"]
    return None


def _reordered(source: Source, at_line: int, swap_line: int, training: set[int],
               swap_first: bool = False) -> tuple[str, int, str] | None:
    """The optimizer's statement moved below the replacing one of its block, or that one moved
    above it when a statement between uses the optimizer (with `swap_first`, also when nothing
    between touches the replaced model: the new head goes where the model is set up). None when the
    replacing statement also trains (the step runs inside it) or a move would read a name before it is bound."""
    found = _in_one_block(source, at_line, swap_line)
    if found is None:
        return None
    block, body, at, to = found
    if training & set(_span(body[to], source)):
        return None
    statement, names = body[at], {source.code(t) for t in _targets(body[at])}
    if names and any(_trains(s, names, source) for s in body[at + 1:to]):
        return None  # it trains the old layer on purpose before the swap (a linear probe): not this rule's order
    swap = body[to]
    start = at  # the parameter groups it is given, collected just above it (`decay = [p for n, p in ...]`)
    while start > 0 and isinstance(body[start - 1], cst.SimpleStatementLine) and _targets(body[start - 1]) \
            and _mentions(statement, {source.code(t) for t in _targets(body[start - 1])}, source):
        start -= 1
    if start < at and isinstance(swap, cst.SimpleStatementLine) and not any(
            _mentions(swap, {source.code(t) for t in _targets(s)}, source) for s in body[start:to]):
        moved = swap.with_changes(leading_lines=body[start].leading_lines)
        new_body = body[:start] + [moved, body[start].with_changes(leading_lines=())] + body[start + 1:to] \
            + body[to + 1:]
        first, what = moved, f"Moved {source.code(swap)} above {source.code(body[start])}"
    elif swap_first and _up(swap, body[at:to], source) and (bases := {_base(t, source) for t in _targets(swap)}) \
            and not any(_mentions(s, bases, source) for s in body[at + 1:to]):
        moved = swap.with_changes(leading_lines=statement.leading_lines)
        new_body = body[:at] + [moved, statement.with_changes(leading_lines=())] + body[at + 1:to] + body[to + 1:]
        first, what = moved, f"Moved {source.code(swap)} above {source.code(statement)}"
    elif names and not any(_mentions(s, names, source) for s in body[at + 1:to + 1]):
        moved = statement.with_changes(leading_lines=())
        new_body = body[:at] + [body[at + 1].with_changes(
            leading_lines=[*statement.leading_lines, *body[at + 1].leading_lines])] \
            + body[at + 2:to + 1] + [moved] + body[to + 1:]
        first, what = moved, f"Moved {source.code(statement)} below {_header(swap, source)}"
    elif _up(swap, body[at:to], source):
        moved = swap.with_changes(leading_lines=statement.leading_lines)
        new_body = body[:at] + [moved, statement.with_changes(leading_lines=())] + body[at + 1:to] + body[to + 1:]
        first, what = moved, f"Moved {source.code(swap)} above {source.code(statement)}"
    else:
        return None
    text = source.replaced(block, block.with_changes(body=new_body))
    line_text = source.module.code_for_node(first).strip().splitlines()[0].strip()
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip() == line_text)
    return text, line, what


def _in_one_block(source: Source, at_line: int, swap_line: int) -> tuple | None:
    """The block holding the optimizer's simple statement and, later in it, the statement that holds the
    replacing line: (the block, its body, the optimizer's index, the replacing one's). None otherwise."""
    statement = source.statement_at(at_line)
    block = statement and source.parents.get(statement)
    if not isinstance(statement, cst.SimpleStatementLine) \
            or not isinstance(getattr(block, "body", None), (list, tuple)):
        return None
    body = list(block.body)
    at = body.index(statement)
    later = [i for i in range(at + 1, len(body)) if swap_line in _span(body[i], source)]
    return (block, body, at, later[0]) if later else None


def _built_again(source: Source, at_line: int, swap_line: int) -> tuple[str, int, str] | None:
    """A copy of the statement that builds the optimizer (`trainer = Trainer(model, lr=cfg.lr)`), put right after
    the replacing statement of its block: (the text, the copy's line, what it binds). None when it is not one
    assignment, or a statement between rebinds a name it reads (the copy would build something else)."""
    found = _in_one_block(source, at_line, swap_line)
    if found is None:
        return None
    block, body, at, to = found
    statement = body[at]
    if not isinstance(statement.body[0], cst.Assign) or not isinstance(body[to], cst.SimpleStatementLine):
        return None
    read = {source.code(n) for n in source.nodes(cst.Name) if source.within(n, statement.body[0].value)}
    if any(_binds(s, read, source) for s in body[at + 1:to + 1]):
        return None
    copy = statement.with_changes(leading_lines=())
    text = source.replaced(block, block.with_changes(body=body[:to + 1] + [copy] + body[to + 1:]))
    return text, source.line_of(body[to]) + 1, source.code(statement.body[0].targets[0].target)


def _binds(statement: cst.CSTNode, names: set[str], source: Source) -> bool:
    """The statement binds one of the names again (an assignment's or a loop's variable; `model.fc = ...` changes
    the model, it binds no name)."""
    inside = (lambda n: n is statement or source.within(n, statement))
    targets = [t.target for a in source.nodes(cst.Assign, inside) for t in a.targets] \
        + [f.target for f in source.nodes(cst.For, inside)]
    return any(bound_names(t) & names for t in targets)


def _up(swap: cst.CSTNode, passed: list, source: Source) -> bool:
    """The replacing statement may move above these: it reads nothing they bind."""
    return isinstance(swap, cst.SimpleStatementLine) and not any(
        _mentions(swap, {source.code(t) for t in _targets(s)}, source) for s in passed)


def _header(statement: cst.CSTNode, source: Source) -> str:
    return source.code(statement).strip().splitlines()[0].rstrip(":")


def _param_group(source: Source, swap: dict, inner: dict, step: dict, attribute: str,
                 workspace: Workspace) -> tuple[str, int, str] | None:
    """`opt.add_param_group({"params": X.attr.parameters()})` below `X.method(...)`, the call whose
    method (`inner`) assigned `self.attr`, where the optimizer is spelt as at its step in the
    same class (`self.optimizer`)."""
    statement = source.statement_at(swap["line"])
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 \
            or not isinstance(statement.body[0], cst.Expr) or not isinstance(statement.body[0].value, cst.Call):
        return None
    call = statement.body[0].value
    if not isinstance(call.func, cst.Attribute) or call.func.attr.value != inner["function"]:
        return None
    setter = Source.parse(workspace, Path(inner["file"]))
    assign = setter and setter.statement_at(inner["line"])
    if assign is None or not any(setter.code(t) == f"self.{attribute}" for t in _targets(assign)):
        return None
    stepper = source if Path(step["file"]) == source.path else None
    step_call = stepper and [c for c in stepper.on_line(cst.Call, step["line"])
                             if isinstance(c.func, cst.Attribute) and c.func.attr.value == "step"]
    if not step_call:
        return None
    optimizer = source.code(step_call[0].func.value)
    same_class = source.enclosing(step_call[0], cst.ClassDef)
    in_class = same_class is not None and source.enclosing(call, cst.ClassDef) is same_class
    if not (optimizer.startswith("self.") and in_class or source.function_of(step_call[0]) is source.function_of(call)):
        return None
    added = cst.parse_statement(f'{optimizer}.add_param_group({{"params": {source.code(call.func.value)}.{attribute}'
                                f'.parameters()}})\n')
    text = source.replaced(statement, cst.FlattenSentinel([statement, added]))
    reason = (f"Added the parameters of the new {source.code(call.func.value)}.{attribute} to {optimizer} after "
              f"{source.code(call)} replaced it: the optimizer, built before, held only the old layer's")
    return text, source.line_of(statement) + 1, reason


def _stepped(diagnosis: Diagnosis, workspace: Workspace) -> str | None:
    """The optimizer the failing `scaler.step(...)` was given, as spelt there."""
    for frame, source in user_frames(diagnosis, workspace):
        calls = [c for c in source.on_line(cst.Call, frame.line)
                 if isinstance(c.func, cst.Attribute) and c.func.attr.value == "step" and c.args]
        if calls:
            return source.code(calls[-1].args[0].value)
    return None


def _bound_to(optimizer: dict, spelt: str | None, workspace: Workspace) -> bool:
    """The optimizer's construction was bound to `spelt` in one of its frames (`opt = make_optimizer(...)`)."""
    for frame in (optimizer.get("stack") or []) if spelt else []:
        source = Source.parse(workspace, Path(frame["file"]))
        statement = source and source.statement_at(frame["line"])
        if statement is not None and any(source.code(t) == spelt for t in _targets(statement)):
            return True
    return False


def _held_after(swap: dict, optimizers: list[dict], workspace: Workspace) -> bool:
    """Another optimizer is built after the replacement, in the same function, over the new layer (or a
    model holding it: `model.parameters()`, `build_optimizer(model)`)."""
    for index, other in enumerate(optimizers):
        for built in (other.get("stack") or []) if index != swap["optimizer"] else []:
            for frame in swap["stack"]:
                if (built["file"], built["function"]) != (frame["file"], frame["function"]) \
                        or built["line"] <= frame["line"]:
                    continue
                source = Source.parse(workspace, Path(frame["file"]))
                statement = source and source.statement_at(built["line"])
                swapped = _swapped(source and source.statement_at(frame["line"]), source)
                if statement is None:
                    continue
                calls = source.nodes(cst.Call, lambda c: source.within(c, statement))
                given = {source.code(c.func.value) for c in calls if isinstance(c.func, cst.Attribute)
                         and c.func.attr.value in ("parameters", "named_parameters")}
                given |= {source.code(a.value) for c in calls for a in c.args
                          if isinstance(a.value, (cst.Name, cst.Attribute))}
                if not swapped or any(t == g or t.startswith((g + ".", g + "[")) for t in swapped for g in given):
                    return True
    return False


def _swapped(statement: cst.CSTNode | None, source: Source) -> set[str]:
    """What the replacing statement replaces: `model.head` (assigned), `model` (`model.reset_classifier(n)`)."""
    found = {source.code(t) for t in _targets(statement)} if statement is not None else set()
    for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                and isinstance(small.value.func, cst.Attribute):
            found.add(source.code(small.value.func.value))
    return found


def _replaces(statement: cst.CSTNode, models: set[str], source: Source) -> bool:
    """`model.fc = ...`, `model[2] = ...`, `model.head.out = ...`, `setattr(model, ...)`."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, cst.Assign) and any(isinstance(t.target, (cst.Attribute, cst.Subscript))
                                                 and _base(t.target, source) in models for t in small.targets):
            return True
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
                and source.code(small.value.func) == "setattr" and small.value.args \
                and source.code(small.value.args[0].value) in models:
            return True
    return False


class OptimizerAfterReplacement(Rule):
    categories = ("health.stale_optimizer", "amp.step_without_scale")
    # first: before optimizer_for_rebuilt_model (1), and before the scaler rules (0, 1), which read the text, where
    # this one moves only on the probe's record of a held layer replaced
    priority = -1

    def matches(self, diagnosis: Diagnosis) -> bool:
        # GradScaler.step on an optimizer none of whose parameters got a gradient; propose moves only where the
        # probe saw a layer an optimizer held replaced (a crash carries no other health facts)
        return super().matches(diagnosis) and (diagnosis.category == "health.stale_optimizer"
                                               or NO_INF_CHECKS in diagnosis.message)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        health = diagnosis.health
        optimizers = health.get("optimizers") or []
        amp = diagnosis.category != "health.stale_optimizer"
        swaps = [s for s in health.get("replaced") or [] if s["optimizer"] < len(optimizers)]
        if amp:  # the record of the optimizer the failing scaler.step(...) was given, not the first one
            stepped = _stepped(diagnosis, workspace)
            swaps = [s for s in swaps if _bound_to(optimizers[s["optimizer"]], stepped, workspace)]
        for swap in swaps:
            if amp and _held_after(swap, optimizers, workspace):
                return  # an optimizer built after the swap already holds the new layer: the step names the wrong one
            yield from self._from_frames(swap, optimizers[swap["optimizer"]].get("stack") or [],
                                         health.get("step_stack") or [], workspace, swap_first=amp)
            return
        if diagnosis.category == "health.stale_optimizer":
            yield from self._in_block(diagnosis, workspace)

    def _from_frames(self, swap: dict, built: list[dict], step: list[dict], workspace: Workspace,
                     swap_first: bool = False) -> Iterator[Edit]:
        meeting = _meeting(built, swap["stack"])
        source = meeting and Source.parse(workspace, meeting[0])
        if source is not None and swap.get("steps") and not swap_first:
            # the optimizer stepped before the swap: it trained the old layers on purpose (pretraining, then
            # pruning and fine-tuning), so it is built again after the swap, not moved below it
            found = _built_again(source, meeting[1], meeting[2])
            if found is not None:
                yield source.edit(*found, f"Built {found[2]} again after the layers are replaced: the one built "
                                          f"before {swap['class']}.{swap['attribute']} was replaced trained the old "
                                          f"layers and never updated the new ones")
            return
        if source is not None:
            training = {f["line"] for f in step if Path(f["file"]) == meeting[0]}
            found = _reordered(source, meeting[1], meeting[2], training, swap_first)
            if found is not None:
                text, line, what = found
                yield source.edit(text, line, f"{what}: built before {swap['class']}.{swap['attribute']} was "
                                              f"replaced, the optimizer held the old layer's parameters and never "
                                              f"updated the new ones")
                return
        if len(swap["stack"]) >= 2 and step:
            outer = swap["stack"][1]
            source = Source.parse(workspace, Path(outer["file"]))
            found = source and _param_group(source, outer, swap["stack"][0], step[0], swap["attribute"], workspace)
            if found:
                yield source.edit(*found)

    def _in_block(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            statement = source.statement_at(frame.line)
            block = statement and source.parents.get(statement)
            if block is None or not hasattr(block, "body") or not isinstance(block.body, (list, tuple)):
                return
            models = _models_given(statement, source)
            body = list(block.body)
            at = body.index(statement)
            later = [i for i in range(at + 1, len(body)) if _replaces(body[i], models, source)]
            if not models or not later:
                return
            to = later[-1]
            moved = statement.with_changes(leading_lines=())
            new_body = body[:at] + [body[at + 1].with_changes(
                leading_lines=[*statement.leading_lines, *body[at + 1].leading_lines])] \
                + body[at + 2:to + 1] + [moved] + body[to + 1:]
            names = ", ".join(sorted(models))
            reason = (f"Moved {source.code(statement)} below {source.code(body[to].body[0])}: built before the layer "
                      f"was replaced, the optimizer held the old parameters of {names} and never updated the new ones")
            text = source.replaced(block, block.with_changes(body=new_body))
            first = source.module.code_for_node(moved).strip().splitlines()[0]
            line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip() == first.strip())
            yield source.edit(text, line, reason)
            return

"""## What it does
Detaches a tensor from an earlier step where the next step takes it up: an RNN hidden state
passed from batch to batch (a state that starts as `None` is detached where each step makes it,
after the step's backward when its loss reads the state), a generator's output reused for the
discriminator, a step's output kept in an object's state (a queue, a memory bank, `self.prev`)
by the method the step hands it to. A recurrent state the model keeps on itself (`out,
self.hidden = self.lstm(x, self.hidden)` in its forward) is detached right after it is made, when
consecutive batches may continue the same sequences; the layer gets no initial state instead (and
the state is no longer kept if nothing reads it) only when the loop that calls backward walks
shuffled batches (a random sampler, or batches cut from a permutation drawn in its function), calls
the model once a batch without resetting the state, and nothing else uses or starts the state. A
tensor computed from the model once, before the steps (`self.adj = model.adjacency()` in
`__init__`, or above the loop), is computed again where each step uses it. Only when nothing is
carried does the first backward get `retain_graph=True`. A running loss carried from step to
step (the value backward() is called on) is left alone: summing over steps is a training
decision.

## Why is this bad?
`Trying to backward through the graph a second time`: the carried tensor still holds the
graph of the step that made it, which its backward freed.

## Example
```python
for x, y in loader:
    out, hidden = model(x, hidden)
    loss_fn(out, y).backward()
```

Use instead:
```python
for x, y in loader:
    out, hidden = model(x, hidden.detach())
    loss_fn(out, y).backward()
```
"""

from __future__ import annotations

import builtins
from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._kept_states import states_kept_in_modules
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._project import swapped
from resolver.fix.rules._rule import Rule
from resolver.fix.rules._source import (
    Source,
    argument,
    is_docstring,
    keyword_arg,
    method_call,
    names_in,
    user_frames,
)
from resolver.fix.rules._syntax import attribute_assignments, is_none, own_nodes, parameter_names, self_attribute
from resolver.write.edits import Edit, Workspace


def _carried_states(source: Source, loop) -> Iterator[tuple[cst.Call, cst.Arg, str]]:
    """`out, hidden = model(x, hidden)`: a name passed into a call whose result rebinds it."""
    for assign in source.nodes(cst.Assign, lambda a: source.loop_of(a) is loop and isinstance(a.value, cst.Call)):
        targets = set(names_in(assign.targets[0].target))
        for arg in assign.value.args:
            if isinstance(arg.value, cst.Name) and arg.value.value in targets:
                yield assign.value, arg, arg.value.value


def _may_start_as_none(source: Source, function, loop, name: str) -> bool:
    """`hidden = None` before the loop (or a parameter defaulting to None): the first step passes
    None, which the recurrent layer replaces by zeros."""
    scope = function if function is not None else source.module
    for assign in own_nodes(scope, cst.Assign):
        if source.line_of(assign) < source.line_of(loop) and is_none(assign.value) \
                and any(isinstance(t.target, cst.Name) and t.target.value == name for t in assign.targets):
            return True
    params = function.params.params + function.params.kwonly_params if function is not None else ()
    return any(p.name.value == name and is_none(p.default)
               for p in params)


def _detached_where_made(source: Source, loop, call: cst.Call, arg: cst.Arg, name: str,
                         detached: str) -> Iterator[Edit]:
    """`name = name.detach()` right after the step makes the state; after the step's backward
    when the step reads the state again (a loss on it), so that its gradient still flows there."""
    made = source.enclosing(call, cst.SimpleStatementLine)
    later_reads = [n for n in own_nodes(loop, cst.Name) if n.value == name and n is not arg.value
                   and source.line_of(n) > source.line_of(made) and not source.is_attribute_name(n)
                   and source.enclosing(n, cst.AssignTarget) is None]
    anchor = made
    if later_reads:
        backward = [c for c in own_nodes(loop, cst.Call) if method_call(c, "backward")]
        anchor = source.enclosing(backward[-1], cst.SimpleStatementLine) if backward else None
        if anchor is None or source.parents.get(anchor) is not source.parents.get(made) \
                or any(source.line_of(n) > source.line_of(anchor) for n in later_reads):
            return
    line = cst.parse_statement(f"{name} = {detached}\n")
    reason = (f"Detached {name} after line {source.line_of(anchor)}: the state carried over to the next batch "
              "still held this batch's graph, which its backward frees")
    yield source.edit(source.replaced(anchor, cst.FlattenSentinel([anchor, line])), source.line_of(anchor) + 1,
                      reason)


def _summed_backwards(source: Source, second: cst.Call) -> Iterator[Edit]:
    """`a.backward()` then, on the next line, `b.backward()` on another loss of the same forward:
    nothing steps between them, so one backward of `a + b` gives the same gradients without the
    second pass through the graph the first one freed. Not for the same loss twice, whose second
    pass is the author's choice."""
    statement = source.enclosing(second, cst.SimpleStatementLine)
    block = source.parents.get(statement)
    body = list(getattr(block, "body", ()))
    at = next((i for i, s in enumerate(body) if s is statement), 0)
    losses = _adjacent_losses(source, second)
    if losses is None:
        return
    terms = [source.code(loss.with_changes(lpar=[], rpar=[])) for loss in losses]
    summed = cst.parse_statement(f"({terms[0]} + {terms[1]}).backward()\n").with_changes(
        leading_lines=body[at - 1].leading_lines, trailing_whitespace=statement.trailing_whitespace)
    reason = (f"Backpropagated {terms[0]} + {terms[1]} once (line {source.line_of(body[at - 1])}): both losses come "
              "from one forward, and the first backward freed the graph the second one went through again")
    new_block = block.with_changes(body=[*body[:at - 1], summed, *body[at + 1:]])
    yield source.edit(source.replaced(block, new_block), source.line_of(body[at - 1]), reason)


def _adjacent_losses(source: Source, second: cst.Call) -> list[cst.BaseExpression] | None:
    """The losses of `a.backward()` on the line before `b.backward()` (this call): [a, b], two different ones."""
    statement = source.enclosing(second, cst.SimpleStatementLine)
    body = list(getattr(source.parents.get(statement), "body", ()))
    at = next((i for i, s in enumerate(body) if s is statement), 0)
    losses = [_backward_of(body[i]) for i in (at - 1, at)] if at else []
    if len(losses) != 2 or None in losses or losses[1] is not second.func.value \
            or source.code(losses[0]) == source.code(losses[1]):
        return None
    return losses


def _reused_by_both(source: Source, loop, second: cst.Call) -> bool:
    """Both adjacent losses are computed from one output the loop feeds on twice (a GAN's `fake`, in
    the discriminator's loss and the generator's): each loss must train only what it is for, so the
    first use is detached (see _reused_outputs); a sum would step each optimizer on both losses."""
    losses = _adjacent_losses(source, second)
    reused = {name for _, name in _reused_outputs(source, loop)}
    return losses is not None and bool(reused) and all(reused & _computed_from(source, loop, loss) for loss in losses)


def _computed_from(source: Source, loop, value: cst.BaseExpression) -> set[str]:
    """The names a value reads, and those its names were assigned from in the loop, transitively."""
    assigned: dict[str, list[cst.BaseExpression]] = {}
    for assign in source.nodes(cst.Assign, lambda a: source.loop_of(a) is loop):
        for target in assign.targets:
            for name in names_in(target.target):
                assigned.setdefault(name, []).append(assign.value)
    seen, pending = set(), names_in(value)
    while pending:
        name = pending.pop()
        if name not in seen:
            seen.add(name)
            pending.extend(n for v in assigned.get(name, ()) for n in names_in(v))
    return seen


def _backward_of(statement: cst.CSTNode) -> cst.BaseExpression | None:
    """The loss of a statement that is only `loss.backward()` (no arguments): `loss`."""
    small = statement.body if isinstance(statement, cst.SimpleStatementLine) else ()
    call = small[0].value if len(small) == 1 and isinstance(small[0], cst.Expr) else None
    return call.func.value if method_call(call, "backward") and not call.args else None


def _reused_outputs(source: Source, loop) -> Iterator[tuple[cst.Arg, str]]:
    """`fake = G(z)` then `D(fake)` twice in the loop: the first use gets the detached tensor."""
    made_in_loop = source.nodes(cst.Assign, lambda a: source.loop_of(a) is loop and isinstance(a.value, cst.Call))
    produced = {t for a in made_in_loop for t in names_in(a.targets[0].target)}
    uses: dict[str, list[cst.Arg]] = {}
    for call in source.nodes(cst.Call, lambda c: source.loop_of(c) is loop):
        for arg in call.args:
            if isinstance(arg.value, cst.Name) and arg.value.value in produced:
                uses.setdefault(arg.value.value, []).append(arg)
    for name, args in uses.items():
        if len(args) >= 2:
            yield min(args, key=source.line_of), name


def _stores_into_self(method: cst.FunctionDef, name: str) -> bool:
    """Whether the method keeps `name` (or a slice of it) in the object's state: assigned into
    `self.x` / `self.x[...]`, or handed to `self.x.append(...)`-like calls; and gives none of it back."""
    if any(r.value is not None and name in names_in(r.value) for r in own_nodes(method, cst.Return)) \
            or any(method_call(c, "backward") for c in own_nodes(method, cst.Call)):
        return False
    for node in own_nodes(method, (cst.Assign, cst.AugAssign)):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        if any(self_attribute(t) for t in targets) and name in names_in(node.value):
            return True
    for call in own_nodes(method, cst.Call):
        if isinstance(call.func, cst.Attribute) and self_attribute(call.func.value) \
                and call.func.attr.value in ("append", "extend", "insert", "copy_", "add", "put") \
                and any(name in names_in(a.value) for a in call.args):
            return True
    return False


def _stored_outputs(tracer: Tracer, source: Source, function, frame) -> Iterator[Edit]:
    """`self.bank.enqueue(k)` with `k` a graph tensor of this step: the method keeps it in the
    object, so the next step's loss reaches back into this step's freed graph. It is detached
    where the method takes it, once for every place the method stores it."""
    graph = {n for n, t in frame.tensors.items() if t.requires_grad}
    for call in own_nodes(function, cst.Call):
        given = [(i, a.value.value) for i, a in enumerate(call.args)
                 if a.keyword is None and not a.star and isinstance(a.value, cst.Name) and a.value.value in graph]
        if not given:
            continue
        for where, method in tracer.functions_called(source, call):
            params = parameter_names(method)
            offset = 1 if params and params[0] == "self" else 0
            for i, name in given:
                if i + offset >= len(params) or not _stores_into_self(method, params[i + offset]):
                    continue
                param = params[i + offset]
                body = list(method.body.body)
                at = 1 if body and is_docstring(body[0]) else 0
                line = cst.parse_statement(f"{param} = {param}.detach()\n")
                new = method.with_changes(body=method.body.with_changes(body=[*body[:at], line, *body[at:]]))
                reason = (f"Detached {param} where {method.name.value}() takes it (line {where.line_of(method)}): it "
                          f"keeps the tensor in the object, and {source.code(call)} hands it a tensor that still "
                          "holds this step's graph, which the next step's backward then reaches")
                yield where.edit(where.replaced(method, new), where.line_of(body[at]), reason)


def _made_once(source: Source, function, loop, graphless: set[str]) -> Iterator[Edit]:
    """A tensor the model computes once, before the steps, read by every step: its graph is
    freed by the first backward. The step computes it again where it reads it (not one the probe
    saw holding no graph: `targets = raw.mean(1)` on plain data)."""
    outside, libraries = _module_names(source), _module_names(source, assigned=False)
    klass = source.enclosing(function, cst.ClassDef) if function is not None else None
    for use in own_nodes(function, cst.Attribute) if klass is not None else ():
        if not (isinstance(use.value, cst.Name) and use.value.value == "self") or not _read_as_value(source, use):
            continue
        made = attribute_assignments(source, klass, use.attr.value)
        if len(made) != 1 or made[0][1] or made[0][2] != "__init__" or not _model_call(made[0][0], libraries):
            continue
        init = next(m for m in own_nodes(klass, cst.FunctionDef) if m.name.value == "__init__")
        again = _in_scope_of(source, made[0][0], _kept_parameters(klass, init), outside)
        if again is not None:
            yield _recomputed(source, use, again, f"self.{use.attr.value} is computed once in __init__")
    if loop is None:
        return
    scope = function if function is not None else source.module
    for use in own_nodes(loop, cst.Name):
        if not _read_as_value(source, use) or _rebound_in(loop, use.value) or use.value in graphless:
            continue
        before = [a for a in own_nodes(scope, cst.Assign) if source.line_of(a) < source.line_of(loop)
                  and any(isinstance(t.target, cst.Name) and t.target.value == use.value for t in a.targets)]
        if len(before) != 1 or not _model_call(before[0].value, libraries):
            continue
        value = before[0].value
        if not any(_rebound_in(loop, n) for n in names_in(value)):
            yield _recomputed(source, use, value,
                              f"{use.value} is computed once before the loop (line {source.line_of(before[0])})")


NOT_TENSORS = frozenset({"parameters", "named_parameters", "modules", "children", "state_dict", "to", "cuda", "cpu",
                         "train", "eval", "detach", "clone", "item", "tolist", "numpy", "size", "dim"})


def _model_call(value: cst.BaseExpression, outside: set[str]) -> bool:
    """`model.adjacency()`, `self.encoder(ref)`, `net(x)`: an object of the code (not a library or a
    builtin) called or asked for a tensor, which may use its parameters."""
    if not isinstance(value, cst.Call) or method_call(value, *NOT_TENSORS):
        return False
    root = value.func.value if isinstance(value.func, cst.Attribute) else value.func
    if isinstance(root, cst.Attribute) and isinstance(root.value, cst.Name) and root.value.value == "self":
        return True
    return isinstance(root, cst.Name) and root.value not in outside and not hasattr(builtins, root.value)


def _kept_parameters(klass: cst.ClassDef, init: cst.FunctionDef) -> dict[str, str | None]:
    """`self.model = model` in __init__: parameter -> the attribute that keeps it."""
    kept = {}
    for node in own_nodes(init, cst.Assign):
        if isinstance(node.value, cst.Name) and node.value.value in parameter_names(init):
            for target in node.targets:
                if self_attribute(target.target) and isinstance(target.target, cst.Attribute):
                    kept.setdefault(node.value.value, f"self.{target.target.attr.value}")
    for name in parameter_names(init):
        kept.setdefault(name, None)
    return kept


def _in_scope_of(source: Source, value: cst.BaseExpression, kept: dict[str, str | None],
                 outside: set[str]) -> cst.BaseExpression | None:
    """The __init__ expression spelled in a method: its parameters by the attributes that keep
    them; None when it reads a parameter nothing keeps, or a local of __init__."""
    swaps = {}
    for name in own_nodes(value, cst.Name):
        if source.is_attribute_name(name) or name.value == "self" or name.value in outside \
                or hasattr(builtins, name.value):
            continue
        if kept.get(name.value) is None:
            return None
        swaps[name] = cst.parse_expression(kept[name.value])
    return swapped(value, swaps)


def _module_names(source: Source, assigned: bool = True) -> set[str]:
    """Names the file binds at top level: imports, functions, classes, and (`assigned`) constants."""
    return {n for statement in source.module.body for n in _module_bound(statement, assigned)}


def _module_bound(statement: cst.BaseStatement, assigned: bool) -> set[str]:
    names = set()
    for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
        if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                bound = alias.asname.name if alias.asname else alias.name
                names.add(cst.Module([]).code_for_node(bound).split(".")[0])
        elif isinstance(small, cst.Assign) and assigned:
            names |= {t.target.value for t in small.targets if isinstance(t.target, cst.Name)}
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        names.add(statement.name.value)
    return names


def _read_as_value(source: Source, node: cst.CSTNode) -> bool:
    """`f(self.adj)`, `x @ adj`: the expression's value is read, not called, assigned, or reached through."""
    parent = source.parents.get(node)
    if isinstance(parent, cst.Call) and parent.func is node \
            or isinstance(parent, cst.Attribute) and parent.value is node:
        return False
    if isinstance(parent, cst.Attribute) and parent.attr is node:
        return False
    return not (isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.Param, cst.Arg)) and
                (getattr(parent, "target", None) is node or getattr(parent, "keyword", None) is node
                 or getattr(parent, "name", None) is node))


def _rebound_in(scope: cst.CSTNode, name: str) -> bool:
    return any(isinstance(t.target, cst.Name) and t.target.value == name
               for a in own_nodes(scope, cst.Assign) for t in a.targets)


def _recomputed(source: Source, use: cst.BaseExpression, value: cst.BaseExpression, why: str) -> Edit:
    reason = (f"Computed {source.code(value)} where the step reads {source.code(use)} (line {source.line_of(use)}): "
              f"{why}, so its graph is freed by the first backward and every later step reaches back into it")
    return source.edit(source.replaced(use, value), source.line_of(use), reason)


class BackwardTwice(Rule):
    categories = ("autograd.backward_twice",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            backward = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "backward")]
            if not backward:
                continue
            loop = source.loop_of(backward[0])
            function = source.enclosing(backward[0], cst.FunctionDef)
            if loop is None and function is None:
                continue
            # a GAN's two losses share a generated tensor: its first use is detached before any sum
            summed_later = loop is not None and _reused_by_both(source, loop, backward[0])
            if not summed_later:
                yield from _summed_backwards(source, backward[0])
            carried = list(_carried_states(source, loop)) if loop is not None else []
            # a carried value the step calls backward() on is a running loss, not a state: whether to
            # sum over steps or keep the graph is the author's training decision
            losses = {names_in(c.func.value)[0] for c in own_nodes(loop, cst.Call) if method_call(c, "backward")
                      and isinstance(c.func.value, cst.Name)} if loop is not None else set()
            carried = [(call, arg, name) for call, arg, name in carried if name not in losses]
            for call, arg, name in carried:
                # a tensor state (RNN, GRU) is detached as it is; an LSTM's (h, c) one tensor at a time
                detached = f"{name}.detach()" if name in frame.tensors else f"tuple(h.detach() for h in {name})"
                if _may_start_as_none(source, function, loop, name):
                    # `h = None` before the first batch: detached where each step makes it, not where
                    # the next takes it up, which would call .detach() on None
                    yield from _detached_where_made(source, loop, call, arg, name, detached)
                    continue
                new = arg.with_changes(value=cst.parse_expression(detached))
                reason = (f"Passed {detached} into {source.code(call.func)}(...): the state carried over from the "
                          "previous batch still held that batch's graph")
                yield source.edit(source.replaced(arg, new), source.line_of(call), reason)
            tracer = Tracer(diagnosis, workspace)
            yield from states_kept_in_modules(tracer, frame, source, loop)
            yield from _stored_outputs(tracer, source, function or loop, frame)
            yield from _made_once(source, function, loop, {n for n, t in frame.tensors.items() if not t.requires_grad})
            if loop is None:
                return
            for arg, name in _reused_outputs(source, loop):
                if frame.tensors and name not in frame.tensors:
                    continue  # not a tensor when it failed (a numpy array, a list): nothing to detach
                new = arg.with_changes(value=cst.parse_expression(f"{name}.detach()"))
                reason = (f"Used {name}.detach() at its first use (line {source.line_of(arg)}): that step must not "
                          f"backpropagate into what produced {name}, whose graph the later step needs")
                yield source.edit(source.replaced(arg, new), source.line_of(arg), reason)
            if summed_later:
                yield from _summed_backwards(source, backward[0])
            calls = source.nodes(cst.Call, lambda c: method_call(c, "backward") and source.loop_of(c) is loop)
            first = min(calls, key=source.line_of)
            if len(calls) >= 2 and argument(first, 10**6, "retain_graph") is None:
                new = first.with_changes(args=[*first.args, keyword_arg("retain_graph", "True")])
                reason = (f"Added retain_graph=True to the first backward (line {source.line_of(first)}): "
                          "the second backward in the same step needs the graph again")
                yield source.edit(source.replaced(first, new), source.line_of(first), reason)
            return

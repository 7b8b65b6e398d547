"""A recurrent state the model keeps on itself (`out, self.hidden = self.lstm(x, self.hidden)` in
its forward), and the order its batches come in. Carrying the state from batch to batch (truncated
BPTT, the state detached where it is made) is right when consecutive batches may continue the same
sequences. Only when the training loop plainly walks shuffled batches, calls the model once a batch,
and nothing else uses the kept state, does the module stop carrying it: the layer gets no initial
state, so each batch starts from zeros of its own batch size."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Site
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._source import Source, names_in
from resolver.fix.rules._syntax import attribute_assignments, is_none, last_name, own_nodes, self_attribute
from resolver.write.edits import Edit

# what a recurrent layer hands back as its state: one tensor, or LSTM's (h, c)
RECURRENT = {"RNN": "{}.detach()", "GRU": "{}.detach()", "RNNCell": "{}.detach()", "GRUCell": "{}.detach()",
             "LSTM": "tuple(h.detach() for h in {})"}
# a draw of the sample order: `torch.randperm(n)`, `np.random.permutation(n)`, `random.shuffle(rows)`
PERMUTATIONS = ("randperm", "random.permutation", "random.shuffle")


def loop_order(tracer: Tracer, source: Source, loop) -> str | None:
    """"shuffled" when the loop itself walks shuffled batches: it iterates the DataLoader the probe
    saw shuffled (`for x, y in loader:`, the loader built at the recorded site), or cuts its batches
    from a permutation drawn in the same function, outside the loop; None when unsure."""
    if not isinstance(loop, cst.For):
        return None
    loader = tracer.diagnosis.loader
    if loader is not None and loader.site is not None and _iterates(source, loop, loader.site):
        return loader.order
    return "shuffled" if _cut_from_permutation(source, loop) else None


def _iterates(source: Source, loop: cst.For, site: Site) -> bool:
    """`for b in DataLoader(...)`, or `for i, b in enumerate(loader)` where `loader = DataLoader(...)`
    is the call the probe recorded."""
    if site.file.resolve() != source.path:
        return False
    made = source.call_at(site)
    if made is None:
        return False
    if source.within(made, loop.iter):
        return True
    assign = source.parents.get(made)
    return isinstance(assign, cst.Assign) and any(
        isinstance(t.target, cst.Name) and t.target.value in names_in(loop.iter) for t in assign.targets)


def _cut_from_permutation(source: Source, loop: cst.For) -> bool:
    """`perm = torch.randperm(n)` in the loop's own function (once an epoch, outside the batch loop: one
    drawn in it shuffles within a batch), and the loop indexes with it (`x[perm[i:i + b]]`)."""
    scope = source.function_of(loop) or source.module
    span = source.positions[loop]
    drawn = set()
    for call in own_nodes(scope, cst.Call):
        if not source.code(call.func).endswith(PERMUTATIONS) \
                or span.start.line <= source.line_of(call) <= span.end.line:
            continue
        parent = source.parents.get(call)
        if isinstance(parent, cst.Assign):
            drawn |= {t.target.value for t in parent.targets if isinstance(t.target, cst.Name)}
        elif isinstance(parent, cst.Expr) and call.args and isinstance(call.args[0].value, cst.Name):
            drawn.add(call.args[0].value.value)  # shuffled in place
    return any(isinstance(s.value, cst.Name) and s.value.value in drawn or drawn & set(names_in(s.slice[0]))
               for s in own_nodes(loop, cst.Subscript) if s.slice)


def states_kept_in_modules(tracer: Tracer, frame, source: Source, loop) -> Iterator[Edit]:
    """`out, self.hidden = self.lstm(x, self.hidden)` in a method of the model being trained: the
    module keeps its recurrent layer's state from batch to batch. The layer gets no initial state
    where `_not_carried` holds; otherwise the state is detached where it is made, right after that
    statement (the state may start as None, which has no .detach()); not in a loop of the method,
    whose steps are one sequence's time steps."""
    classes = {name for name, _ in frame.models.values()}
    order = loop_order(tracer, source, loop) if classes else None
    for where in tracer.project_sources() if classes else ():
        for klass in where.nodes(cst.ClassDef, lambda c: c.name.value in classes):
            for method in own_nodes(klass, cst.FunctionDef):
                for assign in own_nodes(method, cst.Assign):
                    yield from _kept_state(tracer, frame, where, klass, method, assign, source, loop, order)


def _kept_state(tracer, frame, where, klass, method, assign, source, loop, order) -> Iterator[Edit]:
    call, target = assign.value, assign.targets[0].target
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) \
            or not self_attribute(call.func) or where.loop_of(assign) is not None:
        return  # in a loop over time steps the state must keep its graph until the backward
    parts = [e.value for e in target.elements] if isinstance(target, (cst.Tuple, cst.List)) else [target]
    kept = {where.code(p) for p in parts if isinstance(p, cst.Attribute) and self_attribute(p)}
    layers = attribute_assignments(where, klass, call.func.attr.value)
    layer = layers[0][0] if len(layers) == 1 and isinstance(layers[0][0], cst.Call) else None
    form = RECURRENT.get(last_name(layer.func) or "") if layer is not None else None
    for arg in (a for a in call.args if form and where.code(a.value) in kept):
        attr = self_attribute(arg.value)
        if order == "shuffled" and (arg.keyword is not None or arg is call.args[-1]) \
                and _used_only_here(tracer, frame, where, klass, method, attr, source, loop):
            yield _not_carried(tracer, where, assign, arg, last_name(layer.func))
            continue
        state = where.code(arg.value)
        statement = where.enclosing(assign, cst.SimpleStatementLine)
        line = cst.parse_statement(f"{state} = {form.format(state)}\n")
        reason = (f"Detached {state} after line {where.line_of(statement)}: the model keeps its "
                  f"{last_name(layer.func)} state from batch to batch, and the kept state still held "
                  "the previous batch's graph, which its backward freed")
        yield where.edit(where.replaced(statement, cst.FlattenSentinel([statement, line])),
                         where.line_of(statement) + 1, reason)


def _used_only_here(tracer: Tracer, frame, where: Source, klass, method, attr: str, source: Source, loop) -> bool:
    """Whether the state serves nothing but carrying from one batch to the next: no other method reads
    it or calls the forward (a `generate()` feeding one token at a time relies on it), only `__init__`
    sets it to a value and not from a parameter (a learned `h0`), nothing outside the class sets it to
    a value, and the training loop neither resets it (chunks of one batch carry it) nor calls the model
    in a loop of its own (time steps)."""
    writers = set()
    for other in (m for m in own_nodes(klass, cst.FunctionDef) if m is not method):
        for node in own_nodes(other, cst.Attribute):
            written = where.enclosing(node, cst.AssignTarget) is not None
            if self_attribute(node) == attr and not written or self_attribute(node) == method.name.value:
                return False
            writers |= {other.name.value} if self_attribute(node) == attr else set()
        if any(isinstance(c.func, cst.Name) and c.func.value == "self" for c in own_nodes(other, cst.Call)):
            return False
    parameters = {f"self.{t.target.attr.value}" for m in own_nodes(klass, cst.FunctionDef)
                  for a in own_nodes(m, cst.Assign) for t in a.targets
                  if isinstance(a.value, cst.Call) and last_name(a.value.func) == "Parameter"
                  and isinstance(t.target, cst.Attribute) and self_attribute(t.target)}
    for value, _, name in attribute_assignments(where, klass, attr):
        set_elsewhere = name not in ("__init__", method.name.value) and not is_none(value)
        if set_elsewhere or set(names_in(value, chains=True)) & parameters:
            return False
    for other in tracer.project_sources():
        for node in other.nodes(cst.Assign, lambda a: not is_none(a.value)):
            if any(isinstance(t.target, cst.Attribute) and t.target.attr.value == attr
                   and not self_attribute(t.target) for t in node.targets):
                return False  # `model.hidden = model.init_hidden(b)`: the script starts the state itself
    for node in own_nodes(loop, cst.Attribute):
        if node.attr.value == attr and isinstance(source.parents.get(node), cst.AssignTarget) \
                or node.attr.value in writers and isinstance(source.parents.get(node), cst.Call):
            return False
    inner = [n for kind in (cst.For, cst.While) for n in own_nodes(loop, kind)]
    return not any(isinstance(c.func, cst.Name) and c.func.value in frame.models
                   for n in inner for c in own_nodes(n, cst.Call))


def _not_carried(tracer: Tracer, where: Source, assign: cst.Assign, arg: cst.Arg, layer: str) -> Edit:
    """`y, self.h = self.gru(x, self.h)` -> `y, _ = self.gru(x)`: each batch starts from zeros of its
    own size; the state is no longer written where nothing else reads it."""
    call, attr = assign.value, self_attribute(arg.value)
    args = [a for a in call.args if a is not arg]
    if args and arg is call.args[-1]:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    new = assign.with_changes(value=call.with_changes(args=args))
    target = assign.targets[0].target
    read = [n for other in tracer.project_sources() for n in other.nodes(cst.Attribute, lambda n: n.attr.value == attr)
            if other.enclosing(n, cst.AssignTarget) is None and n is not arg.value]
    if isinstance(target, cst.Tuple) and not read:
        elements = [e.with_changes(value=cst.Name("_")) if self_attribute(e.value) == attr else e
                    for e in target.elements]
        new = new.with_changes(targets=[assign.targets[0].with_changes(target=target.with_changes(elements=elements))])
    reason = (f"Passed no initial state to {where.code(call.func)} (line {where.line_of(call)}): the training loop "
              f"walks shuffled batches, so the {layer} state the model kept from the previous batch belongs to "
              "unrelated sequences; each batch starts from zeros of its own batch size")
    return where.edit(where.replaced(assign, new), where.line_of(call), reason)

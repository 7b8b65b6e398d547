"""A recurrent state the model keeps on itself (`out, self.hidden = self.lstm(x, self.hidden)` in
its forward), and the order its batches come in. Carrying the state from batch to batch (truncated
BPTT, the state detached where it is made) is right only when consecutive batches continue the same
sequences; over shuffled batches each batch is unrelated to the last, and the module stops carrying
the state: the layer gets no initial state, so it starts from zeros of the input's own batch size."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._origin import Tracer
from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import attribute_assignments, last_name, own_nodes
from resolver.write.edits import Edit

# what a recurrent layer hands back as its state: one tensor, or LSTM's (h, c)
RECURRENT = {"RNN": "{}.detach()", "GRU": "{}.detach()", "RNNCell": "{}.detach()", "GRUCell": "{}.detach()",
             "LSTM": "tuple(h.detach() for h in {})"}
# `np.random.permutation(n)`, `torch.randperm(n)`, `random.shuffle(rows)`: a draw of the sample order
PERMUTATIONS = frozenset({"permutation", "randperm", "shuffle"})


def self_attribute(node: cst.CSTNode) -> str | None:
    """`self.queue` or `self.queue[...]` (also `self.queue[a][b]`): the attribute it stores into."""
    while isinstance(node, cst.Subscript):
        node = node.value
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        return node.attr.value
    return None


def batch_order(diagnosis: Diagnosis, source: Source, loop) -> str | None:
    """"shuffled", "ordered" or None (unknown): what the probe saw of the DataLoader that gave the
    batch; without one, "shuffled" when the loop cuts its batches from a random permutation it reads."""
    if diagnosis.loader is not None:
        return diagnosis.loader.order
    if loop is None:
        return None
    # drawn outside the batch loop (once an epoch): one drawn in it shuffles within a batch (an augmentation)
    span = source.positions[loop]
    drawn = set()
    for call in source.nodes(cst.Call, lambda c: last_name(c.func) in PERMUTATIONS
                             and not span.start.line <= source.line_of(c) <= span.end.line):
        parent = source.parents.get(call)
        if isinstance(parent, cst.Assign):
            drawn |= {t.target.value for t in parent.targets if isinstance(t.target, cst.Name)}
        elif isinstance(parent, cst.Expr) and call.args and isinstance(call.args[0].value, cst.Name):
            drawn.add(call.args[0].value.value)  # shuffled in place
    return "shuffled" if drawn & {n.value for n in own_nodes(loop, cst.Name)} else None


def states_kept_in_modules(tracer: Tracer, frame, order: str | None) -> Iterator[Edit]:
    """`out, self.hidden = self.lstm(x, self.hidden)` in a method of the model being trained: the
    module keeps its recurrent layer's state from batch to batch. Over shuffled batches the layer
    gets no initial state; otherwise the state is detached where it is made, right after that
    statement (the state may start as None, which has no .detach()); not in a loop of the method,
    whose steps are one sequence's time steps."""
    classes = {name for name, _ in frame.models.values()}
    for where in tracer.project_sources() if classes else ():
        for klass in where.nodes(cst.ClassDef, lambda c: c.name.value in classes):
            for assign in (a for m in own_nodes(klass, cst.FunctionDef) for a in own_nodes(m, cst.Assign)):
                call, target = assign.value, assign.targets[0].target
                if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) \
                        or not self_attribute(call.func) or where.loop_of(assign) is not None:
                    continue  # in a loop over time steps the state must keep its graph until the backward
                parts = [e.value for e in target.elements] if isinstance(target, (cst.Tuple, cst.List)) else [target]
                kept = {where.code(p) for p in parts if isinstance(p, cst.Attribute) and self_attribute(p)}
                layers = attribute_assignments(where, klass, call.func.attr.value)
                layer = layers[0][0] if len(layers) == 1 and isinstance(layers[0][0], cst.Call) else None
                form = RECURRENT.get(last_name(layer.func) or "") if layer is not None else None
                for arg in (a for a in call.args if form and where.code(a.value) in kept):
                    if order == "shuffled":
                        if arg.keyword is not None or arg is call.args[-1]:  # the arguments after it keep their place
                            yield _not_carried(where, call, arg, last_name(layer.func))
                        continue
                    state = where.code(arg.value)
                    statement = where.enclosing(assign, cst.SimpleStatementLine)
                    line = cst.parse_statement(f"{state} = {form.format(state)}\n")
                    reason = (f"Detached {state} after line {where.line_of(statement)}: the model keeps its "
                              f"{last_name(layer.func)} state from batch to batch, and the kept state still held "
                              "the previous batch's graph, which its backward freed")
                    yield where.edit(where.replaced(statement, cst.FlattenSentinel([statement, line])),
                                     where.line_of(statement) + 1, reason)


def _not_carried(where: Source, call: cst.Call, arg: cst.Arg, layer: str) -> Edit:
    """`self.lstm(x, self.hidden)` -> `self.lstm(x)`: each batch starts from zeros of its own size."""
    args = [a for a in call.args if a is not arg]
    if args and arg is call.args[-1]:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    reason = (f"Passed no initial state to {where.code(call.func)} (line {where.line_of(call)}): the batches are "
              f"shuffled, so the {layer} state the model kept from the previous batch belongs to unrelated "
              "sequences; each batch starts from zeros of its own batch size")
    return where.edit(where.replaced(call, call.with_changes(args=args)), where.line_of(call), reason)

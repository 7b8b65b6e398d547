"""An RNN's initial state built for a fixed batch size: `Expected hidden[0] size (2, 20, 32),
got [2, 32, 32]`. The state's batch dimension is the configured batch size (`init_hidden(32)`,
`torch.zeros(layers, self.batch_size, hidden)`), so the last, partial batch (or any batch of
another size) breaks. The number becomes the batch the RNN is given, `x.size(0)` (`x.size(1)`
without batch_first), where the state's size is stated: the argument of the helper that builds
it when the helper is called beside the RNN, else the factory's own batch argument. A state made
outside the function that calls the RNN, where the input is not at hand, gets nothing."""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._origin import Tracer, _parameters, argument, last_name
from resolver.rules._project import replaced_all
from resolver.rules._rule import Rule
from resolver.rules._source import Source, user_frames

SIZES = re.compile(r"Expected hidden(?:\[(\d)\])? size \((\d+), (\d+), (\d+)\), got \[(\d+), (\d+), (\d+)\]")
FACTORIES = {"zeros", "ones", "empty", "randn", "rand", "full", "new_zeros", "new_ones", "new_empty", "new_full"}
RNN_CALLS = {"forward", "__call__"}


class RnnStateBatch(Rule):
    categories = ("shape.rnn_state_batch",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        match = SIZES.search(diagnosis.message)
        if match is None or match[3] == match[6]:
            return  # the batch dimension agrees: another dimension is wrong
        element = int(match[1]) if match[1] is not None else None
        module = diagnosis.module
        batch_dim = 0 if module is not None and module.attributes.get("batch_first") else 1
        tracer = Tracer(diagnosis, workspace)
        for frame, source in user_frames(diagnosis, workspace):
            for call in source.on_line(cst.Call, frame.line):
                state = argument(call, 1, "hx")
                given = argument(call, 0, "input")
                if state is None or given is None or len(call.args) != 2:
                    continue
                edit = _fix(tracer, source, call, given, state, element, batch_dim, match[6])
                if edit is not None:
                    yield edit
                return


def _fix(tracer: Tracer, source: Source, rnn_call: cst.Call, given, state, element, batch_dim: int,
         fixed: str) -> Edit | None:
    function = source.enclosing(rnn_call, cst.FunctionDef)
    end = tracer.chain(source, state, None)[-1]
    ends = [end]
    if element is not None and isinstance(end.node, (cst.Tuple, cst.List)) and element < len(end.node.elements):
        # (h0, c0): the one named first, then its sibling, which is built the same way and would fail next
        named = end.node.elements[element]
        others = [e for e in end.node.elements if e is not named]
        ends = [tracer.chain(end.source, e.value, None)[-1] for e in [named, *others]]

    def at_hand(target) -> bool:
        """Stated beside the RNN call, where its input is, and not as some other literal."""
        return (target is not None and target[0].path == source.path
                and target[0].enclosing(target[1], cst.FunctionDef) is function
                and not (isinstance(target[1], cst.Integer) and target[1].value != fixed))

    stated = [_stated_batch(tracer, each) for each in ends]
    if not at_hand(stated[0]):
        return None  # the input is not at hand where the named tensor's size is stated
    targets = []
    for target in stated:
        if at_hand(target) and all(target[1] is not t[1] for t in targets):
            targets.append(target)
    size = f"{source.code(given)}.size({batch_dim})"
    new = cst.parse_expression(size)
    where, value = targets[0]
    text = replaced_all(where.module, {each: new for _, each in targets})
    reason = (f"Changed {where.code(value)} to {size}: the RNN's initial state was built for a fixed batch of "
              f"{fixed}, and a batch of another size (the last, partial one) breaks it")
    return where.edit(text, where.line_of(value), reason)


def _stated_batch(tracer: Tracer, end):
    """Where a state tensor's batch size is stated: the factory's batch argument, or the argument
    given for it where the helper that builds the state is called."""
    node = end.node
    if not (isinstance(node, cst.Call) and last_name(node.func) in FACTORIES):
        return None
    sizes = [a.value for a in node.args if a.keyword is None and not a.star]
    if len(sizes) == 1:  # one shape argument: a tuple, or a name for one
        shape = tracer.chain(end.source, sizes[0], None)[-1]
        if not isinstance(shape.node, (cst.Tuple, cst.List)):
            return None
        end, sizes = shape, [e.value for e in shape.node.elements]
    if len(sizes) != 3:
        return None
    batch = sizes[1]
    helper = end.source.enclosing(node, cst.FunctionDef)
    if isinstance(batch, cst.Name) and helper is not None and batch.value in _parameters(helper):
        found = tracer._next(end.source, batch, (), None)
        return None if found is None else (found[0], found[1])
    return end.source, batch

"""`Trying to backward through the graph a second time`: a tensor from an earlier step still
carries that step's graph. The carried tensor is detached where the next step takes it up: an
RNN hidden state passed from batch to batch, a generator's output reused for the discriminator.
Only when nothing is carried does the first backward get retain_graph=True."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.rules._source import Source, argument, keyword_arg, method_call, names_in, user_frames
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule


def _carried_states(source: Source, loop) -> Iterator[tuple[cst.Call, cst.Arg, str]]:
    """`out, hidden = model(x, hidden)`: a name passed into a call whose result rebinds it."""
    for assign in source.nodes(cst.Assign, lambda a: source.loop_of(a) is loop and isinstance(a.value, cst.Call)):
        targets = set(names_in(assign.targets[0].target))
        for arg in assign.value.args:
            if isinstance(arg.value, cst.Name) and arg.value.value in targets:
                yield assign.value, arg, arg.value.value


def _reused_outputs(source: Source, loop) -> Iterator[tuple[cst.Arg, str]]:
    """`fake = G(z)` then `D(fake)` twice in the loop: the first use gets the detached tensor."""
    produced = {t for a in source.nodes(cst.Assign, lambda a: source.loop_of(a) is loop and isinstance(a.value, cst.Call))
                for t in names_in(a.targets[0].target)}
    uses: dict[str, list[cst.Arg]] = {}
    for call in source.nodes(cst.Call, lambda c: source.loop_of(c) is loop):
        for arg in call.args:
            if isinstance(arg.value, cst.Name) and arg.value.value in produced:
                uses.setdefault(arg.value.value, []).append(arg)
    for name, args in uses.items():
        if len(args) >= 2:
            yield min(args, key=source.line_of), name


class BackwardTwice(Rule):
    categories = ("autograd.backward_twice",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            backward = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "backward")]
            loop = source.loop_of(backward[0]) if backward else None
            if loop is None:
                continue
            for call, arg, name in _carried_states(source, loop):
                # a tensor state (RNN, GRU) is detached as it is; an LSTM's (h, c) one tensor at a time
                detached = f"{name}.detach()" if name in frame.tensors else f"tuple(h.detach() for h in {name})"
                new = arg.with_changes(value=cst.parse_expression(detached))
                reason = (f"Passed {detached} into {source.code(call.func)}(...): the state carried over from the "
                          "previous batch still held that batch's graph")
                yield source.edit(source.replaced(arg, new), source.line_of(call), reason)
            for arg, name in _reused_outputs(source, loop):
                new = arg.with_changes(value=cst.parse_expression(f"{name}.detach()"))
                reason = (f"Used {name}.detach() at its first use (line {source.line_of(arg)}): that step must not "
                          f"backpropagate into what produced {name}, whose graph the later step needs")
                yield source.edit(source.replaced(arg, new), source.line_of(arg), reason)
            calls = [c for c in source.nodes(cst.Call, lambda c: method_call(c, "backward") and source.loop_of(c) is loop)]
            first = min(calls, key=source.line_of)
            if len(calls) >= 2 and argument(first, 10**6, "retain_graph") is None:
                new = first.with_changes(args=[*first.args, keyword_arg("retain_graph", "True")])
                reason = (f"Added retain_graph=True to the first backward (line {source.line_of(first)}): "
                          "the second backward in the same step needs the graph again")
                yield source.edit(source.replaced(first, new), source.line_of(first), reason)
            return

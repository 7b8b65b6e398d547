"""`element 0 of tensors does not require grad and does not have a grad_fn`: the loss was cut
from the graph. Either a `.detach()`, `.item()`, `.data` or `torch.tensor(...)` re-wrap on the
way to the loss is removed, or the `torch.no_grad()` block that swallowed the training step is
unwrapped."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from resolver.rules._source import Source, method_call, names_in, user_frames
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

REWRAPS = frozenset({"torch.tensor", "torch.as_tensor"})


class _Reconnect(cst.CSTTransformer):
    """Drops what cuts the graph: x.detach() -> x, x.item() -> x, x.data -> x, torch.tensor(x) -> x."""

    def __init__(self, source: Source):
        super().__init__()
        self.source = source
        self.removed: list[str] = []

    def leave_Call(self, original, updated):
        if method_call(updated, "detach", "item") and not updated.args:
            self.removed.append(f".{updated.func.attr.value}()")
            return updated.func.value
        if self.source.calls(original, REWRAPS) and updated.args:
            self.removed.append("torch.tensor(...)")
            return updated.args[0].value
        return updated

    def leave_Attribute(self, original, updated):
        if updated.attr.value == "data":
            self.removed.append(".data")
            return updated.value
        return updated


def _cut_assignments(source: Source, function, backward_line: int, loss: str) -> Iterator[cst.Assign]:
    """Assignments before the backward, in the same function, that feed the loss: closest first."""
    wanted = {loss}
    assignments = [a for a in source.nodes(cst.Assign) if source.enclosing(a, cst.FunctionDef) is function
                   and source.line_of(a) < backward_line]
    for assign in sorted(assignments, key=source.line_of, reverse=True):
        targets = {n for t in assign.targets for n in names_in(t.target)}
        if targets & wanted:
            yield assign
            wanted |= set(names_in(assign.value))


class NoGradFn(Rule):
    categories = ("autograd.no_grad_fn",)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        for frame, source in user_frames(diagnosis, workspace):
            backward = [c for c in source.on_line(cst.Call, frame.line) if method_call(c, "backward")]
            if not backward:
                continue
            loss = source.module.code_for_node(backward[0].func.value)
            function = source.enclosing(backward[0], cst.FunctionDef)
            for assign in _cut_assignments(source, function, frame.line, loss):
                reconnect = _Reconnect(source)
                new_value = assign.value.visit(reconnect)
                if reconnect.removed:
                    reason = (f"Removed {', '.join(dict.fromkeys(reconnect.removed))} from `{source.code(assign)}`: "
                              "it cut the loss from the autograd graph")
                    yield source.edit(source.replaced(assign.value, new_value), source.line_of(assign), reason)
            for node in [backward[0], *_cut_assignments(source, function, frame.line, loss)]:
                block = source.in_no_grad(node)
                if block is not None:
                    reason = (f"Took the training step out of `with {source.code(block.items[0].item)}:` "
                              f"(line {source.line_of(block)}): no graph is recorded inside it")
                    yield source.edit(source.replaced(block, cst.FlattenSentinel(block.body.body)), source.line_of(block),
                                      reason)
                    break
            return

"""`Expected input batch_size (128) to match target batch_size (2)`: a flatten in forward folded
the batch dimension into the others, `x.view(-1, N)` with the wrong N. It becomes
`x.view(x.size(0), -1)`, which keeps the batch and lets the features follow. The same fold shows
as `shape '[-1, 256]' is invalid for input of size 800` at the view itself, or as a Linear whose
input batch differs from the model's."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import libcst as cst

from resolver.rules._source import Source, method_call
from resolver.diagnosis import Diagnosis
from resolver.edits import Edit, Workspace
from resolver.rules._rule import Rule

MAX_FILES = 60


def _candidate_files(diagnosis: Diagnosis, workspace: Workspace) -> list[Path]:
    """The frames' and the modules' files first, then the project's other Python files."""
    first = [f.file.resolve() for f in reversed(diagnosis.frames) if f.user]
    first += [m.site.file.resolve() for m in diagnosis.modules if m.site]
    rest = sorted(p.resolve() for p in workspace.project.rglob("*.py") if workspace.is_editable(p))
    ordered = []
    for path in first + rest:
        if path not in ordered and len(ordered) < MAX_FILES:
            ordered.append(path)
    return ordered


def _flattens_batch(call: cst.Call) -> bool:
    """`.view(-1, N)` / `.reshape(-1, N)` with N not -1."""
    args = [a.value for a in call.args]
    return (method_call(call, "view", "reshape") and len(args) == 2
            and isinstance(args[0], cst.UnaryOperation) and isinstance(args[0].operator, cst.Minus)
            and isinstance(args[0].expression, cst.Integer) and args[0].expression.value == "1")


class BatchFoldedByFlatten(Rule):
    categories = ("shape.batch_size", "shape.view_invalid", "shape.linear_in_features")
    priority = 1  # after module_input, which takes the Linear errors whose batch is intact

    def matches(self, diagnosis: Diagnosis) -> bool:
        return super().matches(diagnosis) and (diagnosis.category != "shape.linear_in_features" or diagnosis.batch_folded)

    def propose(self, diagnosis: Diagnosis, workspace: Workspace) -> Iterator[Edit]:
        failing = {(f.file.resolve(), f.line) for f in diagnosis.frames if f.user}
        for path in _candidate_files(diagnosis, workspace):
            source = Source.parse(workspace, path)
            if source is None:
                continue
            for call in source.nodes(cst.Call, _flattens_batch):
                function = source.enclosing(call, cst.FunctionDef)
                at_failing_line = (path, source.line_of(call)) in failing
                if diagnosis.category == "shape.view_invalid" and not at_failing_line:
                    continue
                if not at_failing_line and (function is None or function.name.value != "forward"):
                    continue
                tensor = source.module.code_for_node(call.func.value)
                new_call = call.with_changes(args=[cst.Arg(cst.parse_expression(f"{tensor}.size(0)")),
                                                   call.args[1].with_changes(value=cst.parse_expression("-1"))])
                reason = (f"Changed {source.code(call)} to {source.code(new_call)}: the flatten folded the batch "
                          "dimension into the features")
                yield source.edit(source.replaced(call, new_call), source.line_of(call), reason)

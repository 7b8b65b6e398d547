"""The statements of an optimizer update in a block of code: its paragraphs (an update usually is
one: loss, `zero_grad`, `backward`, `step`), the calls and names they hold. Shared by the rules that
reorder or remake updates whose backward an earlier step broke."""

from __future__ import annotations

import libcst as cst

from resolver.diagnose.diagnosis import Diagnosis
from resolver.fix.rules._source import Source, method_call, user_frames
from resolver.fix.rules._syntax import bound_names
from resolver.write.edits import Workspace


def paragraphs(block: list) -> list[list]:
    """The block's statements in runs that a blank line or a comment starts."""
    runs: list[list] = []
    for statement in block:
        if not runs or getattr(statement, "leading_lines", ()):
            runs.append([])
        runs[-1].append(statement)
    return runs


def calls_method(source: Source, statements: list, name: str) -> bool:
    return any(method_call(c, name) for s in statements for c in source.nodes(cst.Call, lambda n: source.within(n, s)))


def assigned(statements: list) -> set[str]:
    found = set()
    for statement in statements:
        for small in getattr(statement, "body", ()):
            for target in ([t.target for t in small.targets] if isinstance(small, cst.Assign) else
                           [small.target] if isinstance(small, (cst.AugAssign, cst.AnnAssign)) else []):
                found |= bound_names(target)
    return found


def backward_call(source: Source, statements: list) -> cst.Call | None:
    return next((c for s in statements for c in source.nodes(cst.Call, lambda n: source.within(n, s))
                 if method_call(c, "backward")), None)


def retains(call: cst.Call) -> bool:
    return any(a.keyword is not None and a.keyword.value == "retain_graph" for a in call.args)


def failing_backward(diagnosis: Diagnosis, workspace: Workspace) -> tuple[Source, cst.CSTNode, cst.CSTNode] | None:
    """(source, statement, block) of the `backward()` that raised in the innermost project frame,
    when that statement stands in a block of statements (a loop's, a function's, the script's)."""
    frame, source = next(iter(user_frames(diagnosis, workspace)), (None, None))
    failing = source.statement_at(frame.line) if source is not None else None
    block = source.parents.get(failing) if failing is not None else None
    if not isinstance(block, (cst.IndentedBlock, cst.Module)) or not calls_method(source, [failing], "backward"):
        return None
    return source, failing, block

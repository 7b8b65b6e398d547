"""A collate_fn given to DataLoader calls: the helper function goes in at module level, before
the top-level statement that holds the first call."""

from __future__ import annotations

import libcst as cst

from resolver.rules._source import Source, keyword_arg


def top_statement(source: Source, node: cst.CSTNode) -> cst.CSTNode | None:
    while node is not None and not isinstance(source.parents.get(node), cst.Module):
        node = source.parents.get(node)
    return node


def with_collate(source: Source, calls: list[cst.Call], helper: str) -> str | None:
    """The file with `helper` (one function's source) before the first call's top-level statement
    and each call given `collate_fn=` that function."""
    function = cst.parse_module(helper).body[0]
    top = top_statement(source, calls[0])
    if top is None or not isinstance(function, cst.FunctionDef):
        return None
    given = {call: call.with_changes(args=[*call.args, keyword_arg("collate_fn", function.name.value)]) for call in calls}

    class Give(cst.CSTTransformer):
        def leave_Call(self, original, updated):
            return given[original] if original in given else updated

        def leave_Module(self, original, updated):
            body = list(updated.body)
            at = list(original.body).index(top)
            blank = [cst.EmptyLine(), cst.EmptyLine()]
            placed = function.with_changes(leading_lines=blank if at else [])
            body[at] = body[at].with_changes(leading_lines=[*blank, *(line for line in body[at].leading_lines if line.comment)])
            return updated.with_changes(body=[*body[:at], placed, *body[at:]])

    return source.module.visit(Give()).code

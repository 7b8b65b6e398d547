"""A collate_fn given to DataLoader calls: the helper function goes in at module level, before
the top-level statement that holds the first call."""

from __future__ import annotations

import libcst as cst

from resolver.fix.rules._source import Source, keyword_arg

DATA_LOADER = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})


def top_statement(source: Source, node: cst.CSTNode) -> cst.CSTNode | None:
    while node is not None and not isinstance(source.parents.get(node), cst.Module):
        node = source.parents.get(node)
    return node


def _others_beside(source: Source, call: cst.Call) -> list[cst.Call]:
    """The other DataLoader calls built in the same function as this one (or at module level)."""
    scope = source.function_of(call) or source.module
    return [c for c in source.nodes(cst.Call) if c is not call and source.calls(c, DATA_LOADER)
            and (source.function_of(c) or source.module) is scope]


def loaders_beside(source: Source, call: cst.Call) -> list[cst.Call]:
    """The loader call and the DataLoader calls built beside it that choose no collate_fn or
    batch_sampler of their own: a train loader's validation twin holds the same kind of samples."""
    free = {id(c) for c in _others_beside(source, call)
            if not any(a.keyword and a.keyword.value in ("collate_fn", "batch_sampler") for a in c.args)}
    return [c for c in source.nodes(cst.Call) if c is call or id(c) in free]


def collate_beside(source: Source, call: cst.Call) -> str | None:
    """The one collate_fn the DataLoaders built beside this one already pass (a validation loader
    given the project's own padding collate, its training twin left without)."""
    given = {source.code(a.value) for c in _others_beside(source, call)
             for a in c.args if a.keyword is not None and a.keyword.value == "collate_fn"}
    return given.pop() if len(given) == 1 else None


def also_beside(calls: list[cst.Call]) -> str:
    """How a reason names the loaders given the collate besides the one that failed."""
    others = len(calls) - 1
    if not others:
        return ""
    return (" (and to the other DataLoader built beside it)" if others == 1
            else f" (and to the {others} other DataLoaders built beside it)")


def with_collate(source: Source, calls: list[cst.Call], helper: str) -> str | None:
    """The file with `helper` (one function's source) before the first call's top-level statement
    (unless the file defines it at module level already) and each call given `collate_fn=` that
    function."""
    function = cst.parse_module(helper).body[0]
    top = top_statement(source, calls[0])
    if top is None or not isinstance(function, cst.FunctionDef):
        return None
    defined = any(isinstance(s, cst.FunctionDef) and s.name.value == function.name.value for s in source.module.body)
    given = {call: call.with_changes(args=[*call.args, keyword_arg("collate_fn", function.name.value)])
             for call in calls}

    class Give(cst.CSTTransformer):
        def leave_Call(self, original, updated):
            return given[original] if original in given else updated

        def leave_Module(self, original, updated):
            if defined:
                return updated
            body = list(updated.body)
            at = list(original.body).index(top)
            blank = [cst.EmptyLine(), cst.EmptyLine()]
            placed = function.with_changes(leading_lines=blank if at else [])
            kept = [*blank, *(line for line in body[at].leading_lines if line.comment)]
            body[at] = body[at].with_changes(leading_lines=kept)
            return updated.with_changes(body=[*body[:at], placed, *body[at:]])

    return source.module.visit(Give()).code

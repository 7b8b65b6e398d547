"""A collate_fn given to DataLoader calls: the helper function goes in at module level, before
the top-level statement that holds the first call."""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from resolver.fix.rules._dataset import descendants
from resolver.fix.rules._source import Source, keyword_arg, project_sources
from resolver.write.edits import Workspace

DATA_LOADER = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
NOT_FOR_TRAINING = re.compile(r"(^|_)(test|eval|val|valid|validation|infer|inference|predict)(_|$)")


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


def collate_unused(workspace: Workspace, source: Source, call: cst.Call) -> str | None:
    """The one collate function the file imports or defines at module level, above the loader, and
    never uses (`from data import detection_collate`, no loader given it): the author's own batching,
    left out of a loader. It must be a project function of one parameter that returns the batch (not
    a class, nor a factory returning a function, nor one named for test, validation or inference)."""
    above = [s for s in source.module.body if source.line_of(s) < source.line_of(call)]
    named = {(a.asname.name.value if a.asname else a.name.value): a.name.value
             for line in above if isinstance(line, cst.SimpleStatementLine)
             for i in line.body if isinstance(i, cst.ImportFrom) and not isinstance(i.names, cst.ImportStar)
             for a in i.names if isinstance(a.name, cst.Name)}
    named |= {f.name.value: f.name.value for f in above if isinstance(f, cst.FunctionDef)}
    unused = [(name, original) for name, original in named.items()
              if "collate" in name.lower() and not NOT_FOR_TRAINING.search(name.lower()) and not [
                  n for n in source.nodes(cst.Name, lambda n: n.value == name)
                  if not isinstance(source.parents.get(n), (cst.ImportAlias, cst.AsName, cst.FunctionDef))]]
    if len(unused) != 1:
        return None
    name, original = unused[0]
    defined = [f for s in project_sources(workspace) for f in s.module.body
               if isinstance(f, cst.FunctionDef) and f.name.value == original]
    return name if len(defined) == 1 and _batches(defined[0]) else None


def _batches(function: cst.FunctionDef) -> bool:
    """A collate: one parameter (the samples), and no function made inside it (a factory returns one)."""
    params = function.params
    return len(params.params) == 1 and not isinstance(params.star_arg, cst.Param) and not params.kwonly_params \
        and not any(isinstance(n, (cst.FunctionDef, cst.Lambda)) for n in descendants(function.body))


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


PADDING_NAME = re.compile(r"^(PAD|PAD_ID|PAD_IDX|PAD_INDEX|PAD_TOKEN_ID|PAD_TOKEN_IDX|PADDING_IDX|PADDING_ID)$",
                          re.IGNORECASE)


@dataclass(frozen=True)
class Padding:
    """The project's padding id: the name the collate pads token ids with."""

    name: str
    where: str  # "vocab.py", for the report
    imported: str  # the import the loader's file needs for it, or ""


def padding_id(workspace: Workspace, loader_file: Source) -> Padding | None:
    """The one module-level integer constant the project names as its padding id (`PAD_ID = 1`,
    `PAD_IDX = 0`): the model finds lengths and masks by it, so the collate pads ids with it too."""
    found = []
    for source in project_sources(workspace):
        for statement in source.module.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Integer) \
                        and PADDING_NAME.match(small.targets[0].target.value):
                    found.append((source, small.targets[0].target.value, int(small.value.value)))
    if len({(name, value) for _, name, value in found}) != 1:
        return None
    source, name, _ = found[0]
    here = source.path == loader_file.path or _imports(loader_file, name)
    if here:
        return Padding(name, source.path.name, "")
    try:
        module = ".".join(source.path.relative_to(workspace.project).with_suffix("").parts)
    except ValueError:
        return None
    return Padding(name, source.path.name, f"from {module} import {name}")


def _imports(source: Source, name: str) -> bool:
    return any(isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar)
               and any((a.asname.name.value if a.asname else source.code(a.name)) == name for a in node.names)
               for node in source.nodes(cst.ImportFrom))


def with_import(text: str, line: str) -> str:
    """The file with `from m import name` added to its import from `m` (when it has one, not
    starred), else as a line after its last top-level import."""
    module = cst.parse_module(text)
    wanted = cst.ensure_type(cst.parse_statement(line).body[0], cst.ImportFrom)
    body = list(module.body)
    for i, statement in enumerate(body):
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
        if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar) \
                and small.module is not None and small.relative == () \
                and module.code_for_node(small.module) == module.code_for_node(wanted.module):
            names = [n.with_changes(comma=cst.MaybeSentinel.DEFAULT) for n in small.names]
            merged = sorted([*names, *wanted.names], key=lambda a: module.code_for_node(a.name))
            body[i] = statement.with_changes(body=[small.with_changes(names=merged, lpar=None, rpar=None)])
            return module.with_changes(body=body).code
    last = max((i for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine)
                and any(isinstance(small, (cst.Import, cst.ImportFrom)) for small in s.body)), default=-1)
    body.insert(last + 1, cst.parse_statement(line + "\n"))
    return module.with_changes(body=body).code

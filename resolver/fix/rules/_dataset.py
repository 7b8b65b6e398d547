"""Helpers the data rules share: a Dataset's `__getitem__`, the nodes under a node, a module's
names."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ScopeProvider

from resolver.fix.rules._project import methods
from resolver.fix.rules._source import Source
from resolver.write.edits import Workspace


def getitem_of(workspace: Workspace, loader) -> tuple[Source | None, cst.FunctionDef | None]:
    """The `__getitem__` of the loader's Dataset class, in the file that defines it."""
    if loader.dataset_file is None:
        return None, None
    source = Source.parse(workspace, loader.dataset_file)
    name = (loader.dataset_class or "").rsplit(".", 1)[-1]
    classes = source.nodes(cst.ClassDef, lambda c: c.name.value == name) if source else []
    return source, methods(classes[0]).get("__getitem__") if len(classes) == 1 else None


def descendants(node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    class Collect(cst.CSTVisitor):
        def on_visit(self, child):
            found.append(child)
            return True

    node.visit(Collect())
    return found


def module_names(source: Source) -> set[str]:
    scopes = source.wrapper.resolve(ScopeProvider)
    return {a.name for a in scopes[source.module].assignments}

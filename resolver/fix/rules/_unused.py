"""What DDP's unused-parameter error says about the code: each part of the model that got no
gradient, found as the attribute its owner class assigns in `__init__`, and every other place
in the project that reads that attribute (a call under a condition: skipped by design; none:
built but never wired in)."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from resolver.diagnose.diagnosis import UnusedPart
from resolver.fix.rules._project import methods
from resolver.fix.rules._source import Source, project_sources
from resolver.write.edits import Workspace


@dataclass(frozen=True)
class Owner:
    """The class that owns an unused part, parsed, with its `self.<attribute> = ...` in `__init__`."""

    source: Source
    node: cst.ClassDef
    assignment: cst.Assign


def owner_of(part: UnusedPart, workspace: Workspace) -> Owner | None:
    if part.file is None:
        return None
    source = Source.parse(workspace, part.file)
    if source is None:
        return None
    for node in source.nodes(cst.ClassDef, lambda c: c.name.value == part.owner):
        init = methods(node).get("__init__")
        for assign in source.nodes(cst.Assign, lambda a: init is not None and source.within(a, init)):
            if any(self_attribute(t.target) == part.attribute for t in assign.targets):
                return Owner(source, node, assign)
    return None


def self_attribute(node: cst.CSTNode) -> str | None:
    """`x` of `self.x`."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        return node.attr.value
    return None


def readers(attribute: str, owner: Owner, workspace: Workspace) -> list[tuple[Source, cst.Attribute]]:
    """Every `<anything>.attribute` in the project other than the owner's assignment of it: a
    getattr by string is not seen, so a rule that needs 'never read' also checks the name's text."""
    found = []
    for source in project_sources(workspace):
        if attribute not in source.text:
            continue
        for node in source.nodes(cst.Attribute, lambda a: a.attr.value == attribute):
            if source.path == owner.source.path and any(t.target is node for t in owner.assignment.targets):
                continue
            found.append((source, node))
    return found


def mentioned_as_text(attribute: str, workspace: Workspace) -> bool:
    """The name in a string (`getattr(self, "proj")`, a config key): it may be read there."""
    for source in project_sources(workspace):
        for string in source.nodes(cst.SimpleString, lambda s: attribute in s.value):
            if string.evaluated_value == attribute:
                return True
    return False

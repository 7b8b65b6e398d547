"""libcst helpers for rules that rewrite code at the line that failed: find the nodes there,
swap one for another, keep every other byte of the file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import libcst as cst
from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider

from resolver.diagnosis import Diagnosis, Frame, Site
from resolver.edits import Change, Edit, Workspace


@dataclass
class Source:
    """One file parsed with positions and parents."""

    path: Path
    text: str
    wrapper: MetadataWrapper

    @classmethod
    def parse(cls, workspace: Workspace, path: Path) -> Source | None:
        if not workspace.is_editable(path) or not path.exists():
            return None
        text = workspace.text(path)
        try:
            return cls(path.resolve(), text, MetadataWrapper(cst.parse_module(text)))
        except cst.ParserSyntaxError:
            return None

    @property
    def module(self) -> cst.Module:
        return self.wrapper.module

    def positions(self):
        return self.wrapper.resolve(PositionProvider)

    def parents(self):
        return self.wrapper.resolve(ParentNodeProvider)

    def line_of(self, node: cst.CSTNode) -> int:
        return self.positions()[node].start.line

    def code(self, node: cst.CSTNode) -> str:
        return " ".join(self.module.code_for_node(node).split())

    def nodes(self, kind: type, where: Callable[[cst.CSTNode], bool] = lambda n: True) -> list:
        return [n for n in self.positions() if isinstance(n, kind) and where(n)]

    def on_line(self, kind: type, line: int) -> list:
        """Nodes of `kind` inside the statement that holds `line`, outermost first."""
        positions = self.positions()
        statement = self.statement_at(line)
        if statement is None:
            return []
        span = positions[statement]
        found = [n for n, p in positions.items() if isinstance(n, kind)
                 and span.start.line <= p.start.line and p.end.line <= span.end.line]
        return sorted(found, key=lambda n: (positions[n].start.line, positions[n].start.column))

    def call_at(self, site: Site) -> cst.Call | None:
        """The call expression that starts where the probe saw something being constructed."""
        from resolver.callsite import site_column

        column = site_column(self.text, site)
        found = [n for n, p in self.positions().items() if isinstance(n, cst.Call) and p.start.line == site.line
                 and (column is None or p.start.column == column)]
        return found[0] if len(found) == 1 else None

    def statement_at(self, line: int) -> cst.CSTNode | None:
        """The innermost simple statement (or compound statement header) covering `line`."""
        best = None
        for node, where in self.positions().items():
            if isinstance(node, (cst.SimpleStatementLine, cst.BaseCompoundStatement)) and where.start.line <= line <= where.end.line:
                if isinstance(node, cst.BaseCompoundStatement) and line > where.start.line:
                    continue  # the line is in its body: a deeper statement covers it
                if best is None or where.start.line >= self.positions()[best].start.line:
                    best = node
        return best

    def enclosing(self, node: cst.CSTNode, kind: type) -> cst.CSTNode | None:
        parents = self.parents()
        while node in parents:
            node = parents[node]
            if isinstance(node, kind):
                return node
        return None

    def replaced(self, old: cst.CSTNode, new: cst.CSTNode | cst.FlattenSentinel | cst.RemovalSentinel) -> str:
        return self.module.deep_replace(old, new).code

    def edit(self, new_text: str, line: int, reason: str) -> Edit:
        return Edit((Change(self.path, self.text, new_text),), line, reason)

    def torch_name(self) -> str | None:
        """How this file spells the torch module (`torch`, or an alias), if it imports it."""
        for node in self.nodes(cst.Import):
            for alias in node.names:
                if self.module.code_for_node(alias.name) == "torch":
                    return alias.asname.name.value if alias.asname else "torch"
        return None


def user_frames(diagnosis: Diagnosis, workspace: Workspace) -> Iterator[tuple[Frame, Source]]:
    """The user's frames the project may edit, innermost first, each with its parsed file."""
    for frame in reversed(diagnosis.frames):
        if frame.user:
            source = Source.parse(workspace, frame.file)
            if source is not None:
                yield frame, source


def method_call(node: cst.CSTNode, *names: str) -> bool:
    """`x.name(...)` for one of the names."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in names


def wrap(expression: str, suffix: str) -> cst.BaseExpression:
    """`expr` + `.suffix`, parenthesized when needed (`a + b` -> `(a + b).float()`)."""
    node = cst.parse_expression(expression)
    simple = isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript))
    return cst.parse_expression(f"{expression if simple else f'({expression})'}{suffix}")


def keyword_arg(name: str, value: str) -> cst.Arg:
    """`name=value`, spelled the way PEP 8 spells keyword arguments."""
    no_space = cst.SimpleWhitespace("")
    return cst.Arg(cst.parse_expression(value), keyword=cst.Name(name),
                   equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space))

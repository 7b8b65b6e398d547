"""Find, in source text, the call expression the probe saw construct a module, and rewrite one
of its arguments with libcst, leaving every other byte of the file as it was."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, QualifiedNameProvider

from resolver.diagnosis import Site
from resolver.edits import Change, Edit
from resolver.retarget import Rewrite, evaluate, rewrites


@dataclass(frozen=True)
class CallSite:
    module: cst.Module
    call: cst.Call
    qualified_names: frozenset[str]
    line: int

    def argument(self, index: int, keyword: str) -> cst.Arg | None:
        """The argument bound to parameter `keyword`, given positionally at `index` or by name."""
        positional = [a for a in self.call.args if a.keyword is None and not a.star]
        for arg in self.call.args:
            if arg.keyword is not None and arg.keyword.value == keyword:
                return arg
        if any(a.star for a in self.call.args[: index + 1]):
            return None  # *args in front: which value lands at `index` is not visible in the text
        return positional[index] if index < len(positional) else None

    def code(self, node: cst.CSTNode | None = None) -> str:
        return self.module.code_for_node(node if node is not None else self.call)

    def short(self, node: cst.CSTNode | None = None) -> str:
        """The node's code on one line, for a report."""
        return " ".join(self.code(node).split())

    def with_argument(self, arg: cst.Arg, new_value: str) -> tuple[str, str]:
        """(new file text, new call text) with `arg`'s value replaced by the expression."""
        new_arg = arg.with_changes(value=cst.parse_expression(new_value))
        new_call = self.call.deep_replace(arg, new_arg)
        return self.module.deep_replace(self.call, new_call).code, " ".join(
            self.module.code_for_node(new_call).split())

    def is_one_of(self, names: set[str]) -> bool:
        """Whether the callee is one of the qualified `names`. The probe saw this very call build
        such a module, so where imports can't be followed (`nn = torch.nn`) the last name is
        enough."""
        if self.qualified_names & names:
            return True
        func = self.call.func
        last = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
        return last in {n.rsplit(".", 1)[-1] for n in names}


class _CallsAt(cst.CSTVisitor):
    METADATA_DEPENDENCIES = (PositionProvider, QualifiedNameProvider)

    def __init__(self, line: int, column: int | None):
        super().__init__()
        self.line, self.column, self.found = line, column, []

    def visit_Call(self, node: cst.Call) -> None:
        start = self.get_metadata(PositionProvider, node).start
        if start.line == self.line and (self.column is None or start.column == self.column):
            names = self.get_metadata(QualifiedNameProvider, node.func, set())
            self.found.append((node, frozenset(q.name for q in names), start.line))


def site_column(text: str, site: Site) -> int | None:
    """The site's column in characters (Python records UTF-8 bytes); None when unknown (Python
    3.10), -1 when the line is not in the text."""
    if site.col is None:
        return None
    lines = text.splitlines()
    if site.line > len(lines):
        return -1
    return len(lines[site.line - 1].encode("utf-8")[: site.col].decode("utf-8", errors="ignore"))


def find_call(text: str, site: Site) -> CallSite | None:
    """The call expression that starts where the probe saw the module being constructed.
    Python reports columns in UTF-8 bytes, libcst in characters."""
    try:
        wrapper = MetadataWrapper(cst.parse_module(text))
    except cst.ParserSyntaxError:
        return None
    column = site_column(text, site)
    if column == -1:
        return None
    visitor = _CallsAt(site.line, column)
    wrapper.visit(visitor)
    if len(visitor.found) != 1:
        return None  # without a column, two calls on one line are ambiguous: do nothing
    return CallSite(wrapper.module, *visitor.found[0])


@dataclass(frozen=True)
class ArgumentSource:
    """Where the value of one constructor argument is written in the user's source."""

    file: Path
    text: str
    call: CallSite
    arg: cst.Arg
    scope: dict[str, int]
    shared: bool  # the same text builds differently configured modules: a change hits them all

    def rewrite(self, new_value: str) -> tuple[str, str]:
        return self.call.with_argument(self.arg, new_value)


def retarget_argument(workspace, site: Site, constructors: set[str], index: int, keyword: str,
                      declared: int, needed: int) -> Iterator[tuple[ArgumentSource, Rewrite]]:
    """Ways to make a constructor argument (`keyword`, or positional `index`) come out as
    `needed` instead of `declared`, safest first: a rewrite at the construction site that keeps
    its names; then, when the value is a bare parameter of the helper or class the module is
    built in, the caller's argument; last, a literal at the construction site. An expression
    that builds differently configured modules (a loop, a helper called with other sizes) is
    only changed through its caller."""
    here = _argument_at(workspace, site, constructors, index, keyword)
    if here is None:
        return
    caller = None
    if isinstance(here.arg.value, cst.Name) and site.callers:
        caller = _caller_argument(workspace, site, here.arg.value.value)
    local = _rewrites(here, declared, needed)
    yield from ((here, r) for r in local if r.kept_names)
    if caller is not None:
        yield from ((caller, r) for r in _rewrites(caller, declared, needed))
    yield from ((here, r) for r in local if not r.kept_names)


def _rewrites(source: ArgumentSource, declared: int, needed: int) -> list[Rewrite]:
    if source.shared:
        return []
    code = source.call.code(source.arg.value)
    names_known = evaluate(code, source.scope) == declared
    return rewrites(code, source.scope if names_known else {}, needed)


def _argument_at(workspace, site: Site, constructors: set[str], index: int, keyword: str) -> ArgumentSource | None:
    if not workspace.is_editable(site.file):
        return None
    text = workspace.text(site.file)
    call = find_call(text, site)
    if call is None or not call.is_one_of(constructors):
        return None
    arg = call.argument(index, keyword)
    if arg is None:
        return None
    return ArgumentSource(site.file, text, call, arg, site.scope, site.variants > 1)


def _caller_argument(workspace, site: Site, parameter: str) -> ArgumentSource | None:
    caller = site.callers[0]
    function = _enclosing_function(workspace.text(site.file), site.function, site.line)
    if function is None or not workspace.is_editable(caller.file):
        return None
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    keyword_only = [p.name.value for p in function.params.kwonly_params]
    if parameter not in params and parameter not in keyword_only:
        return None
    text = workspace.text(caller.file)
    call = find_call(text, caller)
    if call is None:
        return None
    callee = call.call.func
    callee_name = callee.attr.value if isinstance(callee, cst.Attribute) else getattr(callee, "value", "")
    if site.function != "__init__" and callee_name != site.function:
        return None
    if parameter in params:
        index = params.index(parameter) - (1 if params and params[0] in ("self", "cls") else 0)
        arg = call.argument(index, parameter) if index >= 0 else None
    else:
        arg = call.argument(10**6, parameter)
    if arg is None:
        return None
    return ArgumentSource(caller.file, text, call, arg, caller.scope, caller.variants > 1)


def _enclosing_function(text: str, name: str, line: int) -> cst.FunctionDef | None:
    wrapper = MetadataWrapper(cst.parse_module(text))
    positions = wrapper.resolve(PositionProvider)
    best = None
    for node, where in positions.items():
        if isinstance(node, cst.FunctionDef) and node.name.value == name and where.start.line <= line <= where.end.line:
            if best is None or where.start.line > positions[best].start.line:
                best = node
    return best


def fix_argument(workspace, layer, constructors: set[str], index: int, keyword: str, needed: int,
                 why: str) -> Iterator[Edit]:
    """Edits that make `layer`'s constructor argument `keyword` come out as `needed`."""
    declared = layer.attributes[keyword]
    for source, rewrite in retarget_argument(workspace, layer.site, constructors, index, keyword, declared, needed):
        new_text, new_call = source.rewrite(rewrite.code)
        reason = f"Changed {source.call.short()} to {new_call} {why}"
        if not rewrite.kept_names:
            reason += f"; no expression of `{source.call.short(source.arg.value)}` gives {needed}, so the literal was written"
        yield Edit((Change(source.file, source.text, new_text),), source.call.line, reason)
